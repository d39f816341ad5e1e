#include "lint/merge_findings.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>

#include "base/strings.h"

namespace driftlint {

namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.size() < 2) return;  // a one-letter name would match inside other words
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// The message with the object's own name and namespace taken out, and the
// earlier setter ("(via base/x.yaml:3)", which differs per base).
std::string problem_of(const Finding& f) {
  std::string text = f.message;
  if (size_t via = text.rfind(" (via "); via != std::string::npos && text.back() == ')') text.resize(via);
  if (f.object) {
    replace_all(text, f.object->name, "\x01");
    replace_all(text, f.object->ns, "\x02");
  }
  return text;
}

// Repo, path, kind, line, column and problem, each preceded by its length:
// equal keys are equal fields. Hashed, not ordered: a rule can make 14,000
// findings (not-deployed, one per file), each looked up once.
std::string key_of(const Finding& f) {
  std::string key;
  auto add = [&](std::string_view field) {
    key += std::to_string(field.size());
    key += ':';
    key += field;
  };
  add(f.repo ? std::string_view(*f.repo) : "");
  add(f.path ? std::string_view(*f.path) : "");
  add(f.object ? std::string_view(f.object->kind) : "");
  add(std::to_string(f.line) + ":" + std::to_string(f.column));
  add(problem_of(f));
  return key;
}

std::string object_name(const Finding& f) {
  if (!f.object) return {};
  return f.object->ns.empty() ? f.object->name : f.object->ns + "/" + f.object->name;
}

void merge_into(Finding& first, const std::vector<const Finding*>& others) {
  for (const Finding* o : others) {
    for (const std::string& app : o->apps) {
      if (std::find(first.apps.begin(), first.apps.end(), app) == first.apps.end()) first.apps.push_back(app);
    }
  }
  std::sort(first.apps.begin(), first.apps.end());
  if (first.apps.size() > 1) first.message += " (in apps " + join(first.apps, ", ") + ")";
  // The same object in other namespaces (one base, several overlays) reads better as namespaces.
  bool same_name = first.object && std::all_of(others.begin(), others.end(), [&](const Finding* o) {
    return o->object && o->object->name == first.object->name;
  });
  std::vector<std::string> shown;
  for (const Finding* o : others) {
    std::string what = same_name ? o->object->ns : object_name(*o);
    if (what != (same_name ? first.object->ns : object_name(first)) &&
        std::find(shown.begin(), shown.end(), what) == shown.end()) {
      shown.push_back(what);
    }
  }
  if (shown.empty()) return;
  std::string listed;
  for (size_t i = 0; i < shown.size() && i < 3; ++i) listed += (i ? ", " : "") + shown[i];
  if (shown.size() > 3) listed += ", ... (" + std::to_string(shown.size()) + " in all)";
  first.message += same_name ? " (also in namespace" + std::string(shown.size() == 1 ? " " : "s ") + listed + ")"
                             : " (also " + std::to_string(shown.size()) + " more object" +
                                   (shown.size() == 1 ? "" : "s") + " set here: " + listed + ")";
}

}  // namespace

void merge_findings_at_one_place(std::vector<Finding>& findings) {
  if (findings.size() < 2) return;
  std::unordered_map<std::string, size_t> first_of;
  first_of.reserve(findings.size());
  std::vector<std::vector<const Finding*>> others(findings.size());
  std::vector<bool> keep(findings.size(), true);
  for (size_t i = 0; i < findings.size(); ++i) {
    if (findings[i].line == 0) continue;  // not about a place in a file
    auto [it, inserted] = first_of.emplace(key_of(findings[i]), i);
    if (inserted) continue;
    keep[i] = false;
    others[it->second].push_back(&findings[i]);
  }
  if (std::all_of(keep.begin(), keep.end(), [](bool k) { return k; })) return;  // nothing to merge: no copy
  for (size_t i = 0; i < findings.size(); ++i) {
    if (keep[i] && !others[i].empty()) merge_into(findings[i], others[i]);
  }
  std::vector<Finding> merged;
  merged.reserve(findings.size());
  for (size_t i = 0; i < findings.size(); ++i) {
    if (keep[i]) merged.push_back(std::move(findings[i]));
  }
  findings = std::move(merged);
}

}  // namespace driftlint
