// Small string helpers shared across the tool.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace driftlint {

std::vector<std::string_view> split(std::string_view text, char separator);
std::string join(const std::vector<std::string>& parts, std::string_view separator);
std::string_view trim(std::string_view text);
// A number as people write it: "2", "0.5", "1e+12".
std::string format_number(double value);
// Quotes a value for a message: 'x' with control characters escaped, cut at max_length.
std::string quote_for_message(std::string_view value, size_t max_length = 80);

}  // namespace driftlint
