#include "model/quantity.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace driftlint {

std::optional<double> parse_quantity(std::string_view text) {
  if (text.empty() || text.size() > 64) return std::nullopt;
  size_t i = 0;
  if (text[i] == '+' || text[i] == '-') ++i;
  size_t digits_start = i;
  bool seen_digit = false;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    ++i;
    seen_digit = true;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      ++i;
      seen_digit = true;
    }
  }
  if (!seen_digit || digits_start > 1) return std::nullopt;
  std::string number(text.substr(0, i));
  std::string_view suffix = text.substr(i);
  double multiplier = 1;
  if (suffix.empty()) {
  } else if (suffix == "Ki") {
    multiplier = 1024.0;
  } else if (suffix == "Mi") {
    multiplier = std::pow(1024.0, 2);
  } else if (suffix == "Gi") {
    multiplier = std::pow(1024.0, 3);
  } else if (suffix == "Ti") {
    multiplier = std::pow(1024.0, 4);
  } else if (suffix == "Pi") {
    multiplier = std::pow(1024.0, 5);
  } else if (suffix == "Ei") {
    multiplier = std::pow(1024.0, 6);
  } else if (suffix == "n") {
    multiplier = 1e-9;
  } else if (suffix == "u") {
    multiplier = 1e-6;
  } else if (suffix == "m") {
    multiplier = 1e-3;
  } else if (suffix == "k") {
    multiplier = 1e3;
  } else if (suffix == "M") {
    multiplier = 1e6;
  } else if (suffix == "G") {
    multiplier = 1e9;
  } else if (suffix == "T") {
    multiplier = 1e12;
  } else if (suffix == "P") {
    multiplier = 1e15;
  } else if (suffix == "E") {
    multiplier = 1e18;
  } else if (suffix[0] == 'e' || suffix[0] == 'E') {
    std::string_view exponent = suffix.substr(1);
    size_t j = 0;
    if (j < exponent.size() && (exponent[j] == '+' || exponent[j] == '-')) ++j;
    if (j == exponent.size()) return std::nullopt;
    for (; j < exponent.size(); ++j) {
      if (exponent[j] < '0' || exponent[j] > '9') return std::nullopt;
    }
    multiplier = std::pow(10.0, std::atof(std::string(exponent).c_str()));
  } else {
    return std::nullopt;
  }
  return std::strtod(number.c_str(), nullptr) * multiplier;
}

}  // namespace driftlint
