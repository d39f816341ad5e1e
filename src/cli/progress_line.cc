#include "cli/progress_line.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace driftlint::cli {

namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kTick = std::chrono::milliseconds(100);
constexpr auto kQuietStart = std::chrono::seconds(1);  // a phase shorter than this draws nothing

bool on_github_actions() {
  const char* value = std::getenv("GITHUB_ACTIONS");
  return value && std::strcmp(value, "true") == 0;
}

std::string seconds_since(Clock::time_point start, Clock::time_point now) {
  auto tenths = std::chrono::duration_cast<std::chrono::milliseconds>(now - start).count() / 100;
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
}

// A GitHub Actions group's title, as its phase begins.
std::string title(ProgressPhase phase, size_t total) {
  if (phase == ProgressPhase::Walking) return "walking the repos";
  if (phase == ProgressPhase::Parsing) return "parsing " + std::to_string(total) + " files";
  return "rendering " + std::to_string(total) + " kustomize and Helm builds";
}

}  // namespace

ProgressLine::Mode ProgressLine::mode_for(CheckOptions::Progress progress, bool quiet) {
  using P = CheckOptions::Progress;
  if (progress == P::Never || (quiet && progress != P::Always)) return Mode::Off;
  if (on_github_actions()) return Mode::GitHubGroups;
  if (progress == P::Always || isatty(STDERR_FILENO)) return Mode::Terminal;
  return Mode::Off;
}

ProgressLine::ProgressLine(Mode mode, std::ostream& err) : mode_(mode), err_(err) {
  if (mode_ != Mode::Off) thread_ = std::thread([this] { run(); });
}

ProgressLine::~ProgressLine() { stop(); }

void ProgressLine::stop() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  tick(Clock::now());  // a group the last phase opened is closed with its totals
  close_group();
  if (drawn_) err_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

std::string ProgressLine::describe(ProgressPhase phase, size_t done, size_t total, size_t cached) {
  std::string from_cache = cached ? " (from the cache " + std::to_string(cached) + ")" : "";
  switch (phase) {
    case ProgressPhase::Walking:
      return "walked " + std::to_string(done) + " files";
    case ProgressPhase::Parsing:
      return "parsed " + std::to_string(done) + "/" + std::to_string(total) + " files" + from_cache;
    case ProgressPhase::Building:
      return "builds " + std::to_string(done) + "/" + std::to_string(total) + from_cache;
    case ProgressPhase::Idle:
      break;
  }
  return "";
}

void ProgressLine::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, kTick, [this] { return stopping_; });
    if (!stopping_) tick(Clock::now());
  }
}

void ProgressLine::close_group() {
  if (!group_open_) return;
  err_ << "driftlint: " << describe(phase_, progress_.done, progress_.total, progress_.cached) << " in "
       << seconds_since(phase_start_, Clock::now()) << "\n::endgroup::\n" << std::flush;
  group_open_ = false;
}

void ProgressLine::tick(Clock::time_point now) {
  unsigned generation = progress_.generation;
  auto phase = static_cast<ProgressPhase>(progress_.phase.load());
  if (generation != generation_) {  // a new phase began since the last tick
    close_group();
    generation_ = generation;
    phase_ = phase;
    phase_start_ = now;
    if (mode_ == Mode::GitHubGroups && phase != ProgressPhase::Idle) {
      err_ << "::group::driftlint: " << title(phase, progress_.total) << "\n" << std::flush;
      group_open_ = true;
    }
  }
  if (phase == ProgressPhase::Idle) {
    close_group();
    if (drawn_) err_ << "\r\033[K" << std::flush;
    drawn_ = false;
    return;
  }
  if (mode_ != Mode::Terminal || now - phase_start_ < kQuietStart) return;
  err_ << "\r\033[Kdriftlint: " << describe(phase, progress_.done, progress_.total, progress_.cached) << " ("
       << seconds_since(phase_start_, now) << ")" << std::flush;
  drawn_ = true;
}

}  // namespace driftlint::cli
