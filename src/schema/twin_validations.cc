#include "schema/twin_validations.h"

#include <functional>

#include "load/load_index.h"

namespace driftlint {

TwinValidations::TwinValidations(const LoadResult& base, const LoadResult& head)
    : base_(base.manifests),
      head_(head.manifests),
      head_of_base_(base.manifests.size(), kNone),
      slots_(std::make_unique<Slot[]>(head.manifests.size())) {
  const LoadIndex& base_index = base.index();
  const LoadIndex& head_index = head.index();
  for (uint32_t b = 0; b < base.taken_from.size(); ++b) {
    if (base.taken_from[b] == LoadResult::kNotTaken) continue;
    auto [b0, b1] = base_index.manifests_of(b);
    auto [h0, h1] = head_index.manifests_of(base.taken_from[b]);
    if (b1 - b0 != h1 - h0) continue;  // the same bytes make the same objects; never paired otherwise
    for (uint32_t k = 0; k < b1 - b0; ++k) {
      if (base_[b0 + k].document != head_[h0 + k].document) continue;
      head_of_base_[b0 + k] = h0 + k;
      ++twins_;
    }
  }
}

const std::string& TwinValidations::intern(std::string_view identity) {
  std::lock_guard<std::mutex> lock(identities_mutex_);
  auto it = identities_.find(identity);
  if (it == identities_.end()) it = identities_.emplace(identity).first;
  return *it;
}

uint32_t TwinValidations::index_in(const std::vector<Manifest>& manifests, const Manifest& m) {
  // Compared as the standard allows for pointers that may be into another array.
  std::less<const Manifest*> before;
  if (manifests.empty() || before(&m, manifests.data()) || !before(&m, manifests.data() + manifests.size())) {
    return kNone;
  }
  return static_cast<uint32_t>(&m - manifests.data());
}

bool TwinValidations::has_twin(const Manifest& base_manifest) const {
  uint32_t b = index_in(base_, base_manifest);
  return b != kNone && head_of_base_[b] != kNone;
}

void TwinValidations::remember(const Manifest& base_manifest, bool partial, std::string_view schema_identity,
                               std::vector<RememberedViolation> violations) {
  uint32_t b = index_in(base_, base_manifest);
  if (b == kNone || head_of_base_[b] == kNone) return;
  Slot& slot = slots_[head_of_base_[b]];
  bool free = false;
  if (!slot.taken.compare_exchange_strong(free, true)) return;
  slot.partial = partial;
  slot.identity = &intern(schema_identity);
  slot.violations = std::move(violations);
}

const std::vector<RememberedViolation>* TwinValidations::find(const Manifest& head_manifest, bool partial,
                                                              std::string_view schema_identity) const {
  uint32_t h = index_in(head_, head_manifest);
  if (h == kNone) return nullptr;
  const Slot& slot = slots_[h];
  if (!slot.taken.load() || slot.partial != partial || *slot.identity != schema_identity) {
    return nullptr;
  }
  return &slot.violations;
}

}  // namespace driftlint
