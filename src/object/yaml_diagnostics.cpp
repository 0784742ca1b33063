// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// llvm's YAML reader's diagnostics for a rejected metadata block (see yaml_diagnostics.h).
//
// The tokens are made as llvm's scanner makes them (YAML 1.2 tokens with "simple keys": a
// scalar may turn out to be a key once a ':' follows it on the same line, so the token queue is
// filled until the front token is known not to be one), and nodes are read lazily in the order
// llvm::yaml::Input visits them: that order decides which error comes first, and a node's
// location is where the next token starts when the node is made.
#include "object/yaml_diagnostics.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <list>
#include <map>
#include <set>

#include "object/hsa_metadata.h"

namespace gfxasm::object {
namespace {

enum class Tok : uint8_t {
  Error, // (no token: the scanner failed)
  StreamStart,
  StreamEnd,
  VersionDirective,
  TagDirective,
  DocumentStart,
  DocumentEnd,
  BlockEntry,
  BlockEnd,
  BlockSequenceStart,
  BlockMappingStart,
  FlowEntry,
  FlowSequenceStart,
  FlowSequenceEnd,
  FlowMappingStart,
  FlowMappingEnd,
  Key,
  Value,
  Scalar,
  BlockScalar,
  Alias,
  Anchor,
  Tag,
};

struct Token {
  Tok kind = Tok::Error;
  const char *begin = nullptr; // (null for Error: no location)
  size_t size = 0;
  std::string_view text() const { return {begin, size}; }
};

// A printed message: where (null: no location) and the underlined range's end (null: none).
struct Message {
  const char *at;
  const char *rangeEnd;
  std::string text;
};

bool isBlankOrBreakChar(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// The code point and length of a well-formed UTF-8 sequence at p (length 0 when ill-formed).
std::pair<uint32_t, unsigned> decodeUtf8(const char *p, const char *end) {
  auto b = [&](int i) { return static_cast<uint8_t>(p[i]); };
  if (p < end && (b(0) & 0x80) == 0) return {b(0), 1};
  if (p + 1 < end && (b(0) & 0xE0) == 0xC0 && (b(1) & 0xC0) == 0x80) {
    uint32_t c = ((b(0) & 0x1Fu) << 6) | (b(1) & 0x3Fu);
    if (c >= 0x80) return {c, 2};
  }
  if (p + 2 < end && (b(0) & 0xF0) == 0xE0 && (b(1) & 0xC0) == 0x80 && (b(2) & 0xC0) == 0x80) {
    uint32_t c = ((b(0) & 0x0Fu) << 12) | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu);
    if (c >= 0x800 && (c < 0xD800 || c > 0xDFFF)) return {c, 3};
  }
  if (p + 3 < end && (b(0) & 0xF8) == 0xF0 && (b(1) & 0xC0) == 0x80 && (b(2) & 0xC0) == 0x80 &&
      (b(3) & 0xC0) == 0x80) {
    uint32_t c =
        ((b(0) & 0x07u) << 18) | ((b(1) & 0x3Fu) << 12) | ((b(2) & 0x3Fu) << 6) | (b(3) & 0x3Fu);
    if (c >= 0x10000 && c <= 0x10FFFF) return {c, 4};
  }
  return {0, 0};
}

class Scanner {
public:
  Scanner(std::string_view text, std::vector<Message> &out, bool &errorCode)
      : cur_(text.data()), end_(text.data() + text.size()), begin_(text.data()), out_(out),
        errorCode_(errorCode) {}

  Token &peekNext() {
    bool needMore = false;
    while (true) {
      if (queue_.empty() || needMore) {
        if (!fetchMoreTokens()) {
          queue_.clear();
          simpleKeys_.clear();
          queue_.emplace_back();
          return queue_.front();
        }
      }
      removeStaleSimpleKeys();
      const auto front = queue_.begin();
      if (std::none_of(simpleKeys_.begin(), simpleKeys_.end(),
                       [&](const SimpleKey &k) { return k.tok == front; }))
        break;
      needMore = true;
    }
    return queue_.front();
  }

  Token getNext() {
    Token t = peekNext();
    if (!queue_.empty()) queue_.pop_front();
    return t;
  }

  // The scanner's and parser's errors: only the first is printed.
  void setError(std::string message, const char *at) {
    if (at >= end_) at = end_ - 1;
    if (at < begin_ && at) at = begin_;
    errorCode_ = true;
    if (!failed_) out_.push_back({at, nullptr, std::move(message)});
    failed_ = true;
  }
  bool failed() const { return failed_; }
  // Stops reading without a message (gfxasm's nesting limit, where llvm would run out of stack).
  void stop() {
    failed_ = true;
    errorCode_ = true;
  }
  size_t scanned() const { return static_cast<size_t>(cur_ - begin_); }

private:
  using Queue = std::list<Token>;
  struct SimpleKey {
    Queue::iterator tok;
    unsigned column, line, flowLevel;
    bool required;
  };

  const char *cur_, *end_, *begin_;
  std::vector<Message> &out_;
  bool &errorCode_;
  int indent_ = -1;
  unsigned column_ = 0, line_ = 0, flowLevel_ = 0;
  bool startOfStream_ = true, simpleKeyAllowed_ = true, failed_ = false;
  // (a ':' right after a quoted scalar or a flow collection's end is a value indicator even
  // without a blank after it: JSON-style `"a":1`)
  bool adjacentValueAllowed_ = false;
  Queue queue_;
  std::vector<int> indents_;
  std::vector<SimpleKey> simpleKeys_;

  bool blankOrBreak(const char *p) const { return p != end_ && isBlankOrBreakChar(*p); }
  // A character a plain scalar may hold (in a flow collection, no flow indicator).
  bool plainSafeNonBlank(const char *p) const {
    if (p == end_ || isBlankOrBreakChar(*p)) return false;
    return !(flowLevel_ && std::string_view(",[]{}").find(*p) != std::string_view::npos);
  }
  // nb-char: printable, not a line break (p itself when none).
  const char *skipNbChar(const char *p) const {
    if (p == end_) return p;
    if (*p == 0x09 || (*p >= 0x20 && *p <= 0x7E)) return p + 1;
    if (static_cast<uint8_t>(*p) & 0x80) {
      auto [c, n] = decodeUtf8(p, end_);
      if (n != 0 && c != 0xFEFF &&
          (c == 0x85 || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
           (c >= 0x10000 && c <= 0x10FFFF)))
        return p + n;
    }
    return p;
  }
  const char *skipBreak(const char *p) const {
    if (p == end_) return p;
    if (*p == '\r') return p + 1 != end_ && p[1] == '\n' ? p + 2 : p + 1;
    return *p == '\n' ? p + 1 : p;
  }
  const char *skipWhite(const char *p) const {
    return p != end_ && (*p == ' ' || *p == '\t') ? p + 1 : p;
  }
  const char *skipNsChar(const char *p) const {
    if (p == end_ || *p == ' ' || *p == '\t') return p;
    return skipNbChar(p);
  }
  template <typename F> const char *skipWhile(F f, const char *p) const {
    for (const char *n; (n = (this->*f)(p)) != p;) p = n;
    return p;
  }
  void skip(size_t n) {
    cur_ += n;
    column_ += static_cast<unsigned>(n);
  }
  bool consumeBreak() {
    const char *n = skipBreak(cur_);
    if (n == cur_) return false;
    column_ = 0;
    ++line_;
    cur_ = n;
    return true;
  }
  void push(Tok kind, const char *begin, size_t size) { queue_.push_back({kind, begin, size}); }

  void saveSimpleKey(Queue::iterator tok, unsigned atColumn, bool required) {
    if (simpleKeyAllowed_) simpleKeys_.push_back({tok, atColumn, line_, flowLevel_, required});
  }
  void removeStaleSimpleKeys() {
    for (auto i = simpleKeys_.begin(); i != simpleKeys_.end();) {
      if (i->line != line_ || i->column + 1024 < column_) {
        if (i->required) setError("Could not find expected : for simple key", i->tok->begin);
        i = simpleKeys_.erase(i);
      } else {
        ++i;
      }
    }
  }
  void removeSimpleKeysOnFlowLevel(unsigned level) {
    if (!simpleKeys_.empty() && simpleKeys_.back().flowLevel == level) simpleKeys_.pop_back();
  }
  void unrollIndent(int toColumn) {
    if (flowLevel_ != 0) return; // (indentation means nothing in flow collections)
    while (indent_ > toColumn) {
      push(Tok::BlockEnd, cur_, 1);
      indent_ = indents_.back();
      indents_.pop_back();
    }
  }
  void rollIndent(int toColumn, Tok kind, Queue::iterator insertAt) {
    if (flowLevel_) return;
    if (indent_ < toColumn) {
      indents_.push_back(indent_);
      indent_ = toColumn;
      queue_.insert(insertAt, Token{kind, cur_, 0});
    }
  }
  void skipComment() {
    if (cur_ == end_ || *cur_ != '#') return;
    for (const char *n; (n = skipNbChar(cur_)) != cur_;) {
      cur_ = n;
      ++column_;
    }
  }
  void scanToNextToken() {
    while (true) {
      while (cur_ != end_ && (*cur_ == ' ' || *cur_ == '\t')) skip(1);
      skipComment();
      const char *n = skipBreak(cur_);
      if (n == cur_) break;
      cur_ = n;
      ++line_;
      column_ = 0;
      if (!flowLevel_) simpleKeyAllowed_ = true; // (a new line may start a simple key)
    }
  }

  bool scanStreamStart() {
    startOfStream_ = false;
    size_t bom = 0; // (a UTF-8 byte order mark; other encodings are read as UTF-8 text)
    if (end_ - cur_ >= 3 && static_cast<uint8_t>(cur_[0]) == 0xEF &&
        static_cast<uint8_t>(cur_[1]) == 0xBB && static_cast<uint8_t>(cur_[2]) == 0xBF)
      bom = 3;
    push(Tok::StreamStart, cur_, bom);
    cur_ += bom;
    return true;
  }
  bool scanStreamEnd() {
    adjacentValueAllowed_ = false;
    if (column_ != 0) {
      column_ = 0;
      ++line_;
    }
    unrollIndent(-1);
    simpleKeys_.clear();
    simpleKeyAllowed_ = false;
    push(Tok::StreamEnd, cur_, 0);
    return true;
  }
  bool scanDirective() {
    adjacentValueAllowed_ = false;
    unrollIndent(-1);
    simpleKeys_.clear();
    simpleKeyAllowed_ = false;
    const char *start = cur_;
    skip(1); // '%' (what follows moves the position only, not the column, as llvm's does)
    const char *nameStart = cur_;
    cur_ = skipWhile(&Scanner::skipNsChar, cur_);
    std::string_view name(nameStart, static_cast<size_t>(cur_ - nameStart));
    cur_ = skipWhile(&Scanner::skipWhite, cur_);
    if (name == "YAML") {
      cur_ = skipWhile(&Scanner::skipNsChar, cur_);
      push(Tok::VersionDirective, start, static_cast<size_t>(cur_ - start));
      return true;
    }
    if (name == "TAG") {
      cur_ = skipWhile(&Scanner::skipNsChar, cur_);
      cur_ = skipWhile(&Scanner::skipWhite, cur_);
      cur_ = skipWhile(&Scanner::skipNsChar, cur_);
      push(Tok::TagDirective, start, static_cast<size_t>(cur_ - start));
      return true;
    }
    return false; // (an unknown directive: a failure without a message)
  }
  bool scanDocumentIndicator(bool isStart) {
    adjacentValueAllowed_ = false;
    unrollIndent(-1);
    simpleKeys_.clear();
    simpleKeyAllowed_ = false;
    push(isStart ? Tok::DocumentStart : Tok::DocumentEnd, cur_, 3);
    skip(3);
    return true;
  }
  bool scanFlowCollectionStart(bool sequence) {
    adjacentValueAllowed_ = false;
    push(sequence ? Tok::FlowSequenceStart : Tok::FlowMappingStart, cur_, 1);
    skip(1);
    saveSimpleKey(std::prev(queue_.end()), column_ - 1, false); // ([ and { may start a key)
    simpleKeyAllowed_ = true;
    ++flowLevel_;
    return true;
  }
  bool scanFlowCollectionEnd(bool sequence) {
    adjacentValueAllowed_ = true;
    removeSimpleKeysOnFlowLevel(flowLevel_);
    simpleKeyAllowed_ = false;
    push(sequence ? Tok::FlowSequenceEnd : Tok::FlowMappingEnd, cur_, 1);
    skip(1);
    if (flowLevel_) --flowLevel_;
    return true;
  }
  bool scanFlowEntry() {
    adjacentValueAllowed_ = false;
    removeSimpleKeysOnFlowLevel(flowLevel_);
    simpleKeyAllowed_ = true;
    push(Tok::FlowEntry, cur_, 1);
    skip(1);
    return true;
  }
  bool scanBlockEntry() {
    adjacentValueAllowed_ = false;
    rollIndent(static_cast<int>(column_), Tok::BlockSequenceStart, queue_.end());
    removeSimpleKeysOnFlowLevel(flowLevel_);
    simpleKeyAllowed_ = true;
    push(Tok::BlockEntry, cur_, 1);
    skip(1);
    return true;
  }
  bool scanKey() {
    adjacentValueAllowed_ = false;
    if (!flowLevel_) rollIndent(static_cast<int>(column_), Tok::BlockMappingStart, queue_.end());
    removeSimpleKeysOnFlowLevel(flowLevel_);
    simpleKeyAllowed_ = !flowLevel_;
    push(Tok::Key, cur_, 1);
    skip(1);
    return true;
  }
  bool scanValue() {
    adjacentValueAllowed_ = false;
    if (!simpleKeys_.empty()) {
      // The token before was a key after all: a Key token goes in front of it.
      SimpleKey key = simpleKeys_.back();
      simpleKeys_.pop_back();
      auto at = queue_.begin();
      while (at != queue_.end() && at != key.tok) ++at;
      if (at == queue_.end()) {
        failed_ = true; // (llvm fails here without a message)
        return false;
      }
      at = queue_.insert(at, Token{Tok::Key, key.tok->begin, key.tok->size});
      rollIndent(static_cast<int>(key.column), Tok::BlockMappingStart, at);
      simpleKeyAllowed_ = false;
    } else {
      if (!flowLevel_) rollIndent(static_cast<int>(column_), Tok::BlockMappingStart, queue_.end());
      simpleKeyAllowed_ = !flowLevel_;
    }
    push(Tok::Value, cur_, 1);
    skip(1);
    return true;
  }
  static bool wasEscaped(const char *first, const char *p) {
    const char *i = p - 1;
    while (i >= first && *i == '\\') --i;
    return (p - 1 - i) % 2 == 1;
  }
  bool scanFlowScalar(bool doubleQuoted) {
    const char *start = cur_;
    unsigned startColumn = column_;
    if (doubleQuoted) {
      // (llvm's column is not advanced inside a double-quoted scalar)
      do {
        ++cur_;
        while (cur_ != end_ && *cur_ != '"') ++cur_;
      } while (cur_ != end_ && cur_[-1] == '\\' && wasEscaped(start + 1, cur_));
    } else {
      skip(1);
      while (cur_ != end_) {
        if (cur_ + 1 < end_ && cur_[0] == '\'' && cur_[1] == '\'') {
          skip(2);
          continue;
        }
        if (*cur_ == '\'') break;
        const char *n = skipNbChar(cur_);
        if (n == cur_) {
          n = skipBreak(cur_);
          if (n == cur_) break;
          cur_ = n;
          column_ = 0;
          ++line_;
        } else {
          if (n == end_) break;
          cur_ = n;
          ++column_;
        }
      }
    }
    if (cur_ == end_) {
      setError("Expected quote at end of scalar", cur_);
      return false;
    }
    skip(1);
    push(Tok::Scalar, start, static_cast<size_t>(cur_ - start));
    saveSimpleKey(std::prev(queue_.end()), startColumn, false);
    simpleKeyAllowed_ = false;
    adjacentValueAllowed_ = true;
    return true;
  }
  bool scanPlainScalar() {
    const char *start = cur_;
    unsigned startColumn = column_;
    unsigned leadingBlanks = 0;
    const unsigned indent = static_cast<unsigned>(indent_ + 1);
    while (cur_ != end_) {
      if (*cur_ == '#') break;
      while (cur_ != end_ && ((*cur_ != ':' && plainSafeNonBlank(cur_)) ||
                              (*cur_ == ':' && plainSafeNonBlank(cur_ + 1)))) {
        const char *n = skipNbChar(cur_);
        if (n == cur_) break;
        cur_ = n;
        ++column_;
      }
      if (!blankOrBreak(cur_)) break;
      const char *t = cur_;
      while (blankOrBreak(t)) {
        const char *n = skipWhite(t);
        if (n != t) {
          if (leadingBlanks && column_ < indent && *t == '\t') {
            setError("Found invalid tab character in indentation", t);
            return false;
          }
          t = n;
          ++column_;
        } else {
          n = skipBreak(t);
          if (!leadingBlanks) leadingBlanks = 1;
          t = n;
          column_ = 0;
          ++line_;
        }
      }
      if (!flowLevel_ && column_ < indent) break;
      cur_ = t;
    }
    if (start == cur_) {
      setError("Got empty plain scalar", start);
      return false;
    }
    push(Tok::Scalar, start, static_cast<size_t>(cur_ - start));
    saveSimpleKey(std::prev(queue_.end()), startColumn, false);
    simpleKeyAllowed_ = false;
    adjacentValueAllowed_ = false;
    return true;
  }
  bool scanAliasOrAnchor(bool alias) {
    const char *start = cur_;
    unsigned startColumn = column_;
    skip(1);
    while (cur_ != end_) {
      if (std::string_view("[]{},:").find(*cur_) != std::string_view::npos) break;
      const char *n = skipNsChar(cur_);
      if (n == cur_) break;
      cur_ = n;
      ++column_;
    }
    if (start + 1 == cur_) {
      setError("Got empty alias or anchor", start);
      return false;
    }
    push(alias ? Tok::Alias : Tok::Anchor, start, static_cast<size_t>(cur_ - start));
    saveSimpleKey(std::prev(queue_.end()), startColumn, false);
    simpleKeyAllowed_ = false;
    adjacentValueAllowed_ = false;
    return true;
  }
  bool scanBlockScalar() {
    skip(1); // '|' or '>'
    const char *headerStart = cur_;
    char chomping = ' ';
    auto chompingIndicator = [&] {
      if (cur_ != end_ && (*cur_ == '+' || *cur_ == '-')) {
        chomping = *cur_;
        skip(1);
      }
    };
    chompingIndicator();
    unsigned blockIndent = 0;
    if (cur_ != end_ && *cur_ >= '1' && *cur_ <= '9') {
      blockIndent = static_cast<unsigned>(*cur_ - '0');
      skip(1);
    }
    if (chomping == ' ') chompingIndicator();
    cur_ = skipWhile(&Scanner::skipWhite, cur_);
    skipComment();
    if (cur_ == end_) { // (an empty scalar at the end of the text)
      push(Tok::BlockScalar, headerStart, static_cast<size_t>(cur_ - headerStart));
      return true;
    }
    if (!consumeBreak()) {
      setError("Expected a line break after block scalar header", cur_);
      return false;
    }
    const char *start = cur_;
    const unsigned exitIndent = indent_ < 0 ? 0 : static_cast<unsigned>(indent_);
    bool done = false;
    if (blockIndent == 0 && !findBlockScalarIndent(blockIndent, exitIndent, done)) return false;
    while (!done) {
      if (!scanBlockScalarIndent(blockIndent, exitIndent, done)) return false;
      if (done) break;
      while (true) { // (the line's text)
        const char *n = skipNbChar(cur_);
        if (n == cur_) break;
        column_ += static_cast<unsigned>(n - cur_);
        cur_ = n;
      }
      if (cur_ == end_ || !consumeBreak()) break;
    }
    if (!flowLevel_) simpleKeyAllowed_ = true;
    adjacentValueAllowed_ = false;
    push(Tok::BlockScalar, start, static_cast<size_t>(cur_ - start));
    return true;
  }
  bool findBlockScalarIndent(unsigned &blockIndent, unsigned exitIndent, bool &done) {
    unsigned longestSpaces = 0;
    const char *longestLine = nullptr;
    while (true) {
      while (cur_ != end_ && *cur_ == ' ') skip(1);
      if (skipNbChar(cur_) != cur_) {
        if (column_ <= exitIndent) {
          done = true;
          return true;
        }
        blockIndent = column_;
        if (longestSpaces > blockIndent) {
          setError("Leading all-spaces line must be smaller than the block indent", longestLine);
          return false;
        }
        return true;
      }
      if (skipBreak(cur_) != cur_ && column_ > longestSpaces) {
        longestSpaces = column_;
        longestLine = cur_;
      }
      if (cur_ == end_ || !consumeBreak()) {
        done = true;
        return true;
      }
    }
  }
  bool scanBlockScalarIndent(unsigned blockIndent, unsigned exitIndent, bool &done) {
    while (column_ < blockIndent && cur_ != end_ && *cur_ == ' ') skip(1);
    if (skipNbChar(cur_) == cur_) return true;
    if (column_ <= exitIndent) {
      done = true;
      return true;
    }
    if (column_ < blockIndent) {
      if (cur_ != end_ && *cur_ == '#') { // (a trailing comment)
        done = true;
        return true;
      }
      setError("A text line is less indented than the block scalar", cur_);
      return false;
    }
    return true;
  }
  bool scanTag() {
    const char *start = cur_;
    unsigned startColumn = column_;
    skip(1);
    if (cur_ == end_ || blankOrBreak(cur_)) {
      // an empty tag
    } else if (*cur_ == '<') {
      skip(1);
      while (cur_ != end_) { // (ns-uri-char)
        const char c = *cur_;
        const bool hex = cur_ + 2 < end_ && c == '%' && std::isalnum(uint8_t(cur_[1])) &&
                         std::isalnum(uint8_t(cur_[2]));
        if (!(hex || c == '-' || std::isalpha(uint8_t(c)) ||
              std::string_view("#;/?:@&=+$,_.!~*'()[]").find(c) != std::string_view::npos))
          break;
        ++cur_;
        ++column_;
      }
      if (cur_ == end_ || static_cast<uint8_t>(*cur_) >= 0x80) {
        if (cur_ != end_) setError("Cannot consume non-ascii characters", cur_);
        return false;
      }
      if (*cur_ != '>') return false;
      skip(1);
    } else {
      cur_ = skipWhile(&Scanner::skipNsChar, cur_);
    }
    push(Tok::Tag, start, static_cast<size_t>(cur_ - start));
    saveSimpleKey(std::prev(queue_.end()), startColumn, false);
    simpleKeyAllowed_ = false;
    adjacentValueAllowed_ = false;
    return true;
  }

  bool fetchMoreTokens() {
    if (startOfStream_) return scanStreamStart();
    scanToNextToken();
    if (cur_ == end_) return scanStreamEnd();
    removeStaleSimpleKeys();
    unrollIndent(static_cast<int>(column_));
    const char c = *cur_;
    if (column_ == 0 && c == '%') return scanDirective();
    auto documentIndicator = [&](char m) {
      return column_ == 0 && cur_ + 4 <= end_ && cur_[0] == m && cur_[1] == m && cur_[2] == m &&
             (cur_ + 3 == end_ || blankOrBreak(cur_ + 3));
    };
    if (documentIndicator('-')) return scanDocumentIndicator(true);
    if (documentIndicator('.')) return scanDocumentIndicator(false);
    if (c == '[') return scanFlowCollectionStart(true);
    if (c == '{') return scanFlowCollectionStart(false);
    if (c == ']') return scanFlowCollectionEnd(true);
    if (c == '}') return scanFlowCollectionEnd(false);
    if (c == ',') return scanFlowEntry();
    if (c == '-' && (cur_ + 1 == end_ || blankOrBreak(cur_ + 1))) return scanBlockEntry();
    if (c == '?' && (cur_ + 1 == end_ || blankOrBreak(cur_ + 1))) return scanKey();
    if (c == ':' && (!plainSafeNonBlank(cur_ + 1) || adjacentValueAllowed_)) return scanValue();
    if (c == '*') return scanAliasOrAnchor(true);
    if (c == '&') return scanAliasOrAnchor(false);
    if (c == '!') return scanTag();
    if ((c == '|' || c == '>') && !flowLevel_) return scanBlockScalar();
    if (c == '\'') return scanFlowScalar(false);
    if (c == '"') return scanFlowScalar(true);
    const bool indicator =
        std::string_view("-?:,[]{}#&*!|>'\"%@`").find(c) != std::string_view::npos;
    if ((!blankOrBreak(cur_) && !indicator) ||
        ((c == '?' || c == ':' || c == '-') && plainSafeNonBlank(cur_ + 1)))
      return scanPlainScalar();
    setError("Unrecognized character while tokenizing.", cur_);
    return false;
  }
};

// A node of llvm's YAML document, read lazily: a collection's entries are parsed when it is
// iterated (once) or skipped.
struct Node {
  enum Kind : uint8_t { Null, Scalar, BlockScalar, KeyValue, Mapping, Sequence, Alias } kind;
  enum Style : uint8_t { Block, Flow, Inline, Indentless } style = Block;
  const char *rangeBegin = nullptr, *rangeEnd = nullptr;
  std::string_view value; // (a scalar's text as written)
  std::string_view tag;   // (the tag token as written, "" when none)
  bool atBeginning = true, atEnd = false, previousWasFlowEntry = true;
  Node *current = nullptr;             // (a collection's entry being read)
  Node *key = nullptr, *val = nullptr; // (a key-value pair's nodes once read)
};

// llvm's encodeUTF8: code points past U+10FFFF add nothing.
void appendUtf8(std::string &out, uint32_t c) {
  auto put = [&](uint32_t b) { out += static_cast<char>(b); };
  if (c <= 0x7F) {
    put(c);
  } else if (c <= 0x7FF) {
    put(0xC0 | (c >> 6));
    put(0x80 | (c & 0x3F));
  } else if (c <= 0xFFFF) {
    put(0xE0 | (c >> 12));
    put(0x80 | ((c >> 6) & 0x3F));
    put(0x80 | (c & 0x3F));
  } else if (c <= 0x10FFFF) {
    put(0xF0 | (c >> 18));
    put(0x80 | ((c >> 12) & 0x3F));
    put(0x80 | ((c >> 6) & 0x3F));
    put(0x80 | (c & 0x3F));
  }
}

class Reader {
public:
  Reader(std::string_view text, std::vector<Message> &out)
      : scanner_(text, out, errorCode_), out_(out) {}

  size_t scanned() const { return scanner_.scanned(); }
  bool failed() const { return errorCode_; }

  // llvm::yaml::Input reading a msgpack::Document: the first document that is not empty.
  void run() {
    scanner_.getNext(); // (the stream's start)
    startDocument();
    while (true) {
      Node *root = getRoot();
      if (!root) {
        errorCode_ = true; // (no document: a failure even where nothing was printed)
        return;
      }
      if (root->kind != Node::Null) {
        createHNodes(root);
        if (!errorCode_) checkTaggedScalars();
        return;
      }
      if (!skipDocument()) return; // (empty documents are skipped)
      startDocument();
    }
  }

private:
  Scanner scanner_;
  bool errorCode_ = false;
  std::vector<Message> &out_;
  std::deque<Node> nodes_;
  Node *root_ = nullptr; // (parsed again while null, as llvm's getRoot does)
  std::map<std::string, std::string, std::less<>> tagHandles_; // (%TAG handle -> prefix)
  std::vector<const Node *> taggedScalars_;
  // Collections nested deeper than this stop the reading (llvm's recursive reader would crash).
  static constexpr int kMaxDepth = 1000;
  int depth_ = 0;
  struct Nested {
    Reader &r;
    explicit Nested(Reader &reader) : r(reader) {
      if (++r.depth_ > kMaxDepth) r.scanner_.stop();
    }
    ~Nested() { --r.depth_; }
  };

  Token &peekNext() { return scanner_.peekNext(); }
  Token getNext() { return scanner_.getNext(); }
  void parseError(std::string message, const Token &t) { scanner_.setError(message, t.begin); }
  // yaml::Input's own errors: always printed, with the node's range underlined.
  void inputError(const Node *n, std::string message) {
    if (n && n->rangeBegin)
      out_.push_back({n->rangeBegin, n->rangeEnd, std::move(message)});
    else
      out_.push_back({nullptr, nullptr, std::move(message)});
    errorCode_ = true;
  }

  // A node starts where the next token does when it is made (which may scan further).
  Node *make(Node::Kind kind, std::string_view tag = {}, Node::Style style = Node::Block) {
    const char *at = peekNext().begin;
    Node &n = nodes_.emplace_back();
    n.kind = kind;
    n.style = style;
    n.tag = tag;
    n.rangeBegin = n.rangeEnd = at;
    return &n;
  }

  void startDocument() {
    root_ = nullptr;
    tagHandles_ = {{"!", "!"}, {"!!", "tag:yaml.org,2002:"}};
    bool directives = false;
    while (true) {
      const Token t = peekNext();
      if (t.kind == Tok::TagDirective) {
        getNext();
        std::string_view d = t.text();
        d.remove_prefix(std::min(d.size(), d.find_first_of(" \t")));
        d.remove_prefix(std::min(d.size(), d.find_first_not_of(" \t")));
        const size_t handleEnd = std::min(d.size(), d.find_first_of(" \t"));
        std::string_view prefix = d.substr(handleEnd);
        prefix.remove_prefix(std::min(prefix.size(), prefix.find_first_not_of(" \t")));
        tagHandles_[std::string(d.substr(0, handleEnd))] = prefix;
        directives = true;
      } else if (t.kind == Tok::VersionDirective) {
        getNext();
        directives = true;
      } else {
        break;
      }
    }
    if (directives) {
      const Token t = getNext();
      if (t.kind != Tok::DocumentStart) parseError("Unexpected token", t);
    }
    if (peekNext().kind == Tok::DocumentStart) getNext();
  }
  Node *getRoot() {
    if (!root_) root_ = parseBlockNode();
    return root_;
  }
  bool skipDocument() {
    while (true) {
      if (scanner_.failed()) return false;
      if (!getRoot()) return false;
      skip(root_);
      const Tok k = peekNext().kind;
      if (k == Tok::StreamEnd) return false;
      if (k != Tok::DocumentEnd) return true;
      getNext();
    }
  }

  Node *parseBlockNode() {
    Token t = peekNext();
    Token anchor, tag;
    while (true) { // (the node's properties)
      if (t.kind == Tok::Alias) {
        getNext();
        return make(Node::Alias);
      }
      if (t.kind == Tok::Anchor) {
        if (anchor.kind == Tok::Anchor) {
          parseError("Already encountered an anchor for this node!", t);
          return nullptr;
        }
        anchor = getNext();
        t = peekNext();
        continue;
      }
      if (t.kind == Tok::Tag) {
        if (tag.kind == Tok::Tag) {
          parseError("Already encountered a tag for this node!", t);
          return nullptr;
        }
        tag = getNext();
        t = peekNext();
        continue;
      }
      break;
    }
    const std::string_view tagText = tag.kind == Tok::Tag ? tag.text() : std::string_view();
    switch (t.kind) {
    case Tok::BlockEntry: // (a sequence not indented under its key: not ended by a BlockEnd)
      return make(Node::Sequence, tagText, Node::Indentless);
    case Tok::BlockSequenceStart: getNext(); return make(Node::Sequence, tagText, Node::Block);
    case Tok::BlockMappingStart: getNext(); return make(Node::Mapping, tagText, Node::Block);
    case Tok::FlowSequenceStart: getNext(); return make(Node::Sequence, tagText, Node::Flow);
    case Tok::FlowMappingStart: getNext(); return make(Node::Mapping, tagText, Node::Flow);
    case Tok::Scalar: {
      getNext();
      Node *n = make(Node::Scalar, tagText);
      n->value = t.text();
      n->rangeBegin = t.begin;
      n->rangeEnd = t.begin + t.size;
      return n;
    }
    case Tok::BlockScalar: {
      getNext();
      Node *n = make(Node::BlockScalar, tagText);
      n->rangeBegin = t.begin;
      n->rangeEnd = t.begin + t.size;
      return n;
    }
    case Tok::Key: // (a mapping of one pair written inline; the pair reads the Key)
      return make(Node::Mapping, tagText, Node::Inline);
    case Tok::FlowMappingEnd:
    case Tok::FlowSequenceEnd:
    case Tok::FlowEntry:
      if (root_ && (root_->kind == Node::Mapping || root_->kind == Node::Sequence))
        return make(Node::Null);
      parseError("Unexpected token", t);
      return nullptr;
    case Tok::Error: return nullptr;
    default: return make(Node::Null);
    }
  }

  Node *getKey(Node *kv) {
    if (kv->key) return kv->key;
    {
      const Tok k = peekNext().kind;
      if (k == Tok::BlockEnd || k == Tok::Value || k == Tok::Error)
        return kv->key = make(Node::Null);
      if (k == Tok::Key) getNext();
    }
    const Tok k = peekNext().kind;
    if (k == Tok::BlockEnd || k == Tok::Value) return kv->key = make(Node::Null);
    return kv->key = parseBlockNode();
  }
  Node *getValue(Node *kv) {
    if (kv->val) return kv->val;
    if (Node *key = getKey(kv)) {
      skip(key);
    } else {
      parseError("Null key in Key Value.", peekNext());
      return kv->val = make(Node::Null);
    }
    if (scanner_.failed()) return kv->val = make(Node::Null);
    {
      const Token t = peekNext();
      if (t.kind == Tok::BlockEnd || t.kind == Tok::FlowMappingEnd || t.kind == Tok::Key ||
          t.kind == Tok::FlowEntry || t.kind == Tok::Error)
        return kv->val = make(Node::Null);
      if (t.kind != Tok::Value) {
        parseError("Unexpected token in Key Value.", t);
        return kv->val = make(Node::Null);
      }
      getNext();
    }
    const Tok k = peekNext().kind;
    if (k == Tok::BlockEnd || k == Tok::Key) return kv->val = make(Node::Null);
    return kv->val = parseBlockNode();
  }

  void endCollection(Node *c) {
    c->atEnd = true;
    c->current = nullptr;
  }
  // (a ',' between entries is eaten and the next token looked at: llvm recurses, this loops)
  void incrementMapping(Node *m) {
    while (true) {
      if (scanner_.failed()) return endCollection(m);
      if (m->current) {
        skip(m->current);
        if (m->style == Node::Inline) return endCollection(m);
      }
      const Token t = peekNext();
      if (t.kind == Tok::Key || t.kind == Tok::Scalar) {
        m->current = make(Node::KeyValue); // (the pair reads the Key token: null keys show)
        return;
      }
      if (m->style == Node::Block) {
        if (t.kind == Tok::BlockEnd) {
          getNext();
        } else if (t.kind != Tok::Error) {
          parseError("Unexpected token. Expected Key or Block End", t);
        }
        return endCollection(m);
      }
      if (t.kind == Tok::FlowEntry) {
        getNext();
        m->current = nullptr; // (skipped already)
        continue;
      }
      if (t.kind == Tok::FlowMappingEnd) {
        getNext();
      } else if (t.kind != Tok::Error) {
        parseError("Unexpected token. Expected Key, Flow Entry, or Flow Mapping End.", t);
      }
      return endCollection(m);
    }
  }
  void incrementSequence(Node *s) {
    while (true) {
      if (scanner_.failed()) return endCollection(s);
      if (s->current) skip(s->current);
      const Token t = peekNext();
      if (s->style == Node::Block || s->style == Node::Indentless) {
        if (t.kind == Tok::BlockEntry) {
          getNext();
          s->current = parseBlockNode();
          if (!s->current) endCollection(s);
          return;
        }
        if (s->style == Node::Block) {
          if (t.kind == Tok::BlockEnd)
            getNext();
          else if (t.kind != Tok::Error)
            parseError("Unexpected token. Expected Block Entry or Block End.", t);
        }
        return endCollection(s);
      }
      switch (t.kind) {
      case Tok::FlowEntry:
        getNext();
        s->previousWasFlowEntry = true;
        s->current = nullptr; // (skipped already)
        continue;
      case Tok::FlowSequenceEnd: getNext(); return endCollection(s);
      case Tok::Error: return endCollection(s);
      case Tok::StreamEnd:
      case Tok::DocumentEnd:
      case Tok::DocumentStart: parseError("Could not find closing ]!", t); return endCollection(s);
      default:
        if (!s->previousWasFlowEntry) {
          parseError("Expected , between entries!", t);
          return endCollection(s);
        }
        s->current = parseBlockNode();
        if (!s->current) s->atEnd = true;
        s->previousWasFlowEntry = false;
        return;
      }
    }
  }
  void increment(Node *c) {
    if (c->kind == Node::Mapping)
      incrementMapping(c);
    else
      incrementSequence(c);
  }
  // Iterates a collection (once): `visit` returns false to stop.
  template <typename F> void forEach(Node *c, F visit) {
    c->atBeginning = false;
    for (increment(c); !c->atEnd; increment(c))
      if (!visit(c->current)) return;
  }
  void skip(Node *n) {
    Nested nested(*this);
    if (n->kind == Node::KeyValue) {
      if (Node *key = getKey(n)) {
        skip(key);
        if (Node *value = getValue(n)) skip(value);
      }
    } else if ((n->kind == Node::Mapping || n->kind == Node::Sequence) && n->atBeginning) {
      forEach(n, [&](Node *entry) {
        skip(entry);
        return true;
      });
    }
  }

  // A scalar's value as llvm reads it: line breaks folded (a break and the blanks around it
  // become one space, each further empty line a '\n'), a quoted scalar's escapes read (a
  // double-quoted one's unknown escape is llvm's error).
  std::string scalarValue(const Node *n) {
    std::string_view v = n->value;
    const char quote = v.empty() ? 0 : v[0];
    if (quote == '"' || quote == '\'')
      v = v.substr(1, v.size() >= 2 ? v.size() - 2 : 0);
    else
      while (!v.empty() && std::string_view("\r\n \t").find(v.back()) != std::string_view::npos)
        v.remove_suffix(1);
    const std::string_view special = quote == '"' ? "\\\r\n" : quote == '\'' ? "'\r\n" : "\r\n";
    std::string out;
    char lastBreakAs = 0;
    for (size_t i; (i = v.find_first_of(special)) != std::string_view::npos;) {
      if (v[i] != '\r' && v[i] != '\n') {
        out.append(v.substr(0, i));
        v.remove_prefix(i);
        if (quote == '\'') { // ('' is a quote)
          out += '\'';
          v.remove_prefix(std::min<size_t>(2, v.size()));
        } else if (!unescape(v, out)) {
          return {};
        }
        lastBreakAs = 0;
        continue;
      }
      const size_t lastText = v.substr(0, i).find_last_not_of(" \t");
      if (lastText != std::string_view::npos) {
        out.append(v.substr(0, lastText + 1));
        out += ' ';
        lastBreakAs = ' ';
      } else if (lastBreakAs == ' ') {
        out.back() = '\n';
        lastBreakAs = '\n';
      } else if (lastBreakAs == '\n') {
        out += '\n';
      } else {
        out += ' ';
        lastBreakAs = ' ';
      }
      if (v.substr(i, 2) == "\r\n") ++i;
      v.remove_prefix(i + 1);
      v.remove_prefix(std::min(v.size(), v.find_first_not_of(" \t")));
    }
    out.append(v);
    return out;
  }
  // One escape of a double-quoted scalar at the start of `v` (a '\\'): appended to `out` and
  // taken off `v`; false after llvm's error for an unknown one.
  bool unescape(std::string_view &v, std::string &out) {
    if (v.size() == 1) {
      scanner_.setError("Unrecognized escape code", v.data());
      return false;
    }
    v.remove_prefix(1);
    const char e = v[0];
    static constexpr std::string_view kEscapes = "0abt\tnvfre \"/\\";
    static constexpr char kValues[] = "\0\a\b\t\t\n\v\f\r\x1b \"/\\";
    if (const size_t k = kEscapes.find(e); k != std::string_view::npos) {
      out += kValues[k];
    } else if (e == '\r' || e == '\n') { // (an escaped line break: nothing, nor the blanks after)
      if (e == '\r' && v.size() >= 2 && v[1] == '\n') v.remove_prefix(1);
      v.remove_prefix(1);
      v.remove_prefix(std::min(v.size(), v.find_first_not_of(" \t")));
      return true;
    } else if (e == 'N' || e == '_' || e == 'L' || e == 'P') {
      appendUtf8(out, e == 'N' ? 0x85 : e == '_' ? 0xA0 : e == 'L' ? 0x2028 : 0x2029);
    } else if (e == 'x' || e == 'u' || e == 'U') {
      // (the digits are taken when that many follow; not hexadecimal: U+FFFD)
      const size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      if (v.size() > digits) {
        uint32_t c = 0;
        for (char h : v.substr(1, digits)) {
          const int d = std::isdigit(uint8_t(h))    ? h - '0'
                        : std::isxdigit(uint8_t(h)) ? (h | 0x20) - 'a' + 10
                                                    : -1;
          if (d < 0) {
            c = 0xFFFD;
            break;
          }
          c = c * 16 + static_cast<uint32_t>(d);
        }
        appendUtf8(out, c);
        v.remove_prefix(digits + 1);
        return true;
      }
    } else {
      scanner_.setError("Unrecognized escape code", v.data());
      return false;
    }
    v.remove_prefix(1);
    return true;
  }

  // Input::createHNodes: the whole document is read here, in order.
  void createHNodes(Node *n) {
    Nested nested(*this);
    switch (n->kind) {
    case Node::Scalar:
      scalarValue(n);
      if (!n->tag.empty()) taggedScalars_.push_back(n);
      return;
    case Node::BlockScalar:
    case Node::Null: return;
    case Node::Sequence:
      forEach(n, [&](Node *entry) {
        createHNodes(entry);
        return !errorCode_;
      });
      return;
    case Node::Mapping: {
      std::set<std::string> keys;
      forEach(n, [&](Node *pair) {
        Node *keyNode = getKey(pair);
        const bool scalarKey = keyNode && keyNode->kind == Node::Scalar;
        Node *value = getValue(pair);
        if (!scalarKey || !value) {
          if (!scalarKey) inputError(keyNode, "Map key must be a scalar");
          if (!value) inputError(keyNode, "Map value must not be empty");
          return false;
        }
        std::string key = scalarValue(keyNode);
        if (!keys.insert(key).second) inputError(keyNode, "duplicated mapping key '" + key + "'");
        createHNodes(value);
        return !errorCode_;
      });
      return;
    }
    default:
      inputError(n, "unknown node kind"); // (an alias: llvm's reader has no aliases)
      return;
    }
  }

  // msgpack's DocNode::fromString for the scalars with a tag (!int, !bool, !float): the first
  // one that does not read reports the message the YAMLTraits parser gives.
  void checkTaggedScalars() {
    for (const Node *n : taggedScalars_) {
      std::string_view raw = n->tag;
      if (raw == "!") continue;
      const size_t lastBang = raw.find_last_of('!');
      auto it = tagHandles_.find(raw.substr(0, lastBang + 1));
      if (it == tagHandles_.end()) continue; // (llvm's "Unknown tag handle" is not reached)
      const std::string verbatim = it->second + std::string(raw.substr(lastBang + 1));
      const std::string error = metadataScalarError(scalarValue(n), verbatim);
      if (!error.empty()) {
        inputError(n, error);
        return;
      }
    }
  }
};

} // namespace

std::vector<Diagnostic> llvmYamlDiagnostics(std::string_view text) {
  return readYamlLikeLlvm(text).diagnostics;
}

LlvmYamlReading readYamlLikeLlvm(std::string_view text) {
  std::vector<Message> messages;
  Reader reader(text, messages);
  reader.run();
  LlvmYamlReading reading;
  reading.scanned = reader.scanned();
  reading.accepted = !reader.failed();
  std::vector<Diagnostic> &out = reading.diagnostics;
  const char *begin = text.data(), *end = text.data() + text.size();
  for (Message &m : messages) {
    Diagnostic d;
    d.file = "<unknown>";
    d.message = std::move(m.text);
    if (m.at && m.at >= begin && m.at <= end) {
      // (llvm's SourceMgr: lines end at '\n'; the echoed line also stops at '\r')
      const char *lineStart = m.at;
      while (lineStart != begin && lineStart[-1] != '\n' && lineStart[-1] != '\r') --lineStart;
      const char *lineEnd = m.at;
      while (lineEnd != end && *lineEnd != '\n' && *lineEnd != '\r') ++lineEnd;
      d.file = "YAML";
      d.line = 1 + static_cast<uint32_t>(std::count(begin, m.at, '\n'));
      d.column = 1 + static_cast<uint32_t>(m.at - lineStart);
      d.lineText.assign(lineStart, lineEnd);
      if (m.rangeEnd && m.rangeEnd > m.at)
        d.rangeEnd = 1 + static_cast<uint32_t>(std::min(m.rangeEnd, lineEnd) - lineStart);
    }
    out.push_back(std::move(d));
  }
  return reading;
}

} // namespace gfxasm::object
