// Timeouts for git's network traffic. libgit2 1.5 (Debian 12) has no option
// for them: a server that accepts the connection and never answers hangs a
// clone for good. driftlint registers its own socket stream with libgit2
// (git_stream_register), which connects with a timeout and waits for data no
// longer than the idle timeout; a watchdog shuts the sockets of a fetch down
// when nothing moved for that long, which also wakes the ssh transport
// (libssh2 reads the socket itself).
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace driftlint {

// --network-timeout's default, and the bound of a stream opened outside any
// watch.
constexpr unsigned kDefaultNetworkTimeoutSeconds = 60;

class NetworkWatch {
 public:
  // `seconds` bounds the connect and every wait for data (0: the default,
  // 60). Streams libgit2 opens on this thread while a WatchScope names the
  // watch report to it.
  explicit NetworkWatch(unsigned seconds);
  ~NetworkWatch();
  // For transports that read the socket themselves (ssh): silence is then
  // measured between touch() calls, and past the timeout the watch's
  // sockets are shut down.
  void start_watchdog();
  NetworkWatch(const NetworkWatch&) = delete;
  NetworkWatch& operator=(const NetworkWatch&) = delete;

  unsigned seconds() const { return seconds_; }
  std::chrono::milliseconds timeout() const { return std::chrono::seconds(seconds_); }
  // Something moved: data, progress, a credential being looked up.
  void touch();
  // What is under way ("resolving git.example"; "" when done): a watchdog
  // that fires meanwhile names it.
  void doing(const std::string& what);
  // What timed out ("connecting to host:443", "waiting for data"), or "".
  std::string timed_out() const;
  void set_timed_out(const std::string& what);

  void add_socket(int fd);
  void remove_socket(int fd);

 private:
  void run();
  unsigned seconds_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::chrono::steady_clock::time_point last_activity_;
  std::string timed_out_;
  std::string doing_;
  std::vector<int> sockets_;
  std::thread watchdog_;
};

// Makes `watch` the one that the streams libgit2 opens on this thread report
// to, for the scope's lifetime.
class WatchScope {
 public:
  explicit WatchScope(NetworkWatch& watch);
  ~WatchScope();
  WatchScope(const WatchScope&) = delete;
  WatchScope& operator=(const WatchScope&) = delete;

 private:
  NetworkWatch* previous_;
};

// Registers the timed socket stream with libgit2, once per process.
void install_timed_socket_stream();

}  // namespace driftlint
