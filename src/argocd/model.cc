#include "argocd/model.h"

#include "argocd/ignore_differences.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "base/glob.h"
#include "base/process.h"
#include "base/strings.h"
#include "git/repository.h"
#include "git/url.h"

namespace driftlint {

namespace {

constexpr std::string_view kTrackingAnnotation = "argocd.argoproj.io/tracking-id";
constexpr std::string_view kInstanceLabel = "app.kubernetes.io/instance";

bool is_argo_kind(const ObjectIdentity& id, std::string_view kind) {
  return id.group == "argoproj.io" && id.kind == kind;
}

// Kinds the API server serves without a namespace, for defaulting an object's
// namespace from its app's destination. CRDs and the snapshot add more.
const std::set<std::string>& builtin_cluster_kinds() {
  static const std::set<std::string> kinds = {
      "/Namespace", "/Node", "/PersistentVolume", "/ComponentStatus",
      "rbac.authorization.k8s.io/ClusterRole", "rbac.authorization.k8s.io/ClusterRoleBinding",
      "apiextensions.k8s.io/CustomResourceDefinition", "scheduling.k8s.io/PriorityClass",
      "node.k8s.io/RuntimeClass", "storage.k8s.io/StorageClass", "storage.k8s.io/CSIDriver",
      "storage.k8s.io/CSINode", "storage.k8s.io/VolumeAttachment", "networking.k8s.io/IngressClass",
      "admissionregistration.k8s.io/ValidatingWebhookConfiguration",
      "admissionregistration.k8s.io/MutatingWebhookConfiguration",
      "admissionregistration.k8s.io/ValidatingAdmissionPolicy",
      "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding",
      "apiregistration.k8s.io/APIService", "certificates.k8s.io/CertificateSigningRequest",
      "policy/PodSecurityPolicy", "flowcontrol.apiserver.k8s.io/FlowSchema",
      "flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration",
      "kueue.x-k8s.io/ClusterQueue", "kueue.x-k8s.io/ResourceFlavor", "kueue.x-k8s.io/Cohort",
      "kueue.x-k8s.io/WorkloadPriorityClass", "kueue.x-k8s.io/AdmissionCheck",
      "kueue.x-k8s.io/Topology", "kueue.x-k8s.io/ProvisioningRequestConfig",
      "argoproj.io/ClusterWorkflowTemplate", "kyverno.io/ClusterPolicy",
      "kyverno.io/ClusterCleanupPolicy", "cert-manager.io/ClusterIssuer",
  };
  return kinds;
}

bool has_segment_starting_with_dot(std::string_view path) {
  for (std::string_view segment : split(path, '/')) {
    if (!segment.empty() && segment[0] == '.') return true;
  }
  return false;
}

std::string join_path(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + "/" + b;
}

// Resolves "." and ".." lexically; nullopt when it climbs above the root.
std::optional<std::string> clean_path(const std::string& path) {
  std::vector<std::string> parts;
  for (std::string_view segment : split(path, '/')) {
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
      continue;
    }
    parts.emplace_back(segment);
  }
  return join(parts, "/");
}

std::string parent_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string basename_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string normalized_name(const std::string& text) {
  std::string out;
  for (char c : text) {
    out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '-';
  }
  return out;
}

void flatten_params(yaml::Node node, const std::string& prefix, TemplateParams& out, int depth) {
  if (depth > 8) return;
  for (auto [key, value] : node.entries()) {
    std::string name = prefix.empty() ? std::string(key.text()) : prefix + "." + std::string(key.text());
    if (value.is_map()) {
      flatten_params(value, name, out, depth + 1);
    } else if (value.is_scalar()) {
      out[name] = std::string(value.text());
    }
  }
}

class ModelBuilder {
 public:
  ModelBuilder(const LoadResult& load, const Snapshot* snapshot, const ArgoModelOptions& options)
      : load_(load), snapshot_(snapshot), options_(options) {}

  ArgoModel build() {
    model_.snapshot = snapshot_;
    index_load();
    collect_cluster_kinds();
    collect_applications();
    match_sources();
    compare_revisions();
    deploy();
    collect_status_owners();
    compute_drift();
    return std::move(model_);
  }

 private:
  void index_load() {
    model_.repo_identity.resize(load_.repos.size());
    files_by_repo_.resize(load_.repos.size());
    for (size_t r = 0; r < load_.repos.size(); ++r) {
      if (load_.repos[r].url) model_.repo_identity[r] = normalize_git_url(*load_.repos[r].url);
    }
    for (uint32_t f = 0; f < load_.files.size(); ++f) {
      files_by_repo_[load_.files[f].repo][load_.files[f].path] = f;
    }
    manifests_of_file_.assign(load_.files.size(), {0, 0});
    for (uint32_t i = 0; i < load_.manifests.size(); ++i) {
      auto& range = manifests_of_file_[load_.manifests[i].file];
      if (range.second == 0) range.first = i;
      range.second = i + 1;
    }
    for (const BuildFile& b : load_.build_files) build_file_of_[b.file] = b.root;
    model_.file_apps.assign(load_.files.size(), {});
  }

  void collect_cluster_kinds() {
    for (const std::string& k : builtin_cluster_kinds()) model_.cluster_kinds[k] = true;
    auto from_crd = [&](const Manifest& m) {
      if (m.id.kind != "CustomResourceDefinition") return;
      yaml::Node spec = m.root.get("spec");
      auto group = spec.get("group").as_string();
      auto kind = spec.path({"names", "kind"}).as_string();
      auto scope = spec.get("scope").as_string();
      if (group && kind && scope) model_.cluster_kinds[std::string(*group) + "/" + std::string(*kind)] = *scope == "Cluster";
    };
    for (const Manifest& m : load_.manifests) from_crd(m);
    if (snapshot_) {
      for (const Manifest& m : snapshot_->objects) {
        from_crd(m);
        std::string k = m.id.group + "/" + m.id.kind;
        if (!model_.cluster_kinds.count(k)) model_.cluster_kinds[k] = m.id.ns.empty();
      }
    }
  }

  uint32_t add_or_merge(Application app) {
    auto it = model_.app_index.find(app.name);
    if (it == model_.app_index.end()) {
      uint32_t index = static_cast<uint32_t>(model_.apps.size());
      model_.app_index[app.name] = index;
      model_.apps.push_back(std::move(app));
      return index;
    }
    return it->second;
  }

  void collect_applications() {
    std::vector<std::string> problems;
    // Applications in the repos: what git says the cluster should run.
    for (const Manifest& m : load_.manifests) {
      if (!is_argo_kind(m.id, "Application") || m.id.name.empty()) continue;
      Application app = parse_application(m.root, nullptr, false, problems);
      app.repo_manifest = &m;
      if (model_.app_index.count(app.name)) continue;  // duplicate-resource reports copies
      add_or_merge(std::move(app));
    }
    // Live Applications: their spec is what Argo CD acts on, so it wins.
    if (snapshot_) {
      for (const Manifest& m : snapshot_->objects) {
        if (!is_argo_kind(m.id, "Application") || m.id.name.empty()) continue;
        Application app = parse_application(m.root, nullptr, false, problems);
        read_application_status(m.root, app);
        app.live = true;
        app.live_manifest = &m;
        auto it = model_.app_index.find(app.name);
        if (it != model_.app_index.end()) {
          app.repo_manifest = model_.apps[it->second].repo_manifest;
          model_.apps[it->second] = std::move(app);
        } else {
          add_or_merge(std::move(app));
        }
      }
    }
    // ApplicationSets: the live one wins over the repo copy of the same name.
    std::map<std::string, const Manifest*> sets;
    for (const Manifest& m : load_.manifests) {
      if (is_argo_kind(m.id, "ApplicationSet")) sets.emplace(m.id.name, &m);
    }
    if (snapshot_) {
      for (const Manifest& m : snapshot_->objects) {
        if (is_argo_kind(m.id, "ApplicationSet")) sets[m.id.name] = &m;
      }
    }
    for (const auto& [name, m] : sets) expand_application_set(*m);
  }

  void expand_application_set(const Manifest& set) {
    yaml::Node spec = set.root.get("spec");
    yaml::Node tmpl = spec.get("template");
    bool go = spec.get("goTemplate").as_bool().value_or(false);
    std::string who = "ApplicationSet " + quote_for_message(set.id.name);
    if (!tmpl.is_map()) {
      model_.notes.push_back(who + " has no template: not expanded");
      return;
    }
    for (yaml::Node generator : spec.get("generators").elements()) {
      std::vector<TemplateParams> params;
      if (yaml::Node list = generator.get("list"); list.is_map()) {
        for (yaml::Node element : list.get("elements").elements()) {
          TemplateParams p;
          flatten_params(element, "", p, 0);
          params.push_back(std::move(p));
        }
      } else if (yaml::Node git = generator.get("git"); git.is_map()) {
        if (!git.get("directories").is_sequence()) {
          model_.notes.push_back(who + ": git file generators are not expanded");
          continue;
        }
        std::string url(git.get("repoURL").text());
        int repo = repo_for_url(url);
        if (repo < 0) {
          model_.notes.push_back(who + ": its git generator reads " + redact_url(url) +
                                 ", which is not among the loaded repos: not expanded");
          continue;
        }
        for (const std::string& dir : generated_directories(git.get("directories"), repo)) {
          TemplateParams p;
          p["path"] = dir;
          p["path.path"] = dir;
          p["path.basename"] = basename_of(dir);
          p["path.basenameNormalized"] = normalized_name(basename_of(dir));
          size_t n = 0;
          for (std::string_view segment : split(dir, '/')) {
            p["path[" + std::to_string(n++) + "]"] = std::string(segment);
          }
          params.push_back(std::move(p));
        }
      } else {
        std::string kind = generator.size() ? std::string(generator.key_at(0).text()) : "?";
        model_.notes.push_back(who + ": " + kind + " generators are not expanded");
        continue;
      }
      for (const TemplateParams& p : params) {
        std::vector<std::string> problems;
        Application app = parse_application(tmpl, &p, go, problems);
        if (!problems.empty() || app.name.empty()) {
          model_.notes.push_back(who + ": a generated Application was skipped: " +
                                 (problems.empty() ? std::string("no name") : problems.front()));
          continue;
        }
        app.application_set = set.id.name;
        app.application_set_manifest = &set;
        auto it = model_.app_index.find(app.name);
        if (it != model_.app_index.end()) {
          model_.apps[it->second].application_set = set.id.name;
          model_.apps[it->second].application_set_manifest = &set;
        } else {
          add_or_merge(std::move(app));
        }
      }
    }
  }

  // Directories of the repo (relative to the git root) a git directory
  // generator picks: matches of any path, minus matches of any exclude.
  std::vector<std::string> generated_directories(yaml::Node directories, int repo) {
    const std::string& folder = load_.repos[repo].git_folder;
    std::set<std::string> all;
    for (const auto& [path, file] : files_by_repo_[repo]) {
      std::string dir = parent_of(join_path(folder, path));
      while (!dir.empty() && all.insert(dir).second) dir = parent_of(dir);
    }
    std::vector<std::string> include, exclude;
    for (yaml::Node d : directories.elements()) {
      std::string pattern = normalize_app_path(std::string(d.get("path").text()));
      (d.get("exclude").as_bool().value_or(false) ? exclude : include).push_back(pattern);
    }
    std::vector<std::string> out;
    for (const std::string& dir : all) {
      if (has_segment_starting_with_dot(dir)) continue;
      auto matches = [&](const std::vector<std::string>& patterns) {
        return std::any_of(patterns.begin(), patterns.end(),
                           [&](const std::string& p) { return glob_match(p, dir); });
      };
      if (matches(include) && !matches(exclude)) out.push_back(dir);
    }
    return out;
  }

  int repo_for_url(const std::string& url) const {
    if (url.empty()) return -1;
    std::string identity = normalize_git_url(url);
    for (size_t r = 0; r < model_.repo_identity.size(); ++r) {
      if (!model_.repo_identity[r].empty() && model_.repo_identity[r] == identity) return static_cast<int>(r);
    }
    return -1;
  }

  void match_sources() {
    for (const Application& app : model_.apps) {
      std::vector<int> repos;
      std::vector<std::optional<std::string>> folders;
      for (const AppSource& s : app.sources) {
        int repo = repo_for_url(s.repo_url);
        repos.push_back(repo);
        std::optional<std::string> folder;
        if (repo >= 0 && s.path && !s.has_chart) {
          std::string p = normalize_app_path(*s.path);
          const std::string& g = load_.repos[repo].git_folder;
          if (g.empty()) {
            folder = p;
          } else if (p == g) {
            folder = std::string();
          } else if (p.size() > g.size() && p.compare(0, g.size(), g) == 0 && p[g.size()] == '/') {
            folder = p.substr(g.size() + 1);
          }
        }
        folders.push_back(folder);
      }
      model_.source_repo.push_back(std::move(repos));
      model_.source_folder.push_back(std::move(folders));
    }
  }

  static bool is_commit_id(const std::string& text) {
    return text.size() == 40 && std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  }

  void compare_revisions() {
    for (uint32_t a = 0; a < model_.apps.size(); ++a) {
      const Application& app = model_.apps[a];
      std::vector<SourceRevision> states(app.sources.size());
      for (uint32_t s = 0; s < app.sources.size(); ++s) {
        SourceRevision& state = states[s];
        int repo = model_.source_repo[a][s];
        if (repo < 0 || s >= app.live_revisions.size() || !is_commit_id(app.live_revisions[s])) continue;
        const RepoInput& input = load_.repos[repo];
        state.live = app.live_revisions[s];
        if (!input.git || !input.commit) {
          state.state = RevisionState::NotGit;
          continue;
        }
        state.checked = *input.commit;
        Expected<GitRepository::CommitRelation> relation = input.git->relation(state.checked, state.live);
        if (!relation) {
          state.error = relation.error().message;
          continue;
        }
        state.ahead = relation->ahead;
        state.behind = relation->behind;
        if (!relation->found) {
          state.state = RevisionState::NotFetched;
        } else if (state.ahead == 0 && state.behind == 0) {
          state.state = RevisionState::Same;
        } else if (state.behind == 0) {
          state.state = RevisionState::Ahead;
        } else if (state.ahead == 0) {
          state.state = RevisionState::Behind;
        } else {
          state.state = RevisionState::Diverged;
        }
        std::string prefix = app.sources[s].path ? normalize_app_path(*app.sources[s].path) : "";
        auto under_path = [&](const std::string& p) {
          return prefix.empty() || p == prefix || p.compare(0, prefix.size() + 1, prefix + "/") == 0;
        };
        std::set<std::string> changed;
        if (state.state != RevisionState::Same && state.state != RevisionState::NotFetched) {
          auto files = input.git->changed_files(state.checked, state.live, true);
          if (!files) {
            state.error = files.error().message;
          } else {
            for (const std::string& p : *files) if (under_path(p)) changed.insert(p);
          }
        }
        // A dirty work tree read from disk holds more than its HEAD commit.
        if (input.dirty.get().value_or(false) && dynamic_cast<const DiskTree*>(input.tree.get()) &&
            state.state != RevisionState::NotFetched) {
          auto files = input.git->changed_files(state.live, std::nullopt, true);
          if (files) {
            for (const std::string& p : *files) if (under_path(p)) changed.insert(p);
          }
        }
        state.changed.assign(changed.begin(), changed.end());
      }
      model_.source_revision.push_back(std::move(states));
    }
  }

  bool file_exists(int repo, const std::string& path) const {
    return files_by_repo_[repo].count(path) > 0;
  }

  std::optional<uint32_t> kustomization_in(int repo, const std::string& dir) const {
    for (const char* name : {"kustomization.yaml", "kustomization.yml", "Kustomization"}) {
      auto it = files_by_repo_[repo].find(join_path(dir, name));
      if (it != files_by_repo_[repo].end()) return it->second;
    }
    return std::nullopt;
  }

  // The repo's files below `folder` ("" = all), in path order: a range of the sorted index.
  template <class Visit>
  void for_each_file_under(int repo, const std::string& folder, Visit visit) const {
    const auto& files = files_by_repo_[repo];
    std::string prefix = folder.empty() ? "" : folder + "/";
    for (auto it = files.lower_bound(prefix); it != files.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
      visit(it->first, it->second);
    }
  }

  void mark(uint32_t file, uint32_t app) {
    std::vector<uint32_t>& apps = model_.file_apps[file];
    if (std::find(apps.begin(), apps.end(), app) == apps.end()) apps.push_back(app);
  }

  void add_desired_from_file(uint32_t app, uint32_t source, uint32_t file) {
    auto [begin, end] = manifests_of_file_[file];
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

  void default_namespace(ObjectIdentity& id, const Application& app) const {
    if (!id.ns.empty()) return;
    if (model_.cluster_scoped(id.group, id.kind)) return;
    id.ns = app.destination_namespace;
  }

  // Files a kustomization builds from (resources, bases, components, patches),
  // walked through nested kustomizations. `objects` gets the files whose
  // objects are applied as they are (not patches).
  void walk_kustomization(int repo, const std::string& dir, uint32_t app, std::set<std::string>& seen,
                          std::vector<uint32_t>& objects, int depth) {
    if (depth > 16 || !seen.insert(dir).second) return;
    std::optional<uint32_t> file = kustomization_in(repo, dir);
    if (!file) return;
    mark(*file, app);
    auto it = build_file_of_.find(*file);
    if (it == build_file_of_.end()) return;
    yaml::Node root = it->second;
    auto visit = [&](std::string_view entry, bool is_patch) {
      std::string e(entry);
      if (e.find("://") != std::string::npos || e.rfind("github.com/", 0) == 0) return;  // remote base
      std::optional<std::string> target = clean_path(join_path(dir, e));
      if (!target) return;
      auto f = files_by_repo_[repo].find(*target);
      if (f != files_by_repo_[repo].end()) {
        mark(f->second, app);
        if (!is_patch) objects.push_back(f->second);
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
    std::string who = "app " + quote_for_message(a.name) + ": kustomize source " +
                      load_.repos[repo].name + "/" + (folder.empty() ? "." : folder);
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
    for (const Manifest& r : rendered.manifests) {
      DesiredObject d;
      d.app = app;
      d.source = source;
      d.object = r.root;
      d.id = r.id;
      default_namespace(d.id, a);
      d.key = object_key(d.id);
      d.file = kustomization_file;
      d.position = {1, 1};
      // Locate it at the file it came from: same kind and name, else a name
      // that kustomize prefixed or suffixed.
      const Manifest* best = nullptr;
      for (uint32_t f : object_files) {
        auto [begin, end] = manifests_of_file_[f];
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
  }

  void deploy() {
    for (uint32_t a = 0; a < model_.apps.size(); ++a) {
      const Application& app = model_.apps[a];
      for (uint32_t s = 0; s < app.sources.size(); ++s) {
        const AppSource& source = app.sources[s];
        int repo = model_.source_repo[a][s];
        const std::optional<std::string>& folder = model_.source_folder[a][s];
        if (repo < 0 || !folder || (source.ref && !source.path)) continue;
        std::string who = "app " + quote_for_message(app.name) + ": source " + load_.repos[repo].name +
                          "/" + (folder->empty() ? "." : *folder);
        bool helm = source.has_helm || file_exists(repo, join_path(*folder, "Chart.yaml"));
        std::optional<uint32_t> kustomization = kustomization_in(repo, *folder);
        if (helm || source.has_plugin) {
          // Every file under the chart or plugin folder reaches the cluster
          // somehow, but which objects it makes is not known without rendering.
          for_each_file_under(repo, *folder, [&](const std::string&, uint32_t file) { mark(file, a); });
          model_.notes.push_back(who + (helm ? " is a Helm chart" : " uses a config management plugin") +
                                 " and was not rendered; drift of its objects is not checked");
          continue;
        }
        if (kustomization || source.has_kustomize) {
          std::set<std::string> seen;
          std::vector<uint32_t> object_files;
          walk_kustomization(repo, *folder, a, seen, object_files, 0);
          // Rendered objects become desired objects; unrendered ones are never judged for drift.
          if (kustomization) render_kustomize(a, s, repo, *folder, *kustomization, object_files);
          continue;
        }
        // A plain directory: .yaml/.yml/.json files at the path (below it with
        // recurse), filtered by include and exclude.
        size_t prefix_size = folder->empty() ? 0 : folder->size() + 1;
        for_each_file_under(repo, *folder, [&](const std::string& path, uint32_t file) {
          std::string relative = path.substr(prefix_size);
          if (!source.recurse && relative.find('/') != std::string::npos) return;
          if (!source.include.empty() && !directory_glob_match(source.include, relative)) return;
          if (!source.exclude.empty() && directory_glob_match(source.exclude, relative)) return;
          mark(file, a);
          add_desired_from_file(a, s, file);
        });
      }
    }
  }

  void compute_drift() {
    if (!snapshot_) return;
    for (const DesiredObject& d : model_.desired) {
      const Application& app = model_.apps[d.app];
      if (!app.live || !model_.source_revision[d.app][d.source].comparable()) continue;
      if (d.id.name.empty()) continue;
      const Manifest* live = snapshot_->find(d.key);
      if (!live) continue;
      if (std::optional<LiveOwner> owner = model_.owner_of(*live)) {
        const Application* owning = model_.find_app(owner->app);
        if (owning && owning != &app) continue;
      }
      IgnoreMatcher ignore(app.ignore_differences, d.id);
      DiffOptions options;
      options.live_only_keys = options_.strict_drift;
      options.secret = d.id.group.empty() && d.id.kind == "Secret";  // values never compared or shown
      options.ignored = [&ignore](const FieldPath& path) { return ignore.ignored(path); };
      ObjectDrift drift;
      drift.desired = &d;
      drift.diffs = diff_objects(d.object, live->root, options);
      drift.unjudged = ignore.unjudged();
      if (!drift.diffs.empty()) model_.drift.push_back(std::move(drift));
    }
  }

  void collect_status_owners() {
    for (const Application& app : model_.apps) {
      for (const ResourceRef& r : app.resources) {
        model_.status_owner.emplace(object_key(r.group, r.kind, r.ns, r.name), app.name);
      }
    }
  }

  const LoadResult& load_;
  const Snapshot* snapshot_;
  const ArgoModelOptions& options_;
  ArgoModel model_;
  std::vector<std::map<std::string, uint32_t>> files_by_repo_;  // sorted: deterministic order
  std::vector<std::pair<uint32_t, uint32_t>> manifests_of_file_;
  std::unordered_map<uint32_t, yaml::Node> build_file_of_;
};

}  // namespace

bool directory_glob_match(const std::string& pattern, const std::string& relative_path) {
  if (glob_match(pattern, relative_path)) return true;
  // Argo CD's glob lets '*' cross '/': retry with every '*' as '**'.
  std::string crossing;
  for (size_t i = 0; i < pattern.size(); ++i) {
    crossing += pattern[i];
    if (pattern[i] == '*' && (i + 1 >= pattern.size() || pattern[i + 1] != '*') &&
        (i == 0 || pattern[i - 1] != '*')) {
      crossing += '*';
    }
  }
  return crossing != pattern && glob_match(crossing, relative_path);
}

std::optional<std::pair<std::string, std::string>> parse_tracking_id(std::string_view value) {
  // app:group/Kind:namespace/name
  size_t first = value.find(':');
  if (first == std::string_view::npos) return std::nullopt;
  size_t second = value.find(':', first + 1);
  if (second == std::string_view::npos) return std::nullopt;
  std::string_view app = value.substr(0, first);
  std::string_view gk = value.substr(first + 1, second - first - 1);
  std::string_view nn = value.substr(second + 1);
  size_t slash = gk.find('/');
  size_t slash2 = nn.find('/');
  if (app.empty() || slash == std::string_view::npos || slash2 == std::string_view::npos) return std::nullopt;
  return std::make_pair(std::string(app), object_key(gk.substr(0, slash), gk.substr(slash + 1),
                                                     nn.substr(0, slash2), nn.substr(slash2 + 1)));
}

const Application* ArgoModel::find_app(const std::string& name) const {
  auto it = app_index.find(name);
  if (it != app_index.end()) return &apps[it->second];
  // Apps in any namespace are tracked as "namespace_app".
  size_t underscore = name.find('_');
  if (underscore != std::string::npos) {
    it = app_index.find(name.substr(underscore + 1));
    if (it != app_index.end()) return &apps[it->second];
  }
  return nullptr;
}

std::optional<LiveOwner> ArgoModel::owner_of(const Manifest& live) const {
  yaml::Node metadata = live.root.get("metadata");
  if (auto tracking = metadata.get("annotations").get(kTrackingAnnotation).as_string()) {
    if (auto parsed = parse_tracking_id(*tracking)) {
      return LiveOwner{parsed->first, "tracking-id annotation"};
    }
  }
  if (auto instance = metadata.get("labels").get(kInstanceLabel).as_string()) {
    // Helm charts set the same label to their release name: it counts only
    // when an Argo CD app of that name exists.
    if (find_app(std::string(*instance))) {
      return LiveOwner{std::string(*instance), std::string(kInstanceLabel) + " label"};
    }
  }
  auto it = status_owner.find(object_key(live.id));
  if (it != status_owner.end()) return LiveOwner{it->second, "status.resources"};
  return std::nullopt;
}

bool ArgoModel::cluster_scoped(const std::string& group, const std::string& kind) const {
  auto it = cluster_kinds.find(group + "/" + kind);
  return it != cluster_kinds.end() && it->second;
}

std::string ArgoModel::describe_sources(const Application& app, const LoadResult& load) const {
  uint32_t a = static_cast<uint32_t>(&app - apps.data());
  std::vector<std::string> parts;
  for (size_t s = 0; s < app.sources.size(); ++s) {
    const AppSource& source = app.sources[s];
    std::string text = redact_url(source.repo_url);
    int repo = a < source_repo.size() ? source_repo[a][s] : -1;
    if (repo >= 0) text += " (repo " + load.repos[repo].name + ")";
    if (source.path) text += " path " + (normalize_app_path(*source.path).empty() ? std::string(".") : normalize_app_path(*source.path));
    if (source.has_chart) text += " chart " + std::string(source.node.get("chart").text());
    parts.push_back(text);
  }
  return parts.empty() ? std::string("no source") : join(parts, "; ");
}

ArgoModel build_argo_model(const LoadResult& load, const Snapshot* snapshot, const ArgoModelOptions& options) {
  return ModelBuilder(load, snapshot, options).build();
}

}  // namespace driftlint
