#include "lint/rule.h"

#include <algorithm>

#include "base/strings.h"

namespace driftlint {

namespace {

// A rendered object's finding goes to the line that set the value, and
// says which line set it before ("via base/deployment.yaml:6").
void locate_rendered(const LintContext& context, const Manifest& manifest, yaml::Node at, Finding& f) {
  const Provenance& provenance = *manifest.provenance;
  yaml::Node node = at ? at : manifest.root;
  std::optional<SourcePlace> origin = provenance.origin(node);
  if (!origin) origin = provenance.origin(manifest.root);
  f.apps = provenance.apps;
  std::sort(f.apps.begin(), f.apps.end());
  if (!origin) return;
  f.repo = context.load.repo_name(origin->repo);
  f.path = origin->path;
  f.line = origin->position.line;
  f.column = origin->position.column;
  std::optional<SourcePlace> earlier = provenance.earlier(node);
  if (earlier && !(earlier->repo == origin->repo && earlier->path == origin->path &&
                   earlier->position.line == origin->position.line)) {
    std::string where = earlier->repo == origin->repo ? earlier->path : context.load.repo_name(earlier->repo) + "/" + earlier->path;
    f.message += " (via " + format_place(where, {earlier->position.line, 0}) + ")";
  }
}

}  // namespace

std::string rule_rationale(const RuleInfo& info) {
  if (!info.skips_policy_test_inputs) return info.rationale;
  return info.rationale +
         " Files of a policy test (a Kyverno CLI or Chainsaw test's folder and the files it names from there) are "
         "test inputs, wrong or outdated on purpose and never deployed: not judged.";
}

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
  f.object = ObjectRef{manifest.id.api_version, manifest.id.kind, manifest.id.ns, manifest.id.name};
  if (manifest.rendered()) {
    locate_rendered(context, manifest, at, f);
    return f;
  }
  yaml::Position p = at ? at.position() : manifest.root.position();
  f.line = p.line;
  f.column = p.column;
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
