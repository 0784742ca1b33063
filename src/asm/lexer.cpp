// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/lexer.h"

#include "asm/blanks.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>

#if defined(__SSE2__) && !defined(GFXASM_LEXER_PORTABLE)
#include <emmintrin.h>
#define GFXASM_LEXER_SSE2 1
#endif

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
  // (llvm's lexer reads NUL as a blank too; vertical tab and form feed are invalid characters)
  t[' '] = t['\t'] = t['\r'] = t[0] = kSpace;
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

// What the main loop does with a token's first character: one indexed branch per token.
enum Action : uint8_t { kActOther, kActSpace, kActIdent, kActDigit, kActSingle, kActColon };
constexpr auto kAction = [] {
  std::array<Action, 256> t{};
  for (int c = 0; c < 256; ++c) {
    if (kCharClass[c] & kSpace)
      t[c] = kActSpace;
    else if (kCharClass[c] & kIdentStart)
      t[c] = kActIdent;
    else if (kCharClass[c] & kDigit)
      t[c] = kActDigit;
    else if (kSingleCharTokens[c] != Tok::Error)
      t[c] = kActSingle;
  }
  t[':'] = kActColon;
  return t;
}();

// SWAR: eight characters of the line in a uint64_t, the first one in the low byte. The byte
// tests below are exact (no carries between bytes) for bytes below 0x80; bytes at or above 0x80
// are neither identifier characters nor digits.
constexpr uint64_t kOnes = 0x0101010101010101;
constexpr uint64_t kHigh = kOnes * 0x80;
constexpr uint64_t kLow7 = kOnes * 0x7f;

// The high bit of each byte of `y` (all below 0x80) outside [lo, hi] (the other bits: garbage).
constexpr uint64_t outside(uint64_t y, uint8_t lo, uint8_t hi) {
  return ~(y + kOnes * (0x80 - lo)) | (y + kOnes * (0x7f - hi));
}
// 0x80 in each byte of `w` that is not a decimal digit, 0 in the others.
constexpr uint64_t nonDigitBytes(uint64_t w) {
  return (outside(w & kLow7, '0', '9') | w) & kHigh;
}
static_assert([] {
  for (int c = 0; c < 256; ++c)
    if ((nonDigitBytes(kOnes * static_cast<uint64_t>(c)) == 0) != bool(kCharClass[c] & kDigit))
      return false;
  return true;
}());

// The value of the n (1 to 7) decimal digits at the start of `w`, the first most significant.
constexpr uint64_t decimalValue(uint64_t w, unsigned n) {
  // The digits to the top bytes, zeros (leading zero digits) below; then pairs, fours, eight.
  uint64_t v = (w << (64 - 8 * n)) & (kOnes * 0x0f);
  v = (v * (10 * 256 + 1)) >> 8;
  v = ((v & 0x00ff00ff00ff00ff) * (100 * 65536 + 1)) >> 16;
  return ((v & 0x0000ffff0000ffff) * (10000 * (uint64_t(1) << 32) + 1)) >> 32;
}
static_assert(decimalValue(0x3534333231302039, 1) == 9);       // "9 012345"
static_assert(decimalValue(0x2030393837363534, 7) == 4567890); // "4567890 "

// The eight characters at `p` (< end), with zero bytes for those past `end`; never reads
// outside [begin, end), which ASan and the fuzzer check.
inline uint64_t load8(const char *p, const char *begin, const char *end) {
  uint64_t w = 0;
  if constexpr (std::endian::native == std::endian::little) {
    if (end - begin >= 8) [[likely]] {
      // Near the end, the line's last eight characters shifted down: no branch on the distance.
      const char *from = p < end - 8 ? p : end - 8;
      std::memcpy(&w, from, 8);
      return w >> (8 * (p - from));
    }
  }
  for (size_t i = 0; i < 8 && i < static_cast<size_t>(end - p); ++i)
    w |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  return w;
}

// Character classes of the 64 characters from `base`, one bit per character (the first lowest),
// computed for the line ahead of its tokens: where an identifier ends is then a count of zero
// bits, not a loop, and nothing after it waits for a scan. Characters past the end of the line
// are not identifier characters and in no other class.
struct Window {
  const char *base;
  uint64_t nonIdent; // not an identifier character (or past the end)
  uint64_t space;    // ' '
};

#ifdef GFXASM_LEXER_SSE2
// SSE2 (x86-64's baseline): 16 characters at a time; bit i of the results is character i.
struct Classes16 {
  uint32_t ident, space;
};
inline Classes16 classify16(__m128i v) {
  // Signed compares: bytes >= 0x80 are negative, in no class.
  auto inRange = [](__m128i x, char lo, char hi) {
    return _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(static_cast<char>(lo - 1))),
                         _mm_cmplt_epi8(x, _mm_set1_epi8(static_cast<char>(hi + 1))));
  };
  auto eq = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  const __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20)); // letters to lower case
  const __m128i id =
      _mm_or_si128(_mm_or_si128(inRange(lower, 'a', 'z'), inRange(v, '0', '9')),
                   _mm_or_si128(_mm_or_si128(eq('_'), eq('.')), _mm_or_si128(eq('$'), eq('@'))));
  return {static_cast<uint32_t>(_mm_movemask_epi8(id)),
          static_cast<uint32_t>(_mm_movemask_epi8(eq(' ')))};
}

inline Window classify(const char *base, const char *begin, const char *end) {
  uint64_t ident = 0, space = 0;
  const ptrdiff_t left = end - base;
  if (end - begin < 16) { // a short line: through a zero-padded copy
    alignas(16) char buf[16] = {};
    if (left > 0) std::memcpy(buf, base, static_cast<size_t>(left)); // (an empty line may be null)
    const Classes16 c = classify16(_mm_load_si128(reinterpret_cast<const __m128i *>(buf)));
    ident = c.ident, space = c.space;
  } else {
    for (int k = 0; k < 4 && 16 * k < left; ++k) {
      // The last block of the line: its last 16 characters, the bits shifted down.
      const ptrdiff_t at = std::min<ptrdiff_t>(16 * k, left - 16);
      const Classes16 c = classify16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(base + at)));
      const auto drop = static_cast<int>(16 * k - at);
      ident |= static_cast<uint64_t>(c.ident >> drop) << (16 * k);
      space |= static_cast<uint64_t>(c.space >> drop) << (16 * k);
    }
  }
  // Bits past the end of the line: cleared (the shifts above brought in zeros, and a zero-padded
  // block has no identifier characters or spaces).
  if (left < 64) {
    const uint64_t inLine = (uint64_t(1) << left) - 1;
    ident &= inLine, space &= inLine;
  }
  return {base, ~ident, space};
}
#else
// The high bits of the eight bytes of `h` (the others clear) as eight bits, the first lowest.
constexpr uint64_t packHighBits(uint64_t h) {
  return ((h >> 7) * 0x0102040810204080) >> 56;
}
static_assert([] {
  for (uint64_t b = 0; b < 256; ++b) {
    uint64_t h = 0;
    for (int i = 0; i < 8; ++i) h |= ((b >> i) & 1) << (8 * i + 7);
    if (packHighBits(h) != b) return false;
  }
  return true;
}());
// The high bit of each byte of `y` (all below 0x80) other than `c` (the other bits: garbage).
constexpr uint64_t notEqual(uint64_t y, uint8_t c) {
  return (y ^ kOnes * c) + kLow7;
}
// 0x80 in each byte of `w` that is not an identifier character, 0 in the others.
constexpr uint64_t nonIdentBytes(uint64_t w) {
  const uint64_t y = w & kLow7;
  const uint64_t m = outside(y | kOnes * 0x20, 'a', 'z') & outside(y, '0', '9') & notEqual(y, '_') &
                     notEqual(y, '.') & notEqual(y, '$') & notEqual(y, '@');
  return (m | w) & kHigh;
}
// 0x80 in each byte of `w` equal to `c` (below 0x80), 0 in the others.
constexpr uint64_t equalBytes(uint64_t w, uint8_t c) {
  return ~(notEqual(w & kLow7, c) | w) & kHigh;
}
static_assert([] {
  for (int c = 0; c < 256; ++c) {
    const uint64_t w = kOnes * static_cast<uint64_t>(c);
    if ((nonIdentBytes(w) == 0) != bool(kCharClass[c] & kIdentChar)) return false;
    if ((equalBytes(w, ' ') != 0) != (c == ' ')) return false;
  }
  return true;
}());

// Portable: eight characters at a time in a uint64_t (SWAR).
inline Window classify(const char *base, const char *begin, const char *end) {
  uint64_t nonIdent = ~uint64_t(0), space = 0;
  const auto left = static_cast<size_t>(end - base);
  for (size_t k = 0; k < 8 && 8 * k < left; ++k) {
    const uint64_t w = load8(base + 8 * k, begin, end); // zero bytes past the end
    nonIdent ^= (~packHighBits(nonIdentBytes(w)) & 0xff) << (8 * k);
    space |= packHighBits(equalBytes(w, ' ')) << (8 * k);
  }
  return {base, nonIdent, space};
}
#endif

// The end of the identifier characters from `p` (an identifier longer than a window).
const char *identEnd(const char *p, const char *end) {
  while (p < end && (charClass(*p) & kIdentChar)) ++p;
  return p;
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

// Out of a double's range (std::from_chars' result_out_of_range): whether the magnitude is at
// least 1 (an overflow) rather than below it (an underflow), from the position of the first
// nonzero digit and the exponent. Such values are beyond 1e308 or below 1e-308, so the sign of
// that estimate decides.
bool magnitudeAtLeastOne(std::string_view mantissaAndExp, bool hex) {
  const char expChar = hex ? 'p' : 'e';
  size_t k = 0, n = mantissaAndExp.size();
  int64_t lead = 0; // the first nonzero digit's position: 0 for the units, -1 for the first
                    // fraction digit, in digits
  bool seenNonzero = false, inFraction = false;
  for (; k < n; ++k) {
    const char ch = mantissaAndExp[k];
    if (ch == '.') {
      inFraction = true;
      continue;
    }
    if ((ch | 0x20) == expChar) break;
    if (!seenNonzero && ch != '0') {
      seenNonzero = true;
      lead = inFraction ? lead - 1 : 0;
    } else if (seenNonzero && !inFraction) {
      ++lead;
    } else if (!seenNonzero && inFraction) {
      --lead;
    }
  }
  int64_t exp = 0;
  bool negative = false;
  if (k < n) ++k;
  if (k < n && (mantissaAndExp[k] == '+' || mantissaAndExp[k] == '-'))
    negative = mantissaAndExp[k++] == '-';
  for (; k < n && exp < 1'000'000'000; ++k) exp = exp * 10 + (mantissaAndExp[k] - '0');
  return (hex ? lead * 4 : lead) + (negative ? -exp : exp) >= 0;
}

} // namespace

double realLiteralValue(std::string_view text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  std::string_view body = hex ? text.substr(2) : text;
  if (!hex) {
    // (APFloat reads an exponent without digits as none)
    if (!body.empty() && (body.back() == '+' || body.back() == '-')) body.remove_suffix(1);
    if (!body.empty() && (body.back() == 'e' || body.back() == 'E')) body.remove_suffix(1);
  }
  double v = 0;
  const auto r = std::from_chars(body.data(), body.data() + body.size(), v,
                                 hex ? std::chars_format::hex : std::chars_format::general);
  if (r.ec == std::errc::result_out_of_range)
    v = magnitudeAtLeastOne(body, hex) ? std::numeric_limits<double>::infinity() : 0.0;
  return v;
}

size_t scanLineJoin(std::string_view line, LineJoin &join) {
  const size_t n = line.size();
  size_t i = join.skip;
  join.skip = 0;
  const bool statementStart = !join.continues && !join.inString && !join.inBlockComment;
  join.continues = false;
  size_t comment = n;
  for (; i < n; ++i) {
    const char ch = line[i];
    const char next = i + 1 < n ? line[i + 1] : '\0';
    if (join.inBlockComment) {
      if (ch == '*' && next == '/') {
        join.inBlockComment = false;
        ++i;
      }
    } else if (join.inString) {
      if (ch == '\\')
        ++i;
      else if (ch == '"')
        join.inString = false;
    } else if (ch == '"') {
      join.inString = true;
    } else if (ch == ';' || (ch == '/' && next == '/') ||
               (ch == '#' && statementStart && line.find_first_not_of(" \t") == i)) {
      comment = i;
      break;
    } else if (ch == '/' && next == '*') {
      join.inBlockComment = true;
      ++i;
    } else if (ch == '\'') {
      const size_t last = i + 2 + (next == '\\');
      if (last >= n) { // (index n: the line break)
        join.continues = true;
        join.skip = last - n;
        break;
      }
      i = last;
    }
  }
  return comment;
}

const char *lexErrorMessage(LexError e) {
  switch (e) {
  case LexError::FloatSign: return "invalid sign in float literal";
  case LexError::HexFloatNoDigits:
    return "invalid hexadecimal floating-point constant: expected at least one significand digit";
  case LexError::HexFloatNoP:
    return "invalid hexadecimal floating-point constant: expected exponent part 'p'";
  case LexError::HexFloatNoExpDigit:
    return "invalid hexadecimal floating-point constant: expected at least one exponent digit";
  case LexError::BadBinary: return "invalid binary number";
  case LexError::BadHex: return "invalid hexadecimal number";
  case LexError::BadOctal: return "invalid octal number";
  case LexError::None: break;
  }
  return "invalid number";
}

namespace {

// An Error token llvm's lexer reports with `e`, at `line[at]`, having read `line[start, end)`.
size_t lexErrorToken(std::string_view line, size_t start, size_t at, size_t end, LexError e,
                     Token &t) {
  t.kind = Tok::Error;
  t.lexError = e;
  t.col += static_cast<uint32_t>(at - start);
  t.text = line.substr(start, end - start);
  return end;
}

// The rest of a decimal float from `j`, after its integer digits and '.' (or at its exponent),
// as llvm's LexFloatLiteral: fraction digits, no sign right after them, an exponent whose digits
// may be missing.
size_t lexDecimalReal(std::string_view line, size_t start, size_t j, Token &t) {
  const size_t n = line.size();
  while (j < n && isDigit(line[j])) ++j;
  if (j < n && (line[j] == '+' || line[j] == '-'))
    return lexErrorToken(line, start, j, j, LexError::FloatSign, t);
  if (j < n && (line[j] == 'e' || line[j] == 'E')) {
    ++j;
    if (j < n && (line[j] == '+' || line[j] == '-')) ++j;
    while (j < n && isDigit(line[j])) ++j;
  }
  t.kind = Tok::Real;
  t.text = line.substr(start, j - start);
  t.fval = realLiteralValue(t.text);
  return j;
}

// A hexadecimal float from `j` (after "0x" and the integer digits, at '.', 'p' or 'P'), as llvm's
// LexHexFloatLiteral: [.hexdigits] p [+-] decimal digits, at least one significand digit.
size_t lexHexReal(std::string_view line, size_t start, size_t j, bool noIntDigits, Token &t) {
  const size_t n = line.size();
  bool noFracDigits = true;
  if (line[j] == '.') {
    const size_t frac = ++j;
    while (j < n && digitValue(line[j]) < 16) ++j;
    noFracDigits = j == frac;
  }
  if (noIntDigits && noFracDigits)
    return lexErrorToken(line, start, start, j, LexError::HexFloatNoDigits, t);
  if (j >= n || (line[j] != 'p' && line[j] != 'P'))
    return lexErrorToken(line, start, start, j, LexError::HexFloatNoP, t);
  ++j;
  if (j < n && (line[j] == '+' || line[j] == '-')) ++j;
  const size_t exp = j;
  while (j < n && isDigit(line[j])) ++j;
  if (j == exp) return lexErrorToken(line, start, start, j, LexError::HexFloatNoExpDigit, t);
  t.kind = Tok::Real;
  t.text = line.substr(start, j - start);
  t.fval = realLiteralValue(t.text);
  return j;
}

// Lexes a number at line[i]; llvm accepts 0x/0X hex, 0b/0B binary, leading-0 octal, decimal,
// decimal floats (1.5, 1.5e3, 1e3, 0.5; not 0e5 or 00.5, which start octal) and hexadecimal
// floats (0x1.8p1, 0x.8p-2).
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
      ok = j == n || line[j] == '@' || !(charClass(line[j]) & kIdentChar || line[j] == '.');
    } else if (i + 2 < n && (line[i + 1] == 'x' || line[i + 1] == 'X')) {
      j = i + 2;
      while (j < n && j - i < 17 && digitValue(line[j]) < 16)
        v = v * 16 + static_cast<uint64_t>(digitValue(line[j++]));
      ok = j > i + 2 && (j == n || line[j] == '@' || !(charClass(line[j]) & kIdentChar));
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
  // As llvm's LexDigit: the digits of the number's base make it; what follows is the next token
  // (`12abc` is 12 and `abc`, `0x1g` 0x1 and `g`), after the suffixes llvm ignores (u, l, ul,
  // ll, ull in any case). A GNU local label reference (`1b`, `2f`) stays one token.
  const size_t n = line.size();
  auto digitsFrom = [&](size_t j, int base) {
    while (j < n && digitValue(line[j]) < base) ++j;
    return j;
  };
  auto fail = [&](size_t end, LexError e) {
    while (end < n && isIdentChar(line[end]) && line[end] != '@') ++end;
    t.kind = Tok::Error;
    t.lexError = e;
    t.text = line.substr(start, end - start);
    return end;
  };
  int base = 10;
  size_t body = i;
  size_t end = 0;
  const bool decimal = line[i] != '0' || (i + 1 < n && line[i + 1] == '.');
  if (decimal) {
    end = digitsFrom(i, 10);
    if (end < n && (line[end] == '.' || line[end] == 'e' || line[end] == 'E'))
      return lexDecimalReal(line, start, line[end] == '.' ? end + 1 : end, t);
  } else if (i + 1 < n && (line[i + 1] == 'x' || line[i + 1] == 'X')) {
    base = 16;
    body = i + 2;
    end = digitsFrom(body, 16);
    if (end < n && (line[end] == '.' || line[end] == 'p' || line[end] == 'P'))
      return lexHexReal(line, start, end, end == body, t);
    if (end == body) return fail(end, LexError::BadHex);
  } else if (i + 1 < n && (line[i + 1] == 'b' || line[i + 1] == 'B') && i + 2 < n &&
             isDigit(line[i + 2])) {
    base = 2;
    body = i + 2;
    end = digitsFrom(body, 2);
    if (end == body) return fail(end, LexError::BadBinary);
  } else {
    end = digitsFrom(i, 10); // (octal: llvm reads 8 and 9 too, and refuses them)
    base = 8;
    if (line.substr(i, end - i).find_first_of("89") != std::string_view::npos)
      return fail(end, LexError::BadOctal);
  }
  // `1b`, `10f`: a local label reference (the parser's: an integer, then `b` or `f`).
  if (base != 16 && base != 2 && end < n && (line[end] == 'b' || line[end] == 'f') &&
      (end + 1 == n || line[end + 1] == '@' || !isIdentChar(line[end + 1]))) {
    t.kind = Tok::Error;
    t.text = line.substr(start, end + 1 - start);
    return end + 1;
  }
  uint64_t v = 0;
  bool overflow = false;
  for (size_t k = body; k < end; ++k) {
    const uint64_t d = static_cast<uint64_t>(digitValue(line[k]));
    // Overflow is rare: checked with a division only when the value is already large.
    if (v > (UINT64_MAX >> 4) && (v > (UINT64_MAX - d) / static_cast<uint64_t>(base)))
      overflow = true;
    v = v * static_cast<uint64_t>(base) + d;
  }
  t.kind = Tok::Integer;
  t.text = line.substr(start, end - start);
  t.ival = static_cast<int64_t>(v);
  t.overflow = overflow;
  if (end < n && (line[end] == 'u' || line[end] == 'U')) ++end;
  for (int k = 0; k < 2 && end < n && (line[end] == 'l' || line[end] == 'L'); ++k) ++end;
  return end;
}

// The lexer proper. Unbounded, `out` has room for a token per character and Eol. Bounded, it
// stops before a token when `limit` is reached (keeping room for Eol), with `count` tokens written
// and `resume` the offset to go on from (the caller grows the room and calls again from there:
// tokens written and the state are kept); `resume` is the line's size when it is done.
// Inlined into its callers: out of line, the state behind the references stayed in memory
// (about 50 instructions a line more).
template <bool kBounded>
[[gnu::always_inline]] inline LexResult lexImpl(std::string_view line, Token *out,
                                                [[maybe_unused]] Token *limit, size_t &count,
                                                size_t &resume, bool &inBlockComment) {
  LexResult res;
  const char *const begin = line.data();
  const char *p = begin + resume;
  const char *const end = begin + line.size();
  Token *o = out + count;
  auto col = [begin](const char *at) { return static_cast<uint32_t>(at - begin); };
  // The end of a block comment opened on an earlier line (or by `/*` below).
  auto skipBlockComment = [&] {
    size_t e = line.find("*/", static_cast<size_t>(p - begin));
    inBlockComment = e == std::string_view::npos;
    p = inBlockComment ? end : begin + e + 2;
  };
  if (inBlockComment) skipBlockComment();
  // Character classes from `win.base`. A token starting at or after `refillAt` could go past
  // them: before `refillAt`, at least 16 characters of a token are in the window, or the rest of
  // the line is. Computed at the first identifier or number (from there): a line of blanks,
  // punctuation and a comment needs none.
  Window win{};
  const char *refillAt = p;
  auto refill = [&] {
    win = classify(p, begin, end);
    refillAt = end - p <= 64 ? end : p + 49;
  };
  while (p < end) {
    if constexpr (kBounded) {
      if (limit - o < 2) {
        count = static_cast<size_t>(o - out);
        resume = static_cast<size_t>(p - begin);
        return res;
      }
    }
    const char c = *p;
    // Branches in the order of the characters' frequency (a jump table is slower here).
    const Action action = kAction[static_cast<unsigned char>(c)];
    if (action == kActIdent) {
      if (c == '.' && p + 1 < end && isDigit(p[1])) [[unlikely]] {
        // llvm's `.5`, `.5e3`: a float when the digits end the identifier or an exponent follows
        // (`.5x` is a name).
        const size_t at = static_cast<size_t>(p - begin);
        size_t j = at + 1;
        while (j < line.size() && isDigit(line[j])) ++j;
        if (j == line.size() || !isIdentChar(line[j]) || line[j] == 'e' || line[j] == 'E') {
          Token &t = *o++ = Token(Tok::Eol, col(p), std::string_view());
          p = begin + lexDecimalReal(line, at, j, t);
          continue;
        }
      }
      if (p >= refillAt) refill();
      // Its first character is an identifier character: at least one zero bit before a stop.
      const uint64_t stops = win.nonIdent >> (p - win.base);
      const char *s = p;
      if (stops) {
        p += std::countr_zero(stops);
        *o++ = Token(Tok::Identifier, col(s), std::string_view(s, static_cast<size_t>(p - s)));
        p += (win.space >> (p - win.base)) & 1; // a space after it (the stop: in the window)
      } else { // identifier characters to the end of the window (and the line goes on)
        p = identEnd(win.base + 64, end);
        *o++ = Token(Tok::Identifier, col(s), std::string_view(s, static_cast<size_t>(p - s)));
      }
      continue;
    }
    if (action == kActSingle) {
      *o++ =
          Token(kSingleCharTokens[static_cast<unsigned char>(c)], col(p), std::string_view(p, 1));
      ++p;
      p += p < end && *p == ' '; // (a space after it, as after ", ": not a turn of the loop)
      continue;
    }
    if (action == kActSpace) {
      ++p;
      if (p < end && (*p == ' ' || *p == '\t')) p = skipBlanks(p, end); // (a run: not a turn each)
      continue;
    }
    if (action == kActDigit) {
      // Fast path: a decimal integer of 1 to 7 digits (not starting with 0, or just "0"), the
      // common operand: the identifier characters from `p` (the number and anything that would
      // make it a real or an error) are all digits.
      if (p >= refillAt) refill();
      const auto n = static_cast<unsigned>(std::countr_zero(win.nonIdent >> (p - win.base)));
      if (n <= 7 && (c != '0' || n == 1)) {
        const uint64_t w = load8(p, begin, end);
        if (!(nonDigitBytes(w) & ((uint64_t(1) << (8 * n)) - 1))) {
          Token &t = *o++ = Token(Tok::Integer, col(p), std::string_view(p, n));
          t.ival = static_cast<int64_t>(decimalValue(w, n));
          p += n;
          p += (win.space >> (p - win.base)) & 1; // a space after it (the stop: in the window)
          continue;
        }
      }
      Token &t = *o++ = Token(Tok::Eol, col(p), std::string_view());
      p = begin + lexNumber(line, static_cast<size_t>(p - begin), t);
      continue;
    }
    if (action == kActColon) {
      if (end - p >= 2 && p[1] == ':') {
        *o++ = Token(Tok::ColonColon, col(p), std::string_view(p, 2));
        res.hasColonColon = true;
        p += 2;
      } else {
        *o++ = Token(Tok::Colon, col(p), std::string_view(p, 1));
        ++p;
      }
      continue;
    }
    // Punctuation of one or two characters, comments, strings (and unlexable characters).
    const char d = p + 1 < end ? p[1] : '\0';
    Tok k = Tok::Error;
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
        if (o != out) o[-1].commentAfter = true;
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
    case '\'': {
      // A character constant is an integer ('a', '\n'), as in llvm's lexer.
      const char *s = p, *q = p + 1;
      if (q < end && *q == '\\') ++q;
      // (llvm reads on past the line's end: a quote left open there is "too long" too)
      const char *what = q + 1 >= end || q[1] != '\'' ? "single quote way too long" : nullptr;
      if (what) {
        res.ok = false;
        res.errCol = col(s);
        res.errMsg = what;
        *o++ = Token(Tok::Error, col(s), std::string_view(s, static_cast<size_t>(end - s)));
        goto done;
      }
      int64_t value = static_cast<signed char>(*q); // (llvm reads a char: signed)
      if (q != p + 1) {
        switch (*q) {
        case 't': value = '\t'; break;
        case 'n': value = '\n'; break;
        case 'b': value = '\b'; break;
        case 'f': value = '\f'; break;
        case 'r': value = '\r'; break;
        default: break;
        }
      }
      Token t(Tok::Integer, col(s), std::string_view(s, static_cast<size_t>(q + 2 - s)));
      t.ival = value;
      *o++ = t;
      p = q + 2;
      continue;
    }
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
  *o++ = Token(Tok::Eol, col(p), std::string_view());
  count = static_cast<size_t>(o - out);
  resume = line.size();
  return res;
}

} // namespace

LexResult lexLine(std::string_view line, Token *out, size_t &count, bool &inBlockComment) {
  count = 0;
  size_t resume = 0;
  return lexImpl<false>(line, out, nullptr, count, resume, inBlockComment);
}

size_t lexLine(std::string_view line, std::vector<Token> &room, LexResult &res,
               bool &inBlockComment) {
  size_t count = 0, resume = 0;
  // Lines up to this size get a token per character at once (the common case: no checks per
  // token); longer ones as many tokens as they have, the room doubling.
  constexpr size_t kRoomPerCharacter = 1 << 16;
  if (line.size() < kRoomPerCharacter || room.size() > line.size()) {
    if (room.size() <= line.size()) room.resize(line.size() + 1);
    res = lexImpl<false>(line, room.data(), nullptr, count, resume, inBlockComment);
    return count;
  }
  if (room.size() < kRoomPerCharacter) room.resize(kRoomPerCharacter);
  bool colonColon = false;
  for (;;) {
    res =
        lexImpl<true>(line, room.data(), room.data() + room.size(), count, resume, inBlockComment);
    colonColon |= res.hasColonColon;
    if (resume == line.size() || !res.ok) break;
    // Room for the rest at the rate so far, an eighth more (one step for a uniform line; the
    // old and new room live together while it grows), never more than a token per character.
    size_t estimate = count + (line.size() - resume) * count / resume * 9 / 8 + 1024;
    room.resize(std::min(line.size() + 1, std::max(estimate, room.size() + room.size() / 4)));
  }
  res.hasColonColon = colonColon;
  return count;
}

LexResult lexLine(std::string_view line, std::vector<Token> &out, bool &inBlockComment) {
  LexResult res;
  out.resize(lexLine(line, out, res, inBlockComment));
  return res;
}

} // namespace gfxasm::as
