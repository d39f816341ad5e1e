#include "lint/base_comparison.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "lint/fingerprint.h"

namespace driftlint {

BaseComparison compare_with_base(std::vector<Finding>& head, const std::vector<Finding>& base) {
  BaseComparison out;
  // Each side's open prints are unlike one another (open_fingerprints numbers
  // the repeats), so a print is in the base or not, and matches once.
  std::vector<std::string> base_prints = open_fingerprints(base);
  std::vector<std::pair<std::string_view, size_t>> in_base;  // an open base finding's print, its position
  in_base.reserve(base.size());
  for (size_t i = 0; i < base.size(); ++i) {
    if (!base[i].suppressed) in_base.emplace_back(base_prints[i], i);
  }
  std::sort(in_base.begin(), in_base.end());
  std::vector<bool> matched(base.size(), false);
  std::vector<std::string> head_prints = open_fingerprints(head);
  for (size_t i = 0; i < head.size(); ++i) {
    Finding& f = head[i];
    if (f.suppressed) continue;
    auto it = std::lower_bound(in_base.begin(), in_base.end(), std::pair<std::string_view, size_t>(head_prints[i], 0));
    // (A print is matched once at most: `matched` only guards what the numbering ensures.)
    f.existing = it != in_base.end() && it->first == head_prints[i] && !matched[it->second];
    if (f.existing) {
      matched[it->second] = true;
      ++out.existing;
    } else {
      ++out.fresh;
    }
  }
  for (size_t i = 0; i < base.size(); ++i) {
    if (base[i].suppressed || matched[i]) continue;
    ++out.fixed;
    out.fixed_findings.push_back(base[i]);
  }
  return out;
}

void keep_new_findings(std::vector<Finding>& findings, bool show_existing) {
  if (show_existing) return;
  std::vector<Finding> kept;
  for (Finding& f : findings) {
    if (!f.existing) kept.push_back(std::move(f));
  }
  findings = std::move(kept);
}

}  // namespace driftlint
