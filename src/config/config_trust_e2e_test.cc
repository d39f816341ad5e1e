// A checkout's driftlint.yaml may be a pull request's own: the paths it names
// stay inside the checkout (snapshot, rulesDirs, repo sources, links
// followed), while paths on the command line and a --config outside any
// checkout are the user's and go anywhere.
#include <gtest/gtest.h>

#include <filesystem>

#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSecret = "runner-secret-value-42";

class ConfigTrustTest : public ::testing::Test {
 protected:
  ConfigTrustTest() : checkout_(workspace_.path_of("pr")) {
    checkout_.write("apps/cm.yaml", kClean);
    // The runner's files, next to the checkout: a snapshot-shaped one and rules.
    workspace_.write("runner/cluster.yaml",
                     std::string("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: creds, namespace: ci}\n"
                                 "data: {token: ") + kSecret + "}\n");
    workspace_.write("runner/rules/r.yaml", std::string("# ") + kSecret + "\nnot: [a rule\n");
  }
  Outcome run(const std::vector<std::string>& args, const fs::path& cwd) {
    std::vector<std::string> all = args;
    all.insert(all.end(), {"--format", "markdown", "--no-cache"});
    return run_driftlint(all, cwd, workspace_.path());
  }
  static bool read_snapshot(const Outcome& r) { return r.out.find("Cluster snapshot: 1 object") != std::string::npos; }

  Workspace workspace_;
  TestGitRepo checkout_;
};

TEST_F(ConfigTrustTest, ACheckoutsConfigNamesNoPathOutsideIt) {
  checkout_.write("driftlint.yaml",
                  "snapshot: ../runner/cluster.yaml\n"
                  "rulesDirs: [../runner/rules]\n"
                  "repos:\n"
                  "  - {name: here, source: apps}\n"
                  "  - {name: home, source: ../runner}\n"
                  "  - {name: cloned, source: 'file://" + workspace_.path_of("runner").string() + "'}\n");
  checkout_.commit_all("a pull request");
  Outcome r = run({"check"}, checkout_.dir());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  for (const std::string& refused :
       {std::string("driftlint.yaml:1:11: snapshot '../runner/cluster.yaml' is outside the checkout "),
        std::string("driftlint.yaml:2:13: rulesDirs '../runner/rules' is outside the checkout "),
        std::string("driftlint.yaml:5:5: repo 'home' source '../runner' is outside the checkout "),
        std::string("driftlint.yaml:6:5: repo 'cloned' source 'file://")}) {
    EXPECT_NE(r.err.find(refused), std::string::npos) << refused << "\n" << r.err;
  }
  EXPECT_NE(r.err.find("give this one on the command line"), std::string::npos) << r.err;
  // The rest of the run goes on: the repo inside is linted, nothing outside is read.
  EXPECT_NE(r.out.find("| here |"), std::string::npos) << r.out;
  EXPECT_FALSE(read_snapshot(r)) << r.out;
  EXPECT_EQ((r.out + r.err).find(kSecret), std::string::npos);
}

TEST_F(ConfigTrustTest, ALinkInsideTheCheckoutToAFileOutsideIsRefusedToo) {
  fs::create_symlink(workspace_.path_of("runner/cluster.yaml"), checkout_.dir() / "cluster.yaml");
  checkout_.write("driftlint.yaml", "snapshot: cluster.yaml\n");
  Outcome r = run({"check", "apps"}, checkout_.dir());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("driftlint.yaml:1:11: snapshot 'cluster.yaml' is outside the checkout"), std::string::npos)
      << r.err;
  EXPECT_FALSE(read_snapshot(r));
  // --config naming a file in the checkout is confined the same way.
  Outcome named = run({"check", "apps", "--config", "driftlint.yaml"}, checkout_.dir());
  EXPECT_EQ(named.exit_code, 2) << named.err;
  EXPECT_FALSE(read_snapshot(named));
}

TEST_F(ConfigTrustTest, TheUsersOwnPathsGoAnywhere) {
  // On the command line.
  Outcome flag = run({"check", "apps", "--snapshot", "../runner/cluster.yaml"}, checkout_.dir());
  EXPECT_EQ(flag.exit_code, 0) << flag.err;
  EXPECT_TRUE(read_snapshot(flag)) << flag.out;
  // A --config outside any checkout (a CronWorkflow's ConfigMap, /etc/driftlint.yaml).
  workspace_.write("own/driftlint.yaml", "snapshot: ../runner/cluster.yaml\nrepos: [{name: pr, source: ../pr/apps}]\n");
  Outcome own = run({"check", "--config", workspace_.path_of("own/driftlint.yaml").string()}, workspace_.path());
  EXPECT_EQ(own.exit_code, 0) << own.err;
  EXPECT_TRUE(read_snapshot(own)) << own.out;
  // A config inside the checkout naming a path inside it is read as before.
  checkout_.write("snap/cluster.yaml", read_whole_file(workspace_.path_of("runner/cluster.yaml")));
  checkout_.write("driftlint.yaml", "snapshot: snap/cluster.yaml\n");
  Outcome inside = run({"check", "apps"}, checkout_.dir());
  EXPECT_EQ(inside.exit_code, 0) << inside.err;
  EXPECT_TRUE(read_snapshot(inside)) << inside.out;
}

}  // namespace
}  // namespace driftlint
