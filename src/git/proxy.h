// The proxy a clone or fetch goes through, read from the environment as git
// and curl read it: https URLs use https_proxy/HTTPS_PROXY, http URLs
// http_proxy/HTTP_PROXY (the lowercase name first), unless no_proxy/NO_PROXY
// names the host ("*", a host, or a domain: "example.com" and ".example.com"
// cover git.example.com; "host:port" only that port). ssh and git:// URLs
// never use one (libgit2's transports for them cannot).
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace driftlint {

using EnvironmentLookup = std::function<const char*(const char*)>;

// The proxy URL for `url` ("http://proxy:3128"; a bare "proxy:3128" gets
// http://), or nullopt for a direct connection.
std::optional<std::string> proxy_for_url(const std::string& url, const EnvironmentLookup& environment);

}  // namespace driftlint
