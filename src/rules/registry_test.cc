#include "rules/registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace driftlint {
namespace {

namespace fs = std::filesystem;

// The files under src/rules/ that define a rule entry (`RuleEntry x_rule()`).
std::set<std::string> files_defining_a_rule() {
  std::set<std::string> out;
  for (const auto& entry : fs::directory_iterator(fs::path(DRIFTLINT_SOURCE_DIR) / "src" / "rules")) {
    std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".cc" || name.ends_with("_test.cc")) continue;
    std::stringstream text;
    text << std::ifstream(entry.path()).rdbuf();
    std::string stem = entry.path().stem().string();
    if (text.str().find("RuleEntry " + stem + "_rule() {") != std::string::npos) out.insert(name);
  }
  return out;
}

TEST(RegistryTest, OneSortedLinePerRuleFile) {
  std::vector<std::string> listed = cpp_rule_files();
  EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end())) << "keep DRIFTLINT_CPP_RULES sorted";
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(), listed.size());
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()), files_defining_a_rule())
      << "every src/rules/<name>.cc with a rule has one DRIFTLINT_CPP_RULES line, and no other";
}

TEST(RegistryTest, EachRuleIsNamedAfterItsFile) {
  for (std::string file : cpp_rule_files()) {
    std::string id = file.substr(0, file.size() - 3);
    std::replace(id.begin(), id.end(), '_', '-');
    EXPECT_NE(find_rule(id), nullptr) << file << " should define rule " << id;
  }
}

TEST(RegistryTest, SortedByIdWithNoIdTwice) {
  const std::vector<RuleEntry>& rules = rule_registry();
  for (size_t i = 1; i < rules.size(); ++i) EXPECT_LT(rules[i - 1].info().id, rules[i].info().id);
}

}  // namespace
}  // namespace driftlint
