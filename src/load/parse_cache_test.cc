#include "load/parse_cache.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "git/repository.h"
#include "load/cache_test_support.h"
#include "load/loader.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"
#include "yaml/tree_codec.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

// Files older than the two-second window, so their stat fingerprint counts.
void age(const fs::path& file) {
  fs::last_write_time(file, fs::file_time_type::clock::now() - std::chrono::hours(1));
}

class ParseCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write("apps/cm.yaml",
          "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a  # driftlint:ignore duplicate-key -- test\n"
          "  name: b\ndata: {x: '1'}\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: ns}\n");
    write("apps/broken.yaml", "kind: [\n");
    write("apps/anchors.yaml", "base: &b {cpu: 1}\nkind: ConfigMap\napiVersion: v1\nmetadata: {name: c}\ndata:\n  <<: *b\n");
  }
  // Writes `text` to `path` in the repo, aged.
  void write(const std::string& path, const std::string& text) {
    workspace_.write("repo/" + path, text);
    age(repo_dir() / path);
  }
  fs::path repo_dir() const { return workspace_.path_of("repo"); }

  LoadResult load(bool cached = true, std::shared_ptr<const FileTree> tree = nullptr) {
    return load_folder(repo_dir(), cache_dir_, cached, std::move(tree));
  }

  // Everything a rule could see, printed.
  static std::string describe(const LoadResult& r) {
    std::string out;
    for (const LoadedFile& f : r.files) {
      out += f.path + " bytes=" + std::to_string(f.bytes) + " docs=" + std::to_string(f.parsed.documents.size());
      if (f.parsed.error) {
        out += " error@" + std::to_string(f.parsed.error->position.line) + ":" + f.parsed.error->message;
      }
      for (const yaml::DuplicateKey& k : f.parsed.duplicate_keys) out += " dup@" + std::to_string(k.key.position().line);
      for (const IgnoreDirective& d : f.directives) out += " ignore@" + std::to_string(d.line) + ":" + d.reason;
      out += "\n";
    }
    for (const Manifest& m : r.manifests) {
      out += m.id.display() + " at " + std::to_string(m.root.position().line) + " data.cpu=" +
             std::string(m.root.path({"data", "cpu"}).text()) + "\n";
    }
    return out;
  }

  Workspace workspace_;
  fs::path cache_dir_ = workspace_.path_of("cache");
};

TEST_F(ParseCacheTest, WarmRunReadsEveryFileFromTheCacheAndSeesTheSame) {
  LoadResult cold = load();
  EXPECT_EQ(cold.files_from_cache(), 0u);
  EXPECT_TRUE(cold.notes.empty());
  LoadResult warm = load();
  EXPECT_EQ(warm.files_from_cache(), 3u);
  EXPECT_EQ(describe(warm), describe(cold));
  EXPECT_EQ(describe(load(false)), describe(cold));
  EXPECT_NE(describe(cold).find("ignore@4:test"), std::string::npos);
  EXPECT_NE(describe(cold).find("data.cpu=1"), std::string::npos);
}

// A pack written again after an edit, with the trees it read from the pack
// before, is byte for byte the pack a run without a cache writes.
TEST_F(ParseCacheTest, APackWrittenAfterAnEditIsWhatEncodingEveryFileGives) {
  load();
  write("apps/new.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: new}\n");
  LoadResult edited = load();
  EXPECT_EQ(edited.files_from_cache(), 3u);
  std::string pack = ParseCache(cache_dir_.string(), {}).pack_path(DiskTree(repo_dir().string()).cache_identity());
  std::string copied = read_whole_file(pack);
  fs::remove_all(cache_dir_);
  EXPECT_EQ(load().files_from_cache(), 0u);
  EXPECT_EQ(read_whole_file(pack), copied);
  EXPECT_EQ(describe(load()), describe(edited));
}

TEST_F(ParseCacheTest, ATemplateIsRememberedAsNotRendered) {
  write("apps/deploy-template.yaml", "kind: Deployment\nmetadata:\n  name: {{ .Name }}\n");
  LoadResult cold = load();
  LoadResult warm = load();
  EXPECT_EQ(warm.files_from_cache(), 4u);
  for (const LoadResult* r : {&cold, &warm}) {
    auto f = std::find_if(r->files.begin(), r->files.end(),
                          [](const LoadedFile& f) { return f.path == "apps/deploy-template.yaml"; });
    ASSERT_NE(f, r->files.end());
    ASSERT_TRUE(f->template_action);
    EXPECT_EQ(f->template_action->line, 3u);
    EXPECT_EQ(f->template_action->column, 9u);
    EXPECT_EQ(f->template_action->excerpt, "{{ .Name }}");
    EXPECT_TRUE(f->parsed.documents.empty());
    ASSERT_EQ(r->skipped.size(), 1u);
    EXPECT_TRUE(r->skipped[0].second.not_rendered);
  }
}

TEST_F(ParseCacheTest, AnEditThatKeepsSizeAndModificationTimeIsStillSeen) {
  load();
  fs::path file = repo_dir() / "apps" / "cm.yaml";
  auto mtime = fs::last_write_time(file);
  std::string text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a  # driftlint:ignore duplicate-key -- test\n"
                     "  name: b\ndata: {x: '2'}\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: ns}\n";
  std::ofstream(file, std::ios::binary) << text;
  fs::last_write_time(file, mtime);  // the change time still moves, and it is fingerprinted
  LoadResult warm = load();
  EXPECT_EQ(warm.files_from_cache(), 2u);
  const Manifest* b = nullptr;
  for (const Manifest& m : warm.manifests) {
    if (m.id.name == "b") b = &m;
  }
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->root.path({"data", "x"}).text(), "2");
}

TEST_F(ParseCacheTest, AFileChangedJustNowIsIdentifiedByContent) {
  load();
  std::ofstream(repo_dir() / "apps" / "anchors.yaml", std::ios::app) << "# a comment\n";  // modified now
  LoadResult warm = load();
  EXPECT_EQ(warm.files_from_cache(), 2u);  // the changed file is parsed
  LoadResult again = load();
  // Still too fresh for its stat to be trusted, but the bytes are known.
  EXPECT_EQ(again.files_from_cache(), 3u);
}

TEST_F(ParseCacheTest, ADamagedPackIsIgnoredWithANoteAndRebuilt) {
  LoadResult cold = load();
  ParseCache cache(cache_dir_.string(), {});
  std::string pack = cache.pack_path(DiskTree(repo_dir().string()).cache_identity());
  ASSERT_TRUE(fs::exists(pack));
  {
    std::fstream f(pack, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(pack) / 2));
    f.put('\x7f');
    f.put('\x7f');
  }
  LoadResult damaged = load();
  ASSERT_EQ(damaged.notes.size(), 1u);
  EXPECT_NE(damaged.notes[0].find("damaged"), std::string::npos) << damaged.notes[0];
  EXPECT_EQ(describe(damaged), describe(cold));
  LoadResult rebuilt = load();
  EXPECT_TRUE(rebuilt.notes.empty());
  EXPECT_EQ(rebuilt.files_from_cache(), 3u);

  {
    // One byte inside the first entry's payload: only that entry is refused.
    std::fstream f(pack, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(100);
    char c = static_cast<char>(f.get());
    f.seekp(100);
    f.put(static_cast<char>(c ^ 0x5a));
  }
  LoadResult one_entry = load();
  ASSERT_EQ(one_entry.notes.size(), 1u);
  EXPECT_NE(one_entry.notes[0].find(": 1 damaged entries ignored"), std::string::npos) << one_entry.notes[0];
  EXPECT_EQ(one_entry.files_from_cache(), 2u);
  EXPECT_EQ(describe(one_entry), describe(cold));
  LoadResult mended = load();  // rebuilt
  EXPECT_TRUE(mended.notes.empty());
  EXPECT_EQ(mended.files_from_cache(), 3u);

  fs::resize_file(pack, fs::file_size(pack) / 3);  // truncated
  LoadResult truncated = load();
  ASSERT_EQ(truncated.notes.size(), 1u);
  EXPECT_EQ(describe(truncated), describe(cold));
  write_whole_file(pack, "not a pack");
  EXPECT_EQ(describe(load()), describe(cold));
}

TEST_F(ParseCacheTest, DifferentParseSettingsUseDifferentPacks) {
  ParseCache a(cache_dir_.string(), {});
  yaml::ParseLimits other;
  other.max_depth = 10;
  ParseCache b(cache_dir_.string(), other);
  EXPECT_NE(a.pack_path("x"), b.pack_path("x"));
  EXPECT_NE(a.pack_path("x"), a.pack_path("y"));
}

TEST_F(ParseCacheTest, GitRevisionsAreKeyedByBlobWithoutReadingThem) {
  TestGitRepo repo(workspace_.path_of("git"));
  repo.write("apps/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
  repo.commit_all("one");
  auto git = GitRepository::open(repo.dir().string());
  ASSERT_TRUE(git);
  auto tree = GitCommitTree::create(*git, repo.rev_parse("HEAD"));
  ASSERT_TRUE(tree);
  EXPECT_EQ((*tree)->content_fingerprint("apps/cm.yaml"),
            content_id_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"));
  EXPECT_EQ(load(true, *tree).files_from_cache(), 0u);
  LoadResult warm = load(true, *tree);
  EXPECT_EQ(warm.files_from_cache(), 1u);
  ASSERT_EQ(warm.manifests.size(), 1u);
  EXPECT_EQ(warm.manifests[0].id.name, "a");
}

TEST_F(ParseCacheTest, NoCacheWritesNothing) {
  load(false);
  EXPECT_FALSE(fs::exists(cache_dir_));
}

TEST_F(ParseCacheTest, UnusedPacksAreCollected) {
  load();
  ParseCache cache(cache_dir_.string(), {});
  fs::path folder = cache_dir_ / "parse-v1";
  fs::path stale = folder / "0000000000000000.pack";
  write_whole_file(stale, "old");
  fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(24 * 40));
  cache.collect_garbage();
  EXPECT_TRUE(fs::exists(stale)) << "at most one collection a day";
  fs::remove(folder / ".last-gc");
  cache.collect_garbage();
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(cache.pack_path(DiskTree(repo_dir().string()).cache_identity())));
}

// Every node of every document, printed (what any rule could read).
void dump(const yaml::Node& node, std::string& out) {
  out += std::to_string(static_cast<int>(node.kind())) + "@" + std::to_string(node.position().line) + ":" +
         std::to_string(node.position().column) + "'" + std::string(node.text()) + "'";
  for (size_t i = 0; i < node.size() && !node.is_scalar(); ++i) {
    out += node.is_map() ? " k(" : " e(";
    dump(node.is_map() ? node.key_at(i) : node.element(i), out);
    if (node.is_map()) {
      out += ") v(";
      dump(node.value_at(i), out);
    }
    out += ")";
  }
}

std::string dump(const std::vector<std::optional<CachedFile>>& files) {
  std::string out;
  for (const auto& f : files) {
    if (!f) continue;
    for (const yaml::Document& d : f->parsed.documents) {
      if (d.root) dump(d.root, out);
      out += "\n";
    }
  }
  return out;
}

// A pack truncated in place (by another tool, by hand) while a run has it
// mapped used to take the run down with SIGBUS the next time any tree was
// read; a rewrite in place would change bytes already checked.
TEST_F(ParseCacheTest, DecodedTreesSurviveThePackTruncatedInPlace) {
  load();
  std::string pack = ParseCache(cache_dir_.string(), {}).pack_path(DiskTree(repo_dir().string()).cache_identity());
  std::string problem;
  std::unique_ptr<ParsePack> read = ParsePack::read(pack, 100, problem);
  ASSERT_TRUE(read) << problem;
  std::vector<std::optional<CachedFile>> decoded;
  for (uint32_t e = 0; e < read->entry_count(); ++e) decoded.push_back(read->entry(e));
  std::string before = dump(decoded);
  ASSERT_NE(before.find("'cpu'"), std::string::npos);
  bool mapped = !read->is_private_copy();

  int fd = ::open(pack.c_str(), O_WRONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(fs::file_size(pack) / 2)), 0);
  EXPECT_EQ(dump(decoded), before);
  ASSERT_EQ(::ftruncate(fd, 0), 0);
  EXPECT_EQ(dump(decoded), before);
  ::close(fd);
  EXPECT_TRUE(read->is_private_copy());
  if (!mapped) GTEST_SKIP() << "the pack was copied from the start (into huge pages, or no lease under " << cache_dir_ << ")";
}

TEST_F(ParseCacheTest, AWarmRunSurvivesThePackRewrittenInPlace) {
  LoadResult cold = load();
  LoadResult warm = load();
  ASSERT_EQ(warm.files_from_cache(), 3u);
  std::string pack = ParseCache(cache_dir_.string(), {}).pack_path(DiskTree(repo_dir().string()).cache_identity());
  uintmax_t size = fs::file_size(pack);
  std::ofstream(pack, std::ios::binary | std::ios::trunc) << std::string(size, '\xff');
  EXPECT_EQ(describe(warm), describe(cold));
  fs::resize_file(pack, 0);
  EXPECT_EQ(describe(warm), describe(cold));
  LoadResult next = load();  // sees the damage, parses, rebuilds
  ASSERT_EQ(next.notes.size(), 1u);
  EXPECT_NE(next.notes[0].find("damaged (empty)"), std::string::npos) << next.notes[0];
  EXPECT_EQ(describe(next), describe(cold));
}

TEST_F(ParseCacheTest, TheWriterReplacesThePackInsteadOfWritingIntoIt) {
  load();
  std::string pack = ParseCache(cache_dir_.string(), {}).pack_path(DiskTree(repo_dir().string()).cache_identity());
  struct stat before;
  ASSERT_EQ(::stat(pack.c_str(), &before), 0);
  write("apps/new.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: n}\n");
  EXPECT_EQ(load().files_from_cache(), 3u);
  struct stat after;
  ASSERT_EQ(::stat(pack.c_str(), &after), 0);
  EXPECT_NE(after.st_ino, before.st_ino);  // a new file renamed over the old one
}

TEST_F(ParseCacheTest, TemporaryFilesOfKilledRunsAreSweptAtStart) {
  load();
  fs::path folder = cache_dir_ / "parse-v1";
  fs::path killed = folder / "0123456789abcdef.pack.tmp-4242-0";
  fs::path writing = folder / "fedcba9876543210.pack.tmp-4343-0";  // another run, writing right now
  write_whole_file(killed, "half a pack");
  write_whole_file(writing, "half a pack");
  struct timespec times[2] = {{time(nullptr) - 2 * 3600, 0}, {time(nullptr) - 2 * 3600, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, killed.c_str(), times, 0), 0);
  ASSERT_TRUE(fs::exists(folder / ".last-gc"));  // the daily collection has run: only the sweep can see them
  load();
  EXPECT_FALSE(fs::exists(killed));
  EXPECT_TRUE(fs::exists(writing));
}

TEST_F(ParseCacheTest, CacheFoldersAndPacksAreTheOwnersAlone) {
  load();
  std::string pack = ParseCache(cache_dir_.string(), {}).pack_path(DiskTree(repo_dir().string()).cache_identity());
  auto mode = [](const fs::path& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 ? st.st_mode & 0777 : 0;
  };
  EXPECT_EQ(mode(cache_dir_), 0700u);  // created by driftlint
  EXPECT_EQ(mode(cache_dir_ / "parse-v1"), 0700u);
  EXPECT_EQ(mode(pack), 0600u);
  EXPECT_EQ(mode(cache_dir_ / "parse-v1" / ".last-gc"), 0600u);

  // A parse-v1 an older version left open to others is closed on the next write.
  fs::permissions(cache_dir_ / "parse-v1", fs::perms(0755));
  write("apps/new.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: n}\n");
  load();
  EXPECT_EQ(mode(cache_dir_ / "parse-v1"), 0700u);
}

TEST(CacheChecksumTest, EveryChangedByteAndEveryLengthChangesIt) {
  // Lengths across the four lanes, the words after them and the last bytes.
  for (size_t length = 0; length <= 72; ++length) {
    std::string bytes(length, '\0');
    for (size_t i = 0; i < length; ++i) bytes[i] = static_cast<char>(i * 37 + 11);
    uint64_t sum = cache_checksum(bytes);
    EXPECT_NE(sum, cache_checksum(bytes + '\0')) << "a zero byte added to " << length;
    for (size_t i = 0; i < length; ++i) {
      for (int bit = 0; bit < 8; ++bit) {
        std::string damaged = bytes;
        damaged[i] = static_cast<char>(damaged[i] ^ (1 << bit));
        EXPECT_NE(sum, cache_checksum(damaged)) << "bit " << bit << " of byte " << i << " of " << length;
      }
    }
  }
}

}  // namespace
}  // namespace driftlint
