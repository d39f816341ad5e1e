#include "render/chart_fetch.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <sys/socket.h>

#include <algorithm>
#include <filesystem>

#include "base/files.h"
#include "base/hash.h"
#include "base/process.h"
#include "base/strings.h"
#include "git/url.h"

namespace driftlint {

namespace fs = std::filesystem;

namespace {

bool is_oci(const std::string& url) { return url.find("://") == std::string::npos || url.starts_with("oci://"); }

bool is_exact_version(const std::string& v) {
  std::string_view s = v;
  if (s.starts_with("v")) s.remove_prefix(1);
  int dots = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '-' || c == '+') return dots == 2 && i > 0;
    if (c == '.') ++dots;
    else if (c < '0' || c > '9') return false;
  }
  return dots == 2;
}

bool link_local(const sockaddr* address) {
  if (address->sa_family == AF_INET) {
    uint32_t ip = ntohl(reinterpret_cast<const sockaddr_in*>(address)->sin_addr.s_addr);
    return (ip >> 16) == 0xA9FE;  // 169.254.0.0/16
  }
  if (address->sa_family == AF_INET6) {
    const unsigned char* b = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr.s6_addr;
    bool mapped = std::all_of(b, b + 10, [](unsigned char x) { return x == 0; }) && b[10] == 0xFF && b[11] == 0xFF;
    if (mapped) return b[12] == 169 && b[13] == 254;
    return b[0] == 0xFE && (b[1] & 0xC0) == 0x80;  // fe80::/10
  }
  return false;
}

std::string host_without_port(const std::string& host) {
  if (host.starts_with("[")) return host.substr(1, host.find(']') - 1);
  size_t colon = host.rfind(':');
  return colon == std::string::npos ? host : host.substr(0, colon);
}

// The private folders of one `helm pull`, removed when it ends.
struct PullFolder {
  fs::path root;
  explicit PullFolder(const fs::path& base) {
    std::error_code ec;
    fs::create_directories(base, ec);
    std::string pattern = (base / "pull-XXXXXX").string();
    if (::mkdtemp(pattern.data())) root = pattern;
  }
  ~PullFolder() {
    std::error_code ec;
    if (!root.empty()) fs::remove_all(root, ec);
  }
};

std::vector<std::pair<std::string, std::string>> pull_environment(const fs::path& root) {
  std::string home = (root / "home").string();
  std::vector<std::pair<std::string, std::string>> env = {
      {"HOME", home},
      {"TMPDIR", (root / "tmp").string()},
      {"PATH", (root / "bin").string()},
      {"LANG", "C"},
      {"XDG_CACHE_HOME", home + "/.cache"},
      {"XDG_CONFIG_HOME", home + "/.config"},
      {"XDG_DATA_HOME", home + "/.local/share"},
      {"HELM_CACHE_HOME", home + "/.cache/helm"},
      {"HELM_CONFIG_HOME", home + "/.config/helm"},
      {"HELM_DATA_HOME", home + "/.local/share/helm"},
      {"HELM_REGISTRY_CONFIG", home + "/.config/helm/registry/config.json"},
      {"HELM_REPOSITORY_CONFIG", home + "/.config/helm/repositories.yaml"},
      {"DOCKER_CONFIG", home + "/.docker"},
  };
  // A proxy the user runs behind is how the network is reached at all.
  for (const char* name : {"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"}) {
    if (const char* value = std::getenv(name)) env.emplace_back(name, value);
  }
  return env;
}

std::vector<std::string> pull_arguments(const ChartReference& ref, const std::string& helm, const std::string& into) {
  std::vector<std::string> argv = {helm, "pull"};
  if (is_oci(ref.repo_url)) {
    std::string base = ref.repo_url.starts_with("oci://") ? ref.repo_url.substr(6) : ref.repo_url;
    while (!base.empty() && base.back() == '/') base.pop_back();
    argv.push_back("oci://" + base + "/" + ref.chart);
    std::string host = host_without_port(chart_host(ref.repo_url));
    if (host == "127.0.0.1" || host == "localhost" || host == "::1") argv.push_back("--plain-http");  // a registry of this machine
  } else {
    argv.insert(argv.end(), {ref.chart, "--repo", ref.repo_url});
  }
  if (!ref.version.empty()) argv.insert(argv.end(), {"--version", ref.version});
  argv.insert(argv.end(), {"--destination", into});
  return argv;
}

std::string first_line(const std::string& text) {
  std::string_view t = trim(text);
  if (t.starts_with("Error: ")) t.remove_prefix(7);
  size_t end = t.find('\n');
  return std::string(t.substr(0, std::min<size_t>(end, 300)));
}

Expected<std::string> pull(const ChartReference& ref, const RenderTool& helm, const ProcessHost& host,
                           const ChartFetchOptions& options) {
  PullFolder folder(options.cache_dir.empty() ? fs::temp_directory_path() / "driftlint-charts"
                                              : fs::path(options.cache_dir) / "charts");
  if (folder.root.empty()) return Error{"no private folder could be made for helm pull"};
  for (const char* sub : {"home", "tmp", "bin", "out"}) fs::create_directories(folder.root / sub);
  ProcessOptions run;
  run.timeout = options.timeout;
  run.max_address_space = 2048ull << 20;  // as a render's default --render-memory
  run.inherit_environment = false;
  run.environment = pull_environment(folder.root);
  ProcessResult r = host.run(pull_arguments(ref, helm.command.front(), (folder.root / "out").string()), run);
  if (r.timed_out) return Error{"helm pull took longer than the network timeout (" + std::to_string(options.timeout.count()) + " s)"};
  if (!r.ok()) return Error{"helm pull: " + redact_urls_in(first_line(r.err.empty() ? r.out : r.err))};
  for (const fs::directory_entry& e : fs::directory_iterator(folder.root / "out")) {
    if (e.path().extension() != ".tgz") continue;
    Expected<std::string> content = read_regular_file(e.path().string(), options.max_bytes);
    if (!content) return Error{"the package helm pulled cannot be read: " + content.error().message};
    return content;
  }
  return Error{"helm pull wrote no package"};
}

}  // namespace

std::string chart_host(const std::string& repo_url) {
  std::string_view rest = repo_url;
  if (size_t scheme = rest.find("://"); scheme != std::string_view::npos) rest.remove_prefix(scheme + 3);
  if (size_t at = rest.find('@'); at != std::string_view::npos && at < rest.find('/')) rest.remove_prefix(at + 1);
  return std::string(rest.substr(0, rest.find('/')));
}

std::string host_refusal(const std::string& host, const std::vector<std::string>& allowed) {
  if (host.empty()) return "it names no host";
  std::string name = host_without_port(host);
  if (allowed.empty()) return "the network is off";
  bool named = std::any_of(allowed.begin(), allowed.end(), [&](const std::string& a) { return a == host || a == name; });
  if (!named) return "its host " + host + " is not among the hosts --allow-network names";
  if (name == "metadata.google.internal" || name == "metadata") return "its host " + name + " is a cloud metadata service";
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(name.c_str(), nullptr, &hints, &found) != 0) return "its host " + name + " does not resolve";
  bool refused = false;
  for (addrinfo* a = found; a; a = a->ai_next) refused = refused || link_local(a->ai_addr);
  ::freeaddrinfo(found);
  return refused ? "its host " + name + " resolves to a link-local address (where cloud metadata services answer)" : "";
}

Expected<std::string> fetch_chart(const ChartReference& ref, const RenderTool& helm, const ProcessHost& host,
                                  const ChartFetchOptions& options, bool& network_off) {
  network_off = false;
  std::string kept;
  bool keep = !options.cache_dir.empty() && is_exact_version(ref.version);
  if (keep) {
    kept = (fs::path(options.cache_dir) / "charts" / (hex64(fnv1a("helm-pull-v1\n" + ref.repo_url + "\n" + ref.chart + "\n" + ref.version)) + ".tgz")).string();
    if (Expected<std::string> cached = read_regular_file(kept, options.max_bytes)) return cached;
  }
  if (std::string why = host_refusal(chart_host(ref.repo_url), options.allowed_hosts); !why.empty()) {
    network_off = true;
    return Error{why};
  }
  Expected<std::string> package = pull(ref, helm, host, options);
  if (package && keep) write_file_atomically(kept, *package);
  return package;
}

}  // namespace driftlint
