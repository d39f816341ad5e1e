#include <algorithm>
#include <iterator>
#include <memory>
#include <unordered_map>

#include "base/parallel.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "load/load_index.h"
#include "render/render_set.h"
#include "schema/registry.h"
#include "schema/twin_validations.h"
#include "schema/validation_memo.h"

namespace driftlint {

// A manifest that its kind's schema rejects.
class SchemaViolationRule : public RuleBase<SchemaViolationRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SchemaViolationRule::static_info() {
  static const RuleInfo info{
      .id = "schema-violation",
      .default_severity = Severity::Error,
      .summary = "A manifest that its kind's schema rejects: a misspelt or misplaced field, a wrong "
                 "type, a value outside an enum, a missing required field.",
      .rationale =
          "A misspelt field (`nominalQouta`) or one under the wrong parent (`spec.semaphore` instead "
          "of `spec.synchronization.semaphore`) is dropped silently by client-side tooling and fails "
          "at apply time under strict field validation, or worse, is pruned and the setting never "
          "takes effect. Schemas come from CRDs in the snapshot (the cluster's truth), then CRDs in "
          "the repos, then `--schema-dir`, then driftlint's bundled schemas (`schemas/kinds/`, for "
          "Argo CD, Argo Workflows, Kueue and Kyverno), and for built-in kinds the Kubernetes API's "
          "own schemas of the `--kubernetes-version` release (`schemas/kubernetes/`). They are "
          "judged as the API server judges them (docs/schemas.md): defaults before `required`, "
          "non-nullable nulls pruned, unknown fields as `kubectl apply --validate=strict` reports "
          "them; kustomize patches are partial objects, and an object the repos also define in full "
          "(the same kind, namespace and name) is an overlay `kubectl apply` merges into the live "
          "one, so it may leave required fields out. `${VAR}`, `<...>` and unquoted `{{name}}` "
          "blanks are filled in before apply and not judged. One finding per problem, at its line.",
      .hint = "Fix the field the message names (a close known name is suggested); if the schema is "
              "out of date, load the cluster's CRD with --snapshot or add it with --schema-dir.",
      .example = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: team-a}\nspec:\n"
                 "  resourceGroups:\n  - coveredResources: [nvidia.com/gpu]\n    flavors:\n    - name: h200\n"
                 "      resources:\n      - {name: nvidia.com/gpu, nominalQouta: 8}\n",
      .options = {},
      .expensive = true};
  return info;
}

namespace {

struct Judged {
  const Manifest* manifest;
  bool partial;  // a patch, or an object kustomize would have added to: names and types only
  bool created = false;  // made whole by a test: never an overlay
  bool patch = false;    // a patch file: never the full definition of an object
};

// What is applied, and the patches no rendered build reads (see
// render/render_set.h); a Chainsaw test's assertions are not objects, and
// its updates of an object are partial.
std::vector<Judged> to_judge(const LintContext& context) {
  const LoadIndex& index = context.load.index();
  PartialObjects partial;
  if (context.renders) partial = partial_objects(context.load, index, *context.renders);
  const ChainsawFiles& tests = *context.policy_tests;
  std::vector<Judged> out;
  for (const Manifest* m : context.objects) {
    if (tests.assertions.count(m)) continue;
    out.push_back({m, partial.unrendered.count(m) > 0 || tests.partial.count(m) > 0, tests.created.count(m) > 0,
                   tests.partial.count(m) > 0});
  }
  for (const Manifest* m : partial.patches) out.push_back({m, true, false, true});
  return out;
}

// Objects that more than one manifest defines (kind, namespace, name).
std::string identity_of(const Manifest& m) {
  return m.id.group + '\n' + m.id.kind + '\n' + m.id.ns + '\n' + m.id.name;
}

struct Judgement {
  std::vector<Finding> findings;
  std::vector<bool> missing;  // per finding: a required field left out
  bool complete = true;       // no required field left out
};

// `kubectl apply` of an object that exists is a patch: its required fields
// come from the live object. An object the repos also define in full (the
// same kind, namespace and name) is such an overlay (Argo CD's
// controller-deployment StatefulSet, kubebuilder's CRD patches), so its
// missing required fields are not reported when another definition has them.
// Test resources are created whole in a fresh namespace: never overlays
// (test objects reuse names such as goodpod01 across hundreds of tests).
void drop_missing_of_overlays(const std::vector<Judged>& manifests, std::vector<std::unique_ptr<Judgement>>& judged) {
  auto complete = [&](size_t i) { return !judged[i] || judged[i]->complete; };
  size_t n = manifests.size();
  bool all_complete = true;
  for (size_t i = 0; i < n && all_complete; ++i) all_complete = complete(i);
  if (all_complete) return;
  std::unordered_map<std::string, bool> complete_somewhere;
  for (size_t i = 0; i < n; ++i) {
    if (manifests[i].patch) continue;  // an object of a build that did not render counts: its required fields are not judged
    bool& any = complete_somewhere[identity_of(*manifests[i].manifest)];
    any = any || complete(i);
  }
  for (size_t i = 0; i < n; ++i) {
    if (complete(i) || manifests[i].partial || manifests[i].created || !complete_somewhere[identity_of(*manifests[i].manifest)]) continue;
    Judgement& j = *judged[i];
    std::vector<Finding> kept;
    for (size_t f = 0; f < j.findings.size(); ++f) {
      if (!j.missing[f]) kept.push_back(std::move(j.findings[f]));
    }
    j.findings = std::move(kept);
  }
}

// A violation, at its node (a rendered object's finding goes to the line
// that set the value) or, for an object read from a file, at its line.
struct Violation : RememberedViolation {
  yaml::Node at;
};

// What `source` finds in `m`: what a pull-request run's base found in its
// twin, or from the memo when an earlier run or the other revision validated
// the same content against the same schema.
std::vector<Violation> violations_of(const LintContext& context, const Manifest& m, const SchemaSource& source,
                                     const ValidateOptions& options) {
  std::vector<Violation> out;
  bool known = !m.rendered() && !source.identity.empty();  // the same object and schema can be told again
  bool for_twin = context.twins && known && context.twins->has_twin(m);  // a base object the head shares
  if (context.twins && known) {
    if (const auto* twin = context.twins->find(m, options.partial, source.identity)) {
      for (const RememberedViolation& v : *twin) out.push_back({v, {}});
      return out;
    }
  }
  const std::string& content = context.load.file_of(m).content_id;
  std::string key;
  if (context.validations && known && !content.empty()) {
    yaml::Position at = m.root.position();
    key = ValidationMemo::key(content, m.document, at.line, at.column, options.partial, source.identity);
    if (auto kept = context.validations->find(key)) {
      if (for_twin) context.twins->remember(m, options.partial, source.identity, *kept);
      for (RememberedViolation& v : *kept) out.push_back({std::move(v), {}});
      return out;
    }
  }
  std::vector<RememberedViolation> found;
  for (SchemaViolation& v : validate(*source.compiled, m.root, options)) {
    yaml::Position p = v.at ? v.at.position() : m.root.position();
    found.push_back({p.line, p.column, std::move(v.path), std::move(v.message), v.missing});
    out.push_back({found.back(), key.empty() ? v.at : yaml::Node{}});
  }
  if (for_twin) context.twins->remember(m, options.partial, source.identity, key.empty() ? std::move(found) : found);
  if (!key.empty()) context.validations->remember(std::move(key), std::move(found));
  return out;
}

}  // namespace

void SchemaViolationRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::unique_ptr<SchemaRegistry> own;
  const SchemaRegistry* schemas = &SchemaRegistry::given_or_built(context.schemas, context.load, context.snapshot, own,
                                                                  context.config.kubernetes_version);
  // Manifests are validated in parallel (this is the costliest rule); each
  // keeps its own findings so the order does not depend on the threads.
  const std::vector<Judged> manifests = to_judge(context);
  // Per manifest, what it was found to break: few do, so the others hold no Judgement.
  std::vector<std::unique_ptr<Judgement>> judged(manifests.size());
  parallel_for(manifests.size(), context.jobs, [&](size_t i) {
    const Manifest& m = *manifests[i].manifest;
    if (m.id.kind.empty() || m.id.version.empty()) return;
    const SchemaSource* source = schemas->find(m.id.group, m.id.version, m.id.kind);
    if (!source || !source->compiled) return;
    ValidateOptions options;
    options.limit = 20;
    options.partial = manifests[i].partial;
    std::vector<Violation> violations = violations_of(context, m, *source, options);
    if (violations.empty()) return;
    judged[i] = std::make_unique<Judgement>();
    Judgement& j = *judged[i];
    for (const Violation& v : violations) {
      Finding f = finding_at(context, m, v.at, m.id.display() + ": " + (v.path.empty() ? std::string("the object") : v.path) +
                                                   ": " + v.message + " (schema: " + source->origin + ")");
      if (!m.rendered()) {  // the same line whether the memo or the validator said it
        f.line = v.line;
        f.column = v.column;
      }
      j.findings.push_back(std::move(f));
      j.missing.push_back(v.missing);
      j.complete = j.complete && !v.missing;
    }
  });
  drop_missing_of_overlays(manifests, judged);
  for (std::unique_ptr<Judgement>& j : judged) {
    if (j) std::move(j->findings.begin(), j->findings.end(), std::back_inserter(out));
  }
}

RuleEntry schema_violation_rule() { return rule_entry<SchemaViolationRule>(); }

}  // namespace driftlint
