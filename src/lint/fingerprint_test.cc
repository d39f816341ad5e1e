#include "lint/fingerprint.h"

#include <gtest/gtest.h>

#include "base/hash.h"

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

// The hash is taken from the identity's pieces, never from its text: the two must agree.
TEST(FingerprintTest, APrintIsTheHashOfTheIdentity) {
  for (const Finding& f : {drift("a.yaml", 6, "3"), drift("b/c.yaml", 9, "4")}) {
    EXPECT_EQ(print(f), hex64(fnv1a(fingerprint_identity(f))));
  }
  Finding file_level;
  file_level.rule = "yaml-syntax";
  file_level.path = "x.yaml";
  file_level.message = "x.yaml:3:1: mapping values are not allowed here";
  EXPECT_EQ(print(file_level), hex64(fnv1a(fingerprint_identity(file_level))));
}

// Findings alike are numbered in their order, the first without a number;
// a suppressed one has no print and does not count.
TEST(FingerprintTest, RepeatsAreNumberedInOrder) {
  Finding a = drift("a.yaml", 6, "3"), b = drift("b.yaml", 6, "4");
  Finding hidden = a;
  hidden.suppressed = true;
  std::vector<std::string> prints = open_fingerprints({a, b, a, hidden, a, b});
  std::string pa = print(a), pb = print(b);
  EXPECT_EQ(prints, (std::vector<std::string>{pa, pb, pa + ":2", "", pa + ":3", pb + ":2"}));
  EXPECT_EQ(fingerprints({a, hidden})[1], pa + ":2");  // every finding counts there
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
