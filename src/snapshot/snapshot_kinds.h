// Which kinds `driftlint snapshot` captures, and the RBAC that lets it: the
// CronWorkflow template's ClusterRole is generated from the same list
// (`driftlint snapshot --print-rbac`; a test keeps the template in step).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"

namespace driftlint {

// Resource names as `kubectl api-resources -o name` prints them: what the
// rules read, the workloads and Services drift is most often found in;
// never Secrets.
const std::vector<std::string>& default_snapshot_kinds();

// A --kinds value: "a,b" replaces the default list; "+a,-b" adds to it and
// takes from it (every item signed, or none). Secrets may be named: the
// capture skips them with a note.
Expected<std::vector<std::string>> parse_snapshot_kinds(std::string_view spec);

// Whether a resource name is a Secret's (never captured, whatever was asked).
bool is_secret_kind(std::string_view name);

// The `rules:` of a ClusterRole that lets `kubectl get` list these kinds
// (get and list only), grouped by API group in the list's order, as YAML
// indented for a ClusterRole document.
std::string snapshot_rbac_rules(const std::vector<std::string>& kinds);

}  // namespace driftlint
