#include "render/helm_template_lines.h"

#include <cstdlib>

#include "base/strings.h"

namespace driftlint {

namespace {

std::string_view unquoted(std::string_view text) {
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
    return text.substr(1, text.size() - 2);
  }
  return text;
}

// "key: value" (the key plain or quoted, never templated): the key and the value.
bool split_key(std::string_view content, std::string& key, std::string& value) {
  size_t colon = std::string_view::npos;
  if (!content.empty() && (content.front() == '"' || content.front() == '\'')) {
    size_t close = content.find(content.front(), 1);
    if (close == std::string_view::npos || close + 1 >= content.size() || content[close + 1] != ':') return false;
    colon = close + 1;
  } else {
    for (size_t i = 0; i < content.size(); ++i) {
      char c = content[i];
      if (c == ' ' || c == '{' || c == '}' || c == '#') return false;
      if (c == ':' && (i + 1 == content.size() || content[i + 1] == ' ')) {
        colon = i;
        break;
      }
    }
  }
  if (colon == std::string_view::npos || colon == 0) return false;
  key = std::string(unquoted(content.substr(0, colon)));
  value = std::string(trim(content.substr(colon + 1)));
  return true;
}

}  // namespace

HelmTemplateLines::HelmTemplateLines(std::string_view text) {
  documents_.emplace_back();
  uint32_t number = 0;
  for (std::string_view raw : split(text, '\n')) {
    ++number;
    std::string_view line = raw;
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t')) line.remove_suffix(1);
    size_t indent = line.find_first_not_of(' ');
    if (indent == std::string_view::npos) continue;
    std::string_view rest = line.substr(indent);
    if (indent == 0 && rest.starts_with("---")) {
      documents_.back().end = lines_.size();
      documents_.push_back({lines_.size(), lines_.size(), ""});
      continue;
    }
    if (rest.starts_with("#") || rest.starts_with("{{")) continue;  // comments, actions on lines of their own
    Line l;
    l.number = number;
    l.indent = static_cast<int>(indent);
    if (rest == "-" || rest.starts_with("- ")) {
      l.item = true;
      l.item_indent = l.indent;
      size_t content = rest.find_first_not_of(' ', 1);
      rest = content == std::string_view::npos ? std::string_view() : rest.substr(content);
      l.indent += static_cast<int>(content == std::string_view::npos ? 2 : content);
    }
    split_key(rest, l.key, l.value);
    if (!l.item && l.indent == 0 && l.key == "kind" && l.value.find("{{") == std::string::npos) {
      documents_.back().kind = std::string(unquoted(l.value));
    }
    lines_.push_back(std::move(l));
  }
  documents_.back().end = lines_.size();
}

size_t HelmTemplateLines::block_end(size_t at, size_t end, int indent) const {
  for (size_t i = at; i < end; ++i) {
    const Line& l = lines_[i];
    if ((l.item ? l.item_indent : l.indent) <= indent) return i;
  }
  return end;
}

std::optional<size_t> HelmTemplateLines::find_key(size_t from, size_t end, int parent, std::string_view key) const {
  if (from >= end) return std::nullopt;
  int child = lines_[from].indent;
  for (size_t i = from; i < end; ++i) {
    const Line& l = lines_[i];
    if ((l.item && i != from ? l.item_indent : l.indent) <= parent) return std::nullopt;
    if (l.indent == child && l.key == key) return i;
  }
  return std::nullopt;
}

std::optional<size_t> HelmTemplateLines::find_item(size_t from, size_t end, int parent, std::string_view id) const {
  std::vector<size_t> items;
  int item_indent = -1;
  for (size_t i = from; i < end; ++i) {
    const Line& l = lines_[i];
    if ((l.item ? l.item_indent : l.indent) <= parent) break;
    if (!l.item || (item_indent >= 0 && l.item_indent != item_indent)) continue;
    item_indent = l.item_indent;
    items.push_back(i);
  }
  if (items.empty()) return std::nullopt;
  std::string_view inner = id.substr(1, id.size() - 2);
  char* end_of_number = nullptr;
  std::string inner_text(inner);
  unsigned long index = std::strtoul(inner_text.c_str(), &end_of_number, 10);
  bool numeric = !inner_text.empty() && end_of_number && *end_of_number == '\0';
  if (numeric) return items[std::min<size_t>(index, items.size() - 1)];  // fewer lines: a `range` makes them
  for (size_t i : items) {
    if (lines_[i].key == "name" && unquoted(lines_[i].value) == inner) return i;
  }
  if (items.size() == 1) return items.front();  // one item line: a `range` writes every element
  std::optional<size_t> templated;  // else the one element whose name a template writes
  for (size_t i : items) {
    if (lines_[i].key != "name" || lines_[i].value.find("{{") == std::string::npos) continue;
    if (templated) return std::nullopt;
    templated = i;
  }
  return templated;
}

std::optional<SourcePosition> HelmTemplateLines::locate(std::string_view kind, const std::vector<std::string>& field) const {
  const Document* document = nullptr;
  for (const Document& d : documents_) {
    if (d.first < d.end && d.kind == kind) document = &d;
    if (document) break;
  }
  for (const Document& d : documents_) {
    if (!document && d.first < d.end && d.kind.empty()) document = &d;
  }
  if (!document) return std::nullopt;
  size_t from = document->first, end = document->end, at = document->first;
  int parent = -1;
  for (const std::string& segment : field) {
    if (at != document->first && lines_[at].key != "" && !lines_[at].value.empty() && !lines_[at].item &&
        lines_[at].value[0] != '|' && lines_[at].value[0] != '>') {
      break;  // the rest is written inline on this line (a flow map or list, or a template)
    }
    std::optional<size_t> found = segment.starts_with("[") ? find_item(from, end, parent, segment)
                                                           : find_key(from, end, parent, segment);
    if (!found) return std::nullopt;
    at = *found;
    const Line& l = lines_[at];
    if (segment.starts_with("[")) {
      parent = l.item_indent;
      from = at;  // the item's first key is on its own line
      end = block_end(at + 1, end, parent);
    } else if (at + 1 < end && lines_[at + 1].item && lines_[at + 1].item_indent == l.indent) {
      // A list written at its key's indentation ("containers:\n- name: x"): its items, and what they hold.
      size_t last = at + 1;
      while (last < end && ((lines_[last].item && lines_[last].item_indent == l.indent) || lines_[last].indent > l.indent)) ++last;
      parent = l.indent - 1;
      from = at + 1;
      end = last;
    } else {
      parent = l.indent;
      from = at + 1;
      end = block_end(from, end, parent);
    }
  }
  const Line& l = lines_[at];
  return SourcePosition{l.number, static_cast<uint32_t>(l.indent + 1)};
}

}  // namespace driftlint
