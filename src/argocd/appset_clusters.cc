// The clusters generator (applicationset/generators/cluster.go): one
// parameter set per cluster Secret (label argocd.argoproj.io/secret-type:
// cluster) its `selector` matches, read from the loaded repos (declarative
// setups keep them there) and the snapshot (which wins for a cluster of the
// same name), plus the in-cluster cluster, which Argo CD adds when the
// selector is empty and no Secret already names https://kubernetes.default.svc.
// Only name, server, project, labels and annotations are read: never a
// Secret's credentials.
#include <algorithm>

#include "argocd/appset_generators.h"
#include "gotemplate/go_template.h"
#include "argocd/label_selector.h"
#include "gotemplate/template_encode.h"
#include "base/strings.h"

namespace driftlint {

namespace {

constexpr std::string_view kSecretType = "argocd.argoproj.io/secret-type";
constexpr std::string_view kInClusterServer = "https://kubernetes.default.svc";

struct ClusterSecret {
  std::string name, server, project;
  std::map<std::string, std::string> labels, annotations;
};

std::map<std::string, std::string> string_map(yaml::Node map) {
  std::map<std::string, std::string> out;
  for (auto [key, value] : map.entries()) out[std::string(key.text())] = text_of(value);
  return out;
}

// A Secret's data field: stringData (which the API server writes into data) first.
std::string secret_field(yaml::Node secret, std::string_view key) {
  if (yaml::Node plain = secret.path({"stringData", key}); plain.is_scalar()) return text_of(plain);
  return base64_decode(text_of(secret.path({"data", key}))).value_or("");
}

bool is_cluster_secret(const Manifest& m) {
  return m.id.group.empty() && m.id.kind == "Secret" &&
         m.root.path({"metadata", "labels"}).get(kSecretType).text() == "cluster";
}

// An object other than a Secret that makes one (SealedSecret, ExternalSecret)
// with the cluster label somewhere in its spec.
bool makes_cluster_secret(yaml::Node node, int depth) {
  if (depth > 8 || !node.is_map()) return false;
  for (auto [key, value] : node.entries()) {
    if (key.text() == kSecretType && value.text() == "cluster") return true;
    if (makes_cluster_secret(value, depth + 1)) return true;
  }
  return false;
}

struct KnownClusters {
  std::map<std::string, ClusterSecret> secrets;  // by name, as Argo CD keys them
  std::vector<std::string> unreadable;           // what cannot be read offline
};

void add_secret(const Manifest& m, const std::string& where, KnownClusters& known) {
  if (!m.root.get("data").is_map() && !m.root.get("stringData").is_map()) {
    known.unreadable.push_back("Secret " + quote_for_message(m.id.name) + " in " + where + " (its data is not there)");
    return;
  }
  ClusterSecret s;
  s.name = secret_field(m.root, "name");
  s.server = secret_field(m.root, "server");
  s.project = secret_field(m.root, "project");
  s.labels = string_map(m.root.path({"metadata", "labels"}));
  s.annotations = string_map(m.root.path({"metadata", "annotations"}));
  known.secrets[s.name] = std::move(s);
}

KnownClusters known_clusters(const AppSetInputs& inputs) {
  KnownClusters known;
  for (const Manifest& m : inputs.load.manifests) {
    const LoadedFile& file = inputs.load.file_of(m);
    std::string where = inputs.load.repo_name(file.repo) + "/" + file.path;
    if (is_cluster_secret(m)) {
      add_secret(m, where, known);
    } else if (m.id.kind != "Secret" && makes_cluster_secret(m.root.get("spec"), 0)) {
      known.unreadable.push_back(m.id.kind + " " + quote_for_message(m.id.name) + " in " + where + " (encrypted or fetched)");
    }
  }
  if (inputs.snapshot) {
    for (const Manifest& m : inputs.snapshot->objects) {
      if (is_cluster_secret(m)) add_secret(m, "the snapshot", known);
    }
  }
  return known;
}

TemplateValue cluster_value(const ClusterSecret& s, bool go) {
  TemplateValue::Map p;
  p["name"] = TemplateValue::string(s.name);
  p["nameNormalized"] = TemplateValue::string(argo_sanitize_name(s.name));
  p["server"] = TemplateValue::string(s.server);
  p["project"] = TemplateValue::string(s.project);
  if (go) {
    TemplateValue::Map meta;
    auto as_map = [](const std::map<std::string, std::string>& m) {
      TemplateValue::Map out;
      for (const auto& [k, v] : m) out[k] = TemplateValue::string(v);
      return TemplateValue::map(std::move(out));
    };
    if (!s.annotations.empty()) meta["annotations"] = as_map(s.annotations);
    if (!s.labels.empty()) meta["labels"] = as_map(s.labels);
    p["metadata"] = TemplateValue::map(std::move(meta));
  } else {
    for (const auto& [k, v] : s.annotations) p["metadata.annotations." + k] = TemplateValue::string(v);
    for (const auto& [k, v] : s.labels) p["metadata.labels." + k] = TemplateValue::string(v);
  }
  return TemplateValue::map(std::move(p));
}

// A cluster as a note shows it: "'eu-prod' {env: prod}".
std::string describe_cluster(const ClusterSecret& s) {
  std::string labels;
  for (const auto& [k, v] : s.labels) {
    if (k == kSecretType) continue;
    labels += (labels.empty() ? "" : ", ") + k + ": " + v;
  }
  return quote_for_message(s.name) + (labels.empty() ? " (no labels)" : " {" + labels + "}");
}

// Why a selector took no cluster: how many are known and what labels they
// carry (the first few), and how to make them known.
std::string no_cluster_matched(const std::string& who, const LabelSelector& selector, const KnownClusters& known,
                               bool local_without_secret) {
  size_t count = known.secrets.size() + (local_without_secret ? 1 : 0);
  std::vector<std::string> shown;
  if (local_without_secret) shown.push_back("in-cluster, which has no labels");
  for (const auto& [name, secret] : known.secrets) {
    if (shown.size() == 3) break;
    shown.push_back(describe_cluster(secret));
  }
  std::string list = join(shown, "; ");
  if (count > shown.size()) list += "; and " + std::to_string(count - shown.size()) + " more";
  return who + ": its clusters generator's selector " + selector.describe() + " matches none of the " +
         std::to_string(count) + (count == 1 ? " cluster" : " clusters") + " known (" + list +
         "): 0 Applications generated; supply the cluster Secrets with --snapshot or in the repos "
         "(labels, annotations and the name and server fields are enough; their credentials are never needed)";
}

void add_local_cluster(yaml::Node node, GeneratorContext& ctx, GeneratorResult& out) {
  ClusterSecret local{"in-cluster", std::string(kInClusterServer), "", {}, {}};
  TemplateValue params = cluster_value(local, ctx.go());
  params.shared_map()->erase("metadata");  // Argo CD gives it no metadata parameter at all
  append_values(node.get("values"), params, ctx, out);
  out.params.push_back(std::move(params));
}

}  // namespace

GeneratorResult cluster_params(yaml::Node node, GeneratorContext& ctx) {
  GeneratorResult out;
  Expected<LabelSelector> selector = LabelSelector::parse(node.get("selector"));
  if (!selector) {
    out.refuse(ctx.who + ": its clusters selector does not parse: " + selector.error().message);
    return out;
  }
  ++ctx.clusters_generators;
  KnownClusters known = known_clusters(ctx.inputs);
  for (const std::string& what : known.unreadable) {
    out.fail(ctx.who + ": its clusters generator cannot read cluster " + what);
  }
  bool local_has_secret = std::any_of(known.secrets.begin(), known.secrets.end(),
                                      [](const auto& entry) { return entry.second.server == kInClusterServer; });
  for (const auto& [name, secret] : known.secrets) {
    if (!selector->matches(secret.labels)) continue;
    ++ctx.clusters_matched;
    TemplateValue params = cluster_value(secret, ctx.go());
    append_values(node.get("values"), params, ctx, out);
    out.params.push_back(std::move(params));
  }
  // The local cluster has no Secret, hence no labels: only an empty selector takes it.
  if (selector->empty() && !local_has_secret) add_local_cluster(node, ctx, out);
  if (out.params.empty()) {
    // Argo CD may know clusters driftlint does not: the set is incomplete, not empty.
    out.fail(no_cluster_matched(ctx.who, *selector, known, !local_has_secret));
  } else if (known.secrets.empty() && known.unreadable.empty()) {
    out.fail(ctx.who + ": no cluster Secret is in the loaded repos or the snapshot, so only the in-cluster cluster "
                       "was expanded; clusters added with `argocd cluster add` are not known");
  }
  if (node.get("flatList").as_bool().value_or(false)) {
    TemplateValue::List all(out.params.begin(), out.params.end());
    out.params = {TemplateValue::map({{"clusters", TemplateValue::list(std::move(all))}})};
  }
  return out;
}

}  // namespace driftlint
