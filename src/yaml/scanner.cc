// libyaml's scanner.c: the token queue, simple keys, indentation and the
// indicator tokens. Function for function; see scanner.h for the one change.
#include "yaml/scanner.h"

#include <algorithm>

namespace driftlint::yaml::scan {

Scanner::Scanner(std::string_view text, const ReaderCheck& reader) : text_(text), cursor_(text, reader) {}

Scanner::Scanner(std::string_view text, const ReaderCheck& reader, const FlowStart& start, bool past_flow)
    : text_(text), cursor_(text, reader), region_(!past_flow) {
  // The state fetch_flow_collection_start leaves: the block context's key,
  // the new flow level, the '[' queued. The block key is looked ahead of
  // from the '[' (token 0) whether it was saved for the '[' or for a
  // property before it: libyaml looked ahead while either was the head.
  stream_start_produced_ = true;
  indent_ = start.indent;
  indents_ = start.indents;
  simple_keys_.push_back(start.block_key);
  simple_keys_[0].token_number = 0;
  cursor_.seek(start.position, start.mark);
  Token token;
  token.type = cursor_.check('[') ? TokenType::FlowSequenceStart : TokenType::FlowMappingStart;
  token.start = cursor_.mark();
  token.key_level = 0;
  increase_flow_level();
  simple_key_allowed_ = true;
  cursor_.skip();
  token.end = cursor_.mark();
  tokens_.push_back(std::move(token));
}

bool Scanner::scan(Token& token) {
  if (stream_end_produced_ || problem_.kind != Problem::Kind::None) return false;
  if (!token_available_ && !fetch_more_tokens()) return false;
  token = std::move(tokens_.front());
  tokens_.pop_front();
  token_available_ = false;
  tokens_parsed_++;
  if (token.type == TokenType::StreamEnd) stream_end_produced_ = true;
  return true;
}

Token* Scanner::peek() {
  if (!token_available_ && !fetch_more_tokens()) return nullptr;
  if (tokens_.empty()) {
    fail(nullptr, cursor_.mark(), "nothing to scan past the flow collection");
    return nullptr;
  }
  return &tokens_.front();
}

void Scanner::skip_token() {
  token_available_ = false;
  tokens_parsed_++;
  stream_end_produced_ = tokens_.front().type == TokenType::StreamEnd;
  tokens_.pop_front();
}

bool Scanner::fail(const char* context, const Mark& context_mark, const char* problem) {
  problem_.kind = Problem::Kind::Scanner;
  problem_.context = context;
  problem_.context_mark = context_mark;
  problem_.problem = problem;
  problem_.problem_mark = cursor_.mark();
  return false;
}

bool Scanner::reader_failed() {
  problem_.kind = Problem::Kind::Reader;
  problem_.reader = cursor_.reader_problem();
  return false;
}

// libyaml's yaml_parser_fetch_more_tokens.
bool Scanner::fetch_more_tokens() {
  for (;;) {
    bool need_more = true;
    if (!tokens_.empty()) {
      if (!stale_simple_keys()) return false;
      need_more = head_may_be_simple_key();
    }
    // A region scan ends with its collection: the rest is libyaml's.
    if (!need_more || region_closed_) break;
    if (!fetch_next_token()) return false;
  }
  token_available_ = true;
  return true;
}

// libyaml asks whether any level's possible key was saved for the head
// token; only the key saved when the head was queued can have been.
bool Scanner::head_may_be_simple_key() const {
  int level = tokens_.front().key_level;
  if (level < 0 || static_cast<size_t>(level) >= simple_keys_.size()) return false;
  const SimpleKey& key = simple_keys_[level];
  return key.possible && key.token_number == tokens_parsed_;
}

bool Scanner::fetch_next_token() {
  if (!cursor_.cache(1)) return reader_failed();
  if (!stream_start_produced_) return fetch_stream_start();
  if (!scan_to_next_token()) return false;
  if (!stale_simple_keys()) return false;
  unroll_indent(static_cast<int64_t>(cursor_.mark().column));
  if (!cursor_.cache(4)) return reader_failed();
  if (cursor_.is_z()) return fetch_stream_end();
  bool line_start = cursor_.mark().column == 0;
  if (line_start && cursor_.check('%')) return fetch_directive();
  if (line_start && cursor_.check('-') && cursor_.check('-', 1) && cursor_.check('-', 2) && cursor_.is_blankz(3)) {
    return fetch_document_indicator(TokenType::DocumentStart);
  }
  if (line_start && cursor_.check('.') && cursor_.check('.', 1) && cursor_.check('.', 2) && cursor_.is_blankz(3)) {
    return fetch_document_indicator(TokenType::DocumentEnd);
  }
  return fetch_indicated_token();
}

bool Scanner::fetch_indicated_token() {
  const Cursor& c = cursor_;
  if (c.check('[')) return fetch_flow_collection_start(TokenType::FlowSequenceStart);
  if (c.check('{')) return fetch_flow_collection_start(TokenType::FlowMappingStart);
  if (c.check(']')) return fetch_flow_collection_end(TokenType::FlowSequenceEnd);
  if (c.check('}')) return fetch_flow_collection_end(TokenType::FlowMappingEnd);
  if (c.check(',')) return fetch_flow_entry();
  if (c.check('-') && c.is_blankz(1)) return fetch_block_entry();
  if (c.check('?') && (flow_level_ || c.is_blankz(1))) return fetch_key();
  if (c.check(':') && (flow_level_ || c.is_blankz(1))) return fetch_value();
  if (c.check('*')) return fetch_anchor(TokenType::Alias);
  if (c.check('&')) return fetch_anchor(TokenType::Anchor);
  if (c.check('!')) return fetch_tag();
  if (c.check('|') && !flow_level_) return fetch_block_scalar(true);
  if (c.check('>') && !flow_level_) return fetch_block_scalar(false);
  if (c.check('\'')) return fetch_flow_scalar(true);
  if (c.check('"')) return fetch_flow_scalar(false);
  // A plain scalar starts with any non-blank character but the indicators;
  // '-' (and in the block context '?' and ':') when a non-blank follows.
  static constexpr std::string_view kIndicators = "-?:,[]{}#&*!|>'\"%@`";
  bool indicator = c.at() != 0 && kIndicators.find(static_cast<char>(c.at())) != std::string_view::npos;
  if (!(c.is_blankz() || indicator) || (c.check('-') && !c.is_blank(1)) ||
      (!flow_level_ && (c.check('?') || c.check(':')) && !c.is_blankz(1))) {
    return fetch_plain_scalar();
  }
  return fail("while scanning for the next token", cursor_.mark(), "found character that cannot start any token");
}

// Keys go stale from the bottom level up (a lower level's key was saved
// before a higher one's, so its mark is not later): walk up from the first
// key not yet known to be impossible, stop at the first still fresh.
bool Scanner::stale_simple_keys() {
  const Mark& mark = cursor_.mark();
  while (fresh_from_ < simple_keys_.size()) {
    SimpleKey& key = simple_keys_[fresh_from_];
    if (key.possible) {
      if (!(key.mark.line < mark.line || key.mark.index + 1024 < mark.index)) break;
      if (key.required) return fail("while scanning a simple key", key.mark, "could not find expected ':'");
      key.possible = false;
    }
    ++fresh_from_;
  }
  return true;
}

bool Scanner::save_simple_key() {
  saved_key_level_ = -1;
  bool required = flow_level_ == 0 && indent_ == static_cast<int64_t>(cursor_.mark().column);
  if (!simple_key_allowed_) return true;
  SimpleKey key{true, required, tokens_parsed_ + tokens_.size(), cursor_.mark()};
  if (!remove_simple_key()) return false;
  simple_keys_.back() = key;
  fresh_from_ = std::min(fresh_from_, simple_keys_.size() - 1);
  saved_key_level_ = static_cast<int>(simple_keys_.size() - 1);
  return true;
}

bool Scanner::remove_simple_key() {
  SimpleKey& key = simple_keys_.back();
  if (key.possible && key.required) return fail("while scanning a simple key", key.mark, "could not find expected ':'");
  key.possible = false;
  return true;
}

void Scanner::increase_flow_level() {
  simple_keys_.emplace_back();
  flow_level_++;
}

void Scanner::decrease_flow_level() {
  if (!flow_level_) return;
  flow_level_--;
  simple_keys_.pop_back();
  fresh_from_ = std::min(fresh_from_, simple_keys_.size());
}

bool Scanner::roll_indent(int64_t column, int64_t number, TokenType type, const Mark& mark) {
  if (flow_level_ || indent_ >= column) return true;
  indents_.push_back(indent_);
  indent_ = column;
  Token token;
  token.type = type;
  token.start = token.end = mark;
  if (number == -1) {
    enqueue(std::move(token));
    return true;
  }
  return insert_token(static_cast<uint64_t>(number), std::move(token));
}

void Scanner::unroll_indent(int64_t column) {
  if (flow_level_) return;
  while (indent_ > column) {
    enqueue_mark(TokenType::BlockEnd, cursor_.mark(), cursor_.mark());
    // A region scan keeps only the innermost levels (FlowStart::indents).
    indent_ = indents_.empty() ? -1 : indents_.back();
    if (!indents_.empty()) indents_.pop_back();
  }
}

void Scanner::enqueue(Token token, bool keyed) {
  token.key_level = keyed ? saved_key_level_ : -1;
  tokens_.push_back(std::move(token));
}

void Scanner::enqueue_mark(TokenType type, const Mark& start, const Mark& end) {
  Token token;
  token.type = type;
  token.start = start;
  token.end = end;
  tokens_.push_back(std::move(token));
}

bool Scanner::insert_token(uint64_t number, Token token) {
  // A key saved for a token the parser has consumed: possible only when
  // libyaml 0.2.5's "[? ]" defect (flow_parser.h) closed the key's collection
  // for the parser after the scanner; libyaml then inserts the KEY token at a
  // negative queue index, past its buffer's start. Refused here.
  if (number < tokens_parsed_) {
    return fail("while scanning a simple key", cursor_.mark(), "found a key for a collection already closed");
  }
  tokens_.insert(tokens_.begin() + static_cast<std::ptrdiff_t>(number - tokens_parsed_), std::move(token));
  return true;
}

}  // namespace driftlint::yaml::scan
