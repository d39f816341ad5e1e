// What kustomize reads as remote, from its sources: kustomize 5's
// git.NewRepoSpecFromURL (api/internal/git/repospec.go) and loader.IsRemoteFile
// (api/internal/loader/fileloader.go), and kustomize 3 and 4's parseGitURL.
// A resource, base or component that one of them parses as a repo is cloned
// (git, over https, ssh or file://, against any host the entry names); a file
// entry with an http(s) scheme is downloaded. An entry is remote here when any
// of those versions would take it as remote, so none is ever handed to the
// tool: a false "remote" costs a build that is not rendered, a missed one a
// request from the runner to a host a pull request picks.
//
// Not remote, as in kustomize 4 and 5: `host.tld/org/repo` without a scheme
// or user (a folder of that name), except for github.com (and the two hosts
// driftlint has always counted, gitlab.com and bitbucket.org).
#include <algorithm>
#include <cctype>
#include <string>

#include "fs/repo_path.h"

namespace driftlint {

namespace {

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

bool is_scheme_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '.' || c == '-'; }

// go-getter's forced getters ("git::", "hg::", "s3::"): kustomize 3 and 4
// strip "git::", kustomize 5 too (with a warning).
bool has_forced_getter(std::string_view e) {
  size_t colons = e.find("::");
  return colons != std::string_view::npos && colons > 0 &&
         std::all_of(e.begin(), e.begin() + static_cast<std::ptrdiff_t>(colons), is_scheme_char);
}

// kustomize 5's extractUsername: `^[a-zA-Z][a-zA-Z0-9-]*@`, then a host and a
// path after ':' (scp-like) or '/'. Its length with the '@', or 0.
size_t user_prefix(std::string_view e) {
  if (e.empty() || !std::isalpha(static_cast<unsigned char>(e[0]))) return 0;
  size_t i = 1;
  while (i < e.size() && (std::isalnum(static_cast<unsigned char>(e[i])) || e[i] == '-')) ++i;
  return i < e.size() && e[i] == '@' ? i + 1 : 0;
}

bool is_user_at_host_path(std::string_view e) {
  size_t user = user_prefix(e);
  if (user == 0) return false;
  std::string_view rest = e.substr(user);
  size_t separator = rest.find_first_of(":/");
  return separator != std::string_view::npos && separator > 0;
}

}  // namespace

bool is_remote_reference(std::string_view entry) {
  std::string e(entry);
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // A URL of any scheme (kustomize 5 clones https, http, ssh and file:// repos; Go's url.Parse
  // also reads "https:host/x" as a URL).
  if (e.find("://") != std::string::npos) return true;
  for (std::string_view scheme : {"http:", "https:", "ssh:", "file:", "gh:"}) {  // gh: kustomize 3 and 4's GitHub
    if (starts_with(e, scheme)) return true;
  }
  if (has_forced_getter(e)) return true;
  for (std::string_view host : {"github.com/", "github.com:", "gitlab.com/", "bitbucket.org/"}) {
    if (starts_with(e, host)) return true;
  }
  // user@host:path and user@host/path; kustomize 3 and 4 knew git@ only.
  if (is_user_at_host_path(e)) return true;
  // Azure DevOps' ".../_git/repo": a repo to kustomize 3 and 4 wherever it stands.
  size_t git = e.find("_git/");
  return git != std::string::npos && git + 5 < e.size();
}

}  // namespace driftlint
