// The rendered diff of a change: for every Argo CD app, the objects it
// applies at the base and at the head (rendered as Argo CD renders them),
// compared object by object and field by field. What a reviewer of a pull
// request wants to see, offline: argocd-diff-preview's answer without a
// cluster. Secret data is never shown, only that it changed.
#pragma once

#include <string>
#include <vector>

#include "argocd/model.h"

namespace driftlint {

struct FieldChange {
  enum class Kind { Added, Removed, Changed };
  Kind kind = Kind::Changed;
  std::string path;  // "spec.replicas"
  std::string before, after;  // as messages show values; "" where absent
};

struct ObjectChange {
  enum class Kind { Added, Removed, Changed };
  Kind kind = Kind::Changed;
  std::string object;  // "Deployment serving/model-server"
  std::vector<FieldChange> fields;  // Changed only
  std::string before_yaml, after_yaml;  // "" where absent; Secret values masked
};

struct AppChange {
  enum class Kind { Added, Removed, Moved, Changed };
  Kind kind = Kind::Changed;
  std::string app;
  std::string before_source, after_source;  // "repo path" of each source, where it exists
  std::vector<ObjectChange> objects;        // sorted by object
  std::vector<std::string> notes;           // what was not rendered on either side
};

struct RenderedDiff {
  std::vector<AppChange> apps;  // the apps whose output or sources changed, by name
  size_t unchanged = 0;         // apps whose output did not change
};

RenderedDiff diff_apps(const ArgoModel& base, const LoadResult& base_load, const ArgoModel& head,
                       const LoadResult& head_load);

}  // namespace driftlint
