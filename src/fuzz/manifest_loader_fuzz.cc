// libFuzzer target: the manifest loader (template detection, parse, extract
// objects and lists, scan ignore directives), and the pod templates rules
// read (with objects embedded in strings). Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "load/directives.h"
#include "load/loader.h"
#include "model/pod_templates.h"
#include "yaml/parser.h"
#include "yaml/template_actions.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto action = driftlint::yaml::find_template_action(text)) {
    if (action->line == 0 || action->column == 0) __builtin_trap();
  }
  driftlint::yaml::ParseLimits limits;
  limits.max_alias_expansion = 100'000;
  driftlint::yaml::ParsedFile parsed = driftlint::yaml::parse_yaml(text, limits);
  driftlint::Extracted extracted;
  driftlint::extract_manifests(parsed, "fuzz.yaml", 0, extracted);
  driftlint::scan_ignore_directives(text, parsed);
  for (const driftlint::Manifest& m : extracted.manifests) {
    for (const driftlint::PodTemplateView& pod : driftlint::pod_templates(m)) {
      for (const driftlint::ContainerView& c : pod.containers) {
        if (c.image.is_scalar() && c.image.position().line == 0) __builtin_trap();
        (void)c.command_line();
      }
    }
  }
  return 0;
}
