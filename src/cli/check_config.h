// The configuration a check runs with: --config or the discovered
// driftlint.yaml, judged by whose it is (config/config_trust.h: paths of a
// checkout's config stay inside it), and in pull-request mode judged by the
// base revision's rules and ignore entries (config/config_at_revision.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/expected.h"
#include "cli/check_options.h"
#include "config/config.h"

namespace driftlint::cli {

struct CheckConfig {
  // What the run uses. In pull-request mode, with a config from a checkout:
  // the head's, with `rules:` and `ignore:` from the base revision's.
  Config config;
  // Pull-request mode: the config as the base and as the change have it
  // (for config-weakened); both null outside it, or when the config is the
  // user's own (not in a checkout: there is no base to read).
  std::shared_ptr<const Config> base, head;
  std::vector<std::string> errors;  // input errors: paths refused, a base that cannot be read
  std::vector<std::string> notes;
};

// A usage error when the file cannot be read or parsed.
Expected<CheckConfig> read_check_config(const CheckOptions& o);

}  // namespace driftlint::cli
