#include "base/flat_index.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace driftlint {
namespace {

TEST(FlatIndexTest, FindsEveryItemAndNothingElseThroughCollisions) {
  std::vector<std::string> items;
  for (int i = 0; i < 300; ++i) items.push_back("item-" + std::to_string(i));
  // Every hash one of three: long probe runs, and runs that wrap past the last slot.
  auto hash = [](const std::string& s) { return static_cast<size_t>(s.size() % 3) * 1000003; };
  FlatIndex index;
  index.build(items.size(), [&](size_t i) { return hash(items[i]); });
  for (uint32_t i = 0; i < items.size(); ++i) {
    EXPECT_EQ(index.find(hash(items[i]), [&](uint32_t e) { return items[e] == items[i]; }), i) << items[i];
  }
  for (std::string absent : {"item-300", "", "x"}) {
    EXPECT_FALSE(index.find(hash(absent), [&](uint32_t e) { return items[e] == absent; })) << absent;
  }
}

// A key given twice is found as its first: ParsePack relies on it for a
// content id a pack and its delta both hold (the pack's own entry wins).
TEST(FlatIndexTest, AKeyGivenTwiceIsFoundAsItsFirst) {
  std::vector<std::string> items{"a", "b", "a", "c", "a"};
  auto hash = [](const std::string&) { return size_t{5}; };  // one probe run for all
  FlatIndex index;
  index.build(items.size(), [&](size_t i) { return hash(items[i]); });
  EXPECT_EQ(index.find(hash("a"), [&](uint32_t e) { return items[e] == "a"; }), 0u);
  EXPECT_EQ(index.find(hash("c"), [&](uint32_t e) { return items[e] == "c"; }), 3u);
}

TEST(FlatIndexTest, ItemsKeyedByTextAreFoundByTheirText) {
  std::vector<std::string> paths{"apps/a.yaml", "apps/b.yaml", "", "clusters/x/quota.yaml"};
  auto text_of = [&](size_t i) { return std::string_view(paths[i]); };
  FlatIndex index;
  index.build_by_text(paths.size(), text_of);
  for (uint32_t i = 0; i < paths.size(); ++i) EXPECT_EQ(index.find_text(paths[i], text_of), i) << paths[i];
  EXPECT_FALSE(index.find_text("apps/c.yaml", text_of));
  EXPECT_FALSE(index.find_text("apps", text_of));
}

TEST(FlatIndexTest, AnEmptyOrUnbuiltIndexFindsNothing) {
  FlatIndex unbuilt;
  EXPECT_FALSE(unbuilt.find(7, [](uint32_t) { return true; }));
  FlatIndex empty;
  empty.build(0, [](size_t) { return size_t{0}; });
  EXPECT_FALSE(empty.find(7, [](uint32_t) { return true; }));
}

}  // namespace
}  // namespace driftlint
