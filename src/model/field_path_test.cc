#include "model/field_path.h"

#include <gtest/gtest.h>

#include "yaml/parser.h"

namespace driftlint {
namespace {

std::vector<std::string> paths(const char* path, const char* yaml_text, bool only_present = false) {
  auto spec = parse_field_path(path);
  EXPECT_TRUE(spec) << spec.error().message;
  yaml::ParsedFile f = yaml::parse_yaml(yaml_text);
  std::vector<std::string> out;
  for (const FieldMatch& m : resolve_field_path(*spec, f.documents[0].root)) {
    if (only_present && !m.value.valid()) continue;
    out.push_back(m.path + (m.value.valid() ? "=" + std::string(m.value.text()) : " missing"));
  }
  return out;
}

TEST(FieldPathTest, ResolvesKeysWildcardsIndexesAndQuotedKeys) {
  const char* doc = "spec:\n  containers:\n  - {name: a, image: x:latest}\n  - {name: b}\n  hard: {requests.nvidia.com/gpu: '4'}\n";
  EXPECT_EQ(paths("spec.containers[*].image", doc),
            (std::vector<std::string>{"spec.containers[0].image=x:latest", "spec.containers[1].image missing"}));
  EXPECT_EQ(paths("spec.containers[1].name", doc), (std::vector<std::string>{"spec.containers[1].name=b"}));
  EXPECT_EQ(paths("spec.hard[\"requests.nvidia.com/gpu\"]", doc), (std::vector<std::string>{"spec.hard.requests.nvidia.com/gpu=4"}));
  EXPECT_TRUE(paths("spec.nothing.deeper", doc).empty());  // a missing step in between: nothing to check
  EXPECT_EQ(paths("spec.runtimeClassName", doc), (std::vector<std::string>{"spec.runtimeClassName missing"}));
}

TEST(FieldPathTest, BadPathsSayWhere) {
  for (const char* bad : {"", "a..b", "a[", "a[x]", "a.", ".a", "a]b"}) {
    auto spec = parse_field_path(bad);
    EXPECT_FALSE(spec) << bad;
  }
  EXPECT_NE(parse_field_path("a[x]").error().message.find("at character 2"), std::string::npos);
}

}  // namespace
}  // namespace driftlint
