#include "render/probe_cache.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class ProbeCacheTest : public ::testing::Test {
 protected:
  ProcessResult answer(const std::string& out) {
    ++runs_;
    ProcessResult r;
    r.started = true;
    r.exit_code = 0;
    r.out = out;
    return r;
  }
  std::string tool(const std::string& name, const std::string& copy_of) {
    fs::path to = work_.path_of("bin/" + name);
    fs::create_directories(to.parent_path());
    fs::copy_file(copy_of, to, fs::copy_options::overwrite_existing);
    fs::permissions(to, fs::perms::owner_all);
    return to.string();
  }
  Workspace work_;
  int runs_ = 0;
};

TEST_F(ProbeCacheTest, AnUnchangedBinaryIsProbedOnce) {
  std::string kubectl = tool("kubectl", "/bin/true");
  ProbeCache cache(work_.path_of("cache").string());
  for (int i = 0; i < 3; ++i) {
    ProcessResult r = cache.probe({kubectl, "version", "--client"}, [&] { return answer("Kustomize Version: v5.7.1\n"); });
    EXPECT_TRUE(r.ok());
    EXPECT_EQ(r.out, "Kustomize Version: v5.7.1\n");
  }
  EXPECT_EQ(runs_, 1);
  // Other arguments are another probe.
  cache.probe({kubectl, "version"}, [&] { return answer("v1\n"); });
  EXPECT_EQ(runs_, 2);
}

TEST_F(ProbeCacheTest, AReplacedBinaryIsProbedAgain) {
  std::string kubectl = tool("kubectl", "/bin/true");
  ProbeCache cache(work_.path_of("cache").string());
  cache.probe({kubectl, "version"}, [&] { return answer("v5.5.0\n"); });
  tool("kubectl", "/bin/false");  // another size, time and (after a copy) content
  ProcessResult r = cache.probe({kubectl, "version"}, [&] { return answer("v5.7.1\n"); });
  EXPECT_EQ(runs_, 2);
  EXPECT_EQ(r.out, "v5.7.1\n");
}

TEST_F(ProbeCacheTest, AScriptAFailureOrNoCacheIsProbedEveryTime) {
  work_.write("bin/shim", "#!/bin/sh\nexec real-kubectl \"$@\"\n");
  chmod(work_.path_of("bin/shim").c_str(), 0700);
  ProbeCache cache(work_.path_of("cache").string());
  for (int i = 0; i < 2; ++i) cache.probe({work_.path_of("bin/shim").string(), "version"}, [&] { return answer("v1\n"); });
  EXPECT_EQ(runs_, 2);
  std::string helm = tool("helm", "/bin/true");
  for (int i = 0; i < 2; ++i) {
    cache.probe({helm, "version"}, [&] {
      ProcessResult r = answer("");
      r.exit_code = 1;
      return r;
    });
  }
  EXPECT_EQ(runs_, 4);
  ProbeCache none("");
  for (int i = 0; i < 2; ++i) none.probe({helm, "version"}, [&] { return answer("v3\n"); });
  EXPECT_EQ(runs_, 6);
}

TEST_F(ProbeCacheTest, AKeptFileCutShortIsNotUsed) {
  std::string kubectl = tool("kubectl", "/bin/true");
  std::string cache = work_.path_of("cache").string();
  ProbeCache(cache).probe({kubectl, "version"}, [&] { return answer("v5.7.1\n"); });
  for (const auto& entry : fs::directory_iterator(cache + "/probes-v1")) work_.write(fs::relative(entry.path(), work_.path()).string(), "v9");
  ProcessResult r = ProbeCache(cache).probe({kubectl, "version"}, [&] { return answer("v5.7.1\n"); });
  EXPECT_EQ(runs_, 2);
  EXPECT_EQ(r.out, "v5.7.1\n");
}

}  // namespace
}  // namespace driftlint
