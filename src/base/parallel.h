// Runs fn(i) for every i in [0, count) on up to `jobs` threads (the caller's
// thread is one of them). Items are handed out one at a time, in order, so a
// caller that puts its slowest items first gets the best balance.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace driftlint {

template <typename Fn>
void parallel_for(size_t count, unsigned jobs, Fn&& fn) {
  std::atomic<size_t> next{0};
  auto work = [&]() {
    for (size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) fn(i);
  };
  size_t threads_wanted = std::min<size_t>(std::clamp(jobs, 1u, 256u), std::max<size_t>(count, 1));
  std::vector<std::thread> threads;
  for (size_t t = 1; t < threads_wanted; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
}

}  // namespace driftlint
