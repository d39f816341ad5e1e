// What a later load of a run takes from an earlier one that parsed the same
// content (LoadOptions::reuse: a pull-request run reads its base revision
// after the head): the objects found in a file, besides its parse.
#pragma once

#include <cstdint>
#include <string>

#include "load/loader.h"
#include "model/objects_in_file.h"

namespace driftlint {

// The content-id index of a load's parsed files, for LoadOptions::reuse.
ParsedByContent parsed_by_content(const LoadResult& load);

// The objects of a file whose parse was taken from `same_as` of `from`:
// copies of what `from` found in it, placed in `file_index` (the trees are
// cold by now, and were read once), unless its path makes them something
// else (a kustomization's build file). False when not copied.
bool copy_objects(const LoadResult& from, uint32_t same_as, const std::string& path, uint32_t file_index,
                  Extracted& out);

}  // namespace driftlint
