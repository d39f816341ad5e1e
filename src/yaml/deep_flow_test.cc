// Differential test of the deep-flow path (yaml/deep_flow.h): with every
// flow collection started in the block context parsed by driftlint's own
// flow parser, every test and corpus file gives libyaml's tree to the byte,
// and crafted inputs give libyaml's errors too.
#include "yaml/deep_flow.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "yaml/engine_compare.h"
#include "testing/real_files.h"

namespace driftlint::yaml {
namespace {

namespace fs = std::filesystem;

size_t own_regions = 0;

std::string compare_paths(const std::string& text) {
  DeepFlowReport report;
  ParsedFile own = parse_with_own_flow(text, {}, &report);
  ParsedFile reference = parse_with_libyaml_only(text);
  own_regions += report.own;
  std::string diff = compare_parsed(reference, own, true);
  if (report.fell_back) diff += " (libyaml's copy disagreed)";
  return diff;
}

TEST(DeepFlowTest, CraftedInputsGiveLibyamlsTreesAndErrors) {
  std::vector<std::string> inputs = {
      "a: [1, 2, {b: c}]\n",
      "{a: 1, b: [x, y]}\n",
      "- [a, b]\n- {c: d}\n- [e,\n   f]\n",
      "[a, b]: c\n",
      "? [a, b]\n: c\n",
      "a: &x [1, 2]\nb: *x\n",
      "a: &x [1, *y]\n",
      "a: [&x 1, *x, !!str 2, ! 3, !<tag:x> 4, '5', \"6\"]\n",
      "%TAG !e! tag:example.com,2000:\n--- [!e!x 1, !e!y 2]\n",
      "--- [!f!x 1]\n",
      "a: [x: 1, ? y : 2, z]\n",
      "a: {? x : 1, y, : z}\n",
      "a: [[?], x]]\n",
      "- [[?], x]]\n- b\n",
      "a: {[[?], x]] : 1}\n",
      "a: [[?],\n  x]]\nb: c\n",
      "[[?], x]] : y\n",
      "a: [1, 2\nb: c\n",
      "a: [1, 2]]\n",
      "a: [1, @]\n",
      "a: [1, - 2]\n",
      "a: [1, \"x\n",
      "a: {b: [1, {c: d}}]\n",
      "a: [1, &a]\n",
      "a: [1, !x!y z]\n",
      "a: [\n---\n]\n",
      "a: [1, 2]\n---\nb: [3]\n...\n[4, 5]\n",
      "a: [1,\n2]\n",
      "a: 1\n[x,\ny]: 2\n",
      "a: [b: {c: d}, e: f]\n",
      "a: [1, \x01]\n",
      "a: [1, \xC3]\n",
      "[" + std::string(2000, 'a') + "]: x\n",
      "k: [\n" + std::string(1500, 'x') + "]: v\n",
      "a: " + std::string(100, '[') + std::string(100, ']') + "\n",
      "a: " + std::string(100, '{') + std::string(100, '}') + "\n",
      "a: " + std::string(100, '[') + std::string(99, ']') + "\n",
      "a: [a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a]\n",
      "a: {x: 1, x: 2}\n",
      "a: 1\n" + std::string(70, '[') + "\n x" + std::string(70, ']') + ": 2\n",
      "a: 1\n" + std::string(70, '[') + " x" + std::string(70, ']') + ": 2\n",
      "a: " + std::string(70, '[') + " @ " + std::string(70, ']') + "\n",
      "a: " + std::string(70, '[') + "\n" + std::string(2000, 'x') + " @ " + std::string(70, ']') + "\n",
      "- b\n- " + std::string(70, '[') + "\xC3" + std::string(70, ']') + "\n",
      "- b\n- " + std::string(70, '[') + "x" + std::string(70, ']') + "\n- \x01\n",
      "a: " + std::string(70, '[') + "[?], x" + std::string(71, ']') + "\n",
      "a: " + std::string(70, '[') + "[?], x" + std::string(70, ']') + "\n",
      "a: {b: , c: , d: [e: , f: ]}\n",
      "a: [{<<: {x: 1}, y: 2}]\n",
  };
  for (const std::string& text : inputs) {
    EXPECT_EQ(compare_paths(text), "") << "input: " << text;
    // The default path: libyaml, handing files nested past kLibyamlFlowDepth to the deep-flow path.
    EXPECT_EQ(compare_parsed(parse_with_libyaml_only(text), parse_yaml(text), true), "") << "input: " << text;
  }
}

TEST(DeepFlowTest, Utf16FilesToo) {
  std::string deep = "a: " + std::string(100, '[') + "\xC3\xA9" + std::string(100, ']') + "\nb: [c, {d: e}]\n";
  for (bool little : {true, false}) {
    std::string text = to_utf16(deep, little);
    EXPECT_EQ(compare_paths(text), "");
    EXPECT_EQ(compare_paths(text.substr(0, text.size() - 1)), "") << "an odd last byte";
    EXPECT_EQ(compare_paths(text + (little ? std::string("\x00\xDC") : std::string("\xDC\x00"))), "");
    EXPECT_EQ(compare_parsed(parse_with_libyaml_only(text), parse_yaml(text), true), "");
  }
}

TEST(DeepFlowTest, DeepFilesAreParsedByTheOwnFlowParserAndNotByLibyaml) {
  std::string text = "a: " + std::string(100'000, '[') + std::string(100'000, ']') + "\n";
  ParseLimits limits;
  limits.max_depth = 100'001;
  ParsedFile deep;
  DeepFlowReport report;
  parse_deep_flow(text, limits, deep, kLibyamlFlowDepth, &report);
  EXPECT_EQ(report.own, 1u);
  EXPECT_FALSE(report.fell_back);
  EXPECT_FALSE(deep.error);
  Node n = deep.documents.at(0).root.get("a");
  size_t depth = 0;
  while (n.is_sequence() && n.size() == 1) {
    n = n.element(0);
    ++depth;
  }
  EXPECT_EQ(depth + 1, 100'000u);
  EXPECT_EQ(n.position().column, 100'003u);
}

TEST(DeepFlowTest, OnEveryTestdataAndCorpusFile) {
  size_t files = 0;
  for (const fs::path& path : real_yaml_files()) {
    ++files;
    EXPECT_EQ(compare_paths(bytes_of(path)), "") << path;
  }
  EXPECT_GT(files, 100u);
  std::cout << files << " files, " << own_regions << " flow collections parsed by driftlint's flow parser\n";
}

std::vector<std::string> small_files() {
  std::vector<std::string> out;
  for (const fs::path& root : {fs::path(DRIFTLINT_SOURCE_DIR) / "testdata" / "rules",
                               fs::path(DRIFTLINT_SOURCE_DIR) / ".." / "shared" / "corpus"}) {
    if (!fs::exists(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file() || e.file_size() > 3000 || e.path().extension() != ".yaml") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream buffer;
      buffer << in.rdbuf();
      out.push_back(buffer.str());
    }
  }
  return out;
}

// One random edit of the kind that reaches the scanner's and the flow
// parser's corners: YAML's indicators, blanks, breaks, brackets, a slice
// of the text repeated or dropped.
void mutate(std::string& s, std::mt19937& rng) {
  static const std::string kPieces[] = {"[", "]", "{", "}", ",", ":", "? ", "?", "- ", "-", "#", "&a", "*a", "!",
                                        "!!str", "'", "\"", "\\", "|", ">", "%", "@", "\t", " ", "\n", "\r\n",
                                        "---", "...", "\xC2\x85", "\xE2\x80\xA8", "\xC3\xA9", "\x01", "x", "[?]",
                                        "[[", "]]", ": ", "{a: b}", "[a, b]"};
  auto at = [&](size_t n) { return n ? std::uniform_int_distribution<size_t>(0, n - 1)(rng) : 0; };
  size_t pos = at(s.size() + 1);
  switch (at(4)) {
    case 0: s.insert(pos, kPieces[at(std::size(kPieces))]); break;
    case 1: if (!s.empty()) s.erase(at(s.size()), 1 + at(4)); break;
    case 2: if (!s.empty()) s[at(s.size())] = kPieces[at(std::size(kPieces))][0]; break;
    default: {
      size_t from = at(s.size() + 1), length = at(40);
      s.insert(pos, s.substr(from, length));
    }
  }
}

// A seeded fuzzer in the plain build (ci/fuzz runs the real one):
// DRIFTLINT_MUTATIONS sets how many edited files to compare,
// DRIFTLINT_MUTATION_SEED the seed.
TEST(DeepFlowTest, EditedFilesGiveLibyamlsResults) {
  std::vector<std::string> files = small_files();
  ASSERT_FALSE(files.empty());
  const char* env = std::getenv("DRIFTLINT_MUTATIONS");
  size_t runs = env ? std::strtoul(env, nullptr, 10) : 3000;
  const char* seed = std::getenv("DRIFTLINT_MUTATION_SEED");
  std::mt19937 rng(seed ? std::strtoul(seed, nullptr, 10) : 20);
  size_t failures = 0;
  for (size_t i = 0; i < runs && failures < 5; ++i) {
    std::string text = files[i % files.size()];
    if (i % 16 == 5) text = to_utf16(text, i % 2);  // libyaml's other encoding, edited as bytes
    for (size_t k = 0, n = 1 + rng() % 6; k < n; ++k) mutate(text, rng);
    std::string diff = compare_scanners(text);
    if (diff.empty()) diff = compare_paths(text);
    if (!diff.empty()) {
      ++failures;
      ADD_FAILURE() << diff << "\ninput: " << testing::PrintToString(text);
    }
  }
}

}  // namespace
}  // namespace driftlint::yaml
