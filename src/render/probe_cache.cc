#include "render/probe_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "render/render_cache.h"

namespace driftlint {

namespace {

constexpr uint64_t kMaxProbeOutput = 64 << 10;

bool is_elf(int fd) {
  char magic[4] = {};
  return pread(fd, magic, sizeof magic, 0) == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
}

}  // namespace

std::string probe_key(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty() || argv[0][0] != '/') return {};
  int fd = open(argv[0].c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);  // a FIFO must not block
  if (fd < 0) return {};
  struct stat st {};
  bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && is_elf(fd);
  close(fd);
  if (!ok) return {};
  std::string identity = "probe-v1\n";
  for (const std::string& a : argv) identity += a + "\n";
  identity += std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
              std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ino) + " " + std::to_string(st.st_dev);
  return render_key(identity);
}

ProbeCache::ProbeCache(std::string cache_dir) : folder_(cache_dir.empty() ? "" : cache_dir + "/probes-v1") {}

ProcessResult ProbeCache::probe(const std::vector<std::string>& argv, const std::function<ProcessResult()>& run) const {
  std::string key = folder_.empty() ? "" : probe_key(argv);
  if (key.empty()) return run();
  std::string file = folder_ + "/" + key;
  // The last line names the key: a file cut short, or another's, is not used.
  std::string trailer = "\n# driftlint probe " + key + "\n";
  if (Expected<std::string> kept = read_regular_file(file, kMaxProbeOutput); kept && kept->ends_with(trailer)) {
    ProcessResult r;
    r.started = true;
    r.exit_code = 0;
    r.out = kept->substr(0, kept->size() - trailer.size());
    return r;
  }
  ProcessResult r = run();
  if (r.ok() && !r.truncated && r.out.size() < kMaxProbeOutput / 2 && make_private_directory(folder_, true)) {
    write_file_atomically(file, [&](std::ostream& out) { out << r.out << trailer; }, 0600);
  }
  return r;
}

}  // namespace driftlint
