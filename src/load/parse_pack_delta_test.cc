// The parse cache's delta (load/parse_pack_format.h): a few changed files are
// written beside the pack instead of the pack whole, and a delta that does
// not hold together, or extends another pack, is not read.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "load/cache_test_support.h"
#include "load/parse_cache.h"
#include "load/parse_pack_format.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class ParsePackDeltaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int i = 0; i < 40; ++i) write("apps/cm" + std::to_string(i) + ".yaml", config_map(i, "1"));
  }
  static std::string config_map(int i, const std::string& value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm" + std::to_string(i) + "}\ndata: {x: '" + value + "'}\n";
  }
  // Writes `text` to `path` in the repo, older than the two-second window so its stamp counts.
  void write(const std::string& path, const std::string& text) {
    workspace_.write("repo/" + path, text);
    fs::last_write_time(repo_dir() / path, fs::file_time_type::clock::now() - std::chrono::hours(1));
  }
  fs::path repo_dir() const { return workspace_.path_of("repo"); }
  std::string pack() const { return ParseCache(cache_dir_.string(), {}).pack_path(DiskTree(repo_dir().string()).cache_identity()); }
  std::string delta() const { return pack_format::delta_path_of(pack()); }

  LoadResult load(bool cached = true) { return load_folder(repo_dir(), cache_dir_, cached); }
  static std::string describe(const LoadResult& r) {
    std::string out;
    for (const Manifest& m : r.manifests) out += m.id.display() + " x=" + std::string(m.root.path({"data", "x"}).text()) + "\n";
    return out;
  }

  Workspace workspace_;
  fs::path cache_dir_ = workspace_.path_of("cache");
};

TEST_F(ParsePackDeltaTest, AFewEditsAreWrittenBesideThePack) {
  load();
  ino_t written = inode_of(pack());
  ASSERT_NE(written, 0u);
  EXPECT_EQ(inode_of(delta()), 0u);
  write("apps/cm3.yaml", config_map(3, "edited"));
  write("apps/new.yaml", config_map(99, "new"));
  fs::remove(repo_dir() / "apps/cm4.yaml");
  EXPECT_EQ(load().files_from_cache(), 38u);
  EXPECT_EQ(inode_of(pack()), written);
  ASSERT_NE(inode_of(delta()), 0u);
  LoadResult warm = load();
  EXPECT_EQ(warm.files_from_cache(), 40u);
  EXPECT_TRUE(warm.notes.empty());
  EXPECT_EQ(describe(warm), describe(load(false)));
  EXPECT_NE(describe(warm).find("cm3 x=edited"), std::string::npos);

  write("apps/cm3.yaml", config_map(3, "again"));  // the delta written again, on the same pack
  EXPECT_EQ(load().files_from_cache(), 39u);
  EXPECT_EQ(inode_of(pack()), written);
  EXPECT_NE(describe(load()).find("cm3 x=again"), std::string::npos);
}

// Every file left taken by its stamp is not "nothing changed" when one is
// gone: the delta says so, and the next run does not list it.
TEST_F(ParsePackDeltaTest, AFileRemovedAloneIsWrittenDown) {
  load();
  ino_t written = inode_of(pack());
  LoadResult again = load();
  EXPECT_EQ(again.files_from_cache(), 40u);
  EXPECT_EQ(inode_of(delta()), 0u);  // a warm run writes nothing
  fs::remove(repo_dir() / "apps/cm7.yaml");
  EXPECT_EQ(load().files_from_cache(), 39u);
  EXPECT_EQ(inode_of(pack()), written);
  ino_t delta_written = inode_of(delta());
  ASSERT_NE(delta_written, 0u);
  LoadResult warm = load();
  EXPECT_EQ(warm.files_from_cache(), 39u);
  EXPECT_EQ(inode_of(delta()), delta_written);  // nothing new since
  EXPECT_EQ(describe(warm), describe(load(false)));
}

TEST_F(ParsePackDeltaTest, ManyEditsWriteThePackWholeAndTheDeltaGoes) {
  load();
  write("apps/cm0.yaml", config_map(0, "edited"));
  load();
  ASSERT_NE(inode_of(delta()), 0u);
  ino_t written = inode_of(pack());
  for (int i = 0; i < 10; ++i) write("apps/cm" + std::to_string(i) + ".yaml", config_map(i, "many"));
  EXPECT_EQ(load().files_from_cache(), 30u);
  EXPECT_NE(inode_of(pack()), written);
  EXPECT_EQ(inode_of(delta()), 0u);
  LoadResult warm = load();
  EXPECT_EQ(warm.files_from_cache(), 40u);
  EXPECT_EQ(describe(warm), describe(load(false)));
}

TEST_F(ParsePackDeltaTest, ADamagedDeltaIsIgnoredWithANoteAndAStaleOneSilently) {
  load();
  write("apps/cm0.yaml", config_map(0, "edited"));
  load();
  std::string kept = read_whole_file(delta());
  {
    std::fstream f(delta(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(delta()) - 12));  // in the index
    f.put('\x7f');
  }
  LoadResult damaged = load();
  ASSERT_EQ(damaged.notes.size(), 1u);
  EXPECT_NE(damaged.notes[0].find(".delta is damaged"), std::string::npos) << damaged.notes[0];
  EXPECT_EQ(damaged.files_from_cache(), 39u);  // the pack's own index: the edited file is read
  EXPECT_EQ(describe(damaged), describe(load(false)));
  EXPECT_TRUE(load().notes.empty());  // a new delta

  for (int i = 0; i < 10; ++i) write("apps/cm" + std::to_string(i) + ".yaml", config_map(i, "many"));
  load();  // the pack whole: the delta kept above extends the pack before it
  write_whole_file(delta(), kept);
  LoadResult stale = load();
  EXPECT_TRUE(stale.notes.empty());
  EXPECT_EQ(stale.files_from_cache(), 40u);
  EXPECT_EQ(describe(stale), describe(load(false)));
}

}  // namespace
}  // namespace driftlint
