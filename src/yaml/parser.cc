#include "yaml/parser.h"

#include <exception>
#include <new>

#include "yaml/tree_builder.h"

namespace driftlint::yaml {

std::optional<YamlEngine> parse_yaml_engine(std::string_view name) {
  if (name == "libyaml") return YamlEngine::Libyaml;
  if (name == "yaml-cpp") return YamlEngine::YamlCpp;
  return std::nullopt;
}

ParsedFile parse_yaml(std::string_view text, const ParseLimits& limits) {
  ParsedFile out;
  TreeBuilder builder(out, limits);
  try {
    if (limits.engine == YamlEngine::YamlCpp) {
      parse_with_yaml_cpp(text, builder, out);
    } else {
      parse_with_libyaml(text, builder, out);
    }
  } catch (const std::bad_alloc&) {
    ParsedFile none;  // drop what was built: memory is what is short
    none.out_of_memory = true;
    return none;
  } catch (const std::exception& e) {
    out.error = SyntaxError{{}, std::string("cannot parse: ") + e.what()};
  }
  out.tree = builder.tree();
  return out;
}

}  // namespace driftlint::yaml
