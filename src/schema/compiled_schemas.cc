#include "schema/compiled_schemas.h"

namespace driftlint {

CompiledSchemas::Outcome CompiledSchemas::get(const std::string& gvk, const std::string& identity,
                                              bool preserve_unknown_fields, const std::function<Outcome()>& compile) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto key = std::make_tuple(gvk, identity, preserve_unknown_fields);
  auto it = done_.find(key);
  if (it == done_.end()) it = done_.emplace(std::move(key), compile()).first;
  return it->second;
}

}  // namespace driftlint
