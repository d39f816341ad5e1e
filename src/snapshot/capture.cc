#include "snapshot/capture.h"

#include <set>

#include <nlohmann/json.hpp>

#include "base/process.h"
#include "base/strings.h"
#include "base/utc_time.h"
#include "snapshot/snapshot.h"

namespace driftlint {

namespace {

std::vector<std::string> base_args(const CaptureOptions& o) {
  std::vector<std::string> args = {o.kubectl};
  if (!o.kubeconfig.empty()) args.push_back("--kubeconfig=" + o.kubeconfig);
  if (!o.context.empty()) args.push_back("--context=" + o.context);
  return args;
}

std::string first_line(const std::string& text) {
  std::string_view t = trim(text);
  size_t nl = t.find('\n');
  return std::string(nl == std::string_view::npos ? t : t.substr(0, nl));
}

std::string failure(const std::string& what, const ProcessResult& r, unsigned timeout) {
  if (!r.started) return what + ": kubectl could not be run (is it installed and on PATH?)";
  if (r.timed_out) return what + ": kubectl did not answer within " + std::to_string(timeout) + " s";
  std::string message = first_line(r.err);
  return what + ": kubectl exited " + std::to_string(r.exit_code) + (message.empty() ? "" : ": " + message);
}

}  // namespace

void strip_captured(nlohmann::json& item) {
  if (!item.is_object()) return;
  if (item.contains("metadata") && item["metadata"].is_object()) item["metadata"].erase("managedFields");
  std::string kind = item.value("kind", "");
  if (kind == "Secret") {
    item.erase("data");
    item.erase("stringData");
  }
  if (kind == "Pod") item.erase("status");
}

namespace {

// The context kubectl uses: the one asked, else the kubeconfig's current one ("" when none).
std::string context_of(const CaptureOptions& options, const ProcessOptions& run) {
  if (!options.context.empty()) return options.context;
  std::vector<std::string> args = base_args(options);
  args.insert(args.end(), {"config", "current-context"});
  ProcessResult r = run_process(args, run);
  return r.ok() ? std::string(trim(r.out)) : "";
}

}  // namespace

Expected<Capture> capture_snapshot(const CaptureOptions& options) {
  std::vector<std::string> wanted = options.kinds.empty() ? default_snapshot_kinds() : options.kinds;
  ProcessOptions run;
  run.timeout = std::chrono::seconds(options.timeout_seconds);
  run.max_output = 1u << 30;

  std::vector<std::string> discover = base_args(options);
  discover.insert(discover.end(), {"api-resources", "-o", "name"});
  ProcessResult served_run = run_process(discover, run);
  if (!served_run.ok()) return Error{failure("listing the cluster's resource kinds", served_run, options.timeout_seconds)};
  std::set<std::string> served;
  for (std::string_view line : split(served_run.out, '\n')) {
    std::string_view name = trim(line);
    if (!name.empty()) served.insert(std::string(name));
  }

  Capture capture;
  nlohmann::json items = nlohmann::json::array();
  for (const std::string& kind : wanted) {
    if (is_secret_kind(kind)) {
      capture.notes.push_back(kind + ": Secrets are never captured");
      continue;
    }
    if (!served.count(kind)) {
      capture.notes.push_back(kind + ": not served by this cluster, skipped");
      continue;
    }
    std::vector<std::string> get = base_args(options);
    get.insert(get.end(), {"get", kind, "--all-namespaces", "-o", "json"});
    ProcessResult got = run_process(get, run);
    if (!got.ok()) return Error{failure("reading " + kind, got, options.timeout_seconds)};
    if (got.truncated) return Error{"reading " + kind + ": more than 1 GiB of output"};
    nlohmann::json list;
    try {
      list = nlohmann::json::parse(got.out);
    } catch (const nlohmann::json::exception& e) {
      return Error{"reading " + kind + ": kubectl printed no valid JSON (" + std::string(e.what()) + ")"};
    }
    if (!list.is_object() || !list.contains("items") || !list["items"].is_array()) {
      return Error{"reading " + kind + ": kubectl printed no list"};
    }
    for (nlohmann::json& item : list["items"]) {
      strip_captured(item);
      items.push_back(std::move(item));
      ++capture.objects;
    }
    capture.kinds_captured.push_back(kind);
  }
  nlohmann::json metadata = {{"resourceVersion", ""}};
  metadata["annotations"][std::string(kSnapshotCapturedAtAnnotation)] = format_utc(options.now);
  if (std::string context = context_of(options, run); !context.empty()) {
    metadata["annotations"][std::string(kSnapshotContextAnnotation)] = context;
  }
  nlohmann::json doc = {{"apiVersion", "v1"}, {"kind", "List"}, {"metadata", std::move(metadata)}, {"items", std::move(items)}};
  capture.json = doc.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  return capture;
}

}  // namespace driftlint
