// A small Go text/template engine for ApplicationSets with `goTemplate:
// true`: Argo CD renders every string of the template with Go's
// text/template, the Sprig functions and a few of its own
// (applicationset/utils/utils.go). This engine follows Go's behaviour:
// trim markers, field access on maps, pipelines, variables, if / else /
// range / with, break and continue, string and number literals, Go's
// builtins, define / template / block, the missingkey option and Go's error
// messages, checked against real Go (testdata/gotemplate/, GotemplateOracleTest).
// Sprig functions that read the clock, draw random numbers or need a
// network are refused with a message that says so.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gotemplate/template_value.h"
#include "base/expected.h"

namespace driftlint {

namespace gotmpl {
struct Node;
}

// How deep blocks ({{if}}, {{range}}, {{with}}) and parenthesised pipelines
// may nest in one template. The parser and the executor recurse once per
// level on a fixed stack (Go's parser allows 10,000 levels on a growable
// one); real ApplicationSets nest a few levels, and 100 levels cost well under
// a megabyte of stack to parse and run.
inline constexpr int kMaxTemplateNesting = 100;

// One execution stops past this many steps (a node, a call, a pass of a range).
inline constexpr uint64_t kMaxTemplateSteps = 200'000;

// text/template's missingkey option: what a map lookup of a missing key gives.
enum class MissingKey : uint8_t {
  Invalid,  // "default" / "invalid": no value (prints "<no value>")
  Zero,     // "zero": the map's zero element (nil for map[string]any)
  Error,    // "error": execution stops
};

struct GoTemplateOptions {
  MissingKey missing_key = MissingKey::Invalid;
};

// Reads an ApplicationSet's goTemplateOptions ("missingkey=error"); an
// error names an option Go's Template.Option would refuse.
Expected<GoTemplateOptions> parse_go_template_options(const std::vector<std::string>& options);

class GoTemplate {
 public:
  // Parses a template; the error reads as Go's ("template: :1: function
  // \"x\" not defined").
  static Expected<GoTemplate> parse(std::string_view text);
  // Runs it with `data` as dot and $; adds what it cost (whether it
  // succeeds or not) to `steps` when given: the steps it took (at most
  // kMaxTemplateSteps) and one for each 64 bytes of values its functions
  // were handed or returned (at most 4 Mi).
  Expected<std::string> execute(const TemplateValue& data, const GoTemplateOptions& options,
                                uint64_t* steps = nullptr) const;

 private:
  std::shared_ptr<const std::vector<gotmpl::Node>> root_;
};

// Argo CD's SanitizeName (the `normalize` function, and the generators'
// basenameNormalized / nameNormalized): lower case, every character but
// [-a-z0-9.] a '-', at most 253 characters, '-' and '.' trimmed at both ends.
std::string argo_sanitize_name(std::string_view name);

// Parses and runs in one step (Argo CD's Render.Replace with goTemplate).
Expected<std::string> render_go_template(std::string_view text, const TemplateValue& data,
                                         const GoTemplateOptions& options);

}  // namespace driftlint
