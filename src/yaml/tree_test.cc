// Keyed lookups on large maps (the key tables) must answer exactly as the
// plain scan does, from a fresh parse and from the parse cache's encoding.
#include "yaml/tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "yaml/parser.h"
#include "yaml/tree_codec.h"

namespace driftlint::yaml {
namespace {

// What Node::get answered before key tables: the last string key that matches.
Node scan_for(Node map, std::string_view key) {
  for (size_t i = map.size(); i-- > 0;) {
    Node k = map.key_at(i);
    if (k.is_scalar() && !k.is_null() && k.text() == key) return map.value_at(i);
  }
  return {};
}

// A flow map of `keys` keys k0..k(n-1), one a line, then a few awkward ones:
// a repeated key, a key that is a list, and `~` (the string key "null").
std::string wide_map(size_t keys) {
  std::string text = "{\n";
  for (size_t i = 0; i < keys; ++i) text += "k" + std::to_string(i) + ": v" + std::to_string(i) + ",\n";
  text += "k3: again,\n[a, b]: list-key,\n~: null-key,\n'': empty-key\n}\n";
  return text;
}

void expect_lookups_match_a_scan(Node map, size_t keys) {
  for (size_t i = 0; i < keys; ++i) {
    std::string key = "k" + std::to_string(i);
    ASSERT_EQ(map.get(key), scan_for(map, key)) << key;
  }
  for (const std::string& key : std::vector<std::string>{"k3", "null", "", "[a, b]", "absent", "k" + std::to_string(keys)}) {
    EXPECT_EQ(map.get(key), scan_for(map, key)) << key;
  }
  EXPECT_EQ(map.get("k3").text(), "again");  // a key written twice: the last value
  EXPECT_EQ(map.key_node("k3").position().line, keys + 2);
  EXPECT_EQ(map.key_node("k7").position().line, 9u);
  EXPECT_EQ(map.get("null").text(), "null-key");
  EXPECT_EQ(map.get("").text(), "empty-key");
  EXPECT_FALSE(map.get("absent").valid());
}

TEST(TreeTest, LargeMapsHaveKeyTablesAndSmallOnesDoNot) {
  ParsedFile small = parse_yaml(wide_map(Tree::kIndexedMapEntries - 4));  // 16 entries with the extras
  ASSERT_FALSE(small.error) << small.error->message;
  EXPECT_FALSE(small.tree->indexed(small.documents[0].root));
  ParsedFile large = parse_yaml(wide_map(Tree::kIndexedMapEntries - 3));
  ASSERT_FALSE(large.error) << large.error->message;
  EXPECT_TRUE(large.tree->indexed(large.documents[0].root));
}

TEST(TreeTest, KeyTableLookupsAnswerAsAScanDoes) {
  for (size_t keys : {10u, 13u, 100u, 5000u}) {
    ParsedFile f = parse_yaml(wide_map(keys));
    ASSERT_FALSE(f.error) << f.error->message;
    SCOPED_TRACE(keys);
    expect_lookups_match_a_scan(f.documents[0].root, keys);
  }
}

TEST(TreeTest, ATreeFromTheParseCacheHasItsKeyTables) {
  ParsedFile f = parse_yaml(wide_map(5000));
  ASSERT_FALSE(f.error) << f.error->message;
  std::string bytes;
  encode_parsed_file(f, bytes);
  std::string_view in = bytes;
  std::optional<ParsedFile> decoded = decode_parsed_file(in, 1000);
  ASSERT_TRUE(decoded);
  Node root = decoded->documents[0].root;
  EXPECT_TRUE(decoded->tree->indexed(root));
  expect_lookups_match_a_scan(root, 5000);
}

TEST(TreeTest, MergedKeysAreFoundInALargeMap) {
  std::string text = "base: &b {";
  for (int i = 0; i < 40; ++i) text += "m" + std::to_string(i) + ": " + std::to_string(i) + ", ";
  text += "m0: last}\nderived:\n  <<: *b\n  m1: own\n";
  ParsedFile f = parse_yaml(text);
  ASSERT_FALSE(f.error) << f.error->message;
  Node derived = f.documents[0].root.get("derived");
  ASSERT_TRUE(f.tree->indexed(derived));
  EXPECT_EQ(derived.get("m1").text(), "own");
  EXPECT_EQ(derived.get("m0"), scan_for(derived, "m0"));
  EXPECT_EQ(derived.get("m39").as_int(), 39);
  EXPECT_EQ(derived.get("<<"), scan_for(derived, "<<"));
}

// A small tree is copied into lasting memory and a large one (past 512 KB of
// arrays) keeps its own; either way, trees built one after another on a
// thread (whose builder reuses its arrays) read as they were parsed.
TEST(TreeTest, TreesBuiltOneAfterAnotherKeepTheirOwnNodes) {
  const std::vector<size_t> sizes = {20, 200000, 30, 50};
  std::vector<ParsedFile> files;
  for (size_t keys : sizes) files.push_back(parse_yaml(wide_map(keys)));
  for (size_t f = 0; f < files.size(); ++f) {
    ASSERT_EQ(files[f].documents.size(), 1u);
    Node map = files[f].documents[0].root;
    ASSERT_EQ(map.size(), sizes[f] + 4);  // the four awkward entries, k3 again among them
    for (size_t i : {size_t{0}, size_t{7}, sizes[f] / 2, sizes[f] - 1}) {
      std::string key = "k" + std::to_string(i);
      EXPECT_EQ(map.get(key).text(), i == 3 ? "again" : "v" + std::to_string(i)) << key;
      EXPECT_EQ(map.key_node(key).position().line, i + 2) << key;
    }
    EXPECT_EQ(map.get("").text(), "empty-key");
  }
}

}  // namespace
}  // namespace driftlint::yaml
