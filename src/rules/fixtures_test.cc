// Runs every rule over its fixtures in testdata/rules/<rule-id>/: each file in
// fire/ marks the lines that must be reported with `# expect: RULE [SEVERITY]`
// (or `# expect(+N): RULE` for N lines below), and nothing in pass/ may be
// reported. Every registered rule must have both folders.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "config/config.h"
#include "lint/engine.h"
#include "load/loader.h"
#include "rules/registry.h"

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
  config.gpu_resources = default_gpu_resources();
  fs::path config_file = dir.parent_path() / "driftlint.yaml";
  if (fs::exists(config_file)) {
    auto loaded = load_config(config_file.string());
    EXPECT_TRUE(loaded) << loaded.error().message;
    if (loaded) config = std::move(*loaded);
  }
  RuleSelection selection;
  selection.enable = {rule};
  auto rules = instantiate_rules(config, selection);
  EXPECT_TRUE(rules) << rules.error().message;
  auto gpu = GpuResourceMatcher::create(config.gpu_resources);
  RepoInput repo;
  repo.name = "fixture";
  repo.source = dir.string();
  repo.tree = std::make_shared<DiskTree>(dir.string());
  LoadResult load = load_repos({repo}, LoadOptions{});
  EXPECT_TRUE(load.errors.empty());
  LintContext context{load, config, *gpu};
  LintOutput output = run_rules(*rules, context);
  std::set<Expectation> found;
  for (const Finding& f : output.findings) {
    if (f.rule != rule) continue;
    EXPECT_FALSE(f.message.empty());
    EXPECT_FALSE(f.hint.empty());
    EXPECT_TRUE(f.repo && f.path && f.line > 0) << f.message;
    messages.push_back((f.path ? *f.path : "") + ":" + std::to_string(f.line) + ": " + f.message);
    found.insert({f.path.value_or(""), f.line,
                  with_severity ? std::string(severity_name(f.severity)) : std::string()});
  }
  return found;
}

TEST(RuleFixturesTest, EveryRuleFiresWhereMarkedAndNowhereElse) {
  for (const RuleEntry& entry : rule_registry()) {
    const std::string& id = entry.info().id;
    SCOPED_TRACE("rule " + id);
    fs::path fire = kFixtures / id / "fire";
    fs::path pass = kFixtures / id / "pass";
    ASSERT_TRUE(fs::is_directory(fire)) << "missing fixtures: " << fire;
    ASSERT_TRUE(fs::is_directory(pass)) << "missing fixtures: " << pass;

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
