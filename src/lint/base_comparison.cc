#include "lint/base_comparison.h"

#include <map>

#include "lint/fingerprint.h"

namespace driftlint {

namespace {

std::vector<Finding> open_findings(const std::vector<Finding>& findings) {
  std::vector<Finding> out;
  for (const Finding& f : findings) {
    if (!f.suppressed) out.push_back(f);
  }
  return out;
}

}  // namespace

BaseComparison compare_with_base(std::vector<Finding>& head, const std::vector<Finding>& base) {
  BaseComparison out;
  std::vector<Finding> base_open = open_findings(base);
  std::vector<std::string> base_prints = fingerprints(base_open);
  std::map<std::string, size_t> in_base;
  for (const std::string& p : base_prints) ++in_base[p];
  std::vector<std::string> head_prints = fingerprints(open_findings(head));
  std::map<std::string, size_t> matched;
  size_t next = 0;
  for (Finding& f : head) {
    if (f.suppressed) continue;
    const std::string& print = head_prints[next++];
    auto it = in_base.find(print);
    f.existing = it != in_base.end() && matched[print] < it->second;
    if (f.existing) {
      ++matched[print];
      ++out.existing;
    } else {
      ++out.fresh;
    }
  }
  for (size_t i = 0; i < base_open.size(); ++i) {
    size_t& used = matched[base_prints[i]];
    if (used > 0) {
      --used;
      continue;
    }
    ++out.fixed;
    out.fixed_findings.push_back(base_open[i]);
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
