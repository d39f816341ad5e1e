// A pull-request run's base findings, kept between runs (issue 30): the base
// is the same commit on every push to a pull request, so its model and its
// rules need not run again. The key is everything that decides those
// findings: the base commits, driftlint's own binary, every option, the
// content of every file an option or the configuration names, the render
// tools and DRIFTLINT_ variables. Any doubt (a repo not at a commit, a
// failed base, the rendered diff asked for) means no cache.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/check_options.h"
#include "config/config.h"
#include "lint/finding.h"
#include "lint/kept_findings.h"
#include "load/repo_inputs.h"

namespace driftlint::cli {

// What the base's findings depend on, as text; nullopt when they must not be cached.
std::optional<std::string> base_findings_key(const CheckOptions& o, const std::vector<const Config*>& configs,
                                             const std::vector<RepoInput>& base_repos);

// What is stored under `key` in the cache folder, when it is there whole
// and was stored under exactly this key.
std::optional<KeptBase> read_base_findings(const std::string& cache_dir, const std::string& key);

// Whether a base run's findings may be kept: not when it met a problem (input
// errors) or a render failed (a time limit is this run's, not the commit's).
bool worth_caching(const std::vector<std::string>& load_errors, const std::vector<std::string>& errors,
                   const std::vector<Finding>& findings);

// Stores them (atomically: a temporary file renamed); a failure is ignored,
// as the cache only saves time.
void write_base_findings(const std::string& cache_dir, const std::string& key, const KeptBase& base);

}  // namespace driftlint::cli
