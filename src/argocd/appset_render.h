// Renders ApplicationSet templates the way Argo CD's Render does
// (applicationset/utils/utils.go): every string of the template and every
// map key goes through Go's text/template (goTemplate: true) or fasttemplate
// substitution on its own, with one generator parameter set. Positions are
// kept, so a generated Application points into the set's template.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "argocd/appset_budget.h"
#include "gotemplate/go_template.h"
#include "gotemplate/template_value.h"
#include "argocd/yaml_edit.h"

namespace driftlint {

// Everything it renders and every step its templates take is spent from
// the run's budget (appset_budget.h); once that is spent, each render fails
// with AppSetBudget::spent()'s reason.
class TemplateRenderer {
 public:
  // Without a budget, it keeps one of its own with the default limits.
  TemplateRenderer(bool go_template, GoTemplateOptions options, AppSetBudget* budget = nullptr)
      : go_(go_template), options_(options), budget_(budget ? budget : &own_budget_) {}
  TemplateRenderer(const TemplateRenderer&) = delete;
  TemplateRenderer& operator=(const TemplateRenderer&) = delete;

  bool go_template() const { return go_; }
  const GoTemplateOptions& options() const { return options_; }
  AppSetBudget& budget() { return *budget_; }

  // One string (Render.Replace); Go templates are parsed once per text.
  Expected<std::string> render(std::string_view text, const TemplateValue& params);
  // The same with other Go options (generator values are pre-resolved with missingkey=error).
  Expected<std::string> render(std::string_view text, const TemplateValue& params, const GoTemplateOptions& options);
  // Every string scalar and map key of `node` (deeplyReplace).
  Expected<EditNode> render_node(const EditNode& node, const TemplateValue& params);
  // Spends what a copy of `node` costs, as render_node would (a template
  // used as it is, with an empty parameter set).
  Status charge_copy(const EditNode& node);

 private:
  Expected<std::string> execute(std::string_view text, const TemplateValue& params, const GoTemplateOptions& options);

  bool go_;
  GoTemplateOptions options_;
  AppSetBudget own_budget_;
  AppSetBudget* budget_;
  std::map<std::string, Expected<GoTemplate>, std::less<>> parsed_;
};

// Whether a Go template error is a missing key (Argo CD's isMissingKeyError):
// generator values that name a parameter the parent generator lacks stay
// unrendered for the child's own parameters.
bool is_missing_key_error(const Error& error);

// mergo.Merge(dst, src) as Argo CD merges a generator's own `template` over
// the set's: what dst leaves empty (absent, null, "", false, 0, {} or [])
// comes from src; maps merge key by key; lists and set values stay dst's.
void merge_template(EditNode& dst, const EditNode& src);

// A strategic merge patch on an Application (its types have no merge keys,
// so lists are replaced): maps merge, null deletes, `$patch: replace` and
// `$patch: delete` are honoured, other directives dropped.
void apply_strategic_merge(EditNode& target, const EditNode& patch);

}  // namespace driftlint
