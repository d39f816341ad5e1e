#include "render/build_run.h"

namespace driftlint {

std::optional<std::string> run_or_reuse(const std::string& identity, const std::map<std::string, std::string>& files,
                                        const std::function<std::vector<std::string>(const RenderWorkspace&)>& argv,
                                        const std::string& tool_name, const BuildSettings& s, RenderOutput& out) {
  std::string key = render_key(identity);
  if (s.cache) {
    if (std::optional<std::string> cached = s.cache->read(key, 1ull << 30)) {
      out.from_cache = true;
      return cached;
    }
  }
  Expected<RenderWorkspace> workspace = RenderWorkspace::create();
  if (!workspace) {
    out.status = RenderOutput::Status::NotRendered;
    out.message = workspace.error().message;
    return std::nullopt;
  }
  for (const auto& [path, text] : files) {
    if (Status st = workspace->write(path, text); !st) {
      out.status = RenderOutput::Status::NotRendered;
      out.message = st.error().message;
      return std::nullopt;
    }
  }
  ProcessResult run = run_render_tool(argv(*workspace), s.timeout);
  if (!run.ok() || run.truncated) {
    out.status = RenderOutput::Status::Failed;
    out.message = run.truncated ? "its output is over 256 MiB" : tool_failure(run, tool_name, s.timeout, workspace->root());
    return std::nullopt;
  }
  if (!run.out.empty() && run.out.back() != '\n') run.out += '\n';
  if (s.cache) s.cache->write(key, run.out);
  return std::move(run.out);
}

}  // namespace driftlint
