// indented_json (yaml/json_text.h) writes what nlohmann's dump(2, ' ', false,
// replace) writes, byte for byte: for every byte in a string, invalid UTF-8,
// every kind of value, empty and nested containers, and random documents.
#include "yaml/json_text.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include <nlohmann/json.hpp>

namespace driftlint::yaml {
namespace {

template <class Json>
std::string by_nlohmann(const Json& document) {
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

TEST(JsonTextTest, EveryByteInAStringIsWrittenAsNlohmannWritesIt) {
  for (int c = 0; c < 256; ++c) {
    std::string text = "a" + std::string(1, static_cast<char>(c)) + "b";
    nlohmann::ordered_json document = {{"k" + std::string(1, static_cast<char>(c)), text}};
    EXPECT_EQ(indented_json(document), by_nlohmann(document)) << "byte " << c;
  }
}

TEST(JsonTextTest, InvalidAndMultibyteUtf8AreWrittenAsNlohmannWritesThem) {
  for (std::string text : {"caf\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xc3", "\xff\xfe", "a\xe2\x82", "\xed\xa0\x80",
                           "\xc0\xaf", "ok \x80 end", "\x7f", ""}) {
    nlohmann::ordered_json document = nlohmann::ordered_json::array({text, {{text, text}}});
    EXPECT_EQ(indented_json(document), by_nlohmann(document)) << text;
  }
}

TEST(JsonTextTest, EveryKindOfValueIsWrittenAsNlohmannWritesIt) {
  nlohmann::ordered_json document = {
      {"null", nullptr},        {"true", true},
      {"false", false},         {"int", -42},
      {"unsigned", 18446744073709551615ull},
      {"smallest", INT64_MIN},  {"largest signed", INT64_MAX},
      {"zero", 0},
      {"double", 0.1},          {"big", 1e300},
      {"negative zero", -0.0},  {"whole double", 3.0},
      {"empty object", nlohmann::ordered_json::object()},
      {"empty array", nlohmann::ordered_json::array()},
      {"nested", {{"a", {1, {2, nlohmann::ordered_json::array()}, {{"b", nlohmann::ordered_json::object()}}}}}},
      {"quote \" and \\ backslash", "tab\tnewline\n"}};
  EXPECT_EQ(indented_json(document), by_nlohmann(document));
  for (const auto& [key, value] : document.items()) {
    EXPECT_EQ(indented_json(value), by_nlohmann(value)) << key << " at the top";
  }
  nlohmann::json unordered = nlohmann::json::parse(document.dump());
  EXPECT_EQ(indented_json(unordered), by_nlohmann(unordered));
}

nlohmann::ordered_json random_value(std::mt19937& random, int depth) {
  std::uniform_int_distribution<int> kind(0, depth > 4 ? 5 : 7);
  auto text = [&] {
    std::string s;
    for (int n = std::uniform_int_distribution<int>(0, 12)(random); n > 0; --n) {
      int pick = std::uniform_int_distribution<int>(0, 20)(random);
      s += pick == 0 ? static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random))
                     : static_cast<char>(std::uniform_int_distribution<int>('a', 'z')(random));
    }
    return s;
  };
  switch (kind(random)) {
    case 0: return nullptr;
    case 1: return std::uniform_int_distribution<int>(0, 1)(random) == 1;
    case 2: return std::uniform_int_distribution<int64_t>(-1000000, 1000000)(random);
    case 3: return std::uniform_real_distribution<double>(-1e6, 1e6)(random);
    case 4:
    case 5: return text();
    case 6: {
      nlohmann::ordered_json array = nlohmann::ordered_json::array();
      for (int n = std::uniform_int_distribution<int>(0, 4)(random); n > 0; --n) array.push_back(random_value(random, depth + 1));
      return array;
    }
    default: {
      nlohmann::ordered_json object = nlohmann::ordered_json::object();
      for (int n = std::uniform_int_distribution<int>(0, 4)(random); n > 0; --n) object[text()] = random_value(random, depth + 1);
      return object;
    }
  }
}

TEST(JsonTextTest, RandomDocumentsAreWrittenAsNlohmannWritesThem) {
  std::mt19937 random(20261206);
  for (int i = 0; i < 2000; ++i) {
    nlohmann::ordered_json document = random_value(random, 0);
    ASSERT_EQ(indented_json(document), by_nlohmann(document)) << "document " << i;
  }
}

}  // namespace
}  // namespace driftlint::yaml
