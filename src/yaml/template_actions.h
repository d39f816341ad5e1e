// Go and Jinja templates that are not YAML yet: `{{ ... }}` or `{% ... %}`
// where YAML would start a node (a key, a bare value, a line of its own such
// as `{{- if .Values.x }}`). Found with the YAML scanner, so an action inside
// a quoted string, a block scalar or a plain scalar (`name: app-{{ .Name }}`,
// Argo's `"{{inputs.parameters.x}}"`, alert text in `description: |`) is data
// and not an action. Terraform `templatefile` actions count where they break
// the YAML: on the line the scanner fails at, a `%{ ... }` directive, a
// `${f(...)}` call or a `${...}` that is the whole line (a plain `${VAR}`
// there is not: Flux substitutes those after parsing, so the error is real).
// A text that parses as JSON (a Grafana dashboard) holds no action: its
// `{{` can only be inside strings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace driftlint::yaml {

struct TemplateAction {
  uint32_t line = 0;    // 1-based
  uint32_t column = 0;  // 1-based
  std::string excerpt;  // the action's line from it on, shortened
};

// Bumped whenever find_template_action finds something else: the parse
// cache keeps its answer per file, so a cache made before is not read.
// 2: Terraform templatefile actions; 3: a text that parses as JSON has none.
constexpr int kTemplateActionsVersion = 3;

// The first template action of a text, if any.
std::optional<TemplateAction> find_template_action(std::string_view text);

}  // namespace driftlint::yaml
