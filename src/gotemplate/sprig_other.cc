// Sprig's defaults, encodings, types, math and path functions, Argo CD's
// toYaml / fromYaml / fromYamlArray, and the table every template is parsed
// against (Argo CD's FuncMap: Sprig's GenericFuncMap without env,
// expandenv and getHostByName, plus its own).
#include <algorithm>
#include <cmath>
#include <set>

#include "gotemplate/go_template_ast.h"
#include "gotemplate/template_encode.h"
#include "yaml/scalar.h"

#include <nlohmann/json.hpp>

namespace driftlint::gotmpl {

using Kind = TemplateValue::Kind;
using Args = std::vector<TemplateValue>;
using R = Expected<TemplateValue>;

int64_t sprig_int64(const TemplateValue& v) {
  switch (v.kind()) {
    case Kind::Int: return v.as_int();
    case Kind::Float: {
      // Go's int64(f) on amd64 gives the minimum for a value out of range; the C++ cast is undefined.
      double f = v.as_float();
      if (!std::isfinite(f)) return 0;
      return f >= -9.2233720368547758e18 && f < 9.2233720368547758e18 ? static_cast<int64_t>(f) : INT64_MIN;
    }
    case Kind::Bool: return v.as_bool() ? 1 : 0;
    case Kind::String: {
      // cast.ToInt64: "10.0" reads as 10, anything that is not a Go integer as 0.
      std::string s = v.str();
      size_t dot = s.find('.');
      if (dot != std::string::npos && s.find_first_not_of('0', dot + 1) == std::string::npos) s.resize(dot);
      return yaml::parse_go_int(s).value_or(0);
    }
    default: return 0;
  }
}

double sprig_float64(const TemplateValue& v) {
  switch (v.kind()) {
    case Kind::Int:
    case Kind::Float: return v.as_float();
    case Kind::Bool: return v.as_bool() ? 1 : 0;
    case Kind::String: {
      char* end = nullptr;
      double d = std::strtod(v.str().c_str(), &end);
      return end && *end == '\0' && !v.str().empty() ? d : 0;
    }
    default: return 0;
  }
}

namespace {

TemplateValue str(std::string s) { return TemplateValue::string(std::move(s)); }
TemplateValue i64(int64_t n) { return TemplateValue::integer(n); }

std::string kind_name(const TemplateValue& v) {
  if (v.is_nil()) return "invalid";
  if (v.is(Kind::List)) return "slice";
  if (v.is(Kind::Map)) return "map";
  return go_type_name(v);
}

R arithmetic(Args& a, char op) {
  int64_t x = sprig_int64(a[0]);
  for (size_t i = 1; i < a.size(); ++i) {
    int64_t y = sprig_int64(a[i]);
    // Go's int64 arithmetic wraps (two's complement); C++'s signed overflow is undefined.
    auto ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
    switch (op) {
      case '+': x = static_cast<int64_t>(ux + uy); break;
      case '-': x = static_cast<int64_t>(ux - uy); break;
      case '*': x = static_cast<int64_t>(ux * uy); break;
      case '/':
      case '%':
        if (y == 0) return Error{"runtime error: integer divide by zero"};
        if (y == -1) x = op == '/' ? static_cast<int64_t>(~ux + 1) : 0;  // INT64_MIN / -1 wraps in Go
        else x = op == '/' ? x / y : x % y;
        break;
      case '>': x = std::max(x, y); break;
      case '<': x = std::min(x, y); break;
    }
  }
  return i64(x);
}

R from_yaml(Args& a, bool want_list) {
  Expected<TemplateValue> v = value_from_yaml_text(a[0].str());
  if (!v) return v.error();
  if (v->is(Kind::Null)) return want_list ? TemplateValue::list() : TemplateValue::map();
  if (want_list != v->is(Kind::List) || (!want_list && !v->is(Kind::Map))) {
    const char* json_kind = v->is(Kind::List) ? "array" : v->is(Kind::Map) ? "object" : v->is(Kind::String) ? "string"
                            : v->is(Kind::Bool) ? "bool" : "number";
    return Error{std::string("error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ") + json_kind +
                 " into Go value of type " + (want_list ? "[]interface {}" : "map[string]interface {}")};
  }
  return v;
}

// Go's path.Clean.
std::string clean_path(const std::string& p) {
  if (p.empty()) return ".";
  bool rooted = p[0] == '/';
  std::vector<std::string> parts;
  size_t at = 0;
  while (at <= p.size()) {
    size_t slash = p.find('/', at);
    std::string part = p.substr(at, slash == std::string::npos ? std::string::npos : slash - at);
    if (part == "..") {
      if (!parts.empty() && parts.back() != "..") parts.pop_back();
      else if (!rooted) parts.push_back(part);
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  std::string out = rooted ? "/" : "";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
  return out.empty() ? "." : out;
}

std::string base_of(std::string p) {
  if (p.empty()) return ".";
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  size_t slash = p.rfind('/');
  if (slash != std::string::npos && p.size() > 1) p = p.substr(slash + 1);
  return p.empty() ? "/" : p;
}

std::string dir_of(const std::string& p) {
  size_t slash = p.rfind('/');
  return clean_path(slash == std::string::npos ? "" : p.substr(0, slash + 1));
}

std::string ext_of(const std::string& p) {
  for (size_t i = p.size(); i > 0 && p[i - 1] != '/'; --i) {
    if (p[i - 1] == '.') return p.substr(i - 1);
  }
  return "";
}

void add_defaults_and_encodings(FunctionTable& t) {
  using A = ArgType;
  t["default"] = {{A::Any, A::Any}, true, [](Args& a) -> R { return a.size() < 2 || !go_truth(a[1]) ? a[0] : a[1]; }};
  t["empty"] = {{A::Any}, false, [](Args& a) -> R { return TemplateValue::boolean(!go_truth(a[0])); }};
  t["coalesce"] = {{A::Any}, true, [](Args& a) -> R {
    for (const TemplateValue& v : a) if (go_truth(v)) return v;
    return TemplateValue::null();
  }};
  t["all"] = {{A::Any}, true, [](Args& a) -> R { return TemplateValue::boolean(std::all_of(a.begin(), a.end(), go_truth)); }};
  t["any"] = {{A::Any}, true, [](Args& a) -> R { return TemplateValue::boolean(std::any_of(a.begin(), a.end(), go_truth)); }};
  t["ternary"] = {{A::Any, A::Any, A::Bool}, false, [](Args& a) -> R { return a[2].as_bool() ? a[0] : a[1]; }};
  t["fail"] = {{A::String}, false, [](Args& a) -> R { return Error{a[0].str()}; }};
  t["deepCopy"] = {{A::Any}, false, [](Args& a) -> R { return a[0].deep_copy(); }};
  t["deepEqual"] = {{A::Any, A::Any}, false, [](Args& a) -> R { return TemplateValue::boolean(deep_equal(a[0], a[1])); }};
  t["toJson"] = {{A::Any}, false, [](Args& a) -> R { return str(to_json(a[0])); }};
  t["toPrettyJson"] = {{A::Any}, false, [](Args& a) -> R { return str(to_json(a[0], {true, "  "})); }};
  t["toRawJson"] = {{A::Any}, false, [](Args& a) -> R { return str(to_json(a[0], {false, ""})); }};
  t["fromJson"] = {{A::String}, false, [](Args& a) -> R {
    // Sprig swallows json.Unmarshal's error: no value.
    if (!nlohmann::json::accept(a[0].str())) return TemplateValue::null();
    Expected<TemplateValue> v = value_from_yaml_text(a[0].str());
    return v ? *v : TemplateValue::null();
  }};
  t["toYaml"] = {{A::Any}, false, [](Args& a) -> R { return str(to_yaml(a[0])); }};
  t["fromYaml"] = {{A::String}, false, [](Args& a) { return from_yaml(a, false); }};
  t["fromYamlArray"] = {{A::String}, false, [](Args& a) { return from_yaml(a, true); }};
  t["b64enc"] = {{A::String}, false, [](Args& a) -> R { return str(base64_encode(a[0].str())); }};
  t["b64dec"] = {{A::String}, false, [](Args& a) -> R {
    std::optional<std::string> d = base64_decode(a[0].str());
    return str(d ? *d : "illegal base64 data at input byte 0");  // Sprig returns the error's text
  }};
  t["typeOf"] = {{A::Any}, false, [](Args& a) -> R { return str(go_type_name(a[0])); }};
  t["kindOf"] = {{A::Any}, false, [](Args& a) -> R { return str(kind_name(a[0])); }};
  t["kindIs"] = {{A::String, A::Any}, false, [](Args& a) -> R { return TemplateValue::boolean(kind_name(a[1]) == a[0].str()); }};
  t["typeIs"] = {{A::String, A::Any}, false, [](Args& a) -> R { return TemplateValue::boolean(go_type_name(a[1]) == a[0].str()); }};
}

void add_math_and_paths(FunctionTable& t) {
  using A = ArgType;
  t["add"] = {{A::Any}, true, [](Args& a) -> R { return a.empty() ? i64(0) : arithmetic(a, '+'); }};
  t["add1"] = {{A::Any}, false, [](Args& a) -> R { return i64(static_cast<int64_t>(static_cast<uint64_t>(sprig_int64(a[0])) + 1)); }};
  t["sub"] = {{A::Any, A::Any}, false, [](Args& a) { return arithmetic(a, '-'); }};
  t["mul"] = {{A::Any, A::Any}, true, [](Args& a) { return arithmetic(a, '*'); }};
  t["div"] = {{A::Any, A::Any}, false, [](Args& a) { return arithmetic(a, '/'); }};
  t["mod"] = {{A::Any, A::Any}, false, [](Args& a) { return arithmetic(a, '%'); }};
  t["max"] = {{A::Any, A::Any}, true, [](Args& a) { return arithmetic(a, '>'); }};
  t["min"] = {{A::Any, A::Any}, true, [](Args& a) { return arithmetic(a, '<'); }};
  t["int"] = {{A::Any}, false, [](Args& a) -> R { return i64(sprig_int64(a[0])); }};
  t["int64"] = t["int"];
  t["float64"] = {{A::Any}, false, [](Args& a) -> R { return TemplateValue::number(sprig_float64(a[0])); }};
  t["atoi"] = {{A::String}, false, [](Args& a) -> R {
    const std::string& s = a[0].str();
    bool digits = !s.empty() && s.find_first_not_of("0123456789", s[0] == '-' || s[0] == '+' ? 1 : 0) == std::string::npos;
    return i64(digits && s.size() < 19 ? std::stoll(s) : 0);
  }};
  t["floor"] = {{A::Any}, false, [](Args& a) -> R { return TemplateValue::number(std::floor(sprig_float64(a[0]))); }};
  t["ceil"] = {{A::Any}, false, [](Args& a) -> R { return TemplateValue::number(std::ceil(sprig_float64(a[0]))); }};
  t["base"] = {{A::String}, false, [](Args& a) -> R { return str(base_of(a[0].str())); }};
  t["dir"] = {{A::String}, false, [](Args& a) -> R { return str(dir_of(a[0].str())); }};
  t["clean"] = {{A::String}, false, [](Args& a) -> R { return str(clean_path(a[0].str())); }};
  t["ext"] = {{A::String}, false, [](Args& a) -> R { return str(ext_of(a[0].str())); }};
  t["isAbs"] = {{A::String}, false, [](Args& a) -> R { return TemplateValue::boolean(!a[0].str().empty() && a[0].str()[0] == '/'); }};
}

// Sprig's `must...` twins return an error where the plain ones panic;
// inside a template both stop it with that message.
void add_aliases(FunctionTable& t) {
  static const char* twins[][2] = {
      {"mustFirst", "first"}, {"mustLast", "last"}, {"mustRest", "rest"}, {"mustInitial", "initial"},
      {"mustReverse", "reverse"}, {"mustUniq", "uniq"}, {"mustWithout", "without"}, {"mustHas", "has"},
      {"mustSlice", "slice"}, {"mustAppend", "append"}, {"mustPush", "push"}, {"mustPrepend", "prepend"},
      {"mustCompact", "compact"}, {"mustToJson", "toJson"}, {"mustToPrettyJson", "toPrettyJson"},
      {"mustToRawJson", "toRawJson"}, {"mustFromJson", "fromJson"}, {"mustDeepCopy", "deepCopy"},
      {"mustMerge", "merge"}, {"mustMergeOverwrite", "mergeOverwrite"}, {"mustRegexFind", "regexFind"},
      {"mustRegexFindAll", "regexFindAll"}, {"mustRegexReplaceAll", "regexReplaceAll"},
      {"mustRegexReplaceAllLiteral", "regexReplaceAllLiteral"}, {"mustRegexSplit", "regexSplit"},
      {"trimall", "trimAll"}, {"tuple", "list"}, {"biggest", "max"},
  };
  for (const auto& [alias, name] : twins) t[alias] = t.at(name);
}

}  // namespace

const FunctionTable& template_functions() {
  static const FunctionTable table = [] {
    FunctionTable t;
    add_go_builtins(t);
    add_sprig_strings(t);
    add_sprig_lists(t);
    add_sprig_regex(t);
    add_defaults_and_encodings(t);
    add_math_and_paths(t);
    add_aliases(t);
    return t;
  }();
  return table;
}

bool known_unsupported_function(std::string_view name) {
  // Sprig (v3) functions driftlint does not evaluate: time, randomness,
  // cryptography, network, and the rarely used rest. Argo CD removes env,
  // expandenv and getHostByName; those are "not defined" there too.
  static const std::set<std::string_view> names = {
      "ago", "date", "date_in_zone", "date_modify", "dateInZone", "dateModify", "duration", "durationRound",
      "htmlDate", "htmlDateInZone", "must_date_modify", "mustDateModify", "mustToDate", "now", "toDate",
      "unixEpoch", "abbrev", "abbrevboth", "initials", "randAlphaNum", "randAlpha", "randAscii", "randNumeric",
      "swapcase", "shuffle", "snakecase", "camelcase", "kebabcase", "wrap", "wrapWith", "plural", "untitle",
      "sha1sum", "sha256sum", "adler32sum", "seq", "toDecimal", "untilStep", "randInt", "add1f", "addf", "subf",
      "divf", "mulf", "maxf", "minf", "round", "typeIsLike", "osBase", "osClean", "osDir", "osExt", "osIsAbs",
      "b32enc", "b32dec", "chunk", "mustChunk", "bcrypt", "htpasswd", "genPrivateKey", "derivePassword",
      "buildCustomCert", "genCA", "genCAWithKey", "genSelfSignedCert", "genSelfSignedCertWithKey",
      "genSignedCert", "genSignedCertWithKey", "encryptAES", "decryptAES", "randBytes", "uuidv4", "semver",
      "semverCompare", "regexQuoteMeta", "urlParse", "urlJoin", "hello",
  };
  return names.count(name) > 0;
}

}  // namespace driftlint::gotmpl
