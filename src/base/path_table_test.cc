#include "base/path_table.h"

#include <gtest/gtest.h>

#include <string>

namespace driftlint {
namespace {

TEST(PathTableTest, FindsEachPathsValueAndNoOtherPath) {
  PathTable<int> table;
  for (int i = 0; i < 500; ++i) ASSERT_TRUE(table.add("apps/app-" + std::to_string(i) + "/deploy.yaml", i));
  table.index();
  EXPECT_EQ(table.size(), 500u);
  for (int i = 0; i < 500; ++i) {
    const int* found = table.find("apps/app-" + std::to_string(i) + "/deploy.yaml");
    ASSERT_NE(found, nullptr) << i;
    EXPECT_EQ(*found, i);
  }
  // A prefix, an extension of one and another folder are other paths.
  for (std::string absent : {"apps/app-1", "apps/app-1/deploy.yaml.bak", "app-1/deploy.yaml", ""}) {
    EXPECT_EQ(table.find(absent), nullptr) << absent;
  }
}

TEST(PathTableTest, APathAddedTwiceFindsTheFirstAndAnEmptyTableNothing) {
  PathTable<int> table;
  ASSERT_TRUE(table.add("a.yaml", 1));
  ASSERT_TRUE(table.add("a.yaml", 2));
  table.index();
  ASSERT_NE(table.find("a.yaml"), nullptr);
  EXPECT_EQ(*table.find("a.yaml"), 1);
  PathTable<int> empty;
  EXPECT_EQ(empty.find("a.yaml"), nullptr);
  empty.index();
  EXPECT_EQ(empty.find("a.yaml"), nullptr);
}

}  // namespace
}  // namespace driftlint
