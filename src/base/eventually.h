// A value computed on another thread and asked for later: `git status` on a
// large work tree takes as long as parsing it, so the two overlap.
#pragma once

#include <future>
#include <optional>
#include <utility>

namespace driftlint {

template <typename T>
class Eventually {
 public:
  Eventually() = default;
  // Already known.
  explicit Eventually(T value) {
    std::promise<T> promise;
    promise.set_value(std::move(value));
    future_ = promise.get_future().share();
  }
  // Starts `compute` on a thread now.
  template <typename Fn>
  static Eventually start(Fn compute) {
    Eventually e;
    e.future_ = std::async(std::launch::async, std::move(compute)).share();
    return e;
  }
  // Waits for the value; nullopt when there is none to compute.
  std::optional<T> get() const {
    if (!future_.valid()) return std::nullopt;
    return future_.get();
  }

 private:
  std::shared_future<T> future_;
};

}  // namespace driftlint
