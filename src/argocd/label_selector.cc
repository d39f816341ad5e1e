#include "argocd/label_selector.h"

#include <algorithm>

namespace driftlint {

namespace {

std::string scalar_text(yaml::Node n) { return n.is_scalar() && !n.is_null() ? std::string(n.text()) : ""; }

}  // namespace

Expected<LabelSelector> LabelSelector::parse(yaml::Node selector) {
  LabelSelector out;
  for (auto [key, value] : selector.get("matchLabels").entries()) {
    out.requirements_.push_back({std::string(key.text()), Op::In, {scalar_text(value)}});
  }
  for (yaml::Node e : selector.get("matchExpressions").elements()) {
    Requirement r;
    r.key = scalar_text(e.get("key"));
    std::string op = scalar_text(e.get("operator"));
    for (yaml::Node v : e.get("values").elements()) r.values.push_back(scalar_text(v));
    if (op == "In" || op == "NotIn") {
      r.op = op == "In" ? Op::In : Op::NotIn;
      if (r.values.empty()) return Error{"for 'in', 'notin' operators, values set can't be empty"};
    } else if (op == "Exists" || op == "DoesNotExist") {
      r.op = op == "Exists" ? Op::Exists : Op::DoesNotExist;
      if (!r.values.empty()) return Error{"values set must be empty for exists and does not exist"};
    } else {
      return Error{"\"" + op + "\" is not a valid label selector operator"};
    }
    out.requirements_.push_back(std::move(r));
  }
  return out;
}

bool LabelSelector::matches(const std::map<std::string, std::string>& labels) const {
  return std::all_of(requirements_.begin(), requirements_.end(), [&](const Requirement& r) {
    auto it = labels.find(r.key);
    bool has = it != labels.end();
    bool listed = has && std::find(r.values.begin(), r.values.end(), it->second) != r.values.end();
    switch (r.op) {
      case Op::In: return listed;
      case Op::NotIn: return !listed;
      case Op::Exists: return has;
      case Op::DoesNotExist: return !has;
    }
    return false;
  });
}

std::string LabelSelector::describe() const {
  std::string out;
  for (const Requirement& r : requirements_) {
    if (!out.empty()) out += ", ";
    std::string values;
    for (const std::string& v : r.values) values += (values.empty() ? "" : ", ") + v;
    switch (r.op) {
      case Op::In: out += r.values.size() == 1 ? r.key + ": " + values : r.key + " in (" + values + ")"; break;
      case Op::NotIn: out += r.key + " notin (" + values + ")"; break;
      case Op::Exists: out += r.key; break;
      case Op::DoesNotExist: out += "!" + r.key; break;
    }
  }
  return "{" + out + "}";
}

}  // namespace driftlint
