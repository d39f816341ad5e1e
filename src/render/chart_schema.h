// What a chart's values.schema.json would make helm read besides the chart.
// Helm (3.18 and later, and 4) compiles each schema as the resource
// file:///values.schema.json with loaders for file, http and https: a `$ref`
// (or `$dynamicRef`, `$recursiveRef`, or an unknown `$schema`) that is not a
// fragment of the document itself is fetched from any host (a blind request
// from the runner) or read from the runner's disk: "defs.json" and
// "file:///root/.config/x.json" alike resolve to files there, never to the
// chart. Fragments ("#/definitions/x"), `urn:` (resolved to `true`, no I/O)
// and json-schema.org's metaschemas (built in) read nothing.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace driftlint {

struct SchemaReference {
  std::string keyword;  // "$ref", "$dynamicRef", "$recursiveRef", "$schema"
  std::string value;
  bool fetched = false;  // http(s): Argo CD's repo server would download it; else a file helm would read
};

struct SchemaScan {
  bool parsed = true;  // false: not JSON driftlint can read (helm would refuse it too)
  std::vector<SchemaReference> outside;  // in document order
};

SchemaScan scan_values_schema(std::string_view json);

// Whether `path` is a values.schema.json helm reads (the chart's or a subchart's).
bool is_values_schema(std::string_view path);

// Every values.schema.json of a chart: of `files` (path -> text) below
// `folder`, and those inside its packaged subcharts (charts/*.tgz, and the
// packages inside those), named "chart/charts/db-1.0.0.tgz:db/values.schema.json".
// A package that cannot be read (not an archive, over `max_bytes` inflated)
// is named in `unreadable`.
struct ChartSchemas {
  std::vector<std::pair<std::string, std::string>> schemas;
  std::vector<std::string> unreadable;
};
ChartSchemas chart_schemas(const std::map<std::string, std::string>& files, const std::string& folder,
                           uint64_t max_bytes);

}  // namespace driftlint
