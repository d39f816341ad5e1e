// A chart's values.schema.json cannot make helm read the runner's files or
// call a host: a reference to a file refuses the build, one to download turns
// schema validation off (a note says so); checked with a stand-in helm for
// the arguments and with the real one for what it does.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "testing/cli_driver.h"
#include "testing/required_tools.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class ChartSchemaE2eTest : public ::testing::Test {
 protected:
  void write_chart(const std::string& schema) {
    work_.write("repo/apps.yaml",
                "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: api, namespace: argocd}\n"
                "spec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n    path: chart\n"
                "  destination: {namespace: prod}\n");
    work_.write("repo/chart/Chart.yaml", "apiVersion: v2\nname: api\nversion: 1.0.0\n");
    work_.write("repo/chart/values.yaml", "image:\n  tag: 1.0.0\n");
    work_.write("repo/chart/values.schema.json", schema);
    work_.write("repo/chart/templates/cm.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  tag: '{{ .Values.image.tag }}'\n");
    work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
  }
  Outcome check() { return run_driftlint({"check", "--config", "driftlint.yaml", "--no-cache", "--format", "json"}, work_); }
  // With a stand-in helm first on PATH: it records its arguments.
  Outcome check_with_stand_in() {
    fs::path bin = work_.make_folder("bin");
    work_.write("bin/helm", "#!/bin/sh\nif [ \"$1\" = version ]; then echo v4.0.0+gstandin; exit 0; fi\n"
                            "echo \"$@\" > " + bin.string() + "/args\n"
                            "printf -- '---\\n# Source: api/templates/cm.yaml\\napiVersion: v1\\nkind: ConfigMap\\n"
                            "metadata:\\n  name: api\\n'\n");
    fs::permissions(bin / "helm", fs::perms::owner_all);
    std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", (bin.string() + ":" + old_path).c_str(), 1);
    Outcome r = check();
    setenv("PATH", old_path.c_str(), 1);
    return r;
  }
  Workspace work_;
};

TEST_F(ChartSchemaE2eTest, AReferenceToAFileRefusesTheBuildBeforeHelmRuns) {
  write_chart(R"({"properties": {"image": {"$ref": "file:///etc/passwd"}}})");
  Outcome r = check_with_stand_in();
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("render-failed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("chart/values.schema.json's $ref 'file:///etc/passwd' makes helm read a file outside the chart"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(work_.path_of("bin/args"))) << "helm ran: " << work_.read("bin/args");
}

TEST_F(ChartSchemaE2eTest, AReferenceToDownloadTurnsValidationOffWithANote) {
  write_chart(R"({"properties": {"image": {"$ref": "https://schemas.example/image.json"}}})");
  Outcome r = check_with_stand_in();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(work_.read("bin/args").find(" --skip-schema-validation"), std::string::npos) << work_.read("bin/args");
  EXPECT_NE(r.err.find("chart repo/chart: values not validated against values.schema.json: chart/values.schema.json's "
                       "$ref 'https://schemas.example/image.json' would be downloaded"),
            std::string::npos)
      << r.err;
}

TEST_F(ChartSchemaE2eTest, RealHelmNeverReadsTheFileNorCallsTheHost) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  int server = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(bind(server, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(listen(server, 4), 0);
  getsockname(server, reinterpret_cast<sockaddr*>(&address), &length);
  std::string url = "http://127.0.0.1:" + std::to_string(ntohs(address.sin_port)) + "/image.json";
  write_chart(R"({"properties": {"image": {"$ref": ")" + url + R"("}}})");
  Outcome fetched = check();
  EXPECT_EQ(fetched.exit_code, 0) << fetched.err << fetched.out;
  EXPECT_NE(fetched.err.find("rendered 1 build with helm"), std::string::npos) << fetched.err;
  EXPECT_LT(accept(server, nullptr, nullptr), 0) << "helm called the host the chart named";
  close(server);
  // A schema the values break, referenced from a file: helm would say so after reading it; it is never read.
  work_.write("planted.json", R"({"type": "object", "required": ["planted"]})");
  write_chart(R"({"properties": {"image": {"$ref": "file://)" + work_.path_of("planted.json").string() + R"("}}})");
  Outcome file = check();
  EXPECT_EQ(file.exit_code, 1) << file.err;
  EXPECT_NE(file.out.find("makes helm read a file outside the chart"), std::string::npos) << file.out;
  EXPECT_EQ(file.out.find("planted"), file.out.find("planted.json")) << "helm read it: " << file.out;
}

TEST_F(ChartSchemaE2eTest, AReferenceInsideAPackagedSubchartIsFoundToo) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  write_chart("{}");
  work_.write("db/Chart.yaml", "apiVersion: v2\nname: db\nversion: 0.1.0\n");
  work_.write("db/values.yaml", "size: 1\n");
  work_.write("db/values.schema.json", R"({"properties": {"size": {"$ref": "etc/passwd"}}})");
  std::string dir = work_.path().string();
  ASSERT_EQ(std::system(("helm package '" + dir + "/db' -d '" + dir + "/repo/chart/charts' >/dev/null").c_str()), 0);
  Outcome r = check();
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("chart/charts/db-0.1.0.tgz:db/values.schema.json's $ref 'etc/passwd' makes helm read a file "
                       "outside the chart"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace driftlint
