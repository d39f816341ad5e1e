// Values by path, flat: the paths in one buffer, the values in one vector,
// found through a FlatIndex. A node and a string per path (an unordered_map)
// made each lookup a chase through the heap and each entry fresh memory:
// git's index and a commit's blob ids are tables of tens of thousands.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/flat_index.h"

namespace driftlint {

template <class T>
class PathTable {
 public:
  void reserve(size_t entries) { entries_.reserve(entries); }

  // Adds a path and its value (a path added twice: find gives the first).
  // False, and nothing added, when the paths would pass 4 GiB.
  bool add(std::string_view path, const T& value) {
    if (path.size() > UINT32_MAX - paths_.size()) return false;
    entries_.push_back({static_cast<uint32_t>(paths_.size()), static_cast<uint32_t>(path.size()), value});
    paths_.append(path);
    return true;
  }

  // Makes what was added findable; call once, after the last add.
  void index() {
    index_.build_by_text(entries_.size(), [&](size_t i) { return path_of(entries_[i]); });
  }

  const T* find(std::string_view path) const {
    std::optional<uint32_t> i = index_.find_text(path, [&](uint32_t e) { return path_of(entries_[e]); });
    return i ? &entries_[*i].value : nullptr;
  }

  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    uint32_t at, size;  // in paths_
    T value;
  };
  std::string_view path_of(const Entry& e) const { return std::string_view(paths_).substr(e.at, e.size); }

  std::string paths_;
  std::vector<Entry> entries_;
  FlatIndex index_;
};

}  // namespace driftlint
