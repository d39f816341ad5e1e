// Counters a long phase advances as it goes, from any thread; cli/ reads them
// on a timer to draw one progress line on a terminal. Lower layers only count:
// they never print, and a null Progress* costs nothing.
#pragma once

#include <atomic>
#include <cstddef>

namespace driftlint {

enum class ProgressPhase : int { Idle, Walking, Parsing, Building };

struct Progress {
  std::atomic<int> phase{static_cast<int>(ProgressPhase::Idle)};
  std::atomic<size_t> done{0}, total{0}, cached{0};
  std::atomic<unsigned> generation{0};  // advances with each begin(), so a reader sees a phase restart

  // Counters first, then the phase: a reader that sees the phase sees its counts.
  void begin(ProgressPhase p, size_t steps) {
    done = 0;
    cached = 0;
    total = steps;
    ++generation;
    phase = static_cast<int>(p);
  }
  void step(bool from_cache = false) {
    if (from_cache) ++cached;
    ++done;
  }
  void end() { phase = static_cast<int>(ProgressPhase::Idle); }
};

// The calls a phase makes when it may have no meter.
inline void progress_begin(Progress* p, ProgressPhase phase, size_t steps) {
  if (p) p->begin(phase, steps);
}
inline void progress_step(Progress* p, bool from_cache = false) {
  if (p) p->step(from_cache);
}
inline void progress_end(Progress* p) {
  if (p) p->end();
}

}  // namespace driftlint
