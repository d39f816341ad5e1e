// The values ApplicationSet generators hand their templates, held the way
// Argo CD holds them after json.Unmarshal: nil, bool, float64 (every JSON
// number), string, []any and map[string]any. Numbers a Go template writes
// itself (`index .path.segments 1`) and functions like `len` return are Go
// ints, so Int is kept apart from Float; Missing is Go's invalid
// reflect.Value (a map key that is not there), which prints "<no value>".
//
// Maps have reference semantics, as Go maps do: copying a value shares its
// map, and Sprig's `set` changes it for every holder.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/tree.h"

namespace driftlint {

class TemplateValue {
 public:
  enum class Kind : uint8_t { Missing, Null, Bool, Int, Float, String, List, Map };
  using List = std::vector<TemplateValue>;
  using Map = std::map<std::string, TemplateValue, std::less<>>;

  TemplateValue() = default;  // Missing
  static TemplateValue null();
  static TemplateValue boolean(bool value);
  static TemplateValue integer(int64_t value);
  static TemplateValue number(double value);
  static TemplateValue string(std::string value);
  static TemplateValue list(List items = {});
  static TemplateValue map(Map entries = {});

  Kind kind() const { return kind_; }
  bool is(Kind k) const { return kind_ == k; }
  bool is_missing() const { return kind_ == Kind::Missing; }
  // Missing or Null: what Go calls nil or invalid.
  bool is_nil() const { return kind_ == Kind::Missing || kind_ == Kind::Null; }
  bool is_number() const { return kind_ == Kind::Int || kind_ == Kind::Float; }

  bool as_bool() const { return bool_; }
  int64_t as_int() const { return int_; }
  double as_float() const { return kind_ == Kind::Int ? static_cast<double>(int_) : float_; }
  const std::string& str() const;
  // The list's items (empty for other kinds).
  const List& items() const;
  // The map's entries (empty for other kinds).
  const Map& entries() const;
  // The map itself, to change it for every holder (Sprig's set, unset,
  // merge); nullptr for other kinds.
  Map* shared_map() const { return map_.get(); }
  // A map entry, or nullptr.
  const TemplateValue* find(std::string_view key) const;

  // An independent copy (Sprig's deepCopy; generators that must not share).
  TemplateValue deep_copy() const;

 private:
  Kind kind_ = Kind::Missing;
  bool bool_ = false;
  int64_t int_ = 0;
  double float_ = 0;
  // Strings are shared (a copy costs nothing) and never changed; lists and
  // maps are freed without recursion (values nested 100,000 deep do not
  // overflow the stack).
  std::shared_ptr<const std::string> string_;
  std::shared_ptr<List> list_;
  std::shared_ptr<Map> map_;
};

// Values nested deeper than this print, encode and compare as if cut there
// (YAML input is bounded by the parser's depth limit; templates could build more).
inline constexpr int kMaxValueDepth = 1000;

// Go's name for the value's dynamic type ("string", "float64",
// "map[string]interface {}"), for error messages as Go writes them.
std::string go_type_name(const TemplateValue& value);

// fmt's %v: what a template prints for a value ("<no value>" for Missing,
// "<nil>" for Null, 1e+06 for a million as float64, map[a:1 b:x]).
std::string go_format(const TemplateValue& value);

// Go's %v for a float64 (strconv 'g', shortest, exponent from 1e+06 and below 1e-04).
std::string go_format_float(double value);

// text/template's truth: false, 0, "", nil and empty lists and maps are false.
bool go_truth(const TemplateValue& value);

// Sprig's `empty`: the same as not go_truth.
inline bool sprig_empty(const TemplateValue& value) { return !go_truth(value); }

// A YAML node as json.Unmarshal into `any` would hold it (numbers become
// float64, keys strings). Depth is bounded by the parser's limits.
TemplateValue template_value_from_yaml(yaml::Node node);

// Whether two values are equal as Go's reflect.DeepEqual sees them
// (mergeKeys, uniq, has).
bool deep_equal(const TemplateValue& a, const TemplateValue& b);

}  // namespace driftlint
