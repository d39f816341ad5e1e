#include "lint/suppressions.h"

#include <algorithm>

#include "base/glob.h"
#include "base/strings.h"

namespace driftlint {

std::string Suppression::describe() const {
  switch (form) {
    case Form::Comment:
      return whole_file ? "driftlint:ignore-file comment" : "driftlint:ignore comment";
    case Form::Annotation:
      return std::string(kIgnoreAnnotation) + " annotation";
    case Form::Config:
      return "ignore entry at " + origin;
  }
  return "";
}

SuppressionIndex::SuppressionIndex(const LoadResult& load, const Config& config) : load_(load) {
  for (uint32_t f = 0; f < load.files.size(); ++f) {
    for (const IgnoreDirective& d : load.files[f].directives) {
      Suppression s;
      s.form = Suppression::Form::Comment;
      s.rules = d.rules;
      s.reason = d.reason;
      s.file = f;
      s.line = d.line;
      s.column = d.column;
      s.from_line = d.from_line;
      s.to_line = d.to_line;
      s.whole_file = d.scope == IgnoreDirective::Scope::File;
      suppressions_.push_back(std::move(s));
    }
  }
  const yaml::Tree* tree = nullptr;
  bool tree_has_key = false;
  for (const Manifest& m : load.manifests) {
    if (m.root.tree() != tree) {
      tree = m.root.tree();
      tree_has_key = tree && tree->may_hold(kIgnoreAnnotation);
    }
    if (!tree_has_key) continue;
    yaml::Node annotations = m.root.path({"metadata", "annotations"});
    yaml::Node value = annotations.get(kIgnoreAnnotation);
    if (!value.valid()) continue;
    Suppression s;
    s.form = Suppression::Form::Annotation;
    parse_ignore_spec(value.text(), s.rules, s.reason);
    if (auto reason = annotations.get(kIgnoreReasonAnnotation).as_string(); reason && s.reason.empty()) {
      s.reason = std::string(*reason);
    }
    s.file = m.file;
    yaml::Node key = annotations.key_node(kIgnoreAnnotation);
    s.line = key.position().line;
    s.column = key.position().column;
    s.object = &m;
    suppressions_.push_back(std::move(s));
  }
  for (const IgnoreEntry& e : config.ignores) {
    Suppression s;
    s.form = Suppression::Form::Config;
    if (!e.rule.empty()) s.rules = {e.rule};
    s.reason = e.reason;
    s.origin = e.origin;
    s.config = &e;
    suppressions_.push_back(std::move(s));
  }
}

bool SuppressionIndex::covers(const Suppression& s, const Finding& f) const {
  bool rule_ok = s.rules.empty() || std::find(s.rules.begin(), s.rules.end(), f.rule) != s.rules.end() ||
                 std::find(s.rules.begin(), s.rules.end(), "*") != s.rules.end();
  if (!rule_ok) return false;
  if (s.form == Suppression::Form::Config) {
    const IgnoreEntry& ignore = *s.config;
    if (!ignore.path_glob.empty()) {
      if (!f.path) return false;
      bool matched = glob_match(ignore.path_glob, *f.path) || (f.repo && glob_match(ignore.path_glob, *f.repo + "/" + *f.path));
      if (!matched) return false;
    }
    if (!ignore.object_kind.empty() || !ignore.object_ns.empty() || !ignore.object_name.empty()) {
      if (!f.object) return false;
      if (!ignore.object_kind.empty() && ignore.object_kind != f.object->kind) return false;
      if (!ignore.object_ns.empty() && !glob_match(ignore.object_ns, f.object->ns)) return false;
      if (!ignore.object_name.empty() && !glob_match(ignore.object_name, f.object->name)) return false;
    }
    return true;
  }
  // In a file: the finding must be in that file.
  const LoadedFile& file = load_.files[*s.file];
  if (!f.path || *f.path != file.path || !f.repo || *f.repo != load_.repo_name(file.repo)) return false;
  if (s.form == Suppression::Form::Comment) return f.line >= s.from_line && f.line <= s.to_line;
  // The annotated object: findings located inside it.
  return f.line > 0 && load_.manifest_containing(*s.file, {f.line, f.column}) == s.object;
}

void SuppressionIndex::apply(Finding& f) {
  for (Suppression& s : suppressions_) {
    if (!covers(s, f)) continue;
    ++s.used;
    f.suppressed = true;
    f.suppression_kind = s.in_source() ? "inSource" : "external";
    f.suppression = s.reason.empty() ? "suppressed by " + s.describe() + " (no reason given)"
                                     : s.reason + " (" + s.describe() + ")";
    return;
  }
}

std::string suppression_key(const LoadResult& load, const Suppression& s) {
  const LoadedFile& file = load.files[*s.file];
  std::vector<std::string> rules = s.rules;
  std::sort(rules.begin(), rules.end());
  return load.repo_name(file.repo) + "\n" + file.path + "\n" + s.describe() + "\n" + join(rules, ",") + "\n" + s.reason;
}

std::map<std::string, size_t> SuppressionIndex::in_source_by_key() const {
  std::map<std::string, size_t> out;
  for (const Suppression& s : suppressions_) {
    if (s.in_source()) ++out[suppression_key(load_, s)];
  }
  return out;
}

}  // namespace driftlint
