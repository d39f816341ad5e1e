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

extern char** environ;

namespace driftlint::cli {

namespace {

namespace fs = std::filesystem;

constexpr size_t kMaxHashedFolderFiles = 100'000;

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
