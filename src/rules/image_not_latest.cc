#include <map>
#include <memory>

#include "base/strings.h"
#include "lint/rule.h"
#include "load/load_index.h"
#include "model/image_reference.h"
#include "model/pod_templates.h"
#include "render/render_set.h"
#include "render/renderer.h"

namespace driftlint {

// A container image on `:latest` or without a tag or digest.
class ImageNotLatestRule : public RuleBase<ImageNotLatestRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& ImageNotLatestRule::static_info() {
  static const RuleInfo info{
      .id = "image-not-latest",
      .default_severity = Severity::Warning,
      .enabled_by_default = false,
      .summary = "A container image uses a moving tag (`:latest`, `:main`, `:nightly`, `:latest-gpu`, ...) or no "
                 "tag at all.",
      .rationale =
          "A moving tag makes the same manifest run different code on each pull; a rollback or an "
          "audit cannot say what ran, and Argo CD shows no diff when the image behind the tag "
          "changes. Moving tags are those that follow a branch or a channel: `latest`, `main`, "
          "`master`, `nightly`, `edge`, `dev`, and tags that start or end with `latest` (`latest-gpu`, "
          "`gpu-latest`); a digest pins any tag. Every container of every pod template driftlint knows is read (init and "
          "ephemeral containers, CronJobs' job templates, Argo Workflows templates, Argo Events "
          "Sensors' triggers, Volcano, Kubeflow, JobSet, Ray, LeaderWorkerSet, KServe serving "
          "runtimes and inference services, Tekton steps, Spark, Knative, and unknown kinds "
          "with a pod-shaped template; see docs/pod-templates.md). A value that is not an image "
          "reference (`IMAGE_URL`, `${IMAGE}`, `{{.Image}}`, `FILLED BY THE OPERATOR`) is a "
          "placeholder something else fills in: it is not judged, and said once per file as a "
          "suppressed finding (`--show-suppressed`). A file judged as it is because a kustomize build "
          "reading it failed is not judged on an image its own kustomization pins with `images:` "
          "(`newTag` that is not a moving tag, or `digest`); one it rewrites to a moving tag "
          "(kueue's `newTag: main`) is reported with that tag.",
      .hint = "Pin the image to a version tag or, better, a digest (`image@sha256:...`).",
      .example = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  template:\n"
                 "    spec:\n      containers:\n      - {name: api, image: registry.example/api:latest}\n",
      .options = {},
      .skips_policy_test_inputs = true};
  return info;
}

namespace {

struct Placeholders {
  const Manifest* manifest = nullptr;
  yaml::Node first;
  std::shared_ptr<const yaml::ParsedFile> keep;  // owns `first` when it is in an embedded manifest
  size_t count = 0;
};

std::string who(const PodTemplateView& pod, const ContainerView& c) {
  if (!c.name.empty()) return "container " + quote_for_message(c.name);
  if (!pod.template_name.empty()) return "the " + std::string(c.list) + " of template " + quote_for_message(pod.template_name);
  // A list ("containers", "steps") or one entry ("driver", "model", "stepTemplate").
  if (c.list.empty() || c.list.back() != 's') return "the " + std::string(c.list);
  return "an unnamed " + std::string(c.list) + " entry";
}

// Why an unpinned reference can run different code on each pull.
std::string why_unpinned(const ImageReference& ref) {
  if (ref.tag.empty()) return "it has no tag (the runtime pulls :latest)";
  return "it uses :" + std::string(ref.tag) + ", a moving tag";
}

// Whether a build that reads the file failed (its `files` are known even then).
bool read_by_failed_build(const LintContext& context, const LoadedFile& file) {
  if (!context.renders) return false;
  for (const RenderOutput* build : context.renders->outputs) {
    if (build->status == RenderOutput::Status::Failed && build->repo == file.repo &&
        build->files.count(file.path)) {
      return true;
    }
  }
  return false;
}

// For an object read as it is because the build reading it failed: the
// `images:` entry of the kustomization beside its file that rewrites the
// image (a kubebuilder `controller:latest` set to a release), when that
// kustomization lists the file; else an invalid node. Not rendering at all
// (--no-render, no kustomize) judges files as they are.
yaml::Node kustomization_image(const LintContext& context, const Manifest& m,
                               const ImageReference& ref) {
  if (m.rendered()) return {};
  const LoadedFile& file = context.load.file_of(m);
  if (!read_by_failed_build(context, file)) return {};
  const LoadIndex& index = context.load.index();
  size_t slash = file.path.rfind('/');
  std::string folder = slash == std::string::npos ? "" : file.path.substr(0, slash);
  std::string name = slash == std::string::npos ? file.path : file.path.substr(slash + 1);
  auto kustomization = index.kustomization_in(file.repo, folder);
  if (!kustomization) return {};
  yaml::Node k = index.build_file(*kustomization);
  bool listed = false;
  for (yaml::Node r : k.get("resources").elements()) listed = listed || r.text() == name || r.text() == "./" + name;
  if (!listed) return {};
  for (yaml::Node image : k.get("images").elements()) {
    if (image.get("name").text() == ref.name) return image;
  }
  return {};
}

// Why what runs can change (nullopt: it cannot): the image as written, or as
// the kustomization's `images:` entry rewrites it (`rewrite`, may be invalid).
std::optional<std::string> unpinned_because(const ImageReference& ref, yaml::Node rewrite) {
  if (rewrite.get("digest").is_scalar()) return std::nullopt;
  yaml::Node tag = rewrite.get("newTag");
  if (!tag.is_scalar() || tag.text().empty()) {
    return ref.unpinned() ? std::optional<std::string>(why_unpinned(ref)) : std::nullopt;
  }
  if (!is_moving_tag(tag.text())) return std::nullopt;
  std::string name(rewrite.get("newName").is_scalar() ? rewrite.get("newName").text() : ref.name);
  return "its kustomization's images: rewrites it to " + quote_for_message(name + ":" + std::string(tag.text())) +
         ", and :" + std::string(tag.text()) + " is a moving tag";
}

}  // namespace

void ImageNotLatestRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::map<uint32_t, Placeholders> placeholders;  // by file, in file order
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    for (const PodTemplateView& pod : pod_templates(m)) {
      for (const ContainerView& c : pod.containers) {
        if (!c.image.is_scalar() || c.image.is_null()) continue;
        std::optional<ImageReference> ref = parse_image_reference(c.image.text());
        if (!ref) {
          Placeholders& p = placeholders[m.file];
          if (p.count++ == 0) p = {&m, c.image, pod.embedded, 1};
          continue;
        }
        if (!ref->unpinned() && !ref->digest.empty()) continue;
        std::optional<std::string> why = unpinned_because(*ref, kustomization_image(context, m, *ref));
        if (!why) continue;
        std::string message = who(pod, c) + " in " + pod.location + " runs image " +
                              quote_for_message(c.image.text()) + ", which is not pinned: " + *why;
        out.push_back(finding_at(context, m, c.image, std::move(message)));
      }
    }
  }
  for (const auto& [file, p] : placeholders) {
    Finding f = finding_at(context, *p.manifest, p.first,
                           std::to_string(p.count) + (p.count == 1 ? " image value is not an image reference"
                                                                     : " image values are not image references") +
                               " (e.g. " + quote_for_message(p.first.text(), 40) +
                               "): a placeholder filled in elsewhere, not judged");
    f.hint = "Nothing to do here: pin the image where the placeholder is filled in.";
    f.suppressed = true;
    f.suppression_kind = "external";
    f.suppression = "not an image reference: a placeholder, not judged";
    out.push_back(std::move(f));
  }
}

RuleEntry image_not_latest_rule() { return rule_entry<ImageNotLatestRule>(); }

}  // namespace driftlint
