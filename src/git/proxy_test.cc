#include "git/proxy.h"

#include <gtest/gtest.h>

#include <map>

namespace driftlint {
namespace {

std::optional<std::string> via(const std::string& url, const std::map<std::string, std::string>& env) {
  return proxy_for_url(url, [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}

TEST(ProxyTest, HttpsUrlsUseHttpsProxyLowercaseFirst) {
  std::map<std::string, std::string> env = {{"HTTPS_PROXY", "upper:1"}, {"http_proxy", "lower:2"}};
  EXPECT_EQ(via("https://git.example/org/x.git", env), "http://upper:1");  // a bare host:port gets http://
  // libgit2 1.5 would send a plain-http request meant for the proxy to the server: direct.
  EXPECT_EQ(via("http://git.example/org/x.git", env), std::nullopt);
  env["https_proxy"] = "http://lower:3";
  EXPECT_EQ(via("https://git.example/org/x.git", env), "http://lower:3");
  EXPECT_EQ(via("ssh://git@git.example/org/x.git", env), std::nullopt);
  EXPECT_EQ(via("git://git.example/x.git", env), std::nullopt);
  EXPECT_EQ(via("https://git.example/x.git", {}), std::nullopt);
}

TEST(ProxyTest, NoProxyHostsDomainsPortsAndStar) {
  std::map<std::string, std::string> env = {{"https_proxy", "http://p:1"}};
  auto with = [&](const std::string& no_proxy) {
    std::map<std::string, std::string> e = env;
    e["NO_PROXY"] = no_proxy;
    return e;
  };
  EXPECT_EQ(via("https://git.example.com/x", with("example.com")), std::nullopt);
  EXPECT_EQ(via("https://git.example.com/x", with(".example.com")), std::nullopt);
  EXPECT_EQ(via("https://GIT.example.com:443/x", with("other.org, git.example.com")), std::nullopt);
  EXPECT_EQ(via("https://notexample.com/x", with("example.com")), "http://p:1");
  EXPECT_EQ(via("https://user:pw@127.0.0.1:8443/x", with("127.0.0.1:8443")), std::nullopt);
  EXPECT_EQ(via("https://127.0.0.1:9443/x", with("127.0.0.1:8443")), "http://p:1");
  EXPECT_EQ(via("https://[::1]:8443/x", with("::1")), std::nullopt);
  EXPECT_EQ(via("https://anything/x", with("*")), std::nullopt);
  env["no_proxy"] = "";
  EXPECT_EQ(via("https://git.example.com/x", env), "http://p:1");
}

}  // namespace
}  // namespace driftlint
