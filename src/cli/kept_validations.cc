#include "cli/kept_validations.h"

#include "base/files.h"
#include "base/process.h"
#include "cli/check_pipeline.h"

namespace driftlint::cli {

namespace {

// In a folder of its own, made the owner's alone as parse-v1/ is: an entry
// that says "no violations" silences schema-violation, so nobody else may
// write one.
std::string validations_folder(const CheckOptions& o) { return cache_folder(o) + "/validations-v1"; }
std::string validations_file(const CheckOptions& o) { return validations_folder(o) + "/memo"; }

// What besides the content decides a parse, hence a validation: the binary,
// the YAML engine and its limits.
std::string validations_writer(const CheckOptions& o) {
  return executable_identity() + " yaml " + std::to_string(static_cast<int>(o.yaml_engine)) + " " +
         std::to_string(o.max_alias_expansion) + " " + std::to_string(o.max_nesting_depth);
}

}  // namespace

std::unique_ptr<ValidationMemo> open_validations(const CheckOptions& o) {
  if (!o.no_cache) return ValidationMemo::read(validations_file(o), validations_writer(o));
  return nullptr;
}

void keep_validations(const CheckOptions& o, const ValidationMemo* validations) {
  if (o.no_cache || !validations || !make_private_directory(cache_folder(o), false) ||
      !make_private_directory(validations_folder(o), true)) {
    return;
  }
  validations->write(validations_file(o), validations_writer(o));
}

}  // namespace driftlint::cli
