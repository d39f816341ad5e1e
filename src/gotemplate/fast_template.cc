#include "gotemplate/fast_template.h"

#include "base/strings.h"

namespace driftlint {

namespace {

// Go's regexp ".*{{.*}}.*": a "{{" followed by "}}" on the same line.
bool looks_templated(std::string_view text) {
  size_t open = text.find("{{");
  while (open != std::string_view::npos) {
    size_t close = text.find("}}", open + 2);
    size_t line_end = text.find('\n', open);
    if (close != std::string_view::npos && (line_end == std::string_view::npos || close < line_end)) return true;
    open = text.find("{{", line_end == std::string_view::npos ? text.size() : line_end);
  }
  return false;
}

}  // namespace

Expected<std::string> render_fast_template(std::string_view text, const TemplateValue& params) {
  if (!looks_templated(text)) return std::string(text);
  std::string out;
  std::string_view rest = text;
  while (true) {
    size_t open = rest.find("{{");
    if (open == std::string_view::npos) {
      out += rest;
      break;
    }
    out += rest.substr(0, open);
    rest = rest.substr(open + 2);
    size_t close = rest.find("}}");
    if (close == std::string_view::npos) {
      return Error{"invalid template: cannot find end tag=\"}}\" in the template=" + quote_for_message(text)};
    }
    std::string_view tag = rest.substr(0, close);
    rest = rest.substr(close + 2);
    std::string_view name = trim(tag);
    const TemplateValue* value = params.find(name);
    if (!name.empty() && value && value->is(TemplateValue::Kind::String)) {
      out += value->str();
    } else {
      out += "{{" + std::string(tag) + "}}";
    }
  }
  return out;
}

}  // namespace driftlint
