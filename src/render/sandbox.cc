#include "render/sandbox.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "base/scratch.h"

namespace driftlint {

namespace {

// Only these are made: removing a folder costs a few ms on some disks (3.5 ms
// on ext4 here), and each run removes its own. The XDG, Helm and plugin
// folders are below HOME, empty until a tool makes them.
constexpr const char* kFolders[] = {"home", "tmp", "bin"};

// The private folders of one run, removed with everything the tool wrote there.
class PrivateFolders {
 public:
  explicit PrivateFolders(const std::string& parent) {
    std::string pattern = parent + "/driftlint-sandbox-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (!mkdtemp(buffer.data())) {
      error_ = "cannot make a private folder in " + pattern + ": " + std::strerror(errno);
      return;
    }
    root_ = buffer.data();
    for (const char* folder : kFolders) {
      if (mkdir((root_ + "/" + folder).c_str(), 0700) != 0) error_ = "cannot make " + root_ + "/" + folder;
    }
  }
  ~PrivateFolders() {
    if (root_.empty()) return;
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
  }
  PrivateFolders(const PrivateFolders&) = delete;
  PrivateFolders& operator=(const PrivateFolders&) = delete;

  const std::string& root() const { return root_; }
  const std::string& error() const { return error_; }

 private:
  std::string root_, error_;
};

ProcessResult not_started(const std::string& why) {
  ProcessResult r;
  r.err = why;
  return r;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> sandbox_environment(const std::string& root, bool network_isolated) {
  std::vector<std::pair<std::string, std::string>> env = {
      {"PATH", root + "/bin"},
      {"HOME", root + "/home"},
      {"TMPDIR", root + "/tmp"},
      {"LANG", "C"},
      {"XDG_CACHE_HOME", root + "/home/.cache"},
      {"XDG_CONFIG_HOME", root + "/home/.config"},
      {"XDG_DATA_HOME", root + "/home/.local/share"},
      {"XDG_STATE_HOME", root + "/home/.local/state"},
      {"HELM_CACHE_HOME", root + "/home/.cache/helm"},
      {"HELM_CONFIG_HOME", root + "/home/.config/helm"},
      {"HELM_DATA_HOME", root + "/home/.local/share/helm"},
      {"HELM_PLUGINS", root + "/home/.local/share/helm/plugins"},
      {"HELM_NO_PLUGINS", "1"},
      {"KUSTOMIZE_PLUGIN_HOME", root + "/home/.config/kustomize/plugin"},
  };
  if (!network_isolated) {
    // Go's HTTP clients (helm's schema loader, kustomize's remote files) honour these.
    for (const char* name : {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"}) {
      env.emplace_back(name, kNowhereProxy);
    }
    env.emplace_back("NO_PROXY", "");
    env.emplace_back("no_proxy", "");
  }
  return env;
}

bool RenderSandbox::network_isolated() const {
  std::call_once(probe_, [this] {
    if (network_ == Network::Probe) network_ = host_->can_isolate() ? Network::Isolated : Network::ProxiesOnly;
  });
  return network_ == Network::Isolated;
}

std::optional<std::string> RenderSandbox::note() const {
  if (!used_ || network_isolated()) return std::nullopt;
  return "kustomize and helm ran without network isolation (namespaces cannot be made here: a container without "
         "user namespaces?): only proxies that lead nowhere kept them off the network";
}

ProcessResult RenderSandbox::run(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                                 size_t max_output, bool reach_network) const {
  if (argv.empty() || argv[0].empty() || argv[0][0] != '/') return not_started("the tool's path is not absolute");
  // What a tool that downloads writes (kustomize clones a remote base into
  // TMPDIR) goes where the user's TMPDIR (else /tmp) is, never to the memory
  // folder chosen for speed: its pages escape the tool's memory limit.
  PrivateFolders folders(reach_network ? disk_scratch_root() : scratch_root());
  if (!folders.error().empty()) return not_started(folders.error());
  std::string tool = argv[0].substr(argv[0].rfind('/') + 1);
  if (symlink(argv[0].c_str(), (folders.root() + "/bin/" + tool).c_str()) != 0) {
    return not_started("cannot link " + argv[0] + " into " + folders.root() + "/bin");
  }
  if (!reach_network) used_ = true;
  ProcessOptions options;
  options.timeout = timeout;
  options.max_output = max_output;
  options.inherit_environment = false;
  options.isolate = !reach_network && network_isolated();
  options.environment = sandbox_environment(folders.root(), !reach_network ? options.isolate : true);
  options.max_address_space = max_memory_bytes_;
  if (reach_network) {
    std::optional<std::string> git = host_->find("git");
    if (!git || symlink(git->c_str(), (folders.root() + "/bin/git").c_str()) != 0) {
      return not_started("git is needed to fetch a remote base, and is not installed");
    }
    for (const char* name : {"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"}) {
      if (const char* value = std::getenv(name)) options.environment.emplace_back(name, value);
    }
    // git's own scripts (git submodule) need the system's basic tools.
    for (auto& [name, value] : options.environment) {
      if (name == "PATH") value += ":/usr/bin:/bin";
    }
    options.environment.insert(options.environment.end(), {{"GIT_ALLOW_PROTOCOL", "https:http"},
                                                           {"GIT_TERMINAL_PROMPT", "0"},
                                                           {"GIT_CONFIG_NOSYSTEM", "1"},
                                                           {"GIT_CONFIG_GLOBAL", "/dev/null"}});
  }
  return host_->run(argv, options);
}

}  // namespace driftlint
