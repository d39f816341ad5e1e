// The depth limit holds on every path of a tree, aliases included: the tree
// builder refuses an alias that would nest deeper, and the parse cache's
// decoder refuses a pack whose shared nodes make a path deeper (it used to
// check each node once, on the first path that reached it).
#include "yaml/tree_codec.h"

#include <gtest/gtest.h>

#include "yaml/parser.h"

namespace driftlint::yaml {
namespace {

// Block sequences nested `levels` deep on one line ("- - - x").
std::string nested(size_t levels, const std::string& inside) {
  std::string out;
  for (size_t i = 0; i < levels; ++i) out += "- ";
  return out + inside;
}

// One anchored chain 600 deep, used again 600 deep: 1,201 levels through the alias.
std::string alias_deepened() { return "a: &x\n" + nested(600, "1") + "\nb:\n" + nested(600, "*x") + "\n"; }

TEST(TreeCodecTest, AnAliasCannotNestDeeperThanTheLimit) {
  ParsedFile parsed = parse_yaml(alias_deepened());
  ASSERT_TRUE(parsed.error);
  EXPECT_EQ(parsed.error->message, "nesting is deeper than 1000 levels; raise --max-nesting-depth to allow it");
  EXPECT_EQ(parsed.error->position.line, 4u);
  ParseLimits raised;
  raised.max_depth = 1201;
  EXPECT_FALSE(parse_yaml(alias_deepened(), raised).error);
  raised.max_depth = 1200;
  EXPECT_TRUE(parse_yaml(alias_deepened(), raised).error);
}

TEST(TreeCodecTest, TheDecoderCountsDepthOnEveryPathThroughSharedNodes) {
  ParseLimits raised;
  raised.max_depth = 5000;
  ParsedFile parsed = parse_yaml(alias_deepened(), raised);
  ASSERT_FALSE(parsed.error);
  std::string pack;
  encode_parsed_file(parsed, pack);
  std::string_view in = pack;
  EXPECT_FALSE(decode_parsed_file(in, 1000)) << "the shared chain reached 601 deep makes a path of 1,201";
  in = pack;
  EXPECT_FALSE(decode_parsed_file(in, 1200));
  in = pack;
  std::optional<ParsedFile> decoded = decode_parsed_file(in, 1201);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->documents.size(), 1u);
}

TEST(TreeCodecTest, EveryTreeTheParserBuildsDecodesWithinItsLimit) {
  for (size_t limit : {1u, 2u, 3u, 10u}) {
    ParseLimits limits;
    limits.max_depth = limit;
    for (const std::string& text : {std::string("a: [[1]]\n"), std::string("a: &x [1]\nb: [*x]\n"), std::string("[]"),
                                    std::string("a: &x {b: [c]}\nd: {e: *x}\n"), std::string("x")}) {
      ParsedFile parsed = parse_yaml(text, limits);
      if (parsed.error) continue;
      std::string pack;
      encode_parsed_file(parsed, pack);
      std::string_view in = pack;
      EXPECT_TRUE(decode_parsed_file(in, limit)) << text << " at limit " << limit;
    }
  }
}

// The builder gives each container child ids of its own. A pack whose
// containers' spans add up to more ids than it holds is refused: containers
// sharing a range would each be walked and indexed again, so a pack of
// 264 KB took 1.2 GB and 15 s to accept.
TEST(TreeCodecTest, ContainersSpanningMoreIdsThanThePackHoldsAreRefused) {
  ParsedFile parsed = parse_yaml("a: [1, 2]\nb: [3, 4]\n");
  std::string pack;
  encode_parsed_file(parsed, pack);
  NodeData second;  // b's list: line 2, column 4; its ids are the second pair of the four lists' ids
  second.kind = NodeKind::Sequence;
  second.set_position({2, 4});
  second.short_length = 2;
  second.offset = 2;
  auto bytes = [](const NodeData& d) { return std::string(reinterpret_cast<const char*>(&d), sizeof d); };
  size_t at = pack.find(bytes(second));
  ASSERT_NE(at, std::string::npos);
  std::string_view in = pack;
  ASSERT_TRUE(decode_parsed_file(in, 1000));
  second.offset = 0;  // the first list's ids and its own: every id valid, 2 + 4 + 4 spans of 8 ids
  second.short_length = 4;
  pack.replace(at, sizeof second, bytes(second));
  in = pack;
  EXPECT_FALSE(decode_parsed_file(in, 1000));
}

TEST(TreeCodecTest, RefusesDamageInsteadOfFollowingIt) {
  ParsedFile parsed = parse_yaml("a: &x [1, 2]\nb: *x\nc: {d: e}\n");
  std::string bytes;
  encode_parsed_file(parsed, bytes);
  std::string_view in = bytes;
  ASSERT_TRUE(decode_parsed_file(in, 100));
  EXPECT_TRUE(in.empty());
  // Every single-byte change is either refused or decodes to a tree that is
  // still within bounds (a changed letter is not a structural error).
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (char c : {'\x00', '\x01', '\x7f', '\xff'}) {
      std::string damaged = bytes;
      damaged[i] = c;
      std::string_view view = damaged;
      auto decoded = decode_parsed_file(view, 100);
      if (decoded) {
        for (const Document& d : decoded->documents) {
          if (d.root.is_map()) {
            for (auto [k, v] : d.root.entries()) (void)v.text();
          }
        }
      }
    }
  }
  // An empty file round-trips, with and without memory to borrow.
  std::string empty;
  encode_parsed_file(parse_yaml(""), empty);
  std::string_view empty_view = empty;
  EXPECT_TRUE(decode_parsed_file(empty_view, 100));
  // Depth over the limit is refused.
  std::string_view again = bytes;
  EXPECT_FALSE(decode_parsed_file(again, 1));
}

}  // namespace
}  // namespace driftlint::yaml
