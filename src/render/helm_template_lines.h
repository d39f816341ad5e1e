// Where a Helm template writes a field of the object it makes: the template
// is not YAML until it runs, but its lines are laid out as the output is, so
// a field is found by its keys, block by block, by indentation (template
// actions on lines of their own are skipped). A field a helper or a
// `toYaml` writes has no line of its own: the caller falls back to the
// nearest enclosing field that has one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_position.h"

namespace driftlint {

class HelmTemplateLines {
 public:
  explicit HelmTemplateLines(std::string_view text);

  // The line of the field (keys, and "[name]" or "[index]" for list
  // elements) in the document of the template that makes an object of
  // `kind`; the document's first line for the object itself.
  std::optional<SourcePosition> locate(std::string_view kind, const std::vector<std::string>& field) const;

 private:
  struct Line {
    uint32_t number = 0;
    int indent = 0;        // of the key (after "- " on a list item's line)
    bool item = false;     // starts with "- "
    int item_indent = 0;   // of the "-"
    std::string key;       // "" when the line holds no plain key
    std::string value;     // what follows "key:", trimmed
  };
  struct Document {
    size_t first = 0, end = 0;  // lines_[first, end)
    std::string kind;           // as written, when literal
  };
  std::optional<size_t> find_key(size_t from, size_t end, int parent, std::string_view key) const;
  std::optional<size_t> find_item(size_t from, size_t end, int parent, std::string_view id) const;
  size_t block_end(size_t at, size_t end, int indent) const;

  std::vector<Line> lines_;
  std::vector<Document> documents_;
};

}  // namespace driftlint
