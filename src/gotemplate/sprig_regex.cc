// Sprig's regular-expression functions over RE2 (Go's regexp is RE2 too):
// regexMatch, regexFind, regexFindAll, regexReplaceAll (with Go's $1 /
// ${name} expansion), regexReplaceAllLiteral, regexSplit. Successive
// matches follow Go: an empty match right after a match is skipped.
#include <re2/re2.h>

#include <cctype>
#include <memory>

#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

namespace {

using Args = std::vector<TemplateValue>;
using R = Expected<TemplateValue>;

// Go's regexp/syntax message for RE2's error: "missing closing ]: `[`".
std::string go_regexp_error(const RE2& re) {
  const char* what = "regexp/syntax: internal error";
  switch (re.error_code()) {
    case RE2::ErrorBadEscape: what = "invalid escape sequence"; break;
    case RE2::ErrorBadCharClass: what = "invalid character class"; break;
    case RE2::ErrorBadCharRange: what = "invalid character class range"; break;
    case RE2::ErrorMissingBracket: what = "missing closing ]"; break;
    case RE2::ErrorMissingParen: what = "missing closing )"; break;
    case RE2::ErrorTrailingBackslash: what = "trailing backslash at end of expression"; break;
    case RE2::ErrorRepeatArgument: what = "missing argument to repetition operator"; break;
    case RE2::ErrorRepeatSize: what = "invalid repeat count"; break;
    case RE2::ErrorRepeatOp: what = "invalid nested repetition operator"; break;
    case RE2::ErrorBadPerlOp: what = "invalid or unsupported Perl syntax"; break;
    case RE2::ErrorBadUTF8: what = "invalid UTF-8"; break;
    case RE2::ErrorBadNamedCapture: what = "invalid named capture"; break;
    case RE2::ErrorPatternTooLarge: what = "expression too large"; break;
    default: break;
  }
  return std::string(what) + ": `" + re.error_arg() + "`";
}

Expected<std::unique_ptr<RE2>> compile(const std::string& pattern) {
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_unique<RE2>(pattern, options);
  if (!re->ok()) return Error{"error parsing regexp: " + go_regexp_error(*re)};
  return re;
}

// Every match of `re` in `text` as Go's allMatches finds them: (group
// spans), at most `limit` (< 0: all).
std::vector<std::vector<re2::StringPiece>> all_matches(const RE2& re, const std::string& text, int64_t limit) {
  std::vector<std::vector<re2::StringPiece>> out;
  int groups = re.NumberOfCapturingGroups() + 1;
  std::vector<re2::StringPiece> m(static_cast<size_t>(groups));
  re2::StringPiece input(text);
  size_t pos = 0;
  size_t previous_end = std::string::npos;
  while (pos <= text.size() && (limit < 0 || static_cast<int64_t>(out.size()) < limit)) {
    if (!re.Match(input, pos, text.size(), RE2::UNANCHORED, m.data(), groups)) break;
    size_t begin = static_cast<size_t>(m[0].data() - text.data());
    size_t end = begin + m[0].size();
    bool accept = !(m[0].empty() && begin == previous_end);
    if (end == pos) {
      // An empty match: step over one character (a whole UTF-8 sequence).
      size_t width = 1;
      if (pos < text.size()) {
        unsigned char c = static_cast<unsigned char>(text[pos]);
        width = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
      }
      pos += width;
    } else {
      pos = end;
    }
    previous_end = end;
    if (accept) out.push_back(m);
  }
  return out;
}

size_t offset(const std::string& text, const re2::StringPiece& piece) {
  return static_cast<size_t>(piece.data() - text.data());
}

// Go's Regexp.Expand for a replacement template.
std::string expand(const RE2& re, const std::string& tmpl,
                   const std::vector<re2::StringPiece>& match) {
  std::string out;
  size_t at = 0;
  while (at < tmpl.size()) {
    size_t dollar = tmpl.find('$', at);
    if (dollar == std::string::npos) break;
    out.append(tmpl, at, dollar - at);
    at = dollar + 1;
    if (at < tmpl.size() && tmpl[at] == '$') {
      out += '$';
      ++at;
      continue;
    }
    bool brace = at < tmpl.size() && tmpl[at] == '{';
    size_t start = brace ? at + 1 : at;
    size_t end = start;
    auto name_char = [](char c) { return c == '_' || std::isalnum(static_cast<unsigned char>(c)); };
    while (end < tmpl.size() && name_char(tmpl[end])) ++end;
    if (end == start || (brace && (end >= tmpl.size() || tmpl[end] != '}'))) {
      out += '$';  // malformed: the '$' stays as text
      continue;
    }
    std::string name = tmpl.substr(start, end - start);
    at = brace ? end + 1 : end;
    int group = -1;
    if (name.find_first_not_of("0123456789") == std::string::npos && name.size() < 9) {
      group = std::stoi(name);
    } else {
      auto named = re.NamedCapturingGroups();
      if (auto it = named.find(name); it != named.end()) group = it->second;
    }
    if (group >= 0 && static_cast<size_t>(group) < match.size() && match[static_cast<size_t>(group)].data()) {
      out += std::string(match[static_cast<size_t>(group)]);
    }
  }
  out.append(tmpl, std::min(at, tmpl.size()), std::string::npos);
  return out;
}

R replace_all(Args& a, bool literal) {
  auto re = compile(a[0].str());
  if (!re) return re.error();
  const std::string& text = a[1].str();
  const std::string& repl = a[2].str();
  std::string out;
  size_t last_end = 0;
  for (const auto& m : all_matches(**re, text, -1)) {
    size_t begin = offset(text, m[0]);
    out.append(text, last_end, begin - last_end);
    out += literal ? repl : expand(**re, repl, m);
    last_end = begin + m[0].size();
  }
  out.append(text, last_end, std::string::npos);
  return TemplateValue::string(out);
}

R find_all(Args& a) {
  auto re = compile(a[0].str());
  if (!re) return re.error();
  TemplateValue::List out;
  for (const auto& m : all_matches(**re, a[1].str(), a[2].as_int())) out.push_back(TemplateValue::string(std::string(m[0])));
  return TemplateValue::list(std::move(out));
}

R split(Args& a) {
  auto re = compile(a[0].str());
  if (!re) return re.error();
  const std::string& text = a[1].str();
  int64_t n = a[2].as_int();
  TemplateValue::List out;
  if (n == 0) return TemplateValue::list();
  if (!a[0].str().empty() && text.empty()) return TemplateValue::list({TemplateValue::string("")});
  size_t begin = 0, end = 0;
  for (const auto& m : all_matches(**re, text, n)) {
    if (n > 0 && static_cast<int64_t>(out.size()) == n - 1) break;
    end = offset(text, m[0]);
    size_t match_end = end + m[0].size();
    if (match_end != 0) out.push_back(TemplateValue::string(text.substr(begin, end - begin)));
    begin = match_end;
  }
  if (end != text.size()) out.push_back(TemplateValue::string(text.substr(begin)));
  return TemplateValue::list(std::move(out));
}

}  // namespace

void add_sprig_regex(FunctionTable& t) {
  using A = ArgType;
  t["regexMatch"] = {{A::String, A::String}, false, [](Args& a) -> R {
    auto re = compile(a[0].str());
    // Sprig's regexMatch answers false for a pattern that does not compile.
    return TemplateValue::boolean(re && RE2::PartialMatch(a[1].str(), **re));
  }};
  t["mustRegexMatch"] = {{A::String, A::String}, false, [](Args& a) -> R {
    auto re = compile(a[0].str());
    if (!re) return re.error();
    return TemplateValue::boolean(RE2::PartialMatch(a[1].str(), **re));
  }};
  t["regexFind"] = {{A::String, A::String}, false, [](Args& a) -> R {
    auto re = compile(a[0].str());
    if (!re) return re.error();
    auto found = all_matches(**re, a[1].str(), 1);
    return TemplateValue::string(found.empty() ? "" : std::string(found[0][0]));
  }};
  t["regexFindAll"] = {{A::String, A::String, A::Int}, false, find_all};
  t["regexReplaceAll"] = {{A::String, A::String, A::String}, false, [](Args& a) { return replace_all(a, false); }};
  t["regexReplaceAllLiteral"] = {{A::String, A::String, A::String}, false, [](Args& a) { return replace_all(a, true); }};
  t["regexSplit"] = {{A::String, A::String, A::Int}, false, split};
}

}  // namespace driftlint::gotmpl
