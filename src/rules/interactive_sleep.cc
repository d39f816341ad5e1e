#include <re2/re2.h>

#include <memory>

#include "base/strings.h"
#include "lint/rule.h"
#include "model/container_gpus.h"
#include "model/pod_templates.h"

namespace driftlint {

// A GPU container whose command only idles (sleep infinity and kin).
class InteractiveSleepRule : public RuleBase<InteractiveSleepRule> {
 public:
  static const RuleInfo& static_info();
  static Expected<std::unique_ptr<Rule>> create(const RuleOptionsInput& input);
  void check(const LintContext& context, std::vector<Finding>& out) const override;

 private:
  explicit InteractiveSleepRule(std::vector<std::unique_ptr<const RE2>> patterns)
      : patterns_(std::move(patterns)) {}
  const std::vector<std::unique_ptr<const RE2>> patterns_;
};

namespace {

const char* const kDefaultPatterns[] = {
    R"(\bsleep\s+(infinity|inf)\b)",
    R"(\btail\s+-f\s+/dev/null\b)",
    R"(\bwhile\s+(true|:)\s*;?\s*do\s+sleep\b)",
    R"(\bsleep\s+[0-9]{6,}\b)",
};

// Points at the part that idles on its own (script source, then args), else the command.
yaml::Node anchor_for_match(const ContainerView& c, const RE2& re) {
  auto matches_alone = [&](yaml::Node part) {
    ContainerView only;
    only.args = part;
    std::string text = only.command_line();
    return !text.empty() && RE2::PartialMatch(text, re);
  };
  if (c.script_source && matches_alone(c.script_source)) return c.node.key_node("source");
  if (c.args && matches_alone(c.args)) return c.node.key_node("args");
  return c.command_anchor();
}

}  // namespace

const RuleInfo& InteractiveSleepRule::static_info() {
  static const RuleInfo info{
      .id = "interactive-sleep",
      .default_severity = Severity::Warning,
      .summary = "A container that requests a GPU (or another accelerator: TPU, Gaudi, Neuron) runs a "
                 "command that only idles (`sleep infinity`, `tail -f /dev/null`, `while true; do sleep ...`).",
      .rationale =
          "An idle container holds its GPU for as long as it lives: nobody else can schedule on "
          "that device while someone execs into the pod now and then. On a shared GPU cluster this "
          "is the most common way capacity disappears. Accelerators are the `accelerators` extended "
          "resources (default NVIDIA GPUs and MIG slices, AMD and Intel GPUs, `google.com/tpu`, "
          "`habana.ai/gaudi`, `aws.amazon.com/neuron*`; a literal zero does not count, a template "
          "expression does; a Spark driver's or executor's `gpu`) and Dynamic Resource Allocation "
          "claims the container lists in `resources.claims` whose ResourceClaim or "
          "ResourceClaimTemplate names an accelerator device class (or, when that object is not in the "
          "repos, has \"gpu\" or \"tpu\" in its name); the message names the resource and its amount "
          "(\"4 google.com/tpu\"). Pod templates are found in every workload kind driftlint knows "
          "(see docs/pod-templates.md). The command, args and (for Argo script templates and Tekton "
          "steps) the script are joined with spaces and searched with the configured "
          "RE2 patterns.",
      .hint = "Run the real workload as the container command so the pod ends when the work does; "
              "for interactive work use a time-limited session (activeDeadlineSeconds) or a "
              "CPU-only pod.",
      .example = "apiVersion: v1\nkind: Pod\nmetadata: {name: dev, namespace: research}\nspec:\n"
                 "  containers:\n  - name: main\n    image: pytorch/pytorch\n    command: [sleep, "
                 "infinity]\n    resources:\n      limits: {nvidia.com/gpu: 1}\n",
      .options = {{"patterns", "list of RE2 patterns (searched, not anchored)",
                   "['\\bsleep\\s+(infinity|inf)\\b', '\\btail\\s+-f\\s+/dev/null\\b', "
                   "'\\bwhile\\s+(true|:)\\s*;?\\s*do\\s+sleep\\b', '\\bsleep\\s+[0-9]{6,}\\b']",
                   "Commands that only idle. Setting this replaces the defaults."}},
      .skips_policy_test_inputs = true};
  return info;
}

Expected<std::unique_ptr<Rule>> InteractiveSleepRule::create(const RuleOptionsInput& input) {
  if (Status s = check_rule_option_keys(input, static_info()); !s) return s.error();
  std::vector<std::unique_ptr<const RE2>> patterns;
  RE2::Options options;
  options.set_log_errors(false);
  if (yaml::Node configured = input.options.get("patterns")) {
    if (!configured.is_sequence()) {
      return error_at(input.config_file, configured.position(),
                      "option 'patterns' of rule 'interactive-sleep' must be a list of RE2 patterns");
    }
    for (yaml::Node p : configured.elements()) {
      if (!p.is_scalar() || p.is_null()) return error_at(input.config_file, p.position(), "a pattern must be a string");
      auto re = std::make_unique<const RE2>(std::string(p.text()), options);
      if (!re->ok()) {
        return error_at(input.config_file, p.position(),
                        "pattern " + quote_for_message(p.text()) + " is not valid RE2: " + re->error());
      }
      patterns.push_back(std::move(re));
    }
  } else {
    for (const char* p : kDefaultPatterns) patterns.push_back(std::make_unique<const RE2>(p, options));
  }
  return std::unique_ptr<Rule>(new InteractiveSleepRule(std::move(patterns)));
}

void InteractiveSleepRule::check(const LintContext& context, std::vector<Finding>& out) const {
  ContainerGpus gpu_requests(context.gpu, context.objects);
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    for (const PodTemplateView& pod : pod_templates(m)) {
      for (const ContainerView& c : pod.containers) {
        auto gpus = gpu_requests.of(pod, c, m.id.ns);
        if (gpus.empty()) continue;
        std::string command = c.command_line();
        if (command.empty()) continue;
        for (const auto& re : patterns_) {
          if (!RE2::PartialMatch(command, *re)) continue;
          std::string who = !c.name.empty() ? "container " + quote_for_message(c.name)
                            : !pod.template_name.empty()
                                ? "the container of template " + quote_for_message(pod.template_name)
                                : std::string("an unnamed container");
          const ContainerGpuRequest& asked = gpus[0];
          std::string held = asked.one ? "the " + asked.noun : "the " + asked.noun + "s";
          std::string message = who + " in " + pod.location + " requests " + asked.what +
                                " but its command only idles (" + quote_for_message(command, 60) + "), holding " +
                                held + " while nothing runs";
          out.push_back(finding_at(context, m, anchor_for_match(c, *re), std::move(message)));
          break;
        }
      }
    }
  }
}

RuleEntry interactive_sleep_rule() { return rule_entry<InteractiveSleepRule>(); }

}  // namespace driftlint
