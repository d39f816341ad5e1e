// A pull-request run keeps its base's findings (cli/base_findings_cache.h):
// the next run on the same base reads them instead of modelling and linting
// the base again, and gives the same verdict; anything in the key that
// changes runs the base again.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "lint/kept_findings.h"
#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class PullRequestCacheTest : public ::testing::Test {
 protected:
  PullRequestCacheTest() : repo_(workspace_.path_of("infra")) {
    // An old error (a key set twice) that the change leaves alone.
    repo_.write("apps/a/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: s}\ndata:\n  a: \"1\"\n  a: \"2\"\n");
    repo_.write("apps/b/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: {a: '1'}\n");
    repo_.commit_all("base");
    repo_.write("apps/b/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: {a: '2'}\n");
    repo_.commit_all("unrelated");
  }
  Outcome pull_request(std::vector<std::string> extra, const std::string& binary = DRIFTLINT_BINARY) {
    std::vector<std::string> args = {"check", "--repo", "infra=infra@HEAD", "--changed-since", "HEAD~1"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_driftlint_at(binary, args, workspace_.path(), workspace_.path());
  }
  // Empties the findings of the one kept base; how many it held.
  size_t empty_kept_findings() {
    fs::path file = kept().front();
    std::ifstream in(file, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    auto held = decode_kept_base(bytes);
    if (!held) return 0;
    size_t count = held->second.findings.size();
    held->second.findings.clear();
    std::ofstream(file, std::ios::binary) << encode_kept_base(held->first, held->second);
    return count;
  }
  std::vector<fs::path> kept() const {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(cache_ / "base-findings", ec)) out.push_back(e.path());
    return out;
  }
  Workspace workspace_;
  TestGitRepo repo_;
  fs::path cache_ = workspace_.path_of("cache");
};

TEST_F(PullRequestCacheTest, AKeptBaseGivesTheSameVerdict) {
  Outcome fresh = pull_request({"--no-cache"});
  EXPECT_EQ(fresh.exit_code, 0) << fresh.err;
  EXPECT_TRUE(kept().empty()) << "--no-cache keeps nothing";
  Outcome first = pull_request({"--cache-dir", cache_.string()});
  ASSERT_EQ(kept().size(), 1u);
  Outcome second = pull_request({"--cache-dir", cache_.string()});
  EXPECT_EQ(first.out, fresh.out);
  EXPECT_EQ(second.out, fresh.out);
  EXPECT_EQ(second.exit_code, 0) << second.err;
}

// The kept findings are what the second run compares with: emptied, the old
// error is no longer "already there" and fails the run. So they are read.
TEST_F(PullRequestCacheTest, TheKeptFindingsAreWhatTheNextRunReads) {
  pull_request({"--cache-dir", cache_.string()});
  ASSERT_EQ(kept().size(), 1u);
  fs::path file = kept().front();
  EXPECT_EQ(empty_kept_findings(), 1u);
  Outcome r = pull_request({"--cache-dir", cache_.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("[duplicate-key]"), std::string::npos) << r.out;
  // Damaged, it is not used: the base runs again.
  std::ofstream(file) << "driftlint base findings 2\n";
  Outcome again = pull_request({"--cache-dir", cache_.string()});
  EXPECT_EQ(again.exit_code, 0) << again.out;
}

// The same build installed again (a CI runner installs driftlint afresh on
// every run, at another path) reads what the last install kept: the key names
// the build, not the file that holds it.
TEST_F(PullRequestCacheTest, TheSameBuildInstalledElsewhereReadsTheKeptBase) {
  pull_request({"--cache-dir", cache_.string()});
  ASSERT_EQ(kept().size(), 1u);
  EXPECT_EQ(empty_kept_findings(), 1u);  // read, the old error turns new
  fs::path installed = workspace_.path_of("bin/driftlint");
  fs::create_directories(installed.parent_path());
  fs::copy_file(DRIFTLINT_BINARY, installed);
  Outcome r = pull_request({"--cache-dir", cache_.string()}, installed.string());
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("[duplicate-key]"), std::string::npos) << r.out;
}

// A kept base is not loaded: config-weakened compares the head's suppressions
// with the counts kept with it, and says the same on the second run.
TEST_F(PullRequestCacheTest, AnAddedSuppressionIsSeenWithAKeptBase) {
  repo_.write("apps/b/cm.yaml", "# driftlint:ignore duplicate-key -- generated upstream\n"
                                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata:\n  a: \"1\"\n  a: \"2\"\n");
  repo_.commit_all("silence a new duplicate");
  Outcome first = pull_request({"--cache-dir", cache_.string()});
  Outcome second = pull_request({"--cache-dir", cache_.string()});
  EXPECT_NE(first.out.find("adds a driftlint:ignore comment silencing duplicate-key"), std::string::npos) << first.out;
  EXPECT_EQ(second.out, first.out);
  EXPECT_EQ(second.exit_code, first.exit_code);
}

// A checkout's config may name any path; it is confined when the run reads
// it, so the key does not read it: such a base is not kept.
TEST_F(PullRequestCacheTest, ACheckoutsConfigThatNamesASnapshotKeepsNothing) {
  repo_.write("driftlint.yaml", "snapshot: snap.yaml\n");
  repo_.write("snap.yaml", "apiVersion: v1\nkind: List\nitems: []\n");
  repo_.commit_all("a config");
  repo_.write("apps/b/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: {a: '3'}\n");
  repo_.commit_all("another change");
  fs::path infra = workspace_.path_of("infra");
  std::vector<std::string> args = {"check", ".", "--changed-since", "HEAD~1", "--cache-dir", cache_.string()};
  Outcome r = run_driftlint(args, infra, workspace_.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("rules and ignore entries from HEAD~1:driftlint.yaml"), std::string::npos) << r.err;
  EXPECT_TRUE(kept().empty());
  // The same config without a path in it keeps its base.
  repo_.write("driftlint.yaml", "sharedNamespaces: [x]\n");
  repo_.commit_all("no path");
  run_driftlint(args, infra, workspace_.path());
  EXPECT_EQ(kept().size(), 1u);
}

// Another option, another key: the base runs again and is kept apart.
TEST_F(PullRequestCacheTest, AnotherOptionIsAnotherKey) {
  pull_request({"--cache-dir", cache_.string()});
  pull_request({"--cache-dir", cache_.string(), "--disable", "not-deployed"});
  EXPECT_EQ(kept().size(), 2u);
  // A repo with no commit is read as it is at the base too, and may change: never kept.
  fs::remove_all(cache_);
  workspace_.write("plain/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\ndata: {a: '1'}\n");
  Outcome r = run_driftlint({"check", "infra", "plain", "--changed-since", "HEAD~1", "--cache-dir", cache_.string()},
                            workspace_);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(kept().empty());
}

}  // namespace
}  // namespace driftlint
