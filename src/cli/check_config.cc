#include "cli/check_config.h"

#include <filesystem>

#include "config/config_at_revision.h"
#include "config/config_discovery.h"
#include "config/config_trust.h"
#include "load/base_revision.h"

namespace driftlint::cli {

namespace {

// --config, else the discovered driftlint.yaml (whatever PATHs or --repo
// are given: CI runs `--repo name=.@HEAD` and still means the repo's config).
Expected<Config> read_config_file(const CheckOptions& o) {
  std::string path = o.config_file;
  if (path.empty() && !o.no_config) {
    std::error_code ec;
    std::filesystem::path cwd = std::filesystem::current_path(ec);
    if (!ec) {
      Expected<std::optional<std::string>> found = find_config_file(cwd);
      if (!found) return found.error();
      path = found->value_or("");
    }
  }
  if (path.empty()) {
    Config config;
    config.accelerators = default_accelerators();
    return config;
  }
  Expected<Config> config = load_config(path, o.max_file_bytes());
  if (config) judge_config_trust(*config, !o.config_file.empty());
  return config;
}

// The base revision's config: the first --changed-since revision (those
// naming no repo first) that resolves in the checkout holding the file.
Expected<std::optional<Config>> base_config(const CheckOptions& o, const Config& head) {
  std::vector<ChangedSince> specs;
  for (const std::string& spec : o.changed_since) specs.push_back(parse_changed_since(spec));
  std::stable_partition(specs.begin(), specs.end(), [](const ChangedSince& s) { return s.repo.empty(); });
  for (const ChangedSince& spec : specs) {
    Expected<std::optional<Config>> base = config_at_revision(head, spec.revision, o.max_file_bytes());
    if (!base || *base) return base;
  }
  return std::optional<Config>();
}

// Pull-request mode: the change is judged by the base's `rules:` and
// `ignore:`; its own edits to them are reported (config-weakened) and
// apply once merged. `file` is the config's path: where it was found, or
// (`found` false) where the base may have one the change deleted. A base
// that cannot be read leaves the built-in rule settings, with an error.
void judge_by_base(const CheckOptions& o, const std::string& file, bool found, CheckConfig& out) {
  auto head = std::make_shared<Config>(out.config);
  head->file = file;
  if (head->base_dir.empty()) head->base_dir = ".";
  Expected<std::optional<Config>> read = base_config(o, *head);
  if (!found && (!read || !*read || (*read)->file.empty())) return;  // no config here, none known at the base
  auto base = std::make_shared<Config>();
  if (read && *read) {
    *base = std::move(**read);
  } else {
    std::string revisions;
    for (const std::string& spec : o.changed_since) revisions += (revisions.empty() ? "" : ", ") + spec;
    out.errors.push_back(file + ": pull-request mode judges a change by the base revision's rules and ignore " +
                         "entries, and " +
                         (read ? "no revision of " + revisions + " resolves in its checkout" : read.error().message) +
                         ": the built-in rule settings are used");
    base->accelerators = default_accelerators();
  }
  out.config.rules = base->rules;
  out.config.ignores = base->ignores;
  out.config.trees.insert(out.config.trees.end(), base->trees.begin(), base->trees.end());
  out.notes.push_back("pull-request mode: rules and ignore entries from " +
                      (base->file.empty() ? std::string("the built-in defaults") : base->file) +
                      " (the change's own edits to them apply once merged)");
  out.base = std::move(base);
  out.head = std::move(head);
}

}  // namespace

Expected<CheckConfig> read_check_config(const CheckOptions& o) {
  Expected<Config> config = read_config_file(o);
  if (!config) return config.error();
  CheckConfig out;
  out.config = std::move(*config);
  out.errors = drop_paths_outside(out.config);
  if (o.changed_since.empty() || o.no_config) return out;
  if (!out.config.trusted) {
    judge_by_base(o, out.config.file, true, out);
  } else if (out.config.file.empty() && o.config_file.empty()) {
    // No driftlint.yaml here: the change may have deleted the base's.
    std::error_code ec;
    std::filesystem::path cwd = std::filesystem::current_path(ec);
    if (!ec && checkout_root(cwd)) judge_by_base(o, kConfigFileName, false, out);
  }
  return out;
}

}  // namespace driftlint::cli
