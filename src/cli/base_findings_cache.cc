#include "cli/base_findings_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "base/files.h"
#include "base/hash.h"
#include "base/process.h"
#include "load/parse_cache.h"
#include "yaml/tree_codec.h"

extern char** environ;

namespace driftlint::cli {

namespace {

namespace fs = std::filesystem;

constexpr size_t kMaxHashedFolderFiles = 100'000;
// A kept base's file: this line, a checksum of the rest, then the key's
// digest, the suppressions and the findings, in yaml/tree_codec.h's framing.
// Binary, not JSON: 14,000 findings (a repo whose files no app deploys has a
// notice per file) read in a few milliseconds, where parsing them as JSON
// took over 100 ms of every pull-request run on that base.
constexpr std::string_view kMagic = "driftlint base findings 2\n";

// FNV-1a of a file's bytes, read as the run reads the files options name
// (read_regular_file: no FIFO, no device, at most `max_bytes`); why not,
// when it cannot be read.
std::string content_hash(const std::string& path, uint64_t max_bytes) {
  Expected<std::string> text = read_regular_file(path, max_bytes);
  if (!text) return "unreadable: " + text.error().message;
  return hex64(fnv1a(*text)) + ":" + std::to_string(text->size());
}

// A file or a folder (every file below it, by relative path) as text.
std::string path_hash(const std::string& path, uint64_t max_bytes) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return content_hash(path, max_bytes);
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path().string());
    if (files.size() > kMaxHashedFolderFiles) return "too many files";
  }
  std::sort(files.begin(), files.end());
  std::string out;
  for (const std::string& f : files) out += fs::relative(f, path, ec).string() + "=" + content_hash(f, max_bytes) + ";";
  return hex64(fnv1a(out));
}

// The render tools the base run would find on PATH, by place, size and time.
std::string tools_on_path() {
  const char* path = std::getenv("PATH");
  std::string out = std::string("PATH=") + (path ? path : "") + "\n";
  std::stringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    for (const char* tool : {"kubectl", "kustomize", "helm", "git"}) {
      struct stat st;
      std::string file = (dir.empty() ? "." : dir) + "/" + tool;
      if (::stat(file.c_str(), &st) == 0) {
        out += file + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
               std::to_string(st.st_mtim.tv_nsec) + "\n";
      }
    }
  }
  return out;
}

std::string driftlint_environment() {
  std::vector<std::string> vars;
  for (char** e = environ; e && *e; ++e) {
    if (std::string_view(*e).substr(0, 10) == "DRIFTLINT_") vars.emplace_back(*e);
  }
  std::sort(vars.begin(), vars.end());
  std::string out;
  for (const std::string& v : vars) out += v + "\n";
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& i : items) out += i + "\x1f";
  return out;
}

// Every option that can change a finding, and the content of what it names.
std::string options_text(const CheckOptions& o) {
  std::ostringstream out;
  out << "paths " << joined(o.paths) << "\nconfig " << o.config_file << " " << o.no_config
      << "\nrepos " << joined(o.repo_specs) << "\nenable " << joined(o.enable) << "\ndisable " << joined(o.disable)
      << "\nbaseline " << o.baseline << "\nlimits " << o.max_file_size_mib << " " << o.max_alias_expansion << " "
      << o.max_nesting_depth << " " << o.max_appset_apps << " " << o.max_rendered_size_mib << " "
      << o.max_template_steps << "\nyaml " << static_cast<int>(o.yaml_engine) << "\nnetwork "
      << joined(o.allow_network) << " " << o.offline << " " << o.network_timeout << " " << joined(o.token_hosts)
      << "\ndrift " << o.strict_drift << "\nrender " << o.no_render << " " << o.render_timeout << " "
      << o.render_budget << " " << o.render_memory_mib << "\nkubernetes " << o.kubernetes_version
      << "\nreport_unused_ignores " << o.report_unused_ignores << "\n";
  std::vector<std::string> named = o.snapshots;
  named.insert(named.end(), o.rules_dirs.begin(), o.rules_dirs.end());
  named.insert(named.end(), o.schema_dirs.begin(), o.schema_dirs.end());
  if (!o.config_file.empty()) named.push_back(o.config_file);
  if (!o.baseline.empty()) named.push_back(o.baseline);
  for (const std::string& p : named) out << "file " << p << " " << path_hash(p, o.max_file_bytes()) << "\n";
  return out.str();
}

// A checkout's config may name any path (it is confined when the run uses
// it, not here): a base whose config names snapshots or rule folders is not
// kept, rather than read them for a key.
std::optional<std::string> config_text(const Config& c, uint64_t max_bytes) {
  if (!c.trusted && (!c.snapshots.empty() || !c.rules_dirs.empty())) return std::nullopt;
  std::string out = "config " + c.file + " " + (c.file.empty() ? "" : content_hash(c.file, max_bytes)) + "\n";
  for (const ConfigPath& p : c.snapshots) {
    out += "config-snapshot " + p.path + " " + path_hash((fs::path(c.base_dir) / p.path).string(), max_bytes) + "\n";
  }
  for (const ConfigPath& p : c.rules_dirs) {
    out += "config-rules " + p.path + " " + path_hash((fs::path(c.base_dir) / p.path).string(), max_bytes) + "\n";
  }
  return out;
}

// The key as 128 bits (two FNV-1a passes from different starts): the file
// holds this, never the key's text, which may name credentials (a --repo
// URL, a DRIFTLINT_ variable).
std::string digest(const std::string& key) {
  uint64_t second = 0x6c62272e07bb0142ull;
  for (unsigned char c : key) {
    second ^= c;
    second *= 1099511628211ull;
    second ^= second >> 29;
  }
  return hex64(fnv1a(key)) + hex64(second);
}

std::string file_of(const std::string& cache_dir, const std::string& key) {
  return (fs::path(cache_dir) / "base-findings" / (digest(key) + ".bin")).string();
}

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

// A cache holds a file per base commit it met: when a base is written, the
// others nobody wrote for 30 days go, and those of the JSON format before.
void remove_stale_bases(const fs::path& folder) {
  std::error_code ec;
  auto now = fs::file_time_type::clock::now();
  for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code file_ec;
    auto written = it->last_write_time(file_ec);
    if (it->path().extension() == ".json" || (!file_ec && now - written > std::chrono::hours(24 * 30))) {
      fs::remove(it->path(), file_ec);
    }
  }
}

}  // namespace

std::optional<std::string> base_findings_key(const CheckOptions& o, const std::vector<const Config*>& configs,
                                             const std::vector<RepoInput>& base_repos) {
  if (o.with_diff || o.no_cache) return std::nullopt;
  // Standard input is read once and leaves nothing to compare with next time.
  if (std::count(o.snapshots.begin(), o.snapshots.end(), "-") || std::count(o.paths.begin(), o.paths.end(), "-")) {
    return std::nullopt;
  }
  std::string key = "driftlint " DRIFTLINT_VERSION " " + executable_identity() + "\n";
  for (const RepoInput& r : base_repos) {
    // Only a repo read at a commit is the same on the next run.
    std::string identity = r.tree ? r.tree->cache_identity() : "";
    if (!r.commit || identity.rfind("git:", 0) != 0) return std::nullopt;
    key += "repo " + r.name + " " + *r.commit + " " + identity + "\n";
  }
  key += options_text(o);
  for (const Config* c : configs) {
    if (!c) continue;
    std::optional<std::string> text = config_text(*c, o.max_file_bytes());
    if (!text) return std::nullopt;
    key += *text;
  }
  return key + tools_on_path() + driftlint_environment();
}

bool worth_caching(const std::vector<std::string>& load_errors, const std::vector<std::string>& errors,
                   const std::vector<Finding>& findings) {
  if (!load_errors.empty() || !errors.empty()) return false;
  return std::none_of(findings.begin(), findings.end(), [](const Finding& f) { return f.rule == "render-failed"; });
}

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
  std::string out(kMagic);
  yaml::put_u64(out, cache_checksum(payload));
  return out + payload;
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

std::optional<KeptBase> read_base_findings(const std::string& cache_dir, const std::string& key) {
  Expected<std::string> bytes = read_regular_file(file_of(cache_dir, key), 1ull << 30);
  if (!bytes) return std::nullopt;
  std::optional<std::pair<std::string, KeptBase>> kept = decode_kept_base(*bytes);
  if (!kept || kept->first != digest(key)) return std::nullopt;  // damaged, or another key's: the base runs
  return std::move(kept->second);
}

void write_base_findings(const std::string& cache_dir, const std::string& key, const KeptBase& base) {
  std::string path = file_of(cache_dir, key);
  if (!make_private_directory(cache_dir, false) || !make_private_directory(fs::path(path).parent_path().string(), true)) return;
  write_file_atomically(path, encode_kept_base(digest(key), base));
  remove_stale_bases(fs::path(path).parent_path());
}

}  // namespace driftlint::cli
