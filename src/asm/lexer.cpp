#include "asm/lexer.h"

#include <array>
#include <charconv>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <utility>

namespace gfxasm::as {

namespace {
// Character classes, looked up once per character: the lexer is the hottest loop of the assembler.
enum : uint8_t { kIdentStart = 1, kIdentChar = 2, kDigit = 4, kSpace = 8 };
constexpr auto kCharClass = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = kIdentStart | kIdentChar;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = kIdentStart | kIdentChar;
  for (int c = '0'; c <= '9'; ++c) t[c] = kIdentChar | kDigit;
  t['_'] = t['.'] = t['$'] = kIdentStart | kIdentChar;
  t['@'] = kIdentChar;
  t[' '] = t['\t'] = t['\r'] = t['\f'] = t['\v'] = kSpace;
  return t;
}();
// Punctuation that is always one token of one character (Error for any other character).
constexpr auto kSingleCharTokens = [] {
  std::array<Tok, 256> t{};
  t.fill(Tok::Error);
  constexpr std::pair<char, Tok> kSingles[] = {
      {',', Tok::Comma},  {'[', Tok::LBrac},  {']', Tok::RBrac},   {'(', Tok::LParen},
      {')', Tok::RParen}, {'{', Tok::LCurly}, {'}', Tok::RCurly},  {'+', Tok::Plus},
      {'-', Tok::Minus},  {'*', Tok::Star},   {'%', Tok::Percent}, {'~', Tok::Tilde},
      {'^', Tok::Caret}};
  for (auto [c, k] : kSingles) t[static_cast<unsigned char>(c)] = k;
  return t;
}();
inline uint8_t charClass(char c) {
  return kCharClass[static_cast<unsigned char>(c)];
}
} // namespace

bool isIdentStart(char c) {
  return charClass(c) & kIdentStart;
}
bool isIdentChar(char c) {
  return charClass(c) & kIdentChar;
}

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// Lexes a number at line[i]; llvm accepts 0x/0X hex, 0b/0B binary, leading-0 octal, decimal and
// decimal floats (1.5, 1.5e3, 1e3).
size_t lexNumber(std::string_view line, size_t i, Token &t) {
  size_t start = i;
  // Fast path: a short decimal or hexadecimal integer ending the number (the common operand).
  {
    const size_t n = line.size();
    size_t j = i;
    uint64_t v = 0;
    bool ok = false;
    if (line[i] != '0') {
      while (j < n && j - i < 18 && isDigit(line[j]))
        v = v * 10 + static_cast<uint64_t>(line[j++] - '0');
      ok = j == n || !(charClass(line[j]) & kIdentChar || line[j] == '.');
    } else if (i + 2 < n && (line[i + 1] == 'x' || line[i + 1] == 'X')) {
      j = i + 2;
      while (j < n && j - i < 17 && digitValue(line[j]) < 16)
        v = v * 16 + static_cast<uint64_t>(digitValue(line[j++]));
      ok = j > i + 2 && (j == n || !(charClass(line[j]) & kIdentChar));
    } else {
      ok = i + 1 == n || !(charClass(line[i + 1]) & kIdentChar || line[i + 1] == '.');
      j = i + 1;
    }
    if (ok) {
      t.kind = Tok::Integer;
      t.text = std::string_view(line.data() + i, j - i);
      t.ival = static_cast<int64_t>(v);
      return j;
    }
  }
  auto digitsFrom = [&](size_t j, int base) {
    while (j < line.size() && (isIdentChar(line[j])) && digitValue(line[j]) < base) ++j;
    return j;
  };
  int base = 10;
  size_t body = i;
  if (line[i] == '0' && i + 1 < line.size() && (line[i + 1] == 'x' || line[i + 1] == 'X')) {
    base = 16;
    body = i + 2;
  } else if (line[i] == '0' && i + 1 < line.size() && (line[i + 1] == 'b' || line[i + 1] == 'B') &&
             i + 2 < line.size() && (line[i + 2] == '0' || line[i + 2] == '1')) {
    base = 2;
    body = i + 2;
  }
  size_t end = digitsFrom(body, base);
  if (base == 10) {
    // Float: digits followed by '.' or an exponent.
    size_t j = end;
    bool isReal = false;
    if (j < line.size() && line[j] == '.') {
      isReal = true;
      ++j;
      while (j < line.size() && isDigit(line[j])) ++j;
    }
    if (j < line.size() && (line[j] == 'e' || line[j] == 'E')) {
      size_t k = j + 1;
      if (k < line.size() && (line[k] == '+' || line[k] == '-')) ++k;
      if (k < line.size() && isDigit(line[k])) {
        isReal = true;
        j = k;
        while (j < line.size() && isDigit(line[j])) ++j;
      }
    }
    if (isReal) {
      t.kind = Tok::Real;
      t.text = line.substr(start, j - start);
      std::from_chars(t.text.data(), t.text.data() + t.text.size(), t.fval);
      return j;
    }
    if (line[start] == '0' && end - start > 1) base = 8, body = start + 1;
  }
  if (end == body || (end < line.size() && isIdentChar(line[end]))) {
    // "0x", "12abc", "08": not a number llvm accepts.
    size_t j = end;
    while (j < line.size() && isIdentChar(line[j])) ++j;
    t.kind = Tok::Error;
    t.text = line.substr(start, j - start);
    return j;
  }
  uint64_t v = 0;
  bool overflow = false;
  for (size_t k = body; k < end; ++k) {
    uint64_t d = static_cast<uint64_t>(digitValue(line[k]));
    if (d >= static_cast<uint64_t>(base)) {
      t.kind = Tok::Error;
      t.text = line.substr(start, end - start);
      return end;
    }
    // Overflow is rare: checked with a division only when the value is already large.
    if (v > (UINT64_MAX >> 4) && (v > (UINT64_MAX - d) / static_cast<uint64_t>(base)))
      overflow = true;
    v = v * static_cast<uint64_t>(base) + d;
  }
  t.kind = Tok::Integer;
  t.text = line.substr(start, end - start);
  t.ival = static_cast<int64_t>(v);
  t.overflow = overflow;
  return end;
}

} // namespace

LexResult lexLine(std::string_view line, Token *out, size_t &count, bool &inBlockComment) {
  LexResult res;
  const char *const begin = line.data();
  const char *p = begin;
  const char *const end = begin + line.size();
  Token *o = out;
  auto col = [begin](const char *at) { return static_cast<uint32_t>(at - begin); };
  // The end of a block comment opened on an earlier line (or by `/*` below).
  auto skipBlockComment = [&] {
    size_t e = line.find("*/", static_cast<size_t>(p - begin));
    inBlockComment = e == std::string_view::npos;
    p = inBlockComment ? end : begin + e + 2;
  };
  if (inBlockComment) skipBlockComment();
  while (p < end) {
    const char c = *p;
    const uint8_t cls = charClass(c);
    if (cls & kSpace) {
      ++p;
      continue;
    }
    if (cls & kIdentStart) {
      const char *s = p++;
      while (p < end && (charClass(*p) & kIdentChar)) ++p;
      *o++ = Token(Tok::Identifier, col(s), std::string_view(s, static_cast<size_t>(p - s)));
      continue;
    }
    if (cls & kDigit) {
      Token &t = *o++ = Token(Tok::Eol, col(p), std::string_view());
      p = begin + lexNumber(line, static_cast<size_t>(p - begin), t);
      continue;
    }
    Tok k = kSingleCharTokens[static_cast<unsigned char>(c)];
    if (k != Tok::Error) {
      *o++ = Token(k, col(p), std::string_view(p, 1));
      ++p;
      continue;
    }
    // Punctuation of one or two characters, comments, strings (and unlexable characters).
    const char d = p + 1 < end ? p[1] : '\0';
    size_t len = 1;
    // One character, or two when the next one is one of `seconds` (checked in order).
    auto oneOrTwo = [&](Tok one, std::initializer_list<std::pair<char, Tok>> seconds) {
      k = one;
      for (auto [second, two] : seconds) {
        if (d == second) {
          k = two;
          len = 2;
          return;
        }
      }
    };
    switch (c) {
    case ';': goto done;
    case '#':
      // '#' starts a comment only at the start of a statement, like llvm's HashIsComment rule.
      if (o == out) goto done;
      k = Tok::Hash;
      break;
    case '/':
      if (d == '/') goto done;
      if (d == '*') {
        p += 2;
        skipBlockComment();
        continue;
      }
      k = Tok::Slash;
      break;
    case '"': {
      const char *s = p++;
      while (p < end && *p != '"') {
        if (*p == '\\' && p + 1 < end) ++p;
        ++p;
      }
      if (p >= end) {
        res.ok = false;
        res.errCol = col(s);
        res.errMsg = "unterminated string constant";
        *o++ = Token(Tok::Error, col(s), std::string_view(s, static_cast<size_t>(end - s)));
        goto done;
      }
      *o++ = Token(Tok::String, col(s), std::string_view(s + 1, static_cast<size_t>(p - s - 1)));
      ++p;
      continue;
    }
    case ':':
      oneOrTwo(Tok::Colon, {{':', Tok::ColonColon}});
      res.hasColonColon |= len == 2;
      break;
    case '&': oneOrTwo(Tok::Amp, {{'&', Tok::AmpAmp}}); break;
    case '|': oneOrTwo(Tok::Pipe, {{'|', Tok::PipePipe}}); break;
    case '<':
      oneOrTwo(Tok::Less, {{'<', Tok::LessLess}, {'=', Tok::LessEq}, {'>', Tok::LessGreater}});
      break;
    case '>': oneOrTwo(Tok::Greater, {{'>', Tok::GreaterGreater}, {'=', Tok::GreaterEq}}); break;
    case '=': oneOrTwo(Tok::Equal, {{'=', Tok::EqualEqual}}); break;
    case '!': oneOrTwo(Tok::Exclaim, {{'=', Tok::ExclaimEqual}}); break;
    default: break; // an unlexable character: an Error token of one character
    }
    *o++ = Token(k, col(p), std::string_view(p, len));
    p += len;
  }
done:
  *o++ = Token(Tok::Eol, col(p < end ? p : end), std::string_view());
  count = static_cast<size_t>(o - out);
  return res;
}

LexResult lexLine(std::string_view line, std::vector<Token> &out, bool &inBlockComment) {
  out.resize(line.size() + 1);
  size_t count = 0;
  LexResult res = lexLine(line, out.data(), count, inBlockComment);
  out.resize(count);
  return res;
}

} // namespace gfxasm::as
