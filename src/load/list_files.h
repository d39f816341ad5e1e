// Listing a load's repos: their files into the LoadResult, and what the
// listing found besides (stamps for the parse cache, .gitattributes files).
#pragma once

#include <vector>

#include "base/progress.h"
#include "fs/file_stamp.h"
#include "load/loader.h"

namespace driftlint {

// What listing the repos found besides their files.
struct Listed {
  std::vector<FileStamp> stamps;  // with the parse cache on: one per file, in order (none where a tree took none)
  std::vector<char> attributes;   // per repo: whether git may filter what it stores of its files
};

// Lists every repo's files into `result` (the stamps only when `cached`).
Listed list_files(LoadResult& result, unsigned jobs, bool cached, Progress* progress);

}  // namespace driftlint
