// Typing of plain YAML scalars the way Kubernetes reads them: sigs.k8s.io/yaml
// follows go-yaml v2's YAML 1.1 resolver, so `yes`, `on` and `y` are booleans,
// `0777` is octal, `1_000` is an integer. Quoted scalars are always strings.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace driftlint::yaml {

enum class ScalarType : uint8_t { Null, Bool, Int, Float, String };

struct ResolvedScalar {
  ScalarType type = ScalarType::String;
  bool bool_value = false;
};

// Resolves an untagged plain scalar.
ResolvedScalar resolve_plain_scalar(std::string_view text);

// Go's strconv.ParseInt(text, 0, 64) after removing '_' (sign, 0x, 0o, 0b, leading-0 octal).
std::optional<int64_t> parse_go_int(std::string_view text);

// Parses a number the resolver typed as Int or Float.
std::optional<double> parse_yaml_number(std::string_view text);

}  // namespace driftlint::yaml
