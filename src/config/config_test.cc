#include "config/config.h"

#include <gtest/gtest.h>

#include "config/repo_spec.h"

namespace driftlint {
namespace {

TEST(ConfigTest, ReadsTheDocumentedExample) {
  auto config = parse_config(R"(repos:
  - name: infra_k8s
    source: ../infra_k8s
    revision: main
    url: https://git.example/org/infra_k8s.git
snapshot: cluster.json
sharedNamespaces: [argo-workflows]
accelerators: ['nvidia\.com/gpu', 'nvidia\.com/mig-.+', 'amd\.com/gpu']
ownership:
  - repo: infra_iam
    kind: ConfigMap
    namespace: argo-workflows
    name: '.*-semaphores'
rules:
  disable: [interactive-sleep]
  severity: {not-deployed: warning}
  options: {interactive-sleep: {patterns: ['sleep\s+infinity']}}
ignore:
  - {rule: duplicate-resource, path: 'legacy/**'}
)",
                             "driftlint.yaml");
  ASSERT_TRUE(config) << config.error().message;
  ASSERT_EQ(config->repos.size(), 1u);
  EXPECT_EQ(config->repos[0].revision, "main");
  EXPECT_EQ(config->repos[0].url, "https://git.example/org/infra_k8s.git");
  EXPECT_EQ(config->snapshots, (std::vector<ConfigPath>{{"cluster.json", "driftlint.yaml:6:11"}}));
  EXPECT_EQ(config->shared_namespaces, std::vector<std::string>{"argo-workflows"});
  EXPECT_EQ(config->accelerators.size(), 3u);
  ASSERT_EQ(config->ownership.size(), 1u);
  EXPECT_EQ(config->ownership[0].name_regex, ".*-semaphores");
  ASSERT_EQ(config->rules.disable.size(), 1u);
  EXPECT_EQ(config->rules.disable[0].rule, "interactive-sleep");
  EXPECT_EQ(config->rules.severity[0].second, Severity::Warning);
  ASSERT_EQ(config->rules.options.size(), 1u);
  EXPECT_TRUE(config->rules.options[0].second.get("patterns").is_sequence());
  ASSERT_EQ(config->ignores.size(), 1u);
  EXPECT_EQ(config->ignores[0].path_glob, "legacy/**");
}

TEST(ConfigTest, ErrorsNameFileLineAndKey) {
  auto unknown = parse_config("repos: []\nrulez: {}\n", "d.yaml");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().message.rfind("d.yaml:2:1: unknown key 'rulez'", 0), 0u)
      << unknown.error().message;

  auto nested = parse_config("repos:\n  - name: a\n    source: b\n    branch: main\n", "d.yaml");
  ASSERT_FALSE(nested);
  EXPECT_NE(nested.error().message.find("d.yaml:4:5: unknown key 'branch'"), std::string::npos);

  auto type = parse_config("sharedNamespaces: {a: b}\n", "d.yaml");
  ASSERT_FALSE(type);
  EXPECT_NE(type.error().message.find("d.yaml:1:19:"), std::string::npos) << type.error().message;

  auto regex = parse_config("accelerators: ['nvidia\\.com/(gpu']\n", "d.yaml");
  ASSERT_FALSE(regex);
  EXPECT_NE(regex.error().message.find("not a valid RE2 pattern"), std::string::npos);
  EXPECT_NE(regex.error().message.find("d.yaml:1:16"), std::string::npos) << regex.error().message;

  auto severity = parse_config("rules:\n  severity: {a: fatal}\n", "d.yaml");
  ASSERT_FALSE(severity);
  EXPECT_NE(severity.error().message.find("error, warning or notice"), std::string::npos);

  auto syntax = parse_config("repos: [\n", "d.yaml");
  ASSERT_FALSE(syntax);
  EXPECT_EQ(syntax.error().message.rfind("d.yaml:", 0), 0u);

  auto duplicate = parse_config("repos: []\nrepos: []\n", "d.yaml");
  ASSERT_FALSE(duplicate);
  EXPECT_NE(duplicate.error().message.find("set twice"), std::string::npos);
}

TEST(ConfigTest, EmptyFileGivesDefaults) {
  auto config = parse_config("", "d.yaml");
  ASSERT_TRUE(config);
  EXPECT_EQ(config->accelerators, default_accelerators());
}

TEST(ConfigTest, GpuResourcesIsTheOlderNameOfAccelerators) {
  auto older = parse_config("gpuResources: ['google\\.com/tpu']\n", "d.yaml");
  ASSERT_TRUE(older) << older.error().message;
  EXPECT_EQ(older->accelerators, std::vector<std::string>{"google\\.com/tpu"});
  auto both = parse_config("accelerators: ['a']\ngpuResources: ['b']\n", "d.yaml");
  ASSERT_FALSE(both);
  EXPECT_NE(both.error().message.find("d.yaml:2:15: 'gpuResources' is the older name of 'accelerators'"),
            std::string::npos)
      << both.error().message;
  auto bad = parse_config("gpuResources: tpu\n", "d.yaml");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("'gpuResources' must be a list"), std::string::npos) << bad.error().message;
}

TEST(RepoSpecTest, RevisionIsAfterTheLastAtFollowingTheLastSlash) {
  struct Case {
    const char* spec;
    const char* name;
    const char* source;
    const char* revision;  // nullptr: none
  } cases[] = {
      {"infra=../infra_k8s", "infra", "../infra_k8s", nullptr},
      {"infra=../infra_k8s@main", "infra", "../infra_k8s", "main"},
      {"infra=git@host:org/repo.git", "infra", "git@host:org/repo.git", nullptr},
      {"infra=git@host:org/repo.git@v1.2", "infra", "git@host:org/repo.git", "v1.2"},
      // A revision with a slash cannot be given after '@' (the rule above); use `revision:`.
      {"infra=https://host/org/repo.git@origin/main", "infra",
       "https://host/org/repo.git@origin/main", nullptr},
      {"a=https://user@host/org/repo", "a", "https://user@host/org/repo", nullptr},
      {"a=repo@HEAD~2", "a", "repo", "HEAD~2"},
  };
  for (const Case& c : cases) {
    auto repo = parse_repo_spec(c.spec);
    ASSERT_TRUE(repo) << c.spec;
    EXPECT_EQ(repo->name, c.name);
    EXPECT_EQ(repo->source, c.source);
    if (c.revision) {
      EXPECT_EQ(repo->revision, c.revision) << c.spec;
    } else {
      EXPECT_FALSE(repo->revision) << c.spec;
    }
  }
  EXPECT_FALSE(parse_repo_spec("nodelimiter"));
  EXPECT_FALSE(parse_repo_spec("=x"));
  EXPECT_FALSE(parse_repo_spec("a="));
  EXPECT_FALSE(parse_repo_spec("a=x@"));
}

TEST(RepoSpecTest, RecognisesUrls) {
  EXPECT_TRUE(is_url_source("https://host/org/repo"));
  EXPECT_TRUE(is_url_source("git@host:org/repo.git"));
  EXPECT_TRUE(is_url_source("file:///tmp/repo"));
  EXPECT_FALSE(is_url_source("../infra_k8s"));
  EXPECT_FALSE(is_url_source("/abs/path"));
}

}  // namespace
}  // namespace driftlint
