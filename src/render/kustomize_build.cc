#include "render/kustomize_build.h"

#include <array>
#include <cctype>
#include <map>

#include <re2/re2.h>

#include "base/strings.h"
#include "load/parse_cache.h"
#include "model/objects_in_file.h"
#include "render/build_run.h"
#include "render/closure.h"
#include "render/kustomize_edit.h"
#include "render/kustomize_origins.h"
#include "render/origin_annotations.h"
#include "render/render_cache.h"
#include "render/workspace.h"

namespace driftlint {

namespace {

// The closure's files as the build's identity knows them: by blob id when
// the run knows it (a warm run then reads none of them), else by their text.
struct ClosureContents {
  std::map<std::string, std::string> texts;  // read
  std::map<std::string, std::string> ids;    // path -> blob id: not read yet
};

ClosureContents closure_contents(const FileTree& tree, const KustomizeClosure& closure, const BuildSettings& s) {
  ClosureContents out;
  for (const std::string& path : closure.files) {
    if (std::string id = s.content_id ? s.content_id(path) : ""; !id.empty()) {
      out.ids[path] = std::move(id);
      continue;
    }
    Expected<FileContent> content = tree.read(path, s.max_file_size);
    if (content && !content->too_large) out.texts[path] = std::move(content->text);
  }
  return out;
}

// Every file's text, reading those known by id: what the build's copy
// holds. A file whose bytes are no longer those of its id changed while
// driftlint ran: the build would be cached under what it did not build.
Expected<std::map<std::string, std::string>> all_texts(const FileTree& tree, const ClosureContents& contents, uint64_t max) {
  std::map<std::string, std::string> out = contents.texts;
  for (const auto& [path, id] : contents.ids) {
    Expected<FileContent> content = tree.read(path, max);
    // Gone, grown past the limit or changed: its id is in the identity, so it must be built as that id.
    if (!content || content->too_large || content_id_of(content->text) != id) {
      return Error{path + " changed while driftlint ran; run it again"};
    }
    out[path] = std::move(content->text);
  }
  return out;
}

// Whether the build inflates Helm charts: its helmCharts, with --enable-helm
// (or where Argo CD's options are not known).
bool inflates_charts(const RenderRequest& request, const KustomizeClosure& closure) {
  bool charts = !closure.helm_charts.empty() || !closure.remote_charts.empty();
  return charts && (request.build_flags.enable_helm() || request.build_flags.helm_if_charts);
}

std::string identity_of(const RenderRequest& request, const BuildSettings& s, bool helm, const KustomizeClosure& closure,
                        const ClosureContents& contents) {
  std::string id = "kustomize-build-v3\n";
  add_identity_field(id, s.tool->description);
  add_identity_field(id, request.identity());
  add_identity_field(id, helm ? s.helm->description : "");
  for (const std::string& path : closure.files) {
    if (auto by_id = contents.ids.find(path); by_id != contents.ids.end()) {
      add_identity_field(id, path);
      add_identity_field(id, "blob");
      add_identity_field(id, by_id->second);
    } else if (auto text = contents.texts.find(path); text != contents.texts.end()) {
      add_identity_field(id, path);
      add_identity_field(id, "text");
      add_identity_field(id, text->second);
    }
  }
  return id;
}

// `kustomize build FOLDER`, then Argo CD's build options as driftlint passes
// them, then the helm kustomize runs for helmCharts (found here on PATH, by
// its path: the tool's environment may have none). --enable-helm is passed
// only to a build with helmCharts, so helm never runs on a chart that is not
// in the closure (a HelmChartInflationGenerator in a generators file).
std::vector<std::string> build_command(const RenderRequest& request, const BuildSettings& s, bool helm,
                                       const std::string& folder) {
  std::vector<std::string> command = s.tool->command;
  command.push_back(folder);
  for (const std::string& arg : request.build_flags.args) {
    // Without helmCharts of its own, the build runs no helm: none is named.
    if (!helm && arg.rfind("--enable-helm", 0) == 0) continue;
    command.push_back(arg);
  }
  if (helm) {
    if (!request.build_flags.enable_helm()) command.push_back("--enable-helm");
    command.insert(command.end(), {"--helm-command", s.helm_path});
  }
  return command;
}

// The output, from the cache or by running the tool on a copy whose root
// kustomization carries the app's options; nullopt with out.status set.
std::optional<std::string> run_build(const RenderRequest& request, const KustomizeClosure& closure, const FileTree& tree,
                                     const ClosureContents& contents, const BuildSettings& s, RenderOutput& out) {
  auto files = [&]() -> Expected<std::map<std::string, std::string>> {
    Expected<std::map<std::string, std::string>> all = all_texts(tree, contents, s.max_file_size);
    const KustomizationFile& root = closure.kustomizations.front();
    if (all) (*all)[root.path] = edited_kustomization(root.root, request.kustomize);
    return all;
  };
  bool helm = inflates_charts(request, closure);
  auto argv = [&](const RenderWorkspace& workspace) { return build_command(request, s, helm, workspace.path_of(request.folder)); };
  std::optional<std::string> output =
      run_or_reuse(identity_of(request, s, helm, closure, contents), files, argv, "kustomize", s, out);
  if (!output && out.status == RenderOutput::Status::Failed && !request.build_flags.withheld.empty()) {
    // It may have needed what driftlint withholds: not Argo CD's failure.
    out.status = RenderOutput::Status::NotRendered;
    out.message = "kustomize failed without " + join(request.build_flags.withheld, " ") +
                  " (argocd-cm's kustomize.buildOptions), which driftlint never passes: " + out.message;
  }
  return output;
}

// "v5.5.0" -> {5, 5, 0}; missing parts are 0.
std::array<int, 3> version_numbers(std::string_view version) {
  std::array<int, 3> out = {0, 0, 0};
  size_t i = version.empty() || version[0] != 'v' ? 0 : 1;
  for (int& part : out) {
    while (i < version.size() && std::isdigit(static_cast<unsigned char>(version[i]))) part = part * 10 + (version[i++] - '0');
    if (i >= version.size() || version[i] != '.') break;
    ++i;
  }
  return out;
}

// Kustomize before 5.8.1 checks helm with `helm version -c`, which helm 4
// refuses: the pair cannot inflate charts, whatever Argo CD would do.
bool kustomize_refuses_helm(const RenderTool& kustomize, const RenderTool& helm) {
  return version_numbers(helm.version)[0] >= 4 && version_numbers(kustomize.version) < std::array<int, 3>{5, 8, 1};
}

// The host kustomize would fetch a remote base from over https or http;
// nullopt for ssh, file:// and forms driftlint does not hand on.
std::optional<std::string> remote_base_host(std::string reference) {
  if (reference.starts_with("git::")) reference = reference.substr(5);
  if (reference.starts_with("gh:")) return std::string("github.com");
  if (reference.starts_with("https://") || reference.starts_with("http://")) {
    std::string host = chart_host(reference);
    return host.empty() ? std::nullopt : std::optional(host);
  }
  if (reference.find("://") != std::string::npos || reference.find('@') != std::string::npos) return std::nullopt;
  size_t slash = reference.find('/');
  std::string host = reference.substr(0, slash);
  if (slash == std::string::npos || host.find('.') == std::string::npos || host.find(':') != std::string::npos) {
    return std::nullopt;
  }
  return host;
}

// Why the build's remote bases may not be fetched ("" when every one's host
// is allowed: kustomize then fetches them itself, in the sandbox with the
// network and git).
std::string remote_obstacle(const KustomizeClosure& closure, const BuildSettings& s) {
  for (const std::string& reference : closure.remote) {
    std::optional<std::string> host = remote_base_host(reference);
    std::string named = "it reads the remote base " + quote_for_message(reference) + ", which driftlint does not fetch";
    if (!host) return named + " (only https and http ones are fetched, with --allow-network)";
    std::string why = host_refusal(*host, s.fetch ? s.fetch->allowed_hosts : std::vector<std::string>{});
    if (why == "the network is off") return named + " (--allow-network " + *host + " fetches it)";
    if (!why.empty()) return named + ": " + why;
  }
  return {};
}

// Why a build that inflates Helm charts cannot be run here ("" when it can).
std::string chart_obstacle(const RenderRequest& request, const KustomizeClosure& closure, const BuildSettings& s) {
  if (!inflates_charts(request, closure)) return {};
  if (!closure.remote_charts.empty()) {
    return "it pulls the Helm chart " + quote_for_message(closure.remote_charts.front()) +
           " (helmCharts), which driftlint does not fetch";
  }
  if (!s.helm || s.helm_path.empty()) return "it inflates Helm charts (helmCharts), and helm is not installed";
  if (kustomize_refuses_helm(*s.tool, *s.helm)) {
    return "it inflates Helm charts (helmCharts), and " + s.tool->description + " cannot run " + s.helm->description +
           " (it asks `helm version -c`, which helm 4 refuses; kustomize 5.8.1 or helm 3 can)";
  }
  return {};
}

// A build that failed on a file the repo does not hold (a generator input
// made at deploy time, a renamed patch) is reported at the entry naming it,
// in driftlint's words: the same missing file then reads the same in every
// build it breaks, and is reported once.
void locate_missing_file(const KustomizeClosure& closure, const FileTree& tree, RenderOutput& out) {
  // kustomize 5.5: "'x.env': no such file or directory"; 5.7: "evalsymlink
  // failure on 'x.yaml' : lstat x.yaml: no such file or directory" (paths in
  // the private copy, made relative by clean_tool_message).
  static const RE2 missing("'([^']+)': no such file or directory");
  static const RE2 evalsymlink("evalsymlink failure on '([^']+)' : lstat [^:]*: no such file or directory");
  std::string path;
  if (!RE2::PartialMatch(out.message, missing, &path) && !RE2::PartialMatch(out.message, evalsymlink, &path)) return;
  auto named = closure.named_at.find(path);
  if (named == closure.named_at.end() || tree.read(path, 0)) return;
  out.anchor_path = named->second.file;
  out.anchor_position = named->second.position;
  out.message = path + " does not exist in the repo";
}

bool keeps_origin_annotations(yaml::Node kustomization) {
  for (yaml::Node m : kustomization.get("buildMetadata").elements()) {
    if (m.text() == "originAnnotations") return true;
  }
  return false;
}

}  // namespace

void read_kustomize_output(const std::string& output, const KustomizeClosure& closure, const RenderRequest& request,
                           const FileTree& tree, uint64_t max_file_size, RenderOutput& out,
                           const ParsedFileSource& loaded) {
  StrippedOutput stripped = strip_origin_annotations(output);
  if (!closure.kustomizations.empty() && keeps_origin_annotations(closure.kustomizations.front().root)) {
    stripped.text = output;  // the user asked for them: they are part of what is applied
  }
  auto parsed = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml(stripped.text));
  out.parsed = parsed;
  out.provenance = std::make_shared<Provenance>(parsed->tree, request.repo);
  std::map<std::string, std::shared_ptr<const yaml::ParsedFile>> parsed_files;
  ParsedFileSource files = [&](const std::string& path) -> std::shared_ptr<const yaml::ParsedFile> {
    auto it = parsed_files.find(path);
    if (it != parsed_files.end()) return it->second;
    if (std::shared_ptr<const yaml::ParsedFile> file = loaded ? loaded(path) : nullptr; file && !file->error) {
      return parsed_files[path] = file;
    }
    Expected<FileContent> content = tree.read(path, max_file_size);
    std::shared_ptr<const yaml::ParsedFile> file;
    if (content && !content->too_large) file = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml(content->text));
    return parsed_files[path] = file;
  };
  Extracted extracted;
  extract_manifests(*parsed, "(kustomize output)", 0, extracted);
  for (Manifest& m : extracted.manifests) {
    const std::string& origin = m.document < stripped.origins.size() ? stripped.origins[m.document] : std::string();
    ObjectOrigin from = trace_kustomize_object(m.root, origin, closure, request.kustomize, files, *out.provenance);
    m.provenance = out.provenance;
    m.document = 0;
    out.origin_paths.push_back(from.path);
    out.objects.push_back(std::move(m));
  }
}

std::unique_ptr<RenderOutput> build_kustomization(const RenderRequest& request, const FileTree& tree,
                                                  const BuildSettings& settings) {
  auto out = std::make_unique<RenderOutput>();
  out->repo = request.repo;
  out->folder = request.folder;
  KustomizeClosure closure = kustomize_closure(tree, request.folder, settings.max_file_size, settings.loaded);
  out->files = closure.files;
  out->patch_files = closure.patch_files;
  if (!closure.kustomizations.empty()) out->included = closure.kustomizations.front().children;
  out->anchor_path = closure.kustomizations.empty() ? request.folder : closure.kustomizations.front().path;
  if (closure.kustomizations.empty()) {
    out->status = RenderOutput::Status::Failed;
    out->message = "no kustomization.yaml in " + (request.folder.empty() ? std::string(".") : request.folder);
    return out;
  }
  if (!closure.refused.empty()) {
    // Never handed to the tool: kustomize would read the folder or file it
    // names wherever it is on the runner.
    const RefusedEntry& first = closure.refused.front();
    out->status = RenderOutput::Status::Failed;
    out->anchor_path = first.file;
    out->anchor_position = first.position;
    out->message = "refused: " + first.message;
    if (closure.refused.size() > 1) out->message += " (and " + std::to_string(closure.refused.size() - 1) + " more such entries)";
    return out;
  }
  BuildSettings settings_here = settings;
  if (settings.find_helm && inflates_charts(request, closure)) {
    settings_here.helm = settings.find_helm();
    settings_here.helm_path = settings_here.helm ? settings_here.helm->command.front() : "";
  }
  if (!closure.remote.empty()) {
    out->message = remote_obstacle(closure, settings);
    if (!out->message.empty()) return out;
    // What a remote base holds is not in the build's identity: never cached.
    settings_here.reach_network = true;
    settings_here.cache = nullptr;
  }
  if (!settings.tool) {
    out->message = settings.no_tool_reason.empty()
                       ? "kustomize is not installed (neither `kustomize` nor `kubectl` is on PATH)"
                       : settings.no_tool_reason;
    return out;
  }
  if (std::string obstacle = chart_obstacle(request, closure, settings_here); !obstacle.empty()) {
    out->message = obstacle;
    return out;
  }
  ClosureContents contents = closure_contents(tree, closure, settings);
  std::optional<std::string> output = run_build(request, closure, tree, contents, settings_here, *out);
  if (!output) {
    if (out->status == RenderOutput::Status::Failed) locate_missing_file(closure, tree, *out);
    return out;
  }
  out->status = RenderOutput::Status::Rendered;
  read_kustomize_output(*output, closure, request, tree, settings.max_file_size, *out, settings.loaded);
  for (const std::string& f : closure.object_files) out->object_files.insert(f);
  return out;
}

}  // namespace driftlint
