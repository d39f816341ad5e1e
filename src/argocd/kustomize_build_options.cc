#include "argocd/kustomize_build_options.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "base/strings.h"

namespace driftlint {

namespace {

enum class Take { Pass, Withhold, Ignore };

struct FlagRule {
  std::string_view name;
  bool takes_value;
  Take take;
};

// kustomize 5's `build` flags (kustomize/commands/build) that kubectl
// kustomize has too; the deprecated --reorder and --enable-managedby-label,
// which it lacks, are ignored like any unknown flag.
constexpr std::array<FlagRule, 16> kFlags = {{
    {"--enable-helm", false, Take::Pass},
    {"--helm-debug", false, Take::Pass},
    {"--load-restrictor", true, Take::Pass},
    {"--helm-kube-version", true, Take::Pass},
    {"--helm-api-versions", true, Take::Pass},
    // Run plugins, exec or container functions, or a program the repo names.
    {"--enable-alpha-plugins", false, Take::Withhold},
    {"--enable-exec", false, Take::Withhold},
    {"--enable-star", false, Take::Withhold},
    {"--network", false, Take::Withhold},
    {"--as-current-user", false, Take::Withhold},
    {"--mount", true, Take::Withhold},
    {"--env", true, Take::Withhold},
    {"-e", true, Take::Withhold},
    {"--network-name", true, Take::Withhold},
    {"--helm-command", true, Take::Withhold},  // driftlint passes the helm it found
    // Writes the output to a file instead of printing it.
    {"--output", true, Take::Ignore},
}};

const FlagRule* rule_for(std::string_view name) {
  if (name == "-o") return &kFlags.back();
  for (const FlagRule& r : kFlags) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

// Go's strings.Fields: split on runs of white space.
std::vector<std::string> fields(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

}  // namespace

BuildOptionsReading read_kustomize_build_options(std::string_view options) {
  BuildOptionsReading out;
  std::vector<std::string> words = fields(options);
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    size_t eq = word.find('=');
    const FlagRule* rule = word.size() > 1 && word[0] == '-' ? rule_for(std::string_view(word).substr(0, eq)) : nullptr;
    if (!rule) {
      out.ignored.push_back(word);
      continue;
    }
    std::vector<std::string> flag = {word};
    if (rule->takes_value && eq == std::string::npos) {
      if (i + 1 >= words.size()) {
        out.ignored.push_back(word);  // no value: kustomize would refuse it
        continue;
      }
      flag.push_back(words[++i]);
    }
    std::vector<std::string>& into = rule->take == Take::Pass       ? out.flags.args
                                     : rule->take == Take::Withhold ? out.flags.withheld
                                                                    : out.ignored;
    into.insert(into.end(), flag.begin(), flag.end());
  }
  return out;
}

std::string describe_build_options(std::string_view options, const BuildOptionsReading& reading) {
  std::string out = quote_for_message(trim(options), 200);
  if (!reading.flags.args.empty()) out += ": passed " + join(reading.flags.args, " ");
  if (!reading.flags.withheld.empty()) {
    out += std::string(reading.flags.args.empty() ? ": " : "; ") + "withheld " + join(reading.flags.withheld, " ") +
           " (they run plugins, functions or another program, which driftlint never does)";
  }
  if (!reading.ignored.empty()) {
    out += std::string(reading.flags.args.empty() && reading.flags.withheld.empty() ? ": " : "; ") + "ignored " +
           join(reading.ignored, " ") + " (an output file, or not a kustomize build flag driftlint knows)";
  }
  return out;
}

}  // namespace driftlint
