#include "lint/base_comparison.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

Finding quota(const std::string& ns) {
  Finding f;
  f.rule = "namespace-gpu-quota";
  f.repo = "infra";
  f.path = "quotas/" + ns + ".yaml";
  f.line = 3;
  f.object = ObjectRef{"v1", "ResourceQuota", ns, "gpus"};
  f.message = "ResourceQuota " + ns + "/gpus caps GPUs for the whole namespace";
  return f;
}

Finding suppressed(Finding f) {
  f.suppressed = true;
  return f;
}

// Alike findings are told apart by their order (fingerprints number them):
// two in the base and three in the head leave one new.
TEST(BaseComparisonTest, AlikeFindingsCountOneForOne) {
  std::vector<Finding> base = {quota("a"), quota("a"), quota("gone")};
  std::vector<Finding> head = {quota("a"), quota("b"), quota("a"), quota("a")};
  BaseComparison c = compare_with_base(head, base);
  EXPECT_EQ(c.existing, 2u);
  EXPECT_EQ(c.fresh, 2u);  // b, and the third a
  EXPECT_EQ(c.fixed, 1u);
  ASSERT_EQ(c.fixed_findings.size(), 1u);
  EXPECT_EQ(c.fixed_findings[0].object->ns, "gone");
  std::vector<bool> existing;
  for (const Finding& f : head) existing.push_back(f.existing);
  EXPECT_EQ(existing, (std::vector<bool>{true, false, true, false}));
}

TEST(BaseComparisonTest, ASuppressedFindingIsNeitherNewNorFixed) {
  std::vector<Finding> base = {suppressed(quota("a")), quota("b")};
  std::vector<Finding> head = {suppressed(quota("b")), quota("a")};
  BaseComparison c = compare_with_base(head, base);
  EXPECT_EQ(c.fresh, 1u);  // a: suppressed in the base, open now
  EXPECT_EQ(c.existing, 0u);
  EXPECT_EQ(c.fixed, 1u);  // b: open in the base, suppressed now
  EXPECT_FALSE(head[0].existing);
  EXPECT_FALSE(head[1].existing);
}

TEST(BaseComparisonTest, KeepsTheNewFindingsUnlessAskedForAll) {
  std::vector<Finding> base = {quota("a")};
  std::vector<Finding> head = {quota("a"), quota("b"), suppressed(quota("c"))};
  compare_with_base(head, base);
  std::vector<Finding> all = head;
  keep_new_findings(all, true);
  EXPECT_EQ(all.size(), 3u);
  keep_new_findings(head, false);
  ASSERT_EQ(head.size(), 2u);
  EXPECT_EQ(head[0].object->ns, "b");
  EXPECT_EQ(head[1].object->ns, "c");
}

}  // namespace
}  // namespace driftlint
