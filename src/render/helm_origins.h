// Where a Helm chart's output was set: each object at its template file, and
// a value a values file sets (the chart's values.yaml, the app's value files,
// `values`, `parameters`; the last one wins, as in Helm) at that line, found
// by the key and value it writes.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "model/provenance.h"
#include "render/helm_template_lines.h"
#include "render/request.h"

namespace driftlint {

class HelmValueIndex {
 public:
  // Records that a file sets `key` (the last segment) to `value` at `place`.
  void add(const std::string& key, const std::string& value, SourcePlace place);
  // The last file (in Helm's order) that sets key to value.
  const SourcePlace* find(const std::string& key, const std::string& value) const;
  // The last file that sets any key to value.
  const SourcePlace* find_value(const std::string& value) const;
  // Where a rendered scalar was set: its key and value as written, else, for
  // an image (templates build "repository:tag"), the value that gives its
  // tag, digest or repository.
  const SourcePlace* find_for(const std::string& key, const std::string& value) const;

 private:
  std::map<std::pair<std::string, std::string>, SourcePlace> places_;
  std::map<std::string, SourcePlace> by_value_;
};

// A values file of a chart build: its copy in the build and where it comes from.
struct ValuesSource {
  std::string copy;  // the path of its copy in the build's files
  uint32_t repo = 0;
  std::string path;  // repo-relative; the app's file for `values`
  bool from_app = false;
};

// Indexes the chart's values.yaml, the app's value files and its
// parameters, in Helm's order.
HelmValueIndex index_chart_values(const RenderRequest& request, const std::map<std::string, std::string>& files,
                                  const std::vector<ValuesSource>& sources);

// Fills `provenance` for an object of the output: every node at the line of
// its template that writes it (`lines`, when the template was read; else,
// and for what a helper writes, the nearest enclosing field's), values at
// the values line that sets them.
void trace_helm_object(yaml::Node object, const std::string& template_path, const HelmTemplateLines* lines,
                       const HelmValueIndex& values, Provenance& provenance, SourcePosition fallback = {1, 1});

}  // namespace driftlint
