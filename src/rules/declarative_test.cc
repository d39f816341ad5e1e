#include "rules/declarative.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "rules/registry.h"
#include "rules/rule_test_support.h"
#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

TEST(DeclarativeTest, TheShippedRuleFilesAreCompiledInAndParse) {
  // Each rules/*.rule.yaml is embedded; a file that does not parse would be
  // dropped from the registry, so each is parsed here and must give a rule.
  std::vector<std::string> ids;
  for (const auto& spec : builtin_declarative_rules()) ids.push_back(spec->info.id);
  EXPECT_EQ(ids, std::vector<std::string>{"quota-key-uncounted"});
  const RuleEntry* e = find_rule("quota-key-uncounted");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->info().default_severity, Severity::Warning);
  EXPECT_FALSE(e->info().rationale.empty());
}

TEST(DeclarativeTest, ForbidKeyReportsEachMatchingKeyOfTheMapAtItsLine) {
  auto specs = parse_declarative_rules(
      "id: no-limits-keys\nseverity: warning\nmessage: '{{path}} is {{value}}'\nhint: h\n"
      "match: {kind: ResourceQuota}\nchecks:\n- {path: spec.hard, forbid-key: 'limits\\..+/.+'}\n",
      "rules.yaml");
  ASSERT_TRUE(specs) << specs.error().message;
  auto bad = parse_declarative_rules(
      "id: x\nseverity: warning\nmessage: m\nhint: h\nmatch: {kind: A}\n"
      "when: [{path: spec, forbid-key: a}]\nchecks: [{path: spec, required: true}]\n",
      "rules.yaml");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("forbid-key"), std::string::npos) << bad.error().message;
  DeclarativeRule rule(specs->front());
  MemoryContext m({{"quota.yaml", "kind: ResourceQuota\nspec:\n  hard:\n    limits.cpu: '1'\n"
                                  "    limits.nvidia.com/gpu: '4'\n    requests.nvidia.com/gpu: '4'\n"}});
  std::vector<Finding> found;
  rule.check(m.context, found);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].line, 5);
  EXPECT_EQ(found[0].message, "spec.hard.limits.nvidia.com/gpu is \"4\"");
}

TEST(DeclarativeTest, FormerExamplesAreCppRulesOffByDefault) {
  // image-not-latest and gpu-runtime-class were declarative examples; they
  // became C++ rules to read every pod template (model/pod_templates.h).
  for (const auto& spec : builtin_declarative_rules()) EXPECT_NE(spec->info.id, "image-not-latest");
  for (const char* id : {"image-not-latest", "gpu-runtime-class"}) {
    const RuleEntry* e = find_rule(id);
    ASSERT_NE(e, nullptr) << id;
    EXPECT_FALSE(e->info().enabled_by_default) << id;  // examples: opt in
    EXPECT_FALSE(e->info().hint.empty());
  }
}

TEST(DeclarativeTest, MalformedRulesNameFileLineAndProblem) {
  struct Case {
    const char* text;
    const char* error;
  } cases[] = {
      {"id: x\nseverity: fatal\nmessage: m\nhint: h\nmatch: {kind: Pod}\nchecks: [{path: a, required: true}]\n",
       "r.yaml:2:11: 'severity' must be error, warning or notice"},
      {"id: Bad_Id\nseverity: error\nmessage: m\nhint: h\nmatch: {}\nchecks: [{path: a, required: true}]\n",
       "r.yaml:1:5: 'id' must be kebab-case"},
      {"id: x\nseverity: error\nmessage: m\nhint: h\nmatch: {kind: '('}\nchecks: [{path: a, required: true}]\n",
       "r.yaml:5:15: 'kind' is not a valid RE2 pattern"},
      {"id: x\nseverity: error\nmessage: m\nhint: h\nmatch: {}\nchecks: [{path: 'a[x]', required: true}]\n",
       "r.yaml:6:17: field path 'a[x]'"},
      {"id: x\nseverity: error\nmessage: m\nhint: h\nmatch: {}\nchecks: [{path: a, max: lots}]\n",
       "r.yaml:6:25: 'max' must be a number or a quantity"},
      {"id: x\nseverity: error\nmessage: m\nhint: h\nmatch: {}\nchecks: [{path: a, required: true, forbidden: true}]\n",
       "r.yaml:6:10: a check needs exactly one of"},
      {"id: x\nseverity: error\nmessage: m\nhint: h\nmatch: {}\nchecks: [{path: a, requird: true}]\n",
       "r.yaml:6:20: unknown key 'requird' in checks"},
      {"id: x\nseverity: error\nmessage: m\nmatch: {}\nchecks: [{path: a, required: true}]\n", "r.yaml:1:1: a rule needs 'hint'"},
      {"id: x\nseverity: [\n", "r.yaml:3:1:"},
  };
  for (const Case& c : cases) {
    auto parsed = parse_declarative_rules(c.text, "r.yaml");
    ASSERT_FALSE(parsed) << c.text;
    EXPECT_EQ(parsed.error().message.rfind(c.error, 0), 0u) << parsed.error().message;
  }
}

class RulesDirTest : public ::testing::Test {
 protected:
  Outcome run(const std::vector<std::string>& args) { return run_driftlint(args, workspace_); }
  Workspace workspace_;
};

TEST_F(RulesDirTest, UserRulesRunAndBadOnesStopTheRun) {
  workspace_.write("rules/quota.yaml",
                   "id: team-quota-cap\nseverity: error\nmessage: 'GPU quota {{value}} at {{path}} exceeds the team cap of 8'\n"
                   "hint: Ask the platform team.\nmatch: {kind: ResourceQuota, namespace: 'team-.*', labels: {matchLabels: {tier: gpu}}}\n"
                   "checks:\n  - path: 'spec.hard[\"requests.nvidia.com/gpu\"]'\n    max: 8\n");
  workspace_.write("repo/q.yaml",
                   "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q, namespace: team-a, labels: {tier: gpu}}\n"
                   "spec:\n  hard:\n    requests.nvidia.com/gpu: \"16\"\n---\n"
                   "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: ok, namespace: team-b, labels: {tier: gpu}}\n"
                   "spec: {hard: {requests.nvidia.com/gpu: 8}}\n---\n"
                   "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: other, namespace: team-c}\n"
                   "spec: {hard: {requests.nvidia.com/gpu: 32}}\n");
  Outcome r = run({"check", "repo", "--rules-dir", "rules", "-q", "--disable", "namespace-gpu-quota"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("repo/q.yaml:6:5: error: GPU quota \"16\" at spec.hard.requests.nvidia.com/gpu exceeds the team cap of 8 [team-quota-cap]"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("team-b"), std::string::npos);
  size_t fired = 0;
  for (size_t at = r.out.find("[team-quota-cap]"); at != std::string::npos; at = r.out.find("[team-quota-cap]", at + 1)) ++fired;
  EXPECT_EQ(fired, 1u) << r.out;

  // The same folder named in the config, relative to it.
  workspace_.write("driftlint.yaml", "repos: [{name: repo, source: repo}]\nrulesDirs: [rules]\nrules: {disable: [namespace-gpu-quota]}\n");
  Outcome configured = run({"check", "-q"});
  EXPECT_EQ(configured.exit_code, 1) << configured.err;
  EXPECT_NE(configured.out.find("[team-quota-cap]"), std::string::npos) << configured.out;
  fs::remove(workspace_.path_of("driftlint.yaml"));

  workspace_.write("rules/clash.yaml", "id: yaml-syntax\nseverity: error\nmessage: m\nhint: h\nmatch: {}\nchecks: [{path: a, required: true}]\n");
  Outcome clash = run({"check", "repo", "--rules-dir", "rules"});
  EXPECT_EQ(clash.exit_code, 2);
  EXPECT_NE(clash.err.find("rule id 'yaml-syntax' is already used by a built-in rule"), std::string::npos) << clash.err;
  fs::remove(workspace_.path_of("rules/clash.yaml"));

  workspace_.write("rules/broken.yaml", "id: x\nseverity: error\n  bad indent: [\n");
  Outcome broken = run({"check", "repo", "--rules-dir", "rules"});
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.err.find("rules/broken.yaml:"), std::string::npos) << broken.err;
  EXPECT_EQ(run({"check", "repo", "--rules-dir", "no-such-dir"}).exit_code, 2);
}

}  // namespace
}  // namespace driftlint
