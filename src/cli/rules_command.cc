#include <boost/program_options.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/command_help.h"
#include "cli/commands.h"
#include "report/rule_docs.h"

namespace driftlint::cli {

namespace po = boost::program_options;

namespace {

constexpr const char* kRulesUsage = "usage: driftlint rules [--format text|json|markdown] [--output-dir DIR]\n";

po::options_description visible_options(std::string& format, std::string& output_dir) {
  po::options_description options("driftlint rules options");
  options.add_options()("help,h", "show this help")(
      "format", po::value<std::string>(&format), "text, json or markdown")(
      "output-dir", po::value<std::string>(&output_dir),
      "write one Markdown page per rule (and README.md) into this folder");
  return options;
}

}  // namespace

CommandHelp rules_help() {
  static std::string format, output_dir;
  return {kRulesUsage, visible_options(format, output_dir)};
}

int run_rules(const std::vector<std::string>& args) {
  std::string format = "text";
  std::string output_dir;
  po::options_description options = visible_options(format, output_dir);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    print_error(std::string("rules: ") + e.what());
    return kExitUsage;
  }
  if (vm.count("help")) {
    std::cout << kRulesUsage << options;
    return kExitClean;
  }
  if (format != "text" && format != "json" && format != "markdown") {
    print_error("rules: --format must be text, json or markdown, not '" + format + "'");
    return kExitUsage;
  }
  if (!output_dir.empty()) {
    if (format != "markdown") {
      print_error("rules: --output-dir writes Markdown pages; add --format markdown");
      return kExitUsage;
    }
    std::error_code ec;
    std::filesystem::create_directories(output_dir, ec);
    if (ec) {
      print_error("rules: cannot create " + output_dir + ": " + ec.message());
      return kExitUsage;
    }
    for (const auto& [name, content] : rule_doc_files()) {
      std::string path = (std::filesystem::path(output_dir) / name).string();
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out << content;
      if (!out) {
        print_error("rules: cannot write " + path);
        return kExitUsage;
      }
    }
    return kExitClean;
  }
  if (format == "json") {
    std::cout << rules_json();
  } else if (format == "markdown") {
    std::cout << rule_index_markdown();
  } else {
    std::cout << rules_text_table();
  }
  return kExitClean;
}

}  // namespace driftlint::cli
