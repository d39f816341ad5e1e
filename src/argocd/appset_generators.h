// The generators of an ApplicationSet, one file per family (appset_list,
// appset_clusters, appset_git, appset_matrix for matrix and merge), behind
// one entry point that does what Argo CD's generators.Transform does around
// them: a child generator rendered with its parent's parameters, the
// generator-level `selector` on the flattened parameters.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "argocd/appset.h"
#include "argocd/appset_render.h"
#include "gotemplate/template_value.h"

namespace driftlint {

// What one expansion shares between its generators.
struct GeneratorContext {
  const AppSetInputs& inputs;
  const Manifest& set;
  std::string who;  // "ApplicationSet 'name'", to begin notes with
  TemplateRenderer& renderer;
  // Trees of generators rendered with a parent's parameters, kept while the
  // generators read them.
  std::vector<std::shared_ptr<const yaml::Tree>> trees;
  size_t clusters_generators = 0, clusters_matched = 0;  // clusters generators expanded so far, and what they matched
  bool go() const { return renderer.go_template(); }
};

struct GeneratorResult {
  std::vector<TemplateValue> params;  // one map per parameter set
  // Why the result is not all Argo CD would generate (one line each).
  std::vector<std::string> problems;
  // Those of the problems Argo CD's controller would refuse the set for (an
  // invalid generator, a file that does not parse), not just driftlint's
  // limits offline.
  std::vector<std::string> refusals;
  bool complete() const { return problems.empty(); }
  void fail(std::string problem) { problems.push_back(std::move(problem)); }
  void refuse(std::string problem) {
    refusals.push_back(problem);
    problems.push_back(std::move(problem));
  }
  void absorb(GeneratorResult& other) {
    for (std::string& p : other.problems) problems.push_back(std::move(p));
    for (std::string& p : other.refusals) refusals.push_back(std::move(p));
  }
};

// The generator kinds Argo CD knows, in its order, and whether driftlint
// expands them.
bool is_generator_kind(std::string_view key);

// Runs one generator entry (a map with one generator kind and an optional
// `selector`). `parent`: the parameters a matrix's first child produced,
// rendered into this (second) child first; `depth`: 0 at the top, 1 inside
// a matrix or merge (which may nest one more matrix or merge).
GeneratorResult run_generator(yaml::Node entry, GeneratorContext& ctx, const TemplateValue* parent, int depth);

// One generator kind of a top-level entry (its own `template` is the
// caller's to merge), filtered by the entry's `selector`.
GeneratorResult run_generator_kind(std::string_view kind, yaml::Node node, yaml::Node selector, GeneratorContext& ctx,
                                   int depth);

// One generator kind's parameter sets. `node` is the value under the kind's key.
GeneratorResult list_params(yaml::Node node, GeneratorContext& ctx);
GeneratorResult cluster_params(yaml::Node node, GeneratorContext& ctx);
GeneratorResult git_params(yaml::Node node, GeneratorContext& ctx);
GeneratorResult matrix_params(yaml::Node node, GeneratorContext& ctx, int depth);
GeneratorResult merge_params(yaml::Node node, GeneratorContext& ctx, int depth);

// Argo CD's appendTemplatedValues: a generator's `values`, each rendered
// with the parameters, added as params.values (goTemplate) or "values.KEY".
void append_values(yaml::Node values, TemplateValue& params, GeneratorContext& ctx, GeneratorResult& out);

// Argo CD's flattenParameters: nested keys joined with '.', list items by
// index, leaves as fmt's %v (for selectors and merge keys of fasttemplate sets).
std::map<std::string, std::string> flatten_params(const TemplateValue& params);

// A scalar's text, or "" (for fields of generator specs).
std::string text_of(yaml::Node node);

// Whether maps and lists nest in `node` deeper than `limit` levels, found
// without recursion. Expansion recurses over sets and the files generators
// read: what --max-nesting-depth lets through beyond kMaxValueDepth is
// refused rather than risk the stack.
bool nested_deeper_than(yaml::Node node, size_t limit);

}  // namespace driftlint
