#include "model/severity.h"

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

}  // namespace driftlint
