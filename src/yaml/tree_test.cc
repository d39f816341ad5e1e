// Keyed lookups on large maps (the key tables) must answer exactly as the
// plain scan does, from a fresh parse and from the parse cache's encoding.
#include "yaml/tree.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
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

// A node keeps a length under 1,023 itself; a longer one is the first word
// of its text or child ids (NodeData::kLongLength). Both read whole, from a
// fresh parse and from the parse cache's encoding (copied and borrowed).
TEST(TreeTest, LongTextsListsAndMapsReadWhole) {
  const std::vector<size_t> lengths = {1022, 1023, 1024, 100000};
  std::string text;
  for (size_t n : lengths) text += "text" + std::to_string(n) + ": " + std::string(n, 'x') + "\n";
  for (size_t n : lengths) {
    text += "list" + std::to_string(n) + ":\n";
    for (size_t i = 0; i < n; ++i) text += "- i" + std::to_string(i) + "\n";
  }
  for (size_t keys : {510u, 511u, 512u}) {
    text += "map" + std::to_string(keys) + ":\n";
    for (size_t i = 0; i < keys; ++i) text += "  k" + std::to_string(i) + ": v" + std::to_string(i) + "\n";
  }
  ParsedFile parsed = parse_yaml(text);
  ASSERT_FALSE(parsed.error);
  std::string pack;
  encode_parsed_file(parsed, pack);
  std::string_view copied_in = pack;
  std::optional<ParsedFile> copied = decode_parsed_file(copied_in, 1000);
  auto aligned = std::make_shared<std::vector<uint64_t>>(pack.size() / 8 + 1);
  std::memcpy(aligned->data(), pack.data(), pack.size());
  std::string_view borrowed_in(reinterpret_cast<const char*>(aligned->data()), pack.size());
  std::optional<ParsedFile> borrowed = decode_parsed_file(borrowed_in, 1000, aligned);
  ASSERT_TRUE(copied && borrowed);
  for (const ParsedFile* file : {&parsed, &*copied, &*borrowed}) {
    Node root = file->documents.at(0).root;
    for (size_t n : lengths) {
      EXPECT_EQ(root.get("text" + std::to_string(n)).text(), std::string(n, 'x')) << n;
      Node list = root.get("list" + std::to_string(n));
      ASSERT_EQ(list.size(), n);
      EXPECT_EQ(list.element(0).text(), "i0");
      EXPECT_EQ(list.element(n - 1).text(), "i" + std::to_string(n - 1));
    }
    for (size_t keys : {510u, 511u, 512u}) {
      Node map = root.get("map" + std::to_string(keys));
      ASSERT_EQ(map.size(), keys);
      EXPECT_EQ(map.get("k0").text(), "v0");
      EXPECT_EQ(map.get("k" + std::to_string(keys - 1)).text(), "v" + std::to_string(keys - 1));
    }
  }
}

// A long length's word is checked like any offset: one that points past the
// text makes the encoding damaged, never read.
TEST(TreeTest, ALongLengthPastTheTextIsRefused) {
  ParsedFile parsed = parse_yaml("a: " + std::string(2000, 'x') + "\n");
  std::string pack;
  encode_parsed_file(parsed, pack);
  const std::string word("\xd0\x07\x00\x00", 4);  // 2,000, little-endian, before the text
  size_t at = pack.find(word + "xxxx");
  ASSERT_NE(at, std::string::npos);
  std::string_view in = pack;
  EXPECT_TRUE(decode_parsed_file(in, 1000));
  pack[at + 1] = '\x08';  // 2,256
  in = pack;
  EXPECT_FALSE(decode_parsed_file(in, 1000));
}

// Equal short scalars of a tree share their bytes; what they read is the same.
TEST(TreeTest, RepeatedTextsAreKeptOnce) {
  std::string long_text(100, 'y');
  ParsedFile parsed = parse_yaml("a: name\nb: name\nname: {name: x}\nc: " + long_text + "\nd: " + long_text + "\n");
  Node root = parsed.documents.at(0).root;
  EXPECT_EQ(root.get("a").text().data(), root.get("b").text().data());
  EXPECT_EQ(root.get("a").text().data(), root.key_node("name").text().data());
  EXPECT_EQ(root.get("name").get("name").text(), "x");
  EXPECT_EQ(root.get("c").text(), long_text);
  EXPECT_EQ(root.get("d").text(), long_text);
}

// A line number past 22 bits is kept as unknown (0), with its column, never wrapped.
TEST(TreeTest, ALinePastTheLimitIsUnknown) {
  std::string text(NodeData::kMaxLine - 1, '\n');
  text += "a: 1\nb: 2\n";
  ParsedFile parsed = parse_yaml(text);
  Node root = parsed.documents.at(0).root;
  EXPECT_EQ(root.key_node("a").position().line, NodeData::kMaxLine);
  EXPECT_EQ(root.key_node("a").position().column, 1u);
  EXPECT_EQ(root.key_node("b").position().line, 0u);
  EXPECT_EQ(root.key_node("b").position().column, 0u);
  EXPECT_EQ(root.get("b").text(), "2");
}

}  // namespace
}  // namespace driftlint::yaml
