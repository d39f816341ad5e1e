#include "base/glob.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(GlobTest, Table) {
  struct Case {
    const char* pattern;
    const char* path;
    bool match;
  } cases[] = {
      {"legacy/**", "legacy/a.yaml", true},
      {"legacy/**", "legacy/x/y/a.yaml", true},
      {"legacy/**", "other/legacy/a.yaml", false},
      {"**/quota.yaml", "quota.yaml", true},
      {"**/quota.yaml", "a/b/quota.yaml", true},
      {"**/quota.yaml", "a/b/quota.yml", false},
      {"*.yaml", "a.yaml", true},
      {"*.yaml", "dir/a.yaml", false},
      {"dir/*.yaml", "dir/a.yaml", true},
      {"dir/*/x.yaml", "dir/a/x.yaml", true},
      {"dir/*/x.yaml", "dir/a/b/x.yaml", false},
      {"a?.yaml", "ab.yaml", true},
      {"a?.yaml", "a/.yaml", false},
      {"[ab].yaml", "b.yaml", true},
      {"[!ab].yaml", "b.yaml", false},
      {"[!ab].yaml", "c.yaml", true},
      {"{apps,infra}/**/*.yaml", "infra/x/y.yaml", true},
      {"{apps,infra}/**/*.yaml", "other/x/y.yaml", false},
      {"apps/**/base/*.yaml", "apps/base/a.yaml", true},
      {"apps/**/base/*.yaml", "apps/x/y/base/a.yaml", true},
      {"", "", true},
      {"a", "", false},
      {"**", "anything/at/all", true},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(glob_match(c.pattern, c.path), c.match) << c.pattern << " vs " << c.path;
  }
}

}  // namespace
}  // namespace driftlint
