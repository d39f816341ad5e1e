#include "lint/kept_findings.h"

#include <cstdint>

#include "load/parse_cache.h"
#include "yaml/tree_codec.h"

namespace driftlint {

namespace {

// A kept base's file: this line, a checksum of the rest, then the key's
// digest, the suppressions and the findings, in yaml/tree_codec.h's framing.
// Binary, not JSON: 14,000 findings (a repo whose files no app deploys has a
// notice per file) read in a few milliseconds, where parsing them as JSON
// took over 100 ms of every pull-request run on that base.
constexpr std::string_view kMagic = "driftlint base findings 2\n";

void put_flag(std::string& out, bool flag) { out.push_back(flag ? '\1' : '\0'); }

// A flag byte: 0 or 1, anything else is damage.
bool get_flag(std::string_view& in, bool& flag) {
  if (in.empty() || static_cast<unsigned char>(in[0]) > 1) return false;
  flag = in[0] == '\1';
  in.remove_prefix(1);
  return true;
}

void put_optional(std::string& out, const std::optional<std::string>& s) {
  put_flag(out, s.has_value());
  if (s) yaml::put_string(out, *s);
}

bool get_optional(std::string_view& in, std::optional<std::string>& s) {
  bool present = false;
  if (!get_flag(in, present)) return false;
  return !present || yaml::get_string(in, s.emplace());
}

void put_finding(std::string& out, const Finding& f) {
  for (const std::string* s : {&f.rule, &f.message, &f.hint, &f.suppression, &f.suppression_kind}) yaml::put_string(out, *s);
  out.push_back(static_cast<char>(f.severity));
  put_flag(out, f.suppressed);
  yaml::put_u32(out, f.line);
  yaml::put_u32(out, f.column);
  put_optional(out, f.repo);
  put_optional(out, f.path);
  yaml::put_u32(out, static_cast<uint32_t>(f.apps.size()));
  for (const std::string& app : f.apps) yaml::put_string(out, app);
  put_flag(out, f.object.has_value());
  if (f.object) {
    for (const std::string* s : {&f.object->api_version, &f.object->kind, &f.object->ns, &f.object->name}) {
      yaml::put_string(out, *s);
    }
  }
  put_flag(out, f.drift.has_value());
  if (f.drift) {
    yaml::put_string(out, f.drift->field);
    put_optional(out, f.drift->live);
    put_optional(out, f.drift->desired);
  }
}

bool get_finding(std::string_view& in, Finding& f) {
  for (std::string* s : {&f.rule, &f.message, &f.hint, &f.suppression, &f.suppression_kind}) {
    if (!yaml::get_string(in, *s)) return false;
  }
  if (in.empty() || static_cast<unsigned char>(in[0]) > static_cast<unsigned char>(Severity::Error)) return false;
  f.severity = static_cast<Severity>(in[0]);
  in.remove_prefix(1);
  uint32_t apps = 0;
  bool has_object = false, has_drift = false;
  if (!get_flag(in, f.suppressed) || !yaml::get_u32(in, f.line) || !yaml::get_u32(in, f.column) ||
      !get_optional(in, f.repo) || !get_optional(in, f.path) || !yaml::get_u32(in, apps) || apps > in.size() / 4) {
    return false;
  }
  f.apps.resize(apps);
  for (std::string& app : f.apps) {
    if (!yaml::get_string(in, app)) return false;
  }
  if (!get_flag(in, has_object)) return false;
  if (has_object) {
    ObjectRef& o = f.object.emplace();
    for (std::string* s : {&o.api_version, &o.kind, &o.ns, &o.name}) {
      if (!yaml::get_string(in, *s)) return false;
    }
  }
  if (!get_flag(in, has_drift)) return false;
  if (!has_drift) return true;
  FieldValues& d = f.drift.emplace();
  return yaml::get_string(in, d.field) && get_optional(in, d.live) && get_optional(in, d.desired);
}

}  // namespace

std::string encode_kept_base(const std::string& key_digest, const KeptBase& base) {
  std::string payload;
  yaml::put_string(payload, key_digest);
  yaml::put_u32(payload, static_cast<uint32_t>(base.suppressions.size()));
  for (const auto& [key, count] : base.suppressions) {
    yaml::put_string(payload, key);
    yaml::put_u64(payload, count);
  }
  yaml::put_u32(payload, static_cast<uint32_t>(base.findings.size()));
  for (const Finding& f : base.findings) put_finding(payload, f);
  return kept_base_file(payload);
}

std::string kept_base_file(std::string_view payload) {
  std::string out(kMagic);
  yaml::put_u64(out, cache_checksum(payload));
  return out.append(payload);
}

std::optional<std::pair<std::string, KeptBase>> decode_kept_base(std::string_view bytes) {
  uint64_t checksum = 0;
  if (!bytes.starts_with(kMagic)) return std::nullopt;
  bytes.remove_prefix(kMagic.size());
  if (!yaml::get_u64(bytes, checksum) || checksum != cache_checksum(bytes)) return std::nullopt;
  std::pair<std::string, KeptBase> out;
  uint32_t suppressions = 0, findings = 0;
  if (!yaml::get_string(bytes, out.first) || !yaml::get_u32(bytes, suppressions)) return std::nullopt;
  for (uint32_t i = 0; i < suppressions; ++i) {
    std::string key;
    uint64_t count = 0;
    if (!yaml::get_string(bytes, key) || !yaml::get_u64(bytes, count)) return std::nullopt;
    // Written from a map: in order, each once. Anything else was not written here.
    if (!out.second.suppressions.empty() && key <= out.second.suppressions.rbegin()->first) return std::nullopt;
    out.second.suppressions.emplace_hint(out.second.suppressions.end(), std::move(key), count);
  }
  // Each finding takes more than 16 bytes: a count past that is damage, not an allocation.
  if (!yaml::get_u32(bytes, findings) || findings > bytes.size() / 16) return std::nullopt;
  out.second.findings.resize(findings);
  for (Finding& f : out.second.findings) {
    if (!get_finding(bytes, f)) return std::nullopt;
  }
  if (!bytes.empty()) return std::nullopt;
  return out;
}

}  // namespace driftlint
