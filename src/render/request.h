// What to render: a kustomization or a Helm chart in a loaded repo, with the
// options an Argo CD app source adds (they change the output, so they are
// part of what identifies a render).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "yaml/tree.h"

namespace driftlint {

enum class RenderKind { Kustomize, Helm };

// An Application's `kustomize:` block, applied to a copy of the
// kustomization the way Argo CD's `kustomize edit` calls apply it.
struct KustomizeOptions {
  std::string name_prefix, name_suffix, ns;  // "" = not set
  std::vector<std::string> images;           // "name=new:tag", "name:tag", "name@digest"
  std::map<std::string, std::string> common_labels, common_annotations;
  std::vector<std::pair<std::string, std::string>> replicas;  // (name, count)
  std::vector<std::string> patches;     // each a patch entry as JSON (path, patch, target, options)
  std::vector<std::string> components;  // relative to the kustomization
  bool label_without_selector = false;
  // Where the app sets them (for provenance): the `kustomize` node of the
  // app's source, and the repo/path of the file that holds it (-1 when the
  // app is not read from a loaded repo).
  yaml::Node node;
  int app_repo = -1;
  std::string app_path;

  bool empty() const;
  // A canonical text of the options: part of the render's identity.
  std::string identity() const;
};

// An Application's `helm:` block as Argo CD passes it to `helm template`.
struct HelmOptions {
  std::string release_name;  // the app's name unless set
  std::string ns;            // the destination namespace
  // Value files relative to the chart, or "$ref/path" of a multi-source
  // app's `ref:` source, resolved to (repo, path) by the caller.
  struct ValueFile {
    uint32_t repo = 0;
    std::string path;  // repo-relative
  };
  std::vector<ValueFile> value_files;
  std::string values;  // `values` (a YAML string) or `valuesObject`, as YAML
  struct Parameter {
    std::string name, value;
    bool force_string = false;
  };
  std::vector<Parameter> parameters;
  bool skip_crds = false;
  std::string kube_version;
  std::vector<std::string> api_versions;
  // Where the app sets `values` and `parameters` (for provenance), as for
  // KustomizeOptions.
  yaml::Node node;
  std::string app_path;
  int app_repo = -1;
  // The source's `path:` line in that file (else the helm block's), where a
  // folder that is no chart is reported.
  yaml::Position source_position;

  std::string identity() const;
};

// `kustomize build`'s own flags, from Argo CD's kustomize.buildOptions as
// driftlint passes them: only flags that change nothing but what is read and
// how (never plugins, exec or container functions, or another program).
struct KustomizeBuildFlags {
  std::vector<std::string> args;  // appended after the folder, as Argo CD appends them
  // Flags the options set that driftlint never passes ("--enable-alpha-plugins"):
  // a build that fails without them is not rendered, rather than failed.
  std::vector<std::string> withheld;
  // Argo CD's options are not known (no argocd-cm): a kustomization that
  // inflates Helm charts is built with --enable-helm, as its repo expects.
  bool helm_if_charts = false;

  bool enable_helm() const;
  // A canonical text: part of the render's identity ("" when there are none).
  std::string identity() const;
};

// A chart from a Helm repository or an OCI registry (an app's `chart:`
// source): fetched (render/chart_fetch.h), then rendered as a folder's is;
// `folder` is then the chart's name inside its package, and every object is
// reported at the app's `chart:` line: in `repo`, at `place_path`.
struct RemoteChart {
  std::string repo_url, chart, version;
  yaml::Position chart_position;
  std::string place_path;  // the file that names the chart (the app's, its set's, or the template that rendered it)

  bool empty() const { return chart.empty(); }
};

struct RenderRequest {
  RenderKind kind = RenderKind::Kustomize;
  uint32_t repo = 0;
  std::string folder;  // repo-relative ("" = the root)
  RemoteChart remote;  // Helm only: a chart to fetch, instead of a folder of the repo
  KustomizeOptions kustomize;
  KustomizeBuildFlags build_flags;  // kustomize only
  HelmOptions helm;

  // Same kind, place and options: rendering once serves both.
  std::string identity() const;
  // "kustomize infra/overlays/dev" (with the repo's name given).
  std::string describe(const std::string& repo_name) const;
};

}  // namespace driftlint
