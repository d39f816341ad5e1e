// The parts of the Go template engine around its executor
// (go_template_exec.cc): options, parsing, argument types.
#include "gotemplate/go_template.h"

#include "gotemplate/go_template_ast.h"

namespace driftlint {

namespace gotmpl {

const char* arg_type_name(ArgType t) {
  switch (t) {
    case ArgType::Any: return "interface {}";
    case ArgType::Value: return "reflect.Value";
    case ArgType::String: return "string";
    case ArgType::Int: return "int";
    case ArgType::Bool: return "bool";
    case ArgType::Float: return "float64";
    case ArgType::Map: return "map[string]interface {}";
    case ArgType::List: return "[]interface {}";
  }
  return "?";
}

bool arg_type_fits(const TemplateValue& v, ArgType t) {
  switch (t) {
    case ArgType::String: return v.is(TemplateValue::Kind::String);
    case ArgType::Int: return v.is(TemplateValue::Kind::Int);
    case ArgType::Bool: return v.is(TemplateValue::Kind::Bool);
    case ArgType::Float: return v.is(TemplateValue::Kind::Float);
    case ArgType::Map: return v.is(TemplateValue::Kind::Map);
    case ArgType::List: return v.is(TemplateValue::Kind::List);
    default: return true;
  }
}

}  // namespace gotmpl

Expected<GoTemplateOptions> parse_go_template_options(const std::vector<std::string>& options) {
  GoTemplateOptions out;
  for (const std::string& option : options) {
    if (option == "missingkey=default" || option == "missingkey=invalid") {
      out.missing_key = MissingKey::Invalid;
    } else if (option == "missingkey=zero") {
      out.missing_key = MissingKey::Zero;
    } else if (option == "missingkey=error") {
      out.missing_key = MissingKey::Error;
    } else {
      return Error{"unrecognized goTemplateOptions entry \"" + option + "\""};
    }
  }
  return out;
}

Expected<GoTemplate> GoTemplate::parse(std::string_view text) {
  Expected<std::vector<gotmpl::Token>> tokens = gotmpl::lex(text);
  if (!tokens) return tokens.error();
  Expected<std::vector<gotmpl::Node>> nodes = gotmpl::parse(*tokens, gotmpl::template_functions());
  if (!nodes) return nodes.error();
  GoTemplate t;
  t.root_ = std::make_shared<const std::vector<gotmpl::Node>>(std::move(*nodes));
  return t;
}

Expected<std::string> render_go_template(std::string_view text, const TemplateValue& data,
                                         const GoTemplateOptions& options) {
  Expected<GoTemplate> t = GoTemplate::parse(text);
  if (!t) return t.error();
  return t->execute(data, options);
}

}  // namespace driftlint
