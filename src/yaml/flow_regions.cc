#include "yaml/flow_regions.h"

#include <deque>

#include "yaml/flow_parser.h"

namespace driftlint::yaml {

namespace {

using scan::TokenType;

// What the scanner reports of the flow collections it enters from the
// block context, in text order (it may report them ahead of the tokens).
class FlowLog final : public scan::FlowWatcher {
 public:
  void flow_entered(const scan::FlowStart& start) override { entered.push_back(start); }
  void flow_left(const scan::Mark& start) override { left.push_back(start); }
  // Forgets what lies before `index` (inside a region just parsed).
  void drop_before(uint64_t index) {
    while (!entered.empty() && entered.front().mark.index < index) entered.pop_front();
    while (!left.empty() && left.front().index < index) left.pop_front();
  }
  std::deque<scan::FlowStart> entered;
  std::deque<scan::Mark> left;
};

// The %TAG directives libyaml's parser would have in force: those before a
// document's "---", dropped at the document's end.
class TagTracker {
 public:
  void see(const scan::Token& t) {
    if (t.type == TokenType::TagDirective) {
      pending_.push_back({t.value, t.suffix});
    } else if (t.type == TokenType::DocumentStart) {
      active_ = with_default_tags(std::move(pending_));
      pending_.clear();
    } else if (t.type == TokenType::DocumentEnd) {
      active_ = with_default_tags({});
    }
  }
  const std::vector<TagDirective>& active() const { return active_; }

 private:
  std::vector<TagDirective> pending_;
  std::vector<TagDirective> active_ = with_default_tags({});
};

size_t utf8_width(unsigned char lead) {
  return (lead & 0x80) == 0 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
}

// The byte offset of character `index`, walking from a known (byte, index).
size_t byte_of(std::string_view text, size_t position, uint64_t from, uint64_t index) {
  for (; from < index && position < text.size(); ++from) {
    position += utf8_width(static_cast<unsigned char>(text[position]));
  }
  return position;
}

// The bytes of a line break starting at `i` (CR, LF, NEL, LS, PS), or 0.
size_t break_width(std::string_view t, size_t i) {
  auto at = [&](size_t k) { return i + k < t.size() ? static_cast<unsigned char>(t[i + k]) : 0; };
  if (at(0) == '\r' || at(0) == '\n') return 1;
  if (at(0) == 0xC2 && at(1) == 0x85) return 2;
  if (at(0) == 0xE2 && at(1) == 0x80 && (at(2) == 0xA8 || at(2) == 0xA9)) return 3;
  return 0;
}

// Appends text[pos, end) with every character but line breaks made a space.
void blank(std::string_view text, size_t& pos, size_t end, std::string& out) {
  while (pos < end) {
    size_t w = break_width(text, pos);
    if (w) {
      out.append(text, pos, w);
    } else {
      out.push_back(' ');
      w = utf8_width(static_cast<unsigned char>(text[pos]));
    }
    pos += w;
  }
}

// The stand-in for a region that ends past the flow context: its parser
// closes it one ']' after its scanner does, as in the original.
std::string_view stand_in(char open) { return open == '{' ? "[[?],]]" : "[?],]"; }

FlowRegion parse_region(scan::Scanner& scanner, FlowLog& log, const TagTracker& tags, std::string_view text) {
  FlowRegion region;
  region.start = log.entered.front();
  log.entered.pop_front();
  FlowParser dry(scanner, tags.active(), nullptr);
  bool parsed = dry.parse(region.start.mark, {});
  region.depth = dry.max_depth();
  bool scanner_left = !log.left.empty();
  scan::Mark scanner_end = scanner_left ? log.left.front() : scan::Mark{};
  if (!parsed) {
    region.broken = true;
    region.early = !dry.started();
    region.past_flow = scanner_left;
    if (scanner_left) {
      region.scanner_end = byte_of(text, region.start.position, region.start.mark.index, scanner_end.index);
    }
    region.stopped_at = scanner.position();
    return region;
  }
  region.end = dry.end_mark();
  region.end_position = byte_of(text, region.start.position, region.start.mark.index, region.end.index);
  region.past_flow = scanner_end.index != region.end.index;
  log.drop_before(region.end.index + 1);
  return region;
}

}  // namespace

std::vector<FlowRegion> find_flow_regions(std::string_view text, const scan::ReaderCheck& reader, size_t min_depth) {
  std::vector<FlowRegion> regions;
  FlowLog log;
  scan::Scanner scanner(text, reader);
  scanner.watch(&log);
  TagTracker tags;
  for (;;) {
    scan::Token* token = scanner.peek();
    if (!token || token->type == TokenType::StreamEnd) break;
    if (token->from_block && !log.entered.empty()) {
      FlowRegion region = parse_region(scanner, log, tags, text);
      if (region.broken || region.depth > min_depth) regions.push_back(std::move(region));
      if (!regions.empty() && regions.back().broken) break;
      continue;
    }
    tags.see(*token);
    scanner.skip_token();
  }
  return regions;
}

bool can_hollow(std::string_view text, const FlowRegion& region) {
  if (region.broken) return !region.early;
  if (!region.past_flow) return true;
  size_t needed = stand_in(text[region.start.position]).size();
  size_t found = 0;
  for (size_t i = region.start.position + 1; i < region.end_position && found < needed;) {
    size_t w = break_width(text, i);
    if (!w) ++found;
    i += w ? w : utf8_width(static_cast<unsigned char>(text[i]));
  }
  return found >= needed;
}

HollowText hollow_regions(std::string_view text, const scan::ReaderCheck& reader,
                          const std::vector<FlowRegion>& regions) {
  HollowText out;
  out.text.reserve(text.size());
  size_t pos = 0;
  bool cut = false;
  for (const FlowRegion& r : regions) {
    out.text.append(text, pos, r.start.position + 1 - pos);  // up to and with the bracket
    pos = r.start.position + 1;
    size_t interior = out.text.size();
    size_t end = r.broken ? std::min(r.scanner_end, r.stopped_at) : r.end_position;
    blank(text, pos, end, out.text);
    if (r.broken) {
      // The flow parser meets the error; libyaml's copy goes on as the text
      // does once the scanner is back in the block context, else stops.
      cut = r.scanner_end == SIZE_MAX;
      if (cut) pos = text.size();
      break;
    }
    if (r.past_flow) {
      std::string_view plant = stand_in(text[r.start.position]);
      size_t k = plant.size();
      for (size_t i = out.text.size(); i > interior && k > 0; --i) {
        if (out.text[i - 1] == ' ') out.text[i - 1] = plant[--k];
      }
    }
    out.text.push_back(text[r.end_position]);
    pos = r.end_position + 1;
  }
  if (pos < text.size()) out.text.append(text, pos);
  if (reader.problem) {
    // Where the original's reader fails; a copy a broken region cut
    // before that just ends.
    size_t limit = byte_of(out.text, reader.begin, 0, reader.available);
    if (!cut || limit < out.text.size()) out.input_limit = limit;
  }
  return out;
}

}  // namespace driftlint::yaml
