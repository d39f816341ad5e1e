#include "render/closure.h"

#include "base/strings.h"
#include "fs/repo_path.h"
#include "load/load_index.h"

namespace driftlint {

namespace {

constexpr int kMaxDepth = 32;
constexpr size_t kMaxChartFiles = 10'000;

// "key=path" (a generator's `files`) -> "path".
std::string_view generator_file(std::string_view entry) {
  size_t eq = entry.find('=');
  return eq == std::string_view::npos ? entry : entry.substr(eq + 1);
}

// An entry that is YAML text rather than a path (inline patches).
bool is_inline(std::string_view entry) {
  return entry.find('\n') != std::string_view::npos || entry.find(": ") != std::string_view::npos;
}

class ClosureWalker {
 public:
  ClosureWalker(const FileTree& tree, uint64_t max_bytes, const ParsedFileSource& loaded, KustomizeClosure& out)
      : tree_(tree), max_bytes_(max_bytes), loaded_(loaded), out_(out) {}

  // Reads the kustomization of `dir` and what it references; false when the
  // folder holds none.
  bool walk(const std::string& dir, int depth) {
    if (out_.kustomization(dir)) return true;
    if (depth > kMaxDepth) {
      out_.problems.push_back(dir + ": kustomizations nest deeper than " + std::to_string(kMaxDepth));
      return true;
    }
    std::string path = kustomization_path_in(tree_, dir, max_bytes_);
    if (path.empty()) return false;
    KustomizationFile k;
    k.dir = dir;
    k.path = path;
    if (!parse(k)) return true;
    size_t index = out_.kustomizations.size();
    out_.kustomizations.push_back(k);
    out_.files.insert(path);
    KustomizationFile filled = read_entries(k, depth);
    out_.kustomizations[index] = std::move(filled);
    return true;
  }

 private:
  bool parse(KustomizationFile& k) {
    Expected<FileContent> content = tree_.read(k.path, max_bytes_);
    if (!content || content->too_large) {
      out_.problems.push_back(k.path + ": " + (content ? "over the size limit" : content.error().message));
      return false;
    }
    k.text = content->text;
    std::shared_ptr<const yaml::ParsedFile> parsed = loaded_ ? loaded_(k.path) : nullptr;
    if (!parsed || parsed->error) parsed = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml(k.text));
    if (parsed->error || parsed->documents.empty() || !parsed->documents[0].root.is_map()) {
      out_.problems.push_back(k.path + ": not a kustomization (" +
                              (parsed->error ? parsed->error->message : std::string("not a map")) + ")");
      return false;
    }
    k.root = parsed->documents[0].root;
    k.parsed = std::move(parsed);
    return true;
  }

  // The repo path an entry of kustomization `k` names; nullopt when it is
  // remote, or absolute or leaves the repo (refused, at the entry's line).
  std::optional<std::string> resolve(const KustomizationFile& k, yaml::Node node, std::string_view entry) {
    if (is_remote_reference(entry)) {
      out_.remote.emplace_back(entry);
      return std::nullopt;
    }
    Expected<RepoPath> target = RepoPath::resolve(k.dir, entry);
    if (!target) {
      out_.refused.push_back({k.path, node.position(), target.error().message});
      return std::nullopt;
    }
    out_.named_at.emplace(target->str(), NamedAt{k.path, node.position()});
    return target->str();
  }

  void add_file(const std::string& path) { out_.files.insert(path); }

  // A resource, base or component: a folder holding a kustomization, or a file.
  void resource(KustomizationFile& k, yaml::Node node, std::string_view entry, bool component, int depth) {
    std::optional<std::string> target = resolve(k, node, entry);
    if (!target) return;
    if (tree_.has_directory(*target)) {
      if (walk(*target, depth + 1)) (component ? k.components : k.children).push_back(*target);
      return;
    }
    add_file(*target);
    out_.object_files.insert(*target);
    k.resources.push_back(*target);
  }

  void file_entry(const KustomizationFile& k, yaml::Node node, std::string_view entry, bool patch) {
    if (entry.empty() || (patch && is_inline(entry))) return;
    std::optional<std::string> target = resolve(k, node, entry);
    if (!target) return;
    add_file(*target);
    if (patch) out_.patch_files.insert(*target);
  }

  // Every file of a folder kustomize hands to helm (a chart, helm's config home).
  void add_folder(const std::string& folder) {
    std::optional<std::vector<std::string>> files = tree_.files_under(folder, kMaxChartFiles);
    if (!files) {
      out_.problems.push_back(folder + ": more than " + std::to_string(kMaxChartFiles) + " files");
      return;
    }
    for (const std::string& f : *files) add_file(f);
  }

  // helmCharts (kustomize's HelmChartInflationGenerator): a chart is read
  // from chartHome/NAME, or chartHome/NAME-VERSION/NAME when it names a repo
  // and version; one that is not there would be pulled from its repo.
  void helm_charts(const KustomizationFile& k) {
    yaml::Node charts = k.root.get("helmCharts");
    if (charts.size() == 0) return;
    yaml::Node globals = k.root.get("helmGlobals");
    std::string home(globals.get("chartHome").text());
    if (home.empty()) home = "charts";
    if (yaml::Node config = globals.get("configHome"); !config.text().empty()) {
      if (std::optional<std::string> folder = resolve(k, config, config.text())) add_folder(*folder);
    }
    for (yaml::Node c : charts.elements()) {
      std::string name(c.get("name").text()), repo(c.get("repo").text()), version(c.get("version").text());
      if (name.empty()) continue;  // kustomize refuses it
      std::string folder = !repo.empty() && !version.empty() ? join_path(home, name + "-" + version) : home;
      std::optional<std::string> chart = resolve(k, c.get("name"), join_path(folder, name));
      if (chart && !tree_.has_directory(*chart) && !repo.empty()) {
        out_.remote_charts.push_back(name + " from " + repo);
      } else if (chart) {
        out_.helm_charts.push_back(*chart);
        add_folder(*chart);
      }
      file_entry(k, c.get("valuesFile"), c.get("valuesFile").text(), false);
      strings_of(c.get("additionalValuesFiles"), [&](yaml::Node n, std::string_view e) { file_entry(k, n, e, false); });
    }
  }

  using EachString = std::function<void(yaml::Node, std::string_view)>;
  void strings_of(yaml::Node list, const EachString& each) {
    if (auto one = list.as_string()) {
      each(list, *one);
      return;
    }
    for (yaml::Node e : list.elements()) {
      if (auto s = e.as_string()) each(e, *s);
    }
  }

  KustomizationFile read_entries(KustomizationFile k, int depth) {
    yaml::Node root = k.root;
    auto file = [&](bool patch) { return [&, patch](yaml::Node n, std::string_view e) { file_entry(k, n, e, patch); }; };
    for (const char* key : {"resources", "bases"}) {
      strings_of(root.get(key), [&](yaml::Node n, std::string_view e) { resource(k, n, e, false, depth); });
    }
    strings_of(root.get("components"), [&](yaml::Node n, std::string_view e) { resource(k, n, e, true, depth); });
    for (const char* key : {"crds", "configurations"}) strings_of(root.get(key), file(false));
    strings_of(root.get("patchesStrategicMerge"), file(true));
    for (const char* key : {"patches", "patchesJson6902", "replacements"}) {
      for (yaml::Node e : root.get(key).elements()) {
        yaml::Node p = e.get("path");
        if (auto text = p.as_string()) file_entry(k, p, *text, std::string_view(key) != "replacements");
      }
    }
    if (yaml::Node p = root.path({"openapi", "path"}); auto text = p.as_string()) file_entry(k, p, *text, false);
    for (const char* key : {"configMapGenerator", "secretGenerator"}) {
      for (yaml::Node g : root.get(key).elements()) {
        strings_of(g.get("files"), [&](yaml::Node n, std::string_view e) { file_entry(k, n, generator_file(e), false); });
        strings_of(g.get("envs"), file(false));
        strings_of(g.get("env"), file(false));
      }
    }
    for (const char* key : {"generators", "transformers", "validators"}) {
      strings_of(root.get(key), [&](yaml::Node n, std::string_view e) {
        if (is_inline(e)) return;
        std::optional<std::string> target = resolve(k, n, e);
        if (!target) return;
        if (!(tree_.has_directory(*target) && walk(*target, depth + 1))) add_file(*target);
      });
    }
    helm_charts(k);
    return k;
  }

  const FileTree& tree_;
  uint64_t max_bytes_;
  const ParsedFileSource& loaded_;
  KustomizeClosure& out_;
};

}  // namespace

const KustomizationFile* KustomizeClosure::kustomization(const std::string& dir) const {
  for (const KustomizationFile& k : kustomizations) {
    if (k.dir == dir) return &k;
  }
  return nullptr;
}

std::string kustomization_path_in(const FileTree& tree, const std::string& folder, uint64_t max_bytes) {
  for (const char* name : kKustomizationNames) {
    std::string path = join_path(folder, name);
    if (tree.read(path, max_bytes)) return path;
  }
  return {};
}

KustomizeClosure kustomize_closure(const FileTree& tree, const std::string& folder, uint64_t max_bytes,
                                   const ParsedFileSource& loaded) {
  KustomizeClosure out;
  out.root = folder;
  ClosureWalker(tree, max_bytes, loaded, out).walk(folder, 0);
  return out;
}

}  // namespace driftlint
