#include "argocd/deploy.h"

#include <algorithm>
#include <set>

#include "base/process.h"
#include "base/strings.h"
#include "fs/repo_path.h"

namespace driftlint {

namespace {

class Deployer {
 public:
  Deployer(const LoadResult& load, const LoadIndex& index, const ArgoModelOptions& options, ArgoModel& model)
      : load_(load), index_(index), options_(options), model_(model) {}

  void deploy() {
    model_.file_apps.assign(load_.files.size(), {});
    for (uint32_t a = 0; a < model_.apps.size(); ++a) {
      const Application& app = model_.apps[a];
      for (uint32_t s = 0; s < app.sources.size(); ++s) deploy_source(a, s);
    }
  }

 private:
  void deploy_source(uint32_t a, uint32_t s) {
    const Application& app = model_.apps[a];
    const AppSource& source = app.sources[s];
    int repo = source.bound.repo;
    const std::optional<std::string>& folder = source.bound.folder;
    if (repo < 0 || !folder || (source.ref && !source.path)) return;
    std::string who = "app " + quote_for_message(app.name) + ": source " + load_.repos[repo].name + "/" +
                      (folder->empty() ? "." : *folder);
    bool helm = source.has_helm || index_.file(repo, join_path(*folder, "Chart.yaml"));
    std::optional<uint32_t> kustomization = index_.kustomization_in(repo, *folder);
    if (helm || source.has_plugin) {
      // Every file under the chart or plugin folder reaches the cluster
      // somehow, but which objects it makes is not known without rendering.
      index_.for_each_file_under(repo, *folder, [&](const std::string&, uint32_t file) { mark(file, a); });
      model_.notes.push_back(who + (helm ? " is a Helm chart" : " uses a config management plugin") +
                             " and was not rendered; drift of its objects is not checked");
      return;
    }
    if (kustomization || source.has_kustomize) {
      std::set<std::string> seen;
      std::vector<uint32_t> object_files;
      walk_kustomization(repo, *folder, a, seen, object_files, 0);
      // Rendered objects become desired objects; unrendered ones are never judged for drift.
      if (kustomization) render_kustomize(a, s, repo, *folder, *kustomization, object_files);
      return;
    }
    deploy_directory(a, s, repo, *folder);
  }

  // A plain directory: .yaml/.yml/.json files at the path (below it with
  // recurse), filtered by include and exclude.
  void deploy_directory(uint32_t a, uint32_t s, int repo, const std::string& folder) {
    const AppSource& source = model_.apps[a].sources[s];
    size_t prefix_size = folder.empty() ? 0 : folder.size() + 1;
    index_.for_each_file_under(repo, folder, [&](const std::string& path, uint32_t file) {
      std::string relative = path.substr(prefix_size);
      if (!source.recurse && relative.find('/') != std::string::npos) return;
      if (!source.include.empty() && !directory_glob_match(source.include, relative)) return;
      if (!source.exclude.empty() && directory_glob_match(source.exclude, relative)) return;
      mark(file, a);
      add_desired_from_file(a, s, file);
    });
  }

  void mark(uint32_t file, uint32_t app) {
    std::vector<uint32_t>& apps = model_.file_apps[file];
    if (std::find(apps.begin(), apps.end(), app) == apps.end()) apps.push_back(app);
  }

  void default_namespace(ObjectIdentity& id, const Application& app) const {
    if (!id.ns.empty()) return;
    if (model_.cluster_scoped(id.group, id.kind)) return;
    id.ns = app.destination_namespace;
  }

  void add_desired_from_file(uint32_t app, uint32_t source, uint32_t file) {
    auto [begin, end] = index_.manifests_of(file);
    for (uint32_t i = begin; i < end; ++i) {
      const Manifest& m = load_.manifests[i];
      DesiredObject d;
      d.app = app;
      d.source = source;
      d.object = m.root;
      d.manifest = &m;
      d.file = file;
      d.id = m.id;
      default_namespace(d.id, model_.apps[app]);
      d.key = object_key(d.id);
      model_.desired.push_back(std::move(d));
    }
  }

  // Files a kustomization builds from (resources, bases, components, patches),
  // walked through nested kustomizations. `objects` gets the files whose
  // objects are applied as they are (not patches).
  void walk_kustomization(int repo, const std::string& dir, uint32_t app, std::set<std::string>& seen,
                          std::vector<uint32_t>& objects, int depth) {
    if (depth > 16 || !seen.insert(dir).second) return;
    std::optional<uint32_t> file = index_.kustomization_in(repo, dir);
    if (!file) return;
    mark(*file, app);
    yaml::Node root = index_.build_file(*file);
    if (!root.valid()) return;
    auto visit = [&](std::string_view entry, bool is_patch) {
      if (is_remote_reference(entry)) return;
      std::optional<std::string> target = clean_path(join_path(dir, entry));
      if (!target) return;
      if (std::optional<uint32_t> f = index_.file(repo, *target)) {
        mark(*f, app);
        if (!is_patch) objects.push_back(*f);
      } else {
        walk_kustomization(repo, *target, app, seen, objects, depth + 1);
      }
    };
    for (const char* key : {"resources", "bases", "components", "crds"}) {
      for (yaml::Node e : root.get(key).elements()) {
        if (auto s = e.as_string()) visit(*s, false);
      }
    }
    for (yaml::Node e : root.get("patchesStrategicMerge").elements()) {
      if (auto s = e.as_string()) visit(*s, true);
    }
    for (const char* key : {"patches", "patchesJson6902"}) {
      for (yaml::Node e : root.get(key).elements()) {
        if (auto s = e.get("path").as_string()) visit(*s, true);
      }
    }
  }

  // Runs `kubectl kustomize` on a folder of a work tree on disk.
  void render_kustomize(uint32_t app, uint32_t source, int repo, const std::string& folder,
                        uint32_t kustomization_file, const std::vector<uint32_t>& object_files) {
    const Application& a = model_.apps[app];
    const DiskTree* disk = dynamic_cast<const DiskTree*>(load_.repos[repo].tree.get());
    std::string who = "app " + quote_for_message(a.name) + ": kustomize source " + load_.repos[repo].name + "/" +
                      (folder.empty() ? "." : folder);
    if (!disk) {
      model_.notes.push_back(who + " is read at a git revision and was not rendered; drift of its objects is not checked");
      return;
    }
    if (options_.kubectl.empty() || !program_available(options_.kubectl)) {
      model_.notes.push_back(who + " was not rendered (kubectl is not installed); drift of its objects is not checked");
      return;
    }
    ProcessOptions po;
    po.timeout = std::chrono::seconds(120);
    po.max_output = 256u << 20;
    ProcessResult run = run_process({options_.kubectl, "kustomize", join_path(disk->root(), folder)}, po);
    if (!run.ok()) {
      std::string why = !run.started ? "kubectl did not start"
                        : run.timed_out ? "kubectl timed out"
                                        : std::string(trim(run.err.substr(0, run.err.find('\n'))));
      model_.notes.push_back(who + " did not render: " + why + "; drift of its objects is not checked");
      return;
    }
    auto parsed = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml(run.out));
    model_.rendered.push_back(parsed);
    Extracted rendered;
    extract_manifests(*parsed, "(kustomize output)", 0, rendered);
    for (const Manifest& r : rendered.manifests) add_rendered(app, source, kustomization_file, object_files, r);
  }

  void add_rendered(uint32_t app, uint32_t source, uint32_t kustomization_file,
                    const std::vector<uint32_t>& object_files, const Manifest& r) {
    DesiredObject d;
    d.app = app;
    d.source = source;
    d.object = r.root;
    d.id = r.id;
    default_namespace(d.id, model_.apps[app]);
    d.key = object_key(d.id);
    d.file = kustomization_file;
    d.position = {1, 1};
    // Locate it at the file it came from: same kind and name, else a name
    // that kustomize prefixed or suffixed.
    const Manifest* best = nullptr;
    for (uint32_t f : object_files) {
      auto [begin, end] = index_.manifests_of(f);
      for (uint32_t i = begin; i < end; ++i) {
        const Manifest& m = load_.manifests[i];
        if (m.id.kind != r.id.kind || m.id.group != r.id.group || m.id.name.empty()) continue;
        if (m.id.name == r.id.name) {
          best = &m;
          break;
        }
        if (!best && r.id.name.find(m.id.name) != std::string::npos) best = &m;
      }
      if (best && best->id.name == r.id.name) break;
    }
    if (best) {
      d.manifest = best;
      d.file = best->file;
    }
    model_.desired.push_back(std::move(d));
  }

  const LoadResult& load_;
  const LoadIndex& index_;
  const ArgoModelOptions& options_;
  ArgoModel& model_;
};

}  // namespace

void deploy_apps(const LoadResult& load, const LoadIndex& index, const ArgoModelOptions& options, ArgoModel& model) {
  Deployer(load, index, options, model).deploy();
}

}  // namespace driftlint
