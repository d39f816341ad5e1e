// Which release of a cluster component (Kyverno, Kueue, Argo Workflows) the
// repos and the snapshot install, so deprecated-api judges a component's
// deprecation against the version that runs rather than the newest one.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lint/rule.h"

namespace driftlint {

// A release as numbers: "v1.11.4" is {1, 11, 4}. Missing parts compare as 0.
using ReleaseNumber = std::vector<int>;

// The numbers of "v1.11.4", "1.13", "3.1.x", "^3.2.0", "v0.20.0-rc.1"; nullopt
// for anything with fewer than two numbers ("latest", "main", "*", "3").
std::optional<ReleaseNumber> parse_release(std::string_view text);
// <0, 0, >0 as a is older than, the same as, newer than b.
int compare_releases(const ReleaseNumber& a, const ReleaseNumber& b);

struct InstalledRelease {
  ReleaseNumber number;
  std::string version;  // "1.11.4": the component's own version
  std::string where;    // "image 'ghcr.io/kyverno/kyverno:v1.11.4' in infra/kyverno/deploy.yaml"
};

class ComponentVersions {
 public:
  // Reads what installs each known component: its images in pod templates
  // (repos and snapshot), its Helm chart's Chart.yaml (`appVersion`), a
  // chart's dependency on it, a kustomization's `helmCharts`, an Argo CD
  // Application's or a Flux HelmRelease's chart version. Chart versions
  // count only where the component's chart versions map to its releases
  // (Kyverno's chart 3.N is Kyverno 1.(10+N), 2.N is 1.(N+2); Kueue's chart
  // is versioned as Kueue); Argo Workflows' chart has versions of its own.
  explicit ComponentVersions(const LintContext& context);

  // The newest release of the component found, or nullopt when none is.
  std::optional<InstalledRelease> installed(std::string_view component) const;
  // The components driftlint knows how to find ("Kyverno", ...).
  static std::vector<std::string> known_components();

 private:
  void add(std::string_view component, const ReleaseNumber& number, std::string version, std::string where);
  void read_images(const LintContext& context);
  void read_chart_files(const LintContext& context);
  void read_chart_references(const LintContext& context);

  std::map<std::string, InstalledRelease, std::less<>> newest_;
};

}  // namespace driftlint
