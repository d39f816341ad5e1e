// The setters of one kustomization (render/setters.h) for one object: its
// components, patches and transformers in the order kustomize applies them,
// and an Argo CD app's `kustomize:` options, located in the app's file.
#pragma once

#include <string>
#include <vector>

#include "render/closure.h"
#include "render/kustomize_origins.h"
#include "render/request.h"
#include "render/setters.h"

namespace driftlint {

// One kustomization on the way from the root to an object's resource, and
// which of its components the way enters (-1: a resource folder or the
// resource itself).
struct ChainStep {
  const KustomizationFile* k = nullptr;
  int component = -1;
};

struct SetterContext {
  yaml::Node object;      // the rendered object
  std::string base_name;  // its name before prefixes and suffixes
  const ParsedFileSource& files;
  const KustomizeClosure* closure = nullptr;
};

// The setters a kustomization on the chain adds: the components after the
// one the object came through, then its own patches and transformers.
void add_kustomization_setters(const ChainStep& step, const SetterContext& context, std::vector<Setter>& out);

// A ConfigMap or Secret generator's entry: `data.KEY` set by the literal or
// file that names KEY, the rest by the entry.
Setter generator_setter(const std::string& path, yaml::Node entry);

// The app's options (applied to the root kustomization, after its own).
void add_option_setters(const KustomizeOptions& options, const SetterContext& context, std::vector<Setter>& out);

}  // namespace driftlint
