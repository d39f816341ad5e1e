// A YAML tree as JSON: what sigs.k8s.io/yaml hands to the API server (and
// what schemas, messages and reports see). Aliases are expanded; depth is
// bounded.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "yaml/tree.h"

namespace driftlint::yaml {

nlohmann::json to_json(Node node, int max_depth = 64);

}  // namespace driftlint::yaml

namespace driftlint {

// The value in a message: strings quoted, containers as short JSON.
std::string display_value(yaml::Node node, size_t max_length = 80);

}  // namespace driftlint
