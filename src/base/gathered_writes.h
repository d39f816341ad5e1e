// Bytes for a stream, gathered into writes of megabytes: a std::ofstream
// writes anything of 1 KB or more with a system call of its own, so a parse
// cache pack of 14,000 entries took 28,000 of them.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace driftlint {

class GatheredWrites {
 public:
  explicit GatheredWrites(std::ostream& out, size_t chunk = size_t{4} << 20) : out_(out), chunk_(chunk) {}
  GatheredWrites(const GatheredWrites&) = delete;
  GatheredWrites& operator=(const GatheredWrites&) = delete;
  ~GatheredWrites() { flush(); }

  // Pieces of a sixteenth of a chunk or more go to the stream at once, after
  // what is gathered: copying them would only touch more memory.
  void add(std::string_view bytes) {
    if (gathered_.size() + bytes.size() > chunk_ || bytes.size() >= chunk_ / 16) flush();
    if (bytes.size() >= chunk_ / 16) out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    else gathered_.append(bytes);
    written_ += bytes.size();
  }
  void flush() {
    if (gathered_.empty()) return;
    out_.write(gathered_.data(), static_cast<std::streamsize>(gathered_.size()));
    gathered_.clear();
  }
  // Bytes added so far, written or gathered.
  uint64_t written() const { return written_; }

 private:
  std::ostream& out_;
  size_t chunk_;
  std::string gathered_;
  uint64_t written_ = 0;
};

}  // namespace driftlint
