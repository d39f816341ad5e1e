#include <gtest/gtest.h>

#include "lint/rule.h"
#include "load/loader.h"
#include "report/report.h"

namespace driftlint {
namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

struct JunitInput {
  LoadResult load;
  LintOutput lint;
  RuleInfo rule{.id = "duplicate-key"};

  JunitInput() {
    RepoInput repo;
    repo.name = "infra";
    repo.commit = "0123456789abcdef0123456789abcdef01234567";
    load.repos.push_back(repo);
    for (const char* path : {"a.yaml", "b.yaml", "c.yaml"}) {
      LoadedFile file;
      file.path = path;
      load.files.push_back(std::move(file));
    }
    auto finding = [](const char* path, Severity severity, uint32_t line) {
      Finding f;
      f.rule = "duplicate-key";
      f.severity = severity;
      f.message = "key set twice";
      f.repo = "infra";
      f.path = path;
      f.line = line;
      return f;
    };
    // a.yaml: two objects with an error each (one test case); b.yaml: a
    // warning; c.yaml: a suppressed error.
    lint.findings = {finding("a.yaml", Severity::Error, 3), finding("a.yaml", Severity::Error, 9),
                     finding("b.yaml", Severity::Warning, 2), finding("c.yaml", Severity::Error, 4)};
    lint.findings.back().suppressed = true;
    lint.findings.back().suppression = "kept for the migration";
  }
};

// Issue 32: a case per rule and file made 187,824 cases for 56 findings.
TEST(JunitReportTest, OneCasePerFindingFailingAtFailOnSuppressedSkipped) {
  JunitInput in;
  ReportInput input{in.load, in.lint};
  RuleInfo quiet_rule{.id = "yaml-syntax"};
  input.rules = {&in.rule, &quiet_rule};
  std::string xml = junit_report(input);
  EXPECT_EQ(count(xml, "<testcase "), 5u);  // 4 findings, and one passing case for the rule that found nothing
  EXPECT_EQ(count(xml, "<failure "), 2u);   // the two errors of a.yaml
  EXPECT_NE(xml.find("<testsuite name=\"duplicate-key\" tests=\"4\" failures=\"2\" errors=\"0\" skipped=\"1\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase classname=\"driftlint.duplicate-key\" name=\"infra/a.yaml:9: key set twice\" "
                     "file=\"infra/a.yaml\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<skipped message=\"suppressed: kept for the migration\">infra/c.yaml:4: error: key set twice "
                     "[duplicate-key]</skipped>"),
            std::string::npos);
  // The warning is below --fail-on error: a passing case that tells it.
  EXPECT_NE(xml.find("<system-out>infra/b.yaml:2: warning: key set twice [duplicate-key] (below --fail-on)</system-out>"),
            std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"yaml-syntax\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">"),
            std::string::npos);
  EXPECT_NE(xml.find("name=\"yaml-syntax: no findings in 3 files\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<testsuites name=\"driftlint\" tests=\"5\" failures=\"2\" errors=\"0\" skipped=\"1\">"),
            std::string::npos);
  EXPECT_NE(xml.find("<property name=\"revision.infra\" value=\"0123456789abcdef0123456789abcdef01234567\"/>"),
            std::string::npos);
  EXPECT_NE(xml.find("<property name=\"fail-on\" value=\"error\"/>"), std::string::npos);

  input.fail_on = Severity::Warning;
  EXPECT_EQ(count(junit_report(input), "<failure "), 3u);
  input.fail_on = std::nullopt;
  EXPECT_EQ(count(junit_report(input), "<failure "), 0u);
}

// The size follows the findings: past 1,000 cases a rule's others are counted in one.
TEST(JunitReportTest, ARulesCasesStopAtAThousand) {
  JunitInput in;
  Finding f = in.lint.findings.front();
  in.lint.findings.assign(2500, f);
  ReportInput input{in.load, in.lint};
  input.rules = {&in.rule};
  std::string xml = junit_report(input);
  EXPECT_EQ(count(xml, "<testcase "), 1001u);
  EXPECT_NE(xml.find("name=\"duplicate-key: 1500 more findings\">\n      <failure type=\"more\" message=\"1500 more "
                     "findings of duplicate-key (1500 failing)"),
            std::string::npos);
  EXPECT_LT(xml.size(), 600'000u);
}

}  // namespace
}  // namespace driftlint
