#include "rules/declarative.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/embedded_files.h"
#include "base/files.h"
#include "config/config_discovery.h"
#include "drift/diff.h"
#include "model/quantity.h"
#include "yaml/json.h"
#include "yaml/parser.h"
#include "yaml/strict_reader.h"

namespace driftlint {

namespace {

Expected<std::shared_ptr<const RE2>> regex(const StrictReader& r, yaml::Node node, const std::string& key, bool full) {
  auto text = r.string_value(node, key);
  if (!text) return text.error();
  if (Status s = r.check_regex(node, *text, key); !s) return s.error();
  RE2::Options options;
  options.set_log_errors(false);
  return std::shared_ptr<const RE2>(std::make_shared<RE2>(full ? "(?:" + *text + ")" : *text, options));
}

Expected<DeclarativeCheck> read_check(const StrictReader& r, yaml::Node node, bool in_when) {
  if (!node.is_map()) return r.error(node, "a check must be a map with 'path' and one test");
  // forbid-key tests a map's keys, which gives `when` nothing to hold.
  Status known = in_when ? r.known_keys(node, "when", {"path", "pattern", "forbid-pattern", "required", "forbidden", "equals",
                                                       "max", "min", "exists"})
                         : r.known_keys(node, "checks", {"path", "pattern", "forbid-pattern", "required", "forbidden",
                                                         "equals", "max", "min", "exists", "forbid-key"});
  if (!known) return known.error();
  DeclarativeCheck c;
  yaml::Node path = node.get("path");
  if (!path.valid()) return r.error(node, "a check needs 'path'");
  auto text = r.string_value(path, "path");
  if (!text) return text.error();
  auto parsed = parse_field_path(*text);
  if (!parsed) return r.error(path, parsed.error().message);
  c.path = std::move(*parsed);
  int tests = 0;
  for (auto [key, value] : node.entries()) {
    std::string_view k = key.text();
    if (k == "path") continue;
    ++tests;
    if (k == "pattern" || k == "forbid-pattern" || k == "forbid-key") {
      auto re = regex(r, value, std::string(k), k == "forbid-key");
      if (!re) return re.error();
      c.regex = *re;
      c.text = std::string(value.text());
      c.kind = k == "pattern"          ? DeclarativeCheck::Kind::Pattern
               : k == "forbid-pattern" ? DeclarativeCheck::Kind::ForbidPattern
                                       : DeclarativeCheck::Kind::ForbidKey;
    } else if (k == "required" || k == "forbidden" || k == "exists") {
      auto b = value.as_bool();
      if (!b) return r.error(value, "'" + std::string(k) + "' must be true or false");
      c.flag = *b;
      c.kind = k == "required" ? DeclarativeCheck::Kind::Required
               : k == "forbidden" ? DeclarativeCheck::Kind::Forbidden
                                  : DeclarativeCheck::Kind::Exists;
    } else if (k == "equals") {
      if (!value.is_scalar()) return r.error(value, "'equals' must be a scalar");
      c.kind = DeclarativeCheck::Kind::Equals;
      c.text = std::string(value.text());
    } else if (k == "max" || k == "min") {
      std::optional<double> n = value.is_scalar() ? parse_quantity(value.text()) : std::nullopt;
      if (!n) return r.error(value, "'" + std::string(k) + "' must be a number or a quantity");
      c.number = *n;
      c.kind = k == "max" ? DeclarativeCheck::Kind::Max : DeclarativeCheck::Kind::Min;
    }
  }
  if (tests != 1) {
    return r.error(node, std::string("a check needs exactly one of pattern, forbid-pattern, required, forbidden, equals, max, min, exists") +
                             (in_when ? "" : ", forbid-key"));
  }
  return c;
}

Expected<std::shared_ptr<const DeclarativeSpec>> read_spec(const StrictReader& r, yaml::Node root) {
  if (!root.is_map()) return r.error(root, "a rule must be a map");
  if (Status s = r.known_keys(root, "a rule", {"id", "severity", "summary", "rationale", "message", "hint", "match", "when", "checks", "example", "enabled"}); !s) {
    return s.error();
  }
  auto spec = std::make_shared<DeclarativeSpec>();
  spec->file = r.file();
  for (const char* required : {"id", "severity", "message", "hint", "match", "checks"}) {
    if (!root.get(required).valid()) return r.error(root, "a rule needs '" + std::string(required) + "'");
  }
  auto id = r.string_value(root.get("id"), "id");
  if (!id) return id.error();
  if (!RE2::FullMatch(*id, "[a-z0-9]+(-[a-z0-9]+)*")) return r.error(root.get("id"), "'id' must be kebab-case (a-z, 0-9, '-')");
  spec->info.id = *id;
  auto severity = r.string_value(root.get("severity"), "severity");
  if (!severity) return severity.error();
  auto parsed_severity = parse_severity(*severity);
  if (!parsed_severity) return r.error(root.get("severity"), "'severity' must be error, warning or notice");
  spec->info.default_severity = *parsed_severity;
  auto message = r.string_value(root.get("message"), "message");
  if (!message) return message.error();
  spec->message = *message;
  auto hint = r.string_value(root.get("hint"), "hint");
  if (!hint) return hint.error();
  spec->info.hint = *hint;
  spec->info.summary = root.get("summary").valid() ? std::string(root.get("summary").text()) : *message;
  spec->info.rationale = root.get("rationale").valid() ? std::string(root.get("rationale").text())
                                                       : "A declarative rule from " + r.file() + ".";
  spec->info.example = std::string(root.get("example").text());
  if (yaml::Node enabled = root.get("enabled"); enabled.valid()) {
    auto b = enabled.as_bool();
    if (!b) return r.error(enabled, "'enabled' must be true or false");
    spec->info.enabled_by_default = *b;
  }
  yaml::Node match = root.get("match");
  if (!match.is_map()) return r.error(match, "'match' must be a map");
  if (Status s = r.known_keys(match, "match", {"apiVersion", "kind", "namespace", "name", "labels"}); !s) return s.error();
  struct Field {
    const char* key;
    std::shared_ptr<const RE2>* target;
  } fields[] = {{"apiVersion", &spec->api_version}, {"kind", &spec->kind}, {"namespace", &spec->ns}, {"name", &spec->name}};
  for (const Field& f : fields) {
    if (yaml::Node n = match.get(f.key); n.valid()) {
      auto re = regex(r, n, f.key, true);
      if (!re) return re.error();
      *f.target = *re;
    }
  }
  if (yaml::Node labels = match.get("labels"); labels.valid()) {
    if (!labels.is_map()) return r.error(labels, "'labels' must be a map (matchLabels, matchExpressions, or key: value)");
    bool selector = labels.get("matchLabels").valid() || labels.get("matchExpressions").valid();
    yaml::Node plain = selector ? labels.get("matchLabels") : labels;
    for (auto [k, v] : plain.entries()) spec->labels.push_back({std::string(k.text()), "In", {std::string(v.text())}});
    for (yaml::Node e : labels.get("matchExpressions").elements()) {
      LabelRequirement req;
      req.key = std::string(e.get("key").text());
      req.op = std::string(e.get("operator").text());
      if (req.op != "In" && req.op != "NotIn" && req.op != "Exists" && req.op != "DoesNotExist") {
        return r.error(e.get("operator"), "'operator' must be In, NotIn, Exists or DoesNotExist");
      }
      for (yaml::Node v : e.get("values").elements()) req.values.emplace_back(v.text());
      spec->labels.push_back(std::move(req));
    }
  }
  for (const char* list : {"when", "checks"}) {
    yaml::Node items = root.get(list);
    if (!items.valid()) continue;
    if (!items.is_sequence() || items.size() == 0) return r.error(items, "'" + std::string(list) + "' must be a non-empty list");
    for (yaml::Node item : items.elements()) {
      auto c = read_check(r, item, std::string_view(list) == "when");
      if (!c) return c.error();
      (std::string_view(list) == "when" ? spec->when : spec->checks).push_back(std::move(*c));
    }
  }
  return std::shared_ptr<const DeclarativeSpec>(spec);
}

// Whether one value passes a check; `value` is invalid when the field is missing.
bool passes(const DeclarativeCheck& c, yaml::Node value) {
  bool present = value.valid() && !value.is_null();
  switch (c.kind) {
    case DeclarativeCheck::Kind::Required:
      return present || !c.flag;
    case DeclarativeCheck::Kind::Forbidden:
      return !present || !c.flag;
    case DeclarativeCheck::Kind::Exists:
      return present == c.flag;
    case DeclarativeCheck::Kind::ForbidKey:
      return true;  // judged key by key (check_keys)
    case DeclarativeCheck::Kind::Pattern:
      return !present || (value.is_scalar() && RE2::PartialMatch(value.text(), *c.regex));
    case DeclarativeCheck::Kind::ForbidPattern:
      return !present || !value.is_scalar() || !RE2::PartialMatch(value.text(), *c.regex);
    case DeclarativeCheck::Kind::Equals: {
      if (!present) return true;
      yaml::ParsedFile expected = yaml::parse_yaml(c.text);
      return value.is_scalar() && (value.text() == c.text ||
                                   (!expected.documents.empty() && scalars_equal(value, expected.documents[0].root)));
    }
    case DeclarativeCheck::Kind::Max:
    case DeclarativeCheck::Kind::Min: {
      if (!present) return true;
      std::optional<double> n = value.is_scalar() ? parse_quantity(value.text()) : std::nullopt;
      if (!n) return true;  // not a number (a template expression): nothing to compare
      return c.kind == DeclarativeCheck::Kind::Max ? *n <= c.number : *n >= c.number;
    }
  }
  return true;
}

std::string fill(std::string text, const std::string& path, yaml::Node value) {
  std::string shown = value.valid() ? display_value(value) : "(absent)";
  for (auto [placeholder, with] : {std::pair<std::string, std::string>{"{{path}}", path}, {"{{value}}", shown}}) {
    for (size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + with.size())) {
      text.replace(at, placeholder.size(), with);
    }
  }
  return text;
}

}  // namespace

Expected<DeclarativeSpecs> parse_declarative_rules(std::string_view text, const std::string& display_path) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error) {
    return error_at(display_path, parsed.error->position, parsed.error->message);
  }
  StrictReader r(display_path);
  DeclarativeSpecs out;
  for (const yaml::Document& d : parsed.documents) {
    if (!d.root.valid() || d.root.is_null()) continue;
    auto spec = read_spec(r, d.root);
    if (!spec) return spec.error();
    out.push_back(std::move(*spec));
  }
  if (out.empty()) return Error{display_path + ": holds no rule"};
  return out;
}

Expected<DeclarativeSpecs> load_declarative_rules(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Error{"--rules-dir " + dir + ": not a directory"};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".yaml" && ext != ".yml")) continue;
    // As in a repo: a link out of the folder is not followed (its lines would be quoted in errors).
    if (entry.is_symlink() && !resolves_inside(entry.path(), dir)) {
      return Error{"--rules-dir " + entry.path().string() + ": a symbolic link to a file outside the folder (not followed)"};
    }
    files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  DeclarativeSpecs out;
  for (const fs::path& file : files) {
    Expected<std::string> text = read_regular_file(file.string(), kDefaultMaxFileBytes);
    if (!text) return Error{"--rules-dir " + text.error().message};
    auto specs = parse_declarative_rules(*text, file.string());
    if (!specs) return specs.error();
    out.insert(out.end(), specs->begin(), specs->end());
  }
  return out;
}

const DeclarativeSpecs& builtin_declarative_rules() {
  static const DeclarativeSpecs specs = [] {
    DeclarativeSpecs out;
    for (const EmbeddedFile& f : embedded_files()) {
      std::string name(f.name);
      if (name.rfind("rules/", 0) != 0 || name.size() < 10 || name.compare(name.size() - 10, 10, ".rule.yaml") != 0) continue;
      auto parsed = parse_declarative_rules(f.text, name);
      if (parsed) out.insert(out.end(), parsed->begin(), parsed->end());  // a broken file fails DeclarativeTest
    }
    return out;
  }();
  return specs;
}

bool DeclarativeRule::matches(const Manifest& m) const {
  const DeclarativeSpec& s = *spec_;
  if (s.api_version && !RE2::FullMatch(m.id.api_version, *s.api_version)) return false;
  if (s.kind && !RE2::FullMatch(m.id.kind, *s.kind)) return false;
  if (s.ns && !RE2::FullMatch(m.id.ns, *s.ns)) return false;
  if (s.name && !RE2::FullMatch(m.id.name, *s.name)) return false;
  yaml::Node labels = m.root.path({"metadata", "labels"});
  for (const LabelRequirement& req : s.labels) {
    yaml::Node v = labels.get(req.key);
    bool has = v.valid();
    bool in = has && std::find(req.values.begin(), req.values.end(), std::string(v.text())) != req.values.end();
    if ((req.op == "In" && !in) || (req.op == "NotIn" && in) || (req.op == "Exists" && !has) ||
        (req.op == "DoesNotExist" && has)) {
      return false;
    }
  }
  return true;
}

// `forbid-key`: every key of the map at the path that the pattern matches
// whole is a finding, at the key, with {{path}} naming it.
void DeclarativeRule::check_keys(const LintContext& context, const Manifest& m, const DeclarativeCheck& c,
                                 const FieldMatch& f, std::vector<Finding>& out) const {
  if (!f.value.is_map()) return;
  for (auto [key, value] : f.value.entries()) {
    if (!key.is_scalar() || !RE2::FullMatch(key.text(), *c.regex)) continue;
    std::string path = f.path.empty() ? std::string(key.text()) : f.path + "." + std::string(key.text());
    out.push_back(finding_at(context, m, key, fill(spec_->message, path, value)));
  }
}

void DeclarativeRule::check(const LintContext& context, std::vector<Finding>& out) const {
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (!matches(m)) continue;
    // A `when` condition holds when some value there passes it (`exists`
    // asks whether any value is there at all).
    bool applies = std::all_of(spec_->when.begin(), spec_->when.end(), [&](const DeclarativeCheck& c) {
      bool any_present = false, any_passes = false;
      for (const FieldMatch& f : resolve_field_path(c.path, m.root)) {
        if (!f.value.valid() || f.value.is_null()) continue;
        any_present = true;
        any_passes = any_passes || passes(c, f.value);
      }
      return c.kind == DeclarativeCheck::Kind::Exists ? any_present == c.flag : any_passes;
    });
    if (!applies) continue;
    for (const DeclarativeCheck& c : spec_->checks) {
      for (const FieldMatch& f : resolve_field_path(c.path, m.root)) {
        if (c.kind == DeclarativeCheck::Kind::ForbidKey) {
          check_keys(context, m, c, f, out);
          continue;
        }
        if (passes(c, f.value)) continue;
        yaml::Node at = f.key.valid() ? f.key : f.value.valid() ? f.value : f.parent;
        out.push_back(finding_at(context, m, at, fill(spec_->message, f.path, f.value)));
      }
    }
  }
}

}  // namespace driftlint
