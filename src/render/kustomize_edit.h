// The root kustomization as driftlint builds it: an Argo CD app's
// `kustomize:` options applied the way Argo CD applies them (its repo server
// runs `kustomize edit set nameprefix|namesuffix|namespace|image|replicas`,
// `kustomize edit add label|annotation --force`, and appends patches and
// components), plus `buildMetadata: [originAnnotations]` so each object
// says which file it was read from. Written to the build's private copy.
#pragma once

#include <string>

#include "render/request.h"
#include "yaml/tree.h"

namespace driftlint {

// The annotation kustomize adds with originAnnotations (removed again from
// what driftlint reads).
inline constexpr const char* kOriginAnnotation = "config.kubernetes.io/origin";

// The edited kustomization as JSON text (YAML reads it).
std::string edited_kustomization(yaml::Node root, const KustomizeOptions& options);

// `kustomize edit set image` arguments: "name=new:tag", "name:tag",
// "name@sha256:...", "name=new@sha256:..." as a kustomization images entry.
struct ImageOverride {
  std::string name, new_name, new_tag, digest;
};
ImageOverride parse_image_override(const std::string& text);

}  // namespace driftlint
