#include "lint/suppression_findings.h"

#include <cstdlib>

namespace driftlint {

Finding suppression_finding(const Rule& rule, const LintContext& context, const Suppression& s, std::string message) {
  if (s.file) return rule.finding_in_file(context, context.load.files[*s.file], {s.line, s.column}, std::move(message));
  return config_finding(rule, s.origin, std::move(message));
}

Finding config_finding(const Rule& rule, const std::string& origin, std::string message) {
  Finding f;
  f.rule = rule.info().id;
  f.severity = rule.info().default_severity;
  f.hint = rule.info().hint;
  f.message = std::move(message);
  size_t col = origin.rfind(':');
  size_t line = col == std::string::npos ? std::string::npos : origin.rfind(':', col - 1);
  if (line != std::string::npos) {
    f.path = origin.substr(0, line);
    f.line = static_cast<uint32_t>(std::strtoul(origin.c_str() + line + 1, nullptr, 10));
    f.column = static_cast<uint32_t>(std::strtoul(origin.c_str() + col + 1, nullptr, 10));
  } else {
    f.path = origin;
  }
  return f;
}

}  // namespace driftlint
