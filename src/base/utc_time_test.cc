#include "base/utc_time.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(UtcTimeTest, FormatsAndParsesRfc3339) {
  EXPECT_EQ(format_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(format_utc(1796385600), "2026-12-04T12:00:00Z");
  EXPECT_EQ(parse_utc("2026-12-04T12:00:00Z"), 1796385600);
  EXPECT_EQ(parse_utc("2024-02-29T23:59:59.123Z"), *parse_utc("2024-03-01T00:00:00Z") - 1);
  EXPECT_EQ(parse_utc("2026-12-04T12:00:00+00:00"), 1796385600);
  EXPECT_EQ(parse_utc("2026-12-04 12:00"), std::nullopt);
  EXPECT_EQ(parse_utc("2026-13-04T12:00:00Z"), std::nullopt);
  EXPECT_EQ(parse_utc("2026-12-04T12:00:00+02:00"), std::nullopt);
}

TEST(UtcTimeTest, DescribesAges) {
  EXPECT_EQ(describe_age(59), "59 s");
  EXPECT_EQ(describe_age(3 * 3600 + 5), "3 h");
  EXPECT_EQ(describe_age(5 * 86400), "5 d");
  EXPECT_EQ(describe_age(-1), "in the future");
}

}  // namespace
}  // namespace driftlint
