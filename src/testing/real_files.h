// For tests that compare two readers on real files: the YAML and JSON files
// of testdata/ and, when it is there, of the shared corpus.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace driftlint {

// Every .yaml, .yml and .json file of testdata/, then of ../shared/corpus,
// each tree in its directory order. The sanitizer build takes every eighth
// corpus file only: its instrumented, unoptimised readers need minutes for all
// 7,800 (three such tests were a quarter of CI's time); the plain build reads
// them all.
std::vector<std::filesystem::path> real_yaml_files();

// The file's bytes as the tests read them.
std::string bytes_of(const std::filesystem::path& path);

}  // namespace driftlint
