// Expands one ApplicationSet the way Argo CD's GenerateApplications does
// (applicationset/controllers/template/template.go): for each generator, its
// template merged over the set's, rendered with every parameter set; the
// templatePatch rendered, parsed and applied as a strategic merge patch
// (template/patch.go), the project kept as the template set it; the app's
// namespace the set's. Then, as validateGeneratedApplications does, an app
// without a name and every app of a name generated twice are dropped.
#include "argocd/appset.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "argocd/appset_generators.h"
#include "base/strings.h"

namespace driftlint {

namespace {

class Expander {
 public:
  Expander(const Manifest& set, const AppSetInputs& inputs, bool go, GoTemplateOptions options)
      : set_(set),
        inputs_(inputs),
        spec_(set.root.get("spec")),
        renderer_(go, options, inputs.budget),
        ctx_{inputs, set, "ApplicationSet " + quote_for_message(set.id.name), renderer_, {}},
        base_(EditNode::from(spec_.get("template"))),
        patch_(spec_.get("templatePatch")) {}

  AppSetExpansion run() {
    if (!spec_.get("template").is_map()) {
      note(ctx_.who + " has no template: not expanded");
      out_.complete = false;
      return std::move(out_);
    }
    for (yaml::Node entry : spec_.get("generators").elements()) {
      if (stopped_) break;
      size_t incomplete_before = incomplete_calls_;
      ++out_.generators;
      expand_entry(entry);
      if (incomplete_calls_ == incomplete_before) ++out_.generators_expanded;
    }
    drop_invalid_names();
    out_.clusters_matched = ctx_.clusters_matched;
    out_.clusters = ctx_.clusters_generators > 0;
    return std::move(out_);
  }

  // What was noted before expanding (a set Argo CD refuses as a whole).
  AppSetExpansion run_nothing() { return std::move(out_); }

  void note(const std::string& text) {
    if (noted_.insert(text).second) out_.notes.push_back(text);
  }
  void error(const std::string& text) {
    if (noted_.insert(text).second) out_.errors.push_back(text);
  }

  // The set may deploy more than was expanded: from wherever `tmpl` reaches.
  void incomplete(const EditNode& tmpl) {
    ++incomplete_calls_;
    out_.complete = false;
    for (AppSetReach& r : template_reach(tmpl, patch_, set_.id.name, inputs_.repo_for_url)) {
      if (std::find(out_.reach.begin(), out_.reach.end(), r) == out_.reach.end()) out_.reach.push_back(std::move(r));
    }
  }

 private:
  void expand_entry(yaml::Node entry) {
    if (!entry.is_map()) {
      note(ctx_.who + ": a generator that is not a map");
      incomplete(base_);
      return;
    }
    for (auto [key, node] : entry.entries()) {
      std::string kind(key.text());
      if (kind == "selector" || node.is_null()) continue;
      EditNode tmpl = EditNode::from(node.get("template"));
      merge_template(tmpl, base_);
      if (std::string why = renderer_.budget().spent(); !why.empty()) {
        stop(ctx_.who + ": not expanded further: " + why, tmpl);
        return;
      }
      GeneratorResult result = run_generator_kind(kind, node, entry.get("selector"), ctx_, 0);
      for (const std::string& problem : result.problems) {
        bool refused = std::find(result.refusals.begin(), result.refusals.end(), problem) != result.refusals.end();
        refused ? error(problem) : note(problem);
      }
      if (!result.complete()) incomplete(tmpl);
      for (const TemplateValue& params : result.params) {
        if (!within_budget(tmpl)) return;
        render_app(tmpl, params);
      }
    }
  }

  // Whether one more Application may be rendered: the set's count and the
  // run's budgets (appset_budget.h); past them, one error and the set stops.
  bool within_budget(const EditNode& tmpl) {
    const AppSetBudget& budget = renderer_.budget();
    std::string why = budget.spent();
    if (!why.empty()) {
      stop(ctx_.who + ": not expanded further: " + why, tmpl);
      return false;
    }
    if (++rendered_ > budget.limits().max_apps) {
      stop(too_many_apps(ctx_.who, budget.limits().max_apps), tmpl);
      return false;
    }
    return true;
  }

  void stop(const std::string& why, const EditNode& tmpl) {
    error(why);
    incomplete(tmpl);
    stopped_ = true;
  }

  Expected<EditNode> patched(EditNode app, const TemplateValue& params) {
    if (!patch_.is_scalar() || patch_.is_null()) return app;
    Expected<std::string> text = renderer_.render(patch_.text(), params);
    if (!text) return Error{"its templatePatch does not render: " + text.error().message};
    if (trim(*text).empty()) return app;
    Expected<EditNode> patch = parse_edit_node(*text);
    if (!patch) return Error{"its rendered templatePatch does not parse: " + patch.error().message};
    if (patch->is_null()) return app;
    if (!patch->is_map()) return Error{"its rendered templatePatch is not an object"};
    // The patch was parsed from text driftlint rendered: it points at the templatePatch.
    patch->place_at(patch_.position());
    const EditNode* spec = app.find("spec");
    const EditNode* project = spec ? spec->find("project") : nullptr;
    std::optional<EditNode> kept = project ? std::optional<EditNode>(*project) : std::nullopt;
    apply_strategic_merge(app, *patch);
    // Argo CD never lets a patch change the project.
    if (EditNode* s = app.find("spec")) {
      if (kept) s->set("project", *kept);
      else s->erase("project");
    }
    return app;
  }

  void render_app(const EditNode& tmpl, const TemplateValue& params) {
    // Argo CD renders nothing with an empty parameter set (RenderTemplateParams).
    Expected<EditNode> app = params.entries().empty() ? Expected<EditNode>(tmpl) : renderer_.render_node(tmpl, params);
    if (app && params.entries().empty()) {
      if (Status s = renderer_.charge_copy(tmpl); !s) app = s.error();
    }
    if (app) app = patched(std::move(*app), params);
    Expected<yaml::ParsedFile> built = app ? build_tree(*app) : Expected<yaml::ParsedFile>(app.error());
    if (!built && !renderer_.budget().spent().empty()) {
      stop(ctx_.who + ": not expanded further: " + renderer_.budget().spent(), tmpl);
      return;
    }
    if (!built) {
      // What Argo CD would refuse too is an error; a function this engine
      // lacks (Sprig has more) is only driftlint's limit.
      const std::string& why = built.error().message;
      bool ours = why.find("driftlint does not support") != std::string::npos || why.find("not defined") != std::string::npos;
      std::string text = ctx_.who + ": a generated Application does not render: " + why;
      ours ? note(text) : error(text);
      incomplete(tmpl);
      return;
    }
    Application a = parse_application(built->documents.front().root);
    a.ns = set_.id.ns;
    a.application_set = set_.id.name;
    a.application_set_manifest = &set_;
    a.generated_tree = built->tree;
    out_.apps.push_back(std::move(a));
  }

  void drop_invalid_names() {
    std::map<std::string, size_t> count;
    for (const Application& a : out_.apps) ++count[a.name];
    std::vector<Application> kept;
    for (Application& a : out_.apps) {
      if (a.name.empty()) {
        error(ctx_.who + ": a generated Application has no name; Argo CD creates none such");
      } else if (count[a.name] > 1) {
        error(ctx_.who + " generates " + std::to_string(count[a.name]) + " Applications named " +
             quote_for_message(a.name) + "; Argo CD creates none of them");
      } else {
        kept.push_back(std::move(a));
      }
    }
    out_.apps = std::move(kept);
  }

  const Manifest& set_;
  const AppSetInputs& inputs_;
  yaml::Node spec_;
  TemplateRenderer renderer_;
  GeneratorContext ctx_;
  EditNode base_;
  yaml::Node patch_;
  AppSetExpansion out_;
  std::set<std::string> noted_;
  uint64_t rendered_ = 0;  // Applications rendered (or tried)
  bool stopped_ = false;   // a limit was reached: nothing more is expanded
  size_t incomplete_calls_ = 0;  // generators that could not be expanded whole, so far
};

}  // namespace

AppSetExpansion expand_application_set(const Manifest& set, const AppSetInputs& inputs) {
  if (nested_deeper_than(set.root, kMaxValueDepth)) {
    // Expanding recurses over the set: past the depth values are cut at, it
    // is not tried (only a raised --max-nesting-depth lets such a set in).
    AppSetExpansion out;
    out.errors.push_back("ApplicationSet " + quote_for_message(set.id.name) + " nests deeper than " +
                         std::to_string(kMaxValueDepth) + " levels (driftlint's limit): not expanded");
    out.complete = false;
    out.reach.push_back({-1, "", set.id.name});
    return out;
  }
  yaml::Node spec = set.root.get("spec");
  bool go = spec.get("goTemplate").as_bool().value_or(false);
  std::vector<std::string> option_texts;
  for (yaml::Node o : spec.get("goTemplateOptions").elements()) option_texts.push_back(text_of(o));
  Expected<GoTemplateOptions> options = parse_go_template_options(option_texts);
  Expander expander(set, inputs, go, options ? *options : GoTemplateOptions{});
  if (!options) {
    // Go's Template.Option panics on an option it does not know: the set generates nothing.
    expander.note("ApplicationSet " + quote_for_message(set.id.name) + ": " + options.error().message);
    expander.incomplete(EditNode::from(spec.get("template")));
    return expander.run_nothing();
  }
  return expander.run();
}

}  // namespace driftlint
