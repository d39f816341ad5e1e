// Kept bases in the cache folder (cli/base_findings_cache.h): what is
// written under a key is read under it, and writing sweeps stale ones.
#include "cli/base_findings_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "testing/workspace.h"

namespace driftlint::cli {
namespace {

KeptBase two_findings() {
  Finding a, b;
  a.rule = "duplicate-key";
  b.rule = "yaml-syntax";
  return KeptBase{{a, b}, {}};
}

TEST(BaseFindingsCacheTest, WritingABaseRemovesStaleOnes) {
  Workspace workspace;
  std::filesystem::path folder = workspace.path_of("cache/base-findings");
  std::filesystem::create_directories(folder);
  for (const char* name : {"old.bin", "recent.bin", "before-v2.json"}) std::ofstream(folder / name) << "x";
  std::filesystem::last_write_time(folder / "old.bin",
                                   std::filesystem::file_time_type::clock::now() - std::chrono::hours(24 * 31));
  write_base_findings(workspace.path_of("cache").string(), "the key", two_findings());
  EXPECT_FALSE(std::filesystem::exists(folder / "old.bin")) << "not written for 31 days";
  EXPECT_FALSE(std::filesystem::exists(folder / "before-v2.json")) << "the format before";
  EXPECT_TRUE(std::filesystem::exists(folder / "recent.bin"));
  auto read = read_base_findings(workspace.path_of("cache").string(), "the key");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->findings.size(), 2u);
  EXPECT_FALSE(read_base_findings(workspace.path_of("cache").string(), "another key"));
}

}  // namespace
}  // namespace driftlint::cli
