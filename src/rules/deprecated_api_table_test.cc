// The Kubernetes rows of rules/deprecated-apis.yaml checked against the API
// each bundled release serves (schemas/kubernetes, generated from the
// releases' own OpenAPI documents in ../shared/k8s-openapi and kept fresh by
// `ci/gen-k8s-schemas --check`): a row's kinds are not served at its
// apiVersion by any bundled release, and its replacement, when it names an
// apiVersion, serves every one of them.
#include "rules/deprecated_api_table.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <algorithm>

#include "rules/component_versions.h"
#include "schema/kubernetes_schemas.h"

namespace driftlint {
namespace {

bool kubernetes_row(const DeprecatedApi& row) { return row.when.component() == "Kubernetes"; }

// "apps/v1" from "apps/v1" or "networking.k8s.io/v1 (...)"; "" for prose ("Pod Security Admission").
std::string replacement_api_version(const std::string& use) {
  std::string first = use.substr(0, use.find(' '));
  return RE2::FullMatch(first, R"(([a-z0-9.-]+/)?v[0-9]+((alpha|beta)[0-9]+)?)") ? first : "";
}

TEST(DeprecationTableTest, KubernetesRowsNameKindsNoBundledReleaseServesAndAServedReplacement) {
  const Expected<DeprecationTable>& table = deprecation_table();
  ASSERT_TRUE(table) << table.error().message;
  size_t rows = 0, replacements = 0;
  for (const DeprecatedApi& row : table->apis) {
    if (!kubernetes_row(row)) continue;
    ++rows;
    SCOPED_TRACE(row.api_version);
    EXPECT_FALSE(row.kinds.empty()) << "a Kubernetes row names its kinds";
    std::string use = replacement_api_version(row.when.use);
    ASSERT_TRUE(row.when.removed) << "a Kubernetes row says when it stopped being served";
    for (const std::string& release : KubernetesSchemas::versions()) {
      if (compare_releases(*parse_release(release), *parse_release(row.when.removed->version)) < 0) continue;
      const KubernetesSchemas& k = *KubernetesSchemas::of(release);
      for (const std::string& kind : row.kinds) {
        EXPECT_FALSE(k.serves(row.api_version, kind)) << "Kubernetes " << release << " serves " << kind;
        if (use.empty()) continue;
        EXPECT_TRUE(k.serves(use, kind)) << "Kubernetes " << release << " does not serve " << kind << " at " << use;
        ++replacements;
      }
    }
  }
  EXPECT_GE(rows, 25u);
  EXPECT_GT(replacements, 0u);
}

TEST(DeprecationTableTest, MutatingAdmissionPolicyIsServedAtV1beta1AndNoRowCoversIt) {
  const DeprecationTable& table = *deprecation_table();
  EXPECT_EQ(deprecated_api_row(table, "admissionregistration.k8s.io/v1beta1", "MutatingAdmissionPolicy"), nullptr);
  EXPECT_NE(deprecated_api_row(table, "admissionregistration.k8s.io/v1beta1", "ValidatingWebhookConfiguration"), nullptr);
  for (const std::string& release : KubernetesSchemas::versions()) {
    EXPECT_TRUE(KubernetesSchemas::of(release)->serves("admissionregistration.k8s.io/v1beta1", "MutatingAdmissionPolicy"))
        << release;
  }
}

TEST(DeprecationTableTest, ARowWithoutItsFieldsIsAnErrorNamingThem) {
  Expected<DeprecationTable> t = read_deprecation_table("apis:\n- {apiVersion: x/v1, removed: X 1}\n", "t.yaml");
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("needs 'use'"), std::string::npos) << t.error().message;
  t = read_deprecation_table("apis:\n- {apiVersion: x/v1, use: y/v1}\n", "t.yaml");
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("'deprecated' or 'removed'"), std::string::npos) << t.error().message;
  t = read_deprecation_table("apis:\n- {apiVersion: x/v1, removed: Kubernetes, use: y/v1}\n", "t.yaml");
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("t.yaml:2:"), std::string::npos) << t.error().message;
}

// Every release the table names parses, so no row is judged as "reached" by default.
TEST(DeprecationTableTest, EveryReleaseParsesAndComponentsAreKnown) {
  const DeprecationTable& table = *deprecation_table();
  std::vector<std::string> known = ComponentVersions::known_components();
  known.push_back("Kubernetes");
  auto check = [&](const Deprecation& d) {
    for (const auto& release : {d.deprecated, d.removed}) {
      if (!release) continue;
      EXPECT_TRUE(parse_release(release->version)) << release->text();
      EXPECT_NE(std::find(known.begin(), known.end(), release->component), known.end()) << release->text();
    }
  };
  for (const DeprecatedApi& row : table.apis) check(row.when);
  for (const DeprecatedField& row : table.fields) check(row.when);
}

}  // namespace
}  // namespace driftlint
