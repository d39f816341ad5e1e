// A libgit2 object owned for one scope: `Owned<git_tree, git_tree_free> t;
// git_tree_lookup(t.out(), ...)`; freed when it goes out of scope.
#pragma once

namespace driftlint {

template <class T, void (*Free)(T*)>
struct Owned {
  T* ptr = nullptr;
  Owned() = default;
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() {
    if (ptr) Free(ptr);
  }
  T** out() { return &ptr; }
};

}  // namespace driftlint
