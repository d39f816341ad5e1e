// driftlint.yaml as it was at a revision, read from the object database of
// the git checkout holding it (never checked out): in pull-request mode the
// change is judged by its base's rules and ignore entries, not by the ones
// it brings.
#pragma once

#include <optional>
#include <string>

#include "base/expected.h"
#include "config/config.h"

namespace driftlint {

// `config.file` at `revision` of the checkout holding it, named
// "REV:path/in/checkout" in messages and origins. nullopt when the revision
// does not resolve there; a config with no settings and no `file` when the
// file is not in that commit; an error when it cannot be read or parsed.
Expected<std::optional<Config>> config_at_revision(const Config& config, const std::string& revision,
                                                   uint64_t max_bytes);

}  // namespace driftlint
