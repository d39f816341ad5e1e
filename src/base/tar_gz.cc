#include "base/tar_gz.h"

#include <zlib.h>

#include <cstdlib>
#include <cstring>
#include <optional>

namespace driftlint {

namespace {

constexpr size_t kBlock = 512;

// Inflates every gzip member of `archive`; an error past `max_bytes`.
Expected<std::string> gunzip(std::string_view archive, uint64_t max_bytes) {
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return Error{"cannot start zlib"};
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(archive.data()));
  z.avail_in = static_cast<uInt>(archive.size());
  std::string out;
  char buffer[65536];
  int status = Z_OK;
  while (status != Z_STREAM_END || z.avail_in > 0) {
    if (status == Z_STREAM_END) {
      // Another member follows, or padding after the last, which is not read.
      if (z.avail_in < 2 || z.next_in[0] != 0x1f || z.next_in[1] != 0x8b) break;
      inflateReset(&z);
    }
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status = inflate(&z, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) {
      inflateEnd(&z);
      return Error{"not a gzip-compressed archive, or a damaged one"};
    }
    out.append(buffer, sizeof buffer - z.avail_out);
    if (out.size() > max_bytes) {
      inflateEnd(&z);
      return Error{"it inflates to more than " + std::to_string(max_bytes >> 20) + " MiB"};
    }
    if (status == Z_OK && z.avail_in == 0 && z.avail_out != 0) break;  // truncated input
  }
  inflateEnd(&z);
  if (status != Z_STREAM_END) return Error{"a truncated gzip-compressed archive"};
  return out;
}

std::string field(const char* header, size_t offset, size_t size) {
  return std::string(header + offset, strnlen(header + offset, size));
}

std::optional<uint64_t> octal(const char* header, size_t offset, size_t size) {
  uint64_t value = 0;
  bool digits = false;
  for (size_t i = offset; i < offset + size && header[i] != '\0' && header[i] != ' '; ++i) {
    if (header[i] < '0' || header[i] > '7') return std::nullopt;
    value = value * 8 + static_cast<uint64_t>(header[i] - '0');
    digits = true;
  }
  return digits ? std::optional<uint64_t>(value) : std::nullopt;
}

// A PAX extended header's "path" record ("27 path=a/very/long/name\n").
std::string pax_path(std::string_view records) {
  while (!records.empty()) {
    size_t space = records.find(' ');
    if (space == std::string_view::npos) break;
    size_t length = std::strtoul(std::string(records.substr(0, space)).c_str(), nullptr, 10);
    if (length <= space || length > records.size()) break;
    std::string_view record = records.substr(space + 1, length - space - 2);
    if (record.substr(0, 5) == "path=") return std::string(record.substr(5));
    records.remove_prefix(length);
  }
  return {};
}

}  // namespace

Expected<std::vector<std::pair<std::string, std::string>>> files_in_tar_gz(
    std::string_view archive, uint64_t max_bytes, const std::function<bool(std::string_view)>& wanted) {
  Expected<std::string> tar = gunzip(archive, max_bytes);
  if (!tar) return tar.error();
  std::vector<std::pair<std::string, std::string>> out;
  std::string long_name;
  for (size_t at = 0; at + kBlock <= tar->size();) {
    const char* header = tar->data() + at;
    if (header[0] == '\0') break;  // the end: a zero block
    std::optional<uint64_t> size = octal(header, 124, 12);
    if (!size || *size > tar->size() - at - kBlock) return Error{"a damaged tar archive"};
    std::string_view data(header + kBlock, *size);
    char type = header[156];
    std::string name = long_name;
    long_name.clear();
    if (name.empty()) {
      name = field(header, 0, 100);
      if (field(header, 257, 5) == "ustar" && header[345] != '\0') name = field(header, 345, 155) + "/" + name;
    }
    if (type == 'L') long_name = std::string(data.substr(0, strnlen(data.data(), data.size())));
    if (type == 'x') long_name = pax_path(data);
    if ((type == '0' || type == '\0') && wanted(name)) out.emplace_back(name, std::string(data));
    at += kBlock + (*size + kBlock - 1) / kBlock * kBlock;
  }
  return out;
}

}  // namespace driftlint
