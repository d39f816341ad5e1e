#include "lint/base_comparison.h"

#include <string_view>
#include <unordered_map>

#include "lint/fingerprint.h"

namespace driftlint {

BaseComparison compare_with_base(std::vector<Finding>& head, const std::vector<Finding>& base) {
  BaseComparison out;
  std::vector<std::string> base_prints = open_fingerprints(base);
  std::unordered_map<std::string_view, size_t> in_base;  // an open base finding's print: how many
  for (size_t i = 0; i < base.size(); ++i) {
    if (!base[i].suppressed) ++in_base[base_prints[i]];
  }
  std::vector<std::string> head_prints = open_fingerprints(head);
  std::unordered_map<std::string_view, size_t> matched;
  for (size_t i = 0; i < head.size(); ++i) {
    Finding& f = head[i];
    if (f.suppressed) continue;
    auto it = in_base.find(head_prints[i]);
    f.existing = it != in_base.end() && matched[it->first] < it->second;
    if (f.existing) {
      ++matched[it->first];
      ++out.existing;
    } else {
      ++out.fresh;
    }
  }
  for (size_t i = 0; i < base.size(); ++i) {
    if (base[i].suppressed) continue;
    auto used = matched.find(base_prints[i]);
    if (used != matched.end() && used->second > 0) {
      --used->second;
      continue;
    }
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
