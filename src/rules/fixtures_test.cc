// Runs every rule over its fixtures in testdata/rules/<rule-id>/: each file in
// fire/ marks the lines that must be reported with `# expect: RULE [SEVERITY]`
// (or `# expect(+N): RULE` for N lines below), and nothing in pass/ may be
// reported. Every registered rule must have both folders.
//
// Rules that read git history, several repos and a cluster snapshot use
// scenario fixtures instead: each folder under fire/ and pass/ that holds a
// repos/ folder is built into real git repositories by ci/make-scenario, the
// binary runs on its driftlint.yaml, and the rule's findings must be exactly
// the lines of its expect.txt ("SEVERITY REPO[/PATH[:LINE]]"; none in pass/).
// An `args` file adds command-line options, one per line.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "argocd/argocd_config_sources.h"
#include "config/config.h"
#include "lint/engine.h"
#include "load/loader.h"
#include "render/render_set.h"
#include "rules/registry.h"
#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(DRIFTLINT_SOURCE_DIR) / "testdata" / "rules";

struct Expectation {
  std::string path;
  uint32_t line;
  std::string severity;  // empty: any
  bool operator<(const Expectation& o) const {
    return std::tie(path, line, severity) < std::tie(o.path, o.line, o.severity);
  }
};

std::set<Expectation> read_expectations(const fs::path& dir, const std::string& rule) {
  std::set<Expectation> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path());
    std::string text;
    uint32_t line = 0;
    while (std::getline(in, text)) {
      ++line;
      size_t at = text.find("# expect");
      if (at == std::string::npos) continue;
      std::string rest = text.substr(at + 8);
      uint32_t offset = 0;
      if (rest.rfind("(+", 0) == 0) {
        offset = static_cast<uint32_t>(std::stoul(rest.substr(2)));
        rest = rest.substr(rest.find(')') + 1);
      }
      if (rest.rfind(": ", 0) != 0) continue;
      std::istringstream words(rest.substr(2));
      std::string id, severity;
      words >> id >> severity;
      if (id != rule) continue;
      out.insert({fs::relative(entry.path(), dir).generic_string(), line + offset, severity});
    }
  }
  return out;
}

std::set<Expectation> run_fixture(const fs::path& dir, const std::string& rule, bool with_severity,
                                  std::vector<std::string>& messages) {
  Config config;
  config.accelerators = default_accelerators();
  fs::path config_file = dir.parent_path() / "driftlint.yaml";
  if (fs::exists(config_file)) {
    auto loaded = load_config(config_file.string());
    EXPECT_TRUE(loaded) << loaded.error().message;
    if (loaded) config = std::move(*loaded);
  }
  RuleSelection selection;
  selection.enable = {rule};
  auto rules = instantiate_rules(config, selection, rule_registry());
  EXPECT_TRUE(rules) << rules.error().message;
  auto gpu = GpuResourceMatcher::create(config.accelerators);
  RepoInput repo;
  repo.name = "fixture";
  repo.source = dir.string();
  repo.tree = std::make_shared<DiskTree>(dir.string());
  LoadResult load = load_repos({repo}, LoadOptions{});
  EXPECT_TRUE(load.errors.empty());
  // What is applied, as the CLI judges it: root kustomizations rendered,
  // with the kustomize build options of an argocd-cm among the files.
  ToolRenderer renderer(load, ToolRendererOptions{"kubectl", "helm", std::chrono::seconds(60), 1, 64ull << 20, ""});
  LoadIndex index(load);
  RenderSet renders;
  ArgoCdConfig argocd = choose_argocd_config(config_candidates(load, nullptr));
  std::vector<RenderRequest> roots = root_kustomizations(load, index);
  for (RenderRequest& r : roots) r.build_flags = kustomize_build_flags(argocd, "");
  add_outputs(renders, renderer.render(roots));
  render_partial_builds(renderer, load, index, renders);
  LintContext context{load, config, *gpu};
  std::vector<const Manifest*> applied = applied_objects(load, index, renders);
  context.objects = applied;
  context.renders = &renders;
  LintOutput output = run_rules(*rules, context, rule_registry());
  std::set<Expectation> found;
  for (const Finding& f : output.findings) {
    if (f.rule != rule || f.suppressed) continue;  // not judged (e.g. a placeholder image)
    EXPECT_FALSE(f.message.empty());
    EXPECT_FALSE(f.hint.empty());
    EXPECT_TRUE(f.repo && f.path && f.line > 0) << f.message;
    messages.push_back((f.path ? *f.path : "") + ":" + std::to_string(f.line) + ": " + f.message);
    found.insert({f.path.value_or(""), f.line,
                  with_severity ? std::string(severity_name(f.severity)) : std::string()});
  }
  return found;
}

std::vector<fs::path> scenario_cases(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_directory() && fs::is_directory(entry.path() / "repos")) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool uses_scenarios(const std::string& rule) {
  return !scenario_cases(kFixtures / rule / "fire").empty();
}

std::multiset<std::string> read_expect_file(const fs::path& file) {
  std::multiset<std::string> out;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::string_view t = line;
    while (!t.empty() && (t.back() == ' ' || t.back() == '\r')) t.remove_suffix(1);
    if (!t.empty() && t[0] != '#') out.insert(std::string(t));
  }
  return out;
}

// Builds the scenario and returns the rule's findings as "SEVERITY REPO/PATH:LINE".
std::multiset<std::string> run_scenario(const fs::path& source, const std::string& rule,
                                        std::vector<std::string>& messages) {
  Workspace work;  // one per scenario, removed on return
  fs::path built = work.path_of("scenario");
  std::string command = "'" + (fs::path(DRIFTLINT_SOURCE_DIR) / "ci" / "make-scenario").string() + "' '" +
                        source.string() + "' '" + built.string() + "' >/dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::vector<std::string> args = {"check", "--format", "json", "--fail-on", "none", "--enable", rule};
  // A case may run inside one of its checkouts (a file `cwd` names it), with
  // the driftlint.yaml found there, as CI runs on a pull request; otherwise
  // from the top with the scenario's driftlint.yaml.
  fs::path where = built;
  std::ifstream cwd_file(source / "cwd");
  if (std::string cwd; std::getline(cwd_file, cwd) && !cwd.empty()) {
    where = built / cwd;
  } else {
    args.insert(args.begin() + 1, {"--config", "driftlint.yaml"});
  }
  // Extra options for the case (e.g. --strict-drift), one per line.
  std::ifstream extra(source / "args");
  for (std::string line; std::getline(extra, line);) {
    if (!line.empty()) args.push_back(line);
  }
  Outcome r = run_driftlint(args, where, work.path());
  EXPECT_EQ(r.exit_code, 0) << source << ": " << r.err;
  std::multiset<std::string> found;
  nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(report.is_discarded()) << r.out;
  if (!report.is_discarded()) {
    for (const auto& f : report["findings"]) {
      if (f["rule"] != rule) continue;
      EXPECT_FALSE(f["hint"].get<std::string>().empty());
      // Findings in driftlint.yaml name no repo (the file configures the run, whichever repo holds it).
      bool in_config = f["repo"].is_null() && f["path"].is_string() && f["path"] == "driftlint.yaml";
      EXPECT_TRUE(f["repo"].is_string() || in_config) << f.dump();
      std::string where = f["repo"].is_string() ? f["repo"].get<std::string>() : "(config)";
      if (f["path"].is_string()) where += "/" + f["path"].get<std::string>();
      if (f["line"].is_number()) where += ":" + std::to_string(f["line"].get<int>());
      found.insert(f["severity"].get<std::string>() + " " + where);
      messages.push_back(where + ": " + f["message"].get<std::string>());
    }
  }
  return found;
}

TEST(RuleFixturesTest, ScenarioRulesFireWhereExpectedAndNowhereElse) {
  size_t cases = 0;
  for (const RuleEntry& entry : rule_registry()) {
    const std::string& id = entry.info().id;
    if (!uses_scenarios(id)) continue;
    for (const fs::path& c : scenario_cases(kFixtures / id / "fire")) {
      SCOPED_TRACE("rule " + id + ", fixture " + c.string());
      std::multiset<std::string> expected = read_expect_file(c / "expect.txt");
      ASSERT_FALSE(expected.empty()) << "no expect.txt lines in " << c;
      std::vector<std::string> messages;
      std::multiset<std::string> found = run_scenario(c, id, messages);
      std::string all;
      for (const std::string& m : messages) all += "\n  " + m;
      EXPECT_EQ(found, expected) << "findings:" << all;
      ++cases;
    }
    std::vector<fs::path> pass = scenario_cases(kFixtures / id / "pass");
    EXPECT_FALSE(pass.empty()) << "no scenario under " << kFixtures / id / "pass";
    for (const fs::path& c : pass) {
      SCOPED_TRACE("rule " + id + ", fixture " + c.string());
      std::vector<std::string> messages;
      std::multiset<std::string> found = run_scenario(c, id, messages);
      EXPECT_TRUE(found.empty()) << "fired on clean input: " << (messages.empty() ? "" : messages.front());
      ++cases;
    }
  }
  EXPECT_GT(cases, 0u);
}

TEST(RuleFixturesTest, EveryRuleFiresWhereMarkedAndNowhereElse) {
  for (const RuleEntry& entry : rule_registry()) {
    const std::string& id = entry.info().id;
    SCOPED_TRACE("rule " + id);
    fs::path fire = kFixtures / id / "fire";
    fs::path pass = kFixtures / id / "pass";
    ASSERT_TRUE(fs::is_directory(fire)) << "missing fixtures: " << fire;
    ASSERT_TRUE(fs::is_directory(pass)) << "missing fixtures: " << pass;
    if (uses_scenarios(id)) continue;  // ScenarioRulesFireWhereExpectedAndNowhereElse

    std::set<Expectation> expected = read_expectations(fire, id);
    ASSERT_FALSE(expected.empty()) << "no '# expect: " << id << "' marker in " << fire;
    bool with_severity = false;
    for (const Expectation& e : expected) with_severity = with_severity || !e.severity.empty();
    std::set<Expectation> untyped;
    for (Expectation e : expected) {
      if (!with_severity) e.severity.clear();
      untyped.insert(e);
    }
    std::vector<std::string> messages;
    std::set<Expectation> found = run_fixture(fire, id, with_severity, messages);
    for (const Expectation& e : untyped) {
      EXPECT_TRUE(found.count(e)) << "expected " << id << " " << e.severity << " at " << e.path << ":" << e.line;
    }
    for (const Expectation& f : found) {
      EXPECT_TRUE(untyped.count(f)) << "unexpected " << id << " " << f.severity << " at " << f.path << ":" << f.line;
    }

    std::vector<std::string> pass_messages;
    std::set<Expectation> false_positives = run_fixture(pass, id, false, pass_messages);
    EXPECT_TRUE(false_positives.empty()) << "fired on clean input: " << pass_messages.front();
  }
}

}  // namespace
}  // namespace driftlint
