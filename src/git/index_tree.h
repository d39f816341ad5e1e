// The tree a checkout's index lists, with every blob: where git's cache
// tree (its "TREE" extension) holds a valid root, and the index's entries,
// hashed as `git write-tree` would write them, make that very tree. A pull
// request's base is then listed from it and the few folders that differ
// (tree_listing.h's list_tree_from), not from its 2,500 trees read one by
// one. The hash is needed: `git reset --hard` records the id of whatever
// tree it checked out, and a crafted one (entries out of order, a name
// twice, empty folders) lists otherwise than its checkout's entries.
#pragma once

#include <optional>
#include <string_view>

#include "git/tree_listing.h"

namespace driftlint {

class GitRepository;

// The tree the index bytes `bytes` describe; nullopt where they describe
// none to rely on: an index that cannot be read whole (index_file.h), no
// cache tree or an invalidated root, a root made of another number of
// entries than the index holds or that the entries do not make, a conflict
// or an intent-to-add entry, a mode git does not write, paths out of order
// or twice, or a path list_tree would not list as it stands (a name git
// refuses, folders `max_depth` deep): list_tree reads that tree and says so.
std::optional<KnownTree> index_tree(std::string_view bytes, size_t max_depth);

// The same for `repo`'s index file (its work tree's); nullopt for a
// repository without one, or one larger than git's own limits allow here.
std::optional<KnownTree> read_index_tree(const GitRepository& repo, size_t max_depth);

}  // namespace driftlint
