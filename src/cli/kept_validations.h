// Schema validations kept between runs (schema/validation_memo.h) for
// `check`: in the cache folder, and shared by a pull-request run's two
// revisions even without one.
#pragma once

#include <memory>

#include "cli/check_options.h"
#include "schema/validation_memo.h"

namespace driftlint::cli {

// What the cache folder keeps (an empty memo without one, for a
// pull-request run's two revisions); null when no run could use it (no
// cache, one revision).
std::unique_ptr<ValidationMemo> open_validations(const CheckOptions& o);

// Stores them in the cache folder, when there is one and they changed.
void keep_validations(const CheckOptions& o, const ValidationMemo* validations);

}  // namespace driftlint::cli
