// Ownership and order between apps, read from what they render: one object
// rendered by two apps, a Namespace one app owns while others deploy into
// it, a custom resource whose CRD another app deploys, and sync waves on
// child Applications that cannot gate. The plan reports them as issues, and
// the check rules shared-resource, namespace-owner, crd-in-other-app and
// app-wave-ungated as findings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "argocd/model.h"

namespace driftlint {

struct SharedObject {
  std::string key;
  std::vector<const DesiredObject*> copies;  // one per app, in app-name order
};
// Objects two or more apps render (Skip objects and unnamed hooks left out).
std::vector<SharedObject> shared_objects(const ArgoModel& model);

struct NamespaceOwner {
  const DesiredObject* ns = nullptr;             // the Namespace object an app renders
  std::vector<const DesiredObject*> dependents;  // other apps' objects in that namespace
};
std::vector<NamespaceOwner> owned_namespaces(const ArgoModel& model);

struct CrdInOtherApp {
  const DesiredObject* resource = nullptr;  // a custom resource
  const DesiredObject* crd = nullptr;       // its CRD, which only other apps render
};
// Custom resources whose CRD only other apps render, without
// SkipDryRunOnMissingResource on the resource or its app.
std::vector<CrdInOtherApp> crds_in_other_apps(const ArgoModel& model);

struct UngatedWaves {
  uint32_t parent = 0;                     // the app that renders the Applications
  std::vector<const DesiredObject*> apps;  // its Application objects with a sync wave
  std::string argocd_cm;                   // where argocd-cm was read, "" when found nowhere
};
// Parents that order child Applications with sync waves while argocd-cm
// has no health check for argoproj.io/Application (removed in Argo CD 1.8),
// so that each wave counts as healthy at once.
std::vector<UngatedWaves> ungated_app_waves(const ArgoModel& model, const LoadResult& load, const Snapshot* snapshot);

}  // namespace driftlint
