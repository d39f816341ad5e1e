// What a rule reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/severity.h"

namespace driftlint {

struct ObjectRef {
  std::string api_version;
  std::string kind;
  std::string ns;
  std::string name;
};

// A drift finding's field and its two values, as JSON text (nullopt: that
// side does not set the field).
struct FieldValues {
  std::string field;  // "spec.replicas", as in the message
  std::optional<std::string> live;
  std::optional<std::string> desired;
};

struct Finding {
  std::string rule;
  Severity severity = Severity::Error;
  std::string message;
  std::string hint;
  std::optional<std::string> repo;
  std::optional<std::string> path;
  uint32_t line = 0;  // 0: none
  uint32_t column = 0;
  std::optional<ObjectRef> object;
  std::vector<std::string> apps;  // the Argo CD apps that apply the object (sorted)
  std::optional<FieldValues> drift;  // live-drift, self-heal-revert: what differs
  bool suppressed = false;
  // A pull-request run: the base revision has this finding too (not new).
  bool existing = false;
  std::string suppression;       // why, for suppressed findings
  std::string suppression_kind;  // SARIF's "inSource" (comment, annotation) or "external" (config)
};

// Sorts by (repo, path, line, column, rule, message): output is byte-identical run to run.
bool finding_less(const Finding& a, const Finding& b);

}  // namespace driftlint
