// Schemas compiled once per run, whichever registry asks: a pull-request run
// builds a registry for each revision, and both validate the same kinds (a
// Deployment's schema takes 2 ms to compile, under the registry's lock).
// Keyed by the kind and version (a CRD's served versions share one identity,
// each with a schema of its own), what decides its schema
// (SchemaSource::identity) and how unknown fields are read; a source without
// an identity is compiled by its registry alone.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "schema/validator.h"

namespace driftlint {

class CompiledSchemas {
 public:
  struct Outcome {
    std::shared_ptr<const Schema> compiled;  // null when it did not compile
    std::string error;                       // why
  };
  // The outcome for the key: `compile`'s, run the first time only (under a
  // lock: a second asker of the key waits for the first).
  // `gvk`: "group/version/Kind".
  Outcome get(const std::string& gvk, const std::string& identity, bool preserve_unknown_fields,
              const std::function<Outcome()>& compile);

 private:
  std::mutex mutex_;
  std::map<std::tuple<std::string, std::string, bool>, Outcome> done_;
};

}  // namespace driftlint
