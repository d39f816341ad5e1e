// Every subcommand with its summary, usage and options, and the values an
// option takes where they are a closed set: the one source of `driftlint
// --help`'s command list, the man page, the shell completions and
// docs/options.md.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_help.h"

namespace driftlint::cli {

struct CommandSpec {
  std::string name;       // "check"
  std::string arguments;  // "[PATH...]", "RULE", "bash|zsh|fish"
  std::string summary;    // one line
  std::optional<CommandHelp> help;  // its options; none for a command that takes none
  // Completion: the values of an option ("format" -> text, json, ...) and of
  // the positional arguments ("" key); an option missing here takes a file.
  std::map<std::string, std::vector<std::string>> choices;
  bool positional_files = false;  // its positional arguments are files or folders
};

const std::vector<CommandSpec>& command_catalog();

// An option as the generators print it.
struct OptionDoc {
  std::string long_name;    // "config"
  std::string short_name;   // "o" or ""
  bool takes_value = false;
  std::string description;
};
std::vector<OptionDoc> option_docs(const CommandSpec& command);

// `driftlint --help`: the usage line and the commands, one line each.
std::string main_usage();

// Generated from the catalog (cli/shell_completion.cc, cli/man_page.cc).
std::string bash_completion();
std::string zsh_completion();
std::string fish_completion();
std::string man_page();          // roff, section 1
std::string options_markdown();  // docs/options.md

}  // namespace driftlint::cli
