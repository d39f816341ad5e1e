#include "testing/real_files.h"

#include <fstream>
#include <sstream>

namespace driftlint {
namespace fs = std::filesystem;

namespace {

#if defined(DRIFTLINT_SANITIZED)
constexpr size_t kCorpusStride = 8;
#else
constexpr size_t kCorpusStride = 1;
#endif

void add_files(const fs::path& root, size_t stride, std::vector<fs::path>& out) {
  if (!fs::exists(root)) return;
  size_t seen = 0;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied);
       it != fs::recursive_directory_iterator(); ++it) {
    std::string ext = it->path().extension().string();
    if (!it->is_regular_file() || (ext != ".yaml" && ext != ".yml" && ext != ".json")) continue;
    if (seen++ % stride == 0) out.push_back(it->path());
  }
}

}  // namespace

std::vector<fs::path> real_yaml_files() {
  std::vector<fs::path> out;
  add_files(fs::path(DRIFTLINT_SOURCE_DIR) / "testdata", 1, out);
  add_files(fs::path(DRIFTLINT_SOURCE_DIR) / ".." / "shared" / "corpus", kCorpusStride, out);
  return out;
}

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace driftlint
