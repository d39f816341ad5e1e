// `driftlint plan` on the scenario fixtures of testdata/plan/: one folder per
// row of docs/plan.md's table of semantics. Each is built into real git
// repositories by ci/make-scenario (repos/NAME/1/, 2/, ..., dirty/ for an
// uncommitted change), and the plan the binary prints (with the options in
// `args`, one per line) must be `plan.txt` exactly, exit with the code in
// `exit` (0 when absent), and print no line of `never.txt` (Secret values)
// in any format. DRIFTLINT_UPDATE_GOLDEN=1 rewrites plan.txt and exit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(DRIFTLINT_SOURCE_DIR) / "testdata" / "plan";

std::vector<std::string> lines_of(const fs::path& file) {
  std::vector<std::string> out;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::vector<std::string> fixture_names() {
  std::vector<std::string> out;
  if (!fs::is_directory(kFixtures)) return out;
  for (const auto& entry : fs::directory_iterator(kFixtures)) {
    if (fs::is_directory(entry.path() / "repos")) out.push_back(entry.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class PlanFixtureTest : public ::testing::TestWithParam<std::string> {
 protected:
  fs::path source() const { return kFixtures / GetParam(); }
  fs::path build() {
    fs::path built = work_.path_of("scenario");
    std::string command = "'" + (fs::path(DRIFTLINT_SOURCE_DIR) / "ci" / "make-scenario").string() + "' '" +
                          source().string() + "' '" + built.string() + "' >/dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    return built;
  }
  Outcome plan(const fs::path& built, const std::string& format) {
    std::vector<std::string> args = {"plan", "--config", "driftlint.yaml", "--no-cache", "--format", format};
    for (const std::string& a : lines_of(source() / "args")) args.push_back(a);
    return run_driftlint(args, built, work_.path());
  }
  Workspace work_;
};

TEST_P(PlanFixtureTest, PrintsItsPlan) {
  fs::path built = build();
  Outcome text = plan(built, "text");
  int expected_exit = fs::exists(source() / "exit") ? std::stoi(read_whole_file(source() / "exit")) : 0;
  if (std::getenv("DRIFTLINT_UPDATE_GOLDEN")) {
    write_whole_file(source() / "plan.txt", text.out);
    if (text.exit_code != 0) write_whole_file(source() / "exit", std::to_string(text.exit_code) + "\n");
    return;
  }
  EXPECT_EQ(text.exit_code, expected_exit) << text.err;
  EXPECT_EQ(text.out, read_whole_file(source() / "plan.txt"))
      << "update with DRIFTLINT_UPDATE_GOLDEN=1 build/driftlint_tests --gtest_filter='Plan*'\n" << text.err;
  Outcome json = plan(built, "json");
  nlohmann::json parsed = nlohmann::json::parse(json.out, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << json.out;
  Outcome markdown = plan(built, "markdown");
  EXPECT_EQ(markdown.exit_code, expected_exit) << markdown.err;
  for (const std::string& secret : lines_of(source() / "never.txt")) {
    for (const Outcome* o : {&text, &json, &markdown}) EXPECT_EQ(o->out.find(secret), std::string::npos) << secret;
  }
}

INSTANTIATE_TEST_SUITE_P(Plan, PlanFixtureTest, ::testing::ValuesIn(fixture_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace driftlint
