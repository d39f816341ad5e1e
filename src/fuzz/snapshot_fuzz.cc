// libFuzzer target: snapshot loading and reading Applications from it. Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "argocd/application.h"
#include "argocd/model.h"
#include "snapshot/snapshot.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  driftlint::SnapshotLoad load =
      driftlint::load_snapshot_text(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
  for (const driftlint::Manifest& m : load.snapshot.objects) {
    driftlint::Application app = driftlint::parse_application(m.root);
    driftlint::read_application_status(m.root, app);
    driftlint::parse_tracking_id(m.id.name);
  }
  return 0;
}
