// Reads hand-written YAML (driftlint.yaml, rule files) strictly: unknown
// keys, wrong types and bad RE2 patterns are errors naming file:line:col.
#pragma once

#include <re2/re2.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "base/did_you_mean.h"
#include "base/expected.h"
#include "base/strings.h"
#include "yaml/tree.h"

namespace driftlint {

class StrictReader {
 public:
  explicit StrictReader(std::string file) : file_(std::move(file)) {}

  std::string at(yaml::Node node) const { return format_place(file_, node.position()); }

  Error error(yaml::Node node, const std::string& what) const { return error_at(file_, node.position(), what); }

  // Checks that a map has only the listed keys.
  Status known_keys(yaml::Node map, const std::string& where,
                    std::initializer_list<std::string_view> allowed) const {
    for (auto [key, value] : map.entries()) {
      bool ok = false;
      for (std::string_view a : allowed) ok = ok || key.text() == a;
      if (!ok) {
        std::vector<std::string> names(allowed.begin(), allowed.end());
        std::string hint = did_you_mean(key.text(), names);
        return error(key, "unknown key " + quote_for_message(key.text()) + (where.empty() ? "" : " in " + where) +
                              (hint.empty() ? " (expected one of: " + join(names, ", ") + ")" : hint));
      }
    }
    return {};
  }

  Expected<std::string> string_value(yaml::Node node, const std::string& key) const {
    if (!node.is_scalar() || node.is_null()) return error(node, "'" + key + "' must be a string");
    // Numbers and booleans are accepted by their text: a name like `2024` is fine.
    return std::string(node.text());
  }

  Expected<std::vector<std::string>> string_list(yaml::Node node, const std::string& key) const {
    std::vector<std::string> out;
    if (node.is_scalar() && !node.is_null()) {
      out.emplace_back(node.text());
      return out;
    }
    if (!node.is_sequence()) return error(node, "'" + key + "' must be a list of strings");
    for (yaml::Node element : node.elements()) {
      auto s = string_value(element, key + "[]");
      if (!s) return s.error();
      out.push_back(std::move(*s));
    }
    return out;
  }

  Status check_regex(yaml::Node node, const std::string& pattern, const std::string& key) const {
    RE2::Options options;
    options.set_log_errors(false);
    RE2 re(pattern, options);
    if (!re.ok()) return error(node, "'" + key + "' is not a valid RE2 pattern: " + re.error());
    return {};
  }

  // A string that must also be a valid RE2 pattern.
  Expected<std::string> regex_value(yaml::Node node, const std::string& key) const {
    auto pattern = string_value(node, key);
    if (!pattern) return pattern;
    if (Status s = check_regex(node, *pattern, key); !s) return s.error();
    return pattern;
  }

  // The optional_* readers read map[key] into `target` when the key is there;
  // an absent key leaves `target` as it was (its default). Messages name the
  // key as `label`, or as the key itself when `label` is empty.
  // Target: std::string or std::optional<std::string>.
  template <class Target>
  Status optional_string(yaml::Node map, std::string_view key, Target& target,
                         const std::string& label = {}) const {
    return read_optional(map, key, label, target, &StrictReader::string_value);
  }

  // true or false, nothing else ("yes" is a string in YAML 1.2).
  Expected<bool> bool_value(yaml::Node node, const std::string& key) const {
    if (std::optional<bool> value = node.as_bool()) return *value;
    return error(node, "'" + key + "' must be true or false");
  }

  Status optional_bool(yaml::Node map, std::string_view key, bool& target, const std::string& label = {}) const {
    return read_optional(map, key, label, target, &StrictReader::bool_value);
  }

  Status optional_regex(yaml::Node map, std::string_view key, std::string& target,
                        const std::string& label = {}) const {
    return read_optional(map, key, label, target, &StrictReader::regex_value);
  }

  Status optional_string_list(yaml::Node map, std::string_view key, std::vector<std::string>& target,
                              const std::string& label = {}) const {
    return read_optional(map, key, label, target, &StrictReader::string_list);
  }

  const std::string& file() const { return file_; }

 private:
  template <class Target, class Value>
  Status read_optional(yaml::Node map, std::string_view key, const std::string& label, Target& target,
                       Expected<Value> (StrictReader::*read)(yaml::Node, const std::string&) const) const {
    yaml::Node node = map.get(key);
    if (!node) return {};
    Expected<Value> value = (this->*read)(node, label.empty() ? std::string(key) : label);
    if (!value) return value.error();
    target = std::move(*value);
    return {};
  }

  std::string file_;
};

}  // namespace driftlint
