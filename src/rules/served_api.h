// Whether the chosen Kubernetes release serves a built-in kind at the
// apiVersion a manifest names, from the bundled API schemas of 1.34-1.36
// (schemas/kubernetes: which kinds each release serves at which versions).
#pragma once

#include <optional>
#include <string>

#include "model/manifest.h"
#include "schema/kubernetes_schemas.h"

namespace driftlint {

// Why `chosen` does not serve the object's apiVersion for its kind ("not
// served by Kubernetes 1.36 (removed in Kubernetes 1.35); use
// storagemigration.k8s.io/v1beta1"), or nullopt when it serves it or when no
// bundled release serves the kind in that group at any version (not a
// Kubernetes kind: a custom resource, OpenShift's legacy `v1 BuildConfig`).
std::optional<std::string> unserved_api(const KubernetesSchemas& chosen, const ObjectIdentity& id);

}  // namespace driftlint
