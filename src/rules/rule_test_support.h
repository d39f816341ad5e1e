// For tests of rules' messages: a LintContext over files held in memory,
// and one rule run over it. Fixtures (testdata/rules) prove where a rule
// fires; these prove what it says.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fs/file_tree.h"
#include "lint/engine.h"
#include "rules/registry.h"

namespace driftlint {

struct MemoryContext {
  explicit MemoryContext(std::map<std::string, std::string> files) {
    RepoInput repo;
    repo.name = "mem";
    repo.source = "memory";
    repo.tree = std::make_shared<MemoryTree>(std::move(files));
    load = load_repos({repo}, LoadOptions{});
    for (const Manifest& m : load.manifests) objects.push_back(&m);
    context.objects = objects;
    context.policy_tests = &policy_tests;
  }
  LoadResult load;
  std::vector<const Manifest*> objects;
  Config config;
  GpuResourceMatcher gpu = *GpuResourceMatcher::create(default_accelerators());
  ChainsawFiles policy_tests;
  LintContext context{load, config, gpu};
};

// The findings of one rule (enabled whatever its default) over the files.
inline std::vector<Finding> findings_of(const std::string& rule, std::map<std::string, std::string> files) {
  MemoryContext m(std::move(files));
  RuleSelection selection;
  selection.enable = {rule};
  auto rules = instantiate_rules(m.config, selection, rule_registry());
  EXPECT_TRUE(rules) << rules.error().message;
  if (!rules) return {};
  std::vector<Finding> out;
  for (Finding& f : run_rules(*rules, m.context, rule_registry()).findings) {
    if (f.rule == rule) out.push_back(std::move(f));
  }
  return out;
}

}  // namespace driftlint
