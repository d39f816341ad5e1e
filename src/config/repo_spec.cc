#include "config/repo_spec.h"

#include <re2/re2.h>

#include "git/url.h"

namespace driftlint {

bool is_url_source(const std::string& source) {
  for (const char* scheme : {"https://", "http://", "ssh://", "git://", "file://"}) {
    if (source.rfind(scheme, 0) == 0) return true;
  }
  // scp-like syntax: user@host:path (no slash before the colon).
  static const RE2 kScpLike(R"([A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:.*)");
  return RE2::FullMatch(source, kScpLike);
}

Expected<RepoConfig> parse_repo_spec(const std::string& spec) {
  size_t eq = spec.find('=');
  // Messages quote the spec without the credentials a URL may carry.
  std::string shown = eq == std::string::npos ? redact_url(spec) : spec.substr(0, eq + 1) + redact_url(spec.substr(eq + 1));
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
    return Error{"--repo " + shown + ": expected NAME=SOURCE[@REV]"};
  }
  RepoConfig repo;
  repo.name = spec.substr(0, eq);
  repo.origin = "--repo " + shown;
  std::string rest = spec.substr(eq + 1);
  size_t slash = rest.rfind('/');
  size_t at = rest.rfind('@');
  bool has_revision = at != std::string::npos && (slash == std::string::npos || at > slash);
  if (has_revision) {
    repo.source = rest.substr(0, at);
    repo.revision = rest.substr(at + 1);
    if (repo.revision->empty()) return Error{"--repo " + shown + ": empty revision after '@'"};
  } else {
    repo.source = rest;
  }
  if (repo.source.empty()) return Error{"--repo " + shown + ": empty source"};
  return repo;
}

}  // namespace driftlint
