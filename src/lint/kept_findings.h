// What a pull-request run keeps of its base (cli/base_findings_cache.h) and
// the bytes its file holds: the base's findings and its in-source
// suppressions, behind a header and a checksum.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lint/finding.h"

namespace driftlint {

// What is kept of a base: its findings, and its in-source suppressions
// counted by key (lint/suppressions.h), which config-weakened compares with.
struct KeptBase {
  std::vector<Finding> findings;
  std::map<std::string, size_t> suppressions;
};

// A kept base as its file holds it, with the digest of its key, and back:
// nullopt when the bytes are damaged (a checksum covers them), truncated, or
// not as the encoder writes them.
std::string encode_kept_base(const std::string& key_digest, const KeptBase& base);
std::optional<std::pair<std::string, KeptBase>> decode_kept_base(std::string_view bytes);
// The file for an encoded payload: the header line and the payload's
// checksum before it (what encode_kept_base writes; tests and the fuzz
// target make files of their own payloads with it).
std::string kept_base_file(std::string_view payload);

}  // namespace driftlint
