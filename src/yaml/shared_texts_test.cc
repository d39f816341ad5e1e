#include "yaml/shared_texts.h"

#include <gtest/gtest.h>

#include <string>

#include "yaml/parser.h"
#include "yaml/tree.h"
#include "yaml/tree_codec.h"

namespace driftlint::yaml {
namespace {

TEST(SharedTextsTest, EveryTextIsFoundByItsNumberAndNothingElseIs) {
  ASSERT_GT(kSharedTextCount, 1000u);
  for (uint32_t id = 0; id < kSharedTextCount; ++id) {
    ASSERT_EQ(shared_text_id(kSharedTexts[id]), id) << kSharedTexts[id];
    if (id > 0) ASSERT_LT(kSharedTexts[id - 1], kSharedTexts[id]);  // sorted, so each once
  }
  for (std::string_view other : {"", "a", "apiVersio", "apiVersionX", "ApiVersion", "my-app", "nvidia.com/gpu"}) {
    EXPECT_EQ(shared_text_id(other), kNoSharedText) << other;
  }
  EXPECT_NE(shared_text_id("apiVersion"), kNoSharedText);
  EXPECT_NE(shared_text_id("apps/v1"), kNoSharedText);
  EXPECT_NE(shared_text_id("ClusterQueue"), kNoSharedText);
}

TEST(SharedTextsTest, SharedStringsReadAsTheirTextFromAParseAndFromTheCache) {
  ParsedFile parsed = parse_yaml(
      "apiVersion: apps/v1\nkind: \"Deployment\"\nmetadata: {name: web, namespace: x}\n"
      "spec:\n  replicas: 3\n  paused: true\n  true: name\n  template: {spec: {containers: [{name: c, image: nginx}]}}\n");
  std::string bytes;
  encode_parsed_file(parsed, bytes);
  std::string_view in = bytes;
  std::optional<ParsedFile> decoded = decode_parsed_file(in, 100);
  ASSERT_TRUE(decoded);
  for (const ParsedFile* file : {&parsed, &*decoded}) {
    Node root = file->documents.at(0).root;
    EXPECT_EQ(root.get("apiVersion").as_string(), "apps/v1");
    EXPECT_EQ(root.get("kind").as_string(), "Deployment");
    EXPECT_TRUE(root.get("kind").quoted());
    EXPECT_EQ(root.path({"metadata", "name"}).as_string(), "web");
    EXPECT_EQ(root.path({"spec", "replicas"}).as_int(), 3);
    EXPECT_EQ(root.path({"spec", "paused"}).as_bool(), true);
    EXPECT_EQ(root.path({"spec", "true"}).as_string(), "name");  // a key `true` is the string "true", its value shared
    EXPECT_EQ(root.path({"spec", "template", "spec", "containers"}).element(0).get("image").text(), "nginx");
    EXPECT_TRUE(file->tree->may_hold("apiVersion"));  // shared, so not in the tree's own text
    EXPECT_TRUE(file->tree->may_hold("Versio"));
    EXPECT_TRUE(file->tree->may_hold("nginx"));
    EXPECT_FALSE(file->tree->may_hold("driftlint.io/ignore"));
  }
}

TEST(SharedTextsTest, ACacheEntryNamingNoSharedTextIsRefused) {
  ParsedFile parsed = parse_yaml("kind: Pod\n");
  std::string bytes;
  encode_parsed_file(parsed, bytes);
  NodeData kind;  // the value "Pod", shared
  kind.kind = NodeKind::Scalar;
  kind.scalar_type = ScalarType::String;
  kind.bool_value = true;
  kind.set_position({1, 7});
  kind.short_length = 3;
  kind.offset = shared_text_id("Pod");
  std::string encoded(reinterpret_cast<const char*>(&kind), sizeof kind);
  size_t at = bytes.find(encoded);
  ASSERT_NE(at, std::string::npos);
  for (uint32_t offset : {kSharedTextCount, kSharedTextCount + 7, uint32_t{0xffffffff}}) {
    NodeData damaged = kind;
    damaged.offset = offset;
    std::string copy = bytes;
    copy.replace(at, sizeof damaged, std::string(reinterpret_cast<const char*>(&damaged), sizeof damaged));
    std::string_view in = copy;
    EXPECT_FALSE(decode_parsed_file(in, 100)) << offset;
  }
  NodeData other_length = kind;
  other_length.short_length = 4;
  bytes.replace(at, sizeof kind, std::string(reinterpret_cast<const char*>(&other_length), sizeof kind));
  std::string_view in = bytes;
  EXPECT_FALSE(decode_parsed_file(in, 100));
}

}  // namespace
}  // namespace driftlint::yaml
