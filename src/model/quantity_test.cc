#include "model/quantity.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(QuantityTest, ParsesSuffixes) {
  EXPECT_DOUBLE_EQ(*parse_quantity("2"), 2);
  EXPECT_DOUBLE_EQ(*parse_quantity("500m"), 0.5);
  EXPECT_DOUBLE_EQ(*parse_quantity("1Gi"), 1073741824.0);
  EXPECT_DOUBLE_EQ(*parse_quantity("1024Mi"), 1073741824.0);
  EXPECT_DOUBLE_EQ(*parse_quantity("1.5k"), 1500);
  EXPECT_DOUBLE_EQ(*parse_quantity("1e3"), 1000);
  EXPECT_DOUBLE_EQ(*parse_quantity(".5"), 0.5);
  EXPECT_DOUBLE_EQ(*parse_quantity("0"), 0);
}

TEST(QuantityTest, RejectsNonQuantities) {
  EXPECT_FALSE(parse_quantity("{{inputs.parameters.gpus}}"));
  EXPECT_FALSE(parse_quantity(""));
  EXPECT_FALSE(parse_quantity("1Gb"));
  EXPECT_FALSE(parse_quantity("Gi"));
  EXPECT_FALSE(parse_quantity("1e"));
  EXPECT_FALSE(parse_quantity("--1"));
}

}  // namespace
}  // namespace driftlint
