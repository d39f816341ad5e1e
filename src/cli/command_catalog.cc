#include "cli/command_catalog.h"

#include <algorithm>

#include "report/report.h"
#include "rules/registry.h"
#include "schema/kubernetes_schemas.h"

namespace driftlint::cli {

namespace {

std::vector<std::string> rule_ids() {
  std::vector<std::string> ids;
  for (const RuleEntry& entry : rule_registry()) ids.push_back(entry.info().id);
  return ids;
}

std::vector<std::string> report_formats() {
  std::vector<std::string> out;
  for (ReportFormat format : kReportFormats) out.emplace_back(report_format_name(format));
  return out;
}

std::vector<CommandSpec> build_catalog() {
  const std::vector<std::string> rules = rule_ids();
  const std::vector<std::string> switches = {"auto", "always", "never"};
  std::vector<CommandSpec> out;
  out.push_back({"check", "[PATH...]", "lint manifests (see driftlint check --help)", check_help(),
                 {{"format", report_formats()},
                  {"fail-on", {"error", "warning", "notice", "none"}},
                  {"enable", rules},
                  {"disable", rules},
                  {"color", switches},
                  {"progress", switches},
                  {"hints", {"once", "each"}},
                  {"group-by", {"file", "rule"}},
                  {"yaml-parser", {"libyaml", "yaml-cpp"}},
                  {"kubernetes-version", KubernetesSchemas::versions()}},
                 true});
  out.push_back({"diff", "[PATH...]", "what a change does to every Argo CD app, rendered (see driftlint diff --help)",
                 diff_help(), {{"format", {"text", "markdown", "json"}}}, true});
  out.push_back({"plan", "[PATH...]", "what an Argo CD sync would do: creates, updates, prunes, replaces (see driftlint plan --help)",
                 plan_help(), {{"format", {"text", "markdown", "json"}}}, true});
  out.push_back({"snapshot", "", "write a cluster snapshot with kubectl (read-only)", snapshot_help(), {}, false});
  out.push_back({"rules", "", "list the rules or write their documentation", rules_help(),
                 {{"format", {"text", "json", "markdown"}}}, false});
  out.push_back({"explain", "RULE", "explain one rule", std::nullopt, {{"", rules}}, false});
  out.push_back({"completion", "bash|zsh|fish", "print the shell completion script", std::nullopt,
                 {{"", {"bash", "zsh", "fish"}}}, false});
  out.push_back({"man", "[--format roff|markdown]", "print the manual page (roff), or the options reference (markdown)",
                 std::nullopt, {{"", {"--format"}}, {"format", {"roff", "markdown"}}}, false});
  out.push_back({"version", "", "print the version (also: driftlint --version)", std::nullopt, {}, false});
  return out;
}

}  // namespace

const std::vector<CommandSpec>& command_catalog() {
  static const std::vector<CommandSpec> catalog = build_catalog();
  return catalog;
}

std::vector<OptionDoc> option_docs(const CommandSpec& command) {
  std::vector<OptionDoc> out;
  if (!command.help) return out;
  namespace style = boost::program_options::command_line_style;
  for (const auto& option : command.help->options.options()) {
    OptionDoc doc;
    doc.long_name = option->long_name();
    std::string shortest = option->canonical_display_name(style::allow_dash_for_short);
    if (shortest.size() == 2 && shortest[0] == '-') doc.short_name = shortest.substr(1);
    doc.takes_value = option->semantic()->max_tokens() > 0;
    doc.description = option->description();
    out.push_back(std::move(doc));
  }
  return out;
}

std::string main_usage() {
  std::string out = "usage: driftlint <command> [options]\n\ncommands:\n";
  for (const CommandSpec& c : command_catalog()) {
    std::string head = c.name + (c.arguments.empty() ? "" : " " + c.arguments);
    head.resize(std::max<size_t>(head.size() + 2, 18), ' ');
    out += "  " + head + c.summary + "\n";
  }
  return out + "\ndriftlint --help and driftlint <command> --help print help; driftlint --version the version.\n";
}

}  // namespace driftlint::cli
