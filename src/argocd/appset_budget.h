// What expanding ApplicationSets may cost (issue 28): in a pull-request
// check every set is the author's, and a few kilobytes of matrix can ask
// for 100,000 Applications. Three limits, each with a command-line flag of
// `check` and `diff`: Applications per set, and over every set of a run
// (each revision a run models counts apart), the bytes templates render and
// the steps they take. Past a limit a set is one render-failed error naming
// it, the limit and the flag; the run goes on.
#pragma once

#include <cstdint>
#include <string>

namespace driftlint {

struct AppSetLimits {
  // --max-appset-apps: Applications (parameter sets) one set may generate;
  // real sets make tens to a few thousand.
  uint64_t max_apps = 10'000;
  // --max-rendered-size (MiB): bytes the templates of a run may render, each
  // rendered node counted as its text and 32 bytes.
  uint64_t max_rendered_bytes = 256ull << 20;
  // --max-template-steps: Go template steps (nodes, calls, range passes,
  // and 64 bytes of values handed to or returned by functions) and generated
  // parameter sets over a run: 5 to 10 s of work, where a real set of 1,000
  // Applications takes some 100,000.
  uint64_t max_template_steps = 50'000'000;
};

// The run-wide budgets as they are spent, shared by every set's expansion.
class AppSetBudget {
 public:
  explicit AppSetBudget(AppSetLimits limits = {}) : limits_(limits) {}

  const AppSetLimits& limits() const { return limits_; }
  // Counts what templates rendered or took; false once a budget is spent.
  bool spend_bytes(uint64_t bytes);
  bool spend_steps(uint64_t steps);
  // Why no more can be rendered in this run ("" while the budgets last):
  // "this run's templates rendered more than 256 MiB (driftlint's limit, --max-rendered-size)".
  std::string spent() const;

 private:
  AppSetLimits limits_;
  uint64_t bytes_ = 0;
  uint64_t steps_ = 0;
};

// "ApplicationSet 'x' generates more than 10000 Applications (driftlint's
// limit, --max-appset-apps); the rest were not expanded".
std::string too_many_apps(const std::string& who, uint64_t limit);

}  // namespace driftlint
