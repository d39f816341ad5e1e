// What the Argo CD rules share: locating a desired object's field in the file
// it came from, naming an app and a difference in messages.
#pragma once

#include <string>
#include <vector>

#include "argocd/model.h"
#include "drift/diff.h"
#include "lint/rule.h"

namespace driftlint {

// The deepest node of `root` along `path` (the root when nothing matches).
yaml::Node node_at_path(yaml::Node root, const FieldPath& path);

// A finding at the field `path` of a desired object (its manifest's line).
Finding desired_finding(const Rule& rule, const LintContext& context, const DesiredObject& desired,
                        const FieldPath& path, std::string message);

// "app 'x' (auto-sync, selfHeal)".
std::string describe_app(const Application& app);

// "data.k: live \"14\", git \"10\"".
std::string describe_diff(const FieldDiff& diff);
// The field and both values of a diff, for the reports' structured fields.
FieldValues field_values(const FieldDiff& diff);

}  // namespace driftlint

namespace driftlint {

// A finding about an app's source `source`, at the Application manifest in a
// loaded repo (the `key` of that source, e.g. "path"), else at the
// ApplicationSet that generates it, else on the source's repo with no line.
Finding app_source_finding(const Rule& rule, const LintContext& context, const Application& app,
                           size_t source, std::string_view key, std::string message);

// The same at `node`, a node of the app's source (a `valueFiles` entry): in
// the Application's file, or in the ApplicationSet whose template wrote it.
Finding app_source_node_finding(const Rule& rule, const LintContext& context, const Application& app,
                                size_t source, yaml::Node node, std::string message);

// Whether a manifest pointer belongs to the loaded repos (not the snapshot).
bool in_repos(const LintContext& context, const Manifest* manifest);

}  // namespace driftlint
