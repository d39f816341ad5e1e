// What each subcommand's --help prints, as data: the man page, the shell
// completions and docs/options.md are generated from the same definitions
// (cli/command_catalog.h), so none can list an option the parser lacks.
#pragma once

#include <boost/program_options.hpp>

#include <map>
#include <string>
#include <vector>

namespace driftlint::cli {

struct CommandHelp {
  std::string usage;  // the usage lines --help opens with
  boost::program_options::options_description options;
};

// Each built with throwaway bindings: for reading the definitions, never for parsing.
CommandHelp check_help();
CommandHelp diff_help();
CommandHelp plan_help();
CommandHelp snapshot_help();
CommandHelp rules_help();

}  // namespace driftlint::cli
