#include "model/field_path.h"

#include <algorithm>
#include <cctype>

namespace driftlint {

Expected<FieldPathSpec> parse_field_path(std::string_view text) {
  FieldPathSpec spec;
  spec.text = std::string(text);
  size_t i = 0;
  auto error = [&](const std::string& what) {
    return Error{"field path '" + std::string(text) + "': " + what + " at character " + std::to_string(i + 1)};
  };
  if (text.empty()) return error("empty path");
  bool expect_key = true;
  while (i < text.size()) {
    char c = text[i];
    if (c == '.') {
      if (expect_key) return error("a key is missing");
      expect_key = true;
      ++i;
    } else if (c == '[') {
      size_t close = text.find(']', i);
      if (close == std::string_view::npos) return error("'[' is not closed");
      std::string_view inside = text.substr(i + 1, close - i - 1);
      FieldStep step;
      if (inside == "*") {
        step.kind = FieldStep::Kind::AnyElement;
      } else if (inside.size() >= 2 && (inside.front() == '"' || inside.front() == '\'') && inside.back() == inside.front()) {
        step.kind = FieldStep::Kind::Key;
        step.key = std::string(inside.substr(1, inside.size() - 2));
      } else if (!inside.empty() && std::all_of(inside.begin(), inside.end(), [](char d) { return std::isdigit(static_cast<unsigned char>(d)); })) {
        step.kind = FieldStep::Kind::Element;
        step.index = std::stoul(std::string(inside));
      } else {
        return error("expected [*], [N] or [\"key\"]");
      }
      spec.steps.push_back(std::move(step));
      expect_key = false;
      i = close + 1;
    } else {
      if (!expect_key) return error("expected '.' or '['");
      size_t start = i;
      while (i < text.size() && text[i] != '.' && text[i] != '[') {
        if (text[i] == ']') return error("']' without '['");
        ++i;
      }
      FieldStep step;
      step.key = std::string(text.substr(start, i - start));
      spec.steps.push_back(std::move(step));
      expect_key = false;
    }
  }
  if (expect_key) return error("the path ends with '.'");
  return spec;
}

namespace {

// `path` is the spelling so far, appended to and cut back as the walk goes
// (one string for the whole walk, not one per step).
void walk(const std::vector<FieldStep>& steps, size_t at, yaml::Node node, yaml::Node key, yaml::Node parent,
          std::string& path, std::vector<FieldMatch>& out) {
  if (at == steps.size()) {
    out.push_back({node, key, parent, path});
    return;
  }
  const FieldStep& step = steps[at];
  size_t spelt = path.size();
  bool last = at + 1 == steps.size();
  switch (step.kind) {
    case FieldStep::Kind::Key: {
      if (!node.is_map()) return;
      if (!path.empty()) path += '.';
      path += step.key;
      // Only the last step's key node is kept: looked up for it alone.
      if (yaml::Node value = node.get(step.key); value.valid()) {
        walk(steps, at + 1, value, last ? node.key_node(step.key) : yaml::Node(), node, path, out);
      } else if (last) {
        out.push_back({yaml::Node(), yaml::Node(), node, path});
      }
      break;
    }
    case FieldStep::Kind::AnyElement: {
      if (!node.is_sequence()) return;
      size_t i = 0;
      for (yaml::Node element : node.elements()) {
        path += '[' + std::to_string(i++) + ']';
        walk(steps, at + 1, element, yaml::Node(), node, path, out);
        path.resize(spelt);
      }
      break;
    }
    case FieldStep::Kind::Element:
      if (!node.is_sequence() || step.index >= node.size()) return;
      path += '[' + std::to_string(step.index) + ']';
      walk(steps, at + 1, node.element(step.index), yaml::Node(), node, path, out);
      break;
  }
  path.resize(spelt);
}

}  // namespace

std::vector<FieldMatch> resolve_field_path(const FieldPathSpec& path, yaml::Node root) {
  std::vector<FieldMatch> out;
  std::string spelt;
  walk(path.steps, 0, root, yaml::Node(), yaml::Node(), spelt, out);
  return out;
}

}  // namespace driftlint
