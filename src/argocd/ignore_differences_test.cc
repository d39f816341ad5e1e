#include "argocd/ignore_differences.h"

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

TEST(IgnoreDifferencesTest, PointersAndSimpleJq) {
  IgnoreDifference d;
  d.group = "apps";
  d.kind = "Deployment";
  d.json_pointers = {"/spec/replicas", "/metadata/annotations/a~1b"};
  d.jq_path_expressions = {".spec.template.spec.containers[] | select(.name == \"side\").image", "..|.x? // empty"};
  d.managed_fields_managers = {"kyverno"};
  ObjectIdentity id;
  id.group = "apps";
  id.kind = "Deployment";
  IgnoreMatcher matcher({d}, id);
  DiffOptions options;
  options.ignored = [&](const FieldPath& path) { return matcher.ignored(path); };
  EXPECT_TRUE(diffs("spec: {replicas: 1, template: {spec: {containers: [{name: side, image: a}]}}}\nmetadata: {annotations: {a/b: x}}\n",
                    "spec: {replicas: 3, template: {spec: {containers: [{name: side, image: b}]}}}\nmetadata: {annotations: {a/b: y}}\n",
                    options)
                  .empty());
  EXPECT_EQ(diffs("spec: {template: {spec: {containers: [{name: main, image: a}]}}}\n",
                  "spec: {template: {spec: {containers: [{name: main, image: b}]}}}\n", options)
                .size(),
            1u);
  EXPECT_EQ(matcher.unjudged(), (std::vector<std::string>{"jqPathExpressions '..|.x? // empty'", "managedFieldsManagers 'kyverno'"}));
  ObjectIdentity other;
  other.kind = "ConfigMap";
  EXPECT_TRUE(IgnoreMatcher({d}, other).unjudged().empty());  // the entry is for Deployments only
}

TEST(IgnoreDifferencesTest, JsonPointerEscapes) {
  EXPECT_EQ(parse_json_pointer("/a/b~1c/d~0e"), (std::vector<std::string>{"a", "b/c", "d~e"}));
  EXPECT_TRUE(parse_json_pointer("no-slash").empty());
}

TEST(IgnoreDifferencesTest, SystemLevelEntriesMergeWithTheAppsAndGroupsAndKindsAreGlobs) {
  IgnoreDifference app;
  app.group = "apps";
  app.kind = "Deploy*";
  app.json_pointers = {"/spec/replicas"};
  IgnoreDifference all;  // resource.customizations.ignoreDifferences.all
  all.group = "*";
  all.kind = "*";
  all.json_pointers = {"/metadata/labels"};
  all.managed_fields_managers = {"hpa"};
  IgnoreDifference config_maps;  // resource.customizations.ignoreDifferences.ConfigMap
  config_maps.kind = "ConfigMap";
  config_maps.json_pointers = {"/data"};
  ObjectIdentity deployment;
  deployment.group = "apps";
  deployment.kind = "Deployment";
  IgnoreMatcher m({app}, {all, config_maps}, deployment);
  EXPECT_TRUE(m.ignored({{"spec", false, ""}, {"replicas", false, ""}}));
  EXPECT_TRUE(m.ignored({{"metadata", false, ""}, {"labels", false, ""}, {"a", false, ""}}));
  EXPECT_FALSE(m.ignored({{"data", false, ""}, {"a", false, ""}}));  // ConfigMaps only
  EXPECT_EQ(m.unjudged(), std::vector<std::string>{"managedFieldsManagers 'hpa'"});
  ObjectIdentity config_map;
  config_map.kind = "ConfigMap";
  EXPECT_TRUE(IgnoreMatcher({}, {config_maps}, config_map).ignored({{"data", false, ""}, {"a", false, ""}}));
}

}  // namespace
}  // namespace driftlint
