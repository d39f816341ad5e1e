#include "argocd/deploy.h"

#include <algorithm>

#include "argocd/render_requests.h"
#include "base/strings.h"
#include "fs/repo_path.h"

namespace driftlint {

namespace {

class Deployer {
 public:
  Deployer(const LoadResult& load, const LoadIndex& index, ArgoModel& model) : load_(load), index_(index), model_(model) {}

  std::vector<RenderRequest> requests() {
    model_.file_apps.assign(load_.files.size(), {});
    std::vector<RenderRequest> requests;
    for (uint32_t a = 0; a < model_.apps.size(); ++a) {
      for (uint32_t s = 0; s < model_.apps[a].sources.size(); ++s) deploy_source(a, s, requests);
    }
    return requests;
  }

  void outputs(const std::vector<const RenderOutput*>& outputs) {
    for (size_t i = 0; i < outputs.size() && i < model_.renders.size(); ++i) {
      model_.renders[i].output = outputs[i];
      deploy_output(model_.renders[i]);
    }
  }

 private:
  std::string who(uint32_t a, uint32_t s) const {
    const AppSource& source = model_.apps[a].sources[s];
    if (!source.bound.folder) return "app " + quote_for_message(model_.apps[a].name) + ": its chart";  // from a Helm repository
    const std::string& folder = *source.bound.folder;
    return "app " + quote_for_message(model_.apps[a].name) + ": source " + load_.repos[source.bound.repo].name + "/" +
           (folder.empty() ? "." : folder);
  }

  void deploy_source(uint32_t a, uint32_t s, std::vector<RenderRequest>& requests) {
    const Application& app = model_.apps[a];
    SourceKind kind = source_kind(app, s, index_);
    if (kind == SourceKind::None) return;
    if (kind == SourceKind::RemoteChart) {
      if (std::optional<RenderRequest> request = render_request(app, s, load_, index_, model_.config)) {
        requests.push_back(std::move(*request));
        model_.renders.push_back({a, s, nullptr});
      }
      return;
    }
    uint32_t repo = static_cast<uint32_t>(app.sources[s].bound.repo);
    const std::string& folder = *app.sources[s].bound.folder;
    if (!app.sources[s].bound.refused.empty()) {
      // A value file outside the repo: Argo CD fails the source (render-failed
      // says so), and driftlint reads none of it; its files are the app's all the same.
      index_.for_each_file_under(repo, folder, [&](std::string_view, uint32_t file) { mark(file, a); });
      return;
    }
    if (kind == SourceKind::Directory) return deploy_directory(a, s, repo, folder);
    if (kind == SourceKind::Plugin) {
      // Every file below reaches the cluster somehow; which objects is not known unrendered.
      index_.for_each_file_under(repo, folder, [&](std::string_view, uint32_t file) { mark(file, a); });
      model_.notes.push_back(who(a, s) + " uses a config management plugin, which driftlint does not run: its "
                                         "objects are not judged as applied, nor checked for drift");
      return;
    }
    if (kind == SourceKind::Helm) {
      index_.for_each_file_under(repo, folder, [&](std::string_view, uint32_t file) { mark(file, a); });
    }
    std::optional<RenderRequest> request = render_request(app, s, load_, index_, model_.config);
    if (!request) return;
    std::string_view version = app.sources[s].node.path({"kustomize", "version"}).text();
    if (request->kind == RenderKind::Kustomize && !version.empty()) {
      model_.notes.push_back(who(a, s) + " names kustomize version " + quote_for_message(version) +
                             ": built with driftlint's kustomize, with that version's kustomize.buildOptions");
    }
    requests.push_back(std::move(*request));
    model_.renders.push_back({a, s, nullptr});
  }

  // A plain directory: .yaml/.yml/.json files at the path (below it with
  // recurse), filtered by include and exclude.
  void deploy_directory(uint32_t a, uint32_t s, uint32_t repo, const std::string& folder) {
    const AppSource& source = model_.apps[a].sources[s];
    size_t prefix_size = folder.empty() ? 0 : folder.size() + 1;
    index_.for_each_file_under(repo, folder, [&](std::string_view path, uint32_t file) {
      std::string relative(path.substr(prefix_size));
      if (!source.recurse && relative.find('/') != std::string::npos) return;
      if (!source.include.empty() && !directory_glob_match(source.include, relative)) return;
      if (!source.exclude.empty() && directory_glob_match(source.exclude, relative)) return;
      mark(file, a);
      auto [begin, end] = index_.manifests_of(file);
      for (uint32_t i = begin; i < end; ++i) add_desired(a, s, load_.manifests[i]);
    });
    // Argo CD evaluates the folder's .jsonnet files too; driftlint does not.
    std::optional<std::vector<std::string>> all = load_.repos[repo].tree->files_under(folder, 5000);
    bool jsonnet = all && std::any_of(all->begin(), all->end(), [&](const std::string& p) {
      return p.size() > 8 && p.compare(p.size() - 8, 8, ".jsonnet") == 0 &&
             (source.recurse || p.substr(prefix_size).find('/') == std::string::npos);
    });
    if (jsonnet) {
      model_.jsonnet_sources.insert({a, s});
      model_.notes.push_back(who(a, s) + " holds .jsonnet files, which driftlint does not evaluate: the objects they "
                                         "make are not judged, nor checked for drift");
    }
  }

  void deploy_output(const SourceRender& render) {
    const RenderOutput& out = *render.output;
    for (const std::string& path : out.files) {
      if (auto file = index_.file(out.repo, path)) mark(*file, render.app);
    }
    const std::string& name = model_.apps[render.app].name;
    if (out.provenance && std::find(out.provenance->apps.begin(), out.provenance->apps.end(), name) ==
                              out.provenance->apps.end()) {
      out.provenance->apps.push_back(name);
    }
    if (out.status == RenderOutput::Status::NotRendered) {
      bool fetched = !model_.apps[render.app].sources[render.source].bound.folder;  // a chart from a Helm repository
      model_.notes.push_back(who(render.app, render.source) + " was not rendered: " + out.message +
                             (fetched ? "; what it deploys is not judged, nor checked for drift"
                                      : "; its files are judged as they are, and its objects are not checked for drift"));
    }
    for (const Manifest& m : out.objects) add_desired(render.app, render.source, m);
  }

  void mark(uint32_t file, uint32_t app) {
    std::vector<uint32_t>& apps = model_.file_apps[file];
    if (std::find(apps.begin(), apps.end(), app) == apps.end()) apps.push_back(app);
  }

  void add_desired(uint32_t app, uint32_t source, const Manifest& m) {
    DesiredObject d;
    d.app = app;
    d.source = source;
    d.object = m.root;
    d.manifest = &m;
    d.file = m.file;
    d.id = m.id;
    if (d.id.ns.empty() && !model_.cluster_scoped(d.id.group, d.id.kind)) {
      d.id.ns = model_.apps[app].destination_namespace;
    }
    d.key = object_key(d.id);
    model_.desired.push_back(std::move(d));
  }

  const LoadResult& load_;
  const LoadIndex& index_;
  ArgoModel& model_;
};

}  // namespace

std::vector<RenderRequest> deploy_requests(const LoadResult& load, const LoadIndex& index, ArgoModel& model) {
  return Deployer(load, index, model).requests();
}

void deploy_outputs(const LoadResult& load, const LoadIndex& index, const std::vector<const RenderOutput*>& outputs,
                    ArgoModel& model) {
  Deployer(load, index, model).outputs(outputs);
}

}  // namespace driftlint
