// A value that is almost always absent (a file's parse error, its first
// template action): std::optional's use in one pointer's room. An optional
// holds its value's bytes in every object that has one, 40 to 48 bytes a
// file at 14,000 files; this holds them only where there is a value.
#pragma once

#include <memory>
#include <optional>
#include <utility>

namespace driftlint {

template <class T>
class Rare {
 public:
  Rare() = default;
  Rare(std::nullopt_t) {}  // NOLINT: as std::optional
  Rare(T value) : value_(std::make_unique<T>(std::move(value))) {}  // NOLINT: as std::optional
  Rare(std::optional<T> value) {  // NOLINT: as std::optional
    if (value) value_ = std::make_unique<T>(std::move(*value));
  }
  Rare(const Rare& other) : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
  Rare(Rare&&) noexcept = default;
  Rare& operator=(const Rare& other) {
    if (this != &other) value_ = other.value_ ? std::make_unique<T>(*other.value_) : nullptr;
    return *this;
  }
  Rare& operator=(Rare&&) noexcept = default;
  ~Rare() = default;

  bool has_value() const { return value_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  const T& operator*() const { return *value_; }
  T& operator*() { return *value_; }
  const T* operator->() const { return value_.get(); }
  T* operator->() { return value_.get(); }
  void reset() { value_.reset(); }

 private:
  std::unique_ptr<T> value_;
};

}  // namespace driftlint
