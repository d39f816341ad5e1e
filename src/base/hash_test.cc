// fnv1a and hex64 (base/hash.h): the names of baselines' fingerprints and of
// cache files, so their values must never change.
#include "base/hash.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

// Its start value is not FNV's published offset basis (14695981039346656037:
// a digit short), and stays so: baselines hold fingerprints made with it.
TEST(HashTest, Fnv1aKeepsItsValues) {
  EXPECT_EQ(fnv1a(""), 1469598103934665603ull);
  EXPECT_EQ(fnv1a("a"), 4953267810257967366ull);
  EXPECT_EQ(fnv1a("foobar"), 9870438755804841970ull);
}

TEST(HashTest, Hex64IsSixteenLowercaseDigits) {
  EXPECT_EQ(hex64(0), "0000000000000000");
  EXPECT_EQ(hex64(0x0123456789abcdefull), "0123456789abcdef");
  EXPECT_EQ(hex64(0xfedcba9876543210ull), "fedcba9876543210");
  EXPECT_EQ(hex64(~0ull), "ffffffffffffffff");
  EXPECT_EQ(hex64(0xa), "000000000000000a");
}

}  // namespace
}  // namespace driftlint
