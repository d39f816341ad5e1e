#include "drift/diff.h"

#include <gtest/gtest.h>

#include "yaml/json.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

struct Pair {
  yaml::ParsedFile desired, live;
};

Pair parse(const char* desired, const char* live) {
  return {yaml::parse_yaml(desired), yaml::parse_yaml(live)};
}

std::vector<std::string> diffs(const char* desired, const char* live, DiffOptions options = {}) {
  Pair p = parse(desired, live);
  std::vector<std::string> out;
  for (const FieldDiff& d : diff_objects(p.desired.documents[0].root, p.live.documents[0].root, options)) {
    out.push_back(display_path(d.path) + " " + display_value(d.live) + " " + display_value(d.desired));
  }
  return out;
}

TEST(DiffTest, NormalisesQuantitiesNumbersAndEmptiness) {
  EXPECT_TRUE(diffs("cpu: 1\nmem: 1Gi\nn: 3\ns: '10'\nempty: {}\nlist: []\nnull_key:\n",
                    "cpu: 1000m\nmem: 1024Mi\nn: '3'\ns: 10\nextra: x\n")
                  .empty());
  EXPECT_EQ(diffs("cpu: 1\n", "cpu: 1100m\n"), (std::vector<std::string>{"cpu \"1100m\" 1"}));
  EXPECT_EQ(diffs("a: {b: x}\n", "a: {}\n"), (std::vector<std::string>{"a.b (absent) \"x\""}));
}

TEST(DiffTest, IgnoresServerFieldsAndStatus) {
  EXPECT_TRUE(diffs("metadata: {name: a, uid: old, annotations: {argocd.argoproj.io/tracking-id: x}}\nstatus: {a: 1}\n",
                    "metadata: {name: a, uid: new, annotations: {argocd.argoproj.io/tracking-id: y}}\nstatus: {a: 2}\n")
                  .empty());
}

TEST(DiffTest, MatchesNamedListsByNameAndOthersByIndex) {
  EXPECT_TRUE(diffs("c: [{name: a, image: x}, {name: b, image: y}]\n", "c: [{name: b, image: y}, {name: a, image: x}]\n").empty());
  EXPECT_EQ(diffs("c: [{name: a, image: x}]\n", "c: [{name: a, image: z}]\n"),
            (std::vector<std::string>{"c[name=a].image \"z\" \"x\""}));
  // Names used twice cannot key a list: it is compared by position.
  EXPECT_TRUE(diffs("e: [{name: '*', kind: A}, {name: '*', kind: B}]\n", "e: [{name: '*', kind: A}, {name: '*', kind: B}]\n").empty());
  EXPECT_EQ(diffs("e: [{name: '*', kind: A}, {name: '*', kind: B}]\n", "e: [{name: '*', kind: B}, {name: '*', kind: A}]\n").size(), 2u);
  // A scalar list of another length is reverted as a whole.
  EXPECT_EQ(diffs("s: [a, b]\n", "s: [a]\n"), (std::vector<std::string>{"s [\"a\"] [\"a\",\"b\"]"}));
}

TEST(DiffTest, DuplicateKeysCountWithTheirLastValue) {
  EXPECT_TRUE(diffs("data: {k: '2', k: '4'}\n", "data: {k: '4'}\n").empty());
}

TEST(DiffTest, LiveOnlyKeysOnlyWhenStrict) {
  DiffOptions strict;
  strict.live_only_keys = true;
  EXPECT_TRUE(diffs("data: {a: '1'}\n", "data: {a: '1', b: '2'}\n").empty());
  EXPECT_EQ(diffs("data: {a: '1'}\nmetadata: {name: x}\n",
                  "data: {a: '1', b: '2'}\nmetadata: {name: x, annotations: {argocd.argoproj.io/tracking-id: t}}\n", strict),
            (std::vector<std::string>{"data.b \"2\" (absent)"}));
}

TEST(DiffTest, SecretValuesAreNeverCompared) {
  DiffOptions secret;
  secret.secret = true;
  EXPECT_TRUE(diffs("stringData: {t: a}\ndata: {u: b}\n", "data: {t: YQ==, u: c}\n", secret).empty());
}

TEST(DiffTest, DisplayPathQuotesDottedKeys) {
  FieldPath path = {{"spec", false, {}}, {"hard", false, {}}, {"requests.nvidia.com/gpu", false, {}}};
  EXPECT_EQ(display_path(path), "spec.hard[\"requests.nvidia.com/gpu\"]");
}

}  // namespace
}  // namespace driftlint
