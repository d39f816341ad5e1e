#include "schema/kubernetes_schemas.h"

#include <algorithm>
#include <cctype>
#include <memory>

#include <nlohmann/json.hpp>

#include "base/embedded_files.h"

namespace driftlint {

namespace {

constexpr std::string_view kFile = "schemas/kubernetes/definitions.txt";

std::vector<std::string_view> split_on(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

std::string_view group_of(std::string_view api_version) {
  size_t slash = api_version.find('/');
  return slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
}

// Every "$ref" target name in a parsed definition.
void refs_in(const nlohmann::json& j, std::vector<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (key == "$ref" && value.is_string()) {
        const std::string& ref = value.get_ref<const std::string&>();
        out.push_back(ref.substr(ref.rfind('/') + 1));
      } else {
        refs_in(value, out);
      }
    }
  } else if (j.is_array()) {
    for (const nlohmann::json& e : j) refs_in(e, out);
  }
}

}  // namespace

// Builds the sets from the embedded file, once.
struct KubernetesSchemasIndex {
  std::vector<std::unique_ptr<KubernetesSchemas>> sets;

  KubernetesSchemasIndex() {
    for (const std::string& v : KubernetesSchemas::versions()) {
      sets.push_back(std::make_unique<KubernetesSchemas>());
      sets.back()->version_ = v;
    }
    for (std::string_view line : split_on(embedded_file(kFile), '\n')) {
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string_view> fields = split_on(line, '\t');
      if (fields.size() != 4) continue;
      for (std::string_view version : split_on(fields[1], ',')) {
        for (auto& set : sets) {
          if (set->version_ == version) add(*set, fields[0], fields[2], fields[3]);
        }
      }
    }
  }

  static void add(KubernetesSchemas& set, std::string_view name, std::string_view kinds, std::string_view body) {
    set.bodies_[name] = body;
    if (kinds.empty()) return;
    for (std::string_view kind : split_on(kinds, ',')) {
      set.kinds_[std::string(kind)] = std::string(name);
      std::string_view api_version = kind.substr(0, kind.find(':'));
      set.api_versions_[std::string(api_version)] = true;
      set.groups_[std::string(group_of(api_version))] = true;
      std::string key = std::string(group_of(api_version)) + '\n' + std::string(kind.substr(kind.find(':') + 1));
      std::vector<std::string>& versions = set.by_group_kind_[key];
      if (std::find(versions.begin(), versions.end(), api_version) != versions.end()) continue;
      versions.emplace_back(api_version);
      std::sort(versions.begin(), versions.end(), [](const std::string& a, const std::string& b) {
        return kube_version_before(a.substr(a.find('/') + 1), b.substr(b.find('/') + 1));
      });
    }
  }
};

namespace {

// Never destroyed: freeing what was parsed, as the run exits, only costs time.
const KubernetesSchemasIndex& index() {
  static const KubernetesSchemasIndex& i = *new KubernetesSchemasIndex();
  return i;
}

}  // namespace

const std::vector<std::string>& KubernetesSchemas::versions() {
  static const std::vector<std::string> v = {"1.34", "1.35", "1.36"};
  return v;
}

const std::string& KubernetesSchemas::newest() { return versions().back(); }

const KubernetesSchemas* KubernetesSchemas::of(std::string_view version) {
  for (const auto& set : index().sets) {
    if (set->version_ == version) return set.get();
  }
  return nullptr;
}

std::optional<std::string> KubernetesSchemas::definition_of(std::string_view api_version, std::string_view kind) const {
  std::string key;
  key.reserve(api_version.size() + kind.size() + 1);
  key.append(api_version).append(":").append(kind);
  auto it = kinds_.find(key);
  if (it == kinds_.end()) return std::nullopt;
  return it->second;
}

bool KubernetesSchemas::serves_api_version(std::string_view api_version) const {
  return api_versions_.find(api_version) != api_versions_.end();
}

bool KubernetesSchemas::knows_group(std::string_view group) const { return groups_.find(group) != groups_.end(); }

namespace {

// "v1beta2" -> {major 1, stage 1 (beta), minor 2}; stage 3 is GA, 0 not a Kubernetes version.
struct KubeVersion {
  int major = 0, stage = 0, minor = 0;
};

KubeVersion parse_kube_version(std::string_view v) {
  KubeVersion out;
  if (v.size() < 2 || v[0] != 'v' || !std::isdigit(static_cast<unsigned char>(v[1]))) return out;
  size_t i = 1;
  while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) out.major = out.major * 10 + (v[i++] - '0');
  std::string_view rest = v.substr(i);
  if (rest.empty()) {
    out.stage = 3;
    return out;
  }
  for (auto [word, stage] : {std::pair<std::string_view, int>{"beta", 2}, {"alpha", 1}}) {
    if (rest.substr(0, word.size()) != word) continue;
    std::string_view digits = rest.substr(word.size());
    for (char c : digits) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return {};
      out.minor = out.minor * 10 + (c - '0');
    }
    out.stage = stage;
  }
  return out;
}

}  // namespace

bool kube_version_before(std::string_view a, std::string_view b) {
  KubeVersion x = parse_kube_version(a), y = parse_kube_version(b);
  if (x.stage == 0 || y.stage == 0) return x.stage != y.stage ? x.stage > y.stage : a < b;  // others last, by name
  if ((x.stage == 3) != (y.stage == 3)) return x.stage == 3;
  if (x.stage == 3) return x.major > y.major;
  if (x.major != y.major) return x.major > y.major;
  if (x.stage != y.stage) return x.stage > y.stage;
  return x.minor > y.minor;
}

std::vector<std::string> KubernetesSchemas::api_versions_of(std::string_view group, std::string_view kind) const {
  std::string key;
  key.append(group).append("\n").append(kind);
  auto it = by_group_kind_.find(key);
  return it == by_group_kind_.end() ? std::vector<std::string>() : it->second;
}

std::vector<std::string> KubernetesSchemas::kinds() const {
  std::vector<std::string> out;
  for (const auto& [kind, name] : kinds_) out.push_back(kind);
  return out;
}

nlohmann::json KubernetesSchemas::definitions_reached(const std::string& definition) const {
  nlohmann::json out = nlohmann::json::object();
  std::vector<std::string> todo = {definition};
  while (!todo.empty()) {
    std::string name = std::move(todo.back());
    todo.pop_back();
    if (out.contains(name)) continue;
    auto it = bodies_.find(name);
    // The generator checks every reference; a missing one stays unresolved
    // and the compiler says which.
    if (it == bodies_.end()) continue;
    nlohmann::json body = nlohmann::json::parse(it->second, nullptr, false);
    refs_in(body, todo);
    out[name] = std::move(body);
  }
  return out;
}

nlohmann::json KubernetesSchemas::document(const std::string& definition) const {
  return {{"$ref", "#/definitions/" + definition}, {"definitions", definitions_reached(definition)}};
}

}  // namespace driftlint
