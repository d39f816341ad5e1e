// Differential test: driftlint's port of libyaml's scanner (yaml/scanner.h)
// gives libyaml's tokens, marks and errors, on every test and corpus file
// (every eighth corpus file in the sanitizer build: testing/real_files.h) and
// on inputs made to reach each of its branches.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "yaml/engine_compare.h"
#include "testing/real_files.h"

namespace driftlint::yaml {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> tricky_inputs() {
  return {
      "",
      "a",
      "key: value\nlist:\n  - a\n  - b\n",
      "{a: 1, b: [x, y], c: {d: e}}",
      "[a, b]: c\n",
      "? complex\n: value\n",
      "- - - x\n  - y\n- z\n",
      "a: |\n  literal\n   more\n\n  end\nb: >-\n  folded\n  text\n\n  para\n",
      "a: |+2\n    kept\n\n\nb: >1\n  x\n",
      "s: 'it''s'\nd: \"esc \\t \\x41 \\u263A \\U0001F600 \\N \\_ \\L \\P \\/ \\e\"\n",
      "d: \"line\\\n  continued\"\n",
      "q: 'multi\n  line\n\n  folded'\n",
      "p: plain\n  continued\n\n  again\n",
      "&anchor a: *anchor\n",
      "!!str a: !local b\n!<tag:x> c: ! d\n",
      "%YAML 1.1\n%TAG !e! tag:example.com,2000:\n---\n!e!foo x\n...\n",
      "%TAG ! !foo%21bar\n--- !x y\n",
      "--- a\n--- b\n... \n",
  };
}

std::vector<std::string> flow_inputs() {
  return {
      "[a\n,b\n]\n",
      "{a: [1, {b: 2}], ? c : d, e}\n",
      "[a: b, c: d]\n",
      "x: [a:b, c:, :d]\n",
      "x: {a: b}:\n",
      "\t- tab\n",
      "a:\n\tb\n",
      "a: [x,\n\ty]\n",
      "a:\n  b: c\n d: e\n",
      "key: \"unterminated\n",
      "key: 'unterminated",
      "- [a, b\n",
      "a: b: c\n",
      "- a\nb: c\n",
      "a: @x\n",
      "a: `x\n",
      "*a b",
      "&a",
      "&a [1]",
      "!<x",
      "!a!",
      "!a!b c",
      "%FOO bar\n",
      "%YAML 1.1 x\n",
      "%YAML 1.1234567890\n",
      "%TAG !a tag:x\n",
      "\"\\q\"",
      "\"\\x4\"",
      "\"\\uD800\"",
      "a: |0\n",
      "a: |x\n",
      "a: >\n  x\n\ty\n",
      "a:\n  - b\n  -c\n  - - d\n",
      "a: b\n  c: d\n",
      "[\n---\n]",
      "'\n...\n'",
      "x: \"a\n---\nb\"\n",
      "\xEF\xBB\xBF" "a: b\n",
      "a: \xEF\xBB\xBF" "b\n",
      "\xEF\xBB\xBF" "\xEF\xBB\xBF" "a\n",
      "a: \xC3\xA9t\xC3\xA9 \xE2\x80\xA8 x\xC2\x85y\n",
      "a\r\nb: c\r\n",
      "a: b\rc: d\r",
      "a: \x01\n",
      "a: \xC3\n",
      "a: \xFF\n",
      "a: \xED\xA0\x80\n",
      "a: \xC0\x80\n",
      "a: \xC3\x28\n",
      std::string("a: b\0c", 6),
      "[" + std::string(1100, 'a') + "]: x\n",
      "? " + std::string(1100, 'a') + "\n: x\n",
      std::string(1100, 'a') + ": x\n",
      "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
      "a: [" + std::string(2000, '[') + std::string(2000, ']') + "]\n",
      "k: [\n" + std::string(1500, 'x') + "]: v\n",
      "a: 1\n[x,\ny]: 2\n",
      "a: 1\n[x, y]: 2\n",
      "a: 1\n&x [x,\ny]: 2\n",
      "- {a: 1,\n  b: 2}\n",
      "a: !e!x%41%C3%A9 b\n",
      "a: !x%C3 b\n",
      "a: !x%G1 b\n",
      "a: !x%80 b\n",
      "[!x, &a, *a]\n",
      "{? [a]: b}\n",
      "- ? a\n  : b\n",
  };
}

std::vector<std::string> more_tricky_inputs() {
  return {
      "a: -1\nb: - 2\n",
      "a: ?x\nb: :y\n",
      "[?x, -y, :z]\n",
      "[- a]\n",
      "a: # comment\n  b # not\n#c\n",
      "a: b #c\n  d\n",
  };
}

TEST(ScannerAgreesTest, OnInputsMadeForItsBranches) {
  for (const std::string& text : tricky_inputs()) EXPECT_EQ(compare_scanners(text), "") << "input: " << text;
  for (const std::string& text : flow_inputs()) EXPECT_EQ(compare_scanners(text), "") << "input: " << text;
  for (const std::string& text : more_tricky_inputs()) EXPECT_EQ(compare_scanners(text), "") << "input: " << text;
}

TEST(ScannerAgreesTest, InUtf16) {
  for (bool little : {true, false}) {
    for (const std::string& text : flow_inputs()) EXPECT_EQ(compare_scanners(to_utf16(text, little)), "") << text;
    std::string big = to_utf16(std::string(20000, 'a') + ": [x, \xF0\x9F\x98\x80]\n", little);
    EXPECT_EQ(compare_scanners(big), "");
    EXPECT_EQ(compare_scanners(big + "\x41"), "") << "an odd last byte";
    EXPECT_EQ(compare_scanners(big + (little ? std::string("\x3D\xD8") : std::string("\xD8\x3D"))), "")
        << "a high surrogate at the end";
    EXPECT_EQ(compare_scanners(big + (little ? std::string("\x00\xDC") : std::string("\xDC\x00"))), "")
        << "a low surrogate alone";
    EXPECT_EQ(compare_scanners(to_utf16("a: [\x01]\n", little)), "") << "a control character";
  }
}

TEST(ScannerAgreesTest, WhereLibyamlDecodesItsNextSixteenKiB) {
  // A reader error is reported when the scanner needs the 16 KiB fill that
  // holds it: before a syntax error that comes earlier in the text.
  std::string filler = "a: b\n";
  std::string text;
  while (text.size() < 16384 - 10) text += filler;
  EXPECT_EQ(compare_scanners(text + "x: \"\\q\"\n" + std::string(100, 'y') + "\x01"), "");
  EXPECT_EQ(compare_scanners(text + "x: @\n" + std::string(40000, 'y') + "\x01"), "");
  std::string split = text;
  while (split.size() < 16383) split += "a";
  EXPECT_EQ(compare_scanners(split + "\xC3\xA9 x\n\x02"), "");
  EXPECT_EQ(compare_scanners(split + "\xC3"), "");
  EXPECT_EQ(compare_scanners(split + "\xE2\x80"), "");
}

TEST(ScannerAgreesTest, OnEveryTestdataAndCorpusFile) {
  size_t files = 0;
  for (const fs::path& path : real_yaml_files()) {
    ++files;
    EXPECT_EQ(compare_scanners(bytes_of(path)), "") << path;
  }
  EXPECT_GT(files, 100u);
}

}  // namespace
}  // namespace driftlint::yaml
