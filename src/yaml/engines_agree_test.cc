// Differential test: libyaml (the default event source) and yaml-cpp must
// build the same trees from the same text. Every file under testdata/ and the
// shared corpus (when present) is parsed with both.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "yaml/parser.h"
#include "testing/real_files.h"

namespace driftlint::yaml {
namespace {

namespace fs = std::filesystem;

// Describes the first difference between two subtrees, or returns "".
std::string first_difference(Node a, Node b, const std::string& where) {
  if (a.valid() != b.valid()) return where + ": present in one tree only";
  if (!a.valid()) return "";
  if (a.kind() != b.kind()) return where + ": kinds differ";
  // A null is typed alike by both, but yaml-cpp keeps neither the text of
  // `null` or `~` nor where an empty value is (it gives the next token's
  // place; libyaml gives the place after the key, which is the better one).
  if (a.is_null() && b.is_null()) return "";
  if (a.position().line != b.position().line || a.position().column != b.position().column) {
    return where + ": position " + std::to_string(a.position().line) + ":" +
           std::to_string(a.position().column) + " vs " + std::to_string(b.position().line) + ":" +
           std::to_string(b.position().column);
  }
  if (a.is_scalar()) {
    if (a.scalar_type() != b.scalar_type() || a.text() != b.text() || a.quoted() != b.quoted()) {
      return where + ": scalar '" + std::string(a.text()) + "' vs '" + std::string(b.text()) + "'";
    }
    return "";
  }
  if (a.size() != b.size()) return where + ": sizes differ";
  for (size_t i = 0; i < a.size(); ++i) {
    std::string d = a.is_map()
                        ? first_difference(a.key_at(i), b.key_at(i), where + "/key" + std::to_string(i)) +
                              first_difference(a.value_at(i), b.value_at(i), where + "/" + std::to_string(i))
                        : first_difference(a.element(i), b.element(i), where + "[" + std::to_string(i) + "]");
    if (!d.empty()) return d;
  }
  return "";
}

// "" when both engines read `text` alike.
std::string compare_engines(const std::string& text) {
  ParseLimits yaml_cpp;
  yaml_cpp.engine = YamlEngine::YamlCpp;
  ParsedFile a = parse_yaml(text);
  ParsedFile b = parse_yaml(text, yaml_cpp);
  if (a.error || b.error) {
    // The engines word errors differently; both must at least agree that
    // the text is broken (differences are counted by the caller).
    if (bool(a.error) != bool(b.error)) {
      return std::string("only ") + (a.error ? "libyaml" : "yaml-cpp") + " rejects it: " +
             (a.error ? a.error->message : b.error->message);
    }
    return "";
  }
  if (a.documents.size() != b.documents.size()) return "document counts differ";
  for (size_t d = 0; d < a.documents.size(); ++d) {
    std::string diff = first_difference(a.documents[d].root, b.documents[d].root, "doc" + std::to_string(d));
    if (!diff.empty()) return diff;
  }
  if (a.duplicate_keys.size() != b.duplicate_keys.size()) return "duplicate keys differ";
  return "";
}

// yaml-cpp counts columns in bytes, libyaml in characters: a value after a
// character of several bytes on its line is at the same place in both
// (kserve's gpt-oss Grafana dashboard: "Reference \u2013 Routing" before a key).
TEST(EnginesAgreeTest, ColumnsCountCharactersNotBytes) {
  const std::string text = "{\"t\": \"caf\xC3\xA9 \xE2\x80\x93\", \"k\": {\"v\": 1}}\n";
  EXPECT_EQ(compare_engines(text), "");
  ParseLimits yaml_cpp;
  yaml_cpp.engine = YamlEngine::YamlCpp;
  ParsedFile b = parse_yaml(text, yaml_cpp);
  ASSERT_FALSE(b.error);
  EXPECT_EQ(b.documents[0].root.get("k").position().column, 22u);  // 1-based, in characters (24 in bytes)
}

TEST(EnginesAgreeTest, OnEveryTestdataAndCorpusFile) {
  size_t files = 0;
  std::vector<std::string> differences;
  for (const fs::path& path : real_yaml_files()) {
    ++files;
    std::string diff = compare_engines(bytes_of(path));
    if (!diff.empty()) differences.push_back(path.string() + ": " + diff);
  }
  for (const std::string& d : differences) ADD_FAILURE() << d;
  std::cout << files << " files, " << differences.size() << " read differently\n";
  EXPECT_GT(files, 100u);
  EXPECT_TRUE(differences.empty());
}

}  // namespace
}  // namespace driftlint::yaml
