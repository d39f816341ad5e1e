// The parse cache under a run's own limits: one pack serves runs with
// different ones (its name keys only the parse settings).
#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "fs/file_tree.h"
#include "load/loader.h"
#include "load/parse_cache.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

// A tree in memory whose files are known by a fixed fingerprint, so a second
// run takes them from the pack without reading them.
class FingerprintedTree : public MemoryTree {
 public:
  using MemoryTree::MemoryTree;
  std::string cache_identity() const override { return "memory:fingerprinted"; }
  std::string content_fingerprint(const std::string& path) const override { return "unchanged:" + path; }
};

// The pack serves every size limit: a run with a lower one does not take
// from it a file over its own.
TEST(ParseCacheLimitsTest, AFileOverTheRunsLimitIsNotTakenFromThePack) {
  Workspace work;
  RepoInput repo;
  repo.name = "r";
  repo.source = "memory";
  repo.tree = std::make_shared<FingerprintedTree>(std::map<std::string, std::string>{
      {"big.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\n"}, {"small.yaml", "{}\n"}});
  LoadOptions options;
  ParseCache cache(work.path_of("cache").string(), options.parse_limits);
  options.cache = &cache;
  ASSERT_EQ(load_repos({repo}, options).manifests.size(), 1u);
  options.max_file_size = 40;
  LoadResult small = load_repos({repo}, options);
  ASSERT_EQ(small.files.size(), 2u);
  EXPECT_TRUE(small.files[0].too_large);
  EXPECT_TRUE(small.files[0].parsed.documents.empty());
  EXPECT_TRUE(small.files[1].from_cache) << "the fingerprint is taken for what is within the limit";
  EXPECT_TRUE(small.manifests.empty());
}

}  // namespace
}  // namespace driftlint
