#include "yaml/json.h"

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
