#include "lint/finding.h"

#include <tuple>

namespace driftlint {

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Notice:
      return "notice";
  }
  return "error";
}

std::optional<Severity> parse_severity(std::string_view text) {
  if (text == "error") return Severity::Error;
  if (text == "warning") return Severity::Warning;
  if (text == "notice") return Severity::Notice;
  return std::nullopt;
}

bool finding_less(const Finding& a, const Finding& b) {
  auto key = [](const Finding& f) {
    return std::make_tuple(f.repo.has_value(), f.repo ? std::string_view(*f.repo) : "",
                           f.path.has_value(), f.path ? std::string_view(*f.path) : "", f.line,
                           f.column, std::string_view(f.rule), std::string_view(f.message));
  };
  return key(a) < key(b);
}

}  // namespace driftlint
