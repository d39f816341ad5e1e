#include "git/index_file.h"

#include <cstring>
#include <string>

namespace driftlint {

namespace {

constexpr size_t kHeaderBytes = 12;    // "DIRC", the version, the entry count
constexpr size_t kChecksumBytes = 20;  // the SHA-1 of all before it, last
constexpr size_t kIdBytes = 20;
constexpr size_t kFixedBytes = 40 + kIdBytes + 2;  // ten 32-bit stat fields, the id, the flags
constexpr uint16_t kExtendedFlag = 0x4000;
constexpr uint16_t kNameMask = 0x0fff;
constexpr uint16_t kSkipWorktree = 0x4000;  // of the extended flags
constexpr uint16_t kIntentToAdd = 0x2000;
constexpr uint16_t kKnownExtended = kSkipWorktree | kIntentToAdd;  // git refuses an index with others

uint32_t be32(const unsigned char* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | uint32_t{p[3]};
}
uint16_t be16(const unsigned char* p) { return static_cast<uint16_t>(p[0] << 8 | p[1]); }

// git's varint (varint.c): each byte after the first adds one before the shift.
bool decode_varint(const unsigned char*& p, const unsigned char* end, uint64_t& out) {
  if (p >= end) return false;
  unsigned char c = *p++;
  uint64_t value = c & 127;
  while (c & 128) {
    value += 1;
    if (value == 0 || (value >> 57) != 0) return false;  // would overflow
    if (p >= end) return false;
    c = *p++;
    value = (value << 7) + (c & 127);
  }
  out = value;
  return true;
}

class IndexReader {
 public:
  IndexReader(const unsigned char* begin, const unsigned char* end, uint32_t version)
      : at_(begin + kHeaderBytes), end_(end), version_(version) {}

  Status entry(uint32_t number, IndexEntry& e) {
    const unsigned char* start = at_;
    if (static_cast<size_t>(end_ - at_) < kFixedBytes) return cut_short(number);
    uint32_t field[10];
    for (size_t i = 0; i < 10; ++i) field[i] = be32(at_ + 4 * i);
    e.ctime_seconds = field[0];
    e.ctime_nanoseconds = field[1];
    e.mtime_seconds = field[2];
    e.mtime_nanoseconds = field[3];
    e.device = field[4];
    e.inode = field[5];
    e.mode = field[6];
    e.size = field[9];  // uid and gid between
    e.id = at_ + 40;
    uint16_t flags = be16(at_ + 40 + kIdBytes);
    e.stage = (flags >> 12) & 3;
    at_ += kFixedBytes;
    uint16_t extended = 0;
    if (flags & kExtendedFlag) {
      if (end_ - at_ < 2) return cut_short(number);
      extended = be16(at_);
      at_ += 2;
      if (extended & ~kKnownExtended) {
        return entry_error(number, " has extended flags git does not know");
      }
    }
    e.skip_worktree = (extended & kSkipWorktree) != 0;
    e.intent_to_add = (extended & kIntentToAdd) != 0;
    return version_ >= 4 ? compressed_path(number, e) : padded_path(number, start, flags & kNameMask, e);
  }

  // The extensions after the entries, up to the checksum; the cache tree's root into `tree`, if given.
  Status extensions(std::optional<IndexTreeRoot>* tree) {
    while (end_ - at_ >= 8) {
      std::string name(reinterpret_cast<const char*>(at_), 4);
      uint32_t size = be32(at_ + 4);
      at_ += 8;
      if (size > static_cast<size_t>(end_ - at_)) return Error{"index: extension '" + printable(name) + "' ends past the file"};
      if (name[0] < 'A' || name[0] > 'Z') {
        return Error{"index: extension '" + printable(name) + "' must be understood to read the entries (a split or "
                     "sparse index)"};
      }
      if (tree && name == "TREE") {
        if (Status s = cache_tree_root(std::string_view(reinterpret_cast<const char*>(at_), size), *tree); !s) return s;
      }
      at_ += size;
    }
    return {};
  }

 private:
  // Versions 2 and 3: the path's length in the flags (all ones: look for its
  // end), then one to eight NULs to a multiple of eight bytes.
  Status padded_path(uint32_t number, const unsigned char* start, size_t length, IndexEntry& e) {
    size_t left = static_cast<size_t>(end_ - at_);
    if (length == kNameMask) {
      const void* nul = std::memchr(at_, 0, left);
      if (!nul) return cut_short(number);
      length = static_cast<size_t>(static_cast<const unsigned char*>(nul) - at_);
    }
    size_t fixed = static_cast<size_t>(at_ - start);
    size_t entry_bytes = (fixed + length + 8) & ~size_t{7};
    if (entry_bytes - fixed > left) return cut_short(number);
    e.path = std::string_view(reinterpret_cast<const char*>(at_), length);
    if (e.path.find('\0') != std::string_view::npos) return entry_error(number, ": a NUL in its path");
    at_ = start + entry_bytes;
    return {};
  }

  // Version 4: how many bytes of the previous path to drop, then what follows them, NUL-ended.
  Status compressed_path(uint32_t number, IndexEntry& e) {
    uint64_t strip = 0;
    if (!decode_varint(at_, end_, strip)) {
      return entry_error(number, ": its path's shared length is cut short or overflows");
    }
    if (strip > previous_.size()) {
      return entry_error(number, " drops more of the previous path than it has");
    }
    const void* nul = std::memchr(at_, 0, static_cast<size_t>(end_ - at_));
    if (!nul) return cut_short(number);
    auto suffix_end = static_cast<const unsigned char*>(nul);
    previous_.resize(previous_.size() - strip);
    previous_.append(reinterpret_cast<const char*>(at_), static_cast<size_t>(suffix_end - at_));
    at_ = suffix_end + 1;
    e.path = previous_;
    return {};
  }

  // The cache tree's first record, the root's: its path (empty), NUL, the
  // ASCII count of entries it covers ("-1": invalidated, no id follows),
  // a space, the count of its subtrees, a newline, then the tree's id.
  static Status cache_tree_root(std::string_view data, std::optional<IndexTreeRoot>& root) {
    auto malformed = [] { return Error{"index: the cache tree's root record is malformed"}; };
    if (data.empty() || data[0] != '\0') return malformed();  // the root's path is empty
    size_t space = data.find(' '), newline = data.find('\n');
    if (space == std::string_view::npos || newline == std::string_view::npos || space > newline) return malformed();
    std::string_view count = data.substr(1, space - 1);
    if (count == "-1") return {};  // invalidated
    if (count.empty() || count.size() > 10 || count.find_first_not_of("0123456789") != std::string_view::npos) {
      return malformed();
    }
    uint64_t entries = std::stoull(std::string(count));
    if (entries > UINT32_MAX || data.size() - (newline + 1) < kIdBytes) return malformed();
    IndexTreeRoot out;
    out.entries = static_cast<uint32_t>(entries);
    std::memcpy(out.id.data(), data.data() + newline + 1, kIdBytes);
    root = out;
    return {};
  }

  // "index: entry N" and what is wrong with it.
  static Error entry_error(uint32_t number, std::string_view what) {
    return Error{"index: entry " + std::to_string(number) + std::string(what)};
  }
  static Error cut_short(uint32_t number) { return entry_error(number, " ends past the file"); }
  static std::string printable(std::string name) {
    for (char& c : name) {
      if (c < 0x20 || c > 0x7e) c = '?';
    }
    return name;
  }

  const unsigned char* at_;
  const unsigned char* end_;  // where the checksum begins
  uint32_t version_;
  std::string previous_;  // version 4's last path
};

}  // namespace

Status read_index_entries(std::string_view bytes, const std::function<bool(const IndexEntry&)>& visit,
                          std::optional<IndexTreeRoot>* tree) {
  if (tree) tree->reset();
  if (bytes.size() < kHeaderBytes + kChecksumBytes || bytes.substr(0, 4) != "DIRC") {
    return Error{"index: not a git index (no DIRC header)"};
  }
  auto begin = reinterpret_cast<const unsigned char*>(bytes.data());
  uint32_t version = be32(begin + 4);
  if (version < 2 || version > 4) return Error{"index: version " + std::to_string(version) + " (2, 3 and 4 are read)"};
  uint32_t count = be32(begin + 8);
  IndexReader reader(begin, begin + bytes.size() - kChecksumBytes, version);
  IndexEntry e;
  for (uint32_t i = 0; i < count; ++i) {
    e = IndexEntry();
    if (Status s = reader.entry(i + 1, e); !s) return s;
    if (!visit(e)) return {};
  }
  return reader.extensions(tree);
}

}  // namespace driftlint
