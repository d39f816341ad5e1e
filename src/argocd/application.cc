#include "argocd/application.h"

#include <cctype>

#include "base/strings.h"

namespace driftlint {

std::string normalize_app_path(const std::string& path) {
  std::string p = path;
  while (p.rfind("./", 0) == 0) p.erase(0, 2);
  while (!p.empty() && p.back() == '/') p.pop_back();
  while (!p.empty() && p.front() == '/') p.erase(0, 1);
  if (p == ".") p.clear();
  return p;
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

// "{{ .path.basename }}" -> "path.basename"; "{{index .path.segments 1}}" -> "path[1]".
std::optional<std::string> parameter_name(std::string_view expression, bool go_template) {
  std::string e(trim(expression));
  if (go_template) {
    if (e.rfind("index ", 0) == 0) {
      std::vector<std::string_view> words;
      for (std::string_view w : split(e, ' ')) {
        if (!w.empty()) words.push_back(w);
      }
      if (words.size() != 3 || words[1].empty() || words[1][0] != '.') return std::nullopt;
      std::string base(words[1].substr(1));
      if (base.size() > 9 && base.compare(base.size() - 9, 9, ".segments") == 0) {
        base = base.substr(0, base.size() - 9);
      }
      return base + "[" + std::string(words[2]) + "]";
    }
    if (e.empty() || e[0] != '.') return std::nullopt;
    return e.substr(1);
  }
  return e;
}

}  // namespace

std::optional<std::string> render_template(const std::string& text, const TemplateParams& params,
                                           bool go_template) {
  if (text.find("{{") == std::string::npos) return text;
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t open = text.find("{{", at);
    if (open == std::string::npos) {
      out.append(text, at, std::string::npos);
      break;
    }
    size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) return std::nullopt;
    out.append(text, at, open - at);
    std::optional<std::string> name =
        parameter_name(std::string_view(text).substr(open + 2, close - open - 2), go_template);
    if (!name) return std::nullopt;
    auto it = params.find(*name);
    if (it == params.end()) return std::nullopt;
    out += it->second;
    at = close + 2;
  }
  return out;
}

namespace {

struct Reader {
  const TemplateParams* params;
  bool go_template;
  std::vector<std::string>& problems;

  // A string field, rendered through the template parameters.
  std::string str(yaml::Node node, const char* what) const {
    if (!node.is_scalar() || node.is_null()) return {};
    std::string text(node.text());
    if (!params) return text;
    std::optional<std::string> rendered = render_template(text, *params, go_template);
    if (!rendered) {
      problems.push_back(std::string(what) + " " + quote_for_message(text) + " could not be rendered");
      return text;
    }
    return *rendered;
  }
  bool flag(yaml::Node node) const {
    if (auto b = node.as_bool()) return *b;
    std::string s = str(node, "flag");
    return s == "true";
  }
};

AppSource read_source(yaml::Node node, const Reader& r) {
  AppSource s;
  s.node = node;
  s.repo_url = r.str(node.get("repoURL"), "repoURL");
  s.target_revision = r.str(node.get("targetRevision"), "targetRevision");
  yaml::Node path = node.get("path");
  if (path.is_scalar() && !path.is_null()) {
    s.path = r.str(path, "path");
    s.path_node = path;
  }
  yaml::Node directory = node.get("directory");
  s.recurse = r.flag(directory.get("recurse"));
  s.include = r.str(directory.get("include"), "directory.include");
  s.exclude = r.str(directory.get("exclude"), "directory.exclude");
  s.has_chart = node.get("chart").is_scalar() && !node.get("chart").is_null();
  s.has_helm = node.get("helm").is_map();
  s.has_kustomize = node.get("kustomize").is_map();
  s.has_plugin = node.get("plugin").is_map();
  if (node.get("ref").is_scalar()) s.ref = r.str(node.get("ref"), "ref");
  return s;
}

std::vector<std::string> strings(yaml::Node list, const Reader& r, const char* what) {
  std::vector<std::string> out;
  for (yaml::Node e : list.elements()) out.push_back(r.str(e, what));
  return out;
}

}  // namespace

Application parse_application(yaml::Node root, const TemplateParams* params, bool go_template,
                              std::vector<std::string>& problems) {
  Reader r{params, go_template, problems};
  Application app;
  yaml::Node metadata = root.get("metadata");
  app.name = r.str(metadata.get("name"), "metadata.name");
  app.ns = r.str(metadata.get("namespace"), "metadata.namespace");
  yaml::Node spec = root.get("spec");
  yaml::Node sources = spec.get("sources");
  if (sources.is_sequence() && sources.size() > 0) {
    for (yaml::Node s : sources.elements()) {
      if (s.is_map()) app.sources.push_back(read_source(s, r));
    }
  } else if (spec.get("source").is_map()) {
    app.sources.push_back(read_source(spec.get("source"), r));
  }
  app.destination_namespace = r.str(spec.path({"destination", "namespace"}), "destination.namespace");
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
    ignore.group = r.str(d.get("group"), "group");
    ignore.kind = r.str(d.get("kind"), "kind");
    ignore.name = r.str(d.get("name"), "name");
    ignore.ns = r.str(d.get("namespace"), "namespace");
    ignore.json_pointers = strings(d.get("jsonPointers"), r, "jsonPointers");
    ignore.jq_path_expressions = strings(d.get("jqPathExpressions"), r, "jqPathExpressions");
    ignore.managed_fields_managers = strings(d.get("managedFieldsManagers"), r, "managedFieldsManagers");
    app.ignore_differences.push_back(std::move(ignore));
  }
  return app;
}

void read_application_status(yaml::Node root, Application& app) {
  yaml::Node status = root.get("status");
  if (!status.is_map()) return;
  app.live = true;
  if (auto s = status.path({"sync", "status"}).as_string()) app.sync_status = *s;
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
