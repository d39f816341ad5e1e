#include "yaml/shared_texts.h"

#include <algorithm>
#include <string>

#include "base/flat_index.h"
#include "yaml/short_text_hash.h"

namespace driftlint::yaml {

const std::string_view kSharedTexts[] = {
#include "yaml/shared_texts_list.inc"
};
const uint32_t kSharedTextCount = sizeof kSharedTexts / sizeof kSharedTexts[0];

namespace {

// The texts by their text; the longest, to refuse a longer one at once.
struct Table {
  FlatIndex index;
  size_t longest = 0;
  Table() {
    index.build(kSharedTextCount, [](size_t id) { return short_text_hash(kSharedTexts[id]); });
    for (uint32_t id = 0; id < kSharedTextCount; ++id) longest = std::max(longest, kSharedTexts[id].size());
  }
};

const Table& table() {
  static const Table built;
  return built;
}

}  // namespace

uint32_t shared_text_id(std::string_view text) {
  const Table& t = table();
  if (text.size() < 2 || text.size() > t.longest) return kNoSharedText;
  std::optional<uint32_t> id = t.index.find(short_text_hash(text), [&](uint32_t i) { return kSharedTexts[i] == text; });
  return id.value_or(kNoSharedText);
}

bool shared_texts_hold(std::string_view text) {
  thread_local std::string asked;
  thread_local bool answer = false;
  if (asked.empty() || asked != text) {
    answer = false;
    for (uint32_t id = 0; id < kSharedTextCount && !answer; ++id) {
      answer = kSharedTexts[id].find(text) != std::string_view::npos;
    }
    asked.assign(text);
  }
  return answer;
}

}  // namespace driftlint::yaml
