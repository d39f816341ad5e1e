#include "base/files.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace driftlint {

bool write_file_atomically(const std::string& path, const std::string& text) {
  std::string temporary = path + ".tmp-" + std::to_string(getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << text;
    out.flush();
    if (!out) {
      out.close();
      std::remove(temporary.c_str());
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) std::remove(temporary.c_str());
  return !ec;
}

}  // namespace driftlint
