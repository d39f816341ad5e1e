// One finding per place and problem. Rendered objects are judged one by one,
// but a shared base used by three overlays, or a patch line that sets a field
// of seventeen objects, is one line to fix: the findings a rule makes at the
// same place with the same message (the objects' names aside) become one,
// naming the other objects and every app.
#pragma once

#include <vector>

#include "lint/finding.h"

namespace driftlint {

// Merges one rule's findings in place, keeping the first of each group.
void merge_findings_at_one_place(std::vector<Finding>& findings);

}  // namespace driftlint
