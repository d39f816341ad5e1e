#include "base/glob.h"

#include <string>
#include <vector>

namespace driftlint {
namespace {

// Expands the first {a,b} group, recursively; patterns without braces yield themselves.
void expand_braces(std::string_view pattern, std::vector<std::string>& out, int depth = 0) {
  size_t open = pattern.find('{');
  if (open == std::string_view::npos || depth > 16) {
    out.emplace_back(pattern);
    return;
  }
  int level = 0;
  size_t close = std::string_view::npos;
  std::vector<size_t> commas;
  for (size_t i = open; i < pattern.size(); ++i) {
    if (pattern[i] == '{') ++level;
    if (pattern[i] == '}' && --level == 0) {
      close = i;
      break;
    }
    if (pattern[i] == ',' && level == 1) commas.push_back(i);
  }
  if (close == std::string_view::npos) {
    out.emplace_back(pattern);
    return;
  }
  std::string_view head = pattern.substr(0, open);
  std::string_view tail = pattern.substr(close + 1);
  size_t start = open + 1;
  commas.push_back(close);
  for (size_t comma : commas) {
    std::string alternative(head);
    alternative += pattern.substr(start, comma - start);
    alternative += tail;
    expand_braces(alternative, out, depth + 1);
    start = comma + 1;
  }
}

bool match_class(std::string_view pattern, size_t& p, char c) {
  // pattern[p] == '['
  size_t i = p + 1;
  bool negate = false;
  if (i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^')) {
    negate = true;
    ++i;
  }
  bool matched = false;
  bool first = true;
  while (i < pattern.size() && (pattern[i] != ']' || first)) {
    first = false;
    char lo = pattern[i];
    char hi = lo;
    if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
      hi = pattern[i + 2];
      i += 2;
    }
    if (lo <= c && c <= hi) matched = true;
    ++i;
  }
  if (i >= pattern.size()) {  // no closing bracket: treat '[' literally
    return false;
  }
  p = i + 1;
  return matched != negate;
}

bool match_here(std::string_view pattern, std::string_view path) {
  size_t p = 0, s = 0;
  // Backtracking points for '*' (segment-local) and '**' (global).
  size_t star_p = std::string_view::npos, star_s = 0;
  size_t dstar_p = std::string_view::npos, dstar_s = 0;
  while (s < path.size()) {
    if (p < pattern.size()) {
      char pc = pattern[p];
      if (pc == '*') {
        if (p + 1 < pattern.size() && pattern[p + 1] == '*') {
          // '**' optionally followed by '/': matches any number of segments.
          size_t next = p + 2;
          if (next < pattern.size() && pattern[next] == '/') ++next;
          dstar_p = next;
          dstar_s = s;
          star_p = std::string_view::npos;
          p = next;
          continue;
        }
        star_p = ++p;
        star_s = s;
        continue;
      }
      if (pc == '?' && path[s] != '/') {
        ++p;
        ++s;
        continue;
      }
      if (pc == '[') {
        size_t q = p;
        if (path[s] != '/' && match_class(pattern, q, path[s])) {
          p = q;
          ++s;
          continue;
        }
      } else if (pc == path[s] && pc != '?') {
        ++p;
        ++s;
        continue;
      }
    }
    if (star_p != std::string_view::npos && path[star_s] != '/') {
      p = star_p;
      s = ++star_s;
      continue;
    }
    if (dstar_p != std::string_view::npos) {
      p = dstar_p;
      s = ++dstar_s;
      star_p = std::string_view::npos;
      continue;
    }
    return false;
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view path) {
  std::vector<std::string> alternatives;
  expand_braces(pattern, alternatives);
  for (const std::string& alternative : alternatives) {
    if (match_here(alternative, path)) return true;
  }
  return false;
}

}  // namespace driftlint
