#include "base/gathered_writes.h"

#include <gtest/gtest.h>

#include <sstream>

namespace driftlint {
namespace {

// The stream sees every piece in order, small ones held back until a chunk
// fills or the writer flushes, large ones at once.
TEST(GatheredWritesTest, WritesEveryPieceInOrderInFewWrites) {
  std::ostringstream out;
  {
    GatheredWrites writes(out, 64);  // pieces of 4 bytes or more are written at once
    writes.add("ab");
    writes.add("cd");
    EXPECT_EQ(out.str(), "");  // gathered
    writes.add("0123");        // written at once, after what was gathered
    EXPECT_EQ(out.str(), "abcd0123");
    for (int i = 0; i < 21; ++i) writes.add("xyz");  // 63 bytes gathered
    EXPECT_EQ(out.str(), "abcd0123");
    writes.add("e!");  // would pass the chunk: what was gathered goes first
    EXPECT_EQ(out.str().size(), 8u + 63u);
    EXPECT_EQ(writes.written(), 8u + 63u + 2u);
  }  // the rest when it goes
  std::string xyz;
  for (int i = 0; i < 21; ++i) xyz += "xyz";
  EXPECT_EQ(out.str(), "abcd0123" + xyz + "e!");
}

}  // namespace
}  // namespace driftlint
