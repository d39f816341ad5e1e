// The time all kustomize and helm runs of one driftlint run may take
// together (--render-budget), counted from the first: once it is spent, no
// build starts (each is reported as not rendered), and a build still running
// is stopped when it runs out, so a pull request of a thousand slow builds
// ends in bounded time. Shared by every renderer of the run (both sides of a
// diff), and by their threads.
#pragma once

#include <chrono>
#include <mutex>
#include <optional>

namespace driftlint {

constexpr unsigned kDefaultRenderBudgetSeconds = 900;

class RenderBudget {
 public:
  explicit RenderBudget(std::chrono::seconds total) : total_(total) {}

  // How long a build starting now may run: `wanted`, cut to what is left;
  // zero when the budget is spent. The first call starts the clock.
  std::chrono::milliseconds allow(std::chrono::milliseconds wanted);
  std::chrono::seconds total() const { return total_; }

 private:
  std::chrono::seconds total_;
  std::mutex mutex_;
  std::optional<std::chrono::steady_clock::time_point> end_;
};

}  // namespace driftlint
