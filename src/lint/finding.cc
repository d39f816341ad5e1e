#include "lint/finding.h"

#include <tuple>

namespace driftlint {

bool finding_less(const Finding& a, const Finding& b) {
  auto key = [](const Finding& f) {
    return std::make_tuple(f.repo.has_value(), f.repo ? std::string_view(*f.repo) : "",
                           f.path.has_value(), f.path ? std::string_view(*f.path) : "", f.line,
                           f.column, std::string_view(f.rule), std::string_view(f.message));
  };
  return key(a) < key(b);
}

}  // namespace driftlint
