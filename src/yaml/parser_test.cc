#include "yaml/parser.h"

#include <gtest/gtest.h>

#include <string>

namespace driftlint::yaml {
namespace {

TEST(ParserTest, KeepsPositionsOfKeysAndValues) {
  ParsedFile f = parse_yaml("apiVersion: v1\nkind: ResourceQuota\nspec:\n  hard:\n    requests.nvidia.com/gpu: 4\n");
  ASSERT_FALSE(f.error) << f.error->message;
  ASSERT_EQ(f.documents.size(), 1u);
  Node hard = f.documents[0].root.path({"spec", "hard"});
  ASSERT_TRUE(hard.is_map());
  Node key = hard.key_node("requests.nvidia.com/gpu");
  EXPECT_EQ(key.position().line, 5u);
  EXPECT_EQ(key.position().column, 5u);
  EXPECT_EQ(hard.get("requests.nvidia.com/gpu").as_int(), 4);
}

// A node's column is kept in 25 bits (NodeData is 12 bytes); past them, on a
// line over 32 MB long, the column is "not known" and the line still told.
TEST(ParserTest, AColumnPastItsBitsIsNotKnownButTheLineIs) {
  std::string text = "first: line\nsecond: {a: " + std::string(NodeData::kMaxColumn, 'x') + ", b: 1}\n";
  ParsedFile f = parse_yaml(text);
  ASSERT_FALSE(f.error) << f.error->message;
  Node second = f.documents[0].root.get("second");
  EXPECT_EQ(second.position().line, 2u);
  EXPECT_EQ(second.position().column, 9u);
  Node b = second.key_node("b");
  ASSERT_TRUE(b.valid());
  EXPECT_EQ(b.position().line, 2u);
  EXPECT_EQ(b.position().column, 0u);
  EXPECT_EQ(second.get("b").as_int(), 1);
}

TEST(ParserTest, TypesScalarsLikeKubernetes) {
  ParsedFile f = parse_yaml("a: yes\nb: \"yes\"\nc: 010\nd: '10'\ne: ~\nf: 1.5\ng: |\n  text\n");
  ASSERT_FALSE(f.error);
  Node root = f.documents[0].root;
  EXPECT_EQ(root.get("a").as_bool(), true);
  EXPECT_FALSE(root.get("a").is_string());
  EXPECT_EQ(root.get("b").as_string(), "yes");
  EXPECT_EQ(root.get("c").as_int(), 8);
  EXPECT_EQ(root.get("d").as_string(), "10");
  EXPECT_TRUE(root.get("e").is_null());
  EXPECT_DOUBLE_EQ(*root.get("f").as_number(), 1.5);
  EXPECT_EQ(root.get("g").as_string(), "text\n");
}

TEST(ParserTest, NormalisesNonStringKeysAsJsonDoes) {
  ParsedFile f = parse_yaml("on: 1\n0x10: 2\n");
  ASSERT_FALSE(f.error);
  EXPECT_EQ(f.documents[0].root.get("true").as_int(), 1);
  EXPECT_EQ(f.documents[0].root.get("16").as_int(), 2);
}

TEST(ParserTest, ManyDocumentsAndEmptyOnes) {
  ParsedFile f = parse_yaml("---\na: 1\n---\n---\n# only a comment\n---\nb: 2\n");
  ASSERT_FALSE(f.error);
  ASSERT_EQ(f.documents.size(), 4u);
  EXPECT_TRUE(f.documents[0].root.is_map());
  EXPECT_FALSE(f.documents[1].root.is_map());
  EXPECT_EQ(f.documents[3].root.get("b").as_int(), 2);
  EXPECT_EQ(f.documents[3].root.position().line, 7u);
}

TEST(ParserTest, AnchorsAliasesAndMergeKeys) {
  ParsedFile f = parse_yaml(
      "base: &base\n  cpu: 1\n  memory: 2Gi\nderived:\n  <<: *base\n  cpu: 2\nlist: [*base, *base]\n");
  ASSERT_FALSE(f.error) << f.error->message;
  Node root = f.documents[0].root;
  Node derived = root.get("derived");
  EXPECT_EQ(derived.size(), 2u);
  EXPECT_EQ(derived.get("cpu").as_int(), 2);
  EXPECT_EQ(derived.get("memory").as_string(), "2Gi");
  EXPECT_FALSE(derived.get("<<"));
  EXPECT_EQ(root.get("list").element(1).get("cpu").as_int(), 1);
  EXPECT_TRUE(f.duplicate_keys.empty());
}

TEST(ParserTest, QuotedMergeKeyIsAnOrdinaryKey) {
  ParsedFile f = parse_yaml("a: &a {x: 1}\nb:\n  '<<': *a\n");
  ASSERT_FALSE(f.error);
  EXPECT_TRUE(f.documents[0].root.get("b").get("<<").is_map());
}

TEST(ParserTest, ReportsDuplicateKeysAndKeepsTheLast) {
  ParsedFile f = parse_yaml("metadata:\n  name: a\n  name: b\n");
  ASSERT_FALSE(f.error);
  ASSERT_EQ(f.duplicate_keys.size(), 1u);
  EXPECT_EQ(f.duplicate_keys[0].key.position().line, 3u);
  EXPECT_EQ(f.duplicate_keys[0].first.position().line, 2u);
  EXPECT_EQ(f.documents[0].root.path({"metadata", "name"}).as_string(), "b");
}

TEST(ParserTest, DuplicateKeysInLargeMaps) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
  text += "k7: again\n";
  ParsedFile f = parse_yaml(text);
  ASSERT_EQ(f.duplicate_keys.size(), 1u);
  EXPECT_EQ(f.duplicate_keys[0].key.position().line, 41u);
}

TEST(ParserTest, SyntaxErrorHasLineAndColumn) {
  ParsedFile f = parse_yaml("a: 1\nb: [1, 2\nc: 3\n");
  ASSERT_TRUE(f.error);
  EXPECT_GT(f.error->position.line, 0u);
  EXPECT_FALSE(f.error->message.empty());
}

TEST(ParserTest, KeepsDocumentsBeforeAnError) {
  ParsedFile f = parse_yaml("a: 1\n---\nb: [\n");
  ASSERT_TRUE(f.error);
  ASSERT_EQ(f.documents.size(), 1u);
  EXPECT_EQ(f.documents[0].root.get("a").as_int(), 1);
}

TEST(ParserTest, CrLfLineEnds) {
  ParsedFile f = parse_yaml("a: 1\r\nb:\r\n  c: x\r\n");
  ASSERT_FALSE(f.error);
  Node c = f.documents[0].root.path({"b", "c"});
  EXPECT_EQ(c.as_string(), "x");
  EXPECT_EQ(c.position().line, 3u);
}

TEST(ParserTest, AliasBombIsStopped) {
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  char prev = 'a';
  for (char c = 'b'; c <= 'j'; ++c) {
    bomb += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) bomb += std::string(i ? ", *" : "*") + prev;
    bomb += "]\n";
    prev = c;
  }
  ParsedFile f = parse_yaml(bomb);
  ASSERT_TRUE(f.error);
  EXPECT_NE(f.error->message.find("alias"), std::string::npos);
}

TEST(ParserTest, DeepNestingIsAnErrorNotACrash) {
  std::string deep;
  for (int i = 0; i < 10000; ++i) deep += "- ";
  deep += "x\n";
  for (YamlEngine engine : {YamlEngine::Libyaml, YamlEngine::YamlCpp}) {
    ParseLimits limits;
    limits.engine = engine;
    ParsedFile f = parse_yaml(deep, limits);
    ASSERT_TRUE(f.error);
    // yaml-cpp stops at its own fixed depth first.
    if (engine == YamlEngine::Libyaml) {
      EXPECT_NE(f.error->message.find("--max-nesting-depth"), std::string::npos) << f.error->message;
    }
  }
}

TEST(ParserTest, FlowNestingPastTheLimitIsRefusedAtTheBracket) {
  for (YamlEngine engine : {YamlEngine::Libyaml, YamlEngine::YamlCpp}) {
    ParseLimits limits;
    limits.engine = engine;
    std::string at_limit = "a: " + std::string(64, '[') + std::string(64, ']') + "\n";
    EXPECT_FALSE(parse_yaml(at_limit, limits).error);
    // A block collection inside does not reset the count: only flow ones nest in flow.
    std::string past = "a:\n  b: " + std::string(40, '[') + std::string(25, '{') + std::string(25, '}') + std::string(40, ']') + "\n";
    ParsedFile f = parse_yaml(past, limits);
    ASSERT_TRUE(f.error);
    EXPECT_EQ(f.error->message,
              "flow collections ('[' and '{') nest deeper than 64 levels here: not parsed (write deep structures in block style)");
    EXPECT_EQ(f.error->position.line, 2u);
    EXPECT_EQ(f.error->position.column, 5u + 65u);
  }
}

TEST(ParserTest, DeepFlowNestingCostsLittle) {
  // 8 MB of brackets 100,000 deep: refused at the 65th, never scanned on
  // (libyaml's scanner costs time in proportion to the flow depth per token).
  std::string deep = "a: " + std::string(4'000'000, '[') + std::string(4'000'000, ']') + "\n";
  ParsedFile f = parse_yaml(deep);
  ASSERT_TRUE(f.error);
  EXPECT_EQ(f.error->position.column, 4u + 64u);
}

TEST(ParserTest, NestingLimitCanBeRaisedAndLowered) {
  std::string text = "a:\n  b:\n    c: [1]\n";
  ParseLimits limits;
  limits.max_depth = 3;
  ParsedFile f = parse_yaml(text, limits);
  ASSERT_TRUE(f.error);
  EXPECT_EQ(f.error->position.line, 3u);
  limits.max_depth = 4;
  EXPECT_FALSE(parse_yaml(text, limits).error);
}

TEST(ParserTest, InvalidUtf8AndNulBytesAreErrorsWithAPlace) {
  ParsedFile bad_utf8 = parse_yaml("a: 1\nb: \xff\xfe\n");
  ASSERT_TRUE(bad_utf8.error);
  EXPECT_EQ(bad_utf8.error->position.line, 2u);
  EXPECT_NE(bad_utf8.error->message.find("UTF-8"), std::string::npos) << bad_utf8.error->message;
  ParsedFile nul = parse_yaml(std::string("a: 1\nb: x\0y\n", 12));
  ASSERT_TRUE(nul.error);
  EXPECT_EQ(nul.error->position.line, 2u);
  EXPECT_EQ(nul.error->position.column, 5u);
  EXPECT_NE(nul.error->message.find("control characters"), std::string::npos) << nul.error->message;
}

TEST(ParserTest, ErrorsReadLikeKubectls) {
  // go-yaml, which kubectl uses, is a port of libyaml: the same words.
  ParsedFile f = parse_yaml("spec:\n  replicas: 2\n  selector: app: x\n");
  ASSERT_TRUE(f.error);
  EXPECT_EQ(f.error->message, "mapping values are not allowed in this context");
  EXPECT_EQ(f.error->position.line, 3u);
  EXPECT_EQ(f.error->position.column, 16u);
  ParsedFile g = parse_yaml("a: [1, 2\nb: 3\n");
  ASSERT_TRUE(g.error);
  EXPECT_EQ(g.error->message, "did not find expected ',' or ']' (while parsing a flow sequence that starts at 1:4)");
}

TEST(ParserTest, JsonInput) {
  ParsedFile f = parse_yaml("{\"kind\": \"ConfigMap\", \"data\": {\"a\": \"1\"}, \"n\": 2}");
  ASSERT_FALSE(f.error);
  EXPECT_EQ(f.documents[0].root.get("kind").as_string(), "ConfigMap");
  EXPECT_EQ(f.documents[0].root.get("n").as_int(), 2);
}

TEST(ParserTest, EmptyInput) {
  ParsedFile f = parse_yaml("");
  EXPECT_FALSE(f.error);
  for (const Document& d : f.documents) EXPECT_FALSE(d.root.is_map());
  // Found by ci/fuzz: libyaml aborted on a null pointer of size 0.
  EXPECT_FALSE(parse_yaml(std::string_view()).error);
}

// Found by ci/fuzz (manifest_loader_fuzz and the others that parse YAML):
// yaml-cpp 0.7 never returned on these.
TEST(ParserTest, InputsThatHungTheParserEndWithAnError) {
  for (const char* text : {",- x\n", "  ,- x\n", "- a\n,- x\n", "---\n  ,- .)x\n", ",\n",
                           "---\n# schema=https://sources:\n  ,- .)externalsecret.yaml\n  - ./helmrelease.yaml\n.\n"}) {
    for (YamlEngine engine : {YamlEngine::Libyaml, YamlEngine::YamlCpp}) {
      ParseLimits limits;
      limits.engine = engine;
      ParsedFile parsed = parse_yaml(text, limits);
      ASSERT_TRUE(parsed.error) << text;
      EXPECT_GT(parsed.error->position.line, 0u) << text;
    }
  }
}

}  // namespace
}  // namespace driftlint::yaml
