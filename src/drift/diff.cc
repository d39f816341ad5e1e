#include "drift/diff.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "base/strings.h"
#include "model/quantity.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

bool plain_key(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  }
  return true;
}

// A number as Kubernetes would read it from an int or a numeric string.
std::optional<double> numeric(yaml::Node node) {
  if (auto d = node.as_number()) return d;
  if (!node.is_scalar()) return std::nullopt;
  std::string text(trim(node.text()));
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

bool close_enough(double a, double b) {
  return a == b || std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

bool empty_value(yaml::Node node) {
  return !node.valid() || node.is_null() || ((node.is_map() || node.is_sequence()) && node.size() == 0);
}

// Fields the server or Argo CD write, never drift.
bool builtin_ignored(const FieldPath& path) {
  if (path.size() == 1) return path[0].key == "status";
  if (path.size() == 2 && path[0].key == "metadata") {
    static const std::set<std::string> kServerFields = {
        "uid", "resourceVersion", "generation", "creationTimestamp", "managedFields", "selfLink"};
    return kServerFields.count(path[1].key) > 0;
  }
  if (path.size() == 3 && path[0].key == "metadata") {
    if (path[1].key == "annotations") {
      return path[2].key == "kubectl.kubernetes.io/last-applied-configuration" ||
             path[2].key == "argocd.argoproj.io/tracking-id";
    }
    if (path[1].key == "labels") return path[2].key == "app.kubernetes.io/instance";
  }
  return false;
}

// Lists of maps that all carry a distinct string `name` are matched by name
// (as Kubernetes merges containers, env, volumes, ports); a name used twice
// (Flux's `name: '*'`) makes them positional.
bool keyed_by_name(yaml::Node list) {
  if (!list.is_sequence() || list.size() == 0) return false;
  std::set<std::string_view> names;
  for (yaml::Node e : list.elements()) {
    if (!e.is_map()) return false;
    std::optional<std::string_view> name = e.get("name").as_string();
    if (!name || !names.insert(*name).second) return false;
  }
  return true;
}

class Differ {
 public:
  Differ(const DiffOptions& options, std::vector<FieldDiff>& out) : options_(options), out_(out) {}

  void compare(yaml::Node desired, yaml::Node live, FieldPath& path) {
    if (path.size() > 64) return;
    if (!path.empty() && (builtin_ignored(path) || (options_.ignored && options_.ignored(path)))) return;
    if (options_.secret && path.size() == 1 && (path[0].key == "data" || path[0].key == "stringData")) return;
    if (!live.valid() || live.is_null()) {
      if (!empty_value(desired)) out_.push_back({FieldDiff::Kind::MissingLive, path, desired, live});
      return;
    }
    if (desired.is_map()) return compare_maps(desired, live, path);
    if (desired.is_sequence()) return compare_lists(desired, live, path);
    if (desired.is_null()) return;  // `key:` with no value sets nothing
    if (!live.is_scalar() || !scalars_equal(desired, live)) {
      out_.push_back({FieldDiff::Kind::Changed, path, desired, live});
    }
  }

 private:
  void compare_maps(yaml::Node desired, yaml::Node live, FieldPath& path) {
    if (!live.is_map()) {
      if (!empty_value(desired) || !empty_value(live)) out_.push_back({FieldDiff::Kind::Changed, path, desired, live});
      return;
    }
    // A key written twice counts once, with its last value (as Kubernetes decodes it).
    std::set<std::string_view> seen;
    std::vector<size_t> kept;
    for (size_t i = desired.size(); i-- > 0;) {
      if (seen.insert(desired.key_at(i).text()).second) kept.push_back(i);
    }
    for (auto it = kept.rbegin(); it != kept.rend(); ++it) {
      yaml::Node key = desired.key_at(*it);
      path.push_back({std::string(key.text()), false, {}});
      compare(desired.value_at(*it), live.get(key.text()), path);
      path.pop_back();
    }
    if (options_.live_only_keys) {
      for (auto [key, value] : live.entries()) {
        if (seen.count(key.text())) continue;
        path.push_back({std::string(key.text()), false, {}});
        live_only(value, path);
        path.pop_back();
      }
    }
  }

  void compare_lists(yaml::Node desired, yaml::Node live, FieldPath& path) {
    if (!live.is_sequence()) {
      if (!empty_value(desired) || !empty_value(live)) out_.push_back({FieldDiff::Kind::Changed, path, desired, live});
      return;
    }
    if (keyed_by_name(desired) && keyed_by_name(live)) return compare_keyed_lists(desired, live, path);
    if (desired.size() != live.size()) {
      // Argo CD applies the whole list: a live list of another length is reverted as a whole.
      out_.push_back({FieldDiff::Kind::Changed, path, desired, live});
      return;
    }
    for (size_t i = 0; i < desired.size(); ++i) {
      path.push_back({std::to_string(i), true, {}});
      compare(desired.element(i), live.element(i), path);
      path.pop_back();
    }
  }

  // Lists of named items (containers, env, ports) pair items by name, as a
  // strategic merge does, not by position.
  void compare_keyed_lists(yaml::Node desired, yaml::Node live, FieldPath& path) {
    std::set<std::string_view> names;
    std::map<std::string_view, yaml::Node> live_by_name;  // names are distinct (keyed_by_name)
    for (yaml::Node l : live.elements()) live_by_name.emplace(*l.get("name").as_string(), l);
    for (size_t i = 0; i < desired.size(); ++i) {
      yaml::Node d = desired.element(i);
      std::string_view name = *d.get("name").as_string();
      names.insert(name);
      auto found = live_by_name.find(name);
      yaml::Node match = found == live_by_name.end() ? yaml::Node() : found->second;
      path.push_back({std::to_string(i), true, std::string(name)});
      compare(d, match, path);
      path.pop_back();
    }
    if (options_.live_only_keys) {
      for (size_t i = 0; i < live.size(); ++i) {
        std::string_view name = *live.element(i).get("name").as_string();
        if (names.count(name)) continue;
        path.push_back({std::to_string(i), true, std::string(name)});
        out_.push_back({FieldDiff::Kind::LiveOnly, path, yaml::Node(), live.element(i)});
        path.pop_back();
      }
    }
  }

  // A value only the live object has: maps are walked so that server and
  // Argo CD fields (the tracking annotation, say) stay out.
  void live_only(yaml::Node value, FieldPath& path) {
    if (path.size() > 64 || empty_value(value)) return;
    if (builtin_ignored(path) || (options_.ignored && options_.ignored(path))) return;
    if (value.is_map()) {
      for (auto [key, child] : value.entries()) {
        path.push_back({std::string(key.text()), false, {}});
        live_only(child, path);
        path.pop_back();
      }
      return;
    }
    out_.push_back({FieldDiff::Kind::LiveOnly, path, yaml::Node(), value});
  }

  const DiffOptions& options_;
  std::vector<FieldDiff>& out_;
};

}  // namespace

bool scalars_equal(yaml::Node a, yaml::Node b) {
  if (!a.is_scalar() || !b.is_scalar()) return false;
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  if (a.text() == b.text()) return true;
  std::optional<double> na = numeric(a), nb = numeric(b);
  if (na && nb) return close_enough(*na, *nb);
  std::optional<double> qa = parse_quantity(a.text()), qb = parse_quantity(b.text());
  if (qa && qb) return close_enough(*qa, *qb);
  return false;
}

std::string display_path(const FieldPath& path) {
  std::string out;
  for (const PathStep& step : path) {
    if (step.index) {
      out += step.name.empty() ? "[" + step.key + "]" : "[name=" + step.name + "]";
    } else if (plain_key(step.key)) {
      if (!out.empty()) out += '.';
      out += step.key;
    } else {
      out += "[" + nlohmann::json(step.key).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "]";
    }
  }
  return out.empty() ? "(the whole object)" : out;
}

std::vector<FieldDiff> diff_objects(yaml::Node desired, yaml::Node live, const DiffOptions& options) {
  std::vector<FieldDiff> out;
  FieldPath path;
  Differ(options, out).compare(desired, live, path);
  return out;
}

}  // namespace driftlint
