#include "model/provenance.h"

namespace driftlint {

uint32_t Provenance::intern(uint32_t repo, const std::string& path) {
  // Nodes are set in document order, mostly from one file at a time.
  if (!paths_.empty() && paths_.back().first == repo && paths_.back().second == path) {
    return static_cast<uint32_t>(paths_.size() - 1);
  }
  for (uint32_t i = 0; i < paths_.size(); ++i) {
    if (paths_[i].first == repo && paths_[i].second == path) return i;
  }
  paths_.emplace_back(repo, path);
  return static_cast<uint32_t>(paths_.size() - 1);
}

void Provenance::set(yaml::Node node, const SourcePlace& place, const SourcePlace* earlier) {
  if (node.tree() != tree_.get() || node.id() >= nodes_.size()) return;
  NodeOrigin& o = nodes_[node.id()];
  o.path = intern(place.repo, place.path);
  o.position = place.position;
  if (earlier) {
    o.earlier_path = intern(earlier->repo, earlier->path);
    o.earlier = earlier->position;
  }
}

std::optional<SourcePlace> Provenance::origin(yaml::Node node) const {
  if (node.tree() != tree_.get() || node.id() >= nodes_.size()) return std::nullopt;
  const NodeOrigin& o = nodes_[node.id()];
  if (o.path == kNone) return std::nullopt;
  return SourcePlace{paths_[o.path].first, paths_[o.path].second, o.position};
}

std::optional<SourcePlace> Provenance::earlier(yaml::Node node) const {
  if (node.tree() != tree_.get() || node.id() >= nodes_.size()) return std::nullopt;
  const NodeOrigin& o = nodes_[node.id()];
  if (o.earlier_path == kNone) return std::nullopt;
  return SourcePlace{paths_[o.earlier_path].first, paths_[o.earlier_path].second, o.earlier};
}

}  // namespace driftlint
