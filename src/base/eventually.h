// A value computed once, when first asked for, or sooner on another thread:
// `git status` on a large work tree takes as long as parsing it, so a run
// that will need it starts it early and the two overlap, while a run that
// never asks (a text report without a snapshot) never pays for it.
#pragma once

#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

namespace driftlint {

template <typename T>
class Eventually {
 public:
  Eventually() = default;
  // Already known.
  explicit Eventually(T value) : state_(std::make_shared<State>()) {
    std::promise<T> promise;
    promise.set_value(std::move(value));
    state_->future = promise.get_future().share();
    state_->begun = true;
  }
  // Computed by the first get(), unless start_early() began it on a thread.
  template <typename Fn>
  static Eventually lazy(Fn compute) {
    Eventually e;
    e.state_ = std::make_shared<State>();
    e.state_->compute = std::move(compute);
    return e;
  }
  // Begins the computation on a thread now, if it has not begun.
  void start_early() const { begin(std::launch::async); }
  // Waits for the value; nullopt when there is none to compute.
  std::optional<T> get() const {
    if (!state_) return std::nullopt;
    return begin(std::launch::deferred).get();
  }

 private:
  struct State {
    std::mutex mutex;
    std::function<T()> compute;
    std::shared_future<T> future;
    bool begun = false;
  };
  std::shared_future<T> begin(std::launch how) const {
    if (!state_) return {};
    std::lock_guard<std::mutex> lock(state_->mutex);
    if (!state_->begun) {
      state_->begun = true;
      state_->future = std::async(how, std::move(state_->compute)).share();
    }
    return state_->future;
  }
  std::shared_ptr<State> state_;  // shared by copies: computed once for all of them
};

}  // namespace driftlint
