// A sealed tree lays each container's children side by side
// (TreeArrays::lay_out_children): its nodes are numbered again, so these
// tests check that everything holding a node id follows it, that shared
// nodes (aliases, merge keys) keep their lists, and that readers see the
// same tree, from a fresh parse and from the parse cache's encoding.
#include <gtest/gtest.h>

#include <string>

#include "yaml/parser.h"
#include "yaml/tree.h"
#include "yaml/tree_codec.h"

namespace driftlint::yaml {
namespace {

ParsedFile through_the_cache(const ParsedFile& parsed) {
  std::string bytes;
  encode_parsed_file(parsed, bytes);
  std::string_view in = bytes;
  std::optional<ParsedFile> decoded = decode_parsed_file(in, 1000);
  EXPECT_TRUE(decoded.has_value());
  return decoded ? std::move(*decoded) : ParsedFile{};
}

TEST(TreeLayoutTest, AContainersChildrenAreConsecutiveNodes) {
  ParsedFile parsed = parse_yaml("kind: Pod\nmetadata: {name: p, labels: {a: b}}\nspec:\n  containers: [x, y, z]\n");
  for (const ParsedFile& file : {parsed, through_the_cache(parsed)}) {
    Node root = file.documents.at(0).root;
    ASSERT_EQ(root.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(root.key_at(i).id(), root.key_at(0).id() + 2 * i);
      EXPECT_EQ(root.value_at(i).id(), root.key_at(i).id() + 1);
      EXPECT_GT(root.key_at(i).id(), root.id());
    }
    Node containers = root.path({"spec", "containers"});
    EXPECT_EQ(containers.element(2).id(), containers.element(0).id() + 2);
    EXPECT_EQ(containers.element(1).text(), "y");
    EXPECT_EQ(root.path({"metadata", "labels", "a"}).text(), "b");
    EXPECT_EQ(root.path({"metadata", "name"}).position().column, 18u);
  }
}

TEST(TreeLayoutTest, SharedNodesKeepTheirLists) {
  ParsedFile parsed = parse_yaml("base: &b {x: 1, w: 2}\nuse: {<<: *b, z: 3}\npair: [*b, *b]\nsame: *b\n");
  for (const ParsedFile& file : {parsed, through_the_cache(parsed)}) {
    Node root = file.documents.at(0).root;
    Node base = root.get("base"), use = root.get("use"), pair = root.get("pair");
    EXPECT_EQ(use.size(), 3u);
    EXPECT_EQ(use.get("x"), base.get("x"));  // merged in: the same nodes
    EXPECT_EQ(use.get("w").text(), "2");
    EXPECT_EQ(use.get("z").text(), "3");
    EXPECT_EQ(pair.size(), 2u);
    EXPECT_EQ(pair.element(0), base);
    EXPECT_EQ(pair.element(1), base);
    EXPECT_EQ(root.get("same"), base);
  }
}

TEST(TreeLayoutTest, DocumentsAndDuplicateKeysFollowTheirNodes) {
  ParsedFile parsed = parse_yaml("a: 1\nb: [2]\na: 3\n---\nc: {d: 4, d: 5}\n---\n");
  for (const ParsedFile& file : {parsed, through_the_cache(parsed)}) {
    ASSERT_EQ(file.documents.size(), 3u);
    EXPECT_EQ(file.documents[0].root.get("a").text(), "3");
    EXPECT_EQ(file.documents[1].root.path({"c", "d"}).text(), "5");
    EXPECT_TRUE(file.documents[2].root.is_null());
    ASSERT_EQ(file.duplicate_keys.size(), 2u);
    EXPECT_EQ(file.duplicate_keys[0].key.text(), "a");
    EXPECT_EQ(file.duplicate_keys[0].key.position().line, 3u);
    EXPECT_EQ(file.duplicate_keys[0].first.position().line, 1u);
    EXPECT_EQ(file.duplicate_keys[1].key.text(), "d");
    EXPECT_EQ(file.duplicate_keys[1].key.position().column, 11u);
  }
}

TEST(TreeLayoutTest, ManyChildrenAreListed) {
  std::string text = "[";
  for (int i = 0; i < 2000; ++i) text += std::to_string(i) + ",";
  text += "last]\n";
  ParsedFile parsed = parse_yaml(text);
  for (const ParsedFile& file : {parsed, through_the_cache(parsed)}) {
    Node list = file.documents.at(0).root;
    ASSERT_EQ(list.size(), 2001u);
    EXPECT_EQ(list.element(0).text(), "0");
    EXPECT_EQ(list.element(1999).text(), "1999");
    EXPECT_EQ(list.element(2000).text(), "last");
  }
}

TEST(TreeLayoutTest, ADocumentCutShortKeepsItsNodes) {
  ParsedFile parsed = parse_yaml("a: 1\n---\nb: [1, {c: 2\n");
  ASSERT_TRUE(parsed.error.has_value());
  EXPECT_EQ(parsed.documents.at(0).root.get("a").text(), "1");
  ParsedFile decoded = through_the_cache(parsed);
  EXPECT_EQ(decoded.tree->node_count(), parsed.tree->node_count());
  EXPECT_EQ(decoded.documents.at(0).root.get("a").text(), "1");
}

TEST(TreeLayoutTest, NextInTextIsWhatFollowsANodeInTheText) {
  ParsedFile parsed = parse_yaml("a:\n  block: |\n    x\n    y\n  quoted: \"x\\ny\"\n  last: z\nb: [1, 2]\n");
  for (const ParsedFile& file : {parsed, through_the_cache(parsed)}) {
    const Tree& tree = *file.tree;
    Node a = file.documents.at(0).root.get("a");
    EXPECT_EQ(tree.next_in_text(a.get("block")), a.key_node("quoted"));
    EXPECT_EQ(tree.next_in_text(a.get("quoted")), a.key_node("last"));
    EXPECT_EQ(tree.next_in_text(a.get("last")).text(), "b");  // past the end of its map
    EXPECT_EQ(tree.next_in_text(file.documents[0].root.get("b").element(0)).text(), "2");
    EXPECT_FALSE(tree.next_in_text(file.documents[0].root.get("b").element(1)).valid());
    EXPECT_FALSE(tree.next_in_text(Node()).valid());
  }
}

}  // namespace
}  // namespace driftlint::yaml
