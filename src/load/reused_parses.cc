#include "load/reused_parses.h"

#include <algorithm>

#include "load/load_index.h"

namespace driftlint {

ParsedByContent parsed_by_content(const LoadResult& load) {
  ParsedByContent out{&load, {}};
  out.files.reserve(load.files.size());
  for (uint32_t i = 0; i < load.files.size(); ++i) {
    const LoadedFile& f = load.files[i];
    if (!f.content_id.empty() && !f.too_large && !f.parsed.out_of_memory) out.files.emplace(f.content_id, i);
  }
  return out;
}

bool copy_objects(const LoadResult& from, uint32_t same_as, const std::string& path, uint32_t file_index,
                  Extracted& out) {
  const LoadedFile& same = from.files[same_as];
  if (is_kustomization_path(path) != is_kustomization_path(same.path)) return false;
  auto [first, last] = from.index().manifests_of(same_as);
  out.manifests.assign(from.manifests.begin() + first, from.manifests.begin() + last);
  for (Manifest& m : out.manifests) m.file = file_index;
  // join_files appends each file's build files in file order: sorted by file.
  auto builds = std::equal_range(from.build_files.begin(), from.build_files.end(), BuildFile{same_as, {}},
                                 [](const BuildFile& a, const BuildFile& b) { return a.file < b.file; });
  out.build_files.assign(builds.first, builds.second);
  for (BuildFile& b : out.build_files) b.file = file_index;
  out.documents = count_documents(same.parsed);
  return true;
}

}  // namespace driftlint
