#include "lint/engine.h"

#include "lint/merge_findings.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "base/did_you_mean.h"
#include "base/parallel.h"
#include "base/strings.h"
#include "lint/suppressions.h"

namespace driftlint {
namespace {

Status check_known(const std::vector<RuleEntry>& catalog, const std::string& id, const std::string& origin) {
  for (const RuleEntry& e : catalog) {
    if (e.info().id == id) return {};
  }
  std::vector<std::string> ids;
  for (const RuleEntry& e : catalog) ids.push_back(e.info().id);
  std::string hint = did_you_mean(id, ids);
  return Error{origin + ": unknown rule " + quote_for_message(id) + (hint.empty() ? " (known: " + join(ids, ", ") + ")" : hint)};
}

// Sorted through their indices, then put in that order in place: a Finding
// is a dozen strings, so each moves along its cycle of the permutation once,
// where a merge sort moved it at every step (14,000 notices: the sort took
// a tenth of the rules' time).
void sort_findings(std::vector<Finding>& findings) {
  std::vector<size_t> order(findings.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return finding_less(findings[a], findings[b]); });
  // Position i takes the finding at order[i]; each cycle is walked once.
  for (size_t start = 0; start < order.size(); ++start) {
    if (order[start] == start) continue;
    Finding held = std::move(findings[start]);
    size_t at = start;
    while (order[at] != start) {
      size_t from = order[at];
      findings[at] = std::move(findings[from]);
      order[at] = at;
      at = from;
    }
    findings[at] = std::move(held);
    order[at] = at;
  }
}

}  // namespace

Expected<std::vector<ActiveRule>> instantiate_rules(const Config& config, const RuleSelection& selection,
                                                    const std::vector<RuleEntry>& catalog) {
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

LintOutput run_rules(const std::vector<ActiveRule>& rules, const LintContext& context,
                     const std::vector<RuleEntry>& catalog, RuleInputs inputs) {
  std::set<std::string> ids;
  for (const RuleEntry& e : catalog) ids.insert(e.info().id);
  std::set<std::string> active;
  for (const ActiveRule& a : rules) active.insert(a.rule->info().id);
  SuppressionIndex& suppressions = inputs.suppressions;
  const ChainsawFiles& tests = inputs.tests;
  LintContext with_suppressions = context;
  with_suppressions.policy_tests = &tests;
  with_suppressions.active_rules = &active;
  with_suppressions.suppressions = &suppressions;
  with_suppressions.rule_ids = &ids;
  with_suppressions.catalog = &catalog;
  // Rules that judge no policy test's fixtures (RuleInfo) see the objects without them.
  LintContext without_tests = with_suppressions;
  std::vector<const Manifest*> judged;
  for (const Manifest* m : context.objects) {
    if (!tests.fixtures.count(m->file)) judged.push_back(m);
  }
  without_tests.objects = judged;
  auto context_of = [&](const ActiveRule& r) -> const LintContext& {
    return r.rule->info().skips_policy_test_inputs ? without_tests : with_suppressions;
  };

  // Rules only read the context (check() is const; the schema registry locks
  // its lazy compilation), so the first pass runs them in parallel, the
  // expensive ones first. Findings are merged in rule order, so the output
  // does not depend on the thread count.
  std::vector<size_t> first_pass;
  for (size_t i = 0; i < rules.size(); ++i) {
    if (!rules[i].rule->info().after_suppressions) first_pass.push_back(i);
  }
  std::stable_partition(first_pass.begin(), first_pass.end(),
                        [&](size_t i) { return rules[i].rule->info().expensive; });
  std::vector<std::vector<Finding>> found(rules.size());
  parallel_for(first_pass.size(), context.jobs,
               [&](size_t k) { rules[first_pass[k]].rule->check(context_of(rules[first_pass[k]]), found[first_pass[k]]); });

  LintOutput output;
  size_t total = 0;
  for (const std::vector<Finding>& f : found) total += f.size();
  output.findings.reserve(total);
  auto collect = [&](size_t i, bool after_suppressions) {
    const ActiveRule& active = rules[i];
    merge_findings_at_one_place(found[i]);
    for (Finding& f : found[i]) {
      if (active.severity) f.severity = *active.severity;
      if (!after_suppressions && !active.rule->info().unsuppressible) suppressions.apply(f);
      if (f.suppressed) ++output.suppressed;
      output.findings.push_back(std::move(f));
    }
  };
  for (size_t i = 0; i < rules.size(); ++i) {
    if (!rules[i].rule->info().after_suppressions) collect(i, false);
  }
  // unused-suppression needs the counts of the first pass.
  for (size_t i = 0; i < rules.size(); ++i) {
    if (!rules[i].rule->info().after_suppressions) continue;
    rules[i].rule->check(context_of(rules[i]), found[i]);
    collect(i, true);
  }
  sort_findings(output.findings);
  output.in_source_suppressions = suppressions.in_source_by_key();
  return output;
}

}  // namespace driftlint
