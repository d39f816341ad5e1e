#include <gtest/gtest.h>

#include "fs/repo_path.h"

namespace driftlint {
namespace {

// Each a form some kustomize fetches or clones (remote_reference.cc): none may reach the tool.
TEST(RemoteReferenceTest, EveryFormKustomizeFetches) {
  for (const char* remote : {
           "https://github.com/org/repo//deploy?ref=v1",
           "HTTPS://example.com/manifests.yaml",
           "http:example.com/x.yaml",               // Go's url.Parse: a URL all the same
           "ssh://git@host.example:2222/org/repo",  //
           "file:///etc/some-repo",                 // a local repo, cloned: outside the repo
           "git::https://host.example/org/repo",    // go-getter's forced getter
           "GIT::host.example/org/repo",            //
           "s3::https://bucket.example/x",          //
           "github.com/org/repo/deploy?ref=v1",     //
           "GitHub.com/org/repo",                   // kustomize lowers the host
           "github.com:org/repo",                   // scp-like, no user
           "git@github.com:org/repo.git",           //
           "user@host.example:path",                // any user, any host
           "deploy-bot@host.example:org/repo",      //
           "someone@host.example/org/repo",         //
           "gh:org/repo",                           // kustomize 3 and 4's shorthand
           "dev.azure.com/org/project/_git/repo",   // kustomize 3 and 4
           "gitlab.com/org/repo",                   //
       }) {
    EXPECT_TRUE(is_remote_reference(remote)) << remote;
  }
}

TEST(RemoteReferenceTest, FilesAndFoldersOfTheRepoAreNot) {
  for (const char* local : {"../base", "deployment.yaml", "./overlays/dev", "host.example/org/repo",
                            "config@v1.yaml", "a@b", "name:with-colon.yaml", "_git", "team@", "1user@host:x"}) {
    EXPECT_FALSE(is_remote_reference(local)) << local;
  }
}

}  // namespace
}  // namespace driftlint
