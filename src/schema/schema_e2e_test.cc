// Where schemas come from, through the binary: a CRD in the snapshot replaces
// the bundled schema; the corpus's own Argo CD CRD validates the corpus's
// Applications; --schema-dir takes CRDs and JSON Schemas.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class SchemaE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    workspace_.make_folder("repo");
    workspace_.make_folder("schemas");
  }
  Outcome run(std::vector<std::string> args) {
    args.insert(args.end(), {"--format", "json", "--fail-on", "none", "--disable", "not-deployed"});
    return run_driftlint(args, workspace_);
  }
  std::vector<std::string> violations(const Outcome& r) {
    std::vector<std::string> out;
    nlohmann::json report = nlohmann::json::parse(r.out);
    for (const auto& f : report["findings"]) {
      if (f["rule"] == "schema-violation") out.push_back(f["message"].get<std::string>());
    }
    return out;
  }
  Workspace workspace_;
};

constexpr const char* kQueue =
    "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: q}\n"
    "spec:\n  cohortName: pool\n  resourceGroups: []\n";

TEST_F(SchemaE2eTest, ASnapshotCrdReplacesTheBundledSchema) {
  workspace_.write("repo/q.yaml", kQueue);
  EXPECT_TRUE(violations(run({"check", "repo"})).empty());
  // This cluster's (older) CRD knows no resourceGroups.
  workspace_.write("cluster.yaml",
                   "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: clusterqueues.kueue.x-k8s.io}\n"
                   "spec:\n  group: kueue.x-k8s.io\n  names: {kind: ClusterQueue, plural: clusterqueues}\n  scope: Cluster\n"
                   "  versions:\n  - name: v1beta2\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n"
                   "        type: object\n        properties:\n          spec: {type: object, properties: {cohortName: {type: string}}}\n");
  Outcome r = run({"check", "repo", "--snapshot", "cluster.yaml"});
  ASSERT_EQ(violations(r).size(), 1u) << r.out;
  EXPECT_NE(violations(r)[0].find("spec.resourceGroups: unknown field 'resourceGroups' (schema: CRD clusterqueues.kueue.x-k8s.io (cluster snapshot))"),
            std::string::npos)
      << violations(r)[0];
}

TEST_F(SchemaE2eTest, SchemaDirTakesCrdsAndJsonSchemas) {
  workspace_.write("repo/w.yaml", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: big}\n");
  workspace_.write("schemas/widget.json",
                   "{\"x-kubernetes-group-version-kind\": [{\"group\": \"example.com\", \"version\": \"v1\", \"kind\": \"Widget\"}],"
                   " \"type\": \"object\", \"properties\": {\"apiVersion\": {}, \"kind\": {}, \"metadata\": {},"
                   " \"spec\": {\"type\": \"object\", \"properties\": {\"size\": {\"type\": \"integer\", \"minimum\": 1}}}}}");
  Outcome r = run({"check", "repo", "--schema-dir", "schemas"});
  ASSERT_EQ(violations(r).size(), 1u) << r.out;
  EXPECT_NE(violations(r)[0].find("spec.size: expected integer, got a string"), std::string::npos) << violations(r)[0];
  // A schema that cannot compile is said, not silently skipped; an ECMA-only pattern too.
  workspace_.write("schemas/gadget.json",
                   "{\"x-kubernetes-group-version-kind\": [{\"group\": \"example.com\", \"version\": \"v1\", \"kind\": \"Gadget\"}],"
                   " \"type\": \"flat\"}");
  workspace_.write("schemas/part.json",
                   "{\"x-kubernetes-group-version-kind\": [{\"group\": \"example.com\", \"version\": \"v1\", \"kind\": \"Part\"}],"
                   " \"properties\": {\"code\": {\"type\": \"string\", \"pattern\": \"^(?!x)\"}}}");
  workspace_.write("repo/g.yaml", "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n---\n"
                                  "apiVersion: example.com/v1\nkind: Part\nmetadata: {name: p}\ncode: y\n");
  Outcome noted = run({"check", "repo", "--schema-dir", "schemas"});
  EXPECT_NE(noted.err.find("the schema for example.com/v1/Gadget from schemas/gadget.json cannot be used (schema keyword 'type'"),
            std::string::npos)
      << noted.err;
  EXPECT_NE(noted.err.find("1 keyword(s) of the schema for example.com/v1/Part from schemas/part.json were not checked: pattern"),
            std::string::npos)
      << noted.err;
  fs::remove(workspace_.path_of("schemas/gadget.json"));
  fs::remove(workspace_.path_of("schemas/part.json"));
  fs::remove(workspace_.path_of("repo/g.yaml"));

  workspace_.write("schemas/notes.yaml", "just: a map\n");
  Outcome bad = run({"check", "repo", "--schema-dir", "schemas"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("schemas/notes.yaml: neither a CRD nor a schema with x-kubernetes-group-version-kind"), std::string::npos)
      << bad.err;
}

TEST_F(SchemaE2eTest, TheCorpusCrdValidatesTheCorpusApplications) {
  fs::path corpus = fs::path(DRIFTLINT_SOURCE_DIR) / ".." / "shared" / "corpus";
  fs::path crds = corpus / "argoproj__argo-cd" / "manifests" / "crds";
  if (!fs::is_directory(crds)) GTEST_SKIP() << "no corpus at " << corpus;
  // Every Application in the corpus outside the install bundles.
  size_t copied = 0;
  for (const auto& e : fs::recursive_directory_iterator(corpus)) {
    if (!e.is_regular_file() || e.path().extension() != ".yaml") continue;
    std::string p = e.path().string();
    if (p.find("crds") != std::string::npos || p.find("install") != std::string::npos) continue;
    std::string text = read_whole_file(e.path());
    if (text.find("\nkind: Application\n") == std::string::npos && text.rfind("kind: Application\n", 0) != 0) continue;
    fs::copy_file(e.path(), workspace_.path_of("repo/app" + std::to_string(++copied) + ".yaml"));
  }
  ASSERT_GT(copied, 5u);
  Outcome r = run({"check", "repo", "--schema-dir", crds.string()});
  auto report = nlohmann::json::parse(r.out);
  EXPECT_GT(report["summary"]["objects"].get<int>(), 5);
  EXPECT_TRUE(violations(r).empty()) << violations(r).front();
  // And the CRD is what judged them: a misspelt field is named with it.
  workspace_.write("repo/bad.yaml", "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: bad}\n"
                                    "spec:\n  project: default\n  destination: {namespace: x}\n  source: {repoURL: r, targetRevison: main}\n");
  Outcome bad = run({"check", "repo", "--schema-dir", crds.string()});
  ASSERT_EQ(violations(bad).size(), 1u) << bad.out;
  EXPECT_NE(violations(bad)[0].find("unknown field 'targetRevison' (did you mean 'targetRevision'?) (schema: CRD in"), std::string::npos)
      << violations(bad)[0];
}

}  // namespace
}  // namespace driftlint
