#include "base/embedded_files.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "model/field_path.h"
#include "yaml/parser.h"
#include "yaml/strict_reader.h"

namespace driftlint {

// API versions and fields upstream deprecated or stopped serving.
class DeprecatedApiRule : public RuleBase<DeprecatedApiRule> {
 public:
  static const RuleInfo& static_info();
  static Expected<std::unique_ptr<Rule>> create(const RuleOptionsInput& input);
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& DeprecatedApiRule::static_info() {
  static const RuleInfo info{
      .id = "deprecated-api",
      .default_severity = Severity::Notice,
      .summary = "An API version or field that upstream has deprecated or stopped serving (Kueue "
                 "`v1beta1`, Kyverno's policy-level `validationFailureAction`, Argo Workflows' singular "
                 "`semaphore`, Kubernetes beta APIs).",
      .rationale =
          "A version the next upgrade stops serving makes the apply fail on upgrade day; a "
          "deprecated field keeps working until it silently does not. The table lives in one data "
          "file, `rules/deprecated-apis.yaml` (compiled in), with the release each entry comes from "
          "and what to use instead.",
      .hint = "Move to the replacement named in the message before upgrading the component.",
      .example = "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue\nmetadata:\n  name: team-a\nspec:\n  cohort: gpu-pool\n",
      .options = {}};
  return info;
}

namespace {

struct ApiEntry {
  std::string api_version;
  std::vector<std::string> kinds;
  std::string status, in, use;
};
struct FieldEntry {
  std::string group;
  std::vector<std::string> kinds;
  FieldPathSpec path;
  std::string status, in, use;
};
struct Table {
  std::vector<ApiEntry> apis;
  std::vector<FieldEntry> fields;
};

Expected<Table> read_table(std::string_view text, const std::string& file) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error || parsed.documents.empty()) return Error{file + ": does not parse"};
  StrictReader r(file);
  yaml::Node root = parsed.documents[0].root;
  if (Status s = r.known_keys(root, "", {"apis", "fields"}); !s) return s.error();
  Table table;
  auto str = [&](yaml::Node entry, const char* key) -> Expected<std::string> {
    if (!entry.get(key).valid()) return r.error(entry, std::string("an entry needs '") + key + "'");
    return r.string_value(entry.get(key), key);
  };
  for (yaml::Node e : root.get("apis").elements()) {
    if (Status s = r.known_keys(e, "apis", {"apiVersion", "kinds", "status", "in", "use"}); !s) return s.error();
    ApiEntry a;
    for (auto [key, target] : {std::pair<const char*, std::string*>{"apiVersion", &a.api_version}, {"status", &a.status}, {"in", &a.in}, {"use", &a.use}}) {
      auto v = str(e, key);
      if (!v) return v.error();
      *target = *v;
    }
    if (e.get("kinds").valid()) {
      auto kinds = r.string_list(e.get("kinds"), "kinds");
      if (!kinds) return kinds.error();
      a.kinds = *kinds;
    }
    table.apis.push_back(std::move(a));
  }
  for (yaml::Node e : root.get("fields").elements()) {
    if (Status s = r.known_keys(e, "fields", {"group", "kinds", "path", "status", "in", "use"}); !s) return s.error();
    FieldEntry f;
    for (auto [key, target] : {std::pair<const char*, std::string*>{"group", &f.group}, {"status", &f.status}, {"in", &f.in}, {"use", &f.use}}) {
      auto v = str(e, key);
      if (!v) return v.error();
      *target = *v;
    }
    auto kinds = r.string_list(e.get("kinds"), "kinds");
    if (!kinds) return kinds.error();
    f.kinds = *kinds;
    auto path_text = str(e, "path");
    if (!path_text) return path_text.error();
    auto path = parse_field_path(*path_text);
    if (!path) return r.error(e.get("path"), path.error().message);
    f.path = std::move(*path);
    table.fields.push_back(std::move(f));
  }
  return table;
}

const Expected<Table>& table() {
  static const Expected<Table> t = read_table(embedded_file("rules/deprecated-apis.yaml"), "rules/deprecated-apis.yaml");
  return t;
}

bool has_kind(const std::vector<std::string>& kinds, const std::string& kind) {
  return kinds.empty() || std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

}  // namespace

Expected<std::unique_ptr<Rule>> DeprecatedApiRule::create(const RuleOptionsInput& input) {
  if (Status s = check_rule_option_keys(input, static_info()); !s) return s.error();
  if (!table()) return table().error();
  return std::unique_ptr<Rule>(new DeprecatedApiRule());
}

void DeprecatedApiRule::check(const LintContext& context, std::vector<Finding>& out) const {
  const Table& t = *table();
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    for (const ApiEntry& a : t.apis) {
      if (a.api_version != m.id.api_version || !has_kind(a.kinds, m.id.kind)) continue;
      yaml::Node at = m.root.key_node("apiVersion");
      out.push_back(finding_at(context, m, at,
                               m.id.display() + " uses " + a.api_version + ", " + a.status + " in " + a.in +
                                   "; use " + a.use));
      break;
    }
    for (const FieldEntry& f : t.fields) {
      if (f.group != m.id.group || !has_kind(f.kinds, m.id.kind)) continue;
      for (const FieldMatch& match : resolve_field_path(f.path, m.root)) {
        if (!match.value.valid()) continue;
        out.push_back(finding_at(context, m, match.key.valid() ? match.key : match.value,
                                 m.id.display() + " sets " + match.path + ", " + f.status + " in " + f.in + "; use " + f.use));
      }
    }
  }
}

RuleEntry deprecated_api_rule() { return rule_entry<DeprecatedApiRule>(); }

}  // namespace driftlint
