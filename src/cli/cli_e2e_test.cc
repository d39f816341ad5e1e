// Runs the built driftlint binary and checks exit codes, output and error
// messages, as a user (or a CI job) would see them.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <cstdlib>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class CliTest : public ::testing::Test {
 protected:
  // Runs driftlint with args in `cwd` (default: the test's folder).
  Outcome run(const std::vector<std::string>& args, const fs::path& cwd = {}) {
    return run_driftlint(args, cwd.empty() ? workspace_.path() : cwd, workspace_.path());
  }

  static size_t lines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

  Workspace workspace_;
};

const char* kQuota =
    "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: gpus\n  namespace: team-a\nspec:\n"
    "  hard:\n    requests.nvidia.com/gpu: \"4\"\n";
const char* kClean = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok, namespace: team-a}\ndata: {a: \"1\"}\n";

TEST_F(CliTest, CleanInputExitsZero) {
  workspace_.write("repo/ok.yaml", kClean);
  Outcome r = run({"check", "repo"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0 errors, 0 warnings, 0 notices in 1 file (1 document)"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST_F(CliTest, FailOnDecidesTheExitCode) {
  workspace_.write("repo/quota.yaml", kQuota);  // a warning: team-a is not shared
  EXPECT_EQ(run({"check", "repo"}).exit_code, 0);
  EXPECT_EQ(run({"check", "repo", "--fail-on", "warning"}).exit_code, 1);
  EXPECT_EQ(run({"check", "repo", "--fail-on", "notice"}).exit_code, 1);
  EXPECT_EQ(run({"check", "repo", "--fail-on", "none"}).exit_code, 0);
  workspace_.write("driftlint.yaml", "sharedNamespaces: [team-a]\n");
  Outcome shared = run({"check", "repo", "--config", "driftlint.yaml"});
  EXPECT_EQ(shared.exit_code, 1);
  EXPECT_NE(shared.out.find("repo/quota.yaml:8:5: error: "), std::string::npos) << shared.out;
  EXPECT_NE(shared.out.find("[namespace-gpu-quota]"), std::string::npos);
  EXPECT_NE(shared.out.find("  hint: "), std::string::npos);
}

TEST_F(CliTest, MalformedYamlIsAFindingAndTheRestIsLinted) {
  workspace_.write("repo/a-broken.yaml", "kind: ConfigMap\nmetadata:\n  name: [x\n");
  workspace_.write("repo/b-quota.yaml", kQuota);
  Outcome r = run({"check", "repo", "--format", "json", "--fail-on", "warning"});
  EXPECT_EQ(r.exit_code, 1);
  auto report = nlohmann::json::parse(r.out);
  ASSERT_EQ(report["findings"].size(), 2u) << r.out;
  EXPECT_EQ(report["findings"][0]["rule"], "yaml-syntax");
  EXPECT_EQ(report["findings"][0]["path"], "a-broken.yaml");
  EXPECT_TRUE(report["findings"][0]["line"].is_number());
  EXPECT_TRUE(report["findings"][0]["object"].is_null());
  EXPECT_EQ(report["findings"][1]["rule"], "namespace-gpu-quota");
  EXPECT_EQ(report["findings"][1]["object"]["kind"], "ResourceQuota");
  EXPECT_EQ(report["findings"][1]["object"]["namespace"], "team-a");
  EXPECT_EQ(report["summary"]["files"], 2);
  EXPECT_EQ(report["summary"]["error"], 1);
  EXPECT_EQ(report["summary"]["warning"], 1);
  EXPECT_EQ(report["repos"][0]["name"], "repo");
  EXPECT_TRUE(report["repos"][0]["commit"].is_null());
}

TEST_F(CliTest, UnknownFlagIsAUsageError) {
  Outcome r = run({"check", ".", "--fail-onn", "error"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("--fail-onn"), std::string::npos) << r.err;
  EXPECT_EQ(run({"check", ".", "--format", "xml"}).exit_code, 2);
  EXPECT_EQ(run({"check", ".", "--fail-on", "fatal"}).exit_code, 2);
  EXPECT_EQ(run({"frobnicate"}).exit_code, 2);
  EXPECT_EQ(run({}).exit_code, 2);
}

TEST_F(CliTest, UnknownRuleIsAUsageError) {
  workspace_.write("repo/ok.yaml", kClean);
  Outcome r = run({"check", "repo", "--disable", "no-such-rule"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown rule 'no-such-rule'"), std::string::npos) << r.err;
  EXPECT_EQ(run({"explain", "no-such-rule"}).exit_code, 2);
}

TEST_F(CliTest, BadConfigKeyNamesFileLineAndKey) {
  workspace_.write("repo/ok.yaml", kClean);
  workspace_.write("driftlint.yaml", "repos:\n  - name: r\n    source: repo\nsharedNamespace: [x]\n");
  Outcome r = run({"check"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("driftlint.yaml:4:1: unknown key 'sharedNamespace'"), std::string::npos) << r.err;

  workspace_.write("bad-option.yaml", "rules:\n  options:\n    interactive-sleep: {patterns: ['(unclosed']}\n");
  Outcome option = run({"check", "repo", "--config", "bad-option.yaml"});
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_NE(option.err.find("bad-option.yaml:3:36"), std::string::npos) << option.err;
  EXPECT_NE(option.err.find("not valid RE2"), std::string::npos) << option.err;
}

TEST_F(CliTest, ConfigInTheWorkingDirectoryIsUsed) {
  workspace_.write("repo/quota.yaml", kQuota);
  workspace_.write("driftlint.yaml",
                   "repos:\n  - {name: infra, source: repo}\nsharedNamespaces: [team-a]\n"
                   "ignore:\n  - {rule: namespace-gpu-quota, path: 'quota.yaml', reason: tracked in TICKET-1}\n");
  Outcome r = run({"check", "--format", "json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["summary"]["suppressed"], 1);
  EXPECT_EQ(report["findings"].size(), 0u);
  EXPECT_EQ(report["repos"][0]["name"], "infra");
  EXPECT_EQ(report["repos"][0]["source"], "repo");
}

TEST_F(CliTest, UnreadablePathIsAnInputErrorButOtherPathsAreLinted) {
  workspace_.write("repo/quota.yaml", kQuota);
  Outcome r = run({"check", "missing-dir", "repo", "--fail-on", "warning"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing-dir: no such file or directory"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("[namespace-gpu-quota]"), std::string::npos) << r.out;
}

// An unreadable folder is named and skipped; the rest is linted. Root reads
// every folder, so as root the binary runs as `nobody` (setpriv, util-linux).
TEST_F(CliTest, UnreadableFolderIsAnInputErrorAndTheRestIsLinted) {
  workspace_.write("repo/quota.yaml", kQuota);
  workspace_.write("repo/locked/secret.yaml", kClean);
  fs::permissions(workspace_.path_of("repo/locked"), fs::perms::none);
  std::string command = std::string(DRIFTLINT_BINARY) + " check repo --no-cache --fail-on warning";
  if (::geteuid() == 0) {
    if (std::system("command -v setpriv >/dev/null 2>&1") != 0) GTEST_SKIP() << "no setpriv to drop root";
    command = "setpriv --reuid=65534 --regid=65534 --clear-groups " + command;
  }
  int status = std::system(("cd '" + workspace_.path().string() + "' && " + command + " > out.txt 2> err.txt").c_str());
  fs::permissions(workspace_.path_of("repo/locked"), fs::perms::owner_all);
  ASSERT_TRUE(WIFEXITED(status));
  std::string out = workspace_.read("out.txt"), err = workspace_.read("err.txt");
  if (WEXITSTATUS(status) == 126 || WEXITSTATUS(status) == 127) {
    GTEST_SKIP() << "the binary cannot be run as nobody (a private build folder?): " << err;
  }
  EXPECT_EQ(WEXITSTATUS(status), 2) << err;
  EXPECT_NE(err.find("locked: cannot read: Permission denied"), std::string::npos) << err;
  EXPECT_NE(out.find("[namespace-gpu-quota]"), std::string::npos) << out;
}

TEST_F(CliTest, GitSourcesAndSnapshotsAreNotSilentlyIgnored) {
  workspace_.write("repo/ok.yaml", kClean);
  Outcome rev = run({"check", "--repo", "infra=repo@main"});
  EXPECT_EQ(rev.exit_code, 2);
  EXPECT_NE(rev.err.find("repo 'infra': a revision was asked but"), std::string::npos) << rev.err;
  EXPECT_NE(rev.err.find("not a git repository"), std::string::npos) << rev.err;
  // No network in tests: offline, a URL that was never cloned is an input error.
  Outcome url = run({"check", "--repo", "infra=https://git.example/org/infra.git", "--offline", "--cache-dir", "cache"});
  EXPECT_EQ(url.exit_code, 2);
  EXPECT_NE(url.err.find("repo 'infra': https://git.example/org/infra.git: not in the cache"), std::string::npos)
      << url.err;
  Outcome snap = run({"check", "repo", "--snapshot", "cluster.json"});
  EXPECT_EQ(snap.exit_code, 2);
  EXPECT_NE(snap.err.find("snapshot cluster.json: no such file or directory"), std::string::npos) << snap.err;
  // A broken snapshot names the file and the position; the repos are still linted.
  workspace_.write("broken.json",
                   "{\"apiVersion\": \"v1\", \"kind\": \"List\",\n \"items\": [{\"kind\": \"ConfigMap\",]}\n");
  Outcome broken = run({"check", "repo", "--snapshot", "broken.json", "--format", "json"});
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.err.find("snapshot broken.json:2:"), std::string::npos) << broken.err;
  EXPECT_NE(broken.out.find("\"findings\""), std::string::npos);
  Outcome bad = run({"check", "--repo", "no-equals-sign"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("NAME=SOURCE"), std::string::npos);
}

TEST_F(CliTest, NothingToLintIsAUsageError) {
  Outcome r = run({"check"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("nothing to lint"), std::string::npos);
}

TEST_F(CliTest, OutputIsByteIdenticalWhateverTheJobCount) {
  for (int i = 0; i < 40; ++i) {
    workspace_.write("repo/d" + std::to_string(i % 5) + "/q" + std::to_string(i) + ".yaml",
                     std::string(kQuota) + "---\n" + kQuota);  // duplicates too
  }
  Outcome one = run({"check", "repo", "--format", "json", "-j", "1"});
  Outcome two = run({"check", "repo", "--format", "json", "-j", "2"});
  Outcome eight = run({"check", "repo", "--format", "json", "-j", "8"});
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out, eight.out);
}

TEST_F(CliTest, OutputFileAndSingleFilePath) {
  workspace_.write("repo/quota.yaml", kQuota);
  Outcome r = run({"check", "repo/quota.yaml", "--output", "report.json", "--format", "json"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  auto report = nlohmann::json::parse(workspace_.read("report.json"));
  EXPECT_EQ(report["findings"][0]["path"], "quota.yaml");
  EXPECT_EQ(report["findings"][0]["repo"], "repo");
  EXPECT_NE(r.err.find("report written to report.json"), std::string::npos);
}

TEST_F(CliTest, RulesExplainAndVersion) {
  Outcome list = run({"rules"});
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.out.find("namespace-gpu-quota"), std::string::npos);
  Outcome json = run({"rules", "--format", "json"});
  auto rules = nlohmann::json::parse(json.out);
  EXPECT_GE(rules.size(), 5u);
  for (const auto& rule : rules) {
    EXPECT_FALSE(rule["summary"].get<std::string>().empty());
    EXPECT_FALSE(rule["hint"].get<std::string>().empty());
  }
  Outcome explain = run({"explain", "interactive-sleep"});
  EXPECT_EQ(explain.exit_code, 0);
  EXPECT_NE(explain.out.find("Option patterns"), std::string::npos);
  Outcome version = run({"version"});
  EXPECT_EQ(version.out, std::string("driftlint ") + DRIFTLINT_VERSION + "\n");
  EXPECT_EQ(run({"rules", "--output-dir", "x"}).exit_code, 2);  // needs --format markdown
}

// The demo is built as ci/demo builds it: two git repositories and a snapshot.
TEST_F(CliTest, DemoFiresEveryRuleOnce) {
  std::string make = (fs::path(DRIFTLINT_SOURCE_DIR) / "ci" / "make-scenario").string();
  std::string command = "'" + make + "' '" + (fs::path(DRIFTLINT_SOURCE_DIR) / "testdata" / "demo").string() + "' '" +
                        workspace_.path_of("demo").string() + "' >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  Outcome r = run({"check", "--format", "json"}, workspace_.path_of("demo"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  auto report = nlohmann::json::parse(r.out);
  std::map<std::string, int> rules;
  for (const auto& f : report["findings"]) ++rules[f["rule"].get<std::string>()];
  for (const char* id : {"yaml-syntax", "duplicate-resource", "interactive-sleep", "stale-checkout",
                         "wrong-owner-repo", "self-heal-revert", "live-missing", "not-deployed",
                         "app-source-missing", "gpu-quota-exceeds-capacity", "flavor-matches-no-node",
                         "missing-semaphore-key", "semaphore-not-gpu-ceiling", "semaphore-merge-overwrite",
                         "preemption-disabled", "deprecated-api"}) {
    EXPECT_EQ(rules[id], 1) << id;
  }
  // The audit's template (0, 1 or 2 GPUs) agrees with its Kyverno limit of 2.
  EXPECT_EQ(rules.count("gpu-limit-mismatch"), 0u);
  EXPECT_EQ(rules["duplicate-key"], 2);
  EXPECT_EQ(rules["namespace-gpu-quota"], 2);
  // The research quota raised live, and the serving overlay scaled live (reported at the overlay's patch).
  EXPECT_EQ(rules["live-drift"], 2);
  EXPECT_NE(r.out.find("apps/serving/overlays/gpu-prod/gpus.yaml"), std::string::npos) << r.out;
  EXPECT_EQ(report["summary"]["suppressed"], 1);
  Outcome md = run({"check", "--format", "markdown"}, workspace_.path_of("demo"));
  EXPECT_EQ(md.exit_code, 1) << md.err;
  EXPECT_NE(md.out.find("| `user-scheduling` | https://kubernetes.default.svc | OutOfSync | Healthy | on, selfHeal, prune |"),
            std::string::npos)
      << md.out;
}

// The CI templates we ship parse and are clean by our own rules.
TEST_F(CliTest, ShippedCiTemplatesAreClean) {
  Outcome r = run({"check", (fs::path(DRIFTLINT_SOURCE_DIR) / "ci" / "templates").string(), "--format", "json",
                   "--fail-on", "notice"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["summary"]["files"], 3);  // two workflows and the CronWorkflow (the Dockerfile is no YAML)
  EXPECT_TRUE(report["findings"].empty()) << r.out;
}

TEST_F(CliTest, HostileInputsDoNotCrash) {
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  char prev = 'a';
  for (char c = 'b'; c <= 'k'; ++c) {
    bomb += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) bomb += std::string(i ? ", *" : "*") + prev;
    bomb += "]\n";
    prev = c;
  }
  workspace_.write("repo/bomb.yaml", bomb);
  workspace_.write("repo/deep.yaml", std::string(20000, '[') + std::string(20000, ']'));
  workspace_.write("repo/nul.yaml", std::string("kind: ConfigMap\nmetadata: {name: \"a\0b\"}\n", 39));
  workspace_.write("repo/utf8.yaml", "kind: ConfigMap\nmetadata: {name: \"\xff\xfe\"}\n");
  workspace_.write("repo/big.yaml", std::string(2 << 20, '#'));
  fs::create_directory_symlink(workspace_.path_of("repo"), workspace_.path_of("repo/loop"));
  Outcome r = run({"check", "repo", "--format", "json", "--max-file-size", "1"});
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  auto report = nlohmann::json::parse(r.out);  // valid JSON even with invalid UTF-8 input
  std::set<std::string> broken;
  for (const auto& f : report["findings"]) {
    if (f["rule"] == "yaml-syntax") broken.insert(f["path"].get<std::string>());
  }
  EXPECT_TRUE(broken.count("bomb.yaml"));
  EXPECT_TRUE(broken.count("deep.yaml"));
  EXPECT_TRUE(broken.count("big.yaml"));
}

// The whole shared corpus through the binary: no crash (also under the
// sanitizers), valid JSON, and every finding located.
TEST_F(CliTest, LintsTheWholeCorpus) {
  fs::path corpus = fs::path(DRIFTLINT_SOURCE_DIR) / ".." / "shared" / "corpus";
  if (!fs::is_directory(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  Outcome r = run({"check", corpus.string(), "--format", "json", "-j", "2"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  auto report = nlohmann::json::parse(r.out);
  EXPECT_GT(report["summary"]["files"].get<int>(), 7000);
  for (const auto& f : report["findings"]) {
    EXPECT_TRUE(f["path"].is_string()) << f.dump();
    EXPECT_TRUE(f["line"].is_number()) << f.dump();
    EXPECT_FALSE(f["hint"].get<std::string>().empty());
  }
}

// The report must not depend on the thread count, nor on whether files came
// from the parse cache: one thread without the cache, then two and three
// threads writing and reading a fresh cache. testdata/ always; the shared
// corpus too when it is there, except in the sanitizer build (four runs over
// it, rendering 114 kustomizations each cold, take minutes there; the plain
// build's run covers it).
// Every fourth repo of the shared corpus, sorted by name, as --repo NAME=DIR
// arguments: the determinism test's sample (CliTest.LintsTheWholeCorpus
// reads the whole corpus once).
std::vector<std::string> corpus_sample(const fs::path& corpus) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(corpus)) {
    if (e.is_directory()) names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  std::vector<std::string> args;
  for (size_t i = 0; i < names.size(); i += 4) {
    args.insert(args.end(), {"--repo", names[i] + "=" + (corpus / names[i]).string()});
  }
  return args;
}

// The same report with one thread and no cache, then with two (cold: the
// cache is written), three and two again (warm). Two tests, so ctest runs
// the halves side by side.
void expect_same_whatever_the_threads_and_the_cache(const std::vector<std::string>& input, const std::string& cache,
                                                    const std::function<Outcome(const std::vector<std::string>&)>& run) {
  std::vector<std::string> args = {"check", "--no-config", "--format", "json"};
  args.insert(args.end(), input.begin(), input.end());
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> all = args;
    all.insert(all.end(), more.begin(), more.end());
    return run(all);
  };
  Outcome reference = with({"-j", "1", "--no-cache"});
  ASSERT_FALSE(reference.out.empty()) << reference.err;
  EXPECT_FALSE(fs::exists(cache));
  for (const char* jobs : {"2", "3", "2"}) {  // cold (writes the cache), warm, warm
    Outcome r = with({"-j", jobs, "--cache-dir", cache});
    EXPECT_EQ(r.exit_code, reference.exit_code);
    EXPECT_EQ(r.out, reference.out) << "with -j " << jobs;
  }
  EXPECT_TRUE(fs::is_directory(fs::path(cache) / "parse-v1"));
  // The kept validations, replayed by the warm runs above, are the owner's alone.
  struct stat st;
  ASSERT_EQ(::stat((fs::path(cache) / "validations-v1").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  ASSERT_EQ(::stat((fs::path(cache) / "validations-v1" / "memo").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST_F(CliTest, ReportIsTheSameWhateverTheThreadsAndTheCacheOnTheRuleFixtures) {
  expect_same_whatever_the_threads_and_the_cache({(fs::path(DRIFTLINT_SOURCE_DIR) / "testdata" / "rules").string()},
                                                 workspace_.path_of("cache").string(),
                                                 [&](const std::vector<std::string>& a) { return run(a); });
}

// Not under the sanitizers: there the corpus runs once, in LintsTheWholeCorpus.
#if !defined(DRIFTLINT_SANITIZED)
TEST_F(CliTest, ReportIsTheSameWhateverTheThreadsAndTheCacheOnACorpusSample) {
  fs::path corpus = fs::path(DRIFTLINT_SOURCE_DIR) / ".." / "shared" / "corpus";
  if (!fs::is_directory(corpus)) GTEST_SKIP() << "no ../shared/corpus";
  expect_same_whatever_the_threads_and_the_cache(corpus_sample(corpus), workspace_.path_of("cache").string(),
                                                 [&](const std::vector<std::string>& a) { return run(a); });
}
#endif

}  // namespace
}  // namespace driftlint
