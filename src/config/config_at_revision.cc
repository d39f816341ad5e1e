#include "config/config_at_revision.h"

#include <filesystem>

#include "git/repository.h"

namespace driftlint {

namespace fs = std::filesystem;

Expected<std::optional<Config>> config_at_revision(const Config& config, const std::string& revision,
                                                   uint64_t max_bytes) {
  std::error_code ec;
  fs::path file = fs::weakly_canonical(fs::absolute(config.file, ec), ec);
  Expected<std::shared_ptr<GitRepository>> git = GitRepository::open(file.parent_path().string());
  if (!git) return git.error();
  std::string in_checkout = file.lexically_relative((*git)->workdir()).generic_string();
  if ((*git)->workdir().empty() || in_checkout.empty() || in_checkout.rfind("..", 0) == 0) {
    return Error{config.file + ": not in the work tree of its git repository"};
  }
  Expected<std::string> commit = (*git)->resolve_commit(revision);
  if (!commit) return std::optional<Config>();
  Expected<std::shared_ptr<GitCommitTree>> tree = GitCommitTree::create(*git, *commit);
  if (!tree) return tree.error();
  const std::string shown = revision + ":" + in_checkout;
  Config base;
  base.base_dir = config.base_dir;
  if (!(*tree)->has_file(in_checkout)) {
    base.accelerators = default_accelerators();
    return std::optional<Config>(std::move(base));
  }
  Expected<FileContent> content = (*tree)->read(in_checkout, max_bytes);
  if (!content) return Error{"configuration " + revision + ":" + content.error().message};
  if (content->too_large) return Error{"configuration " + shown + ": larger than --max-file-size, not read"};
  Expected<Config> parsed = parse_config(content->text, shown);
  if (!parsed) return parsed.error();
  parsed->base_dir = config.base_dir;
  return std::optional<Config>(std::move(*parsed));
}

}  // namespace driftlint
