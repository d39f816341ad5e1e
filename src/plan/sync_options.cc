#include "plan/sync_options.h"

#include <algorithm>
#include <cstdlib>

#include "base/strings.h"

namespace driftlint {

namespace {

std::string text(yaml::Node n) { return n.is_scalar() && !n.is_null() ? std::string(n.text()) : std::string(); }

bool flag(yaml::Node n) {
  if (auto b = n.as_bool()) return *b;
  return text(n) == "true";
}

void add_option(std::map<std::string, std::string>& options, std::string_view item) {
  size_t eq = item.find('=');
  std::string name(trim(item.substr(0, eq)));
  if (name.empty()) return;
  options[name] = eq == std::string_view::npos ? std::string() : std::string(trim(item.substr(eq + 1)));
}

// Whether a RollingSync step's matchExpressions select these labels (all
// must hold; In and NotIn as the ApplicationSet controller reads them).
bool step_selects(yaml::Node step, yaml::Node labels) {
  for (yaml::Node e : step.get("matchExpressions").elements()) {
    std::string key = text(e.get("key")), op = text(e.get("operator"));
    std::optional<std::string_view> value = labels.get(key).as_string();
    bool listed = false;
    for (yaml::Node v : e.get("values").elements()) listed = listed || (value && text(v) == *value);
    if (op == "In" && !listed) return false;
    if (op == "NotIn" && listed) return false;
  }
  return true;
}

void read_application_set(const Application& app, AppSyncPolicy& p) {
  if (!app.application_set_manifest) return;
  p.application_set = app.application_set;
  yaml::Node spec = app.application_set_manifest->root.get("spec");
  p.applications_sync = text(spec.path({"syncPolicy", "applicationsSync"}));
  p.preserve_resources = flag(spec.path({"syncPolicy", "preserveResourcesOnDeletion"}));
  if (text(spec.path({"strategy", "type"})) != "RollingSync") return;
  p.rolling_sync = true;
  yaml::Node labels = application_root(app).path({"metadata", "labels"});
  int n = 0;
  for (yaml::Node step : spec.path({"strategy", "rollingSync", "steps"}).elements()) {
    ++n;
    if (step_selects(step, labels)) {
      p.rolling_step = n;
      break;
    }
  }
}

}  // namespace

std::vector<std::string> annotation_csv(std::string_view value) {
  std::vector<std::string> out;
  for (std::string_view part : split(value, ',')) {
    std::string_view t = trim(part);
    if (!t.empty()) out.emplace_back(t);
  }
  return out;
}

std::string AppSyncPolicy::option(const std::string& name) const {
  auto it = options.find(name);
  return it == options.end() ? std::string() : it->second;
}

yaml::Node application_root(const Application& app) {
  if (app.repo_manifest) return app.repo_manifest->root;
  if (app.generated_tree) return app.generated_tree->node(0);
  if (app.live_manifest) return app.live_manifest->root;
  return {};
}

AppSyncPolicy read_sync_policy(const Application& app) {
  AppSyncPolicy p;
  yaml::Node root = application_root(app);
  yaml::Node policy = root.path({"spec", "syncPolicy"});
  yaml::Node automated = policy.get("automated");
  if (automated.is_map()) {
    yaml::Node enabled = automated.get("enabled");
    p.automated = !enabled.valid() || enabled.is_null() || flag(enabled);
    p.prune = flag(automated.get("prune"));
    p.self_heal = flag(automated.get("selfHeal"));
    p.allow_empty = flag(automated.get("allowEmpty"));
  }
  p.retry = policy.get("retry").is_map();
  p.managed_namespace_metadata = policy.get("managedNamespaceMetadata").is_map();
  for (yaml::Node o : policy.get("syncOptions").elements()) add_option(p.options, text(o));
  for (yaml::Node f : root.path({"metadata", "finalizers"}).elements()) {
    std::string name = text(f);
    if (name.rfind(kResourcesFinalizer, 0) == 0) p.finalizer = name;
  }
  read_application_set(app, p);
  return p;
}

std::string describe_sync_policy(const AppSyncPolicy& p) {
  if (p.rolling_sync) {
    return p.rolling_step ? "RollingSync step " + std::to_string(p.rolling_step) +
                                " of ApplicationSet " + p.application_set + " (auto-sync off)"
                          : "RollingSync of ApplicationSet " + p.application_set +
                                ", selected by no step (auto-sync off): manual sync";
  }
  if (!p.automated) return "manual sync";
  std::vector<std::string> flags;
  if (p.prune) flags.push_back("prune");
  if (p.self_heal) flags.push_back("selfHeal");
  if (p.allow_empty) flags.push_back("allowEmpty");
  return "auto-sync" + (flags.empty() ? std::string() : " (" + join(flags, ", ") + ")");
}

std::optional<std::string> ObjectOptions::option(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end()) return std::nullopt;
  return it->second;
}

bool ObjectOptions::has(const std::string& name, const std::string& value) const {
  auto it = options.find(name);
  return it != options.end() && it->second == value;
}

bool ObjectOptions::skipped() const { return hooks.size() == 1 && hooks[0] == "Skip"; }

namespace {

const char* helm_hook_phase(std::string_view t) {
  if (t == "pre-install" || t == "pre-upgrade") return "PreSync";
  if (t == "post-install" || t == "post-upgrade") return "PostSync";
  if (t == "pre-delete") return "PreDelete";  // controller/hook.go: run when the app is deleted
  if (t == "post-delete") return "PostDelete";
  return nullptr;
}

const char* helm_delete_policy(std::string_view p) {
  if (p == "before-hook-creation") return "BeforeHookCreation";
  if (p == "hook-succeeded") return "HookSucceeded";
  if (p == "hook-failed") return "HookFailed";
  return nullptr;
}

std::optional<int> integer(std::string_view s) {
  std::string t(trim(s));
  if (t.empty()) return std::nullopt;
  char* end = nullptr;
  long v = std::strtol(t.c_str(), &end, 10);
  if (end != t.c_str() + t.size()) return std::nullopt;
  return static_cast<int>(v);
}

void read_hooks(yaml::Node annotations, ObjectOptions& o) {
  static const std::vector<std::string> kArgoHooks = {"PreSync", "Sync", "PostSync", "SyncFail", "PreDelete", "PostDelete", "Skip"};
  for (const std::string& t : annotation_csv(text(annotations.get("argocd.argoproj.io/hook")))) {
    if (std::find(kArgoHooks.begin(), kArgoHooks.end(), t) != kArgoHooks.end()) o.hooks.push_back(t);
  }
  yaml::Node argo = annotations.get("argocd.argoproj.io/hook");
  std::string helm = text(annotations.get("helm.sh/hook"));
  // Helm's hooks count only when there is no Argo CD hook ("crd-install" is no hook).
  o.hook = argo.valid() ? !o.skipped() : !helm.empty() && helm != "crd-install";
  if (o.hooks.empty()) {
    for (const std::string& t : annotation_csv(helm)) {
      const char* phase = helm_hook_phase(t);
      if (phase && std::find(o.hooks.begin(), o.hooks.end(), phase) == o.hooks.end()) o.hooks.push_back(phase);
    }
  }
  for (const std::string& p : annotation_csv(text(annotations.get("argocd.argoproj.io/hook-delete-policy")))) {
    if (p == "HookSucceeded" || p == "HookFailed" || p == "BeforeHookCreation") o.delete_policies.push_back(p);
  }
  for (const std::string& p : annotation_csv(text(annotations.get("helm.sh/hook-delete-policy")))) {
    if (const char* policy = helm_delete_policy(p)) o.delete_policies.push_back(policy);
  }
  if (o.delete_policies.empty()) o.delete_policies.push_back("BeforeHookCreation");
}

}  // namespace

ObjectOptions read_object_options(yaml::Node object) {
  ObjectOptions o;
  yaml::Node annotations = object.path({"metadata", "annotations"});
  for (const std::string& item : annotation_csv(text(annotations.get("argocd.argoproj.io/sync-options")))) {
    add_option(o.options, item);
  }
  for (const std::string& item : annotation_csv(text(annotations.get("argocd.argoproj.io/compare-options")))) {
    if (item == "IgnoreExtraneous") o.ignore_extraneous = true;
  }
  if (auto wave = integer(text(annotations.get("argocd.argoproj.io/sync-wave")))) {
    o.wave = *wave;
  } else if (auto weight = integer(text(annotations.get("helm.sh/hook-weight")))) {
    o.wave = *weight;
  }
  read_hooks(annotations, o);
  o.helm_keep = text(annotations.get("helm.sh/resource-policy")) == "keep";
  return o;
}

}  // namespace driftlint
