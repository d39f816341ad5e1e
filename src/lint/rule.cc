#include "lint/rule.h"

#include "base/strings.h"

namespace driftlint {

Finding Rule::finding_at(const LintContext& context, const Manifest& manifest, yaml::Node at,
                         std::string message) const {
  const RuleInfo& i = info();
  const LoadedFile& file = context.load.file_of(manifest);
  Finding f;
  f.rule = i.id;
  f.severity = i.default_severity;
  f.message = std::move(message);
  f.hint = i.hint;
  f.repo = context.load.repo_name(file.repo);
  f.path = file.path;
  yaml::Position p = at ? at.position() : manifest.root.position();
  f.line = p.line;
  f.column = p.column;
  f.object = ObjectRef{manifest.id.api_version, manifest.id.kind, manifest.id.ns, manifest.id.name};
  return f;
}

Finding Rule::finding_in_file(const LintContext& context, const LoadedFile& file, yaml::Position at,
                              std::string message) const {
  Finding f = finding_in_repo(context, file.repo, file.path, std::move(message));
  f.line = at.line;
  f.column = at.column;
  return f;
}

Finding Rule::finding_in_repo(const LintContext& context, uint32_t repo, std::optional<std::string> path,
                              std::string message) const {
  const RuleInfo& i = info();
  Finding f;
  f.rule = i.id;
  f.severity = i.default_severity;
  f.message = std::move(message);
  f.hint = i.hint;
  f.repo = context.load.repo_name(repo);
  f.path = std::move(path);
  return f;
}

Status check_rule_option_keys(const RuleOptionsInput& input, const RuleInfo& info) {
  for (auto [key, value] : input.options.entries()) {
    bool known = false;
    std::vector<std::string> names;
    for (const RuleOption& option : info.options) {
      names.push_back(option.name);
      known = known || key.text() == option.name;
    }
    if (!known) {
      return error_at(input.config_file, key.position(),
                      "unknown option " + quote_for_message(key.text()) + " for rule '" + info.id + "'" +
                          (names.empty() ? " (it takes none)" : " (expected: " + join(names, ", ") + ")"));
    }
  }
  return {};
}

}  // namespace driftlint
