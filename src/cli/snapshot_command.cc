#include <boost/program_options.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "base/files.h"
#include "base/strings.h"
#include "cli/command_help.h"
#include "cli/commands.h"
#include "cli/report_environment.h"
#include "snapshot/capture.h"

namespace driftlint::cli {

namespace po = boost::program_options;

namespace {

constexpr const char* kSnapshotUsage =
    "usage: driftlint snapshot [--kubeconfig FILE] [--context NAME] [--kinds K1,K2,...|+K,-K,...] [-o FILE]\n"
    "       driftlint snapshot --print-rbac [--kinds ...]\n"
    "Writes the cluster objects driftlint's rules read as one JSON List, using kubectl's read-only\n"
    "verbs only (api-resources, get), with the context and the time of the capture. Secrets are never\n"
    "captured; managedFields and Pods' status are stripped.\n";

struct SnapshotArgs {
  CaptureOptions capture;
  std::string kinds, output;
  bool quiet = false, print_rbac = false;
};

po::options_description visible_options(SnapshotArgs& a) {
  CaptureOptions& capture = a.capture;
  po::options_description visible("driftlint snapshot options");
  visible.add_options()("help,h", "show this help")(
      "kubeconfig", po::value<std::string>(&capture.kubeconfig), "kubeconfig file (default: kubectl's)")(
      "context", po::value<std::string>(&capture.context), "kubeconfig context (default: the current one)")(
      "kinds", po::value<std::string>(&a.kinds), "comma-separated resource names (as `kubectl api-resources -o name` prints them): the list to capture, or +NAME/-NAME to add to or take from the default")(
      "print-rbac", po::bool_switch(&a.print_rbac), "print the ClusterRole rules that let a service account capture these kinds, and stop")(
      "output,o", po::value<std::string>(&a.output), "write to FILE (default: standard output)")(
      "kubectl", po::value<std::string>(&capture.kubectl), "the kubectl program (default: kubectl on PATH)")(
      "timeout", po::value<unsigned>(&capture.timeout_seconds), "seconds each kubectl call may take (default 120)")(
      "quiet,q", po::bool_switch(&a.quiet), "no notes on stderr");
  return visible;
}

}  // namespace

CommandHelp snapshot_help() {
  static SnapshotArgs args;
  return {kSnapshotUsage, visible_options(args)};
}

int run_snapshot(const std::vector<std::string>& args) {
  SnapshotArgs a;
  CaptureOptions& capture = a.capture;
  std::string& kinds = a.kinds;
  std::string& output = a.output;
  bool& quiet = a.quiet;
  bool& print_rbac = a.print_rbac;
  po::options_description visible = visible_options(a);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(visible).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    print_error(std::string("snapshot: ") + e.what() + " (driftlint snapshot --help lists the options)");
    return kExitUsage;
  }
  if (vm.count("help")) {
    std::cout << kSnapshotUsage << "\n" << visible;
    std::cout << "\ndefault kinds: " << join(default_snapshot_kinds(), ", ") << "\n";
    return kExitClean;
  }
  if (vm.count("kinds")) {
    Expected<std::vector<std::string>> parsed = parse_snapshot_kinds(kinds);
    if (!parsed) {
      print_error("snapshot: " + parsed.error().message);
      return kExitUsage;
    }
    capture.kinds = std::move(*parsed);
  }
  if (print_rbac) {
    std::cout << snapshot_rbac_rules(capture.kinds.empty() ? default_snapshot_kinds() : capture.kinds);
    return kExitClean;
  }
  capture.now = report_time();
  Expected<Capture> result = capture_snapshot(capture);
  if (!result) {
    print_error("snapshot: " + result.error().message);
    return kExitUsage;
  }
  if (!quiet) {
    for (const std::string& note : result->notes) std::cerr << "driftlint: note: " << note << "\n";
  }
  if (output.empty()) {
    std::cout << result->json;
  } else if (!write_file_atomically(output, result->json)) {
    print_error("snapshot: cannot write " + output);
    return kExitUsage;
  }
  if (!quiet) {
    std::cerr << "driftlint: " << result->objects << " objects of " << result->kinds_captured.size() << " kinds"
              << (output.empty() ? "" : " written to " + output) << "\n";
  }
  return kExitClean;
}

}  // namespace driftlint::cli
