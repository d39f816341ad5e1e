// The transformers of a kustomization as setters that claim the fields they
// write: namespace, namePrefix and nameSuffix, commonLabels and labels,
// commonAnnotations, replicas and images; and the same written by an Argo CD
// app's `kustomize:` options.
#pragma once

#include <string>
#include <vector>

#include "render/closure.h"
#include "render/request.h"
#include "render/setters.h"

namespace driftlint {

void add_name_transformers(const KustomizationFile& k, std::vector<Setter>& out);
void add_metadata_transformers(const KustomizationFile& k, std::vector<Setter>& out);
void add_replica_and_image_transformers(const KustomizationFile& k, const std::string& base_name,
                                        std::vector<Setter>& out);

}  // namespace driftlint
