#include "argocd/application.h"

#include <cctype>

#include "base/strings.h"
#include "fs/repo_path.h"

namespace driftlint {

std::string normalize_app_path(const std::string& path) {
  std::string p = path;
  while (p.rfind("./", 0) == 0) p.erase(0, 2);
  while (!p.empty() && p.back() == '/') p.pop_back();
  while (!p.empty() && p.front() == '/') p.erase(0, 1);
  if (p == ".") p.clear();
  return p;
}

Expected<std::string> app_path_in_repo(const std::string& path) {
  if (!path.empty() && path.front() == '/') return Error{path + ": app path is absolute"};
  Expected<RepoPath> resolved = RepoPath::resolve("", path);
  if (!resolved) return Error{path + ": app path outside root"};
  return resolved->str();
}

bool SourceRevision::comparable() const {
  switch (state) {
    case RevisionState::Unknown:
    case RevisionState::NotGit:
      return true;
    case RevisionState::NotFetched:
      return false;
    default:
      return changed.empty() && error.empty();
  }
}

namespace {

struct Reader {
  // A string field ("" when absent or not a scalar).
  std::string str(yaml::Node node) const {
    if (!node.is_scalar() || node.is_null()) return {};
    return std::string(node.text());
  }
  bool flag(yaml::Node node) const {
    if (auto b = node.as_bool()) return *b;
    return str(node) == "true";
  }
};

AppSource read_source(yaml::Node node, const Reader& r) {
  AppSource s;
  s.node = node;
  s.repo_url = r.str(node.get("repoURL"));
  s.target_revision = r.str(node.get("targetRevision"));
  yaml::Node path = node.get("path");
  if (path.is_scalar() && !path.is_null()) {
    s.path = r.str(path);
    s.path_node = path;
  }
  yaml::Node directory = node.get("directory");
  s.recurse = r.flag(directory.get("recurse"));
  s.include = r.str(directory.get("include"));
  s.exclude = r.str(directory.get("exclude"));
  s.has_chart = node.get("chart").is_scalar() && !node.get("chart").is_null();
  s.has_helm = node.get("helm").is_map();
  s.has_kustomize = node.get("kustomize").is_map();
  s.has_plugin = node.get("plugin").is_map();
  if (node.get("ref").is_scalar()) s.ref = r.str(node.get("ref"));
  return s;
}

std::vector<std::string> strings(yaml::Node list, const Reader& r) {
  std::vector<std::string> out;
  for (yaml::Node e : list.elements()) out.push_back(r.str(e));
  return out;
}

}  // namespace

Application parse_application(yaml::Node root) {
  Reader r;
  Application app;
  yaml::Node metadata = root.get("metadata");
  app.name = r.str(metadata.get("name"));
  app.ns = r.str(metadata.get("namespace"));
  yaml::Node spec = root.get("spec");
  yaml::Node sources = spec.get("sources");
  if (sources.is_sequence() && sources.size() > 0) {
    for (yaml::Node s : sources.elements()) {
      if (s.is_map()) app.sources.push_back(read_source(s, r));
    }
  } else if (spec.get("source").is_map()) {
    app.sources.push_back(read_source(spec.get("source"), r));
  }
  app.destination_namespace = r.str(spec.path({"destination", "namespace"}));
  app.destination_server = r.str(spec.path({"destination", "server"}));
  app.destination_name = r.str(spec.path({"destination", "name"}));
  app.project = r.str(spec.get("project"));
  yaml::Node automated = spec.path({"syncPolicy", "automated"});
  // `automated: {}` (or any map) turns auto-sync on unless `enabled: false`.
  if (automated.is_map()) {
    yaml::Node enabled = automated.get("enabled");
    app.automated = !enabled.valid() || enabled.is_null() || r.flag(enabled);
    app.prune = r.flag(automated.get("prune"));
    app.self_heal = r.flag(automated.get("selfHeal"));
  }
  for (yaml::Node d : spec.get("ignoreDifferences").elements()) {
    IgnoreDifference ignore;
    ignore.group = r.str(d.get("group"));
    ignore.kind = r.str(d.get("kind"));
    ignore.name = r.str(d.get("name"));
    ignore.ns = r.str(d.get("namespace"));
    ignore.json_pointers = strings(d.get("jsonPointers"), r);
    ignore.jq_path_expressions = strings(d.get("jqPathExpressions"), r);
    ignore.managed_fields_managers = strings(d.get("managedFieldsManagers"), r);
    app.ignore_differences.push_back(std::move(ignore));
  }
  return app;
}

void read_application_status(yaml::Node root, Application& app) {
  yaml::Node status = root.get("status");
  if (!status.is_map()) return;
  app.live = true;
  if (auto s = status.path({"sync", "status"}).as_string()) app.sync_status = *s;
  if (auto s = status.path({"health", "status"}).as_string()) app.health_status = *s;
  auto revisions = [](yaml::Node parent) {
    std::vector<std::string> out;
    yaml::Node list = parent.get("revisions");
    if (list.is_sequence() && list.size() > 0) {
      for (yaml::Node e : list.elements()) out.emplace_back(e.text());
    } else if (auto one = parent.get("revision").as_string()) {
      out.emplace_back(*one);
    }
    return out;
  };
  app.live_revisions = revisions(status.get("sync"));
  if (app.live_revisions.empty()) app.live_revisions = revisions(status.path({"operationState", "syncResult"}));
  for (yaml::Node e : status.get("resources").elements()) {
    ResourceRef ref;
    if (auto v = e.get("group").as_string()) ref.group = *v;
    if (auto v = e.get("kind").as_string()) ref.kind = *v;
    if (auto v = e.get("namespace").as_string()) ref.ns = *v;
    if (auto v = e.get("name").as_string()) ref.name = *v;
    if (!ref.kind.empty() && !ref.name.empty()) app.resources.push_back(std::move(ref));
  }
}

}  // namespace driftlint
