#include "base/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace driftlint {
namespace {

TEST(ParallelForTest, RunsEveryItemOnce) {
  std::vector<std::atomic<int>> seen(1000);
  parallel_for(seen.size(), 4, [&](size_t i) { ++seen[i]; });
  for (const auto& s : seen) EXPECT_EQ(s.load(), 1);
}

// Before, an exception in a worker thread ended the process (std::terminate).
TEST(ParallelForTest, AnExceptionInAnyThreadReachesTheCaller) {
  for (unsigned jobs : {1u, 2u, 8u}) {
    std::atomic<int> ran{0};
    EXPECT_THROW(parallel_for(10'000, jobs,
                              [&](size_t i) {
                                ++ran;
                                if (i == 17) throw std::runtime_error("item 17");
                              }),
                 std::runtime_error)
        << jobs;
    // Sequentially nothing runs after the failure; with threads, how many
    // others finish first depends on the scheduler.
    if (jobs == 1) EXPECT_EQ(ran.load(), 18) << "handing out stops after a failure";
  }
}

TEST(RunBesideTest, OnAThreadOfItsOwnWithJobsElseWhenAsked) {
  std::thread::id caller = std::this_thread::get_id();
  auto where = [] { return std::this_thread::get_id(); };
  EXPECT_NE(run_beside(2, where).get(), caller);
  std::atomic<bool> ran{false};
  std::future<std::thread::id> later = run_beside(1, [&] {
    ran = true;
    return std::this_thread::get_id();
  });
  EXPECT_FALSE(ran.load());  // deferred: nothing runs until the future is asked
  EXPECT_EQ(later.get(), caller);
  EXPECT_TRUE(ran.load());
}

}  // namespace
}  // namespace driftlint
