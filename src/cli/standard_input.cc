#include "cli/standard_input.h"

#include <map>
#include <memory>
#include <string>

#include "fs/file_tree.h"

namespace driftlint::cli {

Expected<RepoInput> standard_input_repo(std::istream& in, uint64_t max_bytes) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<size_t>(in.gcount()));
    if (text.size() > max_bytes) {
      return Error{"standard input: over the " + std::to_string(max_bytes >> 20) + " MiB limit (--max-file-size); not read"};
    }
  }
  RepoInput repo;
  repo.name = "stdin";
  repo.source = "-";
  repo.tree = std::make_shared<MemoryTree>(std::map<std::string, std::string>{{"stdin.yaml", std::move(text)}});
  return repo;
}

}  // namespace driftlint::cli
