// A compact binary form of a ParsedFile, for the parse cache: the tree's three
// flat arrays are written as they are, so decoding is a few copies plus a
// validation pass, far cheaper than parsing. Decoding never trusts its input:
// every id, offset and enum is bounds-checked and the node graph is checked to
// be acyclic and within the depth limit, so a damaged cache file is refused,
// never followed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "yaml/parser.h"

namespace driftlint::yaml {

// Appends the encoding of `file` to `out`.
void encode_parsed_file(const ParsedFile& file, std::string& out);

// Reads one encoding from the front of `in` and advances `in` past it;
// nullopt when the bytes are not a valid encoding. With `backing` (which
// owns the memory `in` points into), the tree borrows that memory instead of
// copying it, where it is suitably aligned.
std::optional<ParsedFile> decode_parsed_file(std::string_view& in, size_t max_depth,
                                             std::shared_ptr<const void> backing = nullptr);

// Bytes to pad before an encoding that starts `offset` bytes into an aligned
// buffer, so that its arrays can be borrowed in place.
size_t encoding_padding(size_t offset);

// Little-endian fixed-width integers and length-prefixed strings, shared with
// the cache file's own framing.
void put_u32(std::string& out, uint32_t v);
void put_u64(std::string& out, uint64_t v);
void put_string(std::string& out, std::string_view s);
bool get_u32(std::string_view& in, uint32_t& v);
bool get_u64(std::string_view& in, uint64_t& v);
bool get_string(std::string_view& in, std::string& s);
// The same without a copy: `s` points into `in`'s bytes.
bool get_view(std::string_view& in, std::string_view& s);

}  // namespace driftlint::yaml
