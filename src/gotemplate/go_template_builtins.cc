// Go's text/template builtins (funcs.go): and, or, not, len, index, slice,
// eq, ne, lt, le, gt, ge, print, printf, println, urlquery, html, with Go's
// errors ("incompatible types for comparison", "index out of range: 3").
#include "gotemplate/go_strconv.h"
#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

namespace {

using Kind = TemplateValue::Kind;
using Args = std::vector<TemplateValue>;

// A nil interface is no value (Go's indirectInterface).
TemplateValue concrete(const TemplateValue& v) { return v.is(Kind::Null) ? TemplateValue() : v; }

enum class Basic { Invalid, Bool, Int, Float, String };

Basic basic(const TemplateValue& v) {
  switch (v.kind()) {
    case Kind::Bool: return Basic::Bool;
    case Kind::Int: return Basic::Int;
    case Kind::Float: return Basic::Float;
    case Kind::String: return Basic::String;
    default: return Basic::Invalid;
  }
}

Expected<TemplateValue> equal(Args& args) {
  TemplateValue a = concrete(args[0]);
  if (args.size() < 2) return Error{"missing argument for comparison"};
  for (size_t i = 1; i < args.size(); ++i) {
    TemplateValue b = concrete(args[i]);
    Basic ka = basic(a), kb = basic(b);
    bool truth = false;
    if (ka != kb) {
      if (!a.is_missing() && !b.is_missing()) return Error{"incompatible types for comparison"};
    } else if (ka == Basic::Invalid) {
      if (a.is_missing() || b.is_missing()) {
        truth = a.is_missing() && b.is_missing();
      } else {
        return Error{"non-comparable type " + go_format(b) + ": " + go_type_name(b)};
      }
    } else {
      truth = deep_equal(a, b);
    }
    if (truth) return TemplateValue::boolean(true);
  }
  return TemplateValue::boolean(false);
}

Expected<bool> less(const TemplateValue& x, const TemplateValue& y) {
  TemplateValue a = concrete(x), b = concrete(y);
  Basic ka = basic(a), kb = basic(b);
  if (ka == Basic::Invalid || kb == Basic::Invalid) return Error{"invalid type for comparison"};
  if (ka != kb) return Error{"incompatible types for comparison"};
  switch (ka) {
    case Basic::Int: return a.as_int() < b.as_int();
    case Basic::Float: return a.as_float() < b.as_float();
    case Basic::String: return a.str() < b.str();
    default: return Error{"invalid type for comparison"};
  }
}

Expected<TemplateValue> compare(Args& args, bool want_less, bool or_equal) {
  Expected<bool> lt = less(args[0], args[1]);
  if (!lt) return lt.error();
  bool result = *lt;
  if (or_equal || !want_less) {
    Expected<TemplateValue> eq = equal(args);
    if (!eq) return eq;
    bool le = *lt || eq->as_bool();
    result = want_less ? le : (or_equal ? !*lt : !le);
  }
  return TemplateValue::boolean(result);
}

Expected<int64_t> index_number(const TemplateValue& index, size_t size) {
  TemplateValue i = concrete(index);
  if (i.is_missing()) return Error{"cannot index slice/array with nil"};
  if (!i.is(Kind::Int)) return Error{"cannot index slice/array with type " + go_type_name(i)};
  if (i.as_int() < 0 || static_cast<uint64_t>(i.as_int()) > size) return Error{"index out of range: " + std::to_string(i.as_int())};
  return i.as_int();
}

Expected<TemplateValue> index(Args& args) {
  TemplateValue item = concrete(args[0]);
  if (item.is_missing()) return Error{"index of untyped nil"};
  for (size_t n = 1; n < args.size(); ++n) {
    if (item.is(Kind::Null)) return Error{"index of nil pointer"};
    TemplateValue key = concrete(args[n]);
    if (item.is(Kind::List) || item.is(Kind::String)) {
      size_t size = item.is(Kind::List) ? item.items().size() : item.str().size();
      Expected<int64_t> i = index_number(key, size);
      if (!i) return i.error();
      if (static_cast<size_t>(*i) == size) return Error{"reflect: slice index out of range"};
      item = item.is(Kind::List) ? item.items()[static_cast<size_t>(*i)]
                                 : TemplateValue::integer(static_cast<unsigned char>(item.str()[static_cast<size_t>(*i)]));
    } else if (item.is(Kind::Map)) {
      if (key.is_missing()) return Error{"value is nil; should be of type string"};
      if (!key.is(Kind::String)) return Error{"value has type " + go_type_name(key) + "; should be string"};
      const TemplateValue* found = item.find(key.str());
      item = found ? *found : TemplateValue::null();
    } else {
      return Error{"can't index item of type " + go_type_name(item)};
    }
  }
  return item;
}

Expected<TemplateValue> slice(Args& args) {
  TemplateValue item = concrete(args[0]);
  if (item.is_missing()) return Error{"slice of untyped nil"};
  if (args.size() > 3) return Error{"too many slice indexes: " + std::to_string(args.size() - 1)};
  if (!item.is(Kind::List) && !item.is(Kind::String)) return Error{"can't slice item of type " + go_type_name(item)};
  size_t size = item.is(Kind::List) ? item.items().size() : item.str().size();
  int64_t bounds[2] = {0, static_cast<int64_t>(size)};
  for (size_t i = 1; i < args.size(); ++i) {
    Expected<int64_t> x = index_number(args[i], size);
    if (!x) return x.error();
    bounds[i - 1] = *x;
  }
  if (bounds[0] > bounds[1]) return Error{"invalid slice index: " + std::to_string(bounds[0]) + " > " + std::to_string(bounds[1])};
  auto from = static_cast<size_t>(bounds[0]), to = static_cast<size_t>(bounds[1]);
  if (item.is(Kind::String)) return TemplateValue::string(item.str().substr(from, to - from));
  return TemplateValue::list(TemplateValue::List(item.items().begin() + static_cast<std::ptrdiff_t>(from),
                                                 item.items().begin() + static_cast<std::ptrdiff_t>(to)));
}

Expected<TemplateValue> length(Args& args) {
  const TemplateValue& v = args[0];
  if (v.is_nil()) return Error{"len of nil pointer"};
  if (v.is(Kind::String)) return TemplateValue::integer(static_cast<int64_t>(v.str().size()));
  if (v.is(Kind::List)) return TemplateValue::integer(static_cast<int64_t>(v.items().size()));
  if (v.is(Kind::Map)) return TemplateValue::integer(static_cast<int64_t>(v.entries().size()));
  return Error{"len of type " + go_type_name(v)};
}

// The text html, js and urlquery escape: one string as it is, else fmt.Sprint.
std::string escaper_text(const Args& args) {
  if (args.size() == 1 && args[0].is(Kind::String)) return args[0].str();
  return go_sprint(args);
}

std::string url_query_escape(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
        c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else if (c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '"': out += "&#34;"; break;
      case '\'': out += "&#39;"; break;
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '\0': out += "\xef\xbf\xbd"; break;
      default: out += c;
    }
  }
  return out;
}

// text/template's JSEscapeString (Go 1.19).
std::string js_escape(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (size_t at = 0; at < text.size();) {
    Rune r = decode_rune(text, at);
    char c = text[at];
    at += r.size;
    switch (r.value < 0x80 ? c : '\x01') {
      case '\\': out += "\\\\"; continue;
      case '\'': out += "\\'"; continue;
      case '"': out += "\\\""; continue;
      case '<': out += "\\u003C"; continue;
      case '>': out += "\\u003E"; continue;
      case '&': out += "\\u0026"; continue;
      case '=': out += "\\u003D"; continue;
      default: break;
    }
    if (r.value < 0x80 && r.value >= ' ') {
      out += c;
    } else if (r.value < ' ') {
      out += std::string("\\u00") + hex[r.value >> 4] + hex[r.value & 15];
    } else if (is_print(r.value)) {
      out += text.substr(at - r.size, r.size);
    } else {
      out += "\\u";
      for (int shift = r.value > 0xFFFF ? 16 : 12; shift >= 0; shift -= 4) out += hex[(r.value >> shift) & 15];
    }
  }
  return out;
}

Expected<TemplateValue> and_or(Args& args, bool is_or) {
  for (const TemplateValue& v : args) {
    if (go_truth(v) == is_or) return v;
  }
  return args.back();
}

}  // namespace

void add_go_builtins(FunctionTable& t) {
  using A = ArgType;
  // `and` and `or` stop at the first deciding argument; the executor
  // evaluates them lazily, these run when every argument is already known.
  t["and"] = {{A::Value, A::Value}, true, [](Args& a) { return and_or(a, false); }};
  t["or"] = {{A::Value, A::Value}, true, [](Args& a) { return and_or(a, true); }};
  t["not"] = {{A::Value}, false, [](Args& a) -> Expected<TemplateValue> { return TemplateValue::boolean(!go_truth(a[0])); }};
  t["len"] = {{A::Value}, false, length};
  t["index"] = {{A::Value, A::Value}, true, index};
  t["slice"] = {{A::Value, A::Value}, true, slice};
  t["eq"] = {{A::Value, A::Value}, true, equal};
  t["ne"] = {{A::Value, A::Value}, false, [](Args& a) -> Expected<TemplateValue> {
    Expected<TemplateValue> eq = equal(a);
    if (!eq) return eq;
    return TemplateValue::boolean(!eq->as_bool());
  }};
  t["lt"] = {{A::Value, A::Value}, false, [](Args& a) { return compare(a, true, false); }};
  t["le"] = {{A::Value, A::Value}, false, [](Args& a) { return compare(a, true, true); }};
  t["gt"] = {{A::Value, A::Value}, false, [](Args& a) { return compare(a, false, false); }};
  t["ge"] = {{A::Value, A::Value}, false, [](Args& a) { return compare(a, false, true); }};
  t["print"] = {{A::Any}, true, [](Args& a) -> Expected<TemplateValue> { return TemplateValue::string(go_sprint(a)); }};
  t["println"] = {{A::Any}, true, [](Args& a) -> Expected<TemplateValue> {
    std::string out;
    for (size_t i = 0; i < a.size(); ++i) out += (i ? " " : "") + (a[i].is_nil() ? std::string("<nil>") : go_format(a[i]));
    return TemplateValue::string(out + "\n");
  }};
  t["printf"] = {{A::String, A::Any}, true, [](Args& a) -> Expected<TemplateValue> {
    std::string format = a[0].str();
    a.erase(a.begin());
    Expected<std::string> out = go_sprintf(format, a);
    if (!out) return out.error();
    return TemplateValue::string(std::move(*out));
  }};
  t["urlquery"] = {{A::Any}, true, [](Args& a) -> Expected<TemplateValue> {
    return TemplateValue::string(url_query_escape(escaper_text(a)));
  }};
  t["html"] = {{A::Any}, true, [](Args& a) -> Expected<TemplateValue> {
    return TemplateValue::string(html_escape(escaper_text(a)));
  }};
  t["js"] = {{A::Any}, true, [](Args& a) -> Expected<TemplateValue> {
    return TemplateValue::string(js_escape(escaper_text(a)));
  }};
  // Data has no functions: Go's call always fails on it.
  t["call"] = {{A::Value, A::Value}, true, [](Args& a) -> Expected<TemplateValue> {
    if (a[0].is_nil()) return Error{"call of nil"};
    return Error{"non-function of type " + go_type_name(a[0])};
  }};
}

}  // namespace driftlint::gotmpl
