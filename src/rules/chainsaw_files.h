// What a Chainsaw test (chainsaw.kyverno.io Test, Kyverno's end-to-end test
// runner) does with the files it names: `assert` and `error` files are
// assertions (partial objects, often with JMESPath keys), never applied;
// `patch` files, and `apply`/`create`/`update` files whose object an earlier
// operation of the same test made, change an object that exists, so they are
// partial objects too. Schema validation reads this to judge such files as
// the test runner uses them.
#pragma once

#include <set>

#include "load/load_index.h"
#include "load/loader.h"

namespace driftlint {

struct ChainsawFiles {
  std::set<const Manifest*> assertions;  // never applied: not judged as objects
  std::set<const Manifest*> partial;     // applied onto an object that exists
};

ChainsawFiles chainsaw_files(const LoadResult& load, const LoadIndex& index);

}  // namespace driftlint
