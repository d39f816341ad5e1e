#include "rules/argocd_findings.h"

#include <nlohmann/json.hpp>

#include "base/strings.h"
#include "yaml/json.h"

namespace driftlint {

yaml::Node node_at_path(yaml::Node root, const FieldPath& path) {
  // The key of the deepest step found: that is the line a reader looks for
  // (for a key git does not set, the key of its parent map).
  yaml::Node node = root, at = root;
  for (const PathStep& step : path) {
    yaml::Node next, key;
    if (step.index && node.is_sequence()) {
      if (!step.name.empty()) {
        for (yaml::Node e : node.elements()) {
          if (e.get("name").as_string() == std::string_view(step.name)) next = e;
        }
      } else {
        size_t i = std::stoul(step.key);
        if (i < node.size()) next = node.element(i);
      }
      key = next;
    } else if (node.is_map()) {
      next = node.get(step.key);
      key = node.key_node(step.key);
    }
    if (!next.valid()) break;
    node = next;
    at = key.valid() ? key : next;
  }
  return at;
}

Finding desired_finding(const Rule& rule, const LintContext& context, const DesiredObject& desired,
                        const FieldPath& path, std::string message) {
  Finding f;
  if (desired.manifest) {
    f = rule.finding_at(context, *desired.manifest, node_at_path(desired.manifest->root, path), std::move(message));
  } else {
    f = rule.finding_in_file(context, context.load.files[desired.file], desired.position, std::move(message));
  }
  f.object = ObjectRef{desired.id.api_version, desired.id.kind, desired.id.ns, desired.id.name};
  return f;
}

std::string describe_app(const Application& app) {
  std::string out = "app " + quote_for_message(app.name);
  if (!app.application_set.empty()) out += " (from ApplicationSet " + quote_for_message(app.application_set) + ")";
  return out;
}

std::string describe_diff(const FieldDiff& diff) {
  std::string path = display_path(diff.path);
  switch (diff.kind) {
    case FieldDiff::Kind::MissingLive:
      return path + ": git " + display_value(diff.desired) + ", absent live";
    case FieldDiff::Kind::LiveOnly:
      return path + ": live " + display_value(diff.live) + ", not set in git";
    case FieldDiff::Kind::Changed:
      break;
  }
  return path + ": live " + display_value(diff.live) + ", git " + display_value(diff.desired);
}

FieldValues field_values(const FieldDiff& diff) {
  // A value too large to be useful in a report is cut as messages cut it.
  auto json = [](yaml::Node node) -> std::optional<std::string> {
    if (!node.valid()) return std::nullopt;
    std::string text = yaml::to_json(node).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return text.size() <= 4096 ? text : nlohmann::json(display_value(node, 200)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  FieldValues out;
  out.field = display_path(diff.path);
  if (diff.kind != FieldDiff::Kind::MissingLive) out.live = json(diff.live);
  if (diff.kind != FieldDiff::Kind::LiveOnly) out.desired = json(diff.desired);
  return out;
}

}  // namespace driftlint

namespace driftlint {

bool in_repos(const LintContext& context, const Manifest* manifest) {
  const std::vector<Manifest>& all = context.load.manifests;
  return manifest && !all.empty() && manifest >= all.data() && manifest < all.data() + all.size();
}

Finding app_source_finding(const Rule& rule, const LintContext& context, const Application& app,
                           size_t source, std::string_view key, std::string message) {
  auto source_node = [&](yaml::Node spec) {
    yaml::Node sources = spec.get("sources");
    if (sources.is_sequence() && source < sources.size()) return sources.element(source);
    return spec.get("source");
  };
  auto at = [&](const Manifest& m, yaml::Node spec) {
    yaml::Node s = source_node(spec);
    yaml::Node k = s.key_node(key);
    Finding f = rule.finding_at(context, m, k.valid() ? k : (s.valid() ? s : m.root), std::move(message));
    f.object = ObjectRef{"argoproj.io/v1alpha1", "Application", app.ns, app.name};
    return f;
  };
  if (in_repos(context, app.repo_manifest)) return at(*app.repo_manifest, app.repo_manifest->root.get("spec"));
  // An app a build rendered (app-of-apps): at the template or values line that wrote it.
  if (app.rendered_manifest) return at(*app.rendered_manifest, app.rendered_manifest->root.get("spec"));
  if (in_repos(context, app.application_set_manifest)) {
    // A generated app's nodes carry the positions of the set's template (or
    // templatePatch, or generator template) that wrote them.
    if (app.generated_tree && source < app.sources.size() && app.sources[source].node.valid()) {
      yaml::Node s = app.sources[source].node;
      yaml::Node k = s.key_node(key);
      Finding f = rule.finding_at(context, *app.application_set_manifest, k.valid() ? k : s, std::move(message));
      f.object = ObjectRef{"argoproj.io/v1alpha1", "Application", app.ns, app.name};
      return f;
    }
    return at(*app.application_set_manifest, app.application_set_manifest->root.path({"spec", "template", "spec"}));
  }
  int repo = app.sources[source].bound.repo;
  Finding f;
  if (repo >= 0) {
    f = rule.finding_in_repo(context, static_cast<uint32_t>(repo), app.sources[source].bound.folder, std::move(message));
  } else {
    f.rule = rule.info().id;
    f.severity = rule.info().default_severity;
    f.message = std::move(message);
    f.hint = rule.info().hint;
  }
  f.object = ObjectRef{"argoproj.io/v1alpha1", "Application", app.ns, app.name};
  return f;
}

Finding app_source_node_finding(const Rule& rule, const LintContext& context, const Application& app,
                                size_t source, yaml::Node node, std::string message) {
  auto holds = [&](const Manifest* m) { return m && node.valid() && node.tree() == m->root.tree(); };
  const Manifest* in_file = in_repos(context, app.repo_manifest) && holds(app.repo_manifest) ? app.repo_manifest
                            : holds(app.rendered_manifest)                                  ? app.rendered_manifest
                            : in_repos(context, app.application_set_manifest) && node.valid() ? app.application_set_manifest
                                                                                               : nullptr;
  if (!in_file) return app_source_finding(rule, context, app, source, "path", std::move(message));
  Finding f = rule.finding_at(context, *in_file, node, std::move(message));
  f.object = ObjectRef{"argoproj.io/v1alpha1", "Application", app.ns, app.name};
  return f;
}

}  // namespace driftlint
