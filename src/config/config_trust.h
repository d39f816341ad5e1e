// Whose a driftlint.yaml is, and so what it may make a run read. On a pull
// request the checkout is the change under review, its driftlint.yaml
// included, while the runner holds secrets and the reports are published: a
// config there must not point the run at the runner's files (a snapshot
// outside the checkout would have its values quoted in findings). A config
// named with --config outside any checkout is the user's own and may name
// any path. Paths on the command line are always the user's.
#pragma once

#include <string>
#include <vector>

#include "config/config.h"

namespace driftlint {

// Sets config.trusted and config.confined_to: a config in a git checkout is
// confined to that checkout's root; one found outside any checkout (in the
// working folder) to its own folder; one `named_by_user` (--config) outside
// any checkout is trusted. The built-in defaults (no file) are trusted.
void judge_config_trust(Config& config, bool named_by_user);

// Drops the snapshot, rulesDirs and local repo sources of an untrusted
// config that lead outside config.confined_to (symbolic links followed),
// returning one error per path dropped:
// "driftlint.yaml:3:11: snapshot '../x.json' is outside the checkout /w/repo: not read (...)".
std::vector<std::string> drop_paths_outside(Config& config);

// A path of the config as the run reads it: relative ones against the config's folder.
std::string resolve_config_path(const Config& config, const std::string& path);

}  // namespace driftlint
