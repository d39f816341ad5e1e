#include "render/tools.h"

#include <algorithm>
#include <cctype>

#include <re2/re2.h>

#include "base/strings.h"

namespace driftlint {

std::string kustomize_version_in(const std::string& output) {
  // "v5.5.0", "Kustomize Version: v5.5.0", "{Version:kustomize/v4.5.7 GitCommit:...}".
  size_t at = output.find("Kustomize Version:");
  if (at == std::string::npos) at = output.find("kustomize/");
  if (at == std::string::npos) at = 0;
  size_t v = output.find('v', at);
  while (v != std::string::npos && (v + 1 >= output.size() || !std::isdigit(static_cast<unsigned char>(output[v + 1])))) {
    v = output.find('v', v + 1);
  }
  if (v == std::string::npos) return {};
  size_t end = v + 1;
  while (end < output.size() && (std::isalnum(static_cast<unsigned char>(output[end])) || output[end] == '.' ||
                                 output[end] == '-' || output[end] == '+')) {
    ++end;
  }
  return output.substr(v, end - v);
}

namespace {

constexpr std::chrono::seconds kProbeTimeout{30};

ProcessResult probe(const std::vector<std::string>& argv, const RenderSandbox& sandbox, const ProbeCache* probes) {
  auto run = [&] { return sandbox.run(argv, kProbeTimeout); };
  return probes ? probes->probe(argv, run) : run();
}

}  // namespace

std::optional<RenderTool> find_kustomize(const std::string& kubectl, const RenderSandbox& sandbox,
                                         const ProbeCache* probes) {
  if (kubectl.empty()) return std::nullopt;  // --no-render: not even a `kustomize` on PATH
  if (std::optional<std::string> kustomize = sandbox.find("kustomize")) {
    ProcessResult r = probe({*kustomize, "version"}, sandbox, probes);
    std::string version = r.ok() ? kustomize_version_in(r.out) : "";
    if (!version.empty()) return RenderTool{{*kustomize, "build"}, version, "kustomize " + version};
  }
  std::optional<std::string> path = sandbox.find(kubectl);
  if (!path) return std::nullopt;
  ProcessResult r = probe({*path, "version", "--client"}, sandbox, probes);
  std::string version = r.ok() ? kustomize_version_in(r.out) : "";
  if (version.empty()) return std::nullopt;
  return RenderTool{{*path, "kustomize"}, version, "kustomize " + version + " (kubectl kustomize)"};
}

std::optional<RenderTool> find_helm(const std::string& helm, const RenderSandbox& sandbox, const ProbeCache* probes) {
  std::optional<std::string> path = helm.empty() ? std::nullopt : sandbox.find(helm);
  if (!path) return std::nullopt;
  ProcessResult r = probe({*path, "version", "--short"}, sandbox, probes);
  std::string out(trim(r.out));
  if (!r.ok() || out.empty() || out[0] != 'v') return std::nullopt;
  if (out.rfind("v2.", 0) == 0) return std::nullopt;  // Helm 2 has no `helm template` of charts as Argo CD runs it
  std::string version = out.substr(0, out.find('+'));
  return RenderTool{{*path, "template"}, version, "helm " + version};
}

namespace {

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  if (from.empty()) return;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// kustomize nests causes: "accumulation err='...': recursed accumulation of
// path 'P': CAUSE". The innermost CAUSE says what is wrong.
std::string innermost_cause(std::string message) {
  static const std::string marker = "recursed accumulation of path '";
  for (size_t at; (at = message.rfind(marker)) != std::string::npos;) {
    size_t end = message.find("': ", at + marker.size());
    if (end == std::string::npos) break;
    message = message.substr(end + 3);
  }
  // It then tries the path as a folder too; the file's error is the one that matters.
  if (size_t dir = message.find("': must build at directory"); dir != std::string::npos) message = message.substr(0, dir + 1);
  static const RE2 lstat("evalsymlink failure on '([^']*)' : lstat [^:]*: ");
  RE2::GlobalReplace(&message, lstat, "'\\1': ");
  return message;
}

// Whether a line of stderr is a warning printed before the error, such as
// kustomize's `# Warning: 'bases' is deprecated. ...` or kubectl's
// `Warning: ...`: never the reason a build failed.
bool is_warning_line(std::string_view line) {
  line = trim(line);
  return line.empty() || line.rfind("# Warning:", 0) == 0 || line.rfind("Warning:", 0) == 0;
}

// The first message of stderr after any warnings: its first line, or a klog
// block (`err=<` then tab-indented lines up to ` >`) joined into one line.
std::string first_message(std::string_view err) {
  std::vector<std::string_view> lines = split(err, '\n');
  size_t first = 0;
  while (first < lines.size() && is_warning_line(lines[first])) ++first;
  if (first == lines.size()) first = 0;  // only warnings: say the first
  if (lines.empty()) return {};
  std::string out(trim(lines[first]));
  // kustomize 5.7 quotes a patch's config over several lines between
  // backticks ("config: `\npath: x.yaml\n`: failed to get ..."): the cause
  // is after the closing one.
  for (size_t i = first + 1; i < lines.size() && std::count(out.begin(), out.end(), '`') % 2 == 1; ++i) {
    std::string_view l = trim(lines[i]);
    out += (out.back() == '`' || l.empty() || l.front() == '`' ? "" : " ") + std::string(l);
  }
  if (out.size() < 5 || out.compare(out.size() - 5, 5, "err=<") != 0) return out;
  out.resize(out.size() - 1);
  out += '"';
  for (size_t i = first + 1; i < lines.size() && trim(lines[i]) != ">"; ++i) {
    std::string_view l = trim(lines[i]);
    if (l.empty() || l == "`") {
      out += l;
      continue;
    }
    out += (out.back() == '"' || out.back() == '`' ? "" : " ") + std::string(l);
  }
  return out + "\"";
}

}  // namespace

std::string clean_tool_message(std::string message, const std::string& workspace) {
  // klog: E1204 01:15:27.070631   17523 run.go:72] "command failed" err="..."
  static const RE2 klog(R"re(^[EWIF]\d{4} [\d:.]+\s+\d+ \S+\] "command failed" err="(.*)"\s*$)re");
  std::string inner;
  if (RE2::FullMatch(message, klog, &inner)) {
    message = inner;
    replace_all(message, "\\\"", "\"");
  }
  if (!workspace.empty()) {
    replace_all(message, workspace + "/", "");
    replace_all(message, workspace, ".");
  }
  if (message.rfind("error: ", 0) == 0 || message.rfind("Error: ", 0) == 0) message = message.substr(7);
  return innermost_cause(std::string(trim(message)));
}

std::string tool_failure(const ProcessResult& result, const std::string& tool, std::chrono::milliseconds timeout,
                         const std::string& workspace) {
  if (result.isolation_failed) return tool + " was not run: the render sandbox's namespaces could not be made";
  if (!result.started) return tool + " did not start" + (result.err.empty() ? "" : ": " + result.err);
  if (result.timed_out) {
    return tool + " timed out after " + std::to_string(timeout.count() / 1000) + " s (--render-timeout)";
  }
  std::string first = clean_tool_message(first_message(result.err), workspace);
  if (first.empty()) first = "exit code " + std::to_string(result.exit_code);
  return quote_for_message(first, 300);
}

}  // namespace driftlint
