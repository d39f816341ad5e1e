// A port of libyaml 0.2.5's scanner (src/scanner.c) to C++, token for token,
// mark for mark and error for error, with one change: libyaml visits every
// open flow level's saved simple key for every token
// (yaml_parser_stale_simple_keys and the loop in
// yaml_parser_fetch_more_tokens), which makes a flow collection nested n deep
// cost n per token; here the keys that can go stale are found from a
// watermark and the key of the head token from the token itself, so a token
// costs the same at any depth (go-yaml made the same fix in v2.2.8,
// CVE-2019-11254; this one keeps libyaml's order of errors exactly).
// scanner_agrees_test compares its tokens with libyaml's on every test file
// and the shared corpus. driftlint uses it for flow collections nested too
// deep for libyaml (yaml/deep_flow.h); libyaml stays the event source for
// everything else.
//
// Ported from libyaml, Copyright (c) 2017-2020 Ingy döt Net,
// Copyright (c) 2006-2016 Kirill Simonov, under the MIT license:
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to
// deal in the Software without restriction, including without limitation the
// rights to use, copy, modify, merge, publish, distribute, sublicense, and/or
// sell copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions: The above
// copyright notice and this permission notice shall be included in all copies
// or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS",
// WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED
// TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
// NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
// LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
// CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
// SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "yaml/scan_reader.h"

namespace driftlint::yaml::scan {

// libyaml's yaml_token_type_t, in its order.
enum class TokenType : uint8_t {
  StreamStart,
  StreamEnd,
  VersionDirective,
  TagDirective,
  DocumentStart,
  DocumentEnd,
  BlockSequenceStart,
  BlockMappingStart,
  BlockEnd,
  FlowSequenceStart,
  FlowSequenceEnd,
  FlowMappingStart,
  FlowMappingEnd,
  BlockEntry,
  FlowEntry,
  Key,
  Value,
  Alias,
  Anchor,
  Tag,
  Scalar,
};

// libyaml's yaml_scalar_style_t (without "any").
enum class ScalarStyle : uint8_t { Plain = 1, SingleQuoted, DoubleQuoted, Literal, Folded };

struct Token {
  TokenType type = TokenType::StreamStart;
  Mark start;
  Mark end;
  // Scalar: its value; anchor, alias: the name; tag: the handle; tag
  // directive: the handle.
  std::string value;
  // Tag: the suffix; tag directive: the prefix.
  std::string suffix;
  ScalarStyle style = ScalarStyle::Plain;
  int major = 0, minor = 0;  // version directive
  // The flow level whose simple key was saved for this token, or -1.
  int key_level = -1;
  // A '[' or '{' fetched in the block context.
  bool from_block = false;
};

// libyaml's error fields (yaml_parser_t's error, problem, context...).
struct Problem {
  enum class Kind : uint8_t { None, Reader, Scanner, Parser } kind = Kind::None;
  const char* context = nullptr;
  Mark context_mark;
  const char* problem = nullptr;
  Mark problem_mark;
  ReaderProblem reader;
};

struct SimpleKey {
  bool possible = false;
  bool required = false;
  uint64_t token_number = 0;
  Mark mark;
};

// What the scanner knew when it fetched a '[' or '{' in the block context:
// enough to scan that flow collection again on its own (Scanner's region
// constructor).
struct FlowStart {
  size_t position = 0;  // byte offset of the '[' or '{'
  Mark mark;            // its mark
  SimpleKey block_key;  // the block context's simple key after the '[' was saved
  int64_t indent = -1;
  // The indentation levels below `indent`, the innermost last (at most
  // kKeptIndents of them: a collection that closes after the scanner left
  // the flow context reads on in the block context, where a parse that
  // succeeds never unrolls one).
  std::vector<int64_t> indents;
  static constexpr size_t kKeptIndents = 64;
};

// Told by a scanner about the flow collections it enters from the block context.
class FlowWatcher {
 public:
  virtual ~FlowWatcher() = default;
  virtual void flow_entered(const FlowStart& start) = 0;
  // The token that took the scanner back to the block context starts at `start`.
  virtual void flow_left(const Mark& start) = 0;
};

class Scanner {
 public:
  // Scans `text` from its start.
  Scanner(std::string_view text, const ReaderCheck& reader);
  // Scans the flow collection that `start` opens, as libyaml goes on from
  // there: the '[' or '{' token is the head of the queue, not yet looked
  // ahead of. Unless `past_flow`, nothing after the token that leaves the
  // flow context is scanned (the rest is libyaml's).
  Scanner(std::string_view text, const ReaderCheck& reader, const FlowStart& start, bool past_flow);

  void watch(FlowWatcher* watcher) { watcher_ = watcher; }

  // libyaml's yaml_parser_scan: the next token, false on an error.
  bool scan(Token& token);
  // libyaml's PEEK_TOKEN and SKIP_TOKEN (parser.c).
  Token* peek();
  void skip_token();

  const Problem& problem() const { return problem_; }
  // The byte offset the scanner has read to.
  size_t position() const { return cursor_.position(); }
  int flow_level() const { return flow_level_; }
  // Whether the closing token of a region scan has been fetched.
  bool region_closed() const { return region_closed_; }

 private:
  bool fetch_more_tokens();
  bool fetch_next_token();
  bool fetch_indicated_token();
  bool head_may_be_simple_key() const;
  bool stale_simple_keys();
  bool save_simple_key();
  bool remove_simple_key();
  void increase_flow_level();
  void decrease_flow_level();
  bool roll_indent(int64_t column, int64_t number, TokenType type, const Mark& mark);
  void unroll_indent(int64_t column);
  void enqueue(Token token, bool keyed = false);
  void enqueue_mark(TokenType type, const Mark& start, const Mark& end);
  bool insert_token(uint64_t number, Token token);
  bool fail(const char* context, const Mark& context_mark, const char* problem);
  bool reader_failed();

  bool fetch_stream_start();
  bool fetch_stream_end();
  bool fetch_directive();
  bool fetch_document_indicator(TokenType type);
  bool fetch_flow_collection_start(TokenType type);
  bool fetch_flow_collection_end(TokenType type);
  bool fetch_flow_entry();
  bool fetch_block_entry();
  bool fetch_key();
  bool fetch_value();
  bool fetch_anchor(TokenType type);
  bool fetch_tag();
  bool fetch_block_scalar(bool literal);
  bool fetch_flow_scalar(bool single);
  bool fetch_plain_scalar();
  bool scan_to_next_token();

  // scanner_tokens.cc
  bool scan_directive(Token& token);
  bool scan_directive_name(const Mark& start, std::string& name);
  bool scan_version_directive_value(const Mark& start, int& major, int& minor);
  bool scan_version_directive_number(const Mark& start, int& number);
  bool scan_tag_directive_value(const Mark& start, std::string& handle, std::string& prefix);
  bool scan_anchor(Token& token, TokenType type);
  bool scan_tag(Token& token);
  bool scan_tag_handle(bool directive, const Mark& start, std::string& handle);
  bool scan_tag_uri(bool uri_char, bool directive, const std::string* head, const Mark& start, std::string& uri);
  bool scan_uri_escapes(bool directive, const Mark& start, std::string& out);
  // scanner_scalars.cc
  bool scan_block_scalar(Token& token, bool literal);
  bool scan_block_scalar_breaks(int64_t& indent, std::string& breaks, const Mark& start, Mark& end);
  bool scan_flow_scalar(Token& token, bool single);
  bool scan_escape(const Mark& start, std::string& value);
  bool scan_plain_scalar(Token& token);

  std::string_view text_;
  Cursor cursor_;
  Problem problem_;
  std::deque<Token> tokens_;
  uint64_t tokens_parsed_ = 0;
  bool token_available_ = false;
  bool stream_start_produced_ = false;
  bool stream_end_produced_ = false;
  int flow_level_ = 0;
  std::vector<SimpleKey> simple_keys_;
  // Every key below this level is known not possible (keys go stale from
  // the bottom up: a lower level's key was saved before a higher one's).
  size_t fresh_from_ = 0;
  int64_t indent_ = -1;
  std::vector<int64_t> indents_;
  bool simple_key_allowed_ = false;
  int saved_key_level_ = -1;  // where the last save_simple_key saved one, or -1
  bool region_ = false;
  bool region_closed_ = false;
  FlowWatcher* watcher_ = nullptr;
};

}  // namespace driftlint::yaml::scan
