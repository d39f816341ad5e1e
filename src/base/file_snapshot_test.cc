#include "base/file_snapshot.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class FileSnapshotTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // A megabyte: many pages, and more than one huge page.
    for (int i = 0; i < 100000; ++i) text_ += "line " + std::to_string(i) + "\n";
    write_whole_file(file_, text_);
  }

  std::shared_ptr<const FileSnapshot> take(FileSnapshot::Mode mode = FileSnapshot::Mode::MapUnderLease) {
    auto snapshot = FileSnapshot::take(::open(file_.c_str(), O_RDONLY | O_CLOEXEC), mode);
    EXPECT_TRUE(snapshot) << snapshot.error().message;
    return snapshot ? *snapshot : nullptr;
  }

  Workspace workspace_;
  fs::path file_ = workspace_.path_of("snapshot.txt");
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

// The thread that took the lease is the one the kernel would tell of its
// break; a pack opened by a worker outlives the worker.
TEST_F(FileSnapshotTest, ASnapshotTakenOnAThreadThatEndedKeepsItsBytes) {
  std::shared_ptr<const FileSnapshot> snapshot;
  std::thread([&] { snapshot = take(); }).join();
  ASSERT_TRUE(snapshot);
  bool mapped = !snapshot->is_private_copy();
  auto started = std::chrono::steady_clock::now();
  ASSERT_EQ(::truncate(file_.c_str(), 0), 0);  // waits for the lease (45 s if nobody hears of its break)
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  EXPECT_EQ(snapshot->bytes(), text_);  // a mapping would raise SIGBUS here
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
  write_whole_file(other, "new");
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
  write_whole_file(file_, text_);
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
  write_whole_file(file_, "");
  for (auto mode : {FileSnapshot::Mode::MapUnderLease, FileSnapshot::Mode::Copy}) {
    auto snapshot = FileSnapshot::take(::open(file_.c_str(), O_RDONLY | O_CLOEXEC), mode);
    ASSERT_FALSE(snapshot);
    EXPECT_EQ(snapshot.error().message, "empty");
  }
}

}  // namespace
}  // namespace driftlint
