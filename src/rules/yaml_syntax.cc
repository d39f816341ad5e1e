#include "lint/rule.h"

namespace driftlint {

// A file that cannot be parsed as YAML.
class YamlSyntaxRule : public RuleBase<YamlSyntaxRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& YamlSyntaxRule::static_info() {
  static const RuleInfo info{
      .id = "yaml-syntax",
      .default_severity = Severity::Error,
      .summary = "A manifest file cannot be parsed as YAML.",
      .rationale =
          "Argo CD fails the whole sync of an application when one file in its source does not "
          "parse, and kubectl refuses the file. driftlint reports the file with the line and column "
          "where parsing stopped and goes on linting every other file; documents before the error "
          "are still linted.",
      .hint = "Fix the YAML at the reported position (indentation, an unclosed bracket or quote, a "
              "tab, a template expression outside a chart's templates/ folder).",
      .example = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: broken\ndata: {a: 1\n",
      .options = {}};
  return info;
}

void YamlSyntaxRule::check(const LintContext& context, std::vector<Finding>& out) const {
  for (const LoadedFile& file : context.load.files) {
    if (file.too_large) {
      out.push_back(finding_in_file(
          context, file, {},
          "not parsed: the file is " + std::to_string(file.bytes >> 20) +
              " MiB, over the size limit (raise it with --max-file-size)"));
      continue;
    }
    if (!file.parsed.error) continue;
    const yaml::SyntaxError& e = *file.parsed.error;
    std::string message = "cannot parse YAML";
    if (e.position.line) {
      message += " at line " + std::to_string(e.position.line) + ", column " +
                 std::to_string(e.position.column);
    }
    message += ": " + e.message;
    out.push_back(finding_in_file(context, file, e.position, message));
  }
}

RuleEntry yaml_syntax_rule() { return rule_entry<YamlSyntaxRule>(); }

}  // namespace driftlint
