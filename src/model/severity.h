// How serious a finding is; the config, the rules and every report share it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace driftlint {

enum class Severity : uint8_t { Notice = 0, Warning = 1, Error = 2 };

std::string_view severity_name(Severity s);
std::optional<Severity> parse_severity(std::string_view text);

}  // namespace driftlint
