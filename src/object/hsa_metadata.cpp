// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// HSA metadata (code object v3+): YAML -> document -> MessagePack note / YAML text, as llvm-mc-22.
//
// Libraries: yaml-cpp reads the YAML (its event interface, so that empty values, `~` and aliases
// stay distinguishable), msgpack-cxx writes the MessagePack bytes. Everything llvm decides on its
// own is done here: how a scalar becomes an int, uint, bool, float, nil or string
// (msgpack::DocNode::fromString), what its verifier accepts, the order of map keys
// (std::map<DocNode, DocNode>), when a double is written as float32, and yaml::Output's layout.
//
// Where yaml-cpp and llvm's YAML parser disagree, llvm's behaviour is reproduced by checks made
// here (tabs in indentation after a plain scalar, see llvmRejectsTabIndentation) and, for the
// text yaml-cpp reads, by llvm's reader's own verdict (yaml_diagnostics.h: which syntax it
// refuses, how much of the text it reads; its messages are printed by the assembler).
#include "object/hsa_metadata.h"

#include "object/yaml_diagnostics.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <stdexcept>

// msgpack-cxx without Boost (only its packer is used).
#ifndef MSGPACK_NO_BOOST
#define MSGPACK_NO_BOOST 1
#endif
#include <fmt/format.h>
#include <msgpack.hpp>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <sstream>

namespace gfxasm::object {

namespace {

// ---------------------------------------------------------------------------------------------
// Scalars: llvm's msgpack::DocNode::fromString and the YAMLTraits parsers it calls.

// llvm::getAutoSenseRadix: 0x/0X, 0b/0B, 0o and a leading 0 before a digit (octal).
unsigned autoSenseRadix(std::string_view &s) {
  if (s.empty()) return 10;
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    return 16;
  }
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    s.remove_prefix(2);
    return 2;
  }
  if (s.size() >= 2 && s[0] == '0' && s[1] == 'o') {
    s.remove_prefix(2);
    return 8;
  }
  if (s[0] == '0' && s.size() > 1 && s[1] >= '0' && s[1] <= '9') {
    s.remove_prefix(1);
    return 8;
  }
  return 10;
}

// llvm::getAsUnsignedInteger(s, 0, v): the whole string, no sign, no overflow.
bool parseUnsigned(std::string_view s, uint64_t &value) {
  unsigned radix = autoSenseRadix(s);
  if (s.empty()) return false;
  uint64_t result = 0;
  for (char c : s) {
    unsigned digit;
    if (c >= '0' && c <= '9')
      digit = static_cast<unsigned>(c - '0');
    else if (c >= 'a' && c <= 'z')
      digit = static_cast<unsigned>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'Z')
      digit = static_cast<unsigned>(c - 'A' + 10);
    else
      return false;
    if (digit >= radix) return false;
    if (result > (UINT64_MAX - digit) / radix) return false;
    result = result * radix + digit;
  }
  value = result;
  return true;
}

// llvm::getAsSignedInteger(s, 0, v).
bool parseSigned(std::string_view s, int64_t &value) {
  uint64_t magnitude;
  if (s.empty() || s.front() != '-') {
    if (!parseUnsigned(s, magnitude) || magnitude > static_cast<uint64_t>(INT64_MAX)) return false;
    value = static_cast<int64_t>(magnitude);
    return true;
  }
  if (!parseUnsigned(s.substr(1), magnitude) || magnitude > (uint64_t{1} << 63)) return false;
  value = static_cast<int64_t>(0 - magnitude);
  return true;
}

// llvm::to_float: strtod over the whole (NUL-terminated) text; an empty text is 0.
bool parseDouble(std::string_view text, double &value) {
  std::string s(text);
  char *end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (*end != '\0') return false;
  value = v;
  return true;
}

// llvm::yaml::parseBool (the `!bool` tag's spellings).
std::optional<bool> parseYamlBool(std::string_view s) {
  for (std::string_view t :
       {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})
    if (s == t) return true;
  for (std::string_view f :
       {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})
    if (s == f) return false;
  return std::nullopt;
}

MetadataNode makeString(std::string_view s) {
  MetadataNode n;
  n.kind = MetadataKind::String;
  n.stringValue = s;
  return n;
}

// Whether strtod could read `s` up to its first NUL. After its blanks and a sign, strtod's
// subject starts with a digit, '.' and a digit, "inf" or "nan" (any case); when
// it does not, strtod reads nothing and stops at the text's first character, which is no NUL
// (an empty text or a NUL anywhere: let strtod decide). Most scalars are names: this spares
// them the call and a scan of their characters.
bool mayBeDouble(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) ++i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  auto isDigit = [&](size_t k) { return k < s.size() && s[k] >= '0' && s[k] <= '9'; };
  auto startsWithWord = [&](const char *word) { // (3 letters, any case)
    for (size_t k = 0; k < 3; ++k)
      if (i + k >= s.size() || (s[i + k] | 0x20) != word[k]) return false;
    return true;
  };
  if (isDigit(i) || (i < s.size() && s[i] == '.' && isDigit(i + 1)) || startsWithWord("inf") ||
      startsWithWord("nan"))
    return true;
  return s.empty() || std::memchr(s.data(), '\0', s.size()) != nullptr;
}

// An integer node of `text` as llvm's getAsInteger reads it (unsigned first), or false.
bool readInteger(std::string_view text, MetadataNode &n) {
  if (parseUnsigned(text, n.uintValue)) {
    n.kind = MetadataKind::UInt;
    return true;
  }
  if (parseSigned(text, n.intValue)) {
    n.kind = MetadataKind::Int;
    return true;
  }
  return false;
}

// DocNode::fromString(text, tag): the node a scalar becomes. `tag` is the verbatim YAML tag, ""
// when none (llvm treats the default "tag:yaml.org,2002:str" as none too). Empty `error` on
// success; otherwise the YAMLTraits message llvm reports.
MetadataNode scalarFromString(std::string_view text, std::string_view tag, std::string &error) {
  error.clear();
  if (tag == "tag:yaml.org,2002:str") tag = "";
  MetadataNode n;
  if (tag.empty()) { // (every scalar of compiler output)
    // A text that starts with no digit and no '-' is no integer (most are names).
    if (!text.empty() && ((text[0] >= '0' && text[0] <= '9') || text[0] == '-') &&
        readInteger(text, n))
      return n;
    // Only the JSON schema's spellings are booleans (llvm's choice: "yes", "on", "True" stay
    // strings).
    if (text == "true" || text == "false") {
      n.kind = MetadataKind::Boolean;
      n.boolValue = text == "true";
      return n;
    }
    if (mayBeDouble(text) && parseDouble(text, n.floatValue)) {
      n.kind = MetadataKind::Float;
      return n;
    }
    return makeString(text);
  }
  if (tag == "!int") {
    if (!readInteger(text, n)) error = "invalid number";
    return n;
  }
  if (tag == "!nil") {
    n.kind = MetadataKind::Nil;
    return n;
  }
  if (tag == "!bool") {
    n.kind = MetadataKind::Boolean;
    if (auto b = parseYamlBool(text))
      n.boolValue = *b;
    else
      error = "invalid boolean";
    return n;
  }
  if (tag == "!float") {
    n.kind = MetadataKind::Float;
    if (!parseDouble(text, n.floatValue)) error = "invalid floating point number";
    return n;
  }
  // "!str" and every other tag (llvm asserts on unknown tags; release builds read a string).
  return makeString(text);
}

// DocNode::toString: the text of a scalar; unsigned integers in hexadecimal in the document's
// hex mode (PAL metadata), but for 0.
std::string scalarToString(const MetadataNode &n, bool hex = false) {
  switch (n.kind) {
  case MetadataKind::String: return std::string(n.stringValue);
  case MetadataKind::Nil: return "";
  case MetadataKind::Boolean: return n.boolValue ? "true" : "false";
  case MetadataKind::Int: return std::to_string(n.intValue);
  case MetadataKind::UInt:
    return hex && n.uintValue ? fmt::format("{:#x}", n.uintValue) : std::to_string(n.uintValue);
  case MetadataKind::Float: {
    // raw_ostream << double: llvm::write_double with FloatStyle::Exponent.
    if (std::isnan(n.floatValue)) return "nan";
    if (std::isinf(n.floatValue)) return std::signbit(n.floatValue) ? "-INF" : "INF";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6e", n.floatValue);
    return buf;
  }
  default: return "";
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the YAML: yaml-cpp events -> a tree of YAML nodes.

struct YamlNode {
  enum class Type : uint8_t { Empty, Scalar, Sequence, Map, Alias } type = Type::Empty;
  std::string tag;        // verbatim, "" when none ("?" and "!" of yaml-cpp: non-specific)
  std::string_view value; // Scalar: in the document's text or the reader's strings
  size_t pos = 0;         // where yaml-cpp says it starts
  bool blockScalar = false;
  std::vector<YamlNode> children; // Sequence: elements; Map: key, value, key, value, ...
};

// Nesting deeper than this is refused before yaml-cpp sees the text: yaml-cpp recurses once per
// level (up to its own limit of 2000), which would overflow small stacks (fuzzing, threads).
constexpr int kMaxNesting = 200;

// Strings the document points into: its text, and the scalars readers had to rewrite. A deque:
// they stay in place as more are added and when it moves into the HsaMetadata.
using TextStore = std::deque<std::string>;

class TreeBuilder : public YAML::EventHandler {
public:
  TreeBuilder(std::string_view text, TextStore &store) : text_(text), store_(store) {}

  std::optional<YamlNode> root;

  void OnDocumentStart(const YAML::Mark &) override {}
  void OnDocumentEnd() override { resolvePendingNull(std::nullopt); }

  void OnNull(const YAML::Mark &mark, YAML::anchor_t) override {
    resolvePendingNull(mark.pos);
    YamlNode n;
    n.type = YamlNode::Type::Empty;
    n.pos = static_cast<size_t>(mark.pos);
    YamlNode &added = add(std::move(n));
    pendingNull_ = &added;
  }
  void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override {
    resolvePendingNull(mark.pos);
    YamlNode n;
    n.type = YamlNode::Type::Alias;
    n.pos = static_cast<size_t>(mark.pos);
    add(std::move(n));
  }
  void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t,
                const std::string &value) override {
    resolvePendingNull(mark.pos);
    YamlNode n;
    n.type = YamlNode::Type::Scalar;
    n.tag = verbatimTag(tag);
    n.value = store_.emplace_back(value);
    n.pos = static_cast<size_t>(mark.pos);
    classifyTaggedScalar(n);
    add(std::move(n));
  }
  void OnSequenceStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    startCollection(mark, tag, YamlNode::Type::Sequence);
  }
  void OnSequenceEnd() override {
    resolvePendingNull(std::nullopt);
    stack_.pop_back();
  }
  void OnMapStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    startCollection(mark, tag, YamlNode::Type::Map);
  }
  void OnMapEnd() override {
    resolvePendingNull(std::nullopt);
    stack_.pop_back();
  }

private:
  static std::string verbatimTag(const std::string &tag) {
    return tag == "?" || tag == "!" ? std::string() : tag;
  }

  void startCollection(const YAML::Mark &mark, const std::string &tag, YamlNode::Type type) {
    resolvePendingNull(mark.pos);
    if (stack_.size() >= static_cast<size_t>(kMaxNesting))
      throw std::runtime_error("nesting too deep");
    YamlNode n;
    n.type = type;
    n.tag = verbatimTag(tag);
    n.pos = static_cast<size_t>(mark.pos);
    YamlNode &added = add(std::move(n));
    stack_.push_back(&added);
  }

  YamlNode &add(YamlNode n) {
    if (stack_.empty()) {
      root = std::move(n);
      return *root;
    }
    auto &children = stack_.back()->children;
    children.push_back(std::move(n));
    // Children vectors only grow at the top of the stack, so pointers into parents stay valid.
    return children.back();
  }

  // Skips node properties (`&anchor`, `!tag`) and the blanks after them.
  size_t skipProperties(size_t pos) const {
    while (pos < text_.size() && (text_[pos] == '&' || text_[pos] == '!')) {
      while (pos < text_.size() && !isBlank(text_[pos])) ++pos;
      while (pos < text_.size() && (text_[pos] == ' ' || text_[pos] == '\t')) ++pos;
    }
    return pos;
  }
  static bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

  // yaml-cpp reports both an empty value and a plain `~`/`null` as a null, the empty one at the
  // position of whatever follows it. llvm reads `~` and `null` as strings and an empty value as
  // an empty node: a null is a real token when its text is there and the next event does not
  // start at the same place (the empty value before a `null:` key).
  void resolvePendingNull(std::optional<int> nextPos) {
    if (!pendingNull_) return;
    YamlNode &n = *pendingNull_;
    pendingNull_ = nullptr;
    if (nextPos && static_cast<size_t>(*nextPos) == n.pos) return;
    size_t p = skipProperties(n.pos);
    for (std::string_view word : {"~", "null", "Null", "NULL"}) {
      if (text_.substr(p, word.size()) != word) continue;
      size_t after = p + word.size();
      if (after < text_.size() && !isBlank(text_[after]) && text_[after] != ',' &&
          text_[after] != ']' && text_[after] != '}' && text_[after] != '#')
        continue;
      n.type = YamlNode::Type::Scalar;
      n.value = word;
      return;
    }
  }

  // A tag with nothing after it (`a: !!null`) is an empty node for llvm; yaml-cpp gives a scalar
  // with an empty value. Block scalars (`|`, `>`) are remembered: llvm refuses them as keys.
  void classifyTaggedScalar(YamlNode &n) const {
    size_t p = skipProperties(n.pos);
    char c = p < text_.size() ? text_[p] : '\0';
    if (c == '|' || c == '>') n.blockScalar = true;
    if (c == '>') restoreFoldedKeptBreak(n, p);
    if (n.value.empty() && !n.tag.empty() && c != '\'' && c != '"' && c != '|' && c != '>')
      n.type = YamlNode::Type::Empty;
  }

  // yaml-cpp drops one of the kept line breaks of a folded scalar with `+` chomping (`>+`) when
  // blank lines follow its text; llvm keeps them all.
  void restoreFoldedKeptBreak(YamlNode &n, size_t header) const {
    size_t lineEnd = text_.find('\n', header);
    std::string_view indicators =
        text_.substr(header + 1, lineEnd == std::string_view::npos ? std::string_view::npos
                                                                   : lineEnd - header - 1);
    indicators = indicators.substr(0, indicators.find_first_of(" \t#\r"));
    // (With an indentation indicator, `>2+`, yaml-cpp keeps them.)
    if (indicators.find('+') == std::string_view::npos ||
        indicators.find_first_of("123456789") != std::string_view::npos ||
        lineEnd == std::string_view::npos)
      return;
    size_t contentIndent = std::string_view::npos, trailingBlank = 0;
    for (size_t start = lineEnd + 1; start < text_.size();) {
      size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) end = text_.size();
      std::string_view line = text_.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      size_t indent = line.find_first_not_of(' ');
      if (indent == std::string_view::npos) {
        ++trailingBlank; // a line of spaces only
      } else {
        if (contentIndent == std::string_view::npos) contentIndent = indent;
        if (indent < contentIndent) break;
        trailingBlank = 0;
      }
      start = end + 1;
    }
    if (trailingBlank > 0 && contentIndent != std::string_view::npos)
      n.value = store_.emplace_back(std::string(n.value) + '\n');
  }

  std::string_view text_;
  TextStore &store_;
  std::vector<YamlNode *> stack_;
  YamlNode *pendingNull_ = nullptr;
};

// The quotes and flow brackets of YAML text read a character at a time (the quote ends with its
// line; the flow nesting goes on): `read` says whether `c` was one of them or inside a quote.
struct FlowScan {
  char quote = 0;
  int flow = 0;
  bool read(char c) {
    if (quote) {
      if (c == quote) quote = 0;
      return true;
    }
    if (c == '\'' || c == '"')
      quote = c;
    else if (c == '[' || c == '{')
      ++flow;
    else if ((c == ']' || c == '}') && flow > 0)
      --flow;
    else
      return false;
    return true;
  }
};

// Rough nesting depth of the text (flow brackets outside quotes + block indentation levels +
// `- ` entries on a line), to refuse pathological inputs before yaml-cpp recurses on them.
int estimateNesting(std::string_view text) {
  FlowScan scan;
  int maxDepth = 0;
  std::vector<size_t> indents;
  size_t lineStart = 0;
  while (lineStart < text.size()) {
    size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == std::string_view::npos) lineEnd = text.size();
    std::string_view line = text.substr(lineStart, lineEnd - lineStart);
    size_t indent = line.find_first_not_of(' ');
    if (indent != std::string_view::npos) {
      while (!indents.empty() && indents.back() >= indent) indents.pop_back();
      indents.push_back(indent);
    }
    int dashes = 0;
    scan.quote = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (!scan.read(c) && (c == '-' || c == '?' || c == ':') &&
          (i + 1 == line.size() || line[i + 1] == ' '))
        ++dashes;
    }
    maxDepth = std::max(maxDepth, scan.flow + static_cast<int>(indents.size()) + dashes);
    lineStart = lineEnd + 1;
  }
  return maxDepth;
}

// llvm's scanner refuses a tab in the indentation that follows a plain scalar in block context
// ("Found invalid tab character in indentation": the blanks and line breaks after the scalar are
// scanned as its possible continuation, and a tab in a column left of the scalar's block
// indentation + 1 is an error). yaml-cpp accepts some of these (a tab on the line after the last
// value: llvm-mc's collected text ends with the tab that indents `\t.end_amdgpu_metadata` when
// the YAML has no `...`). Approximated from the lines: a line ending (comments aside) in a plain
// scalar value at block level, then blank lines, then a tab left of the block's indentation + 1.
bool llvmRejectsTabIndentation(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t start = 0;;) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  FlowScan scan;
  bool inDocument = true;
  bool inBlockScalar = false;
  size_t blockScalarIndent = 0;
  for (size_t li = 0; li < lines.size(); ++li) {
    std::string_view line = lines[li];
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // The text of a block scalar (`|`, `>`) is no plain scalar: skip it.
    if (inBlockScalar) {
      size_t spaces = line.find_first_not_of(' ');
      if (spaces == std::string_view::npos || spaces > blockScalarIndent) continue;
      inBlockScalar = false;
    }
    if (size_t last = line.find_last_not_of(" \t"); last != std::string_view::npos) {
      size_t start = last;
      while (start > 0 &&
             std::string_view("0123456789+-").find(line[start]) != std::string_view::npos)
        --start;
      if ((line[start] == '|' || line[start] == '>') && (start == 0 || line[start - 1] == ' ')) {
        inBlockScalar = true;
        blockScalarIndent = line.find_first_not_of(" \t");
        continue;
      }
    }
    if (line == "..." || line.starts_with("... ") || line == "---" || line.starts_with("--- ")) {
      inDocument = line.starts_with("---");
      if (line == "---" || line == "...") continue;
    }
    // Strip a comment, track flow brackets and find the last token's start.
    scan.quote = 0;
    size_t contentEnd = 0;
    int flowAtStart = scan.flow;
    bool comment = false;
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (!scan.quote && c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
        comment = true;
        break;
      }
      bool quoted = scan.quote != 0;
      scan.read(c);
      if (quoted || (c != ' ' && c != '\t')) contentEnd = i + 1;
    }
    // A comment after the scalar ends it: what follows is not its continuation.
    if (!inDocument || scan.flow != 0 || flowAtStart != 0 || contentEnd == 0 || scan.quote ||
        comment)
      continue;
    std::string_view content = line.substr(0, contentEnd);
    char last = content.back();
    if (last == ':' || last == ']' || last == '}' || last == '\'' || last == '"' || last == '|' ||
        last == '>' || last == ',')
      continue;
    size_t indent = content.find_first_not_of(" \t");
    if (indent == std::string_view::npos) continue;
    std::string_view rest = content.substr(indent);
    if (rest == "-" || rest.starts_with("#")) continue;
    // The block indentation the scalar belongs to: a `key: value` line's key column, a `- value`
    // entry's dash column, a `- key: value` entry's key column.
    size_t blockIndent = indent;
    size_t column = indent;
    while (rest.starts_with("- ") || rest.starts_with("-\t")) {
      size_t skip = rest.find_first_not_of(" \t", 1);
      if (skip == std::string_view::npos) break;
      column += skip;
      rest.remove_prefix(skip);
      blockIndent = column - skip;
    }
    if (rest == "-" || rest == "?") continue; // an entry whose node starts on the next line
    // Where a `key: value` line's key ends: after a quoted key's closing quote.
    size_t keyEnd = 0;
    if (rest.front() == '\'' || rest.front() == '"') {
      char q = rest.front();
      size_t i = 1;
      for (; i < rest.size(); ++i) {
        if (q == '"' && rest[i] == '\\')
          ++i;
        else if (rest[i] == q) {
          if (q == '\'' && i + 1 < rest.size() && rest[i + 1] == '\'')
            ++i;
          else
            break;
        }
      }
      keyEnd = i + 1;
    }
    size_t colon = keyEnd <= rest.size() ? rest.find(": ", keyEnd) : std::string_view::npos;
    if (keyEnd > 0 && colon != keyEnd) colon = std::string_view::npos;
    if (colon != std::string_view::npos) {
      blockIndent = column;
      std::string_view value = rest.substr(colon + 1);
      size_t v = value.find_first_not_of(" \t");
      // Node properties (`&anchor`, `!tag`) before the value.
      while (v != std::string_view::npos && (value[v] == '&' || value[v] == '!')) {
        size_t end = value.find_first_of(" \t", v);
        v = end == std::string_view::npos ? end : value.find_first_not_of(" \t", end);
      }
      if (v == std::string_view::npos) continue;
      char first = value[v];
      if (first == '\'' || first == '"' || first == '[' || first == '{' || first == '|' ||
          first == '>' || first == '&' || first == '*')
        continue;
    } else if (rest.front() == '\'' || rest.front() == '"' || rest.front() == '[' ||
               rest.front() == '{' || rest.front() == '|' || rest.front() == '>') {
      continue;
    }
    // The blank region after the scalar: following lines of blanks, up to the first other char.
    for (size_t next = li + 1; next < lines.size(); ++next) {
      std::string_view l = lines[next];
      size_t col = 0;
      for (; col < l.size() && (l[col] == ' ' || l[col] == '\t'); ++col)
        if (l[col] == '\t' && col < blockIndent + 1) return true;
      if (col < l.size() && l[col] != '\r') break;
    }
  }
  return false;
}

// llvm's scanner counts a tab as one column of indentation; yaml-cpp refuses tabs there. Tabs in
// the leading blanks of a line become spaces (same length, so positions stay), except in block
// scalars' content, where they are text.
std::string tabsInIndentationAsSpaces(std::string_view text) {
  std::string out(text);
  bool inBlockScalar = false;
  size_t blockScalarIndent = 0;
  size_t lineStart = 0;
  while (lineStart < out.size()) {
    size_t lineEnd = out.find('\n', lineStart);
    if (lineEnd == std::string::npos) lineEnd = out.size();
    std::string_view line(out.data() + lineStart, lineEnd - lineStart);
    size_t spaces = line.find_first_not_of(' ');
    if (spaces == std::string_view::npos) spaces = line.size();
    // Only spaces indent a block scalar: a tab at the start of a line ends it.
    bool blank = line.find_first_not_of(" \r") == std::string_view::npos;
    if (inBlockScalar && !blank && spaces <= blockScalarIndent) inBlockScalar = false;
    if (!inBlockScalar) {
      for (size_t i = lineStart; i < lineEnd && (out[i] == ' ' || out[i] == '\t'); ++i)
        out[i] = ' ';
      // A block scalar header ends the line: `|`, `>`, with chomping/indentation indicators.
      std::string_view content(out.data() + lineStart, lineEnd - lineStart);
      if (size_t hash = content.find(" #"); hash != std::string_view::npos)
        content = content.substr(0, hash);
      size_t last = content.find_last_not_of(" \t\r");
      if (last != std::string_view::npos) {
        size_t start = last;
        while (start > 0 &&
               std::string_view("0123456789+-").find(content[start]) != std::string_view::npos)
          --start;
        if ((content[start] == '|' || content[start] == '>') &&
            (start == 0 || content[start - 1] == ' ')) {
          inBlockScalar = true;
          blockScalarIndent = content.find_first_not_of(' ');
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// YAML nodes -> the document (llvm's yaml::Input over msgpack::DocNode).

struct ConvertError {
  std::string detail;
};

} // namespace

void setMetadataEntry(MetadataNode &map, MetadataNode key, MetadataNode value) {
  // Compilers write maps sorted (llvm's yaml::Output of its std::map): a key after the last one
  // goes at the end. (Not for floats: a NaN key compares false both ways, and only the search
  // below places such keys as llvm's map does.)
  if (key.kind != MetadataKind::Float &&
      (map.entries.empty() || metadataKeyLess(map.entries.back().key, key))) {
    map.entries.emplace_back(std::move(key), std::move(value)); // (built in place)
    return;
  }
  auto it = std::lower_bound(
      map.entries.begin(), map.entries.end(), key,
      [](const auto &entry, const MetadataNode &k) { return metadataKeyLess(entry.key, k); });
  if (it != map.entries.end() && !metadataKeyLess(key, it->key)) {
    // Keys of different texts that are the same value ("1" and "0x1"): one entry, the last
    // value (llvm's order there is its StringMap's, not the text's).
    it->value = std::move(value);
    return;
  }
  map.entries.insert(it, MetadataEntry{std::move(key), std::move(value)});
}

MetadataNode &metadataEntry(MetadataNode &map, const MetadataNode &key) {
  auto it = std::lower_bound(
      map.entries.begin(), map.entries.end(), key,
      [](const auto &entry, const MetadataNode &k) { return metadataKeyLess(entry.key, k); });
  if (it == map.entries.end() || metadataKeyLess(key, it->key))
    it = map.entries.insert(it, MetadataEntry{key, MetadataNode()});
  return it->value;
}

namespace {

MetadataNode convert(const YamlNode &y) {
  MetadataNode n;
  switch (y.type) {
  case YamlNode::Type::Alias:
    throw ConvertError{"alias nodes are not supported (unknown node kind)"};
  case YamlNode::Type::Empty:
    // llvm asks an empty node for its kind, which is unreachable in its YAML input; release
    // builds of llvm-mc-22 then read it as an empty sequence.
    n.kind = MetadataKind::Array;
    return n;
  case YamlNode::Type::Scalar: {
    std::string error;
    n = scalarFromString(y.value, y.tag, error);
    if (!error.empty()) throw ConvertError{error};
    return n;
  }
  case YamlNode::Type::Sequence:
    n.kind = MetadataKind::Array;
    n.elements.reserve(y.children.size());
    for (const YamlNode &c : y.children) n.elements.push_back(convert(c));
    return n;
  case YamlNode::Type::Map:
    n.kind = MetadataKind::Map;
    n.entries.reserve(y.children.size() / 2);
    std::vector<std::string_view> keyTexts;
    for (size_t i = 0; i + 1 < y.children.size(); i += 2) {
      const YamlNode &key = y.children[i];
      if (key.type != YamlNode::Type::Scalar || key.blockScalar)
        throw ConvertError{"Map key must be a scalar"};
      if (std::find(keyTexts.begin(), keyTexts.end(), key.value) != keyTexts.end())
        throw ConvertError{"duplicated mapping key '" + std::string(key.value) + "'"};
      keyTexts.push_back(key.value);
      // Keys are read without their tag.
      std::string ignored;
      MetadataNode keyNode = scalarFromString(key.value, "", ignored);
      setMetadataEntry(n, std::move(keyNode), convert(y.children[i + 1]));
    }
    return n;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// The fast reader: the block-style YAML that compilers write (llvm's yaml::Output of the
// document: `key: value` lines, `- ` entries, plain and single-quoted scalars, `[]` and `{}`,
// `---` ... `...`),
// read line by line straight into the document that yaml-cpp's events and `convert` make of it.
// Anything else (flow collections, tags, anchors, comments, double quotes, multi-line scalars,
// tabs, duplicate keys, ...) makes it decline, and yaml-cpp reads the text: it is a shortcut for
// the common case, never a second YAML dialect. (yaml-cpp took 40% of the time of assembling
// compiler output, and the tree of YAML nodes half of what was left.)

// The lines of such a text and its scalars, for the reader (a document) and the packer (the
// MessagePack bytes, written while reading).
class BlockYamlLines {
protected:
  BlockYamlLines(std::string_view text, TextStore &store) : text_(text), store_(store) {}

  struct Line {
    size_t indent;            // column of the first character of `content`
    std::string_view content; // without trailing blanks
  };

  // The content lines between `---` and `...`; false when the text has anything this reader
  // does not take (tabs or carriage returns in the document, text outside it).
  bool splitLines() {
    bool started = false, ended = false;
    for (size_t start = 0; start <= text_.size();) {
      size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) end = text_.size();
      std::string_view line = text_.substr(start, end - start);
      start = end + 1;
      if (ended) {
        // After `...`: only blanks (the `.end_amdgpu_metadata` line's indentation).
        if (line.find_first_not_of(" \t") != std::string_view::npos) return false;
        continue;
      }
      // Tabs, carriage returns, other control characters and non-ASCII bytes: yaml-cpp decides,
      // but for tabs inside a single-quoted scalar that ends the line (printf formats), which
      // are its text.
      // (first whether any character is outside ' '..'~', eight at a time)
      if (hasUnusualCharacter(line))
        for (char c : line)
          if ((static_cast<unsigned char>(c) < 0x20 && !(c == '\t' && tabInQuotedEnd(line))) ||
              static_cast<unsigned char>(c) >= 0x7f)
            return false;
      size_t indent = 0; // (loops: find_first_not_of calls memchr per character)
      while (indent < line.size() && line[indent] == ' ') ++indent;
      if (indent == line.size()) continue; // blanks only
      if (!started) {
        started = true;
        if (line == "---") continue; // (or an implicit start: this line is content)
      }
      if (line == "...") {
        ended = true;
        continue;
      }
      if ((line[0] == '-' || line[0] == '.') &&
          (line.starts_with("---") || line.starts_with("...")))
        return false;
      size_t last = line.size() - 1;
      while (line[last] == ' ') --last;
      lines_.push_back({indent, line.substr(indent, last + 1 - indent)});
    }
    return started && ended;
  }

  // Whether a character of `s` is outside ' '..'~' (a control character, DEL or a byte >= 0x80).
  static bool hasUnusualCharacter(std::string_view s) {
    constexpr uint64_t kOnes = 0x0101010101010101, kHigh = kOnes * 0x80, kLow7 = kOnes * 0x7f;
    // (in each byte of a word: the high bit set when the byte is below 0x20 or above 0x7e, or
    // was 0x80 or above; the low seven bits' sums stay in their bytes)
    auto unusual = [](uint64_t w) {
      const uint64_t y = w & kLow7;
      return (~(y + kOnes * (0x80 - 0x20)) | (y + kOnes * (0x7f - 0x7e)) | w) & kHigh;
    };
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      if (unusual(w)) return true;
    }
    if (i == s.size()) return false;
    uint64_t w = kOnes * ' ';
    if (s.size() >= 8) { // (the last eight: the rest, and characters already seen)
      std::memcpy(&w, s.data() + s.size() - 8, 8);
      return unusual(w) != 0;
    }
    for (size_t k = 0; i + k < s.size(); ++k) { // (the rest, blanks after it)
      const uint64_t byte = static_cast<unsigned char>(s[i + k]);
      w = (w & ~(uint64_t(0xff) << (8 * k))) | byte << (8 * k);
    }
    return unusual(w) != 0;
  }

  // Whether every tab of the line is inside the single-quoted scalar the line ends with.
  static bool tabInQuotedEnd(std::string_view line) {
    size_t open = line.find('\''), tab = line.find('\t');
    size_t last = line.find_last_not_of(' ');
    return open != std::string_view::npos && open < tab && last != open && line[last] == '\'' &&
           line.find('\t', last) == std::string_view::npos;
  }

  // A `- ` entry line: the dash alone, or the dash and a space.
  static bool isEntry(std::string_view s) { return s == "-" || s.starts_with("- "); }

  // Where a `key:` line's colon is (the key a plain scalar), or npos when the line is no key.
  static size_t keyColon(std::string_view s) {
    size_t colon = s.find(':');
    if (colon == std::string_view::npos || colon == 0) return std::string_view::npos;
    if (colon + 1 < s.size() && s[colon + 1] != ' ') return std::string_view::npos;
    return colon;
  }

  // A plain scalar as yaml-cpp and llvm read it on one line, or a single-quoted one; its node
  // (DocNode::fromString without a tag, as `convert` makes it).
  bool scalar(std::string_view s, MetadataNode &out) {
    std::string_view text;
    if (!scalarText(s, text)) return false;
    std::string ignored;
    out = scalarFromString(text, "", ignored);
    return true;
  }
  bool scalarText(std::string_view s, std::string_view &out) {
    if (s.front() == '\'') {
      if (s.size() < 2 || s.back() != '\'') return false;
      std::string value;
      for (size_t i = 1; i + 1 < s.size(); ++i) {
        if (s[i] == '\'') {
          if (i + 2 >= s.size() || s[i + 1] != '\'') return false;
          ++i;
        }
        value += s[i];
      }
      out = store_.emplace_back(std::move(value));
      return true;
    }
    // Indicators that start something else than a plain scalar, and what would make it one
    // (`~` and `null` stay strings for llvm, as the yaml-cpp path reads them).
    if (kIndicator[static_cast<unsigned char>(s.front())]) return false;
    if (s.front() == '-' && (s.size() == 1 || s[1] == ' ')) return false;
    if (s.back() == ':' || contains(s, ':', ' ', 1) || contains(s, '#', ' ', -1)) return false;
    out = s;
    return true;
  }
  static constexpr auto kIndicator = [] {
    std::array<bool, 256> t{};
    for (char c : std::string_view("[]{}#&*!|>\"%@`,?:")) t[static_cast<unsigned char>(c)] = true;
    return t;
  }();
  // Whether `s` has a `c` with `next` at `offset` from it (most texts have no `c`: memchr).
  static bool contains(std::string_view s, char c, char next, int offset) {
    const char *begin = s.data(), *end = begin + s.size();
    for (const char *p = begin;
         (p = static_cast<const char *>(std::memchr(p, c, static_cast<size_t>(end - p)))); ++p) {
      const char *q = p + offset;
      if (q >= begin && q < end && *q == next) return true;
    }
    return false;
  }

  // A value on its key's or dash's line: a scalar, or an empty flow collection (`.args: []`).
  bool inlineValue(std::string_view s, MetadataNode &out) {
    if (s == "[]" || s == "{}") {
      out.kind = s == "[]" ? MetadataKind::Array : MetadataKind::Map;
      return true;
    }
    return scalar(s, out);
  }

  // The element of the `- ` line lines_[i] (i then past it): the lines below it, a map whose
  // keys are in the column after the dash (`- key: value`), or a value on the line; read with
  // `self`'s nestedValue, map and inlineValue into `out`.
  template <class Self, class Out>
  bool sequenceElement(Self &self, size_t &i, size_t indent, Out &out, int depth) {
    Line &line = lines_[i];
    std::string_view rest = line.content.substr(1);
    const size_t v = rest.find_first_not_of(' ');
    if (v == std::string_view::npos) {
      ++i;
      return self.nestedValue(i, indent, false, out, depth);
    }
    rest = rest.substr(v);
    if (isEntry(rest)) return false; // `- - x`
    if (keyColon(rest) != std::string_view::npos) {
      line.indent += 1 + v;
      line.content = rest;
      return self.map(i, line.indent, out, depth + 1);
    }
    ++i;
    return self.inlineValue(rest, out);
  }

  std::string_view text_;
  TextStore &store_;
  std::vector<Line> lines_;
};

class BlockYamlReader : BlockYamlLines {
  friend class BlockYamlLines;

public:
  BlockYamlReader(std::string_view text, TextStore &store) : BlockYamlLines(text, store) {}

  // The document's root, or nullopt when the text is not in the subset read here.
  std::optional<MetadataNode> read() {
    if (!splitLines()) return std::nullopt;
    if (lines_.empty()) return std::nullopt; // no document: yaml-cpp says what that means
    size_t i = 0;
    MetadataNode root;
    if (!node(i, lines_[0].indent, root, 0) || i != lines_.size()) return std::nullopt;
    return root;
  }

private:
  bool node(size_t &i, size_t indent, MetadataNode &out, int depth) {
    if (depth > kMaxNesting || i >= lines_.size() || lines_[i].indent != indent) return false;
    if (isEntry(lines_[i].content)) return sequence(i, indent, out, depth);
    if (keyColon(lines_[i].content) != std::string_view::npos) return map(i, indent, out, depth);
    return false; // a scalar document, or a multi-line scalar
  }

  // The value after `key:` or `- ` with nothing else on the line: the lines below it.
  bool nestedValue(size_t &i, size_t indent, bool sequenceAtSameIndent, MetadataNode &out,
                   int depth) {
    if (i >= lines_.size()) return false;
    if (lines_[i].indent > indent) return node(i, lines_[i].indent, out, depth + 1);
    if (sequenceAtSameIndent && lines_[i].indent == indent && isEntry(lines_[i].content))
      return sequence(i, indent, out, depth + 1);
    return false; // an empty value
  }

  bool map(size_t &i, size_t indent, MetadataNode &out, int depth) {
    out.kind = MetadataKind::Map;
    const size_t firstKey = keyTexts_.size(); // this map's keys: keyTexts_[firstKey..]
    // Room for its entries at once (the lines in its column until it ends; entries are large).
    size_t keys = 0;
    for (size_t j = i; j < lines_.size() && lines_[j].indent >= indent; ++j)
      keys += lines_[j].indent == indent;
    out.entries.reserve(keys);
    while (i < lines_.size() && lines_[i].indent == indent) {
      const Line line = lines_[i];
      size_t colon = keyColon(line.content);
      if (colon == std::string_view::npos) return false;
      std::string_view keyText;
      if (line.content.front() == '\'' || !scalarText(line.content.substr(0, colon), keyText))
        return false;
      // A repeated key: `convert` says why it is refused.
      if (std::find(keyTexts_.begin() + firstKey, keyTexts_.end(), keyText) != keyTexts_.end())
        return false;
      keyTexts_.push_back(keyText);
      MetadataNode value;
      std::string_view rest = line.content.substr(colon + 1);
      size_t v = rest.find_first_not_of(' ');
      ++i;
      if (v == std::string_view::npos) {
        if (!nestedValue(i, indent, true, value, depth)) return false;
      } else if (!inlineValue(rest.substr(v), value)) {
        return false;
      }
      std::string ignored; // (keys are read without their tag)
      setMetadataEntry(out, scalarFromString(keyText, "", ignored), std::move(value));
    }
    keyTexts_.resize(firstKey);
    return i == lines_.size() || lines_[i].indent < indent;
  }

  bool sequence(size_t &i, size_t indent, MetadataNode &out, int depth) {
    out.kind = MetadataKind::Array;
    // Room for its elements at once (the dash lines in its column until it ends).
    size_t dashes = 0;
    for (size_t j = i; j < lines_.size() && lines_[j].indent >= indent; ++j)
      dashes += lines_[j].indent == indent && lines_[j].content[0] == '-';
    out.elements.reserve(dashes);
    while (i < lines_.size() && lines_[i].indent == indent && isEntry(lines_[i].content)) {
      MetadataNode element;
      if (!sequenceElement(*this, i, indent, element, depth)) return false;
      out.elements.push_back(std::move(element));
    }
    return i == lines_.size() || lines_[i].indent < indent ||
           (lines_[i].indent == indent && !isEntry(lines_[i].content));
  }

  std::vector<std::string_view> keyTexts_; // the keys of the maps being read, outermost first
};

// ---------------------------------------------------------------------------------------------
// AMDGPU::HSAMD::V3::MetadataVerifier (not strict, as the assembler uses it), as tables: what it
// asks of each value, used on the document (Verifier) and while packing (BlockYamlPacker).

bool isScalar(const MetadataNode &n) {
  return n.kind != MetadataKind::Array && n.kind != MetadataKind::Map;
}

MetadataNode *findEntry(MetadataNode &map, std::string_view key) {
  for (auto &[k, v] : map.entries)
    if (k.kind == MetadataKind::String && k.stringValue == key) return &v;
  return nullptr;
}

enum class Check : uint8_t {
  Any,          // not checked
  Integer,      // an unsigned or signed integer
  String,       // a string, one of `allowed` when there are any
  Boolean,      //
  IntegerArray, // an array of integers (of `size` when not 0), ...
  StringArray,  //
  KernelArray,  //
  ArgArray,     //
  Root,         // the document: a map with kRootFields
  Kernel,       // a map with kKernelFields
  Arg,          // a map with kArgFields
};
struct Rule {
  Check check = Check::Any;
  uint8_t size = 0;
  std::span<const std::string_view> allowed = {};
};
struct FieldRule {
  std::string_view key;
  bool required;
  Rule rule;
};

constexpr std::string_view kLanguages[] = {"OpenCL C", "OpenCL C++", "HCC",
                                           "HIP",      "OpenMP",     "Assembler"};
constexpr std::string_view kAccesses[] = {"read_only", "write_only", "read_write"};
constexpr std::string_view kAddressSpaces[] = {"private", "global",  "constant",
                                               "local",   "generic", "region"};
constexpr std::string_view kValueKinds[] = {"by_value",
                                            "global_buffer",
                                            "dynamic_shared_pointer",
                                            "sampler",
                                            "image",
                                            "pipe",
                                            "queue",
                                            "hidden_block_count_x",
                                            "hidden_block_count_y",
                                            "hidden_block_count_z",
                                            "hidden_group_size_x",
                                            "hidden_group_size_y",
                                            "hidden_group_size_z",
                                            "hidden_remainder_x",
                                            "hidden_remainder_y",
                                            "hidden_remainder_z",
                                            "hidden_global_offset_x",
                                            "hidden_global_offset_y",
                                            "hidden_global_offset_z",
                                            "hidden_grid_dims",
                                            "hidden_none",
                                            "hidden_printf_buffer",
                                            "hidden_hostcall_buffer",
                                            "hidden_heap_v1",
                                            "hidden_default_queue",
                                            "hidden_completion_action",
                                            "hidden_multigrid_sync_arg",
                                            "hidden_dynamic_lds_size",
                                            "hidden_private_base",
                                            "hidden_shared_base",
                                            "hidden_queue_ptr"};

// The fields each map has, sorted by key as the document's maps are (the packer walks both
// together). amdhsa.globals is not checked by llvm-mc-22's verifier.
constexpr Rule kInteger{Check::Integer}, kString{Check::String}, kBoolean{Check::Boolean};
constexpr FieldRule kRootFields[] = {
    {"amdhsa.kernels", true, {Check::KernelArray}},
    {"amdhsa.printf", false, {Check::StringArray}},
    {"amdhsa.version", true, {Check::IntegerArray, 2}},
};
constexpr FieldRule kKernelFields[] = {
    {".args", false, {Check::ArgArray}},
    {".cluster_dims", false, {Check::IntegerArray, 3}},
    {".device_enqueue_symbol", false, kString},
    {".group_segment_fixed_size", true, kInteger},
    {".kernarg_segment_align", true, kInteger},
    {".kernarg_segment_size", true, kInteger},
    {".language", false, {Check::String, 0, kLanguages}},
    {".language_version", false, {Check::IntegerArray, 2}},
    {".max_flat_workgroup_size", true, kInteger},
    {".name", true, kString},
    {".private_segment_fixed_size", true, kInteger},
    {".reqd_workgroup_size", false, {Check::IntegerArray, 3}},
    {".sgpr_count", true, kInteger},
    {".sgpr_spill_count", false, kInteger},
    {".symbol", true, kString},
    {".uniform_work_group_size", false, kInteger},
    {".uses_dynamic_stack", false, kBoolean},
    {".vec_type_hint", false, kString},
    {".vgpr_count", true, kInteger},
    {".vgpr_spill_count", false, kInteger},
    {".wavefront_size", true, kInteger},
    {".workgroup_processor_mode", false, kInteger},
    {".workgroup_size_hint", false, {Check::IntegerArray, 3}},
};
constexpr FieldRule kArgFields[] = {
    {".access", false, {Check::String, 0, kAccesses}},
    {".actual_access", false, {Check::String, 0, kAccesses}},
    {".address_space", false, {Check::String, 0, kAddressSpaces}},
    {".is_const", false, kBoolean},
    {".is_pipe", false, kBoolean},
    {".is_restrict", false, kBoolean},
    {".is_volatile", false, kBoolean},
    {".name", false, kString},
    {".offset", true, kInteger},
    {".pointee_align", false, kInteger},
    {".size", true, kInteger},
    {".type_name", false, kString},
    {".value_kind", true, {Check::String, 0, kValueKinds}},
};
constexpr bool sortedByKey(std::span<const FieldRule> fields) {
  for (size_t i = 1; i < fields.size(); ++i)
    if (!(fields[i - 1].key < fields[i].key)) return false;
  return fields.size() <= 32; // (a bit each in the packer)
}
static_assert(sortedByKey(kRootFields) && sortedByKey(kKernelFields) && sortedByKey(kArgFields));

// The fields of a map rule (none for Any); false when the rule is no map's.
bool mapFields(const Rule &rule, std::span<const FieldRule> &fields) {
  switch (rule.check) {
  case Check::Any: fields = {}; return true;
  case Check::Root: fields = kRootFields; return true;
  case Check::Kernel: fields = kKernelFields; return true;
  case Check::Arg: fields = kArgFields; return true;
  default: return false;
  }
}
// The rule of an array rule's elements (Any for Any); false when the rule is no array's.
bool elementRule(const Rule &rule, Rule &element) {
  switch (rule.check) {
  case Check::Any: element = {}; return true;
  case Check::IntegerArray: element = kInteger; return true;
  case Check::StringArray: element = kString; return true;
  case Check::KernelArray: element = {Check::Kernel}; return true;
  case Check::ArgArray: element = {Check::Arg}; return true;
  default: return false;
  }
}

class Verifier {
public:
  std::string failure;

  bool verify(MetadataNode &root) {
    if (root.kind != MetadataKind::Map) return fail("the document is not a map");
    return check(root, {Check::Root});
  }

  // Whether `n` passes `rule` (a string scalar may become the number or boolean it asks for).
  bool check(MetadataNode &n, const Rule &rule) {
    switch (rule.check) {
    case Check::Any: return true;
    case Check::Integer: return scalar(n, MetadataKind::UInt) || scalar(n, MetadataKind::Int);
    case Check::String:
      return scalar(n, MetadataKind::String) &&
             (rule.allowed.empty() || std::find(rule.allowed.begin(), rule.allowed.end(),
                                                n.stringValue) != rule.allowed.end());
    case Check::Boolean: return scalar(n, MetadataKind::Boolean);
    case Check::Root:
    case Check::Kernel:
    case Check::Arg: {
      std::span<const FieldRule> fields;
      if (n.kind != MetadataKind::Map || !mapFields(rule, fields)) return false;
      for (const FieldRule &field : fields) {
        MetadataNode *value = findEntry(n, field.key);
        if (!value) {
          if (field.required) return fail("missing " + std::string(field.key));
        } else if (!check(*value, field.rule)) {
          return fail("bad " + std::string(field.key));
        }
      }
      return true;
    }
    default: {
      Rule element;
      if (n.kind != MetadataKind::Array || !elementRule(rule, element)) return false;
      if (rule.size && n.elements.size() != rule.size) return false;
      for (MetadataNode &e : n.elements)
        if (!check(e, element)) return false;
      return true;
    }
    }
  }

private:
  bool fail(std::string why) {
    if (failure.empty()) failure = std::move(why);
    return false;
  }

  // A scalar of `kind`; a string is read again as a typed scalar (non-strict verifier), which
  // changes the node.
  bool scalar(MetadataNode &n, MetadataKind kind) {
    if (!isScalar(n)) return false;
    if (n.kind != kind) {
      if (n.kind != MetadataKind::String) return false;
      std::string ignored;
      n = scalarFromString(n.stringValue, "", ignored);
      if (n.kind != kind) return false;
    }
    return true;
  }
};

// ---------------------------------------------------------------------------------------------
// Writing YAML: llvm's yaml::Output state machine, for the document's node kinds.

bool isNullWord(std::string_view s) {
  return s == "null" || s == "Null" || s == "NULL" || s == "~";
}
bool isBoolWord(std::string_view s) {
  return s == "true" || s == "True" || s == "TRUE" || s == "false" || s == "False" || s == "FALSE";
}

// llvm::yaml::isNumeric (YAML 1.2 core schema numbers).
bool isNumeric(std::string_view s) {
  auto skipDigits = [](std::string_view in) {
    size_t i = in.find_first_not_of("0123456789");
    return i == std::string_view::npos ? std::string_view() : in.substr(i);
  };
  if (s.empty() || s == "+" || s == "-") return false;
  if (s == ".nan" || s == ".NaN" || s == ".NAN") return true;
  std::string_view tail = (s.front() == '-' || s.front() == '+') ? s.substr(1) : s;
  if (tail == ".inf" || tail == ".Inf" || tail == ".INF") return true;
  if (s.starts_with("0o"))
    return s.size() > 2 && s.substr(2).find_first_not_of("01234567") == std::string_view::npos;
  if (s.starts_with("0x"))
    return s.size() > 2 &&
           s.substr(2).find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
  s = tail;
  if (s.starts_with(".") && (s == "." || (s.size() > 1 && (s[1] < '0' || s[1] > '9'))))
    return false;
  if (s.starts_with("E") || s.starts_with("e")) return false;
  s = skipDigits(s);
  if (s.empty()) return true;
  bool exponent = false;
  if (s.front() == '.') {
    s = skipDigits(s.substr(1));
    if (s.empty()) return true;
    if (s.front() != 'e' && s.front() != 'E') return false;
    exponent = true;
  } else if (s.front() == 'e' || s.front() == 'E') {
    exponent = true;
  }
  if (!exponent) return false;
  s.remove_prefix(1);
  if (s.empty()) return false;
  if (s.front() == '+' || s.front() == '-') {
    s.remove_prefix(1);
    if (s.empty()) return false;
  }
  return skipDigits(s).empty();
}

enum class Quoting { None, Single, Double };

// llvm::yaml::needsQuotes.
Quoting needsQuotes(std::string_view s, bool forcePreserveAsString = true) {
  if (s.empty()) return Quoting::Single;
  Quoting needed = Quoting::None;
  auto isSpace = [](unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
  };
  if (isSpace(static_cast<unsigned char>(s.front())) ||
      isSpace(static_cast<unsigned char>(s.back())))
    needed = Quoting::Single;
  if (forcePreserveAsString && (isNullWord(s) || isBoolWord(s) || isNumeric(s)))
    needed = Quoting::Single;
  if (std::string_view(R"(-?:\,[]{}#&*!|>'"%@`)").find(s[0]) != std::string_view::npos)
    needed = Quoting::Single;
  for (unsigned char c : s) {
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) continue;
    switch (c) {
    case '_':
    case '-':
    case '^':
    case '.':
    case ',':
    case ' ':
    case '\t': continue;
    case '\n':
    case '\r':
    case 0x7f: return Quoting::Double;
    default:
      if (c <= 0x1f) return Quoting::Double;
      if (c & 0x80) return Quoting::Double;
      needed = Quoting::Single;
    }
  }
  return needed;
}

// Decodes one UTF-8 sequence as llvm's convertUTF8Sequence does for yaml::escape: the code point
// and its length, length 0 when invalid.
std::pair<uint32_t, size_t> decodeUtf8(std::string_view s) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char b0 = byte(0);
  size_t length;
  uint32_t cp;
  if (b0 < 0x80) return {b0, 1};
  if (b0 >= 0xc2 && b0 <= 0xdf)
    length = 2, cp = b0 & 0x1f;
  else if (b0 >= 0xe0 && b0 <= 0xef)
    length = 3, cp = b0 & 0x0f;
  else if (b0 >= 0xf0 && b0 <= 0xf4)
    length = 4, cp = b0 & 0x07;
  else
    return {0, 0};
  if (s.size() < length) return {0, 0};
  for (size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return {0, 0};
    cp = (cp << 6) | (byte(i) & 0x3f);
  }
  if ((length == 3 && cp < 0x800) || (length == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
      (cp >= 0xd800 && cp <= 0xdfff))
    return {0, 0};
  return {cp, length};
}

// sys::unicode::isPrintable, approximated: controls (C1), surrogates, noncharacters and the
// format/separator ranges are not printable. (llvm consults Unicode's tables; assigned but rare
// code points may differ.)
bool isPrintableCodePoint(uint32_t cp) {
  if (cp < 0xa0) return false;
  if (cp == 0xad) return false;
  if ((cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff)
    return false;
  if ((cp & 0xfffe) == 0xfffe) return false;
  if (cp >= 0xfdd0 && cp <= 0xfdef) return false;
  if (cp >= 0xe000 && cp <= 0xf8ff) return false; // private use
  if (cp >= 0xf0000) return false;                // private use planes
  return true;
}

std::string hexUpper(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%X", v);
  return buf;
}

// llvm::yaml::escape(s, /*EscapePrintable=*/false).
std::string escapeDoubleQuoted(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
    case '\\': out += "\\\\"; continue;
    case '"': out += "\\\""; continue;
    case 0: out += "\\0"; continue;
    case 0x07: out += "\\a"; continue;
    case 0x08: out += "\\b"; continue;
    case 0x09: out += "\\t"; continue;
    case 0x0a: out += "\\n"; continue;
    case 0x0b: out += "\\v"; continue;
    case 0x0c: out += "\\f"; continue;
    case 0x0d: out += "\\r"; continue;
    case 0x1b: out += "\\e"; continue;
    default: break;
    }
    if (c < 0x20) {
      std::string hex = hexUpper(c);
      out += "\\x" + std::string(2 - hex.size(), '0') + hex;
    } else if (c & 0x80) {
      auto [cp, length] = decodeUtf8(s.substr(i));
      if (length == 0) {
        out += "\xEF\xBF\xBD"; // U+FFFD, and llvm stops there
        return out;
      }
      if (cp == 0x85)
        out += "\\N";
      else if (cp == 0xa0)
        out += "\\_";
      else if (cp == 0x2028)
        out += "\\L";
      else if (cp == 0x2029)
        out += "\\P";
      else if (isPrintableCodePoint(cp))
        out += s.substr(i, length);
      else {
        std::string hex = hexUpper(cp);
        if (hex.size() <= 2)
          out += "\\x" + std::string(2 - hex.size(), '0') + hex;
        else if (hex.size() <= 4)
          out += "\\u" + std::string(4 - hex.size(), '0') + hex;
        else
          out += "\\U" + std::string(8 - hex.size(), '0') + hex;
      }
      i += length - 1;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// The YAML tag llvm writes before a scalar whose text would read back as another kind.
std::string_view yamlTagFor(const MetadataNode &n, bool hex) {
  if (n.kind == MetadataKind::Nil) return "!nil";
  std::string ignored;
  MetadataNode back = scalarFromString(scalarToString(n, hex), "", ignored);
  if (back.kind == n.kind) return "";
  bool intLike = [](MetadataKind k) {
    return k == MetadataKind::Int || k == MetadataKind::UInt;
  }(back.kind);
  if (intLike && (n.kind == MetadataKind::Int || n.kind == MetadataKind::UInt)) return "";
  switch (n.kind) {
  case MetadataKind::String: return "!str";
  case MetadataKind::Int:
  case MetadataKind::UInt: return "!int";
  case MetadataKind::Boolean: return "!bool";
  case MetadataKind::Float: return "!float";
  default: return "";
  }
}

class YamlWriter {
public:
  explicit YamlWriter(bool hex) : hex_(hex) {}
  std::string out;

  void document(const MetadataNode &root) {
    outputUpToEndOfLine("---");
    node(root);
    output("\n...\n");
  }

private:
  enum class State { MapFirstKey, MapOtherKey, SeqFirstElement, SeqOtherElement };

  void node(const MetadataNode &n) {
    if (n.kind == MetadataKind::Map) {
      beginContainer(State::MapFirstKey);
      for (const auto &[key, value] : n.entries) {
        newLineCheck();
        paddedKey(scalarToString(key, hex_));
        node(value);
        if (stack_.back() == State::MapFirstKey) stack_.back() = State::MapOtherKey;
      }
      if (stack_.back() == State::MapFirstKey) {
        padding_ = paddingBeforeContainer_;
        newLineCheck();
        output("{}");
        padding_ = "\n";
      }
      stack_.pop_back();
    } else if (n.kind == MetadataKind::Array) {
      beginContainer(State::SeqFirstElement);
      for (const MetadataNode &e : n.elements) {
        node(e);
        if (stack_.back() == State::SeqFirstElement) stack_.back() = State::SeqOtherElement;
      }
      if (stack_.back() == State::SeqFirstElement) {
        padding_ = paddingBeforeContainer_;
        newLineCheck(/*emptySequence=*/true);
        output("[]");
        padding_ = "\n";
      }
      stack_.pop_back();
    } else {
      std::string_view tag = yamlTagFor(n, hex_);
      if (!tag.empty()) {
        newLineCheck();
        output(tag);
        output(" ");
      }
      std::string text = scalarToString(n, hex_);
      Quoting q = n.kind == MetadataKind::String ? needsQuotes(text)
                  : n.kind == MetadataKind::Nil  ? needsQuotes("")
                                                 : Quoting::None;
      scalarString(text, q);
    }
  }

  void beginContainer(State s) {
    stack_.push_back(s);
    paddingBeforeContainer_ = padding_;
    padding_ = "\n";
  }

  void output(std::string_view s) { out += s; }
  void outputUpToEndOfLine(std::string_view s) {
    output(s);
    padding_ = "\n"; // no flow collections are written
  }

  void quoted(std::string_view s, Quoting q) {
    if (q == Quoting::Double) {
      output("\"");
      output(escapeDoubleQuoted(s));
      output("\"");
      return;
    }
    output("'");
    for (char c : s) {
      if (c == '\'')
        output("''");
      else
        out += c;
    }
    output("'");
  }

  void scalarString(std::string_view s, Quoting q) {
    newLineCheck();
    if (s.empty()) {
      outputUpToEndOfLine("''");
      return;
    }
    if (q == Quoting::None) {
      outputUpToEndOfLine(s);
      return;
    }
    quoted(s, q);
    padding_ = "\n";
  }

  void newLineCheck(bool emptySequence = false) {
    if (padding_ != "\n") {
      output(padding_);
      padding_ = {};
      return;
    }
    output("\n");
    padding_ = {};
    if (stack_.empty() || emptySequence) return;
    size_t indent = stack_.size() - 1;
    bool dash = false;
    State back = stack_.back();
    auto inSequence = [](State s) {
      return s == State::SeqFirstElement || s == State::SeqOtherElement;
    };
    size_t level = stack_.size() - 1; // the state whose dash is written
    if (inSequence(back)) {
      dash = true;
    } else if (stack_.size() > 1 && back == State::MapFirstKey && inSequence(stack_[level - 1])) {
      --indent;
      dash = true;
      --level;
    }
    // The first element of a sequence that is itself an element of a sequence starts on its
    // parent's line: `- - - 1` for [[[1]]] (what llvm-mc-22 prints).
    size_t dashes = dash ? 1 : 0;
    if (dash) {
      while (level > 0 && stack_[level] == State::SeqFirstElement &&
             inSequence(stack_[level - 1])) {
        --indent;
        ++dashes;
        --level;
      }
    }
    for (size_t i = 0; i < indent; ++i) output("  ");
    for (size_t i = 0; i < dashes; ++i) output("- ");
  }

  void paddedKey(std::string_view key) {
    Quoting q = needsQuotes(key, /*forcePreserveAsString=*/false);
    if (q == Quoting::None)
      output(key);
    else
      quoted(key, q);
    output(":");
    static constexpr std::string_view kSpaces = "                ";
    padding_ = key.size() < kSpaces.size() ? kSpaces.substr(key.size()) : " ";
  }

  bool hex_;
  std::vector<State> stack_;
  std::string_view padding_;
  std::string_view paddingBeforeContainer_;
};

// ---------------------------------------------------------------------------------------------
// MessagePack (llvm's msgpack::Writer through msgpack-cxx's packer, which picks the same
// smallest encodings for integers, strings, arrays and maps).

void pack(msgpack::packer<msgpack::sbuffer> &packer, msgpack::sbuffer &buffer,
          const MetadataNode &n) {
  switch (n.kind) {
  case MetadataKind::Nil: packer.pack_nil(); break;
  case MetadataKind::Boolean: n.boolValue ? packer.pack_true() : packer.pack_false(); break;
  case MetadataKind::Int:
    if (n.intValue >= 0)
      packer.pack_uint64(static_cast<uint64_t>(n.intValue));
    else
      packer.pack_int64(n.intValue);
    break;
  case MetadataKind::UInt: packer.pack_uint64(n.uintValue); break;
  case MetadataKind::Float: {
    // llvm writes float32 whenever the magnitude is within float's normal range, even when that
    // loses precision (0.1); zero, denormals, infinities and NaNs stay float64. The bytes are
    // written here: msgpack-cxx's pack_float/pack_double write integral values (1000.0) as
    // integers, which llvm does not.
    double a = std::fabs(n.floatValue);
    unsigned char bytes[9];
    size_t size;
    if (a >= FLT_MIN && a <= FLT_MAX) {
      float f = static_cast<float>(n.floatValue);
      uint32_t bits;
      std::memcpy(&bits, &f, sizeof bits);
      bytes[0] = 0xca;
      for (int i = 0; i < 4; ++i) bytes[1 + i] = static_cast<unsigned char>(bits >> (24 - 8 * i));
      size = 5;
    } else {
      uint64_t bits;
      std::memcpy(&bits, &n.floatValue, sizeof bits);
      bytes[0] = 0xcb;
      for (int i = 0; i < 8; ++i) bytes[1 + i] = static_cast<unsigned char>(bits >> (56 - 8 * i));
      size = 9;
    }
    buffer.write(reinterpret_cast<const char *>(bytes), size);
    break;
  }
  case MetadataKind::String:
    packer.pack_str(static_cast<uint32_t>(n.stringValue.size()));
    packer.pack_str_body(n.stringValue.data(), static_cast<uint32_t>(n.stringValue.size()));
    break;
  case MetadataKind::Array:
    packer.pack_array(static_cast<uint32_t>(n.elements.size()));
    for (const MetadataNode &e : n.elements) pack(packer, buffer, e);
    break;
  case MetadataKind::Map:
    packer.pack_map(static_cast<uint32_t>(n.entries.size()));
    for (const auto &[k, v] : n.entries) {
      pack(packer, buffer, k);
      pack(packer, buffer, v);
    }
    break;
  }
}

// The fast reader's subset packed as it is read, with the verifier's checks on the way: the bytes
// encodeMetadataMsgpack writes for the document parseHsaMetadataYaml reads and verifies, without
// the document. It declines (and the caller takes that path, which says what is wrong) wherever
// the fast reader declines, the verifier refuses, or the document's order is not the text's:
// every map's keys must be strings in increasing order (as llvm writes them). A container's size
// comes first in MessagePack: its lines are counted before it is read.
class BlockYamlPacker : BlockYamlLines {
  friend class BlockYamlLines;

public:
  BlockYamlPacker(std::string_view text, TextStore &store)
      : BlockYamlLines(text, store), packer_(buffer_) {}

  bool pack(std::vector<uint8_t> &bytes) {
    if (!splitLines() || lines_.empty()) return false;
    size_t i = 0;
    if (!node(i, lines_[0].indent, {Check::Root}, 0) || i != lines_.size()) return false;
    const auto *data = reinterpret_cast<const uint8_t *>(buffer_.data());
    bytes.assign(data, data + buffer_.size());
    return true;
  }

private:
  bool node(size_t &i, size_t indent, const Rule &rule, int depth) {
    if (depth > kMaxNesting || i >= lines_.size() || lines_[i].indent != indent) return false;
    if (isEntry(lines_[i].content)) return sequence(i, indent, rule, depth);
    if (keyColon(lines_[i].content) != std::string_view::npos) return map(i, indent, rule, depth);
    return false;
  }

  bool nestedValue(size_t &i, size_t indent, bool sequenceAtSameIndent, const Rule &rule,
                   int depth) {
    if (i >= lines_.size()) return false;
    if (lines_[i].indent > indent) return node(i, lines_[i].indent, rule, depth + 1);
    if (sequenceAtSameIndent && lines_[i].indent == indent && isEntry(lines_[i].content))
      return sequence(i, indent, rule, depth + 1);
    return false;
  }

  // What DocNode::fromString makes of most plain scalars, decided without it: a String (a
  // text that starts with none of what an integer, a boolean or a double starts with) or a UInt
  // (decimal digits that fit, without a leading zero); Other for the rest.
  enum class Plain { String, UInt, True, False, Other };
  static Plain plainKind(std::string_view text, uint64_t &value) {
    const char c = text.front();
    if (c >= '1' && c <= '9' && text.size() < 20) {
      value = 0;
      for (char d : text) {
        if (d < '0' || d > '9') return Plain::Other;
        value = value * 10 + static_cast<uint64_t>(d - '0');
      }
      return Plain::UInt;
    }
    // (not a digit or '-' (integers), 't' or 'f' (true, false), '+', a digit, '.' and a digit,
    // 'i' or 'n' in any case (doubles), blanks or a NUL (strtod's subject))
    if (text == "true" || text == "false") return text[0] == 't' ? Plain::True : Plain::False;
    const char lower = static_cast<char>(c | 0x20);
    if (lower >= 'a' && lower <= 'z')
      return lower == 't' || lower == 'f' || lower == 'i' || lower == 'n' ? Plain::Other
                                                                          : Plain::String;
    if (c == '_' || (c == '.' && (text.size() == 1 || text[1] < '0' || text[1] > '9')))
      return Plain::String;
    return Plain::Other;
  }
  // std::string_view::compare's order, inline (keys differ in their first few characters).
  static int compareText(std::string_view a, std::string_view b) {
    const size_t n = std::min(a.size(), b.size());
    for (size_t k = 0; k < n; ++k)
      if (a[k] != b[k])
        return static_cast<unsigned char>(a[k]) < static_cast<unsigned char>(b[k]) ? -1 : 1;
    return a.size() < b.size() ? -1 : a.size() > b.size();
  }
  static bool stringPasses(std::string_view text, const Rule &rule) {
    if (rule.check == Check::Any) return true;
    return rule.check == Check::String &&
           (rule.allowed.empty() ||
            std::find(rule.allowed.begin(), rule.allowed.end(), text) != rule.allowed.end());
  }
  void packString(std::string_view text) {
    if (text.size() < 32) { // (a fixstr, as msgpack-cxx writes it, in one write of the buffer)
      char bytes[32];
      bytes[0] = static_cast<char>(0xa0 | text.size());
      std::memcpy(bytes + 1, text.data(), text.size());
      buffer_.write(bytes, text.size() + 1);
      return;
    }
    packer_.pack_str(static_cast<uint32_t>(text.size()));
    packer_.pack_str_body(text.data(), static_cast<uint32_t>(text.size()));
  }

  // A value on its key's or dash's line, checked and packed.
  bool inlineValue(std::string_view s, const Rule &rule) {
    if (std::string_view text; s.front() != '\'' && s != "[]" && s != "{}") {
      if (!scalarText(s, text)) return false;
      uint64_t value;
      switch (plainKind(text, value)) {
      case Plain::String:
        if (!stringPasses(text, rule)) return false;
        packString(text);
        return true;
      case Plain::UInt:
        if (rule.check != Check::Any && rule.check != Check::Integer) return false;
        packer_.pack_uint64(value);
        return true;
      case Plain::True:
      case Plain::False:
        if (rule.check != Check::Any && rule.check != Check::Boolean) return false;
        text[0] == 't' ? packer_.pack_true() : packer_.pack_false();
        return true;
      case Plain::Other: break;
      }
    }
    MetadataNode n;
    if (!BlockYamlLines::inlineValue(s, n) || !verifier_.check(n, rule)) return false;
    object::pack(packer_, buffer_, n);
    return true;
  }

  bool map(size_t &i, size_t indent, const Rule &rule, int depth) {
    std::span<const FieldRule> fields;
    if (!mapFields(rule, fields)) return false;
    // Its keys: the lines in its column up to the first one left of it, but for the entries of
    // sequences that are values of its keys (`.args:` then `- ...` in the same column).
    size_t keys = 0;
    for (size_t j = i; j < lines_.size() && lines_[j].indent >= indent; ++j)
      keys += lines_[j].indent == indent && !isEntry(lines_[j].content);
    packer_.pack_map(static_cast<uint32_t>(keys));
    uint32_t found = 0; // the fields seen, a bit each
    size_t field = 0;   // the first field not below the last key
    std::string_view previous;
    for (size_t k = 0; i < lines_.size() && lines_[i].indent == indent; ++k) {
      const Line line = lines_[i];
      const size_t colon = keyColon(line.content);
      if (colon == std::string_view::npos) return false;
      std::string_view keyText;
      if (line.content.front() == '\'' || !scalarText(line.content.substr(0, colon), keyText))
        return false;
      if (k > 0 && compareText(previous, keyText) >= 0) return false; // (the document's order)
      previous = keyText;
      if (uint64_t ignoredValue; plainKind(keyText, ignoredValue) != Plain::String) {
        std::string ignored;
        if (scalarFromString(keyText, "", ignored).kind != MetadataKind::String) return false;
      }
      packString(keyText);
      Rule valueRule;
      int order = 1; // (of fields[field] against the key)
      while (field < fields.size() && (order = compareText(fields[field].key, keyText)) < 0)
        ++field;
      if (order == 0) {
        valueRule = fields[field].rule;
        found |= uint32_t{1} << field;
      }
      std::string_view rest = line.content.substr(colon + 1);
      const size_t v = rest.find_first_not_of(' ');
      ++i;
      if (v == std::string_view::npos) {
        if (!nestedValue(i, indent, true, valueRule, depth)) return false;
      } else if (!inlineValue(rest.substr(v), valueRule)) {
        return false;
      }
      if (k + 1 > keys) return false; // (more keys than counted: cannot be, but never wrong bytes)
    }
    for (size_t f = 0; f < fields.size(); ++f)
      if (fields[f].required && !(found >> f & 1)) return false;
    return i == lines_.size() || lines_[i].indent < indent;
  }

  bool sequence(size_t &i, size_t indent, const Rule &rule, int depth) {
    Rule element;
    if (!elementRule(rule, element)) return false;
    // Its elements: the dash lines in its column up to the first other line there or left of it.
    size_t dashes = 0;
    for (size_t j = i; j < lines_.size() && lines_[j].indent >= indent; ++j) {
      if (lines_[j].indent != indent) continue;
      if (!isEntry(lines_[j].content)) break;
      ++dashes;
    }
    if (rule.size && dashes != rule.size) return false;
    packer_.pack_array(static_cast<uint32_t>(dashes));
    size_t written = 0;
    while (i < lines_.size() && lines_[i].indent == indent && isEntry(lines_[i].content)) {
      if (++written > dashes || !sequenceElement(*this, i, indent, element, depth)) return false;
    }
    if (written != dashes) return false;
    return i == lines_.size() || lines_[i].indent < indent ||
           (lines_[i].indent == indent && !isEntry(lines_[i].content));
  }

  msgpack::sbuffer buffer_;
  msgpack::packer<msgpack::sbuffer> packer_;
  Verifier verifier_;
};

void appendLe32(std::vector<uint8_t> &out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

} // namespace

bool metadataKeyLess(const MetadataNode &a, const MetadataNode &b) {
  if (a.kind != b.kind) return static_cast<unsigned>(a.kind) < static_cast<unsigned>(b.kind);
  switch (a.kind) {
  case MetadataKind::Int: return a.intValue < b.intValue;
  case MetadataKind::UInt: return a.uintValue < b.uintValue;
  case MetadataKind::Nil: return false;
  case MetadataKind::Boolean: return a.boolValue < b.boolValue;
  case MetadataKind::Float: return a.floatValue < b.floatValue;
  case MetadataKind::String: return a.stringValue < b.stringValue;
  default: return false; // only scalars are keys
  }
}

namespace {

// The document of any YAML, through yaml-cpp's events; false with `err` when llvm refuses it. A
// text without a document gives no document when `verify` is off.
bool readWithYamlCpp(std::string_view yaml, TextStore &store, bool verify,
                     std::optional<MetadataNode> &document, MetadataError &err) {
  auto reject = [&](std::string detail) {
    err.message = std::string(kInvalidHsaMetadata);
    err.detail = std::move(detail);
    return false;
  };
  if (estimateNesting(yaml) > kMaxNesting) return reject("nesting too deep");
  if (llvmRejectsTabIndentation(yaml)) return reject("Found invalid tab character in indentation");
  std::optional<YamlNode> root;
  try {
    std::string text = tabsInIndentationAsSpaces(yaml);
    std::istringstream stream(text);
    YAML::Parser parser(stream);
    // llvm reads the first document whose root is not empty; later documents are not parsed.
    // yaml-cpp can keep returning empty documents at the same place after some malformed input
    // (an endless loop): an empty document that does not start after the previous one ends it.
    std::optional<size_t> lastEmptyPos;
    for (;;) {
      TreeBuilder builder(text, store);
      if (!parser.HandleNextDocument(builder)) break;
      if (builder.root && builder.root->type != YamlNode::Type::Empty) {
        root = std::move(builder.root);
        break;
      }
      size_t pos = builder.root ? builder.root->pos : text.size();
      if (lastEmptyPos && pos <= *lastEmptyPos) return reject("no document (yaml-cpp stalled)");
      lastEmptyPos = pos;
    }
  } catch (const YAML::Exception &e) {
    return reject(e.what());
  } catch (const std::exception &e) {
    return reject(e.what());
  }
  // No document (empty, or only comments) reads fine; the verifier refuses the empty root.
  if (!root) return verify ? reject("verifier: no document") : true;
  try {
    document = convert(*root);
  } catch (const ConvertError &e) {
    return reject(e.detail);
  }
  return true;
}

} // namespace

bool parseHsaMetadataYaml(std::string_view yaml, HsaMetadata &out, MetadataError &err, bool verify,
                          YamlReaderChoice reader) {
  err = {};
  auto reject = [&](std::string detail) {
    err.message = std::string(kInvalidHsaMetadata);
    err.detail = std::move(detail);
    return false;
  };
  TextStore store;
  const std::string_view source = store.emplace_back(yaml);
  std::optional<MetadataNode> document;
  if (reader != YamlReaderChoice::YamlCppOnly) document = BlockYamlReader(source, store).read();
  if (!document && reader == YamlReaderChoice::FastOnly) return reject("the fast reader declined");
  if (!document) {
    // yaml-cpp is another parser: where llvm's YAML reader rejects the text, or reads less of it
    // (the first document only, never what comes after it), llvm's reader decides.
    LlvmYamlReading llvm = readYamlLikeLlvm(yaml);
    if (!llvm.accepted) {
      const std::string why =
          llvm.diagnostics.empty() ? std::string("no document") : llvm.diagnostics.front().message;
      err.yamlMessages = std::move(llvm.diagnostics);
      return reject("llvm's YAML reader: " + why);
    }
    if (!readWithYamlCpp(yaml.substr(0, llvm.scanned), store, verify, document, err)) return false;
  }
  if (!document) {
    out.root = MetadataNode(); // no document, and the verifier is off
    return true;
  }
  Verifier verifier;
  if (verify && !verifier.verify(*document))
    return reject("verifier: " + (verifier.failure.empty() ? "rejected" : verifier.failure));
  out.root = std::move(*document);
  out.text = std::move(store);
  return true;
}

bool encodeHsaMetadataYamlDirect(std::string_view yaml, std::vector<uint8_t> &bytes) {
  TextStore store; // (single-quoted scalars' texts)
  return BlockYamlPacker(yaml, store).pack(bytes);
}

std::vector<uint8_t> encodeMetadataMsgpack(const MetadataNode &root) {
  msgpack::sbuffer buffer;
  msgpack::packer<msgpack::sbuffer> packer(buffer);
  pack(packer, buffer, root);
  const auto *data = reinterpret_cast<const uint8_t *>(buffer.data());
  return std::vector<uint8_t>(data, data + buffer.size());
}

std::vector<uint8_t> encodeHsaMetadataMsgpack(const HsaMetadata &metadata) {
  return encodeMetadataMsgpack(metadata.root);
}

std::vector<uint8_t> elfNote(std::string_view name, uint32_t type,
                             const std::vector<uint8_t> &descriptor, uint64_t offsetInSection) {
  std::vector<uint8_t> note;
  note.reserve(24 + descriptor.size());
  // llvm's ELF streamer aligns to 4 within the section (emitValueToAlignment), not within the
  // note, and writes the name without its NUL: the padding supplies it, or nothing does when the
  // name already ends on a multiple of 4 (a note placed 2 bytes into `.note`).
  auto padToSectionAlignment = [&] {
    while ((offsetInSection + note.size()) % 4) note.push_back(0);
  };
  appendLe32(note, static_cast<uint32_t>(name.size() + 1)); // namesz counts a NUL
  appendLe32(note, static_cast<uint32_t>(descriptor.size()));
  appendLe32(note, type);
  note.insert(note.end(), name.begin(), name.end());
  padToSectionAlignment();
  note.insert(note.end(), descriptor.begin(), descriptor.end());
  padToSectionAlignment();
  return note;
}

std::vector<uint8_t> hsaMetadataNote(const std::vector<uint8_t> &msgpackBytes,
                                     uint64_t offsetInSection) {
  return elfNote("AMDGPU", kNtAmdgpuMetadata, msgpackBytes, offsetInSection);
}

std::vector<uint8_t> hsaMetadataNote(const HsaMetadata &metadata, uint64_t offsetInSection) {
  return hsaMetadataNote(encodeHsaMetadataMsgpack(metadata), offsetInSection);
}

std::string printMetadataYaml(const MetadataNode &root, bool hexIntegers) {
  YamlWriter writer(hexIntegers);
  writer.document(root);
  return std::move(writer.out);
}

std::string printHsaMetadataYaml(const HsaMetadata &metadata) {
  return printMetadataYaml(metadata.root, false);
}

std::string printHsaMetadataAsm(const HsaMetadata &metadata) {
  return "\t.amdgpu_metadata\n" + printHsaMetadataYaml(metadata) + "\n\t.end_amdgpu_metadata\n";
}

std::string metadataScalarError(std::string_view text, std::string_view tag) {
  std::string error;
  scalarFromString(text, tag, error);
  return error;
}

} // namespace gfxasm::object
