#include "lint/engine.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/glob.h"
#include "base/strings.h"
#include "rules/registry.h"

namespace driftlint {
namespace {

Status check_known(const std::vector<RuleEntry>& catalog, const std::string& id, const std::string& origin) {
  for (const RuleEntry& e : catalog) {
    if (e.info().id == id) return {};
  }
  std::vector<std::string> ids;
  for (const RuleEntry& e : catalog) ids.push_back(e.info().id);
  return Error{origin + ": unknown rule " + quote_for_message(id) + " (known: " + join(ids, ", ") + ")"};
}

bool ignore_matches(const IgnoreEntry& ignore, const Finding& f) {
  if (!ignore.rule.empty() && ignore.rule != "*" && ignore.rule != f.rule) return false;
  if (!ignore.path_glob.empty()) {
    if (!f.path) return false;
    bool matched = glob_match(ignore.path_glob, *f.path) ||
                   (f.repo && glob_match(ignore.path_glob, *f.repo + "/" + *f.path));
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

}  // namespace

Expected<std::vector<ActiveRule>> instantiate_rules(const Config& config, const RuleSelection& selection,
                                                    const std::vector<RuleEntry>* catalog_or_null) {
  const std::vector<RuleEntry>& catalog = catalog_or_null ? *catalog_or_null : rule_registry();
  auto check_known = [&](const std::string& id, const std::string& origin) {
    return driftlint::check_known(catalog, id, origin);
  };
  std::string file = config.file.empty() ? "driftlint.yaml" : config.file;
  for (const RuleReference& r : config.rules.disable) {
    if (Status s = check_known(r.rule, r.origin); !s) return s.error();
  }
  for (const RuleReference& r : config.rules.enable) {
    if (Status s = check_known(r.rule, r.origin); !s) return s.error();
  }
  for (const auto& [r, severity] : config.rules.severity) {
    if (Status s = check_known(r.rule, r.origin); !s) return s.error();
  }
  for (const auto& [r, options] : config.rules.options) {
    if (Status s = check_known(r.rule, r.origin); !s) return s.error();
  }
  for (const std::string& id : selection.enable) {
    if (Status s = check_known(id, "--enable"); !s) return s.error();
  }
  for (const std::string& id : selection.disable) {
    if (Status s = check_known(id, "--disable"); !s) return s.error();
  }
  for (const IgnoreEntry& ignore : config.ignores) {
    if (!ignore.rule.empty() && ignore.rule != "*") {
      if (Status s = check_known(ignore.rule, ignore.origin); !s) return s.error();
    }
  }

  // Config first, then the command line, which wins; --disable wins over all.
  std::set<std::string> enabled;
  for (const RuleEntry& e : catalog) {
    if (e.info().enabled_by_default) enabled.insert(e.info().id);
  }
  for (const RuleReference& r : config.rules.enable) enabled.insert(r.rule);
  for (const RuleReference& r : config.rules.disable) enabled.erase(r.rule);
  for (const std::string& id : selection.enable) enabled.insert(id);
  for (const std::string& id : selection.disable) enabled.erase(id);

  std::vector<ActiveRule> out;
  for (const RuleEntry& e : catalog) {
    const std::string& id = e.info().id;
    if (!enabled.count(id)) continue;
    RuleOptionsInput input;
    input.config_file = file;
    for (const auto& [r, options] : config.rules.options) {
      if (r.rule == id) input.options = options;
    }
    Expected<std::unique_ptr<Rule>> rule = e.create(input);
    if (!rule) return rule.error();
    ActiveRule active;
    active.rule = std::move(*rule);
    for (const auto& [r, severity] : config.rules.severity) {
      if (r.rule == id) active.severity = severity;
    }
    out.push_back(std::move(active));
  }
  return out;
}

LintOutput run_rules(const std::vector<ActiveRule>& rules, const LintContext& context) {
  LintOutput output;
  for (const ActiveRule& active : rules) {
    std::vector<Finding> found;
    active.rule->check(context, found);
    for (Finding& f : found) {
      if (active.severity) f.severity = *active.severity;
      for (const IgnoreEntry& ignore : context.config.ignores) {
        if (ignore_matches(ignore, f)) {
          f.suppressed = true;
          f.suppression = ignore.reason.empty() ? "ignored by " + ignore.origin
                                                : ignore.reason + " (" + ignore.origin + ")";
          break;
        }
      }
      if (f.suppressed) ++output.suppressed;
      output.findings.push_back(std::move(f));
    }
  }
  std::stable_sort(output.findings.begin(), output.findings.end(), finding_less);
  return output;
}

}  // namespace driftlint
