#include "rules/component_versions.h"

#include <cctype>

#include "base/strings.h"
#include "lint/known_objects.h"
#include "model/image_reference.h"
#include "model/pod_templates.h"

namespace driftlint {
namespace {

// How a component is installed: its images (repository paths, any
// registry) and its Helm chart.
struct ComponentSource {
  std::string_view component;
  std::vector<std::string_view> images;
  std::string_view chart;
  // The component's release for a chart version; nullopt when the chart's
  // versions are its own.
  std::optional<ReleaseNumber> (*release_of_chart)(const ReleaseNumber& chart);
};

std::optional<ReleaseNumber> kyverno_release(const ReleaseNumber& chart) {
  if (chart[0] == 3) return ReleaseNumber{1, 10 + chart[1]};
  if (chart[0] == 2) return ReleaseNumber{1, chart[1] + 2};
  return std::nullopt;
}

std::optional<ReleaseNumber> same_release(const ReleaseNumber& chart) { return chart; }

std::optional<ReleaseNumber> own_versions(const ReleaseNumber&) { return std::nullopt; }

const std::vector<ComponentSource>& sources() {
  static const std::vector<ComponentSource> kSources = {
      {"Kyverno",
       {"kyverno/kyverno", "kyverno/kyvernopre", "kyverno/background-controller", "kyverno/cleanup-controller",
        "kyverno/reports-controller", "nirmata/kyverno"},
       "kyverno",
       &kyverno_release},
      {"Kueue", {"kueue/kueue"}, "kueue", &same_release},
      {"Argo Workflows",
       {"argoproj/workflow-controller", "argoproj/argocli", "argoproj/argoexec"},
       "argo-workflows",
       &own_versions},
  };
  return kSources;
}

std::string version_text(const ReleaseNumber& n) {
  std::string out;
  for (int part : n) out += (out.empty() ? "" : ".") + std::to_string(part);
  return out;
}

bool image_is(std::string_view name, std::string_view repository) {
  return name == repository || (name.ends_with(repository) && name[name.size() - repository.size() - 1] == '/');
}

std::string file_place(const LintContext& context, const LoadedFile& f) {
  return context.load.repo_name(f.repo) + "/" + f.path;
}

std::string object_place(const LintContext& context, const KnownObject& o) {
  if (o.live) return o.manifest->id.display() + " in the snapshot";
  return o.manifest->id.display() + " in " + file_place(context, context.load.file_of(*o.manifest));
}

bool is_chart_file(const std::string& path) { return path == "Chart.yaml" || path.ends_with("/Chart.yaml"); }

bool is_kustomization_file(const std::string& path) {
  for (const char* name : {"kustomization.yaml", "kustomization.yml", "Kustomization"}) {
    if (path == name || path.ends_with(std::string("/") + name)) return true;
  }
  return false;
}

}  // namespace

std::optional<ReleaseNumber> parse_release(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && (text[i] == '^' || text[i] == '~' || text[i] == '>' || text[i] == '=' || text[i] == ' ')) ++i;
  if (i < text.size() && (text[i] == 'v' || text[i] == 'V')) ++i;
  ReleaseNumber out;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    int part = 0;
    size_t digits = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 6) {
      part = part * 10 + (text[i++] - '0');
      ++digits;
    }
    out.push_back(part);
    if (i + 1 < text.size() && text[i] == '.' && std::isdigit(static_cast<unsigned char>(text[i + 1]))) ++i;
    else break;
  }
  if (out.size() < 2) return std::nullopt;
  return out;
}

int compare_releases(const ReleaseNumber& a, const ReleaseNumber& b) {
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    int x = i < a.size() ? a[i] : 0, y = i < b.size() ? b[i] : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

ComponentVersions::ComponentVersions(const LintContext& context) {
  read_images(context);
  read_chart_files(context);
  read_chart_references(context);
}

std::vector<std::string> ComponentVersions::known_components() {
  std::vector<std::string> out;
  for (const ComponentSource& s : sources()) out.emplace_back(s.component);
  return out;
}

std::optional<InstalledRelease> ComponentVersions::installed(std::string_view component) const {
  auto it = newest_.find(component);
  if (it == newest_.end()) return std::nullopt;
  return it->second;
}

void ComponentVersions::add(std::string_view component, const ReleaseNumber& number, std::string version,
                            std::string where) {
  auto it = newest_.find(component);
  if (it != newest_.end() && compare_releases(it->second.number, number) >= 0) return;  // the first of the newest
  newest_[std::string(component)] = InstalledRelease{number, std::move(version), std::move(where)};
}

void ComponentVersions::read_images(const LintContext& context) {
  for (const KnownObject& o : known_objects(context, [](const ObjectIdentity&) { return true; })) {
    // A policy test's pods (kyverno/policies tests `kyverno/kyverno:1.2.3`) install nothing.
    if (!o.live && context.is_policy_test_input(*o.manifest)) continue;
    for (const PodTemplateView& pod : pod_templates(*o.manifest)) {
      for (const ContainerView& c : pod.containers) {
        if (!c.image.is_scalar()) continue;
        std::optional<ImageReference> ref = parse_image_reference(c.image.text());
        if (!ref || ref->tag.empty()) continue;
        std::optional<ReleaseNumber> number = parse_release(ref->tag);
        if (!number) continue;
        for (const ComponentSource& s : sources()) {
          for (std::string_view repository : s.images) {
            if (!image_is(ref->name, repository)) continue;
            add(s.component, *number, version_text(*number),
                "image " + quote_for_message(c.image.text()) + " of " + object_place(context, o));
          }
        }
      }
    }
  }
}

// A chart's own Chart.yaml says the component's release in `appVersion`; a
// chart that depends on the component's chart names the chart's version.
void ComponentVersions::read_chart_files(const LintContext& context) {
  for (const LoadedFile& f : context.load.files) {
    if (f.parsed.documents.empty()) continue;
    yaml::Node root = f.parsed.documents[0].root;
    if (is_chart_file(f.path)) {
      for (const ComponentSource& s : sources()) {
        if (root.get("name").text() != s.chart) continue;
        if (auto number = parse_release(root.get("appVersion").text())) {
          add(s.component, *number, version_text(*number),
              "appVersion " + std::string(root.get("appVersion").text()) + " of chart " + std::string(s.chart) + " in " +
                  file_place(context, f));
        }
      }
    }
    std::string_view list = is_chart_file(f.path) ? "dependencies" : is_kustomization_file(f.path) ? "helmCharts" : "";
    if (list.empty()) continue;
    for (yaml::Node dependency : root.get(list).elements()) {
      for (const ComponentSource& s : sources()) {
        if (dependency.get("name").text() != s.chart) continue;
        auto chart = parse_release(dependency.get("version").text());
        auto number = chart ? s.release_of_chart(*chart) : std::nullopt;
        if (!number) continue;
        add(s.component, *number, version_text(*number),
            "chart " + std::string(s.chart) + " " + std::string(dependency.get("version").text()) + " (" +
                std::string(list) + " in " + file_place(context, f) + ")");
      }
    }
  }
}

// Argo CD Applications (`spec.source`, `spec.sources[]`: chart and
// targetRevision) and Flux HelmReleases (`spec.chart.spec`: chart, version).
void ComponentVersions::read_chart_references(const LintContext& context) {
  auto wanted = [](const ObjectIdentity& id) {
    return (id.group == "argoproj.io" && id.kind == "Application") ||
           (id.group == "helm.toolkit.fluxcd.io" && id.kind == "HelmRelease");
  };
  for (const KnownObject& o : known_objects(context, wanted)) {
    if (!o.live && context.is_policy_test_input(*o.manifest)) continue;
    yaml::Node spec = o.manifest->root.get("spec");
    std::vector<std::pair<yaml::Node, yaml::Node>> charts;  // name, version
    if (o.manifest->id.kind == "HelmRelease") {
      charts.emplace_back(spec.path({"chart", "spec", "chart"}), spec.path({"chart", "spec", "version"}));
    } else {
      charts.emplace_back(spec.path({"source", "chart"}), spec.path({"source", "targetRevision"}));
      for (yaml::Node source : spec.get("sources").elements()) {
        charts.emplace_back(source.get("chart"), source.get("targetRevision"));
      }
    }
    for (auto [name, version] : charts) {
      for (const ComponentSource& s : sources()) {
        if (name.text() != s.chart) continue;
        auto chart = parse_release(version.text());
        auto number = chart ? s.release_of_chart(*chart) : std::nullopt;
        if (!number) continue;
        add(s.component, *number, version_text(*number),
            "chart " + std::string(s.chart) + " " + std::string(version.text()) + " of " + object_place(context, o));
      }
    }
  }
}

}  // namespace driftlint
