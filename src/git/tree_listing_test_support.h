// For the tests of tree listings (tree_listing_test.cc, index_tree_test.cc):
// a listing's blobs as text, to compare listings made different ways.
#pragma once

#include <git2.h>

#include <string>
#include <vector>

#include "git/tree_listing.h"

namespace driftlint {

// "path id" (" link" for a link) for each blob, in the listing's order.
inline std::vector<std::string> described(const std::vector<TreeBlob>& blobs) {
  std::vector<std::string> out;
  for (const TreeBlob& b : blobs) {
    char hex[GIT_OID_HEXSZ + 1];
    git_oid id;
    git_oid_fromraw(&id, b.id.data());
    out.push_back(b.path + " " + git_oid_tostr(hex, sizeof hex, &id) + (b.link ? " link" : ""));
  }
  return out;
}

}  // namespace driftlint
