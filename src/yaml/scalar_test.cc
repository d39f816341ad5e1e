#include "yaml/scalar.h"

#include <gtest/gtest.h>

namespace driftlint::yaml {
namespace {

TEST(ScalarTest, ResolvesLikeGoYamlV2) {
  struct Case {
    const char* text;
    ScalarType type;
  } cases[] = {
      {"", ScalarType::Null},          {"~", ScalarType::Null},
      {"null", ScalarType::Null},      {"NULL", ScalarType::Null},
      {"nULL", ScalarType::String},    {"yes", ScalarType::Bool},
      {"Yes", ScalarType::Bool},       {"y", ScalarType::Bool},
      {"N", ScalarType::Bool},         {"on", ScalarType::Bool},
      {"OFF", ScalarType::Bool},       {"True", ScalarType::Bool},
      {"tRUE", ScalarType::String},    {"yesterday", ScalarType::String},
      {"0", ScalarType::Int},          {"42", ScalarType::Int},
      {"-17", ScalarType::Int},        {"+3", ScalarType::Int},
      {"0x1F", ScalarType::Int},       {"0o17", ScalarType::Int},
      {"0777", ScalarType::Int},       {"0b101", ScalarType::Int},
      {"1_000", ScalarType::Int},      {"09", ScalarType::Float},
      {"1.5", ScalarType::Float},      {"1e3", ScalarType::Float},
      {".5", ScalarType::Float},       {"-.inf", ScalarType::Float},
      {".NaN", ScalarType::Float},     {"1.2.3", ScalarType::String},
      {"1Gi", ScalarType::String},     {"100m", ScalarType::String},
      {"2024-01-02", ScalarType::String}, {"-", ScalarType::String},
      {"12345678901234567890123", ScalarType::Float},
      {"v1", ScalarType::String},      {"sleep infinity", ScalarType::String},
      {"1.", ScalarType::Float},       {"0x", ScalarType::String},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(resolve_plain_scalar(c.text).type, c.type) << "'" << c.text << "'";
  }
  EXPECT_TRUE(resolve_plain_scalar("on").bool_value);
  EXPECT_FALSE(resolve_plain_scalar("no").bool_value);
}

TEST(ScalarTest, ParsesGoIntegers) {
  EXPECT_EQ(parse_go_int("0777"), 511);
  EXPECT_EQ(parse_go_int("0x10"), 16);
  EXPECT_EQ(parse_go_int("-0b11"), -3);
  EXPECT_EQ(parse_go_int("1_000_000"), 1000000);
  EXPECT_EQ(parse_go_int("-9223372036854775808"), INT64_MIN);
  EXPECT_FALSE(parse_go_int("9223372036854775808").has_value());
  EXPECT_FALSE(parse_go_int("09").has_value());
  EXPECT_FALSE(parse_go_int("1.5").has_value());
}

TEST(ScalarTest, ParsesNumbers) {
  EXPECT_DOUBLE_EQ(*parse_yaml_number("2"), 2.0);
  EXPECT_DOUBLE_EQ(*parse_yaml_number("09"), 9.0);
  EXPECT_DOUBLE_EQ(*parse_yaml_number("1.5e1"), 15.0);
  EXPECT_FALSE(parse_yaml_number("abc").has_value());
}

}  // namespace
}  // namespace driftlint::yaml
