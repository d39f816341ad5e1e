#include "config/config_discovery.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

TEST(ConfigDiscoveryTest, TheNearestConfigUpToTheCheckoutRoot) {
  Workspace w;
  fs::create_directories(w.path_of("repo/.git"));
  w.write("repo/driftlint.yaml", "sharedNamespaces: [ml]\n");
  fs::create_directories(w.path_of("repo/apps/web"));
  EXPECT_EQ(find_config_file(w.path_of("repo/apps/web"))->value_or(""), "../../driftlint.yaml");
  EXPECT_EQ(find_config_file(w.path_of("repo"))->value_or(""), "driftlint.yaml");
}

TEST(ConfigDiscoveryTest, NeverAboveTheCheckout) {
  Workspace w;
  w.write("driftlint.yaml", "sharedNamespaces: [ml]\n");
  fs::create_directories(w.path_of("repo/.git"));
  EXPECT_FALSE(find_config_file(w.path_of("repo"))->has_value());
}

// A pull request must not make driftlint read (and quote in errors) a file
// outside the checkout through a linked config.
TEST(ConfigDiscoveryTest, ALinkOutOfTheCheckoutIsAnErrorNotRead) {
  Workspace w;
  w.write("secret.txt", "token: hunter2\n");
  fs::create_directories(w.path_of("repo/.git"));
  fs::create_symlink(w.path_of("secret.txt"), w.path_of("repo/driftlint.yaml"));
  Expected<std::optional<std::string>> found = find_config_file(w.path_of("repo"));
  ASSERT_FALSE(found);
  EXPECT_NE(found.error().message.find("driftlint.yaml: a symbolic link to a file outside the checkout"),
            std::string::npos)
      << found.error().message;
}

TEST(ConfigDiscoveryTest, ALinkInsideTheCheckoutIsRead) {
  Workspace w;
  fs::create_directories(w.path_of("repo/.git"));
  w.write("repo/config/driftlint.yaml", "sharedNamespaces: [ml]\n");
  fs::create_symlink("config/driftlint.yaml", w.path_of("repo/driftlint.yaml"));
  EXPECT_EQ(find_config_file(w.path_of("repo"))->value_or(""), "driftlint.yaml");
}

}  // namespace
}  // namespace driftlint
