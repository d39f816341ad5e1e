// Git sources on real repositories that the tests create with the git CLI.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "git/repository.h"
#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class GitTest : public ::testing::Test {
 protected:
  void git(const std::string& args) { repo_.git(args); }
  void write(const std::string& path, const std::string& text) { repo_.write(path, text); }
  std::string rev_parse(const std::string& rev) { return repo_.rev_parse(rev); }
  Outcome run(const std::vector<std::string>& args) { return run_driftlint(args, workspace_); }
  nlohmann::json run_json(std::vector<std::string> args, int expected_exit) {
    args.push_back("--format");
    args.push_back("json");
    Outcome r = run(args);
    EXPECT_EQ(r.exit_code, expected_exit) << r.err;
    return r.out.empty() ? nlohmann::json() : nlohmann::json::parse(r.out);
  }
  static std::set<std::string> paths(const nlohmann::json& report) {
    std::set<std::string> out;
    for (const auto& f : report["findings"]) out.insert(f["path"].get<std::string>());
    return out;
  }
  // Every file of the work tree and .git/HEAD, index and refs, for "untouched" checks.
  std::map<std::string, std::string> snapshot_checkout() {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(repo_.dir())) {
      if (!e.is_regular_file()) continue;
      std::string rel = fs::relative(e.path(), repo_.dir()).generic_string();
      if (rel.rfind(".git/objects/", 0) == 0 || rel.rfind(".git/logs/", 0) == 0) continue;
      files[rel] = read_whole_file(e.path());
    }
    return files;
  }

  Workspace workspace_;
  TestGitRepo repo_{workspace_.path_of("infra")};
};

TEST_F(GitTest, ReadsARevisionFromTheObjectDatabaseNotTheWorkTree) {
  write("clusters/quota.yaml", kQuota);
  git("add -A");
  git("commit -qm one");
  std::string first = rev_parse("HEAD");
  write("clusters/quota.yaml", kClean);  // committed: the quota is gone on main
  git("commit -qam two");
  git("branch old " + first);
  write("clusters/quota.yaml", kQuota);  // uncommitted: back in the work tree
  write("clusters/new.yaml", std::string(kQuota) + "---\n" + kQuota);  // untracked
  auto before = snapshot_checkout();

  auto head = run_json({"check", "--repo", "infra=infra@main", "--fail-on", "warning"}, 0);
  EXPECT_TRUE(head["findings"].empty()) << head.dump();  // the tree wins over the work tree
  EXPECT_EQ(head["repos"][0]["revision"], "main");
  EXPECT_EQ(head["repos"][0]["commit"], rev_parse("main"));

  auto old = run_json({"check", "--repo", "infra=infra@old", "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(old), std::set<std::string>{"clusters/quota.yaml"});
  EXPECT_EQ(old["repos"][0]["commit"], first);
  auto back = run_json({"check", "--repo", "infra=infra@HEAD~1", "--fail-on", "warning"}, 1);
  EXPECT_EQ(back["repos"][0]["commit"], first);
  auto short_id = run_json({"check", "--repo", "infra=infra@" + first.substr(0, 8), "--fail-on", "warning"}, 1);
  EXPECT_EQ(short_id["repos"][0]["commit"], first);

  auto work_tree = run_json({"check", "infra", "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(work_tree), (std::set<std::string>{"clusters/new.yaml", "clusters/quota.yaml"}));
  EXPECT_EQ(work_tree["repos"][0]["commit"], rev_parse("HEAD"));
  EXPECT_EQ(work_tree["repos"][0]["dirty"], true);

  EXPECT_EQ(snapshot_checkout(), before) << "the checkout was modified";
}

TEST_F(GitTest, TagsAndSubfoldersOfACheckout) {
  write("apps/a/quota.yaml", kQuota);
  write("other/x.yaml", kClean);
  git("add -A");
  git("commit -qm one");
  git("tag v1");
  auto tagged = run_json({"check", "--repo", "apps=infra/apps@v1", "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(tagged), std::set<std::string>{"a/quota.yaml"});  // relative to the source folder
  // A PATH inside a checkout reports paths from the checkout's root.
  auto inside = run_json({"check", "infra/apps/a", "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(inside), std::set<std::string>{"apps/a/quota.yaml"});
  EXPECT_EQ(inside["repos"][0]["name"], "infra");
  EXPECT_EQ(inside["repos"][0]["dirty"], false);
  EXPECT_EQ(inside["summary"]["files"], 1);
}

// A GPU quota named `name` (namespace-gpu-quota warns on each).
std::string quota(const std::string& name, const std::string& gpus = "4") {
  return "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: " + name + "\n  namespace: team-a\nspec:\n"
         "  hard:\n    requests.nvidia.com/gpu: \"" + gpus + "\"\n";
}

// Pull-request mode: the head's findings that the base lacks, wherever they
// are; a finding that only moved (a renamed file) or whose line shifted is
// not new; one whose reported value changed is.
TEST_F(GitTest, ChangedSinceReportsTheFindingsTheBaseLacks) {
  write("keep.yaml", quota("keep"));
  write("modify.yaml", kClean);
  write("rename-me.yaml", quota("moved"));
  git("add -A");
  git("commit -qm base");
  git("checkout -qb feature");
  write("modify.yaml", quota("modified"));
  write("added.yaml", quota("added"));
  git("mv rename-me.yaml renamed.yaml");
  write("keep.yaml", "# a comment that shifts every line\n" + quota("keep"));
  git("add -A");
  git("commit -qm change");

  Outcome pr = run({"check", "--repo", "infra=infra@feature", "--changed-since", "main", "--fail-on", "warning",
                    "--format", "json"});
  EXPECT_EQ(pr.exit_code, 1) << pr.err;
  nlohmann::json report = nlohmann::json::parse(pr.out);
  EXPECT_EQ(paths(report), (std::set<std::string>{"added.yaml", "modify.yaml"}));
  auto named = run_json({"check", "--repo", "infra=infra@feature", "--changed-since", "infra=main",
                         "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(named), paths(report));
  Outcome text = run({"check", "--repo", "infra=infra@feature", "--base", "main", "--fail-on", "warning"});
  EXPECT_NE(text.out.find("against the base: 2 new, 0 fixed, 2 already there (not shown)"), std::string::npos)
      << text.out;
  auto all = run_json({"check", "--repo", "infra=infra@feature", "--base", "main", "--show-existing",
                       "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(all), (std::set<std::string>{"added.yaml", "modify.yaml", "keep.yaml", "renamed.yaml"}));

  // The work tree: an uncommitted change of a value the finding reports is new.
  write("keep.yaml", quota("keep", "16"));
  auto local = run_json({"check", "infra", "--changed-since", "feature", "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(local), std::set<std::string>{"keep.yaml"});
  // Nothing changed: nothing reported, exit 0.
  git("checkout -q -- keep.yaml");
  auto none = run_json({"check", "infra", "--changed-since", "feature", "--fail-on", "warning"}, 0);
  EXPECT_TRUE(none["findings"].empty());
  // A fix is counted, and passes.
  write("added.yaml", kClean);
  Outcome fixed = run({"check", "infra", "--changed-since", "feature", "--fail-on", "warning"});
  EXPECT_EQ(fixed.exit_code, 0) << fixed.out;
  EXPECT_NE(fixed.out.find("0 new, 1 fixed"), std::string::npos) << fixed.out;
}

// A repo named on a subfolder: a change elsewhere in the checkout changes
// none of its findings.
TEST_F(GitTest, ChangedSinceOnASubfolderRepoIgnoresOtherFolders) {
  write("apps/quota.yaml", kQuota);
  write("other/quota.yaml", kClean);
  git("add -A");
  git("commit -qm base");
  write("other/quota.yaml", std::string(kClean) + "# edited\n");
  git("commit -qam other");
  auto untouched = run_json({"check", "--repo", "apps=infra/apps@HEAD", "--changed-since", "HEAD~1",
                             "--fail-on", "warning"}, 0);
  EXPECT_TRUE(untouched["findings"].empty()) << untouched.dump();
  write("apps/more.yaml", quota("more"));
  git("add -A");
  git("commit -qm apps");
  auto touched = run_json({"check", "--repo", "apps=infra/apps@HEAD", "--changed-since", "HEAD~1",
                           "--fail-on", "warning"}, 1);
  EXPECT_EQ(paths(touched), std::set<std::string>{"more.yaml"});
  // The same through the work tree of a named subfolder repo.
  write("other/quota.yaml", std::string(kClean) + "# edited again\n");
  auto work_tree = run_json({"check", "--repo", "apps=infra/apps", "--changed-since", "HEAD",
                             "--fail-on", "warning"}, 0);
  EXPECT_TRUE(work_tree["findings"].empty()) << work_tree.dump();
}

TEST_F(GitTest, ErrorsNameTheRepoAndTheReason) {
  write("a.yaml", kClean);
  git("add -A");
  git("commit -qm one");
  Outcome missing = run({"check", "--repo", "infra=infra@no-such-branch"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("repo 'infra': revision 'no-such-branch' does not resolve"), std::string::npos)
      << missing.err;
  workspace_.make_folder("plain");
  Outcome not_repo = run({"check", "--repo", "plain=plain@main"});
  EXPECT_EQ(not_repo.exit_code, 2);
  EXPECT_NE(not_repo.err.find("repo 'plain': a revision was asked but"), std::string::npos) << not_repo.err;
  Outcome bad_base = run({"check", "--repo", "infra=infra@main", "--changed-since", "infra=nope"});
  EXPECT_EQ(bad_base.exit_code, 2);
  EXPECT_NE(bad_base.err.find("revision 'nope' does not resolve"), std::string::npos) << bad_base.err;
  Outcome unknown_repo = run({"check", "--repo", "infra=infra@main", "--changed-since", "other=main"});
  EXPECT_EQ(unknown_repo.exit_code, 2);
  EXPECT_NE(unknown_repo.err.find("no repo named 'other'"), std::string::npos) << unknown_repo.err;
}

TEST_F(GitTest, OriginUrlIsRecorded) {
  write("a.yaml", kClean);
  git("add -A");
  git("commit -qm one");
  git("remote add origin git@github.example:org/infra.git");
  auto report = run_json({"check", "infra"}, 0);
  EXPECT_EQ(report["repos"][0]["url"], "git@github.example:org/infra.git");
}

}  // namespace
}  // namespace driftlint
