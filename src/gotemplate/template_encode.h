// Text encodings of template values as the Go libraries behind Argo CD's
// template functions write them: encoding/json (Sprig's toJson), the YAML
// that sigs.k8s.io/yaml.Marshal writes (Argo CD's toYaml), strconv.Quote
// (quote, printf %q) and base64 (b64enc, b64dec).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gotemplate/template_value.h"
#include "base/expected.h"

namespace driftlint {

struct JsonStyle {
  bool escape_html = true;  // json.Marshal writes <, >, & as \u003c...; toRawJson does not
  std::string indent;       // "" compact; "  " for toPrettyJson (json.MarshalIndent)
};

// encoding/json's text: keys sorted, floats as Go writes them.
std::string to_json(const TemplateValue& value, const JsonStyle& style = {});

// sigs.k8s.io/yaml.Marshal: block style, keys sorted, lists not indented
// under their key (go-yaml v2), strings quoted when YAML would read them as
// something else; without the final newline (Argo CD's toYaml trims it).
std::string to_yaml(const TemplateValue& value);

// Parses YAML (or JSON) text into a value; an error for text that does not parse.
Expected<TemplateValue> value_from_yaml_text(std::string_view text);

// strconv.Quote: "..." with Go's escapes.
std::string go_quote(std::string_view text);

std::string base64_encode(std::string_view bytes);
// nullopt when the text is not standard base64.
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace driftlint
