#include "report/forge_link.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(ForgeLinkTest, LinksTheFileAtTheCommitOnKnownForges) {
  const std::string c = "0123456789abcdef0123456789abcdef01234567";
  EXPECT_EQ(forge_file_link("git@github.com:org/infra.git", c, "apps/a b.yaml", 7),
            "https://github.com/org/infra/blob/" + c + "/apps/a%20b.yaml#L7");
  EXPECT_EQ(forge_file_link("https://token@gitlab.com/group/sub/infra.git", c, "x.yaml", 0),
            "https://gitlab.com/group/sub/infra/-/blob/" + c + "/x.yaml");
  EXPECT_EQ(forge_file_link("https://gitea.corp.example/org/infra", c, "x.yaml", 2),
            "https://gitea.corp.example/org/infra/src/commit/" + c + "/x.yaml#L2");
  EXPECT_EQ(forge_file_link("https://codeberg.org/org/infra.git", c, "x.yaml", 0),
            "https://codeberg.org/org/infra/src/commit/" + c + "/x.yaml");
  // Unknown shapes, local repos and a missing commit get no link.
  EXPECT_EQ(forge_file_link("https://git.example/org/infra.git", c, "x.yaml", 1), "");
  EXPECT_EQ(forge_file_link("/srv/git/infra", c, "x.yaml", 1), "");
  EXPECT_EQ(forge_file_link("https://github.com/org/infra.git", "", "x.yaml", 1), "");
  // A host that would close the Markdown link (a pull request's `url:`) gets none either.
  EXPECT_EQ(forge_file_link("https://github.com)<!--/org/infra.git", c, "x.yaml", 1), "");
  EXPECT_EQ(forge_file_link("https://github.com](x)/org/infra.git", c, "x.yaml", 1), "");
}

}  // namespace
}  // namespace driftlint
