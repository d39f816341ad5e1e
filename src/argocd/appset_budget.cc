#include "argocd/appset_budget.h"

#include <algorithm>

namespace driftlint {

namespace {

// Adds to a counter that stops one past its limit (limits are far below 2^62).
bool spend(uint64_t& used, uint64_t amount, uint64_t limit) {
  used = std::min(used + std::min(amount, limit + 1), limit + 1);
  return used <= limit;
}

}  // namespace

bool AppSetBudget::spend_bytes(uint64_t bytes) { return spend(bytes_, bytes, limits_.max_rendered_bytes); }

bool AppSetBudget::spend_steps(uint64_t steps) { return spend(steps_, steps, limits_.max_template_steps); }

std::string AppSetBudget::spent() const {
  if (bytes_ > limits_.max_rendered_bytes) {
    uint64_t mib = limits_.max_rendered_bytes >> 20;
    std::string size = mib << 20 == limits_.max_rendered_bytes ? std::to_string(mib) + " MiB"
                                                               : std::to_string(limits_.max_rendered_bytes) + " bytes";
    return "this run's templates rendered more than " + size + " (driftlint's limit, --max-rendered-size)";
  }
  if (steps_ > limits_.max_template_steps) {
    return "this run's templates took more than " + std::to_string(limits_.max_template_steps) +
           " steps (driftlint's limit, --max-template-steps)";
  }
  return "";
}

std::string too_many_apps(const std::string& who, uint64_t limit) {
  return who + " generates more than " + std::to_string(limit) +
         " Applications (driftlint's limit, --max-appset-apps); the rest were not expanded";
}

}  // namespace driftlint
