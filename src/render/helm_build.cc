#include "render/helm_build.h"

#include <algorithm>
#include <cstdio>
#include <tuple>
#include <map>

#include "base/strings.h"
#include "base/tar_gz.h"
#include "fs/repo_path.h"
#include "git/url.h"
#include "model/objects_in_file.h"
#include "render/build_run.h"
#include "render/chart_dependencies.h"
#include "render/chart_schema.h"
#include "render/helm_origins.h"
#include "render/render_cache.h"
#include "render/workspace.h"

namespace driftlint {

namespace {

constexpr size_t kMaxChartFiles = 10'000;
constexpr uint64_t kMaxPackageInflated = 256ull << 20;
constexpr const char* kValuesFolder = ".driftlint-values";

struct ChartInputs {
  std::map<std::string, std::string> files;  // workspace-relative path -> text
  std::vector<ValuesSource> values;          // in the order they are given to helm
  // `file://` dependencies copied into charts/: workspace folder -> the repo folder it holds.
  std::map<std::string, std::string> linked;
  bool refused = false;  // a dependency helm could not read either: the build fails
  // Dependencies fetched from repositories: workspace folder -> the Chart.yaml line that names it.
  std::map<std::string, SourcePlace> fetched;

  // For a path of a fetched dependency, the line that names it.
  const SourcePlace* fetched_from(const std::string& path) const {
    for (const auto& [copy, place] : fetched) {
      if (path_is_under(path, copy)) return &place;
    }
    return nullptr;
  }

  // The repo path a workspace path was copied from.
  std::string repo_path(const std::string& path) const {
    for (const auto& [copy, folder] : linked) {
      if (path_is_under(path, copy)) return join_path(folder, path.substr(copy.size() + 1));
    }
    return path;
  }
};

std::string value_copy_path(const RenderRequest& request, const HelmOptions::ValueFile& f) {
  if (f.repo == request.repo) return f.path;
  return std::string(kValuesFolder) + "/repo-" + std::to_string(f.repo) + "/" + f.path;
}

std::string read_values(const RenderRequest& request, const LoadResult& load, uint64_t max, ChartInputs& in);

// Reads the chart and the value files; "" or why not.
std::string read_inputs(const RenderRequest& request, const LoadResult& load, uint64_t max, ChartInputs& in) {
  const FileTree& tree = *load.repos[request.repo].tree;
  std::optional<std::vector<std::string>> files = tree.files_under(request.folder, kMaxChartFiles);
  if (!files) return "the chart has more than " + std::to_string(kMaxChartFiles) + " files";
  for (const std::string& path : *files) {
    Expected<FileContent> content = tree.read(path, max);
    if (content && !content->too_large) in.files[path] = std::move(content->text);
  }
  if (std::string why = link_file_dependencies(request.folder, tree, max, kMaxChartFiles, in.files, in.linked);
      !why.empty()) {
    in.refused = true;
    return why;
  }
  return read_values(request, load, max, in);
}

// A fetched chart's files, out of its package (whose top folder is the
// chart's name, `request.folder`); "" or why not.
std::string read_package(const RenderRequest& request, const std::string& package, ChartInputs& in) {
  std::string prefix = request.folder + "/";
  auto files = files_in_tar_gz(package, kMaxPackageInflated, [&](std::string_view name) { return name.starts_with(prefix); });
  if (!files) return "its package cannot be read: " + files.error().message;
  if (files->size() > kMaxChartFiles) return "the chart has more than " + std::to_string(kMaxChartFiles) + " files";
  for (auto& [name, text] : *files) {
    if (!is_clean_repo_path(name)) return "its package holds a path that leaves the chart: " + quote_for_message(name, 120);
    in.files[name] = std::move(text);
  }
  if (!in.files.count(prefix + "Chart.yaml")) return "its package holds no " + prefix + "Chart.yaml";
  return {};
}

// The app's value files and values, after the chart's files; "" or why not.
std::string read_values(const RenderRequest& request, const LoadResult& load, uint64_t max, ChartInputs& in) {
  for (const HelmOptions::ValueFile& f : request.helm.value_files) {
    Expected<FileContent> content = load.repos[f.repo].tree->read(f.path, max);
    if (!content || content->too_large) return "its value file " + f.path + " cannot be read";
    std::string copy = value_copy_path(request, f);
    in.files[copy] = std::move(content->text);
    in.values.push_back({copy, f.repo, f.path, false});
  }
  if (!request.helm.values.empty()) {
    std::string copy = std::string(kValuesFolder) + "/app-values.yaml";
    in.files[copy] = request.helm.values;
    uint32_t repo = request.helm.app_repo >= 0 ? static_cast<uint32_t>(request.helm.app_repo) : request.repo;
    in.values.push_back({copy, repo, request.helm.app_path, true});
  }
  return {};
}

std::string identity_of(const RenderRequest& request, const RenderTool& tool, const ChartInputs& in) {
  std::string id = "helm-template-v2\n";
  add_identity_field(id, tool.description);
  add_identity_field(id, request.identity());
  for (const auto& [path, text] : in.files) {
    add_identity_field(id, path);
    add_identity_field(id, text);
  }
  return id;
}

// Helm 3.16 brought --skip-schema-validation; Helm 4 has it.
bool can_skip_schema_validation(const RenderTool& tool) {
  unsigned major = 0, minor = 0;
  if (std::sscanf(tool.version.c_str(), "v%u.%u", &major, &minor) != 2) return false;
  return major > 3 || (major == 3 && minor >= 16);
}

// Whether the chart's values.schema.json files let helm validate without
// reading anything else (chart_schema.h). A reference to a file refuses the
// build (Argo CD's helm would read the repo server's disk, or fail); one to
// download, or a packaged subchart that cannot be read, turns validation
// off: it never changes what `helm template` prints, only whether it
// refuses, and Argo CD would download the reference. "" when the build may
// run, else why not (with out.status set).
std::string check_schemas(const RenderRequest& request, const ChartInputs& in, const RenderTool& tool,
                          uint64_t max_bytes, bool& skip_validation, RenderOutput& out) {
  ChartSchemas found = chart_schemas(in.files, request.folder, max_bytes);
  std::string unchecked;
  if (!found.unreadable.empty()) unchecked = "the packaged subchart " + found.unreadable.front() + " cannot be read";
  for (const auto& [path, text] : found.schemas) {
    for (const SchemaReference& r : scan_values_schema(text).outside) {
      std::string named = path + "'s " + r.keyword + " " + quote_for_message(r.value, 120);
      if (!r.fetched) {
        out.status = RenderOutput::Status::Failed;
        return named + " makes helm read a file outside the chart, from the disk it runs on; driftlint does not "
                       "let it (use a fragment, \"#/$defs/...\", of the schema itself)";
      }
      if (unchecked.empty() || unchecked.starts_with("the packaged")) unchecked = named + " would be downloaded";
    }
  }
  if (unchecked.empty()) return {};
  if (!can_skip_schema_validation(tool)) {
    out.status = RenderOutput::Status::NotRendered;
    return unchecked + ", and " + tool.description + " cannot skip schema validation (Helm 3.16 can)";
  }
  skip_validation = true;
  out.caveat = "values not validated against values.schema.json: " + unchecked;
  return {};
}

std::optional<std::string> run_template(const RenderRequest& request, const ChartInputs& in, const BuildSettings& s,
                                        RenderOutput& out) {
  bool skip_validation = false;
  out.message = check_schemas(request, in, *s.tool, s.max_file_size, skip_validation, out);
  if (!out.message.empty()) return std::nullopt;
  auto argv = [&](const RenderWorkspace& workspace) {
    std::vector<std::string> values;
    for (const ValuesSource& v : in.values) values.push_back(workspace.path_of(v.copy));
    std::vector<std::string> command = helm_arguments(*s.tool, request, workspace.path_of(request.folder), values);
    if (skip_validation) command.push_back("--skip-schema-validation");
    return command;
  };
  return run_or_reuse(identity_of(request, *s.tool, in), [&]() -> Expected<std::map<std::string, std::string>> { return in.files; }, argv, "helm", s, out);
}

void read_output(const std::string& output, const RenderRequest& request, const ChartInputs& in, RenderOutput& out) {
  auto parsed = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml(output));
  out.parsed = parsed;
  out.provenance = std::make_shared<Provenance>(parsed->tree, request.repo);
  std::vector<std::string> sources = helm_sources(output, request.folder);
  HelmValueIndex values = index_chart_values(request, in.files, in.values);
  Extracted extracted;
  extract_manifests(*parsed, "(helm output)", 0, extracted);
  std::map<std::string, HelmTemplateLines> templates;  // by the template's path in the build
  for (Manifest& m : extracted.manifests) {
    bool known = m.document < sources.size() && !sources[m.document].empty();
    const SourcePlace* dependency = known ? in.fetched_from(sources[m.document]) : nullptr;
    if (!request.remote.empty() || dependency) {
      // A fetched chart's templates are in no repo: the line that names the chart stands for them.
      std::string at = dependency ? dependency->path : out.anchor_path;
      trace_helm_object(m.root, at, nullptr, values, *out.provenance, dependency ? dependency->position : out.anchor_position);
      out.origin_paths.push_back(at);
      m.provenance = out.provenance;
      out.objects.push_back(std::move(m));
      continue;
    }
    std::string source = known ? in.repo_path(sources[m.document]) : out.anchor_path;
    const HelmTemplateLines* lines = nullptr;
    if (auto text = known ? in.files.find(sources[m.document]) : in.files.end(); text != in.files.end()) {
      lines = &templates.try_emplace(text->first, text->second).first->second;
    }
    trace_helm_object(m.root, source, lines, values, *out.provenance);
    out.origin_paths.push_back(source);
    out.object_files.insert(source);
    m.provenance = out.provenance;
    out.objects.push_back(std::move(m));
  }
}

// An app that renders a folder with no Chart.yaml as a chart (a `helm:`
// block): helm refuses it, and the place to fix is the app's source.
void mark_not_a_chart(const RenderRequest& request, RenderOutput& out) {
  out.status = RenderOutput::Status::Failed;
  std::string folder = request.folder.empty() ? "the repo's root" : request.folder;
  out.message = folder + " has no Chart.yaml: the source's helm: block makes it a chart, and helm finds none "
                "there (point path: at the chart's folder)";
  if (request.helm.app_repo == static_cast<int>(request.repo) && !request.helm.app_path.empty()) {
    out.anchor_path = request.helm.app_path;
    out.anchor_position = request.helm.source_position;
  }
}

}  // namespace

std::vector<std::string> helm_arguments(const RenderTool& tool, const RenderRequest& request,
                                        const std::string& chart_dir, const std::vector<std::string>& value_paths) {
  const HelmOptions& h = request.helm;
  std::vector<std::string> argv = tool.command;
  argv.push_back(chart_dir);
  argv.insert(argv.end(), {"--name-template", h.release_name});
  if (!h.ns.empty()) argv.insert(argv.end(), {"--namespace", h.ns});
  if (!h.kube_version.empty()) argv.insert(argv.end(), {"--kube-version", h.kube_version});
  for (const std::string& v : value_paths) argv.insert(argv.end(), {"--values", v});
  for (const HelmOptions::Parameter& p : h.parameters) {
    argv.insert(argv.end(), {p.force_string ? "--set-string" : "--set", p.name + "=" + p.value});
  }
  for (const std::string& a : h.api_versions) argv.insert(argv.end(), {"--api-versions", a});
  if (!h.skip_crds) argv.push_back("--include-crds");
  return argv;
}

std::vector<std::string> missing_dependencies(const std::string& chart_yaml, const std::vector<std::string>& chart_files,
                                              const std::string& folder) {
  std::vector<std::string> missing;
  yaml::ParsedFile parsed = yaml::parse_yaml(chart_yaml);
  if (parsed.documents.empty()) return missing;
  std::string charts = join_path(folder, "charts") + "/";
  for (yaml::Node d : parsed.documents[0].root.get("dependencies").elements()) {
    auto name = d.get("name").as_string();
    if (!name) continue;
    bool vendored = false;
    for (const std::string& f : chart_files) {
      if (f.compare(0, charts.size(), charts) != 0) continue;
      std::string rest = f.substr(charts.size());
      vendored = vendored || rest.compare(0, name->size() + 1, std::string(*name) + "/") == 0 ||
                 (rest.compare(0, name->size() + 1, std::string(*name) + "-") == 0 && rest.size() > 4 &&
                  rest.compare(rest.size() - 4, 4, ".tgz") == 0);
    }
    if (!vendored) missing.emplace_back(*name);
  }
  return missing;
}

std::vector<std::string> helm_sources(const std::string& output, const std::string& folder) {
  std::vector<std::string> out(1);
  for (std::string_view line : split(output, '\n')) {
    if (line == "---") {
      out.emplace_back();
    } else if (line.rfind("# Source: ", 0) == 0 && out.back().empty()) {
      std::string_view source = line.substr(10);
      size_t slash = source.find('/');  // the chart's name comes first
      out.back() = join_path(folder, slash == std::string_view::npos ? source : source.substr(slash + 1));
    }
  }
  // `helm template` starts with "---": the first (empty) document is not an object.
  if (!out.empty() && out.front().empty() && output.rfind("---", 0) == 0) out.erase(out.begin());
  return out;
}

namespace {

// Dependencies from Helm repositories and OCI registries that charts/ does
// not hold, fetched when the network is allowed (as Argo CD's `helm
// dependency build` downloads them); false (and `out` says why) when not.
bool add_fetched_dependencies(const RenderRequest& request, const BuildSettings& settings, ChartInputs& in,
                              RenderOutput& out) {
  FetchChart fetch = [&](const ChartReference& ref, bool& off) {
    ChartFetchOptions none;
    return fetch_chart(ref, *settings.tool, settings.sandbox->host(), settings.fetch ? *settings.fetch : none, off);
  };
  bool network_off = false;
  out.message = add_repository_dependencies(request.folder, fetch, kMaxPackageInflated, kMaxChartFiles, in.files,
                                            in.fetched, network_off);
  if (out.message.empty()) return true;
  out.status = network_off ? RenderOutput::Status::NotRendered : RenderOutput::Status::Failed;
  return false;
}

// A chart from a Helm repository or OCI registry: fetched (when the network
// is allowed), unpacked in memory, rendered as a folder's chart is.
std::unique_ptr<RenderOutput> build_remote_chart(const RenderRequest& request, const LoadResult& load,
                                                 const BuildSettings& settings) {
  auto out = std::make_unique<RenderOutput>();
  out->repo = request.repo;
  out->folder = request.folder;
  out->anchor_path = request.remote.place_path;
  out->anchor_position = request.remote.chart_position;
  if (!settings.tool) {
    out->message = settings.no_tool_reason.empty() ? "helm is not installed" : settings.no_tool_reason;
    return out;
  }
  const RemoteChart& r = request.remote;
  ChartFetchOptions off;
  bool network_off = false;
  Expected<std::string> package =
      fetch_chart({r.repo_url, r.chart, r.version}, *settings.tool, settings.sandbox->host(),
                  settings.fetch ? *settings.fetch : off, network_off);
  std::string what = "chart " + r.chart + " " + (r.version.empty() ? "(newest)" : r.version) + " from " + redact_url(r.repo_url);
  if (!package) {
    out->status = network_off ? RenderOutput::Status::NotRendered : RenderOutput::Status::Failed;
    out->message = network_off ? what + " not fetched: " + package.error().message + " (--allow-network " +
                                     chart_host(r.repo_url) + " fetches it)"
                               : what + " cannot be fetched: " + package.error().message;
    return out;
  }
  ChartInputs in;
  out->message = read_package(request, *package, in);
  if (out->message.empty()) out->message = read_values(request, load, settings.max_file_size, in);
  if (!out->message.empty()) {
    out->status = RenderOutput::Status::Failed;
    out->message = what + ": " + out->message;
    return out;
  }
  std::vector<std::string> chart_files;
  for (const auto& [path, text] : in.files) chart_files.push_back(path);
  std::string chart_yaml = in.files[join_path(request.folder, "Chart.yaml")];
  if (auto missing = missing_dependencies(chart_yaml, chart_files, request.folder); !missing.empty()) {
    out->message = what + ": its dependencies (" + join(missing, ", ") + ") are not in its package";
    return out;
  }
  std::optional<std::string> output = run_template(request, in, settings, *out);
  if (!output) return out;
  out->status = RenderOutput::Status::Rendered;
  read_output(*output, request, in, *out);
  return out;
}

}  // namespace

std::unique_ptr<RenderOutput> build_chart(const RenderRequest& request, const LoadResult& load,
                                          const BuildSettings& settings) {
  if (!request.remote.empty()) return build_remote_chart(request, load, settings);
  auto out = std::make_unique<RenderOutput>();
  out->repo = request.repo;
  out->folder = request.folder;
  out->anchor_path = join_path(request.folder, "Chart.yaml");
  ChartInputs in;
  out->message = read_inputs(request, load, settings.max_file_size, in);
  if (!out->message.empty()) {
    if (in.refused) out->status = RenderOutput::Status::Failed;
    return out;
  }
  if (!in.files.count(out->anchor_path)) {
    mark_not_a_chart(request, *out);  // with helm or without: no chart is there
    return out;
  }
  if (!settings.tool) {
    out->message = settings.no_tool_reason.empty() ? "helm is not installed" : settings.no_tool_reason;
    return out;
  }
  for (const auto& [path, text] : in.files) out->files.insert(in.repo_path(path));
  if (!add_fetched_dependencies(request, settings, in, *out)) return out;
  std::vector<std::string> chart_files;
  for (const auto& [path, text] : in.files) chart_files.push_back(path);
  if (auto missing = missing_dependencies(in.files[out->anchor_path], chart_files, request.folder); !missing.empty()) {
    out->message = "its dependencies (" + join(missing, ", ") + ") are not vendored in charts/, and driftlint does not download them";
    return out;
  }
  std::optional<std::string> output = run_template(request, in, settings, *out);
  if (!output) return out;
  out->status = RenderOutput::Status::Rendered;
  read_output(*output, request, in, *out);
  return out;
}

}  // namespace driftlint
