#include <gtest/gtest.h>

#include <new>
#include <stdexcept>

#include "cli/commands.h"

namespace driftlint::cli {
namespace {

// An internal failure is exit 3, never 2 (the user's to fix) or a crash.
TEST(RunGuardedTest, ThrownErrorsAreInternalErrorsWithExitThree) {
  EXPECT_EQ(run_guarded([] { return 1; }), 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_guarded([]() -> int { throw std::runtime_error("a broken invariant"); }), kExitInternal);
  EXPECT_EQ(run_guarded([]() -> int { throw std::bad_alloc(); }), kExitInternal);
  EXPECT_EQ(run_guarded([]() -> int { throw 42; }), kExitInternal);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("driftlint: error: internal error: a broken invariant\n"), std::string::npos) << err;
  EXPECT_NE(err.find("driftlint: error: internal error: out of memory\n"), std::string::npos) << err;
  EXPECT_EQ(kExitInternal, 3);
}

}  // namespace
}  // namespace driftlint::cli
