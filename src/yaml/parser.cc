#include "yaml/parser.h"

#include <exception>
#include <new>

#include "yaml/libyaml_source.h"
#include "yaml/tree_builder.h"

namespace driftlint::yaml {

std::optional<YamlEngine> parse_yaml_engine(std::string_view name) {
  if (name == "libyaml") return YamlEngine::Libyaml;
  if (name == "yaml-cpp") return YamlEngine::YamlCpp;
  return std::nullopt;
}

namespace {

void parse_with_yaml_cpp_engine(std::string_view text, const ParseLimits& limits, ParsedFile& out) {
  TreeBuilder builder(out, limits);
  try {
    parse_with_yaml_cpp(text, builder, out);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    out.error = SyntaxError{{}, std::string("cannot parse: ") + e.what()};
  }
  out.tree = builder.tree();
}

void parse_with_libyaml_engine(std::string_view text, const ParseLimits& limits, ParsedFile& out) {
  TreeBuilder builder(out, limits);
  try {
    parse_with_libyaml(text, builder, out);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    out.error = SyntaxError{{}, std::string("cannot parse: ") + e.what()};
  }
  out.tree = builder.tree();
}

}  // namespace

ParsedFile parse_yaml(std::string_view text, const ParseLimits& limits) {
  ParsedFile out;
  try {
    if (limits.engine == YamlEngine::YamlCpp) {
      parse_with_yaml_cpp_engine(text, limits, out);
    } else {
      parse_with_libyaml_engine(text, limits, out);
    }
  } catch (const std::bad_alloc&) {
    ParsedFile none;  // drop what was built: memory is what is short
    none.out_of_memory = true;
    return none;
  }
  return out;
}

}  // namespace driftlint::yaml
