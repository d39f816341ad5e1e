#include "cli/base_findings_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/files.h"
#include "base/hash.h"
#include "base/process.h"

extern char** environ;

namespace driftlint::cli {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

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
  return (fs::path(cache_dir) / "base-findings" / (digest(key) + ".json")).string();
}

Json to_json(const Finding& f) {
  Json j = {{"rule", f.rule},       {"severity", static_cast<int>(f.severity)}, {"message", f.message},
            {"hint", f.hint},       {"line", f.line},                            {"column", f.column},
            {"apps", f.apps},       {"suppressed", f.suppressed},                {"suppression", f.suppression},
            {"suppression_kind", f.suppression_kind}};
  if (f.repo) j["repo"] = *f.repo;
  if (f.path) j["path"] = *f.path;
  if (f.object) j["object"] = {f.object->api_version, f.object->kind, f.object->ns, f.object->name};
  if (f.drift) {
    j["drift"] = {{"field", f.drift->field}};
    if (f.drift->live) j["drift"]["live"] = *f.drift->live;
    if (f.drift->desired) j["drift"]["desired"] = *f.drift->desired;
  }
  return j;
}

Finding from_json(const Json& j) {
  Finding f;
  f.rule = j.at("rule");
  f.severity = static_cast<Severity>(j.at("severity").get<int>());
  f.message = j.at("message");
  f.hint = j.at("hint");
  f.line = j.at("line");
  f.column = j.at("column");
  f.apps = j.at("apps").get<std::vector<std::string>>();
  f.suppressed = j.at("suppressed");
  f.suppression = j.at("suppression");
  f.suppression_kind = j.at("suppression_kind");
  if (j.contains("repo")) f.repo = j["repo"].get<std::string>();
  if (j.contains("path")) f.path = j["path"].get<std::string>();
  if (j.contains("object")) {
    const Json& o = j["object"];
    f.object = ObjectRef{o.at(0), o.at(1), o.at(2), o.at(3)};
  }
  if (j.contains("drift")) {
    const Json& d = j["drift"];
    f.drift = FieldValues{d.at("field"), std::nullopt, std::nullopt};
    if (d.contains("live")) f.drift->live = d["live"].get<std::string>();
    if (d.contains("desired")) f.drift->desired = d["desired"].get<std::string>();
  }
  return f;
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
  Expected<std::string> text = read_regular_file(file_of(cache_dir, key), 1ull << 30);
  if (!text) return std::nullopt;
  try {
    Json j = Json::parse(*text);
    if (j.at("key") != digest(key)) return std::nullopt;
    KeptBase out;
    for (const Json& f : j.at("findings")) out.findings.push_back(from_json(f));
    out.suppressions = j.at("suppressions").get<std::map<std::string, size_t>>();
    return out;
  } catch (const std::exception&) {
    return std::nullopt;  // damaged: the base runs
  }
}

void write_base_findings(const std::string& cache_dir, const std::string& key, const KeptBase& base) {
  Json j = {{"key", digest(key)}, {"findings", Json::array()}, {"suppressions", base.suppressions}};
  for (const Finding& f : base.findings) j["findings"].push_back(to_json(f));
  std::string path = file_of(cache_dir, key);
  if (!make_private_directory(cache_dir, false) || !make_private_directory(fs::path(path).parent_path().string(), true)) return;
  write_file_atomically(path, j.dump());
}

}  // namespace driftlint::cli
