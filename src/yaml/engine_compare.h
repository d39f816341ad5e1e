// Differential checks between driftlint's own YAML code and libyaml, for
// the tests (scanner_agrees_test, deep_flow_test, engines_agree_test) and
// the fuzz target (fuzz/yaml_engines_fuzz.cc): each returns "" when the two
// agree, else a description of the first difference.
#pragma once

#include <string>
#include <string_view>

#include "yaml/parser.h"

namespace driftlint::yaml {

// The token streams of libyaml's scanner and driftlint's port of it
// (yaml/scanner.h): every token's type, marks and data, and the error that
// ends the stream (its kind, messages and marks, or its reader offset).
std::string compare_scanners(std::string_view text);

// The first difference between two parse results: documents, node kinds,
// scalar types and texts, positions, duplicate keys, and the error with its
// position (`compare_errors`); "" when they are the same.
std::string compare_parsed(const ParsedFile& a, const ParsedFile& b, bool compare_errors);

// `utf8` as UTF-16 with its byte order mark, for tests of libyaml's other encoding.
std::string to_utf16(std::string_view utf8, bool little_endian);

// libyaml alone (no hand-off to the deep-flow path), for reference.
ParsedFile parse_with_libyaml_only(std::string_view text, const ParseLimits& limits = {});

// The deep-flow path (yaml/deep_flow.h) with every flow collection started in
// the block context parsed by driftlint's own flow parser, however shallow;
// `report` says how many it parsed and whether libyaml's copy disagreed.
struct DeepFlowReport;
ParsedFile parse_with_own_flow(std::string_view text, const ParseLimits& limits, DeepFlowReport* report);

}  // namespace driftlint::yaml
