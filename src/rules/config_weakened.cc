#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "base/strings.h"
#include "lint/rule.h"
#include "lint/suppression_findings.h"
#include "lint/suppressions.h"
#include "yaml/json.h"

namespace driftlint {

// A pull request that changes how it is itself judged: its driftlint.yaml
// turns rules off, lowers their severity, changes their options or adds
// ignore entries, or it adds a suppression in a manifest that silences a
// finding.
class ConfigWeakenedRule : public RuleBase<ConfigWeakenedRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;

 private:
  void rule_changes(const LintContext& context, std::vector<Finding>& out) const;
  void added_ignores(const PullRequestBase& pr, std::vector<Finding>& out) const;
  void added_suppressions(const LintContext& context, std::vector<Finding>& out) const;
};

const RuleInfo& ConfigWeakenedRule::static_info() {
  static const RuleInfo info{
      .id = "config-weakened",
      .default_severity = Severity::Notice,
      .summary = "A pull request that weakens how it is itself judged: its `driftlint.yaml` turns a rule off, "
                 "lowers its severity, changes its options or adds an `ignore:` entry, or it adds a "
                 "suppression to a manifest that silences a finding.",
      .rationale =
          "In pull-request mode (`--changed-since`, `--base`) a change is judged by the base "
          "revision's `rules:` and `ignore:` (a change to `driftlint.yaml` applies once merged), so a "
          "pull request cannot switch off the checks it is run against. Its edits to them are "
          "reported here, one finding each at the line that makes it, so reviewers see them next to "
          "the change. A `# driftlint:ignore` comment or `driftlint.io/ignore` annotation the change "
          "adds does apply (it is part of the change, and must give a reason), and is reported too "
          "when it silences a finding. Fires only in pull-request mode; findings about the "
          "configuration cannot be suppressed.",
      .hint = "Review the change to the configuration or the suppression: merge it if it is meant, with "
              "a reason in the suppression.",
      .example = "# driftlint.yaml in the pull request\nrules:\n  disable: [schema-violation]\n",
      .options = {},
      .after_suppressions = true,
      .unsuppressible = true};
  return info;
}

namespace {

// What a config makes of one rule (the command line is the same at both revisions).
struct RuleState {
  bool on = false;
  Severity severity = Severity::Notice;
  std::string options;  // as JSON; "" when none
  std::string on_origin, severity_origin, options_origin;  // where the config says so
};

RuleState state_of(const Config& config, const RuleInfo& info) {
  RuleState s;
  const std::string& id = info.id;
  s.on = info.enabled_by_default;
  s.severity = info.default_severity;
  for (const RuleReference& r : config.rules.enable) {
    if (r.rule != id) continue;
    s.on = true;
    s.on_origin = r.origin;
  }
  bool disabled = false;  // as in instantiate_rules: a disable wins over any enable
  for (const RuleReference& r : config.rules.disable) {
    if (r.rule != id) continue;
    s.on = false;
    if (!disabled) s.on_origin = r.origin;
    disabled = true;
  }
  for (const auto& [r, severity] : config.rules.severity) {
    if (r.rule != id) continue;
    s.severity = severity;
    s.severity_origin = r.origin;
  }
  for (const auto& [r, options] : config.rules.options) {
    if (r.rule != id) continue;
    s.options = options.valid() ? yaml::to_json(options).dump() : "";
    s.options_origin = r.origin;
  }
  return s;
}

// Where the head says something it no longer says: its section, else its first line.
std::string section_origin(const Config& head, const std::string& section) {
  for (const std::string& key : {section, std::string("rules")}) {
    auto it = head.section_origins.find(key);
    if (it != head.section_origins.end()) return it->second;
  }
  return head.file + ":1:1";
}

std::string quoted(const std::string& s) { return quote_for_message(s); }

// An ignore entry's identity: what it silences (its reason and place aside).
std::string ignore_key(const IgnoreEntry& e) {
  return e.rule + "\n" + e.path_glob + "\n" + e.object_kind + "\n" + e.object_ns + "\n" + e.object_name;
}

std::string describe_ignore(const IgnoreEntry& e) {
  std::string out = e.rule.empty() || e.rule == "*" ? "every rule" : "rule " + quoted(e.rule);
  if (!e.path_glob.empty()) out += " in " + quoted(e.path_glob);
  if (!e.object_kind.empty() || !e.object_ns.empty() || !e.object_name.empty()) {
    out += " for object " + quoted(e.object_kind + "/" + (e.object_ns.empty() ? "" : e.object_ns + "/") + e.object_name);
  }
  return out;
}


}  // namespace

void ConfigWeakenedRule::rule_changes(const LintContext& context, std::vector<Finding>& out) const {
  const Config& base = *context.pull_request->base_config;
  const Config& head = *context.pull_request->head_config;
  for (const RuleEntry& entry : *context.catalog) {
    const RuleInfo& info = entry.info();
    RuleState before = state_of(base, info), after = state_of(head, info);
    if (!before.on) continue;
    const std::string rule = "rule " + quoted(info.id);
    if (!after.on) {
      bool disabled = !after.on_origin.empty();
      out.push_back(config_finding(*this, disabled ? after.on_origin : section_origin(head, "rules.enable"),
                                   disabled ? "turns " + rule + " off (the base has it on)"
                                            : "no longer turns " + rule + " on (the base does)"));
      continue;
    }
    if (after.severity < before.severity) {
      out.push_back(config_finding(
          *this, after.severity_origin.empty() ? section_origin(head, "rules.severity") : after.severity_origin,
          "lowers " + rule + " from " + std::string(severity_name(before.severity)) + " to " +
              std::string(severity_name(after.severity))));
    }
    if (after.options != before.options) {
      out.push_back(config_finding(
          *this, after.options_origin.empty() ? section_origin(head, "rules.options") : after.options_origin,
          "changes the options of " + rule + " (options can make a rule report less)"));
    }
  }
}

void ConfigWeakenedRule::added_ignores(const PullRequestBase& pr, std::vector<Finding>& out) const {
  std::map<std::string, size_t> at_base;
  for (const IgnoreEntry& e : pr.base_config->ignores) ++at_base[ignore_key(e)];
  for (const IgnoreEntry& e : pr.head_config->ignores) {
    size_t& left = at_base[ignore_key(e)];
    if (left > 0) {
      --left;
      continue;
    }
    out.push_back(config_finding(*this, e.origin, "adds an ignore entry silencing " + describe_ignore(e)));
  }
}

void ConfigWeakenedRule::added_suppressions(const LintContext& context, std::vector<Finding>& out) const {
  std::map<std::string, size_t> at_base = *context.pull_request->base_suppressions;
  for (const Suppression& s : context.suppressions->all()) {
    if (!s.in_source()) continue;
    size_t& left = at_base[suppression_key(context.load, s)];
    if (left > 0) {
      --left;
      continue;
    }
    if (s.used == 0) continue;  // silences nothing: unused-suppression's to judge
    std::string rules = s.rules.empty() ? std::string("every rule") : join(s.rules, ", ");
    std::string why = s.reason.empty() ? " (no reason given)" : ": " + quoted(s.reason);
    out.push_back(suppression_finding(*this, context, s, "adds a " + s.describe() + " silencing " + rules + why));
  }
}

void ConfigWeakenedRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.pull_request || !context.catalog || !context.suppressions) return;
  const PullRequestBase& pr = *context.pull_request;
  if (pr.base_config != pr.head_config) {
    rule_changes(context, out);
    added_ignores(pr, out);
  }
  added_suppressions(context, out);
}

RuleEntry config_weakened_rule() { return rule_entry<ConfigWeakenedRule>(); }

}  // namespace driftlint
