// Which Argo CD apps a finding is filed under, and what the reports show of
// each app: shared by the Markdown report (sections) and the JSON report
// (`app`, `apps`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "report/report.h"

namespace driftlint {

struct Application;

struct FindingPlacement {
  // Per finding (index into lint.findings): the apps it is filed under,
  // sorted: the Application it is about, else the apps that apply its
  // object, else the apps that deploy its file.
  std::vector<std::vector<uint32_t>> apps;
  // Per finding: about a file no app deploys (not-deployed findings always;
  // never filed under an app the file itself defines).
  std::vector<bool> not_deployed;
};

FindingPlacement place_findings(const ReportInput& input);

// The cluster an app deploys to: spec.destination.server, else its name,
// else "(no destination)".
std::string app_destination(const Application& app);

}  // namespace driftlint
