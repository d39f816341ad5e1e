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

std::string redact_urls_in(std::string_view text) {
  auto scheme_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.'; };
  auto ends_url = [](char c) { return std::isspace(static_cast<unsigned char>(c)) || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`'; };
  std::string out;
  size_t pos = 0;
  for (size_t sep = text.find("://"); sep != std::string_view::npos; sep = text.find("://", pos)) {
    size_t start = sep;
    while (start > pos && scheme_char(text[start - 1])) --start;
    size_t end = sep + 3;
    while (end < text.size() && !ends_url(text[end])) ++end;
    out += text.substr(pos, start - pos);
    out += start == sep ? std::string(text.substr(sep, end - sep)) : redact_url(std::string(text.substr(start, end - start)));
    pos = end;
  }
  out += text.substr(pos);
  return out;
}

namespace {

bool plain_host(const std::string& host) {
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    return host.find_first_not_of("0123456789abcdef:.", 1) == host.size() - 1;
  }
  if (host.empty() || host.front() == '.' || host.front() == '-') return false;
  return host.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.-") == std::string::npos;
}

// "host", "host:port", "[v6]" or "[v6]:port" into the endpoint.
bool split_authority(const std::string& authority, UrlEndpoint& out) {
  size_t port_colon = std::string::npos;
  if (!authority.empty() && authority.front() == '[') {
    size_t close = authority.find(']');
    if (close == std::string::npos) return false;
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') return false;
      port_colon = close + 1;
    }
  } else {
    port_colon = authority.find(':');
  }
  out.host = lower(authority.substr(0, port_colon));
  if (port_colon != std::string::npos) out.port = authority.substr(port_colon + 1);
  bool port_ok = out.port.find_first_not_of("0123456789") == std::string::npos && out.port.size() <= 5;
  return plain_host(out.host) && port_ok;
}

}  // namespace

std::optional<UrlEndpoint> url_endpoint(const std::string& url) {
  UrlEndpoint out;
  std::string authority;
  size_t scheme_end = url.find("://");
  if (scheme_end != std::string::npos) {
    out.scheme = lower(url.substr(0, scheme_end));
    if (out.scheme == "file") return std::nullopt;
    std::string rest = url.substr(scheme_end + 3);
    authority = rest.substr(0, rest.find_first_of("/?#"));
    if (authority.find('\\') != std::string::npos) return std::nullopt;  // parsers disagree on where it leads
    if (size_t at = authority.rfind('@'); at != std::string::npos) authority = authority.substr(at + 1);
  } else {
    // scp-like: [user@]host:path, no slash before the colon.
    size_t colon = url.find(':');
    size_t slash = url.find('/');
    if (colon == std::string::npos || colon == 0 || (slash != std::string::npos && slash < colon)) return std::nullopt;
    out.scheme = "ssh";
    authority = url.substr(0, colon);
    if (size_t at = authority.rfind('@'); at != std::string::npos) authority = authority.substr(at + 1);
    out.host = lower(authority);
    if (!plain_host(out.host)) return std::nullopt;
    return out;
  }
  if (!split_authority(authority, out)) return std::nullopt;
  return out;
}

}  // namespace driftlint
