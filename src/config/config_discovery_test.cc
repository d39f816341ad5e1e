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

// Issue 32: `.driftlint.yaml`, `.driftlint.yml` and `driftlint.yml` were silently ignored.
TEST(ConfigDiscoveryTest, EveryConfigNameIsFound) {
  for (const char* name : {"driftlint.yaml", "driftlint.yml", ".driftlint.yaml", ".driftlint.yml"}) {
    Workspace w;
    fs::create_directories(w.path_of("repo/.git"));
    w.write(std::string("repo/") + name, "sharedNamespaces: [ml]\n");
    fs::create_directories(w.path_of("repo/apps"));
    EXPECT_EQ(find_config_file(w.path_of("repo/apps"))->value_or(""), std::string("../") + name);
  }
}

TEST(ConfigDiscoveryTest, TwoConfigsInOneFolderAreAnError) {
  Workspace w;
  fs::create_directories(w.path_of("repo/.git"));
  w.write("repo/driftlint.yaml", "sharedNamespaces: [ml]\n");
  w.write("repo/.driftlint.yml", "sharedNamespaces: [ai]\n");
  Expected<std::optional<std::string>> found = find_config_file(w.path_of("repo"));
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error().message,
            "driftlint.yaml and .driftlint.yml are both configurations for this folder: keep one (or name it with --config)");
}

TEST(ConfigDiscoveryTest, TheNearestFolderWinsWhateverTheName) {
  Workspace w;
  fs::create_directories(w.path_of("repo/.git"));
  w.write("repo/driftlint.yaml", "sharedNamespaces: [ml]\n");
  w.write("repo/apps/.driftlint.yml", "sharedNamespaces: [ai]\n");
  EXPECT_EQ(find_config_file(w.path_of("repo/apps"))->value_or(""), ".driftlint.yml");
}

}  // namespace
}  // namespace driftlint
