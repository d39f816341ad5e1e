// fmt.Sprintf and fmt.Sprint for template values: the verbs templates use,
// with flags, width and precision, and Go's "%!d(string=x)" for a verb
// that does not fit its operand.
#include <cstdio>

#include "argocd/go_template_ast.h"
#include "argocd/template_encode.h"

namespace driftlint::gotmpl {

namespace {

struct Spec {
  bool minus = false, plus = false, zero = false, space = false, sharp = false;
  int width = -1, precision = -1;
  char verb = 'v';
};

std::string pad(std::string text, const Spec& spec) {
  if (spec.width < 0 || static_cast<int>(text.size()) >= spec.width) return text;
  size_t fill = static_cast<size_t>(spec.width) - text.size();
  if (spec.minus) return text + std::string(fill, ' ');
  if (spec.zero) {
    size_t sign = !text.empty() && (text[0] == '-' || text[0] == '+') ? 1 : 0;
    return text.substr(0, sign) + std::string(fill, '0') + text.substr(sign);
  }
  return std::string(fill, ' ') + text;
}

std::string bad_verb(char verb, const TemplateValue& v) {
  if (v.is_nil()) return std::string("%!") + verb + "(<nil>)";
  return std::string("%!") + verb + "(" + go_type_name(v) + "=" + go_format(v) + ")";
}

std::string format_int(int64_t n, const Spec& spec) {
  char buffer[80];
  switch (spec.verb) {
    case 'x': std::snprintf(buffer, sizeof buffer, "%llx", static_cast<unsigned long long>(n < 0 ? -n : n)); break;
    case 'X': std::snprintf(buffer, sizeof buffer, "%llX", static_cast<unsigned long long>(n < 0 ? -n : n)); break;
    case 'o': std::snprintf(buffer, sizeof buffer, "%llo", static_cast<unsigned long long>(n < 0 ? -n : n)); break;
    case 'b': {
      std::string bits;
      uint64_t u = static_cast<uint64_t>(n < 0 ? -n : n);
      do {
        bits.insert(bits.begin(), static_cast<char>('0' + (u & 1)));
        u >>= 1;
      } while (u);
      std::snprintf(buffer, sizeof buffer, "%s", bits.c_str());
      break;
    }
    default: std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(n < 0 ? -n : n));
  }
  std::string digits = buffer;
  if (spec.precision >= 0 && static_cast<int>(digits.size()) < spec.precision) {
    digits = std::string(static_cast<size_t>(spec.precision) - digits.size(), '0') + digits;
  }
  std::string sign = n < 0 ? "-" : spec.plus ? "+" : spec.space ? " " : "";
  return sign + digits;
}

std::string format_float(double f, const Spec& spec) {
  if (spec.verb == 'v' || (spec.verb == 'g' && spec.precision < 0)) {
    std::string s = go_format_float(f);
    return (spec.plus && f >= 0 ? "+" : "") + s;
  }
  std::string format = "%";
  if (spec.plus) format += '+';
  if (spec.space) format += ' ';
  format += "." + std::to_string(spec.precision < 0 ? 6 : spec.precision) + spec.verb;
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format.c_str(), f);
  return buffer;
}

std::string format_string(const std::string& s, const Spec& spec) {
  std::string text = spec.precision >= 0 && static_cast<size_t>(spec.precision) < s.size()
                         ? s.substr(0, static_cast<size_t>(spec.precision))
                         : s;
  switch (spec.verb) {
    case 'q': return go_quote(text);
    case 'x':
    case 'X': {
      std::string out;
      char buffer[4];
      for (unsigned char c : text) {
        std::snprintf(buffer, sizeof buffer, spec.verb == 'x' ? "%02x" : "%02X", c);
        out += buffer;
      }
      return out;
    }
    default: return text;
  }
}

std::string format_one(const TemplateValue& v, const Spec& spec);

std::string format_container(const TemplateValue& v, const Spec& spec) {
  std::string out = v.is(TemplateValue::Kind::List) ? "[" : "map[";
  bool first = true;
  if (v.is(TemplateValue::Kind::List)) {
    for (const TemplateValue& item : v.items()) {
      out += (first ? "" : " ") + format_one(item, spec);
      first = false;
    }
  } else {
    for (const auto& [key, item] : v.entries()) {
      out += (first ? "" : " ") + format_one(TemplateValue::string(key), spec) + ":" + format_one(item, spec);
      first = false;
    }
  }
  return out + "]";
}

std::string format_one(const TemplateValue& v, const Spec& spec) {
  char verb = spec.verb;
  switch (v.kind()) {
    case TemplateValue::Kind::List:
    case TemplateValue::Kind::Map: return format_container(v, spec);
    case TemplateValue::Kind::String:
      if (verb == 'v' || verb == 's' || verb == 'q' || verb == 'x' || verb == 'X') return format_string(v.str(), spec);
      return bad_verb(verb, v);
    case TemplateValue::Kind::Int:
      if (verb == 'v' || verb == 'd' || verb == 'x' || verb == 'X' || verb == 'o' || verb == 'b') {
        return format_int(v.as_int(), spec);
      }
      if (verb == 'q' || verb == 'c') {
        std::string rune(1, static_cast<char>(v.as_int()));
        return verb == 'c' ? rune : "'" + rune + "'";
      }
      return bad_verb(verb, v);
    case TemplateValue::Kind::Float:
      if (verb == 'v' || verb == 'f' || verb == 'F' || verb == 'e' || verb == 'E' || verb == 'g' || verb == 'G') {
        Spec s = spec;
        if (s.verb == 'F') s.verb = 'f';
        return format_float(v.as_float(), s);
      }
      return bad_verb(verb, v);
    case TemplateValue::Kind::Bool:
      if (verb == 'v' || verb == 't') return v.as_bool() ? "true" : "false";
      return bad_verb(verb, v);
    default:
      if (verb == 'v') return "<nil>";
      return bad_verb(verb, v);
  }
}

// Reads flags, width and precision after a '%'; `at` ends on the verb.
Spec read_spec(std::string_view format, size_t& at) {
  Spec spec;
  for (; at < format.size(); ++at) {
    char c = format[at];
    if (c == '-') spec.minus = true;
    else if (c == '+') spec.plus = true;
    else if (c == '0') spec.zero = true;
    else if (c == ' ') spec.space = true;
    else if (c == '#') spec.sharp = true;
    else break;
  }
  auto digits = [&]() {
    int n = -1;
    while (at < format.size() && format[at] >= '0' && format[at] <= '9' && n < 100000) {
      n = (n < 0 ? 0 : n) * 10 + (format[at++] - '0');
    }
    return n;
  };
  spec.width = digits();
  if (at < format.size() && format[at] == '.') {
    ++at;
    spec.precision = digits();
    if (spec.precision < 0) spec.precision = 0;
  }
  spec.verb = at < format.size() ? format[at] : '\0';
  return spec;
}

}  // namespace

std::string go_sprintf(std::string_view format, const std::vector<TemplateValue>& args) {
  std::string out;
  size_t next = 0;
  for (size_t at = 0; at < format.size(); ++at) {
    if (format[at] != '%') {
      out += format[at];
      continue;
    }
    ++at;
    Spec spec = read_spec(format, at);
    if (spec.verb == '\0') {
      out += "%!(NOVERB)";
      break;
    }
    if (spec.verb == '%') {
      out += '%';
      continue;
    }
    if (next >= args.size()) {
      out += std::string("%!") + spec.verb + "(MISSING)";
      continue;
    }
    out += pad(format_one(args[next++], spec), spec);
  }
  if (next < args.size()) {
    out += "%!(EXTRA ";
    for (size_t i = next; i < args.size(); ++i) {
      out += (i > next ? ", " : "") + (args[i].is_nil() ? std::string("<nil>") : go_type_name(args[i]) + "=" + go_format(args[i]));
    }
    out += ")";
  }
  return out;
}

std::string go_sprint(const std::vector<TemplateValue>& args) {
  std::string out;
  bool previous_string = false;
  for (size_t i = 0; i < args.size(); ++i) {
    bool is_string = args[i].is(TemplateValue::Kind::String);
    if (i > 0 && !is_string && !previous_string) out += ' ';
    out += args[i].is_nil() ? "<nil>" : go_format(args[i]);
    previous_string = is_string;
  }
  return out;
}

}  // namespace driftlint::gotmpl
