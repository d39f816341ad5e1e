// The official JSON-Schema-Test-Suite (Debian package json-schema-test-suite),
// drafts 4 and 7: every case of every keyword driftlint's validator claims
// must pass. The pass rate per keyword file, including those not claimed, is
// printed (docs/schemas.md, "Against the JSON-Schema-Test-Suite", quotes it).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "schema/validator.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

const fs::path kSuite = "/usr/share/json-schema-test-suite/tests";

// Keyword files whose every case must pass.
const std::set<std::string> kClaimed = {
    "type", "properties", "required", "items", "enum", "additionalProperties", "pattern", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "oneOf", "anyOf", "allOf",
    "not", "default", "boolean_schema", "patternProperties", "additionalItems", "minProperties", "maxProperties",
    "multipleOf", "const", "uniqueItems", "contains", "propertyNames", "if-then-else", "dependencies"};

struct Rate {
  size_t passed = 0, total = 0;
};

Rate run_file(const fs::path& file, std::vector<std::string>& failures) {
  Rate rate;
  std::ifstream in(file);
  nlohmann::json groups = nlohmann::json::parse(in);
  for (const auto& group : groups) {
    auto schema = Schema::compile(group["schema"], SchemaOptions{});
    for (const auto& test : group["tests"]) {
      ++rate.total;
      std::string text = test["data"].dump();
      yaml::ParsedFile parsed = yaml::parse_yaml(text);
      bool ok = false;
      if (schema && !parsed.error && !parsed.documents.empty()) {
        bool valid = validate(**schema, parsed.documents[0].root).empty();
        ok = valid == test["valid"].get<bool>();
      }
      if (ok) ++rate.passed;
      else failures.push_back(file.filename().string() + ": " + group["description"].get<std::string>() + " / " + test["description"].get<std::string>());
    }
  }
  return rate;
}

TEST(JsonSchemaTestSuite, ClaimedKeywordsPassEveryCase) {
  if (!fs::is_directory(kSuite)) GTEST_SKIP() << "json-schema-test-suite is not installed (ci/setup installs it)";
  for (const char* draft : {"draft4", "draft7"}) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(kSuite / draft)) {
      if (e.path().extension() == ".json") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    std::cout << "JSON-Schema-Test-Suite " << draft << ":\n";
    for (const fs::path& file : files) {
      std::vector<std::string> failures;
      Rate rate = run_file(file, failures);
      std::string keyword = file.stem().string();
      bool claimed = kClaimed.count(keyword) > 0;
      std::cout << "  " << keyword << ": " << rate.passed << "/" << rate.total << (claimed ? "" : " (not claimed)") << "\n";
      if (claimed) {
        EXPECT_EQ(rate.passed, rate.total) << draft << "/" << keyword << ": " << (failures.empty() ? "" : failures.front());
      }
    }
  }
}

}  // namespace
}  // namespace driftlint
