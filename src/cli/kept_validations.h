// Schema validations kept between runs (schema/validation_memo.h) for
// `check`: in the cache folder. (A pull-request run's two revisions share
// theirs without one: schema/twin_validations.h.)
#pragma once

#include <memory>

#include "cli/check_options.h"
#include "schema/validation_memo.h"

namespace driftlint::cli {

// What the cache folder keeps; null without a cache.
std::unique_ptr<ValidationMemo> open_validations(const CheckOptions& o);

// Stores them in the cache folder, when there is one and they changed.
void keep_validations(const CheckOptions& o, const ValidationMemo* validations);

}  // namespace driftlint::cli
