#include "model/embedded_yaml.h"

#include "yaml/template_actions.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace driftlint {

namespace {

// The text of a literal block scalar, each line indented as in the file (it
// starts on the line after the `|`: the parse's line_offset).
std::string block_layout(yaml::Node key, std::string_view text) {
  yaml::Position at = key.position();
  std::string out;
  std::string indent(at.column > 0 ? at.column - 1 + 2 : 2, ' ');
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) out.append(indent).append(text.substr(start, end - start));
    out += '\n';
    start = end + 1;
  }
  return out;
}

// A one-line string at its column (its line is the parse's line_offset).
std::string line_layout(yaml::Node scalar, std::string_view text) {
  yaml::Position at = scalar.position();
  std::string out(at.column > 0 ? at.column - 1 + (scalar.quoted() ? 1 : 0) : 0, ' ');
  out.append(text);
  out += '\n';
  return out;
}

// Lines of `text` up to its last one with content.
uint32_t lines_used(std::string_view text) {
  size_t last = text.find_last_not_of(" \n");
  if (last == std::string_view::npos) return 0;
  return static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(last), '\n')) + 1;
}

// Whether a string with line breaks is a block scalar whose text fills the
// lines after it: the tree keeps no style, but a quoted string whose breaks
// are escapes (`"kind: Pod\nspec: ..."`, as JSON writes it) sits on one line,
// and the next node of the file comes right after it.
bool fills_following_lines(yaml::Node scalar, std::string_view text) {
  yaml::Node next = scalar.tree()->next_in_text(scalar);
  if (!next) return true;
  yaml::Position at = next.position();
  return at.line == 0 || at.line > scalar.position().line + lines_used(text);
}

}  // namespace

std::shared_ptr<const yaml::ParsedFile> parse_embedded_yaml(yaml::Node key, yaml::Node scalar) {
  std::optional<std::string_view> text = scalar.as_string();
  if (!text || text->empty()) return nullptr;
  bool lines = text->find('\n') != std::string_view::npos;
  if (lines && !fills_following_lines(scalar, *text)) return nullptr;
  if (yaml::find_template_action(*text)) return nullptr;  // YAML only once Argo substitutes it
  std::string laid_out = lines ? block_layout(key, *text) : line_layout(scalar, *text);
  yaml::ParseLimits limits;
  uint32_t line = scalar.position().line;
  limits.line_offset = lines ? line : (line > 0 ? line - 1 : 0);
  limits.positions_unknown = line == 0;
  auto parsed = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml(laid_out, limits));
  if (parsed->error || parsed->out_of_memory) return nullptr;
  return parsed;
}

}  // namespace driftlint
