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

namespace {

std::string bytes_of(const NodeData& d) { return std::string(reinterpret_cast<const char*>(&d), sizeof d); }

// The NodeData of a short sequence `list` of a parsed tree, as encoded.
NodeData sequence_data(Node list, bool adjacent, uint32_t offset) {
  NodeData d;
  d.kind = NodeKind::Sequence;
  d.set_position(list.position());
  d.bool_value = adjacent;
  d.short_length = static_cast<uint32_t>(list.size());
  d.offset = offset;
  return d;
}

}  // namespace

// The builder places each node in at most one container's block of
// adjacent children. A pack whose adjacent blocks add up to more nodes than
// it holds is refused: containers sharing a block would each be walked and
// indexed again (see the next test).
TEST(TreeCodecTest, AdjacentBlocksCoveringMoreNodesThanThePackHoldsAreRefused) {
  ParsedFile parsed = parse_yaml("a: [1, 2]\nb: [3, 4]\nc: [5, 6]\n");
  Node root = parsed.documents[0].root;
  Node a = root.get("a"), c = root.get("c");
  ASSERT_EQ(c.element(0).id() + 1, c.element(1).id());  // laid out side by side
  std::string pack;
  encode_parsed_file(parsed, pack);
  NodeData list = sequence_data(c, true, c.element(0).id());
  size_t at = pack.find(bytes_of(list));
  ASSERT_NE(at, std::string::npos);
  std::string_view in = pack;
  ASSERT_TRUE(decode_parsed_file(in, 1000));
  list.offset = a.element(0).id();  // a's block and the next two: 6 + 2 + 2 + 6 of 13 nodes
  list.short_length = 6;
  ASSERT_LE(list.offset + 6u, parsed.tree->node_count());
  pack.replace(at, sizeof list, bytes_of(list));
  in = pack;
  EXPECT_FALSE(decode_parsed_file(in, 1000));
}

// A container whose children are not all its own (an alias) keeps a list
// of child ids. A pack whose lists' spans add up to more ids than it holds
// is refused: containers sharing a range would each be walked and indexed
// again, so a pack of 264 KB took 1.2 GB and 15 s to accept.
TEST(TreeCodecTest, ListsSpanningMoreIdsThanThePackHoldsAreRefused) {
  ParsedFile parsed = parse_yaml("x: &x [1, 2]\na: [*x]\nb: [*x]\n");
  Node root = parsed.documents[0].root;
  std::string pack;
  encode_parsed_file(parsed, pack);
  NodeData b = sequence_data(root.get("b"), false, 1);  // the second of two lists of one id each
  size_t at = pack.find(bytes_of(b));
  ASSERT_NE(at, std::string::npos);
  std::string_view in = pack;
  ASSERT_TRUE(decode_parsed_file(in, 1000));
  b.offset = 0;  // the first list's id and its own: every id valid, 1 + 2 spans of 2 ids
  b.short_length = 2;
  pack.replace(at, sizeof b, bytes_of(b));
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
