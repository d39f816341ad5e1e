// What the subcommands that take paths share when they read their command
// line with Boost.Program_options.
#pragma once

#include <boost/program_options.hpp>

#include <string>
#include <vector>

#include "base/expected.h"

namespace driftlint::cli {

// Parses `args` against `visible`, every positional argument going to
// `paths`. A Boost error becomes "COMMAND: what (driftlint COMMAND --help
// lists the options)".
Expected<boost::program_options::variables_map> parse_options_and_paths(
    const std::vector<std::string>& args, const boost::program_options::options_description& visible,
    std::vector<std::string>& paths, const std::string& command);

}  // namespace driftlint::cli
