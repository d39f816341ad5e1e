// Texts that nearly every manifest holds (the Kubernetes API's field names,
// kinds and group/versions, and those of the bundled kind schemas: 1,282,
// ci/gen-shared-texts), kept once for all trees instead of once per tree: a
// fifth of the trees' text at 20,000 manifests. A String scalar with this
// text is a NodeData whose offset numbers the shared text (tree.h).
#pragma once

#include <cstdint>
#include <string_view>

namespace driftlint::yaml {

inline constexpr uint32_t kNoSharedText = UINT32_MAX;

// The shared texts, numbered; their order is part of the parse cache's format.
extern const std::string_view kSharedTexts[];
extern const uint32_t kSharedTextCount;

// The number of the shared text equal to `text`, or kNoSharedText.
uint32_t shared_text_id(std::string_view text);

// Whether some shared text holds `text` (a tree whose own text does not may
// still hold it: Tree::may_hold). The last answer is kept per thread: its
// caller asks the same of every tree.
bool shared_texts_hold(std::string_view text);

}  // namespace driftlint::yaml
