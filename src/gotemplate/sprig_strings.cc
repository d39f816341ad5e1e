// Sprig's string functions (strings.go) and the two Argo CD adds for names
// (normalize, slugify: applicationset/utils). Argument order is Sprig's:
// the string operated on comes last, so that pipelines read
// `{{ .name | trimPrefix "team-" }}`.
#include <algorithm>

#include "gotemplate/go_template.h"
#include "gotemplate/go_strconv.h"
#include "gotemplate/go_template_ast.h"
#include "gotemplate/template_encode.h"
#include "base/strings.h"

namespace driftlint {

std::string argo_sanitize_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    char l = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    bool ok = (l >= 'a' && l <= 'z') || (l >= '0' && l <= '9') || l == '-' || l == '.';
    out += ok ? l : '-';
  }
  if (out.size() > 253) out.resize(253);
  size_t begin = out.find_first_not_of("-.");
  if (begin == std::string::npos) return "";
  size_t end = out.find_last_not_of("-.");
  return out.substr(begin, end - begin + 1);
}

namespace gotmpl {

using Kind = TemplateValue::Kind;
using Args = std::vector<TemplateValue>;

std::string sprig_strval(const TemplateValue& value) {
  if (value.is(Kind::String)) return value.str();
  return value.is_nil() ? "<nil>" : go_format(value);
}

std::vector<std::string> sprig_strslice(const TemplateValue& value) {
  std::vector<std::string> out;
  if (value.is(Kind::List)) {
    for (const TemplateValue& item : value.items()) {
      if (!item.is_nil()) out.push_back(sprig_strval(item));
    }
  } else if (!value.is_nil()) {
    out.push_back(sprig_strval(value));
  }
  return out;
}

namespace {

TemplateValue str(std::string s) { return TemplateValue::string(std::move(s)); }

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  if (from.empty()) {
    // strings.Replace with an empty old string inserts `to` around every character.
    std::string out(to);
    for (char c : text) out += std::string(1, c) + std::string(to);
    return out;
  }
  std::string out;
  size_t at = 0;
  while (true) {
    size_t hit = text.find(from, at);
    if (hit == std::string::npos) break;
    out.append(text, at, hit - at);
    out += to;
    at = hit + from.size();
  }
  out.append(text, at, std::string::npos);
  return out;
}

std::vector<std::string> split_all(const std::string& text, const std::string& sep, int64_t limit) {
  std::vector<std::string> out;
  if (limit == 0) return out;
  if (sep.empty()) {
    // strings.Split with an empty separator splits into UTF-8 sequences.
    for (size_t i = 0; i < text.size();) {
      size_t n = 1;
      unsigned char c = static_cast<unsigned char>(text[i]);
      if (c >= 0xf0) n = 4; else if (c >= 0xe0) n = 3; else if (c >= 0xc0) n = 2;
      if (limit > 0 && static_cast<int64_t>(out.size()) == limit - 1) n = text.size() - i;
      out.push_back(text.substr(i, n));
      i += n;
    }
    return out;
  }
  size_t at = 0;
  while (limit < 0 || static_cast<int64_t>(out.size()) < limit - 1) {
    size_t hit = text.find(sep, at);
    if (hit == std::string::npos) break;
    out.push_back(text.substr(at, hit - at));
    at = hit + sep.size();
  }
  out.push_back(text.substr(at));
  return out;
}

TemplateValue string_list(const std::vector<std::string>& parts) {
  TemplateValue::List items;
  for (const std::string& p : parts) items.push_back(str(p));
  return TemplateValue::list(std::move(items));
}

TemplateValue string_map(const std::vector<std::string>& parts) {
  TemplateValue::Map map;
  for (size_t i = 0; i < parts.size(); ++i) map["_" + std::to_string(i)] = str(parts[i]);
  return TemplateValue::map(std::move(map));
}

std::string trim_set(const std::string& s, std::string_view set) {
  size_t b = s.find_first_not_of(set);
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(set) - b + 1);
}

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// strings.Title: the first letter of every word upper-cased.
std::string title(const std::string& s) {
  std::string out;
  bool start = true;
  for (size_t at = 0; at < s.size();) {
    Rune r = decode_rune(s, at);
    if (r.value == kRuneError && r.size == 1) out += s[at];
    else out += encode_rune(start ? to_upper(r.value) : r.value);
    start = !is_word_char(s[at]);
    at += r.size;
  }
  return out;
}

std::string lower(const std::string& s) { return map_case(s, false); }
std::string upper(const std::string& s) { return map_case(s, true); }

std::string indent(int64_t spaces, const std::string& text) {
  std::string pad(static_cast<size_t>(std::clamp<int64_t>(spaces, 0, 1000)), ' ');
  return pad + replace_all(text, "\n", "\n" + pad);
}

// gosimple/slug after Argo CD's SanitizeName: dots and runs of '-' become
// one '-', then the text is cut to `max` (at a '-' when smart).
std::string slugify(std::string name, int64_t max, bool smart) {
  std::string s = argo_sanitize_name(name);
  if (!smart && max > 0 && static_cast<int64_t>(s.size()) >= max) s.resize(static_cast<size_t>(max));
  std::string out;
  for (char c : s) {
    char d = c == '.' ? '-' : c;
    if (d == '-' && !out.empty() && out.back() == '-') continue;
    out += d;
  }
  out = trim_set(out, "-_");
  if (!smart || max <= 0 || static_cast<int64_t>(out.size()) <= max) return out;
  auto limit = static_cast<size_t>(max);
  size_t first_dash = out.find('-');
  std::string first = out.substr(0, first_dash == std::string::npos ? out.size() : first_dash + 1);
  if (first.size() > limit) return first.substr(0, limit);
  std::string truncated;
  size_t at = 0;
  while (at < out.size()) {
    size_t dash = out.find('-', at);
    std::string word = out.substr(at, dash == std::string::npos ? std::string::npos : dash + 1 - at);
    if (truncated.size() + word.size() - 1 > limit) break;
    truncated += word;
    at += word.size();
  }
  return trim_set(truncated, "-");
}

Expected<TemplateValue> slugify_call(Args& a) {
  // slugify [maxSize] [smartTruncate] name: the name is always the last argument.
  int64_t max = 50;
  bool smart = true;
  std::string name;
  for (size_t i = 0; i < a.size(); ++i) {
    if (i + 1 == a.size()) {
      if (!a[i].is(Kind::String)) return Error{"interface conversion: interface {} is " + go_type_name(a[i]) + ", not string"};
      name = a[i].str();
    } else if (i == 0) {
      if (!a[i].is(Kind::Int)) return Error{"interface conversion: interface {} is " + go_type_name(a[i]) + ", not int"};
      max = a[i].as_int();
    } else if (i == 1) {
      if (!a[i].is(Kind::Bool)) return Error{"interface conversion: interface {} is " + go_type_name(a[i]) + ", not bool"};
      smart = a[i].as_bool();
    }
  }
  return str(slugify(name, max, smart));
}

Expected<TemplateValue> substr(Args& a) {
  int64_t start = a[0].as_int(), end = a[1].as_int();
  const std::string& s = a[2].str();
  auto size = static_cast<int64_t>(s.size());
  if (start < 0) {
    if (end < 0 || end > size) return Error{"runtime error: slice bounds out of range [:" + std::to_string(end) + "]"};
    return str(s.substr(0, static_cast<size_t>(end)));
  }
  if (start > size) return Error{"runtime error: slice bounds out of range [" + std::to_string(start) + ":]"};
  if (end < 0 || end > size) return str(s.substr(static_cast<size_t>(start)));
  if (start > end) return Error{"runtime error: slice bounds out of range [" + std::to_string(start) + ":" + std::to_string(end) + "]"};
  return str(s.substr(static_cast<size_t>(start), static_cast<size_t>(end - start)));
}

Expected<TemplateValue> trunc(Args& a) {
  int64_t c = a[0].as_int();
  const std::string& s = a[1].str();
  auto size = static_cast<int64_t>(s.size());
  if (c < 0 && size + c > 0) return str(s.substr(static_cast<size_t>(size + c)));
  if (c >= 0 && size > c) return str(s.substr(0, static_cast<size_t>(c)));
  return str(s);
}

Expected<TemplateValue> quote_each(Args& a, bool single) {
  std::vector<std::string> out;
  for (const TemplateValue& v : a) {
    if (v.is_nil()) continue;
    out.push_back(single ? "'" + sprig_strval(v) + "'" : go_quote(sprig_strval(v)));
  }
  return str(join(out, " "));
}

}  // namespace

void add_sprig_strings(FunctionTable& t) {
  using A = ArgType;
  using R = Expected<TemplateValue>;
  t["lower"] = {{A::String}, false, [](Args& a) -> R { return str(lower(a[0].str())); }};
  t["upper"] = {{A::String}, false, [](Args& a) -> R { return str(upper(a[0].str())); }};
  t["title"] = {{A::String}, false, [](Args& a) -> R { return str(title(a[0].str())); }};
  t["trim"] = {{A::String}, false, [](Args& a) -> R { return str(trim_set(a[0].str(), " \t\r\n\v\f")); }};
  t["trimAll"] = {{A::String, A::String}, false, [](Args& a) -> R { return str(trim_set(a[1].str(), a[0].str())); }};
  t["trimPrefix"] = {{A::String, A::String}, false, [](Args& a) -> R {
    const std::string& s = a[1].str();
    return str(s.rfind(a[0].str(), 0) == 0 ? s.substr(a[0].str().size()) : s);
  }};
  t["trimSuffix"] = {{A::String, A::String}, false, [](Args& a) -> R {
    const std::string& s = a[1].str();
    const std::string& x = a[0].str();
    bool has = s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
    return str(has ? s.substr(0, s.size() - x.size()) : s);
  }};
  t["trunc"] = {{A::Int, A::String}, false, trunc};
  t["substr"] = {{A::Int, A::Int, A::String}, false, substr};
  t["replace"] = {{A::String, A::String, A::String}, false, [](Args& a) -> R { return str(replace_all(a[2].str(), a[0].str(), a[1].str())); }};
  t["repeat"] = {{A::Int, A::String}, false, [](Args& a) -> R {
    if (a[0].as_int() < 0) return Error{"strings: negative Repeat count"};
    if (static_cast<uint64_t>(a[0].as_int()) * a[1].str().size() > (1u << 20)) return Error{"repeat: result larger than 1 MiB"};
    std::string out;
    for (int64_t i = 0; i < a[0].as_int(); ++i) out += a[1].str();
    return str(out);
  }};
  t["contains"] = {{A::String, A::String}, false, [](Args& a) -> R { return TemplateValue::boolean(a[1].str().find(a[0].str()) != std::string::npos); }};
  t["hasPrefix"] = {{A::String, A::String}, false, [](Args& a) -> R { return TemplateValue::boolean(a[1].str().rfind(a[0].str(), 0) == 0); }};
  t["hasSuffix"] = {{A::String, A::String}, false, [](Args& a) -> R {
    const std::string& s = a[1].str();
    const std::string& x = a[0].str();
    return TemplateValue::boolean(s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0);
  }};
  t["nospace"] = {{A::String}, false, [](Args& a) -> R {
    std::string out;
    for (char c : a[0].str()) if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') out += c;
    return str(out);
  }};
  t["quote"] = {{A::Any}, true, [](Args& a) { return quote_each(a, false); }};
  t["squote"] = {{A::Any}, true, [](Args& a) { return quote_each(a, true); }};
  t["cat"] = {{A::Any}, true, [](Args& a) -> R {
    std::vector<std::string> parts;
    for (const TemplateValue& v : a) if (!v.is_nil()) parts.push_back(go_format(v));
    return str(join(parts, " "));
  }};
  t["indent"] = {{A::Int, A::String}, false, [](Args& a) -> R { return str(indent(a[0].as_int(), a[1].str())); }};
  t["nindent"] = {{A::Int, A::String}, false, [](Args& a) -> R { return str("\n" + indent(a[0].as_int(), a[1].str())); }};
  t["splitList"] = {{A::String, A::String}, false, [](Args& a) -> R { return string_list(split_all(a[1].str(), a[0].str(), -1)); }};
  t["split"] = {{A::String, A::String}, false, [](Args& a) -> R { return string_map(split_all(a[1].str(), a[0].str(), -1)); }};
  t["splitn"] = {{A::String, A::Int, A::String}, false, [](Args& a) -> R { return string_map(split_all(a[2].str(), a[0].str(), a[1].as_int())); }};
  t["join"] = {{A::String, A::Any}, false, [](Args& a) -> R { return str(join(sprig_strslice(a[1]), a[0].str())); }};
  t["toString"] = {{A::Any}, false, [](Args& a) -> R { return str(sprig_strval(a[0])); }};
  t["toStrings"] = {{A::Any}, false, [](Args& a) -> R { return string_list(sprig_strslice(a[0])); }};
  t["normalize"] = {{A::String}, false, [](Args& a) -> R { return str(argo_sanitize_name(a[0].str())); }};
  t["slugify"] = {{A::Any}, true, slugify_call};
}

}  // namespace gotmpl
}  // namespace driftlint
