// Every way a finding can be silenced, with a reason but never silently:
// `# driftlint:ignore` comments (line, document, file), the
// `driftlint.io/ignore` annotation on an object, and `ignore:` entries in the
// configuration. The engine applies them to findings and counts their use;
// the suppression rules report those without a reason, with unknown rule
// ids, or (on request) matching nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <map>
#include <string>
#include <vector>

#include "config/config.h"
#include "lint/finding.h"
#include "load/loader.h"

namespace driftlint {

struct Suppression {
  enum class Form { Comment, Annotation, Config };
  Form form = Form::Comment;
  std::vector<std::string> rules;  // empty or "*": every rule
  std::string reason;
  // Where it is written: a loaded file (comment, annotation) or the config.
  std::optional<uint32_t> file;
  uint32_t line = 0, column = 0;
  std::string origin;  // "driftlint.yaml:12:3" for config entries
  // What it covers in its file (comment, annotation).
  uint32_t from_line = 0, to_line = 0;
  bool whole_file = false;           // a driftlint:ignore-file comment
  const Manifest* object = nullptr;  // the annotated object
  const IgnoreEntry* config = nullptr;
  size_t used = 0;

  bool in_source() const { return form != Form::Config; }
  std::string describe() const;  // "comment at infra/x.yaml:4", "ignore entry at driftlint.yaml:12:3"
};

class SuppressionIndex {
 public:
  SuppressionIndex(const LoadResult& load, const Config& config);

  // Marks the finding suppressed by the first suppression covering it.
  void apply(Finding& finding);

  const std::vector<Suppression>& all() const { return suppressions_; }
  // The in-source suppressions (comments and annotations), counted by
  // suppression_key: what a pull-request run's base had, for
  // config-weakened. Kept with the base's findings, so a kept base is not
  // loaded at all.
  std::map<std::string, size_t> in_source_by_key() const;

 private:
  bool covers(const Suppression& s, const Finding& f) const;
  const LoadResult& load_;
  std::vector<Suppression> suppressions_;
};

// A suppression written in a manifest, by its file, form, rules and reason
// (not its line: lines shift).
std::string suppression_key(const LoadResult& load, const Suppression& s);

// The annotation that suppresses findings on an object.
constexpr std::string_view kIgnoreAnnotation = "driftlint.io/ignore";
constexpr std::string_view kIgnoreReasonAnnotation = "driftlint.io/ignore-reason";

}  // namespace driftlint
