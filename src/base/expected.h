// Errors as values: a result carries either a value or an Error whose message
// already says where and what ("file:3:5: unknown key 'x'").
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace driftlint {

struct Error {
  std::string message;
};

template <class T>
class Expected {
 public:
  Expected(T value) : state_(std::move(value)) {}          // NOLINT: implicit by design
  Expected(Error error) : state_(std::move(error)) {}      // NOLINT: implicit by design

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

// For operations that return nothing but may fail.
class Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), ok_(false) {}  // NOLINT
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const { return error_; }

 private:
  Error error_;
  bool ok_ = true;
};

}  // namespace driftlint
