// Times as reports and snapshots write them: RFC 3339 in UTC, to the second.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace driftlint {

// "2026-12-04T05:00:00Z" for seconds since 1970.
std::string format_utc(int64_t seconds);
// Reads "YYYY-MM-DDTHH:MM:SSZ" (fractions of a second and a "+00:00" offset
// accepted); nullopt for anything else.
std::optional<int64_t> parse_utc(std::string_view text);
// "3 h", "2 d", "45 min", "10 s": how long ago, rounded down.
std::string describe_age(int64_t seconds);

}  // namespace driftlint
