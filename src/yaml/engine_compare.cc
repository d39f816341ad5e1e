#include "yaml/engine_compare.h"

#include <yaml.h>

#include <sstream>
#include <vector>

#include "yaml/deep_flow.h"
#include "yaml/libyaml_source.h"
#include "yaml/scanner.h"
#include "yaml/tree_builder.h"
#include "yaml/tree_codec.h"

namespace driftlint::yaml {

namespace {

std::string mark_text(size_t index, size_t line, size_t column) {
  return std::to_string(index) + "/" + std::to_string(line) + ":" + std::to_string(column);
}

std::string token_text(int type, const std::string& start, const std::string& end, const std::string& data) {
  return std::to_string(type) + " " + start + "-" + end + " " + data + "\n";
}

std::string problem_text(int kind, const char* problem, const char* context, const std::string& context_mark,
                         const std::string& problem_mark, size_t offset, long value) {
  std::ostringstream out;
  out << "error " << kind << " '" << (problem ? problem : "") << "'";
  if (kind == 1) {
    out << " at byte " << offset << " value " << value;
  } else {
    out << " at " << problem_mark << " context '" << (context ? context : "") << "' " << context_mark;
  }
  return out.str() + "\n";
}

std::vector<std::string> libyaml_tokens(std::string_view text) {
  std::vector<std::string> out;
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) return {"cannot start libyaml"};
  const char* input = text.data() ? text.data() : "";
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(input), text.size());
  for (;;) {
    yaml_token_t t;
    if (!yaml_parser_scan(&parser, &t)) {
      auto m = [](const yaml_mark_t& k) { return mark_text(k.index, k.line, k.column); };
      int kind = parser.error == YAML_READER_ERROR ? 1 : parser.error == YAML_SCANNER_ERROR ? 2 : 9;
      out.push_back(problem_text(kind, parser.problem, parser.context, m(parser.context_mark), m(parser.problem_mark),
                                 parser.problem_offset, parser.problem_value));
      break;
    }
    std::string data;
    auto s = [](const yaml_char_t* v) { return v ? std::string(reinterpret_cast<const char*>(v)) : std::string(); };
    switch (t.type) {
      case YAML_SCALAR_TOKEN:
        data = std::string(reinterpret_cast<const char*>(t.data.scalar.value), t.data.scalar.length) + " style " +
               std::to_string(t.data.scalar.style);
        break;
      case YAML_ALIAS_TOKEN: data = s(t.data.alias.value); break;
      case YAML_ANCHOR_TOKEN: data = s(t.data.anchor.value); break;
      case YAML_TAG_TOKEN: data = s(t.data.tag.handle) + " " + s(t.data.tag.suffix); break;
      case YAML_TAG_DIRECTIVE_TOKEN: data = s(t.data.tag_directive.handle) + " " + s(t.data.tag_directive.prefix); break;
      case YAML_VERSION_DIRECTIVE_TOKEN:
        data = std::to_string(t.data.version_directive.major) + "." + std::to_string(t.data.version_directive.minor);
        break;
      default: break;
    }
    // libyaml numbers its token types from 1 (0 is "no token").
    out.push_back(token_text(t.type - 1, mark_text(t.start_mark.index, t.start_mark.line, t.start_mark.column),
                             mark_text(t.end_mark.index, t.end_mark.line, t.end_mark.column), data));
    bool end = t.type == YAML_STREAM_END_TOKEN;
    yaml_token_delete(&t);
    if (end) break;
  }
  yaml_parser_delete(&parser);
  return out;
}

std::vector<std::string> own_tokens(std::string_view text, const scan::ReaderCheck& reader) {
  std::vector<std::string> out;
  scan::Scanner scanner(text, reader);
  auto m = [](const scan::Mark& k) { return mark_text(k.index, k.line, k.column); };
  for (;;) {
    scan::Token t;
    if (!scanner.scan(t)) {
      const scan::Problem& p = scanner.problem();
      int kind = p.kind == scan::Problem::Kind::Reader ? 1 : p.kind == scan::Problem::Kind::Scanner ? 2 : 9;
      out.push_back(problem_text(kind, kind == 1 ? p.reader.problem : p.problem, p.context, m(p.context_mark),
                                 m(p.problem_mark), p.reader.offset, static_cast<long>(p.reader.value)));
      break;
    }
    std::string data;
    switch (t.type) {
      case scan::TokenType::Scalar: data = t.value + " style " + std::to_string(static_cast<int>(t.style)); break;
      case scan::TokenType::Alias:
      case scan::TokenType::Anchor: data = t.value; break;
      case scan::TokenType::Tag:
      case scan::TokenType::TagDirective: data = t.value + " " + t.suffix; break;
      case scan::TokenType::VersionDirective: data = std::to_string(t.major) + "." + std::to_string(t.minor); break;
      default: break;
    }
    out.push_back(token_text(static_cast<int>(t.type), m(t.start), m(t.end), data));
    if (t.type == scan::TokenType::StreamEnd) break;
  }
  return out;
}

}  // namespace

std::string compare_scanners(std::string_view text) {
  scan::ReaderCheck reader = scan::check_reader(text);
  std::vector<std::string> a = libyaml_tokens(text);
  std::vector<std::string> b = own_tokens(reader.scanned(text), reader);
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    std::string x = i < a.size() ? a[i] : "(none)\n";
    std::string y = i < b.size() ? b[i] : "(none)\n";
    if (x != y) return "token " + std::to_string(i) + ": libyaml " + x + "  driftlint " + y;
  }
  return "";
}

namespace {

bool same(Position a, Position b) { return a.line == b.line && a.column == b.column; }

std::string place(Position p) { return std::to_string(p.line) + ":" + std::to_string(p.column); }

// The first difference between two subtrees, positions of every node included.
std::string first_difference(Node a, Node b, const std::string& where) {
  if (a.valid() != b.valid()) return where + ": present in one tree only";
  if (!a.valid()) return "";
  if (a.kind() != b.kind()) return where + ": kinds differ";
  if (!same(a.position(), b.position())) return where + ": position " + place(a.position()) + " vs " + place(b.position());
  if (a.is_scalar()) {
    if (a.scalar_type() != b.scalar_type() || a.text() != b.text() || a.quoted() != b.quoted()) {
      return where + ": scalar '" + std::string(a.text()) + "' vs '" + std::string(b.text()) + "'";
    }
    return "";
  }
  if (a.size() != b.size()) return where + ": sizes differ";
  for (size_t i = 0; i < a.size(); ++i) {
    std::string d = a.is_map() ? first_difference(a.key_at(i), b.key_at(i), where + "/key" + std::to_string(i)) +
                                     first_difference(a.value_at(i), b.value_at(i), where + "/" + std::to_string(i))
                               : first_difference(a.element(i), b.element(i), where + "[" + std::to_string(i) + "]");
    if (!d.empty()) return d;
  }
  return "";
}

std::string visible_difference(const ParsedFile& a, const ParsedFile& b) {
  if (a.documents.size() != b.documents.size()) {
    return "document counts differ: " + std::to_string(a.documents.size()) + " vs " + std::to_string(b.documents.size());
  }
  for (size_t d = 0; d < a.documents.size(); ++d) {
    if (!same(a.documents[d].start, b.documents[d].start)) return "document " + std::to_string(d) + " starts differ";
    std::string diff = first_difference(a.documents[d].root, b.documents[d].root, "doc" + std::to_string(d));
    if (!diff.empty()) return diff;
  }
  if (a.duplicate_keys.size() != b.duplicate_keys.size()) return "duplicate keys differ";
  for (size_t i = 0; i < a.duplicate_keys.size(); ++i) {
    const DuplicateKey &x = a.duplicate_keys[i], &y = b.duplicate_keys[i];
    if (!same(x.key.position(), y.key.position()) || !same(x.first.position(), y.first.position())) {
      return "duplicate key " + std::to_string(i) + " differs";
    }
  }
  return "";
}

std::string error_text(const ParsedFile& f) {
  return f.error ? place(f.error->position) + " " + f.error->message : std::string("none");
}

}  // namespace

std::string compare_parsed(const ParsedFile& a, const ParsedFile& b, bool compare_errors) {
  if (a.out_of_memory != b.out_of_memory) return "only one ran out of memory";
  if (bool(a.error) != bool(b.error)) return "errors: " + error_text(a) + " vs " + error_text(b);
  if (a.error && compare_errors &&
      (a.error->message != b.error->message || !same(a.error->position, b.error->position))) {
    return "errors: " + error_text(a) + " vs " + error_text(b);
  }
  std::string visible = visible_difference(a, b);
  if (!visible.empty() || a.error) return visible;
  // Accepted by both: the trees must be the same to the byte.
  std::string ea, eb;
  encode_parsed_file(a, ea);
  encode_parsed_file(b, eb);
  return ea == eb ? "" : "the trees' arrays differ";
}

std::string to_utf16(std::string_view utf8, bool little_endian) {
  std::string out = little_endian ? "\xFF\xFE" : "\xFE\xFF";
  auto unit = [&](uint32_t u) {
    char lo = static_cast<char>(u & 0xFF), hi = static_cast<char>(u >> 8);
    out += little_endian ? std::string{lo, hi} : std::string{hi, lo};
  };
  for (size_t i = 0; i < utf8.size();) {
    auto c = static_cast<unsigned char>(utf8[i]);
    size_t w = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t v = w == 1 ? c : w == 2 ? c & 0x1F : w == 3 ? c & 0x0F : c & 0x07;
    for (size_t k = 1; k < w && i + k < utf8.size(); ++k) v = (v << 6) | (utf8[i + k] & 0x3F);
    if (v >= 0x10000) {
      unit(0xD800 + ((v - 0x10000) >> 10));
      unit(0xDC00 + ((v - 0x10000) & 0x3FF));
    } else {
      unit(v);
    }
    i += w;
  }
  return out;
}

ParsedFile parse_with_libyaml_only(std::string_view text, const ParseLimits& limits) {
  ParsedFile out;
  TreeBuilder builder(out, limits);
  LibyamlRun run;
  run.input = text;
  run.original = text;
  parse_with_libyaml(run, builder, out);
  out.tree = builder.tree();
  return out;
}

ParsedFile parse_with_own_flow(std::string_view text, const ParseLimits& limits, DeepFlowReport* report) {
  ParsedFile out;
  parse_deep_flow(text, limits, out, 0, report);
  return out;
}

}  // namespace driftlint::yaml
