#include "git/clone_cache.h"

#include <fcntl.h>
#include <git2.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>

#include "base/files.h"
#include "base/hash.h"
#include "git/credentials.h"
#include "git/network_watch.h"
#include "git/owned.h"
#include "git/proxy.h"
#include "git/url.h"

namespace driftlint {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFetchedMarker = "driftlint-fetched";


// Releases the flock when it goes out of scope.
class EntryLock {
 public:
  EntryLock() = default;
  explicit EntryLock(int fd) : fd_(fd) {}
  EntryLock(EntryLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  EntryLock& operator=(EntryLock&&) = delete;
  ~EntryLock() {
    if (fd_ >= 0) close(fd_);
  }

 private:
  int fd_ = -1;
};

Expected<EntryLock> lock_entry(const fs::path& lock_path, const GitCacheOptions& options) {
  int fd = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return Error{"cannot open the cache lock " + lock_path.string() + ": " + std::strerror(errno)};
  EntryLock lock(fd);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(options.lock_timeout_seconds);
  bool said = false;
  while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) {
      return Error{"cannot lock " + lock_path.string() + ": " + std::strerror(errno)};
    }
    if (std::chrono::steady_clock::now() > deadline) {
      return Error{"another driftlint run has held the cache entry " + lock_path.string() + " for over " +
                   std::to_string(options.lock_timeout_seconds) + " s"};
    }
    if (!said && options.progress) options.progress("waiting for another driftlint run using the cache", false);
    said = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return lock;
}

// What the remote callbacks share.
struct RemotePayload {
  std::string shown_url;  // redacted
  const GitCacheOptions* options = nullptr;
  NetworkWatch* watch = nullptr;
  CredentialSources credentials;
  bool credentials_exhausted = false;
  std::string verb;  // "cloning" or "fetching"
  std::chrono::steady_clock::time_point last_progress{};
  std::string last_line;
};

int credentials_callback(git_credential** out, const char* url, const char* username_from_url,
                         unsigned int allowed_types, void* payload_ptr) {
  auto* payload = static_cast<RemotePayload*>(payload_ptr);
  payload->watch->touch();  // asking a credential helper is not network silence
  bool ssh = allowed_types & GIT_CREDENTIAL_SSH_KEY;
  bool userpass = allowed_types & GIT_CREDENTIAL_USERPASS_PLAINTEXT;
  while (std::optional<Credential> c =
             payload->credentials.next(url ? url : "", username_from_url ? username_from_url : "", ssh, userpass)) {
    int rc;
    if (c->kind == Credential::Kind::SshAgent) {
      rc = git_credential_ssh_key_from_agent(out, c->username.c_str());
    } else {
      rc = git_credential_userpass_plaintext_new(out, c->username.c_str(), c->secret.c_str());
    }
    std::fill(c->secret.begin(), c->secret.end(), '\0');
    payload->watch->touch();
    if (rc == 0) return 0;
  }
  payload->credentials_exhausted = true;
  return GIT_EAUTH;
}

std::string format_mib(size_t bytes) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buffer;
}

int sideband_callback(const char* /*text*/, int /*length*/, void* payload_ptr) {
  static_cast<RemotePayload*>(payload_ptr)->watch->touch();
  return 0;
}

int transfer_progress_callback(const git_indexer_progress* stats, void* payload_ptr) {
  auto* payload = static_cast<RemotePayload*>(payload_ptr);
  payload->watch->touch();
  if (!payload->options->progress || stats->total_objects == 0) return 0;
  auto now = std::chrono::steady_clock::now();
  bool complete = stats->indexed_objects == stats->total_objects;
  if (!complete && now - payload->last_progress < std::chrono::milliseconds(100)) return 0;
  payload->last_progress = now;
  unsigned percent = static_cast<unsigned>(100.0 * stats->received_objects / stats->total_objects);
  payload->last_line = payload->verb + " " + payload->shown_url + ": " + std::to_string(percent) + "% (" +
                       std::to_string(stats->received_objects) + "/" + std::to_string(stats->total_objects) +
                       " objects, " + format_mib(stats->received_bytes) + ")";
  payload->options->progress(payload->last_line, false);
  return 0;
}

using OwnedRemote = Owned<git_remote, git_remote_free>;
using OwnedRepository = Owned<git_repository, git_repository_free>;
using OwnedReference = Owned<git_reference, git_reference_free>;

// Why a network step failed: the timeout when the watch saw one (libgit2
// then only says "early EOF" or the like), else libgit2's own words.
std::string failure_reason(const RemotePayload& payload) {
  if (payload.credentials_exhausted) {
    std::string tried = payload.credentials.tried();
    std::string withheld = payload.credentials.withheld();
    return "authentication failed (tried: " + (tried.empty() ? std::string("no credential source") : tried) + ")" +
           (withheld.empty() ? "" : "; " + withheld);
  }
  if (std::string what = payload.watch->timed_out(); !what.empty()) {
    return "timed out: " + what + " (--network-timeout " + std::to_string(payload.watch->seconds()) + ")";
  }
  return last_git_error();
}

// Fetches every branch and tag of `url` (a URL without credentials: they
// reach libgit2 only through the credential callback) into `repo` and points
// HEAD at the remote's default branch.
Status fetch_into(git_repository* repo, const std::string& url, RemotePayload& payload) {
  OwnedRemote remote;
  if (git_remote_lookup(remote.out(), repo, "origin") != 0) {
    return Error{"the cached clone has no 'origin' remote (" + last_git_error() + ")"};
  }
  if (const char* current = git_remote_url(remote.ptr); !current || url != current) {
    // Another spelling of the same repo (or a moved port): fetch from what was asked.
    if (git_remote_set_url(repo, "origin", url.c_str()) != 0) return Error{last_git_error()};
    git_remote_free(remote.ptr);
    remote.ptr = nullptr;
    if (git_remote_lookup(remote.out(), repo, "origin") != 0) return Error{last_git_error()};
  }
  git_remote_callbacks callbacks = GIT_REMOTE_CALLBACKS_INIT;
  callbacks.credentials = credentials_callback;
  callbacks.transfer_progress = transfer_progress_callback;
  callbacks.sideband_progress = sideband_callback;
  callbacks.payload = &payload;
  WatchScope watched(*payload.watch);
  auto failure = [&](const std::string& what) { return Error{what + ": " + failure_reason(payload)}; };
  // HTTPS_PROXY, HTTP_PROXY and NO_PROXY (git/proxy.h); the proxy is reached
  // through the same timed socket stream (network_watch.h) as a remote.
  git_proxy_options proxy = GIT_PROXY_OPTIONS_INIT;
  std::optional<std::string> proxy_url = proxy_for_url(url, [](const char* name) { return std::getenv(name); });
  if (proxy_url) {
    proxy.type = GIT_PROXY_SPECIFIED;
    proxy.url = proxy_url->c_str();
  }
  if (git_remote_connect(remote.ptr, GIT_DIRECTION_FETCH, &callbacks, &proxy, nullptr) != 0) {
    return failure(proxy_url ? "cannot reach the remote through the proxy " + redact_url(*proxy_url) : "cannot reach the remote");
  }
  git_fetch_options fetch = GIT_FETCH_OPTIONS_INIT;
  fetch.callbacks = callbacks;
  fetch.proxy_opts = proxy;
  fetch.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_ALL;
  if (git_remote_download(remote.ptr, nullptr, &fetch) != 0) return failure("download failed");
  if (git_remote_update_tips(remote.ptr, &callbacks, 0, GIT_REMOTE_DOWNLOAD_TAGS_ALL, "driftlint fetch") != 0) {
    return failure("cannot update the cached refs");
  }
  if (git_remote_prune(remote.ptr, &callbacks) != 0) return failure("cannot prune deleted branches");
  git_buf branch = GIT_BUF_INIT;
  if (git_remote_default_branch(&branch, remote.ptr) == 0) {
    OwnedReference head;
    int rc = git_reference_symbolic_create(head.out(), repo, "HEAD", branch.ptr, 1, "driftlint: remote HEAD");
    git_buf_dispose(&branch);
    if (rc != 0) return failure("cannot record the default branch");
  }
  git_remote_disconnect(remote.ptr);
  if (payload.options->progress && !payload.last_line.empty()) payload.options->progress(payload.last_line, true);
  std::ofstream(fs::path(git_repository_path(repo)) / kFetchedMarker, std::ios::trunc) << std::time(nullptr) << "\n";
  return {};
}

Status clone_into(const fs::path& partial, const std::string& url, RemotePayload& payload) {
  OwnedRepository repo;
  if (git_repository_init(repo.out(), partial.c_str(), 1) != 0) {
    return Error{"cannot create " + partial.string() + ": " + last_git_error()};
  }
  OwnedRemote remote;
  // Branches land as local branches (so `main`, `main~2` and tags resolve as
  // in the user's own clone) and as origin/* (so `origin/main` does too).
  if (git_remote_create_with_fetchspec(remote.out(), repo.ptr, "origin", url.c_str(), "+refs/heads/*:refs/heads/*") !=
          0 ||
      git_remote_add_fetch(repo.ptr, "origin", "+refs/heads/*:refs/remotes/origin/*") != 0 ||
      git_remote_add_fetch(repo.ptr, "origin", "+refs/tags/*:refs/tags/*") != 0) {
    return Error{"cannot configure the clone: " + last_git_error()};
  }
  return fetch_into(repo.ptr, url, payload);
}

// Folders 0700, files 0600 (as far as they were more open): libgit2 makes
// them by the umask, and a shared CI runner has other users.
void keep_private(const fs::path& root) {
  std::error_code ec;
  auto restrict = [&](const fs::path& p, bool dir) {
    fs::perms keep = dir ? fs::perms::owner_all : fs::perms::owner_read | fs::perms::owner_write;
    fs::perms current = fs::symlink_status(p, ec).permissions();
    if (!ec && (current & ~keep) != fs::perms::none) fs::permissions(p, current & keep, ec);
  };
  restrict(root, true);
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_symlink(ec)) continue;
    restrict(it->path(), it->is_directory(ec));
  }
}

// The cache root (left as it is when it exists) and its git/ folder (ours).
Status make_private_dirs(const fs::path& cache_root, const fs::path& git_root) {
  if (!make_private_directory(cache_root.string(), /*tighten=*/false) ||
      !make_private_directory(git_root.string(), /*tighten=*/true)) {
    return Error{"cannot create the cache directory " + git_root.string() + ": " + std::strerror(errno)};
  }
  return {};
}

std::string fetched_when(const fs::path& entry) {
  std::ifstream in(entry / kFetchedMarker);
  long long seconds = 0;
  if (!(in >> seconds) || seconds <= 0) return "at an unknown time";
  std::time_t t = static_cast<std::time_t>(seconds);
  char buffer[64];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
  return std::string("at ") + buffer;
}

}  // namespace

std::string default_cache_dir() {
  // DRIFTLINT_CACHE_DIR: for CI jobs that cache one folder, and for tests.
  if (const char* own = std::getenv("DRIFTLINT_CACHE_DIR"); own && *own) return own;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && xdg[0] == '/') return std::string(xdg) + "/driftlint";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/driftlint";
  return (fs::temp_directory_path() / ("driftlint-cache-" + std::to_string(getuid()))).string();
}

std::string cache_entry_name(const std::string& url) {
  std::string identity = normalize_git_url(url);
  std::string slug;
  for (char c : identity) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_';
    if (keep) {
      slug += c;
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
    if (slug.size() >= 64) break;
  }
  while (!slug.empty() && (slug.back() == '-' || slug.back() == '.')) slug.pop_back();
  return (slug.empty() ? std::string("repo") : slug) + "-" + hex64(fnv1a(identity)) + ".git";
}

Expected<CachedClone> open_cached_clone(const std::string& given_url, const GitCacheOptions& options) {
  ensure_libgit2();
  install_timed_socket_stream();
  UrlCredentials split = split_url_credentials(given_url);
  const std::string& url = split.url;  // what libgit2, the clone's config and every message see
  fs::path cache_root = options.cache_dir.empty() ? default_cache_dir() : options.cache_dir;
  fs::path root = cache_root / "git";
  if (Status made = make_private_dirs(cache_root, root); !made) return made.error();
  std::error_code ec;
  std::string name = cache_entry_name(url);
  fs::path entry = root / name;
  Expected<EntryLock> lock = lock_entry(root / (name + ".lock"), options);
  if (!lock) return lock.error();

  // Anything half-made by an interrupted run is not trusted; we hold the lock.
  for (const auto& e : fs::directory_iterator(root, ec)) {
    std::string file = e.path().filename().string();
    if (file.rfind(name + ".partial-", 0) == 0) fs::remove_all(e.path(), ec);
  }

  CachedClone out;
  RemotePayload payload;
  payload.credentials = CredentialSources(process_environment(), options.credentials);
  payload.shown_url = url;
  payload.options = &options;
  if (split.has_user) payload.credentials.set_url_user(split.username, split.password);
  NetworkWatch watch(options.network_timeout_seconds);
  if (url.rfind("ssh://", 0) == 0 || url.find("://") == std::string::npos) watch.start_watchdog();
  payload.watch = &watch;
  if (fs::exists(entry / "HEAD", ec)) {
    Expected<std::shared_ptr<GitRepository>> repo = GitRepository::open(entry.string());
    if (!repo) {
      if (options.offline) return Error{url + ": the cached clone " + entry.string() + " is broken (--offline)"};
      out.notes.push_back("the cached clone of " + url + " was broken and is made again");
      fs::remove_all(entry, ec);
    } else if (options.offline) {
      out.notes.push_back("offline: " + url + " as cached " + fetched_when(entry));
      out.repo = *repo;
      return out;
    } else {
      payload.verb = "fetching";
      Status fetched;
      {
        std::lock_guard<std::mutex> guard((*repo)->mutex());
        fetched = fetch_into((*repo)->raw(), url, payload);
      }
      keep_private(entry);
      if (!fetched) {
        return Error{"cannot fetch " + url + ": " + fetched.error().message + "; the cache holds a copy fetched " +
                     fetched_when(entry) + " (add --offline to lint it)"};
      }
      out.notes.push_back("fetched " + url);
      out.repo = *repo;
      return out;
    }
  }
  if (options.offline) return Error{url + ": not in the cache " + root.string() + " (--offline)"};
  fs::path partial = root / (name + ".partial-" + std::to_string(getpid()));
  payload.verb = "cloning";
  Status cloned = clone_into(partial, url, payload);
  keep_private(partial);
  if (!cloned) {
    fs::remove_all(partial, ec);
    return Error{"cannot clone " + url + ": " + cloned.error().message};
  }
  fs::rename(partial, entry, ec);
  if (ec) {
    std::string reason = ec.message();
    fs::remove_all(partial, ec);
    return Error{"cannot move the clone of " + url + " into " + entry.string() + ": " + reason};
  }
  Expected<std::shared_ptr<GitRepository>> repo = GitRepository::open(entry.string());
  if (!repo) return repo.error();
  out.notes.push_back("cloned " + url + " into " + entry.string());
  out.repo = *repo;
  return out;
}

}  // namespace driftlint
