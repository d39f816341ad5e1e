#include "model/kyverno.h"

#include <cstdlib>

#include "base/glob.h"

namespace driftlint {

namespace {

void read_resource_filter(yaml::Node resources, std::vector<KyvernoMatch>& out) {
  if (!resources.is_map()) return;
  KyvernoMatch m;
  for (yaml::Node k : resources.get("kinds").elements()) m.kinds.emplace_back(k.text());
  for (yaml::Node n : resources.get("namespaces").elements()) m.namespaces.emplace_back(n.text());
  out.push_back(std::move(m));
}

// match: {resources: ...} or match: {any|all: [{resources: ...}]}
std::vector<KyvernoMatch> read_match(yaml::Node match, std::string_view policy_namespace) {
  std::vector<KyvernoMatch> out;
  read_resource_filter(match.get("resources"), out);
  for (const char* list : {"any", "all"}) {
    for (yaml::Node e : match.get(list).elements()) read_resource_filter(e.get("resources"), out);
  }
  // A namespaced Policy only ever applies in its own namespace.
  if (!policy_namespace.empty()) {
    for (KyvernoMatch& m : out) m.namespaces = {std::string(policy_namespace)};
  }
  return out;
}

std::optional<double> number(yaml::Node node) {
  if (auto d = node.as_number()) return d;
  if (!node.is_scalar()) return std::nullopt;
  std::string text(node.text());
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) return std::nullopt;
  return v;
}

void read_gpu_limits(yaml::Node conditions, const GpuResourceMatcher& gpu, std::vector<KyvernoGpuLimit>& out) {
  auto visit = [&](yaml::Node c) {
    std::string key(c.get("key").text());
    std::string op(c.get("operator").text());
    std::optional<double> value = number(c.get("value"));
    if (!value) return;
    // The GPU resource named in the key, e.g. limits."nvidia.com/gpu".
    std::string resource;
    for (const char* candidate : {"nvidia.com/gpu", "amd.com/gpu"}) {
      if (key.find(candidate) != std::string::npos) resource = candidate;
    }
    size_t mig = key.find("nvidia.com/mig-");
    if (mig != std::string::npos) {
      size_t end = key.find_first_of("\"'} ]", mig);
      resource = key.substr(mig, end == std::string::npos ? std::string::npos : end - mig);
    }
    if (resource.empty() || !gpu.is_gpu(resource)) return;
    double max;
    if (op == "GreaterThan" || op == "AnyGreaterThan" || op == "AllGreaterThan") max = *value;
    else if (op == "GreaterThanOrEquals" || op == "AnyGreaterThanOrEquals" || op == "AllGreaterThanOrEquals") max = *value - 1;
    else return;
    out.push_back({resource, max, c});
  };
  if (conditions.is_sequence()) {
    for (yaml::Node c : conditions.elements()) visit(c);
  }
  for (const char* list : {"any", "all"}) {
    for (yaml::Node c : conditions.get(list).elements()) visit(c);
  }
}

}  // namespace

bool is_kyverno_policy(const ObjectIdentity& id) {
  return id.group == "kyverno.io" && (id.kind == "ClusterPolicy" || id.kind == "Policy");
}

bool KyvernoRuleView::matches(std::string_view kind, std::string_view ns) const {
  for (const KyvernoMatch& m : match) {
    bool kind_ok = false;
    for (const std::string& k : m.kinds) {
      std::string_view bare = k;
      if (size_t slash = bare.rfind('/'); slash != std::string_view::npos) bare = bare.substr(slash + 1);
      if (bare == kind || bare == "*") kind_ok = true;
    }
    if (!kind_ok) continue;
    if (m.namespaces.empty() || ns.empty()) return true;
    for (const std::string& pattern : m.namespaces) {
      if (glob_match(pattern, ns)) return true;
    }
  }
  return false;
}

std::vector<KyvernoRuleView> read_kyverno_rules(const Manifest& policy, const GpuResourceMatcher& gpu) {
  std::vector<KyvernoRuleView> out;
  std::string_view ns = policy.id.kind == "Policy" ? std::string_view(policy.id.ns) : std::string_view();
  for (yaml::Node rule : policy.root.path({"spec", "rules"}).elements()) {
    KyvernoRuleView view;
    view.policy = &policy;
    view.node = rule;
    view.name = std::string(rule.get("name").text());
    view.match = read_match(rule.get("match"), ns);
    yaml::Node mutate = rule.get("mutate");
    view.patch_strategic_merge = mutate.get("patchStrategicMerge");
    read_gpu_limits(rule.path({"validate", "deny", "conditions"}), gpu, view.gpu_limits);
    out.push_back(std::move(view));
  }
  return out;
}

}  // namespace driftlint
