// Opening a repo's files on disk without ever leaving the repo. The kernel
// never follows a symbolic link for driftlint here: a path is opened with
// openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS) where the kernel has it, else
// component by component with O_NOFOLLOW, under a descriptor of the repo's
// root. A link at the last component is resolved by driftlint itself, inside
// the repo (as a link is resolved inside a commit at a revision), and only a
// regular file inside is opened; a link anywhere else in a path (a folder
// that is a link) is never followed. A pull request controls the repo's
// links, and a link to `/` or `~/.ssh` must not make its files readable.
#pragma once

#include <memory>
#include <string>

#include <sys/stat.h>

#include "fs/file_tree.h"

namespace driftlint {

class RepoRoot {
 public:
  // Holds `root` open (an O_PATH descriptor); an unopenable root fails each
  // call with the reason.
  explicit RepoRoot(const std::string& root);
  ~RepoRoot();
  RepoRoot(const RepoRoot&) = delete;
  RepoRoot& operator=(const RepoRoot&) = delete;

  struct Opened {
    int fd = -1;          // owned by the caller when >= 0
    int error = 0;        // errno when fd < 0 and no link is to blame
    LinkTarget link = LinkTarget::InRepo;  // why a link was not followed (when fd < 0 and error == 0)
  };
  // Opens the clean repo path `relative` ("" is the root) with `flags`
  // (O_RDONLY, O_PATH | O_DIRECTORY, ...); O_NOFOLLOW and O_CLOEXEC are
  // added. A path that is not clean fails with EINVAL.
  Opened open(const std::string& relative, int flags) const;
  // Where the link at `relative` leads inside the repo: the clean path of
  // the regular file it names (InRepo), or why it is not followed.
  LinkTarget resolve_link(const std::string& relative, std::string& target) const;
  // Whether `relative` is a folder reached through no link.
  bool is_directory(const std::string& relative) const;
  // stat(2) of `relative`, links followed as stat follows them, looked up
  // from the open root (the root's own path is not walked again per file).
  // False with errno set when it fails.
  bool stat_of(const std::string& relative, struct ::stat& st) const;

 private:
  int open_no_links(const std::string& relative, int flags) const;
  // Whether a folder of this path is a link (so it cannot be opened as one).
  bool passes_a_link(const std::string& folder) const;
  int root_fd_ = -1;
  int root_error_ = 0;
};

}  // namespace driftlint
