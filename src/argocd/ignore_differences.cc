#include "argocd/ignore_differences.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "argocd/argocd_settings.h"
#include "base/strings.h"

namespace driftlint {

std::vector<std::string> parse_json_pointer(const std::string& pointer) {
  std::vector<std::string> out;
  if (pointer.empty() || pointer[0] != '/') return out;
  std::string current;
  for (size_t i = 1; i <= pointer.size(); ++i) {
    if (i == pointer.size() || pointer[i] == '/') {
      out.push_back(current);
      current.clear();
    } else if (pointer[i] == '~' && i + 1 < pointer.size() && (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
      current += pointer[i + 1] == '0' ? '~' : '/';
      ++i;
    } else {
      current += pointer[i];
    }
  }
  return out;
}

namespace {

// Simple jq paths: .a.b, .a["b/c"], .a[], .a[0], .a[] | select(.name == "x"),
// and a trailing .field after a select. nullopt for anything else.
template <class Step>
std::optional<std::vector<Step>> parse_simple_jq(const std::string& expression) {
  std::vector<Step> steps;
  std::string e(trim(expression));
  size_t i = 0;
  auto skip_space = [&] {
    while (i < e.size() && e[i] == ' ') ++i;
  };
  while (i < e.size()) {
    skip_space();
    if (i >= e.size()) break;
    if (e[i] == '.') {
      ++i;
      if (i < e.size() && e[i] == '[') continue;
      size_t start = i;
      while (i < e.size() && (std::isalnum(static_cast<unsigned char>(e[i])) || e[i] == '_' || e[i] == '-')) ++i;
      if (i == start) {
        if (i >= e.size()) break;  // "." alone
        return std::nullopt;
      }
      steps.push_back({e.substr(start, i - start), {}});
    } else if (e[i] == '[') {
      size_t close = e.find(']', i);
      if (close == std::string::npos) return std::nullopt;
      std::string inside(trim(std::string_view(e).substr(i + 1, close - i - 1)));
      i = close + 1;
      if (inside.empty()) {
        steps.push_back({"*", {}});
      } else if (inside.front() == '"' && inside.back() == '"' && inside.size() >= 2) {
        steps.push_back({inside.substr(1, inside.size() - 2), {}});
      } else if (std::all_of(inside.begin(), inside.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        steps.push_back({inside, {}});
      } else {
        return std::nullopt;
      }
    } else if (e[i] == '|') {
      ++i;
      skip_space();
      // select(.name == "x") narrows the last `[]` step to that element.
      const std::string prefix = "select(.name";
      if (e.compare(i, prefix.size(), prefix) != 0 || steps.empty() || steps.back().key != "*") return std::nullopt;
      i += prefix.size();
      skip_space();
      if (e.compare(i, 2, "==") != 0) return std::nullopt;
      i += 2;
      skip_space();
      if (i >= e.size() || e[i] != '"') return std::nullopt;
      size_t end = e.find('"', i + 1);
      if (end == std::string::npos) return std::nullopt;
      steps.back().name = e.substr(i + 1, end - i - 1);
      i = end + 1;
      skip_space();
      if (i >= e.size() || e[i] != ')') return std::nullopt;
      ++i;
    } else {
      return std::nullopt;
    }
  }
  return steps;
}

}  // namespace

IgnoreMatcher::IgnoreMatcher(const std::vector<IgnoreDifference>& entries, const ObjectIdentity& id) { add(entries, id); }

IgnoreMatcher::IgnoreMatcher(const std::vector<IgnoreDifference>& app_entries,
                             const std::vector<IgnoreDifference>& system_entries, const ObjectIdentity& id) {
  add(app_entries, id);
  add(system_entries, id);
}

void IgnoreMatcher::add(const std::vector<IgnoreDifference>& entries, const ObjectIdentity& id) {
  for (const IgnoreDifference& d : entries) {
    // Group and kind are globs (glob.Match in Argo CD's normalizer).
    if (!argocd_glob_match(d.kind, id.kind) || !argocd_glob_match(d.group, id.group)) continue;
    if (!d.name.empty() && d.name != id.name) continue;
    if (!d.ns.empty() && d.ns != id.ns) continue;
    for (const std::string& pointer : d.json_pointers) {
      std::vector<Step> steps;
      for (std::string& key : parse_json_pointer(pointer)) steps.push_back({std::move(key), {}});
      patterns_.push_back(std::move(steps));
    }
    for (const std::string& jq : d.jq_path_expressions) {
      if (auto steps = parse_simple_jq<Step>(jq)) {
        patterns_.push_back(std::move(*steps));
      } else {
        unjudged_.push_back("jqPathExpressions " + quote_for_message(jq));
      }
    }
    for (const std::string& manager : d.managed_fields_managers) {
      unjudged_.push_back("managedFieldsManagers " + quote_for_message(manager));
    }
  }
}

bool IgnoreMatcher::ignored(const FieldPath& path) const {
  for (const std::vector<Step>& pattern : patterns_) {
    if (pattern.size() > path.size()) continue;
    bool match = true;
    for (size_t i = 0; i < pattern.size() && match; ++i) {
      const Step& p = pattern[i];
      const PathStep& s = path[i];
      if (p.key == "*") {
        match = p.name.empty() || p.name == s.name;
      } else {
        match = p.key == s.key;
      }
    }
    if (match) return true;
  }
  return false;
}

}  // namespace driftlint
