#include "load/policy_tests.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "fs/repo_path.h"

namespace driftlint {

namespace {

// A file named by a test beside it or below it: one of the test's fixtures.
// A test at the repo's root names the repo's own manifests: only the files
// beside it there are its fixtures.
void note_fixture(const LoadedFile& test_file, const std::string& path, uint32_t file, ChainsawFiles& out) {
  std::string folder = parent_of(test_file.path);
  bool inside = folder.empty() ? parent_of(path).empty() : path.compare(0, folder.size() + 1, folder + "/") == 0;
  if (inside) out.fixtures.insert(file);
}

// The file a test names (relative to the test's folder), noted as a fixture
// when it is one; nullopt when the repos have no such file.
std::optional<uint32_t> named_file(const LoadIndex& index, const LoadedFile& test_file, std::string_view name,
                                   ChainsawFiles& out) {
  std::optional<std::string> path = clean_path(join_path(parent_of(test_file.path), name));
  std::optional<uint32_t> f = path ? index.file(test_file.repo, *path) : std::nullopt;
  if (f) note_fixture(test_file, *path, *f, out);
  return f;
}

struct TestWalk {
  const LoadResult& load;
  const LoadIndex& index;
  const LoadedFile& test_file;
  ChainsawFiles& out;
  std::set<std::string> made;  // objects an earlier operation applied

  void operation(yaml::Node op) {
    for (const char* verb : {"assert", "error", "patch", "apply", "create", "update"}) {
      std::optional<std::string_view> name = op.path({verb, "file"}).as_string();
      std::optional<uint32_t> f = name ? named_file(index, test_file, *name, out) : std::nullopt;
      if (!f) continue;
      auto [first, last] = index.manifests_of(*f);
      for (uint32_t i = first; i < last; ++i) add(verb, load.manifests[i]);
    }
  }

  void add(std::string_view verb, const Manifest& m) {
    if (verb == "assert" || verb == "error") {
      out.assertions.insert(&m);
      return;
    }
    if (verb == "patch" || !made.insert(object_key(m.id)).second) out.partial.insert(&m);
    else out.created.insert(&m);
  }
};

// A Kyverno CLI test's `resources`: files beside the test, read offline.
void kyverno_cli_test(const LoadResult& load, const LoadIndex& index, const Manifest& test, ChainsawFiles& out) {
  const LoadedFile& test_file = load.files[test.file];
  for (yaml::Node entry : test.root.get("resources").elements()) {
    std::optional<std::string_view> name = entry.as_string();
    std::optional<uint32_t> f = name ? named_file(index, test_file, *name, out) : std::nullopt;
    if (!f) continue;
    auto [first, last] = index.manifests_of(*f);
    for (uint32_t i = first; i < last; ++i) out.created.insert(&load.manifests[i]);
  }
}

bool is_kyverno_cli_test(const ObjectIdentity& id) { return id.group == "cli.kyverno.io" && id.kind == "Test"; }
bool is_chainsaw_test(const ObjectIdentity& id) { return id.group == "chainsaw.kyverno.io" && id.kind == "Test"; }

// Every file in a folder that holds a test (not the repo's root): what the
// test names (resources, the CLI's expected `patchedResources`, Chainsaw's
// steps) and what it left behind unnamed, which nothing applies.
void note_test_folders(const LoadResult& load, const std::set<std::pair<uint32_t, std::string>>& folders,
                       ChainsawFiles& out) {
  for (uint32_t f = 0; f < load.files.size(); ++f) {
    std::string folder = parent_of(load.files[f].path);
    if (!folder.empty() && folders.count({load.files[f].repo, folder})) out.fixtures.insert(f);
  }
}

}  // namespace

ChainsawFiles policy_tests(const LoadResult& load) {
  for (const Manifest& m : load.manifests) {
    if (is_kyverno_cli_test(m.id) || is_chainsaw_test(m.id)) return chainsaw_files(load, LoadIndex(load));
  }
  return {};
}

ChainsawFiles chainsaw_files(const LoadResult& load, const LoadIndex& index) {
  ChainsawFiles out;
  std::set<std::pair<uint32_t, std::string>> test_folders;
  for (const Manifest& test : load.manifests) {
    if (is_kyverno_cli_test(test.id) || is_chainsaw_test(test.id)) {
      test_folders.insert({load.files[test.file].repo, parent_of(load.files[test.file].path)});
    }
    if (is_kyverno_cli_test(test.id)) kyverno_cli_test(load, index, test, out);
    if (!is_chainsaw_test(test.id)) continue;
    TestWalk walk{load, index, load.files[test.file], out, {}};
    for (yaml::Node step : test.root.path({"spec", "steps"}).elements()) {
      for (const char* block : {"try", "catch", "finally", "cleanup"}) {
        for (yaml::Node op : step.get(block).elements()) walk.operation(op);
      }
    }
  }
  note_test_folders(load, test_folders, out);
  return out;
}

}  // namespace driftlint
