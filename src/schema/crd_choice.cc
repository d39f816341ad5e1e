#include "schema/crd_choice.h"

#include <map>

#include <nlohmann/json.hpp>

#include "schema/kubernetes_schemas.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

struct Copy {
  const Manifest* manifest = nullptr;
  bool deployed = false;
  std::string newest;  // its newest served version
};

std::string newest_served(yaml::Node spec) {
  std::string newest;
  for (yaml::Node v : spec.get("versions").elements()) {
    if (v.get("served").as_bool() == false) continue;
    std::string name(v.get("name").text());
    if (newest.empty() || kube_version_before(name, newest)) newest = name;
  }
  return newest.empty() ? std::string(spec.get("version").text()) : newest;
}

// Whether `a` is chosen over `b`, which comes earlier in path order.
bool wins_over(const Copy& a, const Copy& b) {
  if (a.deployed != b.deployed) return a.deployed;
  if (a.newest != b.newest) return kube_version_before(a.newest, b.newest);
  return true;  // the last in path order, as before any choice was made
}

std::string why(const Copy& used, const Copy& other) {
  if (used.deployed != other.deployed) return "it is the one an app or a root build deploys";
  if (used.newest != other.newest) return "it serves the newer version " + used.newest;
  return "it is the later in path order";
}

std::string place(const LoadResult& load, const Manifest& m) {
  const LoadedFile& file = load.file_of(m);
  return load.repo_name(file.repo) + "/" + file.path;
}

bool same_schemas(const Manifest& a, const Manifest& b) {
  yaml::Node sa = a.root.get("spec"), sb = b.root.get("spec");
  return yaml::to_json(sa.get("versions"), 256) == yaml::to_json(sb.get("versions"), 256) &&
         yaml::to_json(sa.get("validation"), 256) == yaml::to_json(sb.get("validation"), 256);
}

}  // namespace

CrdChoice choose_crds(const LoadResult& load, const std::vector<bool>* deployed) {
  std::map<std::string, std::vector<Copy>> copies;  // by group/kind
  std::vector<std::string> order;
  for (const Manifest& m : load.manifests) {
    if (m.id.kind != "CustomResourceDefinition" || m.id.group != "apiextensions.k8s.io") continue;
    yaml::Node spec = m.root.get("spec");
    std::string key = std::string(spec.get("group").text()) + "/" + std::string(spec.path({"names", "kind"}).text());
    bool is_deployed = deployed && m.file < deployed->size() && (*deployed)[m.file];
    std::vector<Copy>& list = copies[key];
    if (list.empty()) order.push_back(key);
    list.push_back({&m, is_deployed, newest_served(spec)});
  }
  CrdChoice out;
  for (const std::string& key : order) {
    const std::vector<Copy>& list = copies[key];
    size_t used = 0;
    for (size_t i = 1; i < list.size(); ++i) {
      if (wins_over(list[i], list[used])) used = i;
    }
    out.chosen.push_back(list[used].manifest);
    for (size_t i = 0; i < list.size(); ++i) {
      if (i == used || same_schemas(*list[i].manifest, *list[used].manifest)) continue;
      out.notes.push_back("CRD " + list[used].manifest->id.name + " is defined with different schemas in " +
                          place(load, *list[used].manifest) + " and " + place(load, *list[i].manifest) +
                          ": the schema of " + place(load, *list[used].manifest) + " is used, as " +
                          why(list[used], list[i]));
    }
  }
  return out;
}

}  // namespace driftlint
