// JSON values written as block-style YAML, the way kubectl prints objects
// (keys sorted, two-space indent, strings quoted only where YAML would read
// them as something else, multi-line strings as literal blocks): for diffs
// people read.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace driftlint::yaml {

std::string emit_yaml(const nlohmann::json& value);

}  // namespace driftlint::yaml
