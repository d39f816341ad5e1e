// libFuzzer target: ApplicationSets expanded (generators, Go templates and
// fasttemplate, templatePatch) from a repo file, and the input rendered as a
// Go template on its own. Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "gotemplate/go_template.h"
#include "argocd/model.h"
#include "gotemplate/template_encode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  driftlint::TemplateValue params = *driftlint::value_from_yaml_text(
      "name: web\npath: {path: apps/web, basename: web, segments: [apps, web]}\nvalues: {tier: gold}\nn: 3\n");
  driftlint::render_go_template(text, params, {});
  driftlint::RepoInput repo;
  repo.name = "infra";
  repo.source = "memory";
  repo.url = "https://git.example/org/infra.git";
  repo.tree = std::make_shared<driftlint::MemoryTree>(std::map<std::string, std::string>{
      {"argocd/set.yaml", text},
      {"apps/web/config.yaml", "name: web\nreplicas: 2\n"},
      {"apps/ml/config.json", "{\"name\": \"ml\", \"gpus\": [\"a100\"]}"},
      {"clusters/secret.yaml",
       "apiVersion: v1\nkind: Secret\nmetadata: {name: c, labels: {argocd.argoproj.io/secret-type: cluster}}\n"
       "stringData: {name: prod, server: https://prod.example}\n"}});
  driftlint::LoadResult load = driftlint::load_repos({repo}, driftlint::LoadOptions{});
  driftlint::build_argo_model(load, nullptr, driftlint::ArgoModelOptions{});
  return 0;
}
