// The substitution Argo CD uses when an ApplicationSet does not set
// `goTemplate: true` (valyala/fasttemplate, applicationset/utils/utils.go
// Render.Replace): every `{{ name }}` whose trimmed name is a parameter
// holding a string is replaced by it; any other tag stays as written,
// braces included. A text with no "{{ ... }}" on one line is left alone;
// a "{{" without a later "}}" is an error.
#pragma once

#include <string>
#include <string_view>

#include "gotemplate/template_value.h"
#include "base/expected.h"

namespace driftlint {

Expected<std::string> render_fast_template(std::string_view text, const TemplateValue& params);

}  // namespace driftlint
