// Helm chart templates are Go templates, not YAML: they are skipped (and
// reported once as skipped), never parsed.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace driftlint {

// For a repo-relative file path: the `templates` folder of a Helm chart that
// holds it, if any. A chart folder has Chart.yaml or values.yaml (asked of
// `exists`), or sits below a `charts/` folder.
std::optional<std::string> helm_templates_dir_of(const std::string& path,
                                                 const std::function<bool(const std::string&)>& exists);

}  // namespace driftlint
