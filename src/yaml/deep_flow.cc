#include "yaml/deep_flow.h"

#include <exception>

#include "yaml/flow_parser.h"
#include "yaml/flow_regions.h"
#include "yaml/libyaml_source.h"

namespace driftlint::yaml {

namespace {

// Step 3: where libyaml's copy starts a hollowed region, the flow parser
// parses it from the original text.
class RegionHandler final : public FlowHandler {
 public:
  // `text`: what the scanner reads (UTF-8); `original`: the file's bytes.
  RegionHandler(std::string_view text, std::string_view original, const scan::ReaderCheck& reader,
                const std::vector<FlowRegion>& regions)
      : text_(text), original_(original), reader_(reader), regions_(regions) {}

  void document(std::vector<TagDirective> tags) override { tags_ = std::move(tags); }

  uint64_t flow_start(const LibyamlFlowStart& start, TreeBuilder& builder, ParsedFile& out) override {
    if (next_ == regions_.size() || regions_[next_].start.mark.index != start.bracket) {
      // libyaml started a collection the scanner did not see start in the block context.
      bool skipped = next_ < regions_.size() && regions_[next_].start.mark.index < start.bracket;
      return skipped ? kMismatch : kLibyamlParses;
    }
    const FlowRegion& region = regions_[next_++];
    scan::Scanner scanner(text_, reader_, region.start, region.past_flow);
    FlowParser parser(scanner, tags_, &builder);
    scan::Mark mark{start.start.offset, start.start.line, start.start.column};
    if (!parser.parse(mark, start.anchor)) {
      out.error = describe_problem(parser.problem(), original_);
      return kFailed;
    }
    if (region.broken || parser.end_mark().index != region.end.index) return kMismatch;
    return region.end.index;
  }

  // Whether libyaml's copy reached every hollowed region it should have.
  bool saw_all(const ParsedFile& out) const { return out.error || next_ == regions_.size(); }

 private:
  std::string_view text_;
  std::string_view original_;
  const scan::ReaderCheck& reader_;
  const std::vector<FlowRegion>& regions_;
  std::vector<TagDirective> tags_ = with_default_tags({});
  size_t next_ = 0;
};

void finish(TreeBuilder& builder, ParsedFile& out) { out.tree = builder.tree(); }

// libyaml on a copy with `regions` hollowed; false when the copy disagreed.
bool parse_hollowed(std::string_view text, const scan::ReaderCheck& reader, const std::vector<FlowRegion>& regions,
                    const ParseLimits& limits, ParsedFile& out) {
  std::string_view scanned = reader.scanned(text);
  HollowText copy = hollow_regions(scanned, reader, regions);
  TreeBuilder builder(out, limits);
  RegionHandler handler(scanned, text, reader, regions);
  LibyamlRun run;
  run.input = copy.text;  // UTF-8 even when the file is UTF-16: libyaml decodes it so itself
  run.original = text;
  run.reader = reader.problem ? &reader : nullptr;
  run.input_limit = copy.input_limit;
  run.handler = &handler;
  try {
    if (parse_with_libyaml(run, builder, out) != LibyamlResult::Done || !handler.saw_all(out)) return false;
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    out.error = SyntaxError{{}, std::string("cannot parse: ") + e.what()};
  }
  finish(builder, out);
  return true;
}

}  // namespace

void parse_deep_flow(std::string_view text, const ParseLimits& limits, ParsedFile& out, size_t own_depth,
                     DeepFlowReport* report) {
  scan::ReaderCheck reader = scan::check_reader(text);
  std::string_view scanned = reader.scanned(text);
  std::vector<FlowRegion> own;
  for (FlowRegion& r : find_flow_regions(scanned, reader, own_depth)) {
    if (r.depth > own_depth && can_hollow(scanned, r)) own.push_back(std::move(r));
  }
  if (own.empty() || parse_hollowed(text, reader, own, limits, out)) {
    if (report) report->own = own.size();
    if (!own.empty()) return;
  } else if (report) {
    report->fell_back = true;
  }
  out = ParsedFile{};
  TreeBuilder builder(out, limits);
  LibyamlRun run;
  run.input = text;
  run.original = text;
  try {
    parse_with_libyaml(run, builder, out);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    out.error = SyntaxError{{}, std::string("cannot parse: ") + e.what()};
  }
  finish(builder, out);
}

}  // namespace driftlint::yaml
