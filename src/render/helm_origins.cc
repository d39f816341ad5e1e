#include "render/helm_origins.h"

#include <functional>
#include <set>

#include "fs/repo_path.h"
#include "render/origin_walk.h"
#include "yaml/parser.h"

namespace driftlint {

void HelmValueIndex::add(const std::string& key, const std::string& value, SourcePlace place) {
  by_value_[value] = place;
  places_[{key, value}] = std::move(place);
}

const SourcePlace* HelmValueIndex::find_value(const std::string& value) const {
  auto it = by_value_.find(value);
  return it == by_value_.end() ? nullptr : &it->second;
}

const SourcePlace* HelmValueIndex::find_for(const std::string& key, const std::string& value) const {
  if (const SourcePlace* exact = find(key, value)) return exact;
  if (key.find("image") == std::string::npos && key.find("Image") == std::string::npos) return nullptr;
  // "registry.example/api:1.2.3": the tag first (the most specific), then the rest.
  std::vector<std::string> parts;
  size_t at = value.find_first_of("@:", value.rfind('/') == std::string::npos ? 0 : value.rfind('/'));
  if (at != std::string::npos) {
    parts.push_back(value.substr(at + 1));
    parts.push_back(value.substr(0, at));
  }
  for (const std::string& part : parts) {
    if (part.size() < 2) continue;
    if (const SourcePlace* p = find_value(part)) return p;
  }
  return nullptr;
}

const SourcePlace* HelmValueIndex::find(const std::string& key, const std::string& value) const {
  auto it = places_.find({key, value});
  return it == places_.end() ? nullptr : &it->second;
}

namespace {

void index_node(yaml::Node node, uint32_t repo, const std::string& path, HelmValueIndex& index, int depth) {
  if (depth > 64) return;
  for (auto [key, value] : node.entries()) {
    if (value.is_scalar() && !value.is_null()) {
      index.add(std::string(key.text()), std::string(value.text()), SourcePlace{repo, path, value.position()});
    } else {
      index_node(value, repo, path, index, depth + 1);
    }
  }
  for (yaml::Node e : node.elements()) index_node(e, repo, path, index, depth + 1);
}

void index_text(const std::string& text, uint32_t repo, const std::string& path, HelmValueIndex& index) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  for (const yaml::Document& d : parsed.documents) index_node(d.root, repo, path, index, 0);
}

}  // namespace

HelmValueIndex index_chart_values(const RenderRequest& request, const std::map<std::string, std::string>& files,
                                  const std::vector<ValuesSource>& sources) {
  HelmValueIndex index;
  std::string chart_values = join_path(request.folder, "values.yaml");
  auto it = request.remote.empty() ? files.find(chart_values) : files.end();  // a fetched chart's is in no repo
  if (it != files.end()) index_text(it->second, request.repo, chart_values, index);
  const HelmOptions& h = request.helm;
  for (const ValuesSource& source : sources) {
    auto it = files.find(source.copy);
    if (it == files.end()) continue;
    if (source.from_app) {
      if (source.path.empty()) continue;  // the app is in no loaded file: no place to report
      // `valuesObject` is a map in the app's file: its own positions; a
      // `values` string is placed at its key.
      if (h.node.get("valuesObject").is_map()) {
        index_node(h.node.get("valuesObject"), source.repo, source.path, index, 0);
      } else {
        index_text(it->second, source.repo, source.path, index);
      }
      continue;
    }
    index_text(it->second, source.repo, source.path, index);
  }
  if (h.app_path.empty() || h.app_repo < 0) return index;
  for (yaml::Node p : h.node.get("parameters").elements()) {
    auto name = p.get("name").as_string();
    yaml::Node value = p.get("value");
    if (!name || !value.is_scalar()) continue;
    std::string key(*name);
    key = key.substr(key.rfind('.') == std::string::npos ? 0 : key.rfind('.') + 1);
    index.add(key, std::string(value.text()), SourcePlace{static_cast<uint32_t>(h.app_repo), h.app_path, value.position()});
  }
  return index;
}

void trace_helm_object(yaml::Node object, const std::string& template_path, const HelmTemplateLines* lines,
                       const HelmValueIndex& values, Provenance& provenance, SourcePosition fallback) {
  std::vector<Setter> setters;
  setters.emplace_back();  // the template: no tree to align with, its lines found by their keys
  setters[0].path = template_path;
  if (lines) {
    setters[0].kind = Setter::Kind::Transformer;
    setters[0].claim = [lines, kind = std::string(object.get("kind").text())](const FieldSegments& f, yaml::Node) {
      return lines->locate(kind, f);
    };
  }
  // Setters hold one file each: values from several files become one
  // setter per file that sets something of this object.
  using File = std::pair<uint32_t, std::string>;
  auto claim_from = [&values](const File& file) {
    return [&values, file](const FieldSegments& f, yaml::Node v) -> std::optional<SourcePosition> {
      if (f.empty() || !v.is_scalar()) return std::nullopt;
      const SourcePlace* place = values.find_for(f.back(), std::string(v.text()));
      if (!place || place->repo != file.first || place->path != file.second) return std::nullopt;
      return place->position;
    };
  };
  std::set<File> files;
  std::function<void(yaml::Node, const std::string&, int)> collect = [&](yaml::Node n, const std::string& key, int depth) {
    if (depth > 64) return;
    if (n.is_scalar() && !key.empty()) {
      if (const SourcePlace* place = values.find_for(key, std::string(n.text()))) files.insert({place->repo, place->path});
    }
    for (auto [k, v] : n.entries()) collect(v, std::string(k.text()), depth + 1);
    for (yaml::Node e : n.elements()) collect(e, key, depth + 1);
  };
  collect(object, "", 0);
  for (const File& file : files) {
    Setter s;
    s.kind = Setter::Kind::Transformer;
    s.path = file.second;
    s.repo = static_cast<int>(file.first);
    s.claim = claim_from(file);
    setters.push_back(std::move(s));
  }
  record_origins(object, setters, SourcePlace{provenance.repo(), template_path, fallback}, provenance);
}

}  // namespace driftlint
