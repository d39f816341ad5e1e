// Where the fields of a rendered object were set. A kustomize or Helm build
// makes new objects out of files: a base resource, patches, components, a
// kustomization's transformers (namespace, images, replicas...). A finding
// on a rendered object is reported at the line that sets the value it is
// about, with the earlier setter as "via", so people edit the file that
// matters (the overlay's patch, not the base every environment shares).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/source_position.h"
#include "yaml/tree.h"

namespace driftlint {

// A place in a repo file (which need not be a loaded manifest file: a Helm
// template, a kustomization).
struct SourcePlace {
  uint32_t repo = 0;
  std::string path;  // repo-relative
  SourcePosition position;

  friend bool operator==(const SourcePlace& a, const SourcePlace& b) {
    return a.repo == b.repo && a.path == b.path && a.position.line == b.position.line &&
           a.position.column == b.position.column;
  }
};

// The provenance of one rendered output (every object of one build): for
// each node of the output tree, the place that set it and, when another
// place set it before (a base under a patch), that place.
class Provenance {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;

  // `repo`: the repo that was built (most places are in it).
  Provenance(std::shared_ptr<const yaml::Tree> tree, uint32_t repo) : tree_(std::move(tree)), repo_(repo) {
    nodes_.resize(tree_ ? tree_->node_count() : 0);
  }

  // Records that `node` of the output was set at `place` (after `earlier`,
  // when given).
  void set(yaml::Node node, const SourcePlace& place, const SourcePlace* earlier = nullptr);

  // Where the node's value was set; nullopt when nothing is known.
  std::optional<SourcePlace> origin(yaml::Node node) const;
  // The setter before it (the base a patch overrides), when there is one.
  std::optional<SourcePlace> earlier(yaml::Node node) const;

  // What built it ("kustomize overlays/dev") and which Argo CD apps apply it.
  std::string unit;
  std::vector<std::string> apps;

  const yaml::Tree* tree() const { return tree_.get(); }
  uint32_t repo() const { return repo_; }

 private:
  struct NodeOrigin {
    uint32_t path = kNone;
    SourcePosition position;
    uint32_t earlier_path = kNone;
    SourcePosition earlier;
  };
  uint32_t intern(uint32_t repo, const std::string& path);

  std::shared_ptr<const yaml::Tree> tree_;  // keeps the output alive as long as its objects
  uint32_t repo_;
  std::vector<std::pair<uint32_t, std::string>> paths_;  // (repo, path)
  std::vector<NodeOrigin> nodes_;
};

}  // namespace driftlint
