// rules/deprecated-apis.yaml (compiled in), read once: the API versions and
// fields upstream deprecated or stopped serving, each with the component
// release that did it and the replacement. The deprecated-api rule reads it;
// a test checks its Kubernetes rows against the API the bundled releases serve.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/expected.h"
#include "model/field_path.h"

namespace driftlint {

// "Kyverno 1.13": a component and one of its releases.
struct ComponentRelease {
  std::string component;  // "Kubernetes", "Kyverno", "Kueue", "Argo Workflows"
  std::string version;    // as written: "1.22", "v0.20.0"
  std::string text() const { return component + " " + version; }
};

// When something was deprecated and when it stopped being served (at least
// one of the two), and what to use instead.
struct Deprecation {
  std::optional<ComponentRelease> deprecated;
  std::optional<ComponentRelease> removed;
  std::string use;
  const std::string& component() const { return deprecated ? deprecated->component : removed->component; }
};

struct DeprecatedApi {
  std::string api_version;
  std::vector<std::string> kinds;  // empty: every kind
  Deprecation when;
};

struct DeprecatedField {
  std::string group;
  std::vector<std::string> kinds;
  FieldPathSpec path;
  Deprecation when;
};

struct DeprecationTable {
  std::vector<DeprecatedApi> apis;
  std::vector<DeprecatedField> fields;
};

Expected<DeprecationTable> read_deprecation_table(std::string_view text, const std::string& file);
// The compiled-in table.
const Expected<DeprecationTable>& deprecation_table();
// The row for apiVersion + kind, or nullptr.
const DeprecatedApi* deprecated_api_row(const DeprecationTable& table, const std::string& api_version,
                                        const std::string& kind);

}  // namespace driftlint
