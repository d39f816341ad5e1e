// libyaml as the event source (parse_libyaml.cc), the default.
#pragma once

#include <string_view>

#include "yaml/tree_builder.h"

namespace driftlint::yaml {

// libyaml's events for `text` into the builder; a syntax error (libyaml's
// own words, with where it was met and what it was parsing) into out.error.
void parse_with_libyaml(std::string_view text, TreeBuilder& builder, ParsedFile& out);

}  // namespace driftlint::yaml
