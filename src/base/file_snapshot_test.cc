#include "base/file_snapshot.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class FileSnapshotTest : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = fs::temp_directory_path() / ("driftlint-snapshot-" + std::to_string(getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    // A megabyte: many pages, and more than one huge page.
    for (int i = 0; i < 100000; ++i) text_ += "line " + std::to_string(i) + "\n";
    std::ofstream(file_, std::ios::binary) << text_;
  }
  void TearDown() override { fs::remove(file_); }

  std::shared_ptr<const FileSnapshot> take(FileSnapshot::Mode mode = FileSnapshot::Mode::MapUnderLease) {
    auto snapshot = FileSnapshot::take(::open(file_.c_str(), O_RDONLY | O_CLOEXEC), mode);
    EXPECT_TRUE(snapshot) << snapshot.error().message;
    return snapshot ? *snapshot : nullptr;
  }

  fs::path file_;
  std::string text_;
};

TEST_F(FileSnapshotTest, KeepsItsBytesWhenTheFileIsTruncatedInPlace) {
  auto snapshot = take();
  ASSERT_TRUE(snapshot);
  bool mapped = !snapshot->is_private_copy();
  ASSERT_EQ(::truncate(file_.c_str(), static_cast<off_t>(text_.size() / 2)), 0);
  EXPECT_EQ(snapshot->bytes(), text_);  // a mapping would raise SIGBUS here
  EXPECT_TRUE(snapshot->is_private_copy());
  ASSERT_EQ(::truncate(file_.c_str(), 0), 0);
  EXPECT_EQ(snapshot->bytes(), text_);
  if (!mapped) GTEST_SKIP() << "no lease on " << file_ << ": the snapshot was a copy from the start";
}

TEST_F(FileSnapshotTest, KeepsItsBytesWhenTheFileIsRewrittenInPlace) {
  auto snapshot = take();
  ASSERT_TRUE(snapshot);
  {
    std::ofstream out(file_, std::ios::binary | std::ios::trunc);  // what `cp new.pack old.pack` does
    out << std::string(text_.size(), 'x');
  }
  EXPECT_EQ(snapshot->bytes(), text_);
  int fd = ::open(file_.c_str(), O_WRONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(::pwrite(fd, "yyyy", 4, 0), 4);
  ::close(fd);
  EXPECT_EQ(snapshot->bytes(), text_);
}

TEST_F(FileSnapshotTest, AReplacementByRenameNeedsNoCopy) {
  auto snapshot = take();
  ASSERT_TRUE(snapshot);
  bool mapped = !snapshot->is_private_copy();
  fs::path other = file_.string() + ".new";
  std::ofstream(other, std::ios::binary) << "new";
  fs::rename(other, file_);
  EXPECT_EQ(snapshot->bytes(), text_);  // the old file lives on, unnamed, while mapped
  EXPECT_EQ(snapshot->is_private_copy(), !mapped);
}

// SIGIO does not queue: two leases broken at once arrive as one signal, and
// neither may be missed (the writer would wait 45 s, then the pages go).
TEST_F(FileSnapshotTest, TwoSnapshotsOfOneFileLetTheWriterGoAtOnce) {
  auto a = take();
  auto b = take();
  ASSERT_TRUE(a && b);
  auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(::truncate(file_.c_str(), 0), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_EQ(a->bytes(), text_);
  EXPECT_EQ(b->bytes(), text_);
  EXPECT_TRUE(a->is_private_copy() && b->is_private_copy());
}

TEST_F(FileSnapshotTest, ACopyKeepsItsBytesToo) {
  auto snapshot = take(FileSnapshot::Mode::Copy);
  ASSERT_TRUE(snapshot);
  EXPECT_TRUE(snapshot->is_private_copy());
  ASSERT_EQ(::truncate(file_.c_str(), 0), 0);
  EXPECT_EQ(snapshot->bytes(), text_);
}

TEST_F(FileSnapshotTest, ManySnapshotsAtOnceAreFine) {
  text_.resize(10000);
  std::ofstream(file_, std::ios::binary | std::ios::trunc) << text_;
  std::vector<std::shared_ptr<const FileSnapshot>> all;
  for (int i = 0; i < 70; ++i) all.push_back(take());  // more than there are lease slots: the rest copy
  ASSERT_EQ(::truncate(file_.c_str(), 1), 0);
  for (const auto& s : all) {
    ASSERT_TRUE(s);
    EXPECT_EQ(s->bytes().size(), text_.size());
    EXPECT_TRUE(s->bytes() == text_);
  }
}

TEST_F(FileSnapshotTest, AnEmptyFileIsAnError) {
  std::ofstream(file_, std::ios::trunc).close();
  for (auto mode : {FileSnapshot::Mode::MapUnderLease, FileSnapshot::Mode::Copy}) {
    auto snapshot = FileSnapshot::take(::open(file_.c_str(), O_RDONLY | O_CLOEXEC), mode);
    ASSERT_FALSE(snapshot);
    EXPECT_EQ(snapshot.error().message, "empty");
  }
}

}  // namespace
}  // namespace driftlint
