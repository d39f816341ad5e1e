// The proxy a clone or fetch goes through, read from the environment as git
// and curl read it: https URLs use https_proxy/HTTPS_PROXY (the lowercase
// name first), unless no_proxy/NO_PROXY names the host ("*", a host, or a
// domain: "example.com" and ".example.com" cover git.example.com;
// "host:port" only that port). libgit2 1.5 tunnels https through a proxy
// with CONNECT, but sends a plain-http request meant for a proxy to the
// server itself, which answers it with an error: http:// URLs therefore
// connect directly, whatever http_proxy/HTTP_PROXY say. ssh and git:// URLs
// never use a proxy (libgit2's transports for them cannot).
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
