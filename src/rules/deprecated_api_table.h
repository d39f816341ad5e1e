// rules/deprecated-apis.yaml (compiled in), read once: the API versions and
// fields upstream deprecated or stopped serving, each with the release and
// the replacement. The deprecated-api rule reads it; a test checks its
// Kubernetes rows against the API the bundled releases serve.
#pragma once

#include <string>
#include <vector>

#include "base/expected.h"
#include "model/field_path.h"

namespace driftlint {

struct DeprecatedApi {
  std::string api_version;
  std::vector<std::string> kinds;  // empty: every kind
  std::string status, in, use;
};

struct DeprecatedField {
  std::string group;
  std::vector<std::string> kinds;
  FieldPathSpec path;
  std::string status, in, use;
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
