#include "git/url.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace driftlint {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string strip_path(std::string path) {
  while (!path.empty() && path.front() == '/') path.erase(0, 1);
  while (!path.empty() && path.back() == '/') path.pop_back();
  if (path.size() > 4 && path.compare(path.size() - 4, 4, ".git") == 0) path.resize(path.size() - 4);
  while (!path.empty() && path.back() == '/') path.pop_back();
  return path;
}

// "file:" + the lexical absolute path without a trailing slash.
std::string local_identity(const std::filesystem::path& path) {
  std::string generic = path.lexically_normal().generic_string();
  while (generic.size() > 1 && generic.back() == '/') generic.pop_back();
  return "file:" + generic;
}

}  // namespace

std::string normalize_git_url(const std::string& input) {
  std::string url = input;
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.back()))) url.pop_back();
  if (url.empty()) return "";  // no URL, no identity (an Application without repoURL)
  size_t scheme_end = url.find("://");
  if (scheme_end != std::string::npos) {
    std::string scheme = lower(url.substr(0, scheme_end));
    std::string rest = url.substr(scheme_end + 3);
    if (scheme == "file") return local_identity(std::filesystem::path(rest));
    size_t slash = rest.find('/');
    std::string authority = rest.substr(0, slash);
    std::string path = slash == std::string::npos ? "" : rest.substr(slash);
    size_t at = authority.rfind('@');
    if (at != std::string::npos) authority = authority.substr(at + 1);
    // Ports name the transport, not the repository (ssh on 22 or 2222, https on 443).
    size_t colon = authority.find(':');
    if (colon != std::string::npos) authority = authority.substr(0, colon);
    return lower(authority) + "/" + strip_path(path);
  }
  // scp-like: [user@]host:path (no slash before the colon).
  size_t colon = url.find(':');
  size_t slash = url.find('/');
  if (colon != std::string::npos && (slash == std::string::npos || colon < slash) && colon > 0) {
    std::string host = url.substr(0, colon);
    size_t at = host.rfind('@');
    if (at != std::string::npos) host = host.substr(at + 1);
    return lower(host) + "/" + strip_path(url.substr(colon + 1));
  }
  std::error_code ec;  // never throws: a path the OS rejects keeps its lexical form
  std::filesystem::path absolute = std::filesystem::absolute(url, ec);
  return local_identity(ec ? std::filesystem::path(url) : absolute);
}

bool same_git_repo(const std::string& a, const std::string& b) {
  std::string identity = normalize_git_url(a);
  return !identity.empty() && identity == normalize_git_url(b);
}


UrlCredentials split_url_credentials(const std::string& url) {
  UrlCredentials out;
  out.url = url;
  size_t scheme_end = url.find("://");
  if (scheme_end == std::string::npos) return out;
  size_t authority_start = scheme_end + 3;
  size_t slash = url.find('/', authority_start);
  size_t at = url.rfind('@', slash == std::string::npos ? std::string::npos : slash);
  if (at == std::string::npos || at < authority_start) return out;
  std::string userinfo = url.substr(authority_start, at - authority_start);
  size_t colon = userinfo.find(':');
  out.has_user = true;
  out.username = userinfo.substr(0, colon);
  if (colon != std::string::npos) out.password = userinfo.substr(colon + 1);
  // Over http a lone user part is often the token itself (https://TOKEN@host).
  std::string scheme = lower(url.substr(0, scheme_end));
  if (scheme == "http" || scheme == "https") {
    out.url = url.substr(0, authority_start) + url.substr(at + 1);
  } else if (colon != std::string::npos) {
    out.url = url.substr(0, authority_start + colon) + url.substr(at);
  }
  return out;
}

std::string redact_url(const std::string& url) { return split_url_credentials(url).url; }

}  // namespace driftlint
