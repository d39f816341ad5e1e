#include "fs/repo_path.h"

#include <vector>

#include "base/strings.h"

namespace driftlint {

Expected<RepoPath> RepoPath::resolve(std::string_view base, std::string_view entry) {
  if (entry.find('\0') != std::string_view::npos) return Error{"a path with a NUL byte is refused"};
  if (!entry.empty() && entry.front() == '/') {
    return Error{quote_for_message(std::string(entry), 120) + " is an absolute path; only files inside the repo are read"};
  }
  std::optional<std::string> cleaned = clean_path(join_path(base, entry));
  if (!cleaned) return Error{quote_for_message(std::string(entry), 120) + " leaves the repo; only files inside it are read"};
  return RepoPath(std::move(*cleaned));
}

Expected<RepoPath> RepoPath::checked(std::string_view path) {
  if (!is_clean_repo_path(path)) return Error{quote_for_message(std::string(path), 120) + " is not a clean path inside the repo"};
  return RepoPath(std::string(path));
}

std::optional<std::string> resolve_in_repo(std::string_view base, std::string_view entry) {
  Expected<RepoPath> path = RepoPath::resolve(base, entry);
  if (!path) return std::nullopt;
  return path->str();
}

bool is_clean_repo_path(std::string_view path) {
  if (path.empty()) return true;
  if (path.find('\0') != std::string_view::npos) return false;
  size_t at = 0;
  while (at <= path.size()) {
    size_t slash = path.find('/', at);
    if (slash == std::string_view::npos) slash = path.size();
    std::string_view segment = path.substr(at, slash - at);
    if (segment.empty() || segment == "." || segment == "..") return false;
    at = slash + 1;
  }
  return true;
}

bool is_safe_tree_entry_name(std::string_view name) {
  if (name.empty() || name == "." || name == "..") return false;
  if (name.find('/') != std::string_view::npos || name.find('\0') != std::string_view::npos) return false;
  // ".git" in any case, without a lowered copy: called for every entry of every tree listed.
  auto is = [](char c, char lower) { return (c | 0x20) == lower; };  // an ASCII letter, either case
  return !(name.size() == 4 && name[0] == '.' && is(name[1], 'g') && is(name[2], 'i') && is(name[3], 't'));
}

std::string join_path(std::string_view a, std::string_view b) {
  if (a.empty()) return std::string(b);
  if (b.empty()) return std::string(a);
  std::string out(a);
  out += '/';
  out += b;
  return out;
}

std::optional<std::string> clean_path(std::string_view path) {
  std::vector<std::string_view> parts;
  size_t at = 0;
  while (at <= path.size()) {
    size_t slash = path.find('/', at);
    if (slash == std::string_view::npos) slash = path.size();
    std::string_view segment = path.substr(at, slash - at);
    at = slash + 1;
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
      continue;
    }
    parts.push_back(segment);
  }
  std::string out;
  for (std::string_view p : parts) {
    if (!out.empty()) out += '/';
    out += p;
  }
  return out;
}

std::string parent_of(std::string_view path) { return std::string(parent_view(path)); }

std::string_view parent_view(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

std::string basename_of(std::string_view path) {
  size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool path_is_under(std::string_view path, std::string_view folder) {
  if (folder.empty()) return true;
  if (path.size() < folder.size() || path.compare(0, folder.size(), folder) != 0) return false;
  return path.size() == folder.size() || path[folder.size()] == '/';
}

}  // namespace driftlint
