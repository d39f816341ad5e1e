#include "load/list_files.h"

#include <sys/stat.h>

#include <string>
#include <string_view>

#include "git/repository.h"

namespace driftlint {

namespace {

// A .gitattributes in a folder of the checkout above the repo's own (the
// repo is a folder inside it): git applies it to the repo's files too.
bool attributes_above(const RepoInput& repo) {
  if (!repo.git || repo.git_folder.empty() || repo.git->workdir().empty()) return false;
  std::string folder = repo.git->workdir();
  if (folder.back() != '/') folder += '/';
  // The checkout's root, then each folder on the way to the repo's own (its listing says of that one).
  std::string_view rest = repo.git_folder;
  struct stat st;
  while (true) {
    // lstat: a link there counts (the files are hashed), and is not followed out of the checkout.
    if (::lstat((folder + ".gitattributes").c_str(), &st) == 0) return true;
    size_t slash = rest.find('/');
    if (slash == std::string_view::npos) return false;
    folder.append(rest.substr(0, slash)).push_back('/');
    rest.remove_prefix(slash + 1);
  }
}

}  // namespace

Listed list_files(LoadResult& result, unsigned jobs, bool cached, Progress* progress) {
  progress_begin(progress, ProgressPhase::Walking, 0);
  std::vector<FileListing> listings;
  size_t total = 0;
  for (const RepoInput& repo : result.repos) {
    listings.push_back(cached ? repo.tree->list_stamped(jobs) : repo.tree->list_on(jobs));
    total += listings.back().files.size();
  }
  result.files.reserve(total);
  Listed out;
  std::vector<FileStamp>& stamps = out.stamps;
  if (cached) stamps.reserve(total);
  for (uint32_t r = 0; r < result.repos.size(); ++r) {
    FileListing& listing = listings[r];
    out.attributes.push_back(listing.attributes_file || attributes_above(result.repos[r]));
    if (progress) progress->done += listing.files.size();
    for (size_t i = 0; i < listing.files.size(); ++i) {
      LoadedFile file;
      file.repo = r;
      file.path = std::move(listing.files[i]);
      result.files.push_back(std::move(file));
      if (cached) stamps.push_back(i < listing.stamps.size() ? listing.stamps[i] : FileStamp());
    }
    for (SkippedPath& skipped : listing.skipped) result.skipped.emplace_back(r, std::move(skipped));
    for (std::string& error : listing.errors) result.errors.push_back(std::move(error));
  }
  return out;
}

}  // namespace driftlint
