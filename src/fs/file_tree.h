// Where a repo's files come from. The loader reads through this interface,
// so a working tree on disk and a git revision (read from the object
// database) load the same way, and tests can use an in-memory tree.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "fs/file_stamp.h"

namespace driftlint {

struct SkippedPath {
  std::string path;  // relative to the repo root
  std::string reason;
  bool not_rendered = false;  // a template (Helm chart templates, a Go, Jinja or Terraform template file)
};

struct FileListing {
  std::vector<std::string> files;  // manifest candidates, relative, '/'-separated, sorted
  std::vector<FileStamp> stamps;   // list_stamped on a disk tree: one per file, in its order; else empty
  std::vector<SkippedPath> skipped;
  std::vector<std::string> errors;  // one-line input errors met while listing
  bool attributes_file = false;     // a disk tree met a .gitattributes (git may filter what it stores)
};

struct FileContent {
  std::string text;
  uint64_t size = 0;
  bool too_large = false;  // over the size limit: text left empty
  FileStamp stamp;  // a disk tree's file's, the same before and after it was read; else not taken
};

class FileTree {
 public:
  virtual ~FileTree() = default;
  FileListing list() const { return list_on(1); }
  // The same on up to `threads` threads, where the tree gains from them.
  virtual FileListing list_on(unsigned threads) const = 0;
  // The same with each file's stamp where the tree takes it while listing
  // (a disk tree); the others list as list_on does.
  virtual FileListing list_stamped(unsigned threads) const { return list_on(threads); }
  virtual Expected<FileContent> read(const std::string& path, uint64_t max_bytes) const = 0;
  // Whether a folder (relative, '/'-separated; "" is the root) exists.
  virtual bool has_directory(const std::string& path) const = 0;
  // Every file below a folder, whatever its name (a Helm chart's templates,
  // helpers and values), sorted; at most `max_files` (more: nullopt). Links
  // are listed only where they stay inside the repo.
  virtual std::optional<std::vector<std::string>> files_under(const std::string& folder, size_t max_files) const = 0;
  // Names this tree for the parse cache; "" keeps it out of the cache.
  virtual std::string cache_identity() const { return {}; }
  // What stands for a file's content without reading it (see
  // load/parse_cache.h); "" when nothing can be trusted.
  virtual std::string content_fingerprint(const std::string& path) const { return {}; }
  // The file's content id (its git blob id, load/parse_cache.h's
  // content_id_of) when the tree knows it without reading the file; "" else.
  virtual std::string known_content_id(const std::string& path) const { return {}; }
};

// Where a symbolic link to a manifest leads. A link that leaves the repo is
// never followed, in a work tree as at a revision: a pull request could
// otherwise make driftlint read, and quote, any file the runner can read.
// A link met on the way to a file, where the file itself is not a link (a
// folder that is a link), is FolderLink: never followed either.
enum class LinkTarget { InRepo, Outside, NotAFile, Broken, Loop, FolderLink };

// Puts a link to a manifest where a listing reports it: with the files
// (InRepo), the skipped paths (Outside), the input errors, named by `shown`
// (Broken, Loop); a link to a folder or a device is left out quietly.
void list_link(LinkTarget target, std::string path, const std::string& shown, FileListing& out);

// Why a link was not followed, for a read that met one.
std::string link_not_followed(LinkTarget target);

// True for names the loader treats as manifests: .yaml, .yml, .json.
bool is_manifest_file_name(std::string_view name);

// A directory on disk, walked recursively; or one file when `single_file` is
// set (a path relative to `root`). With a `prefix`, only that folder below
// `root` is walked, and paths stay relative to `root` (a folder inside a git
// checkout reports paths from the checkout's root).
class RepoRoot;

class DiskTree : public FileTree {
 public:
  DiskTree(std::string root, std::string single_file = {}, std::string prefix = {});
  FileListing list_on(unsigned threads) const override { return listing(threads, false); }
  FileListing list_stamped(unsigned threads) const override { return listing(threads, true); }
  Expected<FileContent> read(const std::string& path, uint64_t max_bytes) const override;
  bool has_directory(const std::string& path) const override;
  std::optional<std::vector<std::string>> files_under(const std::string& folder, size_t max_files) const override;
  std::string cache_identity() const override;
  // fingerprint_of the file's stamp, taken now (fs/file_stamp.h).
  std::string content_fingerprint(const std::string& path) const override;
  const std::string& root() const { return root_; }

 private:
  FileListing listing(unsigned threads, bool stamps) const;

  std::string root_;
  std::string single_file_;
  std::string prefix_;
  std::shared_ptr<const RepoRoot> beneath_;  // every read opens through it: no link leaves the repo
};

// Files held in memory, for tests.
class MemoryTree : public FileTree {
 public:
  explicit MemoryTree(std::map<std::string, std::string> files) : files_(std::move(files)) {}
  FileListing list_on(unsigned threads) const override;
  Expected<FileContent> read(const std::string& path, uint64_t max_bytes) const override;
  bool has_directory(const std::string& path) const override;
  std::optional<std::vector<std::string>> files_under(const std::string& folder, size_t max_files) const override;

 private:
  std::map<std::string, std::string> files_;
};

}  // namespace driftlint
