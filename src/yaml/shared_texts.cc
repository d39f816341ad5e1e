#include "yaml/shared_texts.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

namespace driftlint::yaml {

const std::string_view kSharedTexts[] = {
#include "yaml/shared_texts_list.inc"
};
const uint32_t kSharedTextCount = sizeof kSharedTexts / sizeof kSharedTexts[0];

namespace {

constexpr size_t kSlots = 4096;  // a power of two, over three times the texts
static_assert(sizeof kSharedTexts / sizeof kSharedTexts[0] < kSlots / 3);

// From the length and a few fixed-size loads, no loop (as TreeArrays' recent
// texts are found): every scalar of a parse is looked up.
size_t slot_of(std::string_view text) {
  auto load = [&](size_t at, auto word) {
    std::memcpy(&word, text.data() + at, sizeof word);
    return uint64_t{word};
  };
  size_t n = text.size();
  uint64_t h = n >= 8 ? load(0, uint64_t{}) ^ (load(n - 8, uint64_t{}) >> 3)
                      : n >= 4 ? load(0, uint32_t{}) | (load(n - 4, uint32_t{}) << 32)
                               : uint64_t{static_cast<unsigned char>(text[0])} |
                                     uint64_t{static_cast<unsigned char>(text[n - 1])} << 8;
  h = (h ^ n) * 0x9E3779B97F4A7C15ull;
  return (h >> 40) & (kSlots - 1);
}

// Open addressing: a slot holds a text's number + 1 (0: empty).
struct Table {
  std::array<uint16_t, kSlots> slots{};
  size_t longest = 0;
  Table() {
    for (uint32_t id = 0; id < kSharedTextCount; ++id) {
      size_t s = slot_of(kSharedTexts[id]);
      while (slots[s] != 0) s = (s + 1) & (kSlots - 1);
      slots[s] = static_cast<uint16_t>(id + 1);
      longest = std::max(longest, kSharedTexts[id].size());
    }
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
  for (size_t s = slot_of(text);; s = (s + 1) & (kSlots - 1)) {
    uint16_t slot = t.slots[s];
    if (slot == 0) return kNoSharedText;
    if (kSharedTexts[slot - 1] == text) return slot - 1u;
  }
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
