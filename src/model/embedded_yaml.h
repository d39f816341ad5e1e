// YAML held in a string of another YAML file (an Argo Workflows `resource`
// template's `manifest`), parsed on its own but laid out as in the file, so
// its nodes' lines are the file's lines.
#pragma once

#include <memory>

#include "yaml/parser.h"

namespace driftlint {

// Parses the string `scalar`, the value of the key `key`. A literal block
// scalar (`manifest: |`) starts on the line after its indicator; its columns
// assume the usual indentation of two spaces more than the key. A one-line
// string is placed where it is written (columns shift after an escape). A
// string on one line whose breaks are escapes, and text that does not parse
// (a template whose `{{...}}` only becomes YAML once substituted), give
// nullptr: not read.
std::shared_ptr<const yaml::ParsedFile> parse_embedded_yaml(yaml::Node key, yaml::Node scalar);

}  // namespace driftlint
