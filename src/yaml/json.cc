#include "yaml/json.h"

#include <nlohmann/json.hpp>

namespace driftlint::yaml {

namespace {

nlohmann::json convert(Node node, int depth) {
  if (!node.valid() || depth < 0) return nullptr;
  if (node.is_map()) {
    nlohmann::json out = nlohmann::json::object();
    for (auto [k, v] : node.entries()) out[std::string(k.text())] = convert(v, depth - 1);
    return out;
  }
  if (node.is_sequence()) {
    nlohmann::json out = nlohmann::json::array();
    for (Node e : node.elements()) out.push_back(convert(e, depth - 1));
    return out;
  }
  if (node.is_null()) return nullptr;
  if (auto b = node.as_bool()) return *b;
  if (auto i = node.as_int()) return *i;
  if (auto d = node.as_number()) return *d;
  return std::string(node.text());
}

}  // namespace

nlohmann::json to_json(Node node, int max_depth) { return convert(node, max_depth); }

}  // namespace driftlint::yaml

namespace driftlint {

std::string display_value(yaml::Node node, size_t max_length) {
  if (!node.valid()) return "(absent)";
  std::string text = yaml::to_json(node, 32).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (text.size() > max_length) {
    size_t cut = max_length;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 characters
    text = text.substr(0, cut) + "...";
  }
  return text;
}

}  // namespace driftlint
