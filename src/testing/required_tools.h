// For tests that need a program the machine may not have (helm, kubectl):
// they skip where it is missing, except in CI, where ci/test sets
// DRIFTLINT_REQUIRE_TOOLS=1 (ci/setup installs them) and a missing one fails.
#pragma once

#include <cstdlib>
#include <string>

#include "base/process.h"

namespace driftlint {

inline bool tools_required() {
  const char* value = std::getenv("DRIFTLINT_REQUIRE_TOOLS");
  return value && std::string(value) == "1";
}

}  // namespace driftlint

// In a test's body: skips it (fails it in CI) when `program` is not on PATH.
#define DRIFTLINT_NEEDS_PROGRAM(program)                                                                          \
  do {                                                                                                           \
    if (!::driftlint::program_available(program)) {                                                              \
      if (::driftlint::tools_required()) {                                                                       \
        GTEST_FAIL() << (program) << " is not installed, and CI requires it (DRIFTLINT_REQUIRE_TOOLS=1; ci/setup " \
                                     "installs it)";                                                             \
      }                                                                                                          \
      GTEST_SKIP() << (program) << " is not installed: skipped outside CI (ci/setup installs it)";              \
    }                                                                                                            \
  } while (false)
