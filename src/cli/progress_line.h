// The progress of a long run on stderr (--progress): a thread reads the
// counters the loader and the renderer advance (base/progress.h) ten times a
// second. On a terminal it redraws one line once a phase has run over a
// second; on GitHub Actions each phase is a collapsible group with its
// totals. Standard output is never written, so reports stay byte-identical.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "base/progress.h"
#include "cli/check_options.h"

namespace driftlint::cli {

class ProgressLine {
 public:
  enum class Mode { Off, Terminal, GitHubGroups };
  // --progress auto: groups on GitHub Actions, the line when stderr is a
  // terminal, else nothing; always: the line even into a pipe (groups on
  // GitHub Actions); never, and --quiet unless always: nothing.
  static Mode mode_for(CheckOptions::Progress progress, bool quiet);

  ProgressLine(Mode mode, std::ostream& err);
  ~ProgressLine();  // stop()
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  Progress* counters() { return mode_ == Mode::Off ? nullptr : &progress_; }
  // Ends the thread and clears the line (closing an open group): call before printing anything else.
  void stop();

  // What the line says for these counts, e.g. "parsed 120/5,000 files (from the cache 100)".
  static std::string describe(ProgressPhase phase, size_t done, size_t total, size_t cached);

 private:
  void run();
  void tick(std::chrono::steady_clock::time_point now);
  void close_group();

  Mode mode_;
  std::ostream& err_;
  Progress progress_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
  // What the thread saw last.
  unsigned generation_ = 0;
  ProgressPhase phase_ = ProgressPhase::Idle;
  std::chrono::steady_clock::time_point phase_start_;
  bool drawn_ = false, group_open_ = false;
};

}  // namespace driftlint::cli
