// Errors as values: a result carries either a value or an Error whose message
// already says where and what ("file:3:5: unknown key 'x'").
#pragma once

#include <string>
#include <utility>
#include <variant>

#include "base/source_position.h"

namespace driftlint {

struct Error {
  Error() = default;
  Error(std::string message) : message(std::move(message)) {}  // NOLINT: implicit by design
  Error(std::string message, std::string file, SourcePosition position)
      : message(std::move(message)), file(std::move(file)), position(position) {}

  std::string message;  // the one line a user reads, place first when it has one
  std::string file;     // the file it is about, when it is about one
  SourcePosition position;
};

// An error about a place in a file: "file:3:5: what".
inline Error error_at(std::string file, SourcePosition position, const std::string& what) {
  std::string message = format_place(file, position) + ": " + what;
  return Error{std::move(message), std::move(file), position};
}

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
