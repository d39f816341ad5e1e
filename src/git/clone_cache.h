// Clones of git URLs, kept in a cache directory keyed by the URL's identity
// (normalize_git_url), so every spelling of a repo shares one clone and later
// runs fetch instead of cloning again.
//
// Layout: <cache>/git/<slug>-<hash>.git (a bare repository holding the
// remote's branches as refs/heads/*, also as refs/remotes/origin/*, and its
// tags; HEAD follows the remote's default branch) and a .lock file beside it.
// A clone is made in a .partial folder and renamed into place only when
// complete, so an interrupted clone leaves nothing a later run trusts. The
// lock (flock) serialises clone and fetch between concurrent runs. The clone
// stores its URL without credentials, and the folders are the user's alone
// (0700, files 0600): a token never rests on disk, and other users of a
// shared runner cannot read what was cloned.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/expected.h"
#include "git/credentials.h"
#include "git/network_watch.h"
#include "git/repository.h"

namespace driftlint {

struct GitCacheOptions {
  std::string cache_dir;  // empty: default_cache_dir()
  bool offline = false;   // use the cached copy as it is, never touch the network
  // Progress lines ("cloning URL: 40% (120/300 objects, 1.2 MiB)"); unset: none.
  // The caller decides whether they reach a terminal.
  std::function<void(const std::string& line, bool done)> progress;
  // How long to wait for another run holding the cache entry.
  unsigned lock_timeout_seconds = 600;
  // The longest a connect, or a wait for the server's next bytes, may take.
  unsigned network_timeout_seconds = kDefaultNetworkTimeoutSeconds;
  // Where the runner's credentials may go; the default sends them nowhere
  // (credentials written in the URL itself are always used).
  CredentialPolicy credentials;
};

// $XDG_CACHE_HOME/driftlint, else $HOME/.cache/driftlint.
std::string default_cache_dir();

struct CachedClone {
  std::shared_ptr<GitRepository> repo;
  std::vector<std::string> notes;  // "cloned URL", "fetched URL", "offline: ..."
};

// Clones `url` into the cache, or fetches into the existing clone; with
// `offline`, opens the existing clone only. Errors name the URL (credentials
// removed) and the reason.
Expected<CachedClone> open_cached_clone(const std::string& url, const GitCacheOptions& options);

// The cache entry's folder name for a URL ("github.com-org-repo-1a2b3c4d5e6f7a8b.git").
std::string cache_entry_name(const std::string& url);

}  // namespace driftlint
