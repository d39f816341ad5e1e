#include "render/build_run.h"

namespace driftlint {

namespace {

std::string budget_name(const RenderBudget& budget) {
  return "the run's render budget of " + std::to_string(budget.total().count()) + " s (--render-budget)";
}

// The tool on the workspace for `allowed` (the build's time limit, or less
// when the run's budget has less left); nullopt with `out` saying why when it
// gave no output.
std::optional<ProcessResult> run_tool(const std::vector<std::string>& argv, const std::string& tool_name,
                                      std::chrono::milliseconds allowed, const BuildSettings& s,
                                      const std::string& workspace, RenderOutput& out, ProcessResult& run) {
  run = s.sandbox->run(argv, allowed, 256u << 20, s.reach_network);
  if (run.timed_out && allowed < s.timeout) {
    out.status = RenderOutput::Status::NotRendered;
    out.message = tool_name + " was stopped when " + budget_name(*s.budget) + " ran out";
    return std::nullopt;
  }
  if (!run.ok() || run.truncated) {
    out.status = RenderOutput::Status::Failed;
    out.message = run.truncated ? "its output is over 256 MiB" : tool_failure(run, tool_name, s.timeout, workspace);
    return std::nullopt;
  }
  return run;
}

// A failure the same inputs give again (the tool ran and refused them), not
// one of this run's circumstances (a time limit, a sandbox, a tool missing).
bool repeatable_failure(const RenderOutput& out, const ProcessResult& run) {
  return out.status == RenderOutput::Status::Failed && run.started && !run.timed_out && !run.isolation_failed;
}

// Failed builds are cached too, under their own key (the message is the
// result), so a warm run runs no tool at all.
std::string failure_key(const std::string& identity) { return render_key("failed\n" + identity); }

}  // namespace

std::optional<std::string> run_or_reuse(const std::string& identity,
                                        const std::function<Expected<std::map<std::string, std::string>>()>& files,
                                        const std::function<std::vector<std::string>(const RenderWorkspace&)>& argv,
                                        const std::string& tool_name, const BuildSettings& s, RenderOutput& out) {
  std::string key = render_key(identity);
  if (s.cache) {
    if (std::optional<std::string> cached = s.cache->read(key, 1ull << 30)) {
      out.from_cache = true;
      return cached;
    }
    if (std::optional<std::string> failed = s.cache->read(failure_key(identity), 1ull << 20)) {
      out.from_cache = true;
      out.status = RenderOutput::Status::Failed;
      out.message = std::move(*failed);
      return std::nullopt;
    }
  }
  std::chrono::milliseconds allowed = s.budget ? s.budget->allow(s.timeout) : s.timeout;
  if (allowed.count() <= 0) {
    out.status = RenderOutput::Status::NotRendered;
    out.message = budget_name(*s.budget) + " was spent before it could start";
    return std::nullopt;
  }
  Expected<RenderWorkspace> workspace = RenderWorkspace::create();
  if (!workspace) {
    out.status = RenderOutput::Status::NotRendered;
    out.message = workspace.error().message;
    return std::nullopt;
  }
  Expected<std::map<std::string, std::string>> inputs = files();
  if (!inputs) {
    out.status = RenderOutput::Status::NotRendered;
    out.message = inputs.error().message;
    return std::nullopt;
  }
  for (const auto& [path, text] : *inputs) {
    if (Status st = workspace->write(path, text); !st) {
      out.status = RenderOutput::Status::NotRendered;
      out.message = st.error().message;
      return std::nullopt;
    }
  }
  ProcessResult result;
  auto started = std::chrono::steady_clock::now();
  std::optional<ProcessResult> run = run_tool(argv(*workspace), tool_name, allowed, s, workspace->root(), out, result);
  out.tool_time = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  if (!run) {
    if (s.cache && repeatable_failure(out, result)) s.cache->write(failure_key(identity), out.message);
    return std::nullopt;
  }
  if (!run->out.empty() && run->out.back() != '\n') run->out += '\n';
  if (s.cache) s.cache->write(key, run->out);
  return std::move(run->out);
}

}  // namespace driftlint
