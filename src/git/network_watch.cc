#include "git/network_watch.h"

#include <fcntl.h>
#include <git2.h>
#include <git2/sys/stream.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <system_error>

namespace driftlint {

namespace {

thread_local NetworkWatch* current_watch = nullptr;

// The layout of libgit2's git_socket_stream (src/libgit2/streams/socket.h,
// unchanged since 0.28): its ssh transport reads `s` through that struct to
// hand the socket to libssh2, so these four fields must stay first.
struct TimedSocket {
  git_stream parent;
  char* host;
  char* port;
  int s;
  NetworkWatch* watch;
};
static_assert(offsetof(TimedSocket, parent) == 0);

TimedSocket* as_socket(git_stream* stream) { return reinterpret_cast<TimedSocket*>(stream); }

int fail(const std::string& message) {
  git_error_set_str(GIT_ERROR_NET, message.c_str());
  return -1;
}

unsigned timeout_seconds(const TimedSocket* st) {
  return st->watch ? st->watch->seconds() : kDefaultNetworkTimeoutSeconds;
}

int timeout_ms(const TimedSocket* st) { return static_cast<int>(timeout_seconds(st) * 1000); }

// Waits until `fd` is ready for `events`: 1 ready, 0 timed out, -1 error.
int wait_ready(int fd, short events, int ms) {
  struct pollfd p {fd, events, 0};
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    int rc = ::poll(&p, 1, ms);
    if (rc >= 0) return rc > 0 ? 1 : 0;
    if (errno != EINTR) return -1;
    ms = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count());
    if (ms <= 0) return 0;
  }
}

std::string timeout_text(const TimedSocket* st, const std::string& what) {
  return what + " " + st->host + ":" + st->port + " for over " +
         std::to_string(timeout_seconds(st)) + " s";
}

// A non-blocking connect bounded by the timeout; the socket is left blocking
// (libssh2 expects that), every later wait goes through poll.
int connect_one(const struct addrinfo* a, int ms, bool& timed_out) {
  int s = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
  if (s < 0) return -1;
  int rc = ::connect(s, a->ai_addr, a->ai_addrlen);
  if (rc != 0 && errno == EINPROGRESS) {
    int ready = wait_ready(s, POLLOUT, ms);
    int error = 0;
    socklen_t length = sizeof error;
    if (ready == 0) timed_out = true;
    rc = ready == 1 && ::getsockopt(s, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0 ? 0 : -1;
    if (error) errno = error;
  }
  if (rc != 0) {
    int saved = errno;
    ::close(s);
    errno = saved;
    return -1;
  }
  ::fcntl(s, F_SETFL, ::fcntl(s, F_GETFL) & ~O_NONBLOCK);
  return s;
}

// One getaddrinfo call on its own thread. The side that finishes last (the
// caller, or the thread of a caller that stopped waiting) frees it.
struct Resolution {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  int rc = 0;
  struct addrinfo* info = nullptr;
  std::string host, port;
  ~Resolution() {
    if (info) ::freeaddrinfo(info);
  }
};

// getaddrinfo has no timeout of its own: the resolver's come from
// resolv.conf (5 s per server and try by default, more when configured) and
// a hung NSS module has none. It runs on a helper thread, and past `ms` the
// caller gives up and leaves the thread to finish alone (the thread keeps
// the Resolution alive; nothing it touches belongs to the caller).
int resolve(const char* host, const char* port, int ms, struct addrinfo** out, bool& timed_out) {
  auto r = std::make_shared<Resolution>();
  r->host = host;
  r->port = port;
  try {
    std::thread([r] {
      struct addrinfo hints {};
      hints.ai_socktype = SOCK_STREAM;
      hints.ai_family = AF_UNSPEC;
      struct addrinfo* info = nullptr;
      int rc = ::getaddrinfo(r->host.c_str(), r->port.c_str(), &hints, &info);
      std::lock_guard<std::mutex> lock(r->mutex);
      r->rc = rc;
      r->info = rc == 0 ? info : nullptr;
      r->done = true;
      r->finished.notify_all();
    }).detach();
  } catch (const std::system_error&) {
    return EAI_SYSTEM;  // no thread to spare: report it rather than wait unbounded
  }
  std::unique_lock<std::mutex> lock(r->mutex);
  if (!r->finished.wait_for(lock, std::chrono::milliseconds(ms), [&] { return r->done; })) {
    timed_out = true;
    return EAI_AGAIN;
  }
  *out = r->info;
  r->info = nullptr;
  return r->rc;
}

int socket_connect(git_stream* stream) {
  TimedSocket* st = as_socket(stream);
  if (st->watch && !st->watch->timed_out().empty()) return fail("timed out: " + st->watch->timed_out());
  struct addrinfo* info = nullptr;
  bool timed_out = false;
  if (st->watch) st->watch->doing("resolving " + std::string(st->host));
  int resolved = resolve(st->host, st->port, timeout_ms(st), &info, timed_out);
  if (st->watch) st->watch->doing("");
  if (int rc = resolved; rc != 0) {
    if (timed_out) {
      std::string what = "resolving " + std::string(st->host) + " for over " + std::to_string(timeout_seconds(st)) + " s";
      if (st->watch) st->watch->set_timed_out(what);
      return fail(what);
    }
    return fail(std::string("failed to resolve address for ") + st->host + ": " + gai_strerror(rc));
  }
  int error = 0;
  for (const struct addrinfo* a = info; a && st->s < 0 && !timed_out; a = a->ai_next) {
    st->s = connect_one(a, timeout_ms(st), timed_out);
    if (st->s < 0) error = errno;
  }
  ::freeaddrinfo(info);
  if (timed_out) {
    std::string what = timeout_text(st, "connecting to");
    if (st->watch) st->watch->set_timed_out(what);
    return fail(what);
  }
  if (st->s < 0) return fail(std::string("failed to connect to ") + st->host + ": " + std::strerror(error));
  if (st->watch) {
    st->watch->add_socket(st->s);
    st->watch->touch();
  }
  return 0;
}

// Waits at most the idle timeout for the socket to be ready for `events`,
// then makes one non-blocking `io` call; `doing` names it in messages.
template <typename Io>
ssize_t transfer(TimedSocket* st, short events, const char* waiting, const char* doing, Io io) {
  for (;;) {
    int ready = wait_ready(st->s, events, timeout_ms(st));
    if (ready == 0) {
      std::string what = timeout_text(st, waiting);
      if (st->watch) st->watch->set_timed_out(what);
      return fail(what);
    }
    if (ready < 0) return fail(std::string("error waiting for the socket: ") + std::strerror(errno));
    ssize_t n = io();
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
    if (n < 0) return fail(std::string("error ") + doing + " socket: " + std::strerror(errno));
    if (st->watch) st->watch->touch();
    return n;
  }
}

ssize_t socket_read(git_stream* stream, void* data, size_t length) {
  TimedSocket* st = as_socket(stream);
  return transfer(st, POLLIN, "no data from", "receiving data from",
                  [&] { return ::recv(st->s, data, length, MSG_DONTWAIT); });
}

ssize_t socket_write(git_stream* stream, const char* data, size_t length, int /*flags*/) {
  TimedSocket* st = as_socket(stream);
  // MSG_NOSIGNAL: a peer that closed must be an error, not SIGPIPE.
  return transfer(st, POLLOUT, "could not send to", "sending data to",
                  [&] { return ::send(st->s, data, length, MSG_DONTWAIT | MSG_NOSIGNAL); });
}

int socket_close(git_stream* stream) {
  TimedSocket* st = as_socket(stream);
  if (st->s < 0) return 0;
  if (st->watch) st->watch->remove_socket(st->s);
  int rc = ::close(st->s);
  st->s = -1;
  return rc;
}

void socket_free(git_stream* stream) {
  TimedSocket* st = as_socket(stream);
  if (st->s >= 0) socket_close(stream);
  std::free(st->host);
  std::free(st->port);
  delete st;
}

int socket_stream_new(git_stream** out, const char* host, const char* port) {
  auto* st = new TimedSocket{};
  st->parent.version = GIT_STREAM_VERSION;
  st->parent.connect = socket_connect;
  st->parent.read = socket_read;
  st->parent.write = socket_write;
  st->parent.close = socket_close;
  st->parent.free = socket_free;
  st->host = ::strdup(host ? host : "");
  st->port = ::strdup(port ? port : "");
  st->s = -1;
  st->watch = current_watch;
  *out = &st->parent;
  return 0;
}

}  // namespace

NetworkWatch::NetworkWatch(unsigned seconds)
    : seconds_(seconds == 0 ? kDefaultNetworkTimeoutSeconds : seconds), last_activity_(std::chrono::steady_clock::now()) {}

NetworkWatch::~NetworkWatch() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (watchdog_.joinable()) watchdog_.join();
}

void NetworkWatch::start_watchdog() {
  if (!watchdog_.joinable()) watchdog_ = std::thread([this] { run(); });
}

void NetworkWatch::touch() {
  std::lock_guard<std::mutex> lock(mutex_);
  last_activity_ = std::chrono::steady_clock::now();
}

std::string NetworkWatch::timed_out() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return timed_out_;
}

void NetworkWatch::doing(const std::string& what) {
  std::lock_guard<std::mutex> lock(mutex_);
  doing_ = what;
  last_activity_ = std::chrono::steady_clock::now();
}

void NetworkWatch::set_timed_out(const std::string& what) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (timed_out_.empty()) timed_out_ = what;
}

void NetworkWatch::add_socket(int fd) {
  std::lock_guard<std::mutex> lock(mutex_);
  sockets_.push_back(fd);
}

void NetworkWatch::remove_socket(int fd) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::erase(sockets_, fd);
}

// The ssh transport reads the socket itself, so silence there is seen only
// as no progress: past the timeout the sockets are shut down, which makes
// libssh2's blocked read return and the fetch fail.
void NetworkWatch::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_) {
    wake_.wait_for(lock, std::chrono::milliseconds(200));
    if (stop_ || std::chrono::steady_clock::now() - last_activity_ < timeout()) continue;
    if (timed_out_.empty()) {
      std::string what = doing_.empty() ? "no answer from the server" : doing_;
      timed_out_ = what + " for over " + std::to_string(seconds_) + " s";
    }
    for (int fd : sockets_) ::shutdown(fd, SHUT_RDWR);
  }
}

WatchScope::WatchScope(NetworkWatch& watch) : previous_(current_watch) { current_watch = &watch; }

WatchScope::~WatchScope() { current_watch = previous_; }

void install_timed_socket_stream() {
  static std::once_flag once;
  std::call_once(once, [] {
    git_stream_registration registration = {};
    registration.version = GIT_STREAM_VERSION;
    registration.init = socket_stream_new;
    registration.wrap = nullptr;
    git_stream_register(GIT_STREAM_STANDARD, &registration);
  });
}

}  // namespace driftlint
