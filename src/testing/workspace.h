// For tests: a folder of the test's own to write inputs into and run in, and
// files read or written whole.
#pragma once

#include <filesystem>
#include <string>

namespace driftlint {

// A file's bytes, whole; "" when it cannot be read.
std::string read_whole_file(const std::filesystem::path& path);

// Writes `text` to `path` (making its parent folders), replacing what was there.
void write_whole_file(const std::filesystem::path& path, const std::string& text);

// A folder under the system temp dir named after the process and the running
// test (parallel ctest runs each test of one binary in its own process, so no
// two tests share one), made empty on construction and removed on destruction.
class Workspace {
 public:
  Workspace();
  ~Workspace();
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path path_of(const std::string& relative) const { return path_ / relative; }

  void write(const std::string& relative, const std::string& text) const;
  std::string read(const std::string& relative) const;
  // Makes the folder `relative` (and its parents) and returns its path.
  std::filesystem::path make_folder(const std::string& relative) const;

 private:
  std::filesystem::path path_;
};

}  // namespace driftlint
