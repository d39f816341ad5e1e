#include "rules/deprecation_verdict.h"

namespace driftlint {
namespace {

// Whether `running` is at or past the release (a release that does not
// parse is treated as reached: the table is tested to parse).
bool reached(const ReleaseNumber& running, const std::optional<ComponentRelease>& release) {
  if (!release) return false;
  std::optional<ReleaseNumber> at = parse_release(release->version);
  return !at || compare_releases(running, *at) >= 0;
}

std::string what_happened(const Deprecation& d) {
  std::string out;
  if (d.deprecated) out = "deprecated in " + d.deprecated->text();
  if (d.removed) out += std::string(out.empty() ? "removed in " : ", not served from ") + d.removed->text();
  return out;
}

std::optional<DeprecationVerdict> judge_kubernetes(const Deprecation& d, const std::string& kubernetes_version) {
  std::optional<ReleaseNumber> running = parse_release(kubernetes_version);
  if (!running) return DeprecationVerdict{Severity::Notice, what_happened(d)};
  if (reached(*running, d.removed)) {
    return DeprecationVerdict{Severity::Error, "removed in " + d.removed->text() + ": Kubernetes " + kubernetes_version +
                                                   " does not serve it"};
  }
  if (!reached(*running, d.deprecated)) return std::nullopt;
  return DeprecationVerdict{Severity::Notice, what_happened(d) + "; Kubernetes " + kubernetes_version + " still serves it"};
}

}  // namespace

std::optional<DeprecationVerdict> judge_deprecation(const Deprecation& d, const std::string& kubernetes_version,
                                                    const ComponentVersions* versions) {
  const std::string& component = d.component();
  if (component == "Kubernetes") return judge_kubernetes(d, kubernetes_version);
  std::optional<InstalledRelease> installed = versions ? versions->installed(component) : std::nullopt;
  if (!installed) {
    return DeprecationVerdict{Severity::Notice, what_happened(d) + " (the installed " + component +
                                                    " version is unknown: no " + component +
                                                    " image, chart or Argo CD app in the repos or the snapshot)"};
  }
  std::string running = component + " " + installed->version + " is installed (" + installed->where + ")";
  if (reached(installed->number, d.removed)) {
    return DeprecationVerdict{Severity::Error, "removed in " + d.removed->text() + ", and " + running};
  }
  if (!reached(installed->number, d.deprecated)) return std::nullopt;
  return DeprecationVerdict{Severity::Notice, what_happened(d) + ", and " + running};
}

}  // namespace driftlint
