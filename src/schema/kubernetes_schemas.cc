#include "schema/kubernetes_schemas.h"

#include <memory>

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
    }
  }
};

namespace {

const KubernetesSchemasIndex& index() {
  static const KubernetesSchemasIndex i;
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
