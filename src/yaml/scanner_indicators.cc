// libyaml's scanner.c: one fetcher per kind of token (what each does to the
// simple keys, the indentation and the flow level), and the whitespace and
// comments between tokens. Function for function.
#include <algorithm>

#include "yaml/scanner.h"

namespace driftlint::yaml::scan {

bool Scanner::fetch_stream_start() {
  indent_ = -1;
  simple_keys_.emplace_back();
  simple_key_allowed_ = true;
  stream_start_produced_ = true;
  enqueue_mark(TokenType::StreamStart, cursor_.mark(), cursor_.mark());
  return true;
}

bool Scanner::fetch_stream_end() {
  cursor_.force_new_line();
  unroll_indent(-1);
  if (!remove_simple_key()) return false;
  simple_key_allowed_ = false;
  enqueue_mark(TokenType::StreamEnd, cursor_.mark(), cursor_.mark());
  return true;
}

bool Scanner::fetch_directive() {
  unroll_indent(-1);
  if (!remove_simple_key()) return false;
  simple_key_allowed_ = false;
  Token token;
  if (!scan_directive(token)) return false;
  enqueue(std::move(token));
  return true;
}

bool Scanner::fetch_document_indicator(TokenType type) {
  unroll_indent(-1);
  if (!remove_simple_key()) return false;
  simple_key_allowed_ = false;
  Mark start = cursor_.mark();
  cursor_.skip();
  cursor_.skip();
  cursor_.skip();
  enqueue_mark(type, start, cursor_.mark());
  return true;
}

bool Scanner::fetch_flow_collection_start(TokenType type) {
  if (!save_simple_key()) return false;
  bool from_block = flow_level_ == 0;
  if (from_block && watcher_) {
    size_t kept = std::min(indents_.size(), FlowStart::kKeptIndents);
    watcher_->flow_entered({cursor_.position(), cursor_.mark(), simple_keys_[0], indent_,
                            std::vector<int64_t>(indents_.end() - static_cast<std::ptrdiff_t>(kept), indents_.end())});
  }
  increase_flow_level();
  simple_key_allowed_ = true;
  Mark start = cursor_.mark();
  cursor_.skip();
  Token token;
  token.type = type;
  token.start = start;
  token.end = cursor_.mark();
  token.from_block = from_block;
  enqueue(std::move(token), true);
  return true;
}

bool Scanner::fetch_flow_collection_end(TokenType type) {
  if (!remove_simple_key()) return false;
  bool closes_flow = flow_level_ == 1;
  decrease_flow_level();
  simple_key_allowed_ = false;
  Mark start = cursor_.mark();
  cursor_.skip();
  enqueue_mark(type, start, cursor_.mark());
  if (closes_flow) {
    if (watcher_) watcher_->flow_left(start);
    region_closed_ = region_;
  }
  return true;
}

bool Scanner::fetch_flow_entry() {
  if (!remove_simple_key()) return false;
  simple_key_allowed_ = true;
  Mark start = cursor_.mark();
  cursor_.skip();
  enqueue_mark(TokenType::FlowEntry, start, cursor_.mark());
  return true;
}

bool Scanner::fetch_block_entry() {
  if (!flow_level_) {
    if (!simple_key_allowed_) {
      return fail(nullptr, cursor_.mark(), "block sequence entries are not allowed in this context");
    }
    roll_indent(static_cast<int64_t>(cursor_.mark().column), -1, TokenType::BlockSequenceStart, cursor_.mark());
  }
  // In the flow context '-' is an error the parser reports (it knows where).
  if (!remove_simple_key()) return false;
  simple_key_allowed_ = true;
  Mark start = cursor_.mark();
  cursor_.skip();
  enqueue_mark(TokenType::BlockEntry, start, cursor_.mark());
  return true;
}

bool Scanner::fetch_key() {
  if (!flow_level_) {
    if (!simple_key_allowed_) return fail(nullptr, cursor_.mark(), "mapping keys are not allowed in this context");
    roll_indent(static_cast<int64_t>(cursor_.mark().column), -1, TokenType::BlockMappingStart, cursor_.mark());
  }
  if (!remove_simple_key()) return false;
  simple_key_allowed_ = !flow_level_;
  Mark start = cursor_.mark();
  cursor_.skip();
  enqueue_mark(TokenType::Key, start, cursor_.mark());
  return true;
}

bool Scanner::fetch_value() {
  SimpleKey& key = simple_keys_.back();
  if (key.possible) {
    Token token;
    token.type = TokenType::Key;
    token.start = token.end = key.mark;
    if (!insert_token(key.token_number, std::move(token))) return false;
    if (!roll_indent(static_cast<int64_t>(key.mark.column), static_cast<int64_t>(key.token_number),
                     TokenType::BlockMappingStart, key.mark)) {
      return false;
    }
    key.possible = false;
    simple_key_allowed_ = false;
  } else {
    if (!flow_level_) {
      if (!simple_key_allowed_) {
        return fail(nullptr, cursor_.mark(), "mapping values are not allowed in this context");
      }
      roll_indent(static_cast<int64_t>(cursor_.mark().column), -1, TokenType::BlockMappingStart, cursor_.mark());
    }
    simple_key_allowed_ = !flow_level_;
  }
  Mark start = cursor_.mark();
  cursor_.skip();
  enqueue_mark(TokenType::Value, start, cursor_.mark());
  return true;
}

bool Scanner::fetch_anchor(TokenType type) {
  if (!save_simple_key()) return false;
  simple_key_allowed_ = false;
  Token token;
  if (!scan_anchor(token, type)) return false;
  enqueue(std::move(token), true);
  return true;
}

bool Scanner::fetch_tag() {
  if (!save_simple_key()) return false;
  simple_key_allowed_ = false;
  Token token;
  if (!scan_tag(token)) return false;
  enqueue(std::move(token), true);
  return true;
}

bool Scanner::fetch_block_scalar(bool literal) {
  if (!remove_simple_key()) return false;
  simple_key_allowed_ = true;
  Token token;
  if (!scan_block_scalar(token, literal)) return false;
  enqueue(std::move(token));
  return true;
}

bool Scanner::fetch_flow_scalar(bool single) {
  if (!save_simple_key()) return false;
  simple_key_allowed_ = false;
  Token token;
  if (!scan_flow_scalar(token, single)) return false;
  enqueue(std::move(token), true);
  return true;
}

bool Scanner::fetch_plain_scalar() {
  if (!save_simple_key()) return false;
  simple_key_allowed_ = false;
  Token token;
  if (!scan_plain_scalar(token)) return false;
  enqueue(std::move(token), true);
  return true;
}

bool Scanner::scan_to_next_token() {
  Cursor& c = cursor_;
  for (;;) {
    if (!c.cache(1)) return reader_failed();
    if (c.mark().column == 0 && c.is_bom()) c.skip();
    if (!c.cache(1)) return reader_failed();
    // Tabs are whitespace in the flow context and after a token on a block line.
    while (c.check(' ') || ((flow_level_ || !simple_key_allowed_) && c.check('\t'))) {
      c.skip();
      if (!c.cache(1)) return reader_failed();
    }
    if (c.check('#')) {
      while (!c.is_breakz()) {
        c.skip();
        if (!c.cache(1)) return reader_failed();
      }
    }
    if (!c.is_break()) return true;
    if (!c.cache(2)) return reader_failed();
    c.skip_line();
    if (!flow_level_) simple_key_allowed_ = true;
  }
}

}  // namespace driftlint::yaml::scan
