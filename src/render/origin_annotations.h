// kustomize's `buildMetadata: [originAnnotations]` writes, into every object
// of its output, which file it was read from. driftlint asks for it to trace
// fields to their files, then takes it out again, so the objects it judges
// and compares with the cluster are the ones Argo CD applies.
#pragma once

#include <string>
#include <vector>

namespace driftlint {

struct StrippedOutput {
  std::string text;                  // the output without the annotation
  std::vector<std::string> origins;  // per document, the annotation's text ("" when absent)
};

// Removes `config.kubernetes.io/origin` (and an `annotations:` map it leaves
// empty) from kustomize's output, which kyaml writes in one fixed layout:
//   metadata:
//     annotations:
//       config.kubernetes.io/origin: |
//         path: base/deployment.yaml
StrippedOutput strip_origin_annotations(const std::string& output);

}  // namespace driftlint
