#include <span>
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "lint/rule.h"

namespace driftlint {

// Two documents that are applied together define the same object.
class DuplicateResourceRule : public RuleBase<DuplicateResourceRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

namespace {

std::string directory_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string join_relative(const std::string& dir, std::string_view entry) {
  std::filesystem::path p = dir.empty() ? std::filesystem::path(entry)
                                        : std::filesystem::path(dir) / std::filesystem::path(entry);
  return p.lexically_normal().generic_string();
}

// Which files are built together: per kustomization, the files its
// `resources` list names.
struct BuildUnits {
  std::map<std::pair<uint32_t, std::string>, std::vector<uint32_t>> units_of_file;  // (repo, path) -> unit ids
};

BuildUnits build_units(const LoadResult& load) {
  BuildUnits units;
  uint32_t unit = 0;
  for (const BuildFile& build : load.build_files) {
    const LoadedFile& file = load.files[build.file];
    std::string dir = directory_of(file.path);
    for (std::string_view list : {"resources", "bases"}) {
      for (yaml::Node entry : build.root.get(list).elements()) {
        auto text = entry.as_string();
        if (!text || text->find("://") != std::string_view::npos) continue;
        units.units_of_file[{file.repo, join_relative(dir, *text)}].push_back(unit);
      }
    }
    ++unit;
  }
  return units;
}

// Where an object starts, for the message: for a rendered one, in the file it comes from.
std::string where(const Manifest& m, const LoadedFile& file) {
  if (m.rendered()) {
    if (std::optional<SourcePlace> origin = m.provenance->origin(m.root)) {
      return format_place(origin->path, {origin->position.line, 0});
    }
  }
  return format_place(file.path, {m.root.position().line, 0});
}

// Whether a kustomize build that reads the file failed on an object added twice.
bool build_refused_it(const LintContext& context, const LoadedFile& file) {
  if (!context.renders) return false;
  for (const RenderOutput* out : context.renders->outputs) {
    if (out->status == RenderOutput::Status::Failed && out->repo == file.repo && out->files.count(file.path) &&
        out->message.find("already registered id") != std::string::npos) {
      return true;
    }
  }
  return false;
}

const std::vector<uint32_t> kNoUnits;

const std::vector<uint32_t>& units_of(const BuildUnits& units, uint32_t repo, const std::string& path) {
  auto it = units.units_of_file.find({repo, path});
  return it == units.units_of_file.end() ? kNoUnits : it->second;
}

// The earliest copy seen so far under one key (a build's output, a file, a
// kustomization), and the earliest that is not a policy test's input: two
// test inputs are never compared with each other.
struct FirstCopies {
  size_t any = SIZE_MAX, not_test = SIZE_MAX;
  size_t for_later(bool later_is_test) const { return later_is_test ? not_test : any; }
  void add(size_t i, bool is_test) {
    any = std::min(any, i);
    if (!is_test) not_test = std::min(not_test, i);
  }
};

}  // namespace

const RuleInfo& DuplicateResourceRule::static_info() {
  static const RuleInfo info{
      .id = "duplicate-resource",
      .default_severity = Severity::Error,
      .summary = "Two documents that are applied together define the same object "
                 "(group, kind, namespace and name).",
      .rationale =
          "When one apply holds the same object twice, one definition silently wins: Argo CD "
          "reports a RepeatedResourceWarning and keeps the last, kustomize refuses the build, and "
          "`kubectl apply -f dir/` applies both in turn. Either way one of the two copies is a dead "
          "edit. Two documents count as applied together when they sit in one file or in the "
          "`resources` of one kustomization. Files that merely share a folder are not compared: "
          "repos keep alternative install bundles, examples and test fixtures side by side, and "
          "only the Argo CD application that deploys a folder can say it is applied as one. Nor are the "
          "fixtures of a Chainsaw or Kyverno CLI test (files the test names from its own folder): the "
          "test applies or reads each document to see it admitted or denied, so variants share a name "
          "on purpose. A rendered "
          "kustomization is judged on its output: kustomize refuses most duplicates itself "
          "(`render-failed`), but not two versions of one object.",
      .hint = "Keep one definition; if the copies are variants for different clusters, move them "
              "into separate folders or overlays.",
      .example = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: limits, namespace: team-a}\n---\n"
                 "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: limits, namespace: team-a}\n",
      .options = {}};
  return info;
}

namespace {

// Each copy after the first is reported once, against the earliest copy
// applied together with it (the same build's output, the same file, or the
// resources of one kustomization). Linear in the group: each copy looks up
// the earliest copy under each of its keys.
void report_copies(const Rule& rule, const LintContext& context, const BuildUnits& units, const std::vector<const Manifest*>& group,
                   std::vector<Finding>& out) {
  const LoadResult& load = context.load;
  std::unordered_map<const void*, FirstCopies> by_output;
  std::unordered_map<uint32_t, FirstCopies> by_file, by_unit;
  for (size_t j = 0; j < group.size(); ++j) {
    const Manifest& later = *group[j];
    const LoadedFile& later_file = load.file_of(later);
    bool is_test = context.is_policy_test_input(later);
    const std::vector<uint32_t>& later_units =
        later.rendered() ? kNoUnits : units_of(units, later_file.repo, later_file.path);
    size_t first = SIZE_MAX;
    std::string reason;
    if (later.rendered()) {
      // One build's output (kustomize itself refuses most duplicates, but
      // not two versions of one object); different builds are different applies.
      if (auto it = by_output.find(later.provenance.get()); it != by_output.end()) first = it->second.for_later(is_test);
      if (first != SIZE_MAX) reason = "in the output of the same kustomization";
    } else {
      if (auto it = by_file.find(later.file); it != by_file.end()) first = it->second.for_later(is_test);
      size_t by_kustomization = SIZE_MAX;
      for (uint32_t u : later_units) {
        if (auto it = by_unit.find(u); it != by_unit.end()) by_kustomization = std::min(by_kustomization, it->second.for_later(is_test));
      }
      if (by_kustomization < first) {
        first = by_kustomization;
        reason = "in the resources of the same kustomization";
      } else if (first != SIZE_MAX) {
        reason = "in the same file";
      }
    }
    if (later.rendered()) {
      by_output[later.provenance.get()].add(j, is_test);
    } else {
      by_file[later.file].add(j, is_test);
      for (uint32_t u : later_units) by_unit[u].add(j, is_test);
    }
    if (first == SIZE_MAX) continue;
    // render-failed says so, with kustomize's words.
    if (reason == "in the resources of the same kustomization" && build_refused_it(context, later_file)) continue;
    const Manifest& earlier = *group[first];
    out.push_back(rule.finding_at(context, later, later.root.get("metadata").key_node("name"),
                             later.id.display() + " is defined twice " + reason + ": also at " +
                                 where(earlier, load.file_of(earlier)) + "; one definition silently overrides the other"));
  }
}

using Key = std::tuple<uint32_t, std::string_view, std::string_view, std::string_view, std::string_view>;

Key key_of(const LoadResult& load, const Manifest& m) {
  return {load.file_of(m).repo, m.id.group, m.id.kind, m.id.ns, m.id.name};
}

size_t hash_of(const Key& k) {
  size_t h = std::get<0>(k);
  for (std::string_view part : {std::get<1>(k), std::get<2>(k), std::get<3>(k), std::get<4>(k)}) {
    h = h * 1000003 ^ std::hash<std::string_view>()(part);
  }
  return h;
}

// The objects written more than once, by key (sorted, so reports keep their
// order), each list in the order of `objects`. Objects are sorted by a hash
// of their key: a run of one hash holds the copies of one key, or of a few
// keys whose hashes collide, told apart by sorting the run by key (n log n
// in the copies of one key, never quadratic). 16 bytes an object, where a
// hash map of keys held 128 (2.6 MB at 20,000).
std::vector<std::pair<Key, std::vector<const Manifest*>>> copies_by_key(const LoadResult& load,
                                                                        std::span<const Manifest* const> objects) {
  std::vector<std::pair<size_t, uint32_t>> hashed;  // (hash, index in objects)
  hashed.reserve(objects.size());
  for (uint32_t i = 0; i < objects.size(); ++i) {
    if (objects[i]->id.name.empty()) continue;  // generateName objects are always distinct
    hashed.emplace_back(hash_of(key_of(load, *objects[i])), i);
  }
  std::sort(hashed.begin(), hashed.end());
  std::vector<std::pair<Key, std::vector<const Manifest*>>> copies;
  for (size_t run = 0, end; run < hashed.size(); run = end) {
    for (end = run + 1; end < hashed.size() && hashed[end].first == hashed[run].first;) ++end;
    if (end - run < 2) continue;
    std::vector<std::pair<Key, uint32_t>> keyed;
    for (size_t k = run; k < end; ++k) keyed.emplace_back(key_of(load, *objects[hashed[k].second]), hashed[k].second);
    std::sort(keyed.begin(), keyed.end());
    for (size_t first = 0, last; first < keyed.size(); first = last) {
      for (last = first + 1; last < keyed.size() && keyed[last].first == keyed[first].first;) ++last;
      if (last - first < 2) continue;
      std::vector<const Manifest*> same;
      for (size_t k = first; k < last; ++k) same.push_back(objects[keyed[k].second]);
      copies.emplace_back(keyed[first].first, std::move(same));
    }
  }
  std::sort(copies.begin(), copies.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return copies;
}

}  // namespace

void DuplicateResourceRule::check(const LintContext& context, std::vector<Finding>& out) const {
  auto copies = copies_by_key(context.load, context.objects);
  if (copies.empty()) return;
  BuildUnits units = build_units(context.load);
  for (const auto& [key, group] : copies) report_copies(*this, context, units, group, out);
}

RuleEntry duplicate_resource_rule() { return rule_entry<DuplicateResourceRule>(); }

}  // namespace driftlint
