#include "model/embedded_yaml.h"

#include <gtest/gtest.h>

#include <string>

namespace driftlint {
namespace {

TEST(EmbeddedYamlTest, ALiteralBlockKeepsTheFilesLines) {
  yaml::ParsedFile file = yaml::parse_yaml(
      "kind: WorkflowTemplate\n"
      "spec:\n"
      "  resource:\n"
      "    manifest: |\n"
      "      kind: Job\n"
      "\n"
      "      spec:\n"
      "        image: busybox\n");
  ASSERT_FALSE(file.error);
  yaml::Node resource = file.documents[0].root.path({"spec", "resource"});
  auto parsed = parse_embedded_yaml(resource.key_node("manifest"), resource.get("manifest"));
  ASSERT_TRUE(parsed);
  ASSERT_EQ(parsed->documents.size(), 1u);
  yaml::Node image = parsed->documents[0].root.path({"spec", "image"});
  EXPECT_EQ(image.text(), "busybox");
  EXPECT_EQ(image.position().line, 8u);
  EXPECT_EQ(image.position().column, 16u);
}

TEST(EmbeddedYamlTest, AOneLineStringIsPlacedWhereItIsWritten) {
  yaml::ParsedFile file = yaml::parse_yaml("resource:\n  manifest: '{\"kind\": \"Pod\", \"image\": \"busybox\"}'\n");
  yaml::Node resource = file.documents[0].root.get("resource");
  auto parsed = parse_embedded_yaml(resource.key_node("manifest"), resource.get("manifest"));
  ASSERT_TRUE(parsed);
  yaml::Node image = parsed->documents[0].root.get("image");
  EXPECT_EQ(image.position().line, 2u);
  EXPECT_EQ(image.position().column, 39u);
}

// Past the lines a node keeps (yaml/tree.h) a string's line is unknown, and
// so is every place in the YAML it holds: never lines counted from 1.
TEST(EmbeddedYamlTest, AStringWhoseLineIsUnknownPlacesNothing) {
  std::string text(yaml::NodeData::kMaxLine, '\n');
  text += "resource:\n  manifest: |\n    kind: Job\n    image: busybox\n  other: '{\"image\": \"nginx\"}'\n";
  yaml::ParsedFile file = yaml::parse_yaml(text);
  yaml::Node resource = file.documents.at(0).root.get("resource");
  for (const char* key : {"manifest", "other"}) {
    ASSERT_EQ(resource.get(key).position().line, 0u) << key;
    auto parsed = parse_embedded_yaml(resource.key_node(key), resource.get(key));
    ASSERT_TRUE(parsed) << key;
    yaml::Node image = parsed->documents.at(0).root.get("image");
    EXPECT_FALSE(image.text().empty()) << key;
    EXPECT_EQ(image.position().line, 0u) << key;
    EXPECT_EQ(image.position().column, 0u) << key;
  }
}

TEST(EmbeddedYamlTest, TemplatesAndEscapedLineBreaksAreNotRead) {
  yaml::ParsedFile file = yaml::parse_yaml(
      "a:\n  manifest: |\n    metadata: {name: {{workflow.name}}}\n"
      "b:\n  manifest: \"kind: Pod\\nspec: {}\\n\"\n  action: create\n");
  yaml::Node a = file.documents[0].root.get("a");
  yaml::Node b = file.documents[0].root.get("b");
  EXPECT_FALSE(parse_embedded_yaml(a.key_node("manifest"), a.get("manifest")));
  EXPECT_FALSE(parse_embedded_yaml(b.key_node("manifest"), b.get("manifest")));
}

}  // namespace
}  // namespace driftlint
