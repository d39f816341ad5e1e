// Runs fn(i) for every i in [0, count) on up to `jobs` threads (the caller's
// thread is one of them). Items are handed out one at a time, in order, so a
// caller that puts its slowest items first gets the best balance.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <future>
#include <mutex>
#include <system_error>
#include <thread>
#include <type_traits>
#include <vector>

namespace driftlint {

//
// An exception thrown by fn (std::bad_alloc, a bug) stops the handing out,
// every thread is joined, and the first one is rethrown on the caller's
// thread: a worker's exception would otherwise end the process
// (std::terminate) without a word.
template <typename Fn>
void parallel_for(size_t count, unsigned jobs, Fn&& fn) {
  std::atomic<size_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto work = [&]() {
    for (size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) {
      try {
        fn(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next.store(count);
      }
    }
  };
  size_t threads_wanted = std::min<size_t>(std::clamp(jobs, 1u, 256u), std::max<size_t>(count, 1));
  std::vector<std::thread> threads;
  try {
    for (size_t t = 1; t < threads_wanted; ++t) threads.emplace_back(work);
  } catch (const std::system_error&) {
    // No thread to be had (a process or memory limit): fewer do the work.
  }
  work();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

// fn() on a thread of its own when `jobs` > 1, else on the thread that asks
// the future for it (std::launch::deferred), as also when no thread can be
// had (a process or memory limit): fewer threads, never a failed run.
template <typename Fn>
std::future<std::invoke_result_t<std::decay_t<Fn>>> run_beside(unsigned jobs, Fn&& fn) {
  if (jobs > 1) {
    try {
      return std::async(std::launch::async, fn);
    } catch (const std::system_error&) {
    }
  }
  return std::async(std::launch::deferred, std::forward<Fn>(fn));
}

}  // namespace driftlint
