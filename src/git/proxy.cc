#include "git/proxy.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace driftlint {

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string first_set(const EnvironmentLookup& environment, const char* lowercase, const char* uppercase) {
  for (const char* name : {lowercase, uppercase}) {
    const char* value = environment(name);
    if (value && *value) return value;
  }
  return "";
}

struct HostPort {
  std::string scheme, host, port;  // port: as written, else the scheme's
};

// "https://user:pw@Host.Example:8443/x" -> https, host.example, 8443.
std::optional<HostPort> parse_host(const std::string& url) {
  size_t scheme_end = url.find("://");
  if (scheme_end == std::string::npos) return std::nullopt;
  HostPort out{lower(url.substr(0, scheme_end)), "", ""};
  std::string rest = url.substr(scheme_end + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  if (size_t at = rest.rfind('@'); at != std::string::npos) rest = rest.substr(at + 1);
  size_t colon = rest.rfind(':');
  bool bracketed = !rest.empty() && rest[0] == '[';
  if (colon != std::string::npos && (!bracketed || rest.find(']') < colon)) {
    out.port = rest.substr(colon + 1);
    rest = rest.substr(0, colon);
  }
  if (bracketed && rest.size() >= 2) rest = rest.substr(1, rest.size() - 2);
  out.host = lower(rest);
  if (out.port.empty()) out.port = out.scheme == "https" ? "443" : "80";
  return out;
}

// Whether one no_proxy entry covers the host.
bool covers(std::string entry, const HostPort& target) {
  entry = lower(entry);
  if (entry == "*") return true;
  if (size_t colon = entry.rfind(':'); colon != std::string::npos && entry.find(']') == std::string::npos &&
                                       entry.find(':') == colon) {
    if (entry.substr(colon + 1) != target.port) return false;
    entry = entry.substr(0, colon);
  }
  if (!entry.empty() && entry[0] == '.') entry = entry.substr(1);
  if (entry.size() >= 2 && entry.front() == '[' && entry.back() == ']') entry = entry.substr(1, entry.size() - 2);
  if (entry.empty()) return false;
  if (target.host == entry) return true;
  return target.host.size() > entry.size() && target.host.ends_with("." + entry);
}

bool excluded(const std::string& no_proxy, const HostPort& target) {
  std::string entry;
  for (size_t i = 0; i <= no_proxy.size(); ++i) {
    char c = i < no_proxy.size() ? no_proxy[i] : ',';
    if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
      if (!entry.empty() && covers(entry, target)) return true;
      entry.clear();
    } else {
      entry += c;
    }
  }
  return false;
}

}  // namespace

std::optional<std::string> proxy_for_url(const std::string& url, const EnvironmentLookup& environment) {
  std::optional<HostPort> target = parse_host(url);
  if (!target || target->scheme != "https") return std::nullopt;
  std::string proxy = first_set(environment, "https_proxy", "HTTPS_PROXY");
  if (proxy.empty() || excluded(first_set(environment, "no_proxy", "NO_PROXY"), *target)) return std::nullopt;
  if (proxy.find("://") == std::string::npos) proxy = "http://" + proxy;
  return proxy;
}

}  // namespace driftlint
