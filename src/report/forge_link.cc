#include "report/forge_link.h"

#include "git/url.h"

namespace driftlint {

namespace {

enum class Forge { None, GitHub, GitLab, Gitea };

Forge forge_of(std::string_view host) {
  auto names = [&](std::string_view word) { return host.find(word) != std::string_view::npos; };
  if (names("github")) return Forge::GitHub;
  if (names("gitlab")) return Forge::GitLab;
  if (host == "codeberg.org" || names("gitea") || names("forgejo")) return Forge::Gitea;
  return Forge::None;
}

// Percent-encodes what a URL path must not hold as it is.
std::string encode_path(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
                 c == '_' || c == '~' || c == '/';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace

std::string forge_file_link(const std::string& repo_url, const std::string& commit, const std::string& path,
                            uint32_t line) {
  if (commit.empty() || commit.find_first_not_of("0123456789abcdef") != std::string::npos) return "";
  std::string id = normalize_git_url(repo_url);  // "host/org/repo"
  size_t slash = id.find('/');
  if (id.rfind("file:", 0) == 0 || slash == std::string::npos || slash + 1 >= id.size()) return "";
  // The host goes into a Markdown link as it is: a `url:` from a pull request's
  // config must not close the link and write its own Markdown.
  std::string host = id.substr(0, slash);
  if (host.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.-") != std::string::npos) return "";
  Forge forge = forge_of(host);
  if (forge == Forge::None) return "";
  std::string base = "https://" + id.substr(0, slash + 1) + encode_path(id.substr(slash + 1));
  std::string middle = forge == Forge::GitHub ? "/blob/" : forge == Forge::GitLab ? "/-/blob/" : "/src/commit/";
  std::string link = base + middle + commit + "/" + encode_path(path);
  if (line) link += "#L" + std::to_string(line);
  return link;
}

}  // namespace driftlint
