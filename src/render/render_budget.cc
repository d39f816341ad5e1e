#include "render/render_budget.h"

#include <algorithm>

namespace driftlint {

std::chrono::milliseconds RenderBudget::allow(std::chrono::milliseconds wanted) {
  auto now = std::chrono::steady_clock::now();
  std::lock_guard<std::mutex> lock(mutex_);
  if (!end_) end_ = now + total_;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*end_ - now);
  return std::max(std::chrono::milliseconds(0), std::min(wanted, left));
}

}  // namespace driftlint
