#include "load/policy_tests.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "load/memory_repo.h"

namespace driftlint {
namespace {

LoadResult load_memory(std::map<std::string, std::string> files) { return load_memory_repo(std::move(files), "mem"); }

std::set<std::string> fixture_paths(const LoadResult& load) {
  std::set<std::string> out;
  for (uint32_t f : policy_tests(load).fixtures) out.insert(load.files[f].path);
  return out;
}

const char* kPod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: nginx}]}\n";

TEST(ChainsawFilesTest, ATestsFolderAndWhatItNamesFromThereAreFixtures) {
  LoadResult load = load_memory({
      {"policy/policy.yaml", "apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata: {name: x}\nspec: {}\n"},
      {"policy/.kyverno-test/kyverno-test.yaml",
       "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [../policy.yaml]\n"
       "resources: [resources/pods.yaml, ../../apps/deploy.yaml]\n"},
      {"policy/.kyverno-test/resources/pods.yaml", kPod},
      {"policy/.kyverno-test/leftover.yaml", kPod},
      {"apps/deploy.yaml", kPod},
  });
  EXPECT_EQ(fixture_paths(load),
            (std::set<std::string>{"policy/.kyverno-test/kyverno-test.yaml", "policy/.kyverno-test/leftover.yaml",
                                   "policy/.kyverno-test/resources/pods.yaml"}));
}

TEST(ChainsawFilesTest, ATestAtTheReposRootLeavesTheReposManifestsJudged) {
  LoadResult load = load_memory({
      {"kyverno-test.yaml",
       "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [policies/p.yaml]\n"
       "resources: [apps/deploy.yaml, pod.yaml]\n"},
      {"pod.yaml", kPod},
      {"namespace.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: n}\n"},
      {"apps/deploy.yaml", kPod},
  });
  EXPECT_EQ(fixture_paths(load), (std::set<std::string>{"pod.yaml"}));
}

TEST(ChainsawFilesTest, NoTestNoFixtures) {
  EXPECT_TRUE(fixture_paths(load_memory({{"pod.yaml", kPod}})).empty());
}

}  // namespace
}  // namespace driftlint
