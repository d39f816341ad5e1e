#include "lint/known_objects.h"

#include <unordered_set>

#include "snapshot/snapshot.h"

namespace driftlint {

std::vector<KnownObject> known_objects(const LintContext& context,
                                       const std::function<bool(const ObjectIdentity&)>& wanted) {
  std::vector<KnownObject> out;
  std::unordered_set<std::string> in_repos;
  for (const Manifest* m : context.objects) {
    if (!wanted(m->id)) continue;
    out.push_back({m, false});
    in_repos.insert(object_key(m->id));
  }
  if (context.snapshot) {
    for (const Manifest& m : context.snapshot->objects) {
      if (wanted(m.id) && !in_repos.count(object_key(m.id))) out.push_back({&m, true});
    }
  }
  return out;
}

}  // namespace driftlint
