// Kubernetes resource quantities ("500m", "1Gi", "2", "1e3").
#pragma once

#include <optional>
#include <string_view>

namespace driftlint {

// Parses a quantity into its value in base units (cores, bytes, devices).
// nullopt when the text is not a quantity (e.g. a template expression).
std::optional<double> parse_quantity(std::string_view text);

}  // namespace driftlint
