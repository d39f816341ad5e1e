#include "schema/validation_memo.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "base/files.h"
#include "load/parse_cache.h"
#include "yaml/tree_codec.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

std::vector<RememberedViolation> one(const std::string& message) { return {{3, 5, "spec.x", message, true}}; }

ino_t inode_of(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

class ValidationMemoTest : public ::testing::Test {
 protected:
  Workspace dir_;
  std::string file_ = dir_.path_of("validations-v1").string();
};

TEST_F(ValidationMemoTest, WhatIsWrittenIsReadBackByTheSameWriterOnly) {
  ValidationMemo memo;
  memo.remember("a", one("bad"));
  memo.remember("b", {});
  memo.write(file_, "binary 1");
  std::unique_ptr<ValidationMemo> same = ValidationMemo::read(file_, "binary 1");
  EXPECT_EQ(same->size(), 2u);
  EXPECT_EQ(same->find("a"), one("bad"));
  EXPECT_EQ(same->find("b"), std::vector<RememberedViolation>{});
  EXPECT_EQ(same->find("c"), std::nullopt);
  EXPECT_EQ(ValidationMemo::read(file_, "binary 2")->size(), 0u);  // another build may judge differently
  struct stat st;
  ASSERT_EQ(::stat(file_.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(ValidationMemo::read(dir_.path_of("none").string(), "binary 1")->size(), 0u);
}

TEST_F(ValidationMemoTest, ADamagedFileIsNotRead) {
  ValidationMemo memo;
  memo.remember("a", one("bad"));
  memo.write(file_, "w");
  Expected<std::string> text = read_regular_file(file_, 1 << 20);
  ASSERT_TRUE(text);
  for (size_t at : {size_t{0}, text->size() / 2, text->size() - 1}) {
    std::string damaged = *text;
    damaged[at] ^= 0x20;
    ASSERT_TRUE(write_file_atomically(file_, damaged));
    EXPECT_EQ(ValidationMemo::read(file_, "w")->size(), 0u) << "byte " << at;
  }
  ASSERT_TRUE(write_file_atomically(file_, text->substr(0, text->size() - 3)));
  EXPECT_EQ(ValidationMemo::read(file_, "w")->size(), 0u);
}

// A whole file (the checksum holds) whose record does not decode: that entry
// is not replayed, and what the validator then says replaces it.
TEST_F(ValidationMemoTest, ARecordThatDoesNotDecodeIsValidatedAgain) {
  std::string bytes = "driftlint-validations-v1\n";
  yaml::put_string(bytes, "w");
  yaml::put_u32(bytes, 2);
  yaml::put_string(bytes, "a");
  std::string record;
  yaml::put_u32(record, 5);  // five violations, none there
  yaml::put_string(bytes, record);
  yaml::put_string(bytes, "b");
  record.clear();
  yaml::put_u32(record, 0);
  yaml::put_string(bytes, record);
  yaml::put_u64(bytes, cache_checksum(bytes));
  ASSERT_TRUE(write_file_atomically(file_, bytes));
  std::unique_ptr<ValidationMemo> memo = ValidationMemo::read(file_, "w");
  ASSERT_EQ(memo->size(), 2u);
  EXPECT_EQ(memo->find("a"), std::nullopt);
  EXPECT_EQ(memo->find("b"), std::vector<RememberedViolation>{});  // the sound one still is
  memo->remember("a", one("validated"));
  memo->write(file_, "w");
  EXPECT_EQ(ValidationMemo::read(file_, "w")->find("a"), one("validated"));
}

TEST_F(ValidationMemoTest, RewritesOnlyWhenSomethingIsNewAndKeepsWhatOtherRunsUse) {
  ValidationMemo memo;
  memo.remember("other", one("a run over another folder"));
  memo.remember("kept", {});
  memo.write(file_, "w");
  ino_t first = inode_of(file_);

  std::unique_ptr<ValidationMemo> part = ValidationMemo::read(file_, "w");
  part->find("kept");  // a run over part of the repo
  part->write(file_, "w");
  EXPECT_EQ(inode_of(file_), first);  // nothing new: not rewritten

  std::unique_ptr<ValidationMemo> next = ValidationMemo::read(file_, "w");
  next->find("kept");
  next->remember("new", one("fresh"));
  next->write(file_, "w");
  std::unique_ptr<ValidationMemo> last = ValidationMemo::read(file_, "w");
  EXPECT_EQ(last->size(), 3u);
  EXPECT_EQ(last->find("other"), one("a run over another folder"));  // kept while the file is small
  EXPECT_EQ(last->find("new"), one("fresh"));
}

TEST_F(ValidationMemoTest, WhatNoRunUsesIsDroppedOnceItOutgrowsWhatRunsUse) {
  ValidationMemo memo;
  for (int i = 0; i < 20; ++i) memo.remember("old " + std::to_string(i), {});
  memo.remember("kept", {});
  memo.write(file_, "w");
  std::unique_ptr<ValidationMemo> next = ValidationMemo::read(file_, "w");
  next->find("kept");
  next->write(file_, "w", 10);  // 20 unused: more than 10, and than four times the 1 used
  std::unique_ptr<ValidationMemo> last = ValidationMemo::read(file_, "w");
  EXPECT_EQ(last->size(), 1u);
  EXPECT_EQ(last->find("kept"), std::vector<RememberedViolation>{});
  EXPECT_EQ(last->find("old 3"), std::nullopt);
}

TEST_F(ValidationMemoTest, KeysNameEveryPart) {
  std::string k = ValidationMemo::key("abc", 1, 2, 3, false, "kubernetes 1.35 definition x");
  EXPECT_NE(k, ValidationMemo::key("abd", 1, 2, 3, false, "kubernetes 1.35 definition x"));
  EXPECT_NE(k, ValidationMemo::key("abc", 0, 2, 3, false, "kubernetes 1.35 definition x"));
  EXPECT_NE(k, ValidationMemo::key("abc", 1, 2, 4, false, "kubernetes 1.35 definition x"));
  EXPECT_NE(k, ValidationMemo::key("abc", 1, 2, 3, true, "kubernetes 1.35 definition x"));
  EXPECT_NE(k, ValidationMemo::key("abc", 1, 2, 3, false, "kubernetes 1.36 definition x"));
  EXPECT_NE(ValidationMemo::key("a", 1, 2, 3, false, "b"), ValidationMemo::key("a", 1, 23, 0, false, "b"));
}

}  // namespace
}  // namespace driftlint
