// What deprecated-api says about a row of rules/deprecated-apis.yaml that an
// object matches: an error when the release that runs no longer serves it,
// a notice when it is deprecated there, nothing when the release that runs
// predates the deprecation.
#pragma once

#include <optional>
#include <string>

#include "model/severity.h"
#include "rules/component_versions.h"
#include "rules/deprecated_api_table.h"

namespace driftlint {

struct DeprecationVerdict {
  Severity severity = Severity::Notice;
  std::string text;  // "removed in Kubernetes 1.22: Kubernetes 1.36 does not serve it"
};

// Kubernetes rows are judged against `kubernetes_version` ("1.36"); other
// components' against the release `versions` finds (only read for those: null
// is fine when no other component's row is judged). A component whose
// release is not found is judged as before (a notice), and the text says the
// installed version is unknown.
std::optional<DeprecationVerdict> judge_deprecation(const Deprecation& d, const std::string& kubernetes_version,
                                                    const ComponentVersions* versions);

}  // namespace driftlint
