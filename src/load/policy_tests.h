// What a Chainsaw test (chainsaw.kyverno.io Test, Kyverno's end-to-end test
// runner) does with the files it names: `assert` and `error` files are
// assertions (partial objects, often with JMESPath keys), never applied;
// `patch` files, and `apply`/`create`/`update` files whose object an earlier
// operation of the same test made, change an object that exists, so they are
// partial objects too. A Kyverno CLI test (cli.kyverno.io Test) reads its
// `resources` files offline. Schema validation reads this to judge such
// files as the test runner uses them; duplicate-resource, and the rules that
// judge how workloads run, leave fixtures alone. The lint engine works it
// out once per run (LintContext::policy_tests).
#pragma once

#include <set>

#include "load/load_index.h"
#include "load/loader.h"

namespace driftlint {

struct ChainsawFiles {
  std::set<const Manifest*> assertions;  // never applied: not judged as objects
  std::set<const Manifest*> partial;     // applied onto an object that exists
  // Made whole by a test (a Chainsaw apply/create of a new object, a Kyverno
  // CLI test's resource): never an overlay of a live object that another
  // file of the repos defines, whatever its name.
  std::set<const Manifest*> created;
  // The files a test names from its own folder or below, and every file in
  // a folder that holds a test: its fixtures, each document applied (or
  // read) on its own to see it admitted or denied, so variants share a name
  // on purpose. (The policy under test, named from above, is not one.)
  std::set<uint32_t> fixtures;
};

ChainsawFiles chainsaw_files(const LoadResult& load, const LoadIndex& index);

// The same, building the index only when the load holds a test.
ChainsawFiles policy_tests(const LoadResult& load);

}  // namespace driftlint
