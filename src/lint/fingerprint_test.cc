#include "lint/fingerprint.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

Finding drift(const std::string& path, uint32_t line, const std::string& value) {
  Finding f;
  f.rule = "live-drift";
  f.repo = "infra";
  f.path = path;
  f.line = line;
  f.column = 3;
  f.object = ObjectRef{"apps/v1", "Deployment", "dev", "api"};
  f.message = "Deployment dev/api: spec.replicas: live " + value + ", git 2 (via base/deployment.yaml:" +
              std::to_string(line) + ")";
  return f;
}

std::string print(const Finding& f) { return fingerprints({f})[0]; }

TEST(FingerprintTest, StableWhenLinesShiftOrTheObjectMoves) {
  EXPECT_EQ(print(drift("overlays/dev/replicas.yaml", 6, "3")), print(drift("overlays/dev/replicas.yaml", 9, "3")));
  EXPECT_EQ(print(drift("overlays/dev/replicas.yaml", 6, "3")), print(drift("overlays/dev/scale.yaml", 6, "3")));
}

TEST(FingerprintTest, ChangesWhenAReportedValueChanges) {
  EXPECT_NE(print(drift("a.yaml", 6, "6")), print(drift("a.yaml", 6, "60")));
}

TEST(FingerprintTest, PlacesCommitsAndMergedTailsAreNotTheProblem) {
  Finding a;
  a.rule = "stale-checkout";
  a.repo = "infra";
  a.path = "argocd/apps.yaml";
  a.message = "infra is checked out at 0d5bfbfd87da, 1 commit behind 1fd712c0629d; also at clusters/x.yaml:24, "
              "first at line 7 (in apps a, b) (also in namespaces team-b)";
  Finding b = a;
  b.message = "infra is checked out at 9c0ffee12345, 1 commit behind 0123456789ab; also at clusters/x.yaml:31, "
              "first at line 9";
  EXPECT_EQ(fingerprint_identity(a), fingerprint_identity(b));
  b.message = "infra is checked out at 9c0ffee12345, 2 commits behind 0123456789ab; also at clusters/x.yaml:31, "
              "first at line 9";
  EXPECT_NE(fingerprint_identity(a), fingerprint_identity(b));
}

TEST(FingerprintTest, AFileFindingNamesItsFile) {
  Finding a;
  a.rule = "yaml-syntax";
  a.repo = "infra";
  a.path = "apps/a.yaml";
  a.message = "cannot parse YAML at line 3, column 5: mapping values are not allowed";
  Finding b = a;
  b.path = "apps/b.yaml";
  EXPECT_NE(print(a), print(b));
  EXPECT_EQ(fingerprints({a, a})[1], print(a) + ":2");
}

TEST(FingerprintTest, LegacyBaselinesKeepTheirOwnIdentity) {
  Finding a = drift("a.yaml", 6, "6"), b = drift("a.yaml", 6, "60");
  EXPECT_EQ(legacy_fingerprints({a})[0], legacy_fingerprints({b})[0]);  // digits dropped, as v1 did
  Baseline v1;
  v1.version = 1;
  v1.counts[legacy_fingerprints({a})[0]] = 1;
  std::vector<Finding> findings = {a};
  EXPECT_EQ(drop_baselined(findings, v1), 1u);
}

}  // namespace
}  // namespace driftlint
