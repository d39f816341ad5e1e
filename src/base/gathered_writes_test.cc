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
    GatheredWrites writes(out, 8);
    writes.add("abc");
    writes.add("def");
    EXPECT_EQ(out.str(), "");  // gathered
    writes.add("gh!");         // would pass the chunk: what was gathered goes first
    EXPECT_EQ(out.str(), "abcdef");
    writes.add("0123456789");  // a chunk or more: written at once, after "gh!"
    EXPECT_EQ(out.str(), "abcdefgh!0123456789");
    writes.add("xy");
    EXPECT_EQ(writes.written(), 21u);
  }  // the rest when it goes
  EXPECT_EQ(out.str(), "abcdefgh!0123456789xy");
}

}  // namespace
}  // namespace driftlint
