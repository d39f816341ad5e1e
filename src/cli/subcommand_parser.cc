#include "cli/subcommand_parser.h"

namespace driftlint::cli {

namespace po = boost::program_options;

Expected<po::variables_map> parse_options_and_paths(const std::vector<std::string>& args,
                                                    const po::options_description& visible,
                                                    std::vector<std::string>& paths, const std::string& command) {
  po::options_description all;
  all.add(visible).add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description positional;
  positional.add("path", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return Error{command + ": " + e.what() + " (driftlint " + command + " --help lists the options)"};
  }
  return vm;
}

}  // namespace driftlint::cli
