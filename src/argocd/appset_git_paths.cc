#include "argocd/appset_git_paths.h"

#include <algorithm>
#include <set>

#include "base/strings.h"

namespace driftlint {

namespace {

// A character class "[...]" at pattern[at] (after '['); sets `matched` for
// `c` and returns the index after ']', or nullopt when malformed.
std::optional<size_t> match_class(std::string_view pattern, size_t at, char c, bool& matched) {
  bool negated = at < pattern.size() && (pattern[at] == '^' || pattern[at] == '!');
  if (negated) ++at;
  bool hit = false;
  bool first = true;
  while (at < pattern.size() && (pattern[at] != ']' || first)) {
    first = false;
    char lo = pattern[at];
    if (lo == '\\' && at + 1 < pattern.size()) lo = pattern[++at];
    char hi = lo;
    if (at + 2 < pattern.size() && pattern[at + 1] == '-' && pattern[at + 2] != ']') {
      hi = pattern[at + 2];
      if (hi == '\\' && at + 3 < pattern.size()) hi = pattern[++at + 2];
      at += 2;
    }
    if (lo <= c && c <= hi) hit = true;
    ++at;
  }
  if (at >= pattern.size()) return std::nullopt;
  matched = hit != negated;
  return at + 1;
}

// Whether every class is closed and no '\\' ends the pattern.
bool well_formed(std::string_view p) {
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') {
      if (++i >= p.size()) return false;
    } else if (p[i] == '[') {
      bool unused = false;
      std::optional<size_t> next = match_class(p, i + 1, '\0', unused);
      if (!next) return false;
      i = *next - 1;
    }
  }
  return true;
}

// One pattern item at p[pi] against c; the index after the item, or nullopt
// when it does not match.
std::optional<size_t> match_one(std::string_view p, size_t pi, char c, bool slash_is_special) {
  if (slash_is_special && c == '/' && (p[pi] == '?' || p[pi] == '[')) return std::nullopt;
  if (p[pi] == '?') return pi + 1;
  if (p[pi] == '[') {
    bool matched = false;
    std::optional<size_t> next = match_class(p, pi + 1, c, matched);
    return next && matched ? next : std::nullopt;
  }
  if (p[pi] == '\\') ++pi;
  return p[pi] == c ? std::optional<size_t>(pi + 1) : std::nullopt;
}

// Glob matching in O(pattern x text): the classic single backtrack to the
// last '*'. `slash_is_special`: '*', '?' and classes do not match '/' (Go's
// path.Match), or do (git's wildmatch without WM_PATHNAME).
std::optional<bool> glob(std::string_view p, std::string_view s, bool slash_is_special) {
  if (!well_formed(p)) return std::nullopt;
  size_t pi = 0, si = 0;
  size_t star_p = std::string_view::npos, star_s = 0;
  while (si < s.size()) {
    if (pi < p.size() && p[pi] == '*') {
      while (pi < p.size() && p[pi] == '*') ++pi;
      star_p = pi;
      star_s = si;
      continue;
    }
    if (pi < p.size()) {
      if (std::optional<size_t> next = match_one(p, pi, s[si], slash_is_special)) {
        pi = *next;
        ++si;
        continue;
      }
    }
    if (star_p == std::string_view::npos || (slash_is_special && s[star_s] == '/')) return false;
    si = ++star_s;
    pi = star_p;
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

}  // namespace

std::optional<bool> go_path_match(std::string_view pattern, std::string_view name) {
  return glob(pattern, name, true);
}

bool git_pathspec_match(std::string_view pattern, std::string_view path) {
  while (pattern.substr(0, 2) == "./") pattern.remove_prefix(2);
  if (pattern.empty() || pattern == ".") return true;
  if (path == pattern) return true;
  // A leading folder: "apps" (or "apps/") takes every file below it.
  std::string_view folder = pattern.back() == '/' ? pattern.substr(0, pattern.size() - 1) : pattern;
  if (path.size() > folder.size() && path.substr(0, folder.size()) == folder && path[folder.size()] == '/') return true;
  return glob(pattern, path, false).value_or(false);
}

std::string go_path_dir(std::string_view path) {
  size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return ".";
  std::string dir(path.substr(0, slash));
  return dir.empty() ? "/" : dir;
}

std::string go_path_base(std::string_view path) {
  if (path.empty()) return ".";
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  size_t slash = path.rfind('/');
  if (slash != std::string_view::npos && path.size() > 1) path = path.substr(slash + 1);
  return std::string(path);
}

std::vector<std::string> walk_order_directories(const std::vector<std::string>& files) {
  std::set<std::string> dirs;
  for (const std::string& file : files) {
    size_t slash = file.rfind('/');
    while (slash != std::string::npos && slash > 0) {
      std::string dir = file.substr(0, slash);
      if (!dirs.insert(dir).second) break;
      slash = dir.rfind('/');
    }
  }
  std::vector<std::string> out;
  for (const std::string& dir : dirs) {
    bool hidden = false;
    for (std::string_view segment : split(dir, '/')) hidden = hidden || (!segment.empty() && segment[0] == '.');
    if (!hidden) out.push_back(dir);
  }
  // WalkDir reads each folder's entries by name and descends into each
  // before the next: compare segment by segment.
  std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
    std::vector<std::string_view> x = split(a, '/'), y = split(b, '/');
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  });
  return out;
}

std::string_view literal_prefix(std::string_view pattern) {
  size_t special = pattern.find_first_of("*?[\\{");
  return special == std::string_view::npos ? pattern : pattern.substr(0, special);
}

}  // namespace driftlint
