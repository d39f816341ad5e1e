// Rules written in YAML instead of C++: an id, a severity, a message, a
// match on apiVersion/kind/namespace/name (RE2, full match) and labels, and
// checks on field paths. driftlint ships some in rules/*.rule.yaml (compiled
// in); users add theirs with --rules-dir.
#pragma once

#include <re2/re2.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lint/rule.h"
#include "model/field_path.h"

namespace driftlint {

struct DeclarativeCheck {
  enum class Kind { Pattern, ForbidPattern, Required, Forbidden, Equals, Max, Min, Exists, ForbidKey };
  Kind kind = Kind::Required;
  FieldPathSpec path;
  std::shared_ptr<const RE2> regex;  // Pattern, ForbidPattern, ForbidKey
  std::string text;                  // Equals (as written), Pattern text
  double number = 0;                 // Max, Min (a number or quantity)
  bool flag = true;                  // Required, Forbidden, Exists
};

struct LabelRequirement {
  std::string key;
  std::string op;  // In, NotIn, Exists, DoesNotExist
  std::vector<std::string> values;
};

struct DeclarativeSpec {
  RuleInfo info;
  std::string message;  // {{path}} and {{value}} are filled in
  std::shared_ptr<const RE2> api_version, kind, ns, name;  // null: any
  std::vector<LabelRequirement> labels;
  std::vector<DeclarativeCheck> when;    // all must hold for some value
  std::vector<DeclarativeCheck> checks;  // every value must pass
  std::string file;
};
using DeclarativeSpecs = std::vector<std::shared_ptr<const DeclarativeSpec>>;

// Parses a rule file (one rule per YAML document). Errors name file:line:col.
Expected<DeclarativeSpecs> parse_declarative_rules(std::string_view text, const std::string& display_path);
// Every .yaml/.yml file of a folder.
Expected<DeclarativeSpecs> load_declarative_rules(const std::string& dir);
// The rules compiled in from rules/*.rule.yaml.
const DeclarativeSpecs& builtin_declarative_rules();

class DeclarativeRule : public Rule {
 public:
  explicit DeclarativeRule(std::shared_ptr<const DeclarativeSpec> spec) : spec_(std::move(spec)) {}
  const RuleInfo& info() const override { return spec_->info; }
  void check(const LintContext& context, std::vector<Finding>& out) const override;
  bool matches(const Manifest& m) const;

 private:
  void check_keys(const LintContext& context, const Manifest& m, const DeclarativeCheck& c, const FieldMatch& f,
                  std::vector<Finding>& out) const;
  std::shared_ptr<const DeclarativeSpec> spec_;
};

}  // namespace driftlint
