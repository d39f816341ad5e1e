// A place in a text file, and the one way driftlint writes it.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace driftlint {

// Line and column count from 1; 0 means "not known" (a whole file, a line).
struct SourcePosition {
  uint32_t line = 0;
  uint32_t column = 0;

  // In text order: by line, then column.
  auto operator<=>(const SourcePosition&) const = default;
};

// "file:3:5"; "file:3" without a column; "file" without a line. Editors,
// compilers and kubectl all write places this way.
inline std::string format_place(std::string_view file, SourcePosition position) {
  std::string out(file);
  if (position.line == 0) return out;
  out += ':';
  out += std::to_string(position.line);
  if (position.column == 0) return out;
  out += ':';
  out += std::to_string(position.column);
  return out;
}

}  // namespace driftlint
