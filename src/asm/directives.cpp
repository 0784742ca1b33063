// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/directives.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "asm/preprocessor.h"
#include "asm/text.h"
#include "gfxasm/gfxasm.h"

namespace gfxasm::as {

namespace {

// What one directive may add to a section (.zero, .fill, .org, .lcomm): a limit of gfxasm's,
// so that a typing slip cannot ask for gigabytes.
constexpr int64_t kMaxSectionGrowth = int64_t{256} << 20;

// Whether a directive that repeats or pads may add `bytes` to the sections: gfxasm's limits, one
// directive's and the assembly's (AssembleOptions::maxSectionBytes); else their error at `col`.
bool roomFor(DirectiveContext &ctx, DirectiveError &fail, uint64_t bytes, uint32_t col) {
  if (bytes > static_cast<uint64_t>(kMaxSectionGrowth))
    return fail(col, "gfxasm: too many bytes for one directive");
  if (ctx.streamer.claimSectionBytes(bytes)) return true;
  return fail(col, fmt::format("gfxasm: more than {} bytes in the sections "
                               "(AssembleOptions::maxSectionBytes)",
                               ctx.streamer.maxSectionBytes()));
}

bool expectEnd(Cursor &c, DirectiveError &fail, const char *msg = "unexpected token in directive") {
  return c.atEnd() || fail(c.peek().col, msg);
}

// A comma-separated list to the statement's end, as llvm's list parsers read one: none, or an
// item after each comma (`item` reads one: false when it failed); `separator` is the message
// for anything else after an item.
template <class Item>
bool commaList(Cursor &c, DirectiveError &fail, const char *separator, Item &&item) {
  if (c.atEnd()) return true;
  for (;;) {
    if (!item()) return false;
    if (c.atEnd()) return true;
    if (!c.accept(Tok::Comma)) return fail(c.peek().col, separator);
  }
}

// Pads to a 2^n boundary: with `fill` values of `fillSize` bytes if given, else with s_nop 0 in a
// code section (as llvm's AMDGPU backend pads them) and zero values elsewhere. No padding when it
// would take more than `maxBytes`.
void alignCode(std::vector<uint8_t> &code, unsigned pow2, int64_t fill, unsigned fillSize,
               int64_t maxBytes, bool text) {
  size_t align = size_t{1} << pow2;
  size_t pad = (align - code.size() % align) % align;
  if (maxBytes > 0 && static_cast<int64_t>(pad) > maxBytes) return;
  const bool codeAlign = fill < 0 && text;
  if (codeAlign) {
    fill = 0xbf800000; // s_nop 0
    fillSize = 4;
  } else {
    // llvm's value alignment writes whole fill values only, fewer bytes than the boundary
    // needs when the offset is not a multiple of their size (its layout still counts the
    // whole padding, so what follows such a padding is not placed as in llvm).
    fill = std::max<int64_t>(fill, 0);
    pad -= pad % fillSize;
  }
  // (code alignment: s_nop while the offset allows, then zeros)
  while (pad >= fillSize && (!codeAlign || code.size() % fillSize == 0)) {
    for (unsigned i = 0; i < fillSize; ++i)
      code.push_back(static_cast<uint8_t>(static_cast<uint64_t>(fill) >> (8 * i)));
    pad -= fillSize;
  }
  code.insert(code.end(), pad, 0);
}

// .p2align N[, fill[, max]], .balign / .align BYTES[, fill[, max]] (byte alignments on AMDGPU),
// and the 2- and 4-byte fill forms .p2alignw/.p2alignl/.balignw/.balignl.
// llvm reports a bad alignment but still emits the nearest one it can.
bool alignDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, DirectiveError &fail) {
  const bool p2 = name.starts_with(".p2align");
  const unsigned fillSize = name.ends_with('l') ? 4 : name.ends_with('w') ? 2 : 1;
  if (c.atEnd() && p2) {
    ctx.warnings.emplace_back(c.peek().col, "p2align directive with no operand(s) is ignored");
    return true;
  }
  uint32_t col = c.peek().col;
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return fail(e.errCol, e.error);
  bool ok = true;
  int64_t pow2 = e.value;
  if (!p2) {
    // (llvm takes a zero byte alignment as one)
    if (e.value < 0 || (e.value & (e.value - 1))) ok = fail(col, "alignment must be a power of 2");
    pow2 = 0;
    while (pow2 < 62 && (int64_t{2} << pow2) <= e.value) ++pow2;
  }
  if (pow2 < 0 || pow2 > 31) {
    if (ok) ok = fail(col, "invalid alignment value");
    pow2 = pow2 < 0 ? 0 : 31;
  }
  int64_t fill = -1; // none written
  int64_t maxBytes = 0;
  if (c.accept(Tok::Comma)) {
    if (!c.is(Tok::Comma)) {
      ExprResult f = parseExpr(c, ctx.syms);
      if (!f.ok()) return fail(f.errCol, f.error);
      fill = fillSize == 4   ? (f.value & 0xffffffff)
             : fillSize == 2 ? (f.value & 0xffff)
                             : (f.value & 0xff);
    }
    if (c.accept(Tok::Comma)) {
      uint32_t maxCol = c.peek().col;
      ExprResult m = parseExpr(c, ctx.syms);
      if (!m.ok()) return fail(m.errCol, m.error);
      if (m.value <= 0 && ok)
        ok = fail(maxCol,
                  "alignment directive can never be satisfied in this many bytes, ignoring maximum "
                  "bytes expression");
      else if (m.value > 0)
        maxBytes = m.value;
    }
  }
  if (ok && !expectEnd(c, fail, "expected newline")) return false;
  const bool text = ctx.streamer.inTextSection();
  const uint64_t align = uint64_t{1} << pow2;
  // (padding beyond gfxasm's limit: refused in an object, left out of text and null output, whose
  // bytes nobody reads)
  const uint64_t padding = (align - ctx.code.size() % align) % align;
  const bool huge = padding > static_cast<uint64_t>(kMaxSectionGrowth);
  if (huge && ctx.streamer.writesObject())
    return ok && fail(0, "gfxasm: too many bytes for one directive"); // (else llvm's message)
  // (what the padding and, in an object, the section's alignment may cost)
  if (!huge && (maxBytes <= 0 || padding <= static_cast<uint64_t>(maxBytes)) &&
      !roomFor(ctx, fail, padding, 0))
    return false;
  if (!ctx.streamer.raiseAlignment(align)) return ok && roomFor(ctx, fail, align, 0);
  ctx.streamer.newFragment();
  if (!huge) alignCode(ctx.code, static_cast<unsigned>(pow2), fill, fillSize, maxBytes, text);
  if (ctx.asmOut) {
    // llvm pads a code section without a fill value with its code alignment, printed as
    // `.p2align N` whatever the fill size; anything else is a value alignment, printed with its
    // fill (0 when none was written).
    const bool codeAlign = fill < 0 && text;
    std::string args = fmt::format("{}", pow2);
    if (!codeAlign)
      args += fmt::format(", {:#x}", fill < 0 ? 0 : fill);
    else if (maxBytes > 0)
      args += ", ";
    if (maxBytes > 0) args += fmt::format(", {}", maxBytes);
    if (fillSize == 1 || codeAlign)
      ctx.out += fmt::format("\t.p2align\t{}\n", args);
    else
      ctx.out += fmt::format(".p2align{} {}\n", fillSize == 4 ? 'l' : 'w', args);
  }
  return ok;
}

// The symbol attributes llvm's generic parser reads that ELF has no use for.
constexpr std::array<std::string_view, 7> kForeignAttributes = {".lazy_reference",
                                                                ".symbol_resolver",
                                                                ".private_extern",
                                                                ".reference",
                                                                ".weak_definition",
                                                                ".weak_def_can_be_hidden",
                                                                ".cold"};

// .globl / .global / .weak / .local / .hidden / .protected / .internal: a list of symbols, each
// printed on its own line.
// `generic`: read by llvm's generic parser (its separator message), not its ELF parser.
bool symbolList(DirectiveContext &ctx, std::string_view printed, Cursor &c, DirectiveError &fail,
                bool generic = false) {
  // (llvm's ELF parser reads the attribute directives; .globl and .no_dead_strip are its generic
  // parser's)
  const char *separator = generic || printed == ".globl" || printed == ".no_dead_strip"
                              ? "unexpected token"
                              : "expected comma";
  return commaList(c, fail, separator, [&] {
    const Token sym = c.peekName();
    if (!namesSymbol(sym)) return fail(sym.col, "expected identifier");
    c.skipName();
    // Attributes of other object formats (MachO's): printed, refused by ELF objects (and .cold
    // by llvm's text output too); nothing in null output.
    if (std::find(kForeignAttributes.begin(), kForeignAttributes.end(), printed) !=
        kForeignAttributes.end()) {
      if (ctx.streamer.writesObject() || (printed == ".cold" && ctx.asmOut))
        return fail(sym.col, "unable to emit symbol attribute");
      if (ctx.asmOut) ctx.out += fmt::format("\t{}\t{}\n", printed, printedSymbolName(sym.text));
      return true;
    }
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.registerSymbol(s);
    if (printed == ".globl") s.binding = Symbol::Binding::Global;
    if (printed == ".weak") s.binding = Symbol::Binding::Weak;
    if (printed == ".local") s.binding = Symbol::Binding::Local;
    if (printed == ".hidden") s.visibility = 2;    // STV_HIDDEN
    if (printed == ".protected") s.visibility = 3; // STV_PROTECTED
    if (printed == ".internal") s.visibility = 1;  // STV_INTERNAL
    if (printed == ".no_dead_strip") s.noDeadStrip = true;
    if (ctx.asmOut) ctx.out += fmt::format("\t{}\t{}\n", printed, printedSymbolName(sym.text));
    return true;
  });
}

// ELF symbol types by the names .type accepts (STT_* or the lower-case name after @ % # or quoted).
struct SymbolType {
  std::string_view stt, name;
};
constexpr SymbolType kSymbolTypes[] = {
    {"STT_FUNC", "function"},
    {"STT_GNU_IFUNC", "gnu_indirect_function"},
    {"STT_OBJECT", "object"},
    {"STT_TLS", "tls_object"},
    {"STT_COMMON", "common"},
    {"STT_NOTYPE", "notype"},
    {"STT_GNU_UNIQUE_OBJECT", "gnu_unique_object"},
};

// .type sym[,] TYPE. '@' is no token of the lexer, so the type is read from the line text.
bool typeDirective(DirectiveContext &ctx, Cursor &c, std::string_view line, DirectiveError &fail) {
  const Token sym = c.peekName();
  if (!namesSymbol(sym)) return fail(sym.col, "expected identifier");
  c.skipName();
  c.accept(Tok::Comma);
  size_t at = c.peek().col, end = c.toks.back().col;
  while (end > at && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
  std::string_view rest = line.substr(at, end - at);
  c.pos = c.toks.size() - 1;
  const char *expected =
      "expected STT_<TYPE_IN_UPPER_CASE>, '#<type>', '@<type>', '%<type>' or \"<type>\"";
  std::string_view type;
  size_t typeCol = at;
  if (rest.substr(0, 4) == "STT_") {
    type = rest;
  } else if (!rest.empty() &&
             (rest[0] == '@' || rest[0] == '%' || rest[0] == '#' || rest[0] == '"')) {
    type = rest.substr(1);
    ++typeCol;
    if (rest[0] == '"' && !type.empty() && type.back() == '"') type.remove_suffix(1);
  } else if (!rest.empty() && isIdentStart(rest[0])) {
    type = rest;
  } else {
    return fail(static_cast<uint32_t>(at), expected);
  }
  size_t len = 0;
  while (len < type.size() && (isIdentChar(type[len]))) ++len;
  if (len < type.size() && type[0] != '"') {
    size_t junk = typeCol + len;
    while (junk < line.size() && (line[junk] == ' ' || line[junk] == '\t')) ++junk;
    return fail(static_cast<uint32_t>(junk), "expected end of directive");
  }
  type = type.substr(0, len);
  for (const SymbolType &t : kSymbolTypes) {
    if (type != t.stt && type != t.name) continue;
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.registerSymbol(s);
    s.type = static_cast<uint8_t>(&t - kSymbolTypes == 0   ? 2  /* STT_FUNC */
                                  : &t - kSymbolTypes == 1 ? 10 /* STT_GNU_IFUNC */
                                  : &t - kSymbolTypes == 2 ? 1  /* STT_OBJECT */
                                  : &t - kSymbolTypes == 3 ? 6  /* STT_TLS */
                                  : &t - kSymbolTypes == 4
                                      ? 1 /* STT_OBJECT: llvm writes common ones so */
                                  : &t - kSymbolTypes == 6 ? 10 /* STT_GNU_UNIQUE_OBJECT */
                                                           : 0);
    if (t.name == "gnu_indirect_function" || t.name == "gnu_unique_object")
      ctx.streamer.markGnuAbi();
    if (ctx.asmOut)
      ctx.out += fmt::format("\t.type\t{},@{}\n", printedSymbolName(sym.text), t.name);
    return true;
  }
  return fail(static_cast<uint32_t>(typeCol), "unsupported attribute");
}

// Data directives: .byte, .short (.2byte, .value), .long (.4byte, .int), .quad (.8byte), each
// value of a comma list printed on its own line under the canonical name.
struct DataDirective {
  std::string_view name, printed;
  unsigned bytes;
};
constexpr DataDirective kDataDirectives[] = {
    {".byte", ".byte", 1},   {".short", ".short", 2}, {".2byte", ".short", 2},
    {".value", ".short", 2}, {".long", ".long", 4},   {".4byte", ".long", 4},
    {".int", ".long", 4},    {".quad", ".quad", 8},   {".8byte", ".quad", 8},
    {".dc", ".short", 2},    {".dc.w", ".short", 2},  {".dc.b", ".byte", 1},
    {".dc.l", ".long", 4},   {".dc.a", ".quad", 8}, // (.dc.a: a pointer, 8 bytes on amdgcn)
};

// Floating-point data: .float/.single/.dc.s (4 bytes), .double/.dc.d (8 bytes).
constexpr std::pair<std::string_view, unsigned> kFloatDirectives[] = {
    {".float", 4}, {".single", 4}, {".dc.s", 4}, {".double", 8}, {".dc.d", 8}};

// One value of a floating-point directive, as llvm's parseRealValue reads it: a sign, then a
// real or (decimal) integer literal, or inf/infinity/nan in any case; its bits.
bool realValue(Cursor &c, unsigned bytes, uint64_t &bits, DirectiveError &fail) {
  bool negative = false;
  if (c.is(Tok::Minus) || c.is(Tok::Plus)) negative = c.next().kind == Tok::Minus;
  const Token &t = c.peek();
  if (t.kind != Tok::Integer && t.kind != Tok::Real && t.kind != Tok::Identifier)
    return fail(t.col, "unexpected token in directive");
  double d = 0;
  float f = 0;
  if (t.kind == Tok::Identifier) {
    if (sameTextIgnoringCase(t.text, "inf") || sameTextIgnoringCase(t.text, "infinity")) {
      d = std::numeric_limits<double>::infinity();
      f = std::numeric_limits<float>::infinity();
    } else if (sameTextIgnoringCase(t.text, "nan")) {
      // (llvm's NaN: every mantissa bit set)
      bits = bytes == 4 ? 0x7fffffff : 0x7fffffffffffffff;
      if (negative) bits |= bytes == 4 ? 0x80000000 : 0x8000000000000000;
      c.next();
      return true;
    } else {
      return fail(t.col, "invalid floating point literal");
    }
  } else {
    std::string_view text = t.text;
    const bool hex = text.size() > 1 && text[0] == '0' && (text[1] | 0x20) == 'x';
    if (hex) text.remove_prefix(2);
    // (a hex number is a float only with its 'p' exponent; 0b.. is none)
    if ((hex && text.find_first_of("pP") == std::string_view::npos) ||
        (!hex && text.size() > 1 && text[0] == '0' && (text[1] | 0x20) == 'b'))
      return fail(t.col, "invalid floating point literal");
    const auto format = hex ? std::chars_format::hex : std::chars_format::general;
    const char *end = text.data() + text.size();
    auto rf = std::from_chars(text.data(), end, f, format);
    auto rd = std::from_chars(text.data(), end, d, format);
    if ((rf.ec != std::errc() && rf.ec != std::errc::result_out_of_range) || rf.ptr != end)
      return fail(t.col, "invalid floating point literal");
    // (out of range: infinity or zero, by the magnitude the text gives)
    if (rd.ec == std::errc::result_out_of_range || rf.ec == std::errc::result_out_of_range) {
      const double r = realLiteralValue(t.text);
      if (rd.ec == std::errc::result_out_of_range) d = r;
      if (rf.ec == std::errc::result_out_of_range)
        f = std::isinf(r) || std::fabs(r) > std::numeric_limits<float>::max()
                ? std::numeric_limits<float>::infinity()
                : 0.0f;
    }
  }
  c.next();
  if (negative) d = -d, f = -f;
  if (bytes == 4) {
    uint32_t b32;
    std::memcpy(&b32, &f, 4);
    bits = b32;
  } else {
    std::memcpy(&bits, &d, 8);
  }
  return true;
}

// .dcb[.b/.w/.l/.s/.d] COUNT, VALUE (the value COUNT times) and .ds[.b/.w/.l/.d/.s/.p/.x] COUNT
// (COUNT zeroed values); nullopt for another name.
std::optional<bool> repeatedDataDirective(DirectiveContext &ctx, std::string_view name, Cursor &c,
                                          DirectiveError &fail) {
  static constexpr std::pair<std::string_view, unsigned> kSizes[] = {
      {".dcb", 2},   {".dcb.b", 1}, {".dcb.w", 2}, {".dcb.l", 4}, {".dcb.s", 4},
      {".dcb.d", 8}, {".ds", 2},    {".ds.b", 1},  {".ds.w", 2},  {".ds.l", 4},
      {".ds.s", 4},  {".ds.d", 8},  {".ds.p", 12}, {".ds.x", 12}};
  auto it = std::find_if(std::begin(kSizes), std::end(kSizes),
                         [&](const auto &k) { return k.first == name; });
  if (it == std::end(kSizes)) return std::nullopt;
  const unsigned size = it->second;
  const uint32_t countCol = c.peek().col;
  ExprResult n = parseExpr(c, ctx.syms);
  if (!n.ok()) return fail(n.errCol, n.error);
  if (n.kind != ExprResult::Kind::Absolute) return fail(countCol, "expected absolute expression");
  const bool fill = name.starts_with(".ds");
  if (fill && !expectEnd(c, fail, "expected newline")) return false;
  if (n.value < 0) {
    // (llvm stops reading there: what follows is a statement of its own)
    ctx.warnings.emplace_back(
        countCol, fmt::format("'{}' directive with negative repeat count has no effect", name));
    ctx.restIsStatement = !c.atEnd();
    return true;
  }
  if (n.value > kMaxSectionGrowth / static_cast<int64_t>(size)) // (no overflow of the product)
    return fail(0, "gfxasm: too many bytes for one directive");
  if (!roomFor(ctx, fail, static_cast<uint64_t>(n.value) * size, 0)) return false;
  if (fill) {
    for (int64_t i = 0; i < n.value; ++i) {
      ctx.streamer.emitZeros(size);
      if (ctx.asmOut) ctx.out += fmt::format("\t.zero\t{}\n", size);
    }
    return true;
  }
  if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
  const uint32_t valueCol = c.peek().col;
  uint64_t bits = 0;
  int64_t printed = 0; // (llvm prints the value as it read it: signed 64 bits)
  const bool real = name == ".dcb.s" || name == ".dcb.d";
  if (real) {
    if (!realValue(c, size, bits, fail)) return false;
    printed = static_cast<int64_t>(bits);
  } else {
    ExprResult v = parseExpr(c, ctx.syms);
    if (!v.ok()) return fail(v.errCol, v.error);
    if (v.kind != ExprResult::Kind::Absolute) return fail(valueCol, "expected absolute expression");
    const int64_t bitsWide = 8 * size;
    if (bitsWide < 64 &&
        (v.value < -(int64_t{1} << (bitsWide - 1)) || v.value >= int64_t{1} << bitsWide))
      return fail(valueCol, "literal value out of range for directive");
    bits = static_cast<uint64_t>(v.value) & (bitsWide < 64 ? (uint64_t{1} << bitsWide) - 1 : ~0ull);
    printed = v.value;
  }
  if (!expectEnd(c, fail, "expected newline")) return false;
  static constexpr std::string_view kPrinted[] = {"", ".byte", ".short", "",     ".long",
                                                  "", "",      "",       ".quad"};
  for (int64_t i = 0; i < n.value; ++i) {
    ctx.streamer.emitValue(static_cast<int64_t>(bits), kNoExpr, size, valueCol);
    if (ctx.asmOut) ctx.out += fmt::format("\t{}\t{}\n", kPrinted[size], printed);
  }
  return true;
}

bool floatDirective(DirectiveContext &ctx, unsigned bytes, Cursor &c, DirectiveError &fail) {
  return commaList(c, fail, "unexpected token", [&] {
    uint64_t bits = 0;
    if (!realValue(c, bytes, bits, fail)) return false;
    ctx.streamer.emitValue(static_cast<int64_t>(bits), kNoExpr, bytes, 0);
    // (printed as llvm prints an integer value: signed 64 bits)
    if (ctx.asmOut)
      ctx.out +=
          fmt::format("\t{}\t{}\n", bytes == 4 ? ".long" : ".quad", static_cast<int64_t>(bits));
    return true;
  });
}

bool dataDirective(DirectiveContext &ctx, const DataDirective &dd, Cursor &c,
                   DirectiveError &fail) {
  std::string err;
  uint32_t errCol = 0;
  return commaList(c, fail, "unexpected token", [&] {
    uint32_t col = c.peek().col;
    // A list item ends at the next comma outside parentheses (the AMDGPU functions' arguments,
    // `max(a, b)`, are the item's): the symbolic fallback takes the rest of the line.
    size_t end = c.pos;
    for (int depth = 0; end + 1 < c.toks.size(); ++end) {
      const Tok k = c.toks[end].kind;
      if (k == Tok::Comma && depth == 0) break;
      depth += k == Tok::LParen ? 1 : k == Tok::RParen && depth > 0 ? -1 : 0;
    }
    std::vector<Token> item(c.toks.begin() + static_cast<std::ptrdiff_t>(c.pos),
                            c.toks.begin() + static_cast<std::ptrdiff_t>(end));
    item.emplace_back(Tok::Eol, c.toks[end].col, std::string_view());
    Cursor ic{item, 0};
    ExprText v = exprText(ic, ctx.syms, err, errCol);
    if (!v.ok) return fail(errCol, err);
    c.pos = end;
    if (v.absolute && !fitsInBytes(v.value, dd.bytes))
      return fail(col, "out of range literal value");
    // (llvm emits the value before it looks for the comma)
    ctx.streamer.emitValue(v.value, v.absolute ? kNoExpr : v.expr, dd.bytes,
                           v.absolute ? col : expressionLocation(item));
    if (ctx.asmOut) ctx.out += fmt::format("\t{}\t{}\n", dd.printed, v.text);
    if (!ic.atEnd()) return fail(ic.peek().col, "unexpected token");
    return true;
  });
}

// --- Sections (llvm's ELFAsmParser and MCSectionELF::printSwitchToSection) ---

bool hasSectionPrefix(std::string_view name, std::string_view prefix) {
  return name.starts_with(prefix) && (name.size() == prefix.size() || name[prefix.size()] == '.');
}

// The flags and type llvm gives a section by its name before the ones written.
uint64_t defaultSectionFlags(std::string_view name) {
  if (hasSectionPrefix(name, ".rodata") || name == ".rodata1") return 0x2; // SHF_ALLOC
  if (name == ".fini" || name == ".init" || hasSectionPrefix(name, ".text")) return 0x6;
  if (hasSectionPrefix(name, ".data") || name == ".data1" || hasSectionPrefix(name, ".bss") ||
      hasSectionPrefix(name, ".init_array") || hasSectionPrefix(name, ".fini_array") ||
      hasSectionPrefix(name, ".preinit_array"))
    return 0x3; // SHF_ALLOC | SHF_WRITE
  if (hasSectionPrefix(name, ".tdata") || hasSectionPrefix(name, ".tbss")) return 0x403;
  return 0;
}
uint32_t defaultSectionType(std::string_view name) {
  if (name.starts_with(".note")) return 7;                                         // SHT_NOTE
  if (hasSectionPrefix(name, ".init_array")) return 14;                            // INIT_ARRAY
  if (hasSectionPrefix(name, ".bss") || hasSectionPrefix(name, ".tbss")) return 8; // NOBITS
  if (hasSectionPrefix(name, ".fini_array")) return 15;                            // FINI_ARRAY
  if (hasSectionPrefix(name, ".preinit_array")) return 16;                         // PREINIT
  return 1;                                                                        // PROGBITS
}

// The section types llvm names (the others: a number).
constexpr std::pair<std::string_view, uint32_t> kSectionTypes[] = {
    {"progbits", 1},
    {"nobits", 8},
    {"note", 7},
    {"init_array", 14},
    {"fini_array", 15},
    {"preinit_array", 16},
    {"unwind", 0x70000001},
    {"llvm_odrtab", 0x6fff4c00},
    {"llvm_linker_options", 0x6fff4c01},
    {"llvm_call_graph_profile", 0x6fff4c09},
    {"llvm_dependent_libraries", 0x6fff4c04},
    {"llvm_sympart", 0x6fff4c05},
    {"llvm_bb_addr_map", 0x6fff4c0a},
    {"llvm_offloading", 0x6fff4c0b},
    {"llvm_lto", 0x6fff4c0c},
    {"llvm_jt_sizes", 0x6fff4c0d}};

// llvm's getAsInteger(0, ...): a decimal, 0x hex, 0b binary or leading-0 octal number.
std::optional<uint64_t> integerText(std::string_view text) {
  int base = 10;
  if (text.size() > 1 && text[0] == '0') {
    const char k = static_cast<char>(text[1] | 0x20);
    base = k == 'x' ? 16 : k == 'b' ? 2 : 8;
    text.remove_prefix(base == 8 ? 1 : 2);
  }
  uint64_t value = 0;
  auto r = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || r.ec != std::errc() || r.ptr != text.data() + text.size())
    return std::nullopt;
  return value;
}

// The ELF type of a section type name (nullopt: none llvm knows).
std::optional<uint32_t> sectionTypeNumber(std::string_view name) {
  for (auto [n, t] : kSectionTypes)
    if (n == name) return t;
  auto v = integerText(name);
  if (!v || *v > 0xffffffff) return std::nullopt;
  return static_cast<uint32_t>(*v);
}

// The flags of a section flag string (llvm's parseSectionFlags for this target): a number, or
// letters; nullopt for a letter it does not take.
// The section flag letters this target takes, in the order llvm prints them.
constexpr std::pair<char, uint64_t> kSectionFlagLetters[] = {
    {'a', 0x2},  {'e', 0x80000000u}, {'x', 0x4},  {'w', 0x1},   {'M', 0x10},
    {'S', 0x20}, {'T', 0x400},       {'o', 0x80}, {'G', 0x200}, {'R', 0x100000}};

std::optional<uint64_t> sectionFlags(std::string_view text, bool &useLastGroup) {
  if (auto v = integerText(text)) return *v & 0xffffffff;
  uint64_t flags = 0;
  for (char f : text) {
    if (f == '?') {
      useLastGroup = true;
      continue;
    }
    auto it = std::find_if(std::begin(kSectionFlagLetters), std::end(kSectionFlagLetters),
                           [f](const auto &l) { return l.first == f; });
    if (it == std::end(kSectionFlagLetters)) return std::nullopt;
    flags |= it->second;
  }
  return flags;
}

// The flags as llvm prints them: its letters in its order.
std::string flagLetters(uint64_t flags) {
  std::string out;
  for (auto [letter, bit] : kSectionFlagLetters)
    if (flags & bit) out += letter;
  return out;
}
std::string typeText(uint32_t type) {
  for (auto [n, t] : kSectionTypes)
    if (t == type) return fmt::format("@{}", n);
  return fmt::format("@0x{:x}", type);
}

// A name as llvm prints it: quoted (with escapes) unless letters, digits, '_' and '.' only.
std::string printedName(std::string_view name) {
  if (!name.empty() && name.find_first_not_of("0123456789_.abcdefghijklmnopqrstuvwxyz"
                                              "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos)
    return std::string(name);
  std::string out = "\"";
  for (char ch : name) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + '"';
}

// The line llvm prints for a switch to `s` (MCSectionELF::printSwitchToSection).
std::string printedSectionSwitch(const SectionSpec &s) {
  if (s.group.empty() && s.uniqueId == ~0u && s.type == 1 &&
      ((s.name == ".text" && s.flags == 0x6) || (s.name == ".data" && s.flags == 0x3)))
    return s.subsection ? fmt::format("\t{}\t{}\n", s.name, s.subsection)
                        : fmt::format("\t{}\n", s.name);
  std::string out = fmt::format("\t.section\t{},\"{}\",{}", printedName(s.name),
                                flagLetters(s.flags), typeText(s.type));
  if (s.entsize) out += fmt::format(",{}", s.entsize);
  if (s.flags & 0x80) out += "," + (s.linkedTo.empty() ? "0" : printedName(s.linkedTo));
  if (!s.group.empty()) out += "," + printedName(s.group) + (s.comdat ? ",comdat" : "");
  if (s.uniqueId != ~0u) out += fmt::format(",unique,{}", s.uniqueId);
  if (s.subsection) out += fmt::format("\n\t.subsection\t{}", s.subsection);
  return out + "\n";
}

// A subsection number as llvm's MCStreamer::switchSection checks it, after the expression was
// read (tokens `from` to the cursor): false after its error (a located one in `fail`, or none
// there and llvm's error without location in the context).
bool subsectionNumber(DirectiveContext &ctx, Cursor &c, size_t from, const ExprResult &e,
                      uint32_t &number, DirectiveError &fail) {
  ctx.streamerError = true; // (llvm's context reports these)
  if (e.kind != ExprResult::Kind::Absolute)
    return fail(expressionLocation(c.toks.subspan(from, c.pos - from)),
                "cannot evaluate subsection number");
  if (e.value < 0 || e.value > 0x7fffffff) {
    ctx.errorWithoutLocation =
        fmt::format("subsection number {} is not within [0,2147483647]", e.value);
    return false;
  }
  ctx.streamerError = false;
  number = static_cast<uint32_t>(e.value);
  return true;
}

// A section named as llvm names it by default (.text, .data, .bss, .rodata and the like).
SectionSpec sectionNamed(std::string name) {
  SectionSpec spec;
  spec.flags = defaultSectionFlags(name);
  spec.type = defaultSectionType(name);
  spec.name = std::move(name);
  return spec;
}

// Switches to `spec`, and prints the switch (the section's own attributes: those of its first
// switch) unless it is the current section (none before the first switch).
void switchSection(DirectiveContext &ctx, SectionSpec spec) {
  spec.flagsText = flagLetters(spec.flags);
  spec.typeText = typeText(spec.type);
  ctx.streamer.switchSection(spec);
  std::string key = std::to_string(ctx.streamer.sectionIndex());
  if (key == ctx.section) return;
  ctx.section = std::move(key);
  if (ctx.asmOut) ctx.out += printedSectionSwitch(ctx.streamer.currentSection());
}

// llvm's ELF section arguments (ELFAsmParser::parseSectionArguments), read from the tokens:
// the name (adjacent tokens), then flags, type, entry size, linked-to symbol, group and unique
// id, each with llvm's message where it stops.
bool sectionArguments(DirectiveContext &ctx, Cursor &c, bool push, SectionSpec &spec,
                      uint64_t &extraFlags, bool &typeGiven, DirectiveError &fail) {
  auto identifier = [&c]() -> std::optional<std::string_view> {
    if (!c.is(Tok::Identifier) && !c.is(Tok::String)) return std::nullopt;
    return c.next().text;
  };
  if (c.is(Tok::String)) {
    spec.name = unescape(c.next().text);
  } else {
    const size_t start = c.pos;
    size_t size = 0;
    while (!c.atEnd() && !c.is(Tok::Comma)) {
      const Token &t = c.next();
      const size_t width = t.kind == Tok::String ? t.text.size() + 2 : t.text.size();
      size += width;
      if (t.col + width != c.peek().col) break;
    }
    if (size == 0) return fail(c.peek().col, "expected identifier");
    const Token &first = c.toks[start];
    spec.name.assign(first.text.data() - (first.kind == Tok::String), size);
  }
  spec.flags = defaultSectionFlags(spec.name);
  std::string_view typeName;
  if (c.accept(Tok::Comma)) {
    if (push && !c.is(Tok::String)) {
      const size_t from = c.pos;
      ExprResult sub = parseExpr(c, ctx.syms, /*relocatable=*/true);
      if (!sub.ok()) return fail(sub.errCol, sub.error);
      if (!subsectionNumber(ctx, c, from, sub, spec.subsection, fail)) return false;
      if (!c.accept(Tok::Comma)) goto end;
    }
    if (c.is(Tok::Hash)) { // Solaris' spelling: #alloc,#write,#execinstr,#tls
      while (c.accept(Tok::Hash)) {
        constexpr std::pair<std::string_view, uint64_t> kSunFlags[] = {
            {"alloc", 0x2}, {"execinstr", 0x4}, {"write", 0x1}, {"tls", 0x400}};
        const auto *f = std::find_if(std::begin(kSunFlags), std::end(kSunFlags),
                                     [&](const auto &e) { return e.first == c.peek().text; });
        if (!c.is(Tok::Identifier) || f == std::end(kSunFlags))
          return fail(c.peek().col, "unknown flag");
        c.next();
        extraFlags |= f->second;
        if (!c.accept(Tok::Comma)) break;
      }
      spec.flags |= extraFlags;
      goto end;
    }
    if (!c.is(Tok::String)) return fail(c.peek().col, "expected string");
    {
      bool useLastGroup = false;
      std::optional<uint64_t> flags = sectionFlags(c.next().text, useLastGroup);
      if (!flags) return fail(c.peek().col, "unknown flag");
      extraFlags = *flags;
      spec.flags |= *flags;
      const bool merge = spec.flags & 0x10, group = spec.flags & 0x200;
      if (group && useLastGroup)
        return fail(c.peek().col, "Section cannot specifiy a group name while also acting as a "
                                  "member of the last group");
      if (c.accept(Tok::Comma)) {
        const bool at = c.is(Tok::Error) && c.peek().text == "@";
        if (!at && !c.is(Tok::Percent) && !c.is(Tok::String))
          return fail(c.peek().col, "expected '@<type>', '%<type>' or \"<type>\"");
        if (!c.is(Tok::String)) c.next();
        if (c.is(Tok::Integer)) {
          typeName = c.next().text;
        } else if (auto t = identifier()) {
          typeName = *t;
        } else {
          return fail(c.peek().col, "expected identifier");
        }
      }
      if (typeName.empty()) {
        if (merge) return fail(c.peek().col, "Mergeable section must specify the type");
        if (group) return fail(c.peek().col, "Group section must specify the type");
        if (!c.atEnd()) return fail(c.peek().col, "expected end of directive");
      }
      if (merge) {
        if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected the entry size");
        const uint32_t at = c.peek().col;
        ExprResult size = parseExpr(c, ctx.syms);
        if (!size.ok()) return fail(size.errCol, size.error);
        if (size.kind != ExprResult::Kind::Absolute)
          return fail(at, "expected absolute expression");
        if (size.value <= 0) return fail(c.peek().col, "entry size must be positive");
        spec.entsize = static_cast<uint64_t>(size.value);
      }
      if (spec.flags & 0x80) { // SHF_LINK_ORDER
        if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected linked-to symbol");
        const uint32_t at = c.peek().col;
        if (auto sym = identifier()) {
          const Symbol *s = ctx.syms.find(*sym);
          if (!s || s->kind != Symbol::Kind::Label)
            return fail(at, fmt::format("linked-to symbol is not in a section: {}", *sym));
          spec.linkedTo = *sym;
        } else if (c.is(Tok::Integer) && c.peek().text == "0") {
          c.next();
        } else {
          return fail(c.peek().col, "invalid linked-to symbol");
        }
      }
      if (group) {
        if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected group name");
        if (c.is(Tok::Integer) && !c.peek().overflow) // (wider than 64 bits: llvm's BigNum)
          spec.group = c.next().text;
        else if (auto g = identifier())
          spec.group = *g;
        else
          return fail(c.peek().col, "invalid group name");
        if (c.accept(Tok::Comma)) {
          auto linkage = identifier();
          if (!linkage) return fail(c.peek().col, "invalid linkage");
          if (*linkage != "comdat") return fail(c.peek().col, "Linkage must be 'comdat'");
          spec.comdat = true;
        }
      }
      if (c.accept(Tok::Comma)) {
        auto unique = identifier();
        if (!unique) return fail(c.peek().col, "expected identifier");
        if (*unique != "unique") return fail(c.peek().col, "expected 'unique'");
        if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected commma");
        const uint32_t at = c.peek().col;
        ExprResult id = parseExpr(c, ctx.syms);
        if (!id.ok()) return fail(id.errCol, id.error);
        if (id.kind != ExprResult::Kind::Absolute) return fail(at, "expected absolute expression");
        if (id.value < 0) return fail(c.peek().col, "unique id must be positive");
        if (id.value >= 0xffffffff) return fail(c.peek().col, "unique id is too large");
        spec.uniqueId = static_cast<uint32_t>(id.value);
      }
    }
  }
end:
  if (!c.atEnd()) return fail(c.peek().col, "expected end of directive");
  typeGiven = !typeName.empty();
  if (!typeGiven) {
    spec.type = defaultSectionType(spec.name);
  } else if (auto type = sectionTypeNumber(typeName)) {
    spec.type = *type;
  } else {
    // (llvm's lexer has gone past the line's end when it reports this: at the next line)
    ctx.errorAtNextLine = "unknown section type";
    return false;
  }
  return true;
}

// .section / .pushsection NAME[, "FLAGS"[, @TYPE[, ...]]]
bool sectionDirective(DirectiveContext &ctx, Cursor &c, DirectiveError &fail, bool push = false) {
  const uint32_t directiveCol = c.pos > 0 ? c.toks[c.pos - 1].col : 0;
  SectionSpec spec;
  uint64_t extraFlags = 0;
  bool typeGiven = false;
  if (!sectionArguments(ctx, c, push, spec, extraFlags, typeGiven, fail))
    return !ctx.errorAtNextLine.empty();
  const uint64_t flags = spec.flags, entsize = spec.entsize;
  const uint32_t type = spec.type;
  const std::string name = spec.name;
  switchSection(ctx, std::move(spec));
  // (llvm's checks that a section switched to again is the one written)
  const SectionSpec now = ctx.streamer.currentSection();
  auto check = [&](std::string message) {
    ctx.errors.emplace_back(directiveCol, std::move(message));
  };
  if (typeGiven && now.type != type)
    check(fmt::format("changed section type for {}, expected: {:#x}", name, now.type));
  const bool given = extraFlags || entsize || typeGiven;
  if (given && now.flags != flags)
    check(fmt::format("changed section flags for {}, expected: {:#x}", name, now.flags));
  if (given && now.entsize != entsize)
    check(fmt::format("changed section entsize for {}, expected: {}", name, now.entsize));
  return true;
}

} // namespace

// The bytes of a string token's text, as llvm's parseEscapedString reads them: \b \f \n \r \t
// \" \\, up to three octal digits, \x and all the hex digits after it (the low byte kept).
// Returns the message of the first escape llvm rejects (nullptr when none).
const char *unescapeChecked(std::string_view t, std::string &out) {
  auto hexDigit = [](char h) {
    return std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : std::tolower(h) - 'a' + 10;
  };
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '\\' || i + 1 == t.size()) {
      out += t[i];
      continue;
    }
    const char e = t[++i];
    if (e == 'x' || e == 'X') {
      if (i + 1 >= t.size() || !std::isxdigit(static_cast<unsigned char>(t[i + 1])))
        return "invalid hexadecimal escape sequence";
      unsigned v = 0;
      while (i + 1 < t.size() && std::isxdigit(static_cast<unsigned char>(t[i + 1])))
        v = v * 16 + static_cast<unsigned>(hexDigit(t[++i]));
      out += static_cast<char>(v & 0xff);
      continue;
    }
    if (e >= '0' && e <= '7') {
      unsigned v = static_cast<unsigned>(e - '0');
      for (int k = 0; k < 2 && i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '7'; ++k)
        v = v * 8 + static_cast<unsigned>(t[++i] - '0');
      if (v > 255) return "invalid octal escape sequence (out of range)";
      out += static_cast<char>(v);
      continue;
    }
    switch (e) {
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    case 't': out += '\t'; break;
    case '"': out += '"'; break;
    case '\\': out += '\\'; break;
    default: return "invalid escape sequence (unrecognized character)";
    }
  }
  return nullptr;
}

std::string unescape(std::string_view t) {
  std::string out;
  unescapeChecked(t, out);
  return out;
}

// As llvm's asm printer writes bytes in .ascii: escapes for quotes, backslashes and
// non-printing bytes (octal).
std::string escape(std::string_view bytes) {
  std::string out;
  for (unsigned char ch : bytes) {
    switch (ch) {
    case '\b': out += "\\b"; break;
    case '\f': out += "\\f"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    default:
      if (ch >= 0x20 && ch < 0x7f)
        out += static_cast<char>(ch);
      else
        out += fmt::format("\\{:03o}", ch);
    }
  }
  return out;
}

void printBytes(std::string &out, std::string_view bytes) {
  if (bytes.empty()) return;
  if (bytes.size() == 1) {
    out += fmt::format("\t.byte\t{}\n", static_cast<unsigned char>(bytes[0]));
  } else if (bytes.back() == 0) {
    out += fmt::format("\t.asciz\t\"{}\"\n", escape(bytes.substr(0, bytes.size() - 1)));
  } else {
    out += fmt::format("\t.ascii\t\"{}\"\n", escape(bytes));
  }
}

// An integer literal's value in 128 bits (.octa's big numbers): false when it needs more.
bool integerLiteral128(std::string_view t, unsigned __int128 &value) {
  unsigned base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    t.remove_prefix(2);
  } else if (t.size() > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
    base = 2;
    t.remove_prefix(2);
  } else if (t.size() > 1 && t[0] == '0') {
    base = 8;
  }
  value = 0;
  for (char ch : t) {
    unsigned d = ch >= '0' && ch <= '9'   ? static_cast<unsigned>(ch - '0')
                 : ch >= 'a' && ch <= 'f' ? static_cast<unsigned>(ch - 'a' + 10)
                 : ch >= 'A' && ch <= 'F' ? static_cast<unsigned>(ch - 'A' + 10)
                                          : 99;
    if (d >= base) break; // (a suffix the lexer accepted)
    const unsigned __int128 before = value;
    value = value * base + d;
    if ((value - d) / base != before) return false;
  }
  return true;
}

// .octa: 16-byte integers, literals only (no expressions, no sign), low 8 bytes first, printed
// as two .quad values.
bool octaDirective(DirectiveContext &ctx, Cursor &c, DirectiveError &fail) {
  return commaList(c, fail, "unexpected token", [&] {
    const Token &t = c.peek();
    if (t.kind != Tok::Integer) return fail(t.col, "unknown token in expression");
    unsigned __int128 v = 0;
    if (!integerLiteral128(t.text, v)) return fail(t.col, "out of range literal value");
    c.next();
    for (int half = 0; half < 2; ++half) {
      const auto q = static_cast<int64_t>(static_cast<uint64_t>(v >> (64 * half)));
      ctx.streamer.emitValue(q, kNoExpr, 8, t.col);
      if (ctx.asmOut) ctx.out += fmt::format("\t.quad\t{}\n", q);
    }
    return true;
  });
}

// One string of .base64.
bool base64String(DirectiveContext &ctx, Cursor &c, DirectiveError &fail) {
  const Token &s = c.peek();
  if (s.kind != Tok::String) return fail(s.col, "expected string");
  c.next();
  const std::string_view text = s.text;
  if (text.empty()) {
    return fail(s.col, "expected nonempty string");
  }
  std::string bytes;
  uint32_t bits = 0;
  int have = 0;
  bool bad = text.size() % 4 != 0;
  size_t padding = 0;
  for (size_t i = 0; i < text.size() && !bad; ++i) {
    const char ch = text[i];
    int v = ch >= 'A' && ch <= 'Z'   ? ch - 'A'
            : ch >= 'a' && ch <= 'z' ? ch - 'a' + 26
            : ch >= '0' && ch <= '9' ? ch - '0' + 52
            : ch == '+'              ? 62
            : ch == '/'              ? 63
                                     : -1;
    if (ch == '=' && i + 2 >= text.size() && (i + 1 == text.size() || text[i + 1] == '=')) {
      ++padding;
      continue;
    }
    if (v < 0 || padding) {
      bad = true;
      break;
    }
    bits = (bits << 6) | static_cast<uint32_t>(v);
    if (++have == 4) {
      for (int k = 2; k >= 0; --k) bytes.push_back(static_cast<char>(bits >> (8 * k)));
      bits = 0;
      have = 0;
    }
  }
  if (bad) {
    // (llvm then reads the string again as the list's next item, and says so too)
    return fail(s.col, "failed to base64 decode string data");
  }
  if (have == 3) {
    bytes.push_back(static_cast<char>(bits >> 10));
    bytes.push_back(static_cast<char>(bits >> 2));
  } else if (have == 2) {
    bytes.push_back(static_cast<char>(bits >> 4));
  }
  ctx.streamer.lineEntryHere();
  ctx.code.insert(ctx.code.end(), bytes.begin(), bytes.end());
  if (ctx.asmOut) printBytes(ctx.out, bytes);
  return true;
}
// .base64 "TEXT"[, ...]: the decoded bytes, printed as .ascii (llvm's messages for bad text).
bool base64Directive(DirectiveContext &ctx, Cursor &c, DirectiveError &fail) {
  if (commaList(c, fail, "unexpected token", [&] { return base64String(ctx, c, fail); }))
    return true;
  // (llvm's list reader then reads a string there again, and says so too)
  if (fail.msg != "expected string") {
    ctx.errors.emplace_back(fail.col, fail.msg);
    fail(fail.col, "expected string");
  }
  return false;
}

// .incbin "FILE"[, SKIP[, COUNT]]: the file's bytes (found as .include finds its file) from
// SKIP on, COUNT of them at most, as llvm's parseDirectiveIncbin reads it (a bad COUNT is
// reported and the file then looked for again, which llvm reports as not found).
bool incbinDirective(DirectiveContext &ctx, Cursor &c, DirectiveError &fail) {
  const Token &file = c.peek();
  if (file.kind != Tok::String) return fail(file.col, "expected string in '.incbin' directive");
  c.next();
  std::string name;
  const char *escapeError = nullptr;
  if (!unescapeFileName(file.text, name, escapeError)) return fail(file.col, escapeError);
  auto absoluteAt = [&](int64_t &value) {
    uint32_t col = c.peek().col;
    ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
    if (!e.ok()) return fail(e.errCol, e.error);
    if (e.kind != ExprResult::Kind::Absolute) return fail(col, "expected absolute expression");
    value = e.value;
    return true;
  };
  int64_t skip = 0, count = -1;
  uint32_t skipCol = 0, countCol = 0;
  bool countOk = true, hasCount = false;
  std::string countError;
  if (c.accept(Tok::Comma)) {
    if (!c.is(Tok::Comma)) {
      skipCol = c.peek().col;
      if (!absoluteAt(skip)) return false;
    }
    if (c.accept(Tok::Comma)) {
      hasCount = true;
      countCol = c.peek().col;
      ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
      if (!e.ok()) return fail(e.errCol, e.error);
      countOk = e.kind == ExprResult::Kind::Absolute;
      count = e.value;
    }
  }
  if (!c.atEnd()) return fail(c.peek().col, "expected newline");
  if (skip < 0) return fail(skipCol, "skip is negative");
  std::string bytes, path;
  const bool found = readIncludedFile(name, ctx.includeDirs, bytes, path);
  if (found && !countOk) ctx.errors.emplace_back(countCol, "expected absolute expression");
  if (!found || !countOk)
    return fail(file.col, fmt::format("Could not find incbin file '{}'", name));
  if (hasCount && count < 0) {
    ctx.warnings.emplace_back(countCol, "negative count has no effect");
    return true;
  }
  std::string_view rest(bytes);
  rest.remove_prefix(std::min<size_t>(static_cast<uint64_t>(skip), rest.size()));
  if (hasCount) rest = rest.substr(0, static_cast<uint64_t>(count));
  if (rest.empty()) return true;
  if (!roomFor(ctx, fail, rest.size(), file.col)) return false;
  ctx.streamer.lineEntryHere();
  ctx.code.insert(ctx.code.end(), rest.begin(), rest.end());
  if (ctx.asmOut) printBytes(ctx.out, rest);
  return true;
}

ExprText exprText(Cursor &c, SymbolTable &syms, std::string &err, uint32_t &errCol, bool withText) {
  ExprResult e = parseExpr(c, syms, /*relocatable=*/true);
  if (!e.ok()) {
    err = e.error;
    errCol = e.errCol;
    return {};
  }
  if (e.kind == ExprResult::Kind::Absolute)
    return {true, true, e.value, withText ? fmt::format("{}", e.value) : std::string()};
  return {true, false, 0, withText ? std::string(e.text) : std::string(), e.expr};
}

// The relocation names llvm's AMDGPU backend takes in `.reloc` (its ELF relocation names and
// three of BFD's), with their R_AMDGPU_* numbers.
constexpr std::pair<std::string_view, uint32_t> kRelocationNames[] = {
    {"R_AMDGPU_NONE", 0},          {"R_AMDGPU_ABS32_LO", 1},  {"R_AMDGPU_ABS32_HI", 2},
    {"R_AMDGPU_ABS64", 3},         {"R_AMDGPU_REL32", 4},     {"R_AMDGPU_REL64", 5},
    {"R_AMDGPU_ABS32", 6},         {"R_AMDGPU_GOTPCREL", 7},  {"R_AMDGPU_GOTPCREL32_LO", 8},
    {"R_AMDGPU_GOTPCREL32_HI", 9}, {"R_AMDGPU_REL32_LO", 10}, {"R_AMDGPU_REL32_HI", 11},
    {"R_AMDGPU_RELATIVE64", 13},   {"R_AMDGPU_REL16", 14},    {"BFD_RELOC_NONE", 0},
    {"BFD_RELOC_32", 6},           {"BFD_RELOC_64", 3}};

// .reloc OFFSET, NAME[, EXPR] (llvm's parseDirectiveReloc): printed back in text output; in an
// object the relocation NAME at OFFSET against EXPR's symbol, an unknown name refused there.
// An integer token's value (decimal, 0x hex, 0b binary, 0 octal): false when it does not fit.
bool parseIntegerToken(std::string_view text, uint64_t &value) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] | 0x20) == 'x') {
    base = 16;
    text.remove_prefix(2);
  } else if (text.size() > 2 && text[0] == '0' && (text[1] | 0x20) == 'b') {
    base = 2;
    text.remove_prefix(2);
  } else if (text.size() > 1 && text[0] == '0') {
    base = 8;
    text.remove_prefix(1);
  }
  auto r = std::from_chars(text.data(), text.data() + text.size(), value, base);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

// .symver NAME, ALIAS@VERSION[, remove] (llvm's ELF parser: the alias read with `@` inside a
// name, `@@@` removing the original as `remove` does).
bool symverDirective(DirectiveContext &ctx, Cursor &c, std::string_view line,
                     DirectiveError &fail) {
  const uint32_t col = c.pos > 0 ? c.toks[c.pos - 1].col : 0;
  const Token original = c.peekName();
  if (!namesSymbol(original)) return fail(original.col, "expected identifier");
  c.skipName();
  if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected a comma");
  const Token &first = c.peek();
  std::string alias;
  if (first.kind == Tok::String) {
    alias = unescape(first.text);
    c.next();
  } else if (first.kind == Tok::Identifier) {
    // (the adjacent tokens of a name with `@` in it)
    size_t end = first.col;
    while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end])) &&
           line[end] != ',' && line[end] != ';')
      ++end;
    alias = std::string(line.substr(first.col, end - first.col));
    while (!c.atEnd() && c.peek().col < end) c.next();
  } else {
    return fail(first.col, "expected identifier");
  }
  if (alias.find('@') == std::string::npos) return fail(c.peek().col, "expected a '@' in the name");
  const bool triple = alias.find("@@@") != std::string::npos;
  bool keep = !triple;
  if (c.accept(Tok::Comma)) {
    if (c.is(Tok::Identifier) || c.is(Tok::String)) {
      const bool remove = c.next().text == "remove";
      if (!remove) return fail(c.peek().col, "expected 'remove'");
    } else {
      return fail(c.peek().col, "expected 'remove'");
    }
    keep = false;
  }
  ctx.restIsStatement = !c.atEnd(); // (llvm does not look for the end)
  if (ctx.asmOut)
    ctx.out += fmt::format(".symver {}, {}{}\n", printedSymbolName(original.text), alias,
                           !keep && !triple ? ", remove" : "");
  ctx.streamer.symver(original.kind == Tok::String ? unescape(original.text) : original.text,
                      std::move(alias), keep, col);
  return true;
}

bool relocDirective(DirectiveContext &ctx, Cursor &c, std::string_view, DirectiveError &fail) {
  const size_t offsetFrom = c.pos;
  ExprText offset = exprText(c, ctx.syms, fail.msg, fail.col);
  if (!offset.ok) return false;
  const uint32_t offsetCol = expressionLocation(c.toks.subspan(offsetFrom, c.pos - offsetFrom));
  if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
  const Token &name = c.peek();
  if (name.kind != Tok::Identifier) return fail(name.col, "expected relocation name");
  c.next();
  ExprText value;
  uint32_t valueCol = 0;
  size_t valueFrom = 0, valueTo = 0;
  if (c.accept(Tok::Comma)) {
    valueCol = c.peek().col;
    valueFrom = c.pos;
    value = exprText(c, ctx.syms, fail.msg, fail.col);
    if (!value.ok) return false;
    valueTo = c.pos;
    if (!value.absolute && !ctx.streamer.relocatableNow(value.expr))
      return fail(valueCol, "expression must be relocatable");
  }
  if (!expectEnd(c, fail, "expected newline")) return false;
  if (ctx.asmOut) {
    ctx.out += fmt::format("	.reloc {}, {}", offset.text, name.text);
    if (value.ok) ctx.out += fmt::format(", {}", value.text);
    ctx.out += '\n';
  }
  if (!ctx.streamer.writesObject()) return true;
  const auto *known = std::find_if(std::begin(kRelocationNames), std::end(kRelocationNames),
                                   [&](const auto &n) { return n.first == name.text; });
  if (known == std::end(kRelocationNames)) {
    ctx.streamerError = true;
    return fail(name.col, "unknown relocation name");
  }
  ExprId expr = kNoExpr;
  if (value.ok) {
    expr = value.absolute ? ctx.syms.pool().constant(value.value) : value.expr;
    ctx.streamer.registerSymbolsOf(expr);
  }
  const uint32_t exprCol = value.ok && !value.absolute
                               ? expressionLocation(c.toks.subspan(valueFrom, valueTo - valueFrom))
                               : valueCol;
  ctx.streamer.relocDirective(offset.absolute ? kNoExpr : offset.expr, offset.value, known->second,
                              expr, offsetCol, exprCol);
  return true;
}

bool handleDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string_view line,
                     std::string &err, uint32_t &errCol) {
  DirectiveError fail{err, errCol};
  if (name == ".text" || name == ".data" || name == ".bss" || name == ".rodata" ||
      name == ".tdata" || name == ".tbss") {
    SectionSpec spec = sectionNamed(std::string(name));
    if (!c.atEnd()) {
      // (llvm reads one token after the number, and no end of statement)
      const size_t from = c.pos;
      ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
      if (!e.ok()) return fail(e.errCol, e.error);
      if (!subsectionNumber(ctx, c, from, e, spec.subsection, fail)) return fail.msg.empty();
      if (!c.atEnd()) {
        while (!c.atEnd()) c.next();
        switchSection(ctx, std::move(spec));
        if (ctx.asmOut) ctx.out += '\n';
        return true;
      }
    }
    switchSection(ctx, std::move(spec));
    return true;
  }
  if (name == ".subsection") {
    uint32_t number = 0;
    const size_t from = c.pos;
    ExprResult e;
    e.kind = ExprResult::Kind::Absolute;
    if (!c.atEnd()) {
      e = parseExpr(c, ctx.syms, /*relocatable=*/true);
      if (!e.ok()) return fail(e.errCol, e.error);
    }
    if (!c.atEnd()) return fail(c.peek().col, "expected end of directive");
    if (!subsectionNumber(ctx, c, from, e, number, fail)) return fail.msg.empty();
    ctx.streamer.switchSubsection(number);
    std::string key = std::to_string(ctx.streamer.sectionIndex());
    if (key != ctx.section) {
      ctx.section = std::move(key);
      if (ctx.asmOut) ctx.out += printedSectionSwitch(ctx.streamer.currentSection());
    }
    return true;
  }
  if (name == ".section") return sectionDirective(ctx, c, fail);
  if (name == ".pushsection") {
    ctx.streamer.pushSection();
    if (c.atEnd()) return true;
    if (sectionDirective(ctx, c, fail, true)) return true;
    // (a subsection number's error is llvm's streamer's, after the push: nothing restored)
    if (ctx.streamerError) return fail.msg.empty();
    // llvm restores the section of a refused .pushsection, and prints that switch in full.
    ctx.streamer.popSection();
    ctx.section = std::to_string(ctx.streamer.sectionIndex());
    if (ctx.asmOut) ctx.out += printedSectionSwitch(ctx.streamer.currentSection());
    return false;
  }
  if (name == ".popsection" || name == ".previous") {
    bool ok = name == ".popsection" ? ctx.streamer.popSection() : ctx.streamer.previousSection();
    if (!ok)
      return fail(c.peek().col, name == ".popsection"
                                    ? ".popsection without corresponding .pushsection"
                                    : ".previous without corresponding .section");
    // llvm prints the switch back in full, whatever the section.
    ctx.section = std::to_string(ctx.streamer.sectionIndex());
    // (and llvm's blank line for the statement's end, which a statement after it takes)
    if (ctx.asmOut)
      ctx.out += printedSectionSwitch(ctx.streamer.currentSection()) +
                 (endsWithPlainNewline(c.peek(), line) ? "\n" : "");
    ctx.restIsStatement = !c.atEnd();
    return true;
  }
  if (name == ".globl" || name == ".global") return symbolList(ctx, ".globl", c, fail);
  for (std::string_view attr :
       {".weak", ".local", ".hidden", ".protected", ".internal", ".no_dead_strip"})
    if (name == attr) return symbolList(ctx, attr, c, fail);
  // (.weak_reference is ELF's .weak; .memtag only puts the symbol in the table on amdgcn)
  if (name == ".weak_reference") return symbolList(ctx, ".weak", c, fail, true);
  if (name == ".memtag") return symbolList(ctx, ".memtag", c, fail, true);
  for (std::string_view attr : kForeignAttributes)
    if (name == attr) return symbolList(ctx, attr, c, fail, true);
  if (name == ".extern") {
    // (accepted and ignored, arguments and all, as llvm does)
    while (!c.atEnd()) c.next();
    return true;
  }
  if (name == ".p2align" || name == ".balign" || name == ".align" || name == ".p2alignl" ||
      name == ".p2alignw" || name == ".balignl" || name == ".balignw")
    return alignDirective(ctx, name, c, fail);
  if (name == ".align32") return alignDirective(ctx, ".balignl", c, fail); // (4-byte values)
  if (name == ".zero" || name == ".space" || name == ".skip") {
    ExprResult n = parseExpr(c, ctx.syms);
    if (!n.ok()) return fail(n.errCol, n.error);
    int64_t fill = 0;
    bool hasFill = false;
    if (c.accept(Tok::Comma)) {
      ExprResult f = parseExpr(c, ctx.syms);
      if (!f.ok()) return fail(f.errCol, f.error);
      fill = f.value;
      hasFill = true;
    }
    if (!expectEnd(c, fail, "expected newline")) return false;
    ctx.streamer.newFragment();
    if (n.value < 0) return true;
    if (!roomFor(ctx, fail, static_cast<uint64_t>(n.value), 0)) return false;
    if (fill == 0) {
      ctx.streamer.emitZeros(static_cast<uint64_t>(n.value));
    } else {
      ctx.code.insert(ctx.code.end(), static_cast<size_t>(n.value), static_cast<uint8_t>(fill));
    }
    if (ctx.asmOut)
      ctx.out += hasFill && fill ? fmt::format("\t.zero\t{},{}\n", n.value, fill & 0xff)
                                 : fmt::format("\t.zero\t{}\n", n.value);
    return true;
  }
  if (name == ".fill") {
    const uint32_t countCol = c.peek().col;
    ExprResult n = parseExpr(c, ctx.syms);
    if (!n.ok()) return fail(n.errCol, n.error);
    int64_t size = 1, value = 0;
    uint32_t sizeCol = 0, valueCol = 0;
    if (c.accept(Tok::Comma)) {
      sizeCol = c.peek().col;
      ExprResult s = parseExpr(c, ctx.syms);
      if (!s.ok()) return fail(s.errCol, s.error);
      size = s.value;
      if (c.accept(Tok::Comma)) {
        valueCol = c.peek().col;
        ExprResult v = parseExpr(c, ctx.syms);
        if (!v.ok()) return fail(v.errCol, v.error);
        value = v.value;
      }
    }
    if (!expectEnd(c, fail, "expected newline")) return false;
    // (llvm's warnings, in its order; a negative count is its object streamer's)
    if (size < 0) {
      ctx.warnings.emplace_back(sizeCol, "'.fill' directive with negative size has no effect");
      return true;
    }
    if (size > 8) {
      ctx.warnings.emplace_back(
          sizeCol, "'.fill' directive with size greater than 8 has been truncated to 8");
      size = 8;
    }
    if (size > 4 && (value < 0 || value > 0xffffffff))
      ctx.warnings.emplace_back(valueCol,
                                "'.fill' directive pattern has been truncated to 32-bits");
    if (n.value < 0 && ctx.streamer.writesObject())
      ctx.warnings.emplace_back(countCol,
                                "'.fill' directive with negative repeat count has no effect");
    if (size > 0 && n.value > kMaxSectionGrowth / size)
      return fail(0, "gfxasm: too many bytes for one directive");
    if (n.value > 0 && !roomFor(ctx, fail, static_cast<uint64_t>(n.value * size), 0)) return false;
    if (n.value > 0 && size > 0) ctx.streamer.lineEntryHere();
    if (n.value > 0 && size > 0) {
      uint8_t unit[8] = {};
      for (int64_t b = 0; b < size && b < 4; ++b)
        unit[b] = static_cast<uint8_t>(static_cast<uint64_t>(value) >> (8 * b));
      // (the pattern once, then copies of what is written, doubling: a few copies, not one
      // insertion per repetition)
      const size_t at = ctx.code.size(), total = static_cast<size_t>(n.value * size);
      ctx.code.resize(at + total);
      uint8_t *out = ctx.code.data() + at;
      std::memcpy(out, unit, static_cast<size_t>(size));
      for (size_t done = static_cast<size_t>(size); done < total;) {
        const size_t copy = std::min(done, total - done);
        std::memcpy(out + done, out, copy);
        done += copy;
      }
    }
    if (ctx.asmOut)
      ctx.out += fmt::format("\t.fill\t{}, {}, {:#x}\n", n.value, size,
                             static_cast<uint64_t>(value) & 0xffffffff);
    return true;
  }
  if (name == ".ascii" || name == ".asciz" || name == ".string") {
    const bool zero = name != ".ascii";
    return commaList(c, fail, "unexpected token", [&] {
      const Token &s = c.peek();
      if (s.kind != Tok::String) return fail(s.col, "expected string");
      c.next();
      std::string bytes;
      if (const char *bad = unescapeChecked(s.text, bytes)) return fail(s.col, bad);
      ctx.streamer.lineEntryHere();
      ctx.code.insert(ctx.code.end(), bytes.begin(), bytes.end());
      if (zero) ctx.code.push_back(0);
      if (ctx.asmOut) {
        printBytes(ctx.out, bytes);
        if (zero) ctx.out += "\t.byte\t0\n";
      }
      return true;
    });
  }
  if (name == ".comm" || name == ".common" || name == ".lcomm") {
    const Token sym = c.peekName();
    if (!namesSymbol(sym)) return fail(sym.col, "expected identifier in directive");
    c.skipName();
    if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
    const uint32_t sizeCol = c.peek().col;
    ExprResult size = parseExpr(c, ctx.syms);
    if (!size.ok()) return fail(size.errCol, size.error);
    if (size.value < 0) return fail(sizeCol, "size must be non-negative");
    // (a common symbol takes no room here; a local one, .bss's)
    if (name == ".lcomm" && !roomFor(ctx, fail, static_cast<uint64_t>(size.value), 0)) return false;
    int64_t align = 0;
    if (c.accept(Tok::Comma)) {
      if (name == ".lcomm") return fail(c.peek().col, "alignment not supported on this target");
      ExprResult a = parseExpr(c, ctx.syms);
      if (!a.ok()) return fail(a.errCol, a.error);
      align = a.value;
    }
    if (!expectEnd(c, fail, "expected newline")) return false;
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.registerSymbol(s);
    if (name != ".lcomm") {
      s.commonSize = static_cast<uint64_t>(size.value);
      // The alignment is a power of two's exponent, of which llvm keeps 8 bits (printed) and
      // writes 2^(its low 5 bits) in the object, 1 for 31 (asked of llvm-mc-22: .comm a,1,300
      // is printed `.comm a,1,44` and aligned to 4096).
      const unsigned shift = static_cast<unsigned>(align & 0xff) & 31;
      s.commonAlign = shift == 31 ? 1 : uint32_t{1} << shift;
      if (ctx.asmOut)
        ctx.out += fmt::format("\t.comm\t{},{},{}\n", printedSymbolName(sym.text), size.value,
                               align & 0xff);
    } else {
      // A local common symbol: room in .bss.
      if (ctx.asmOut)
        ctx.out += fmt::format("\t.lcomm\t{},{}\n", printedSymbolName(sym.text), size.value);
      ctx.streamer.defineInBss(s, static_cast<uint64_t>(size.value));
    }
    return true;
  }
  if (name == ".amdgpu_lds") {
    // .amdgpu_lds NAME, SIZE[, ALIGN]: a symbol of the LDS (SHN_AMDGPU_LDS), 4-byte aligned
    // unless told.
    const Token sym = c.peekName();
    if (!namesSymbol(sym)) return fail(sym.col, "expected identifier in directive");
    c.skipName();
    if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
    uint32_t sizeCol = c.peek().col;
    ExprResult size = parseExpr(c, ctx.syms);
    if (!size.ok()) return fail(size.errCol, size.error);
    int64_t align = 4;
    uint32_t alignCol = 0;
    if (c.accept(Tok::Comma)) {
      alignCol = c.peek().col;
      ExprResult a = parseExpr(c, ctx.syms);
      if (!a.ok()) return fail(a.errCol, a.error);
      align = a.value;
    }
    if (!expectEnd(c, fail, "expected newline")) return false;
    if (size.value < 0) return fail(sizeCol, "size must be non-negative");
    if (size.value > 65536) return fail(sizeCol, "size is too large");
    if (align <= 0 || (align & (align - 1)))
      return fail(alignCol, "alignment must be a power of two");
    if (align >= int64_t{1} << 31) return fail(alignCol, "alignment is too large");
    Symbol &s = ctx.syms.get(sym.text);
    if (s.kind != Symbol::Kind::Undefined || s.ldsAlign)
      return fail(sym.col, "invalid symbol redefinition");
    s.ldsAlign = static_cast<uint32_t>(align);
    s.commonSize = static_cast<uint64_t>(size.value);
    if (ctx.asmOut)
      ctx.out +=
          fmt::format("\t.amdgpu_lds {}, {}, {}\n", printedSymbolName(sym.text), size.value, align);
    return true;
  }
  if (name == ".org") {
    uint32_t col = c.peek().col;
    ExprText off = exprText(c, ctx.syms, err, errCol);
    if (!off.ok) return false;
    int64_t fill = 0;
    if (c.accept(Tok::Comma)) {
      ExprResult f = parseExpr(c, ctx.syms);
      if (!f.ok()) return fail(f.errCol, f.error);
      fill = f.value;
    }
    if (!expectEnd(c, fail, "expected newline")) return false;
    ctx.streamer.newFragment();
    // llvm places it when it lays out the object: a label's offset plus the constant, checked
    // then (its errors: none in text or null output, none after a parser error).
    int64_t target = off.value;
    const bool known = off.absolute || ctx.streamer.labelOffsetNow(off.expr, target);
    const uint64_t at = ctx.streamer.sectionOffset();
    if (!known) {
      if (ctx.streamer.writesObject())
        ctx.streamer.layoutError(col, "expected absolute expression");
    } else if (target < 0 || static_cast<uint64_t>(target) < at) {
      if (ctx.streamer.writesObject())
        ctx.streamer.layoutError(
            col, fmt::format("invalid .org offset '{}' (at offset '{}')", target, at));
    } else if (static_cast<uint64_t>(target) - at >= uint64_t{1} << 30 &&
               ctx.streamer.writesObject()) {
      // (llvm's layout refuses a gigabyte or more)
      ctx.streamer.layoutError(
          col, fmt::format("invalid .org offset '{}' (at offset '{}')", target, at));
    } else if (!roomFor(ctx, fail, static_cast<uint64_t>(target) - at, col)) {
      return false;
    } else {
      ctx.streamer.emitZeros(0);
      ctx.code.insert(ctx.code.end(), static_cast<size_t>(target) - at, static_cast<uint8_t>(fill));
    }
    if (ctx.asmOut) ctx.out += fmt::format(".org {}, {}\n", off.text, fill & 0xff);
    return true;
  }
  if (name == ".addrsig") {
    ctx.streamer.enableAddrsig();
    if (ctx.asmOut) ctx.out += "\t.addrsig\n";
    return expectEnd(c, fail, "expected newline");
  }
  if (name == ".addrsig_sym") {
    const Token sym = c.peekName();
    if (!namesSymbol(sym)) return fail(sym.col, "expected identifier");
    c.skipName();
    // (not registered: a symbol nothing else names stays out of the symbol table)
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.addrsigSymbol(s);
    if (ctx.asmOut) ctx.out += fmt::format("\t.addrsig_sym {}\n", printedSymbolName(sym.text));
    return expectEnd(c, fail, "expected newline");
  }
  if (name == ".reloc") return relocDirective(ctx, c, line, fail);
  if (name == ".symver") return symverDirective(ctx, c, line, fail);
  if (name == ".cg_profile") {
    // (llvm's ELF parser: two names and an integer token)
    std::string_view names[2];
    uint32_t cols[2];
    for (int i = 0; i < 2; ++i) {
      const Token t = c.peekName();
      cols[i] = t.col;
      if (!namesSymbol(t)) return fail(t.col, "expected identifier in directive");
      c.skipName();
      names[i] = t.kind == Tok::String ? ctx.syms.intern(unescape(t.text)) : t.text;
      if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected a comma");
    }
    const Token &count = c.peek();
    uint64_t value = 0;
    if (count.kind != Tok::Integer || !parseIntegerToken(count.text, value))
      return fail(count.col, "expected integer");
    c.next();
    if (!c.atEnd()) return fail(c.peek().col, "unexpected token in directive");
    if (ctx.asmOut)
      ctx.out += fmt::format("\t.cg_profile {}, {}, {}\n{}", printedSymbolName(names[0]),
                             printedSymbolName(names[1]), value,
                             endsWithPlainNewline(c.peek(), line) ? "\n" : "");
    ctx.streamer.cgProfile(names[0], names[1], value, cols[0], cols[1]);
    return true;
  }
  if (name == ".type") return typeDirective(ctx, c, line, fail);
  if (name == ".size") {
    const Token sym = c.peekName();
    if (!namesSymbol(sym)) return fail(sym.col, "expected identifier");
    c.skipName();
    if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
    ExprText value = exprText(c, ctx.syms, err, errCol);
    if (!value.ok) return false;
    // (not registered: llvm's .size alone leaves the symbol out of the table)
    Symbol &s = ctx.syms.get(sym.text);
    s.size = value.absolute ? ctx.syms.pool().constant(value.value) : value.expr;
    if (ctx.asmOut)
      ctx.out += fmt::format("\t.size\t{}, {}\n", printedSymbolName(sym.text), value.text);
    return expectEnd(c, fail, "unexpected token");
  }
  for (const DataDirective &dd : kDataDirectives)
    if (name == dd.name) return dataDirective(ctx, dd, c, fail);
  for (auto [floatName, bytes] : kFloatDirectives)
    if (name == floatName) return floatDirective(ctx, bytes, c, fail);
  if (name == ".dc.x") return fail(c.peek().col, ".dc.x not currently supported for this target");
  if (name.starts_with(".dcb") || name.starts_with(".ds"))
    if (std::optional<bool> done = repeatedDataDirective(ctx, name, c, fail)) return *done;
  if (name == ".incbin") return incbinDirective(ctx, c, fail);
  if (name == ".octa") return octaDirective(ctx, c, fail);
  if (name == ".base64") return base64Directive(ctx, c, fail);
  if (name == ".line") {
    // (a line number, accepted and ignored as llvm does on ELF)
    if (c.is(Tok::Integer) && !c.peek().overflow) c.next(); // (wider: llvm's BigNum)
    return expectEnd(c, fail, "expected newline");
  }
  if (name == ".lto_discard") {
    // (for LTO's inline assembly only: names checked, nothing else)
    return commaList(c, fail, "unexpected token", [&] {
      if (!namesSymbol(c.peekName())) return fail(c.peek().col, "expected identifier");
      c.skipName();
      return true;
    });
  }
  // Directives of other targets and formats that llvm refuses on amdgcn, with its messages.
  if (name == ".code16" || name == ".code16gcc")
    return fail(c.peek().col, fmt::format("{} not currently supported for this target", name));
  if (name == ".stabs") return fail(c.peek().col, "unsupported directive '.stabs'");
  if (name == ".ident") {
    const Token &s = c.peek();
    if (s.kind != Tok::String) return fail(s.col, "expected string");
    c.next();
    ctx.streamer.addIdent(unescape(s.text));
    if (ctx.asmOut) ctx.out += fmt::format("\t.ident\t\"{}\"\n", s.text);
    return expectEnd(c, fail, "expected end of directive");
  }
  if (name == ".amdgcn_target") {
    const Token &s = c.peek();
    if (s.kind != Tok::String) return fail(s.col, "expected string");
    c.next();
    if (s.text != ctx.targetId)
      return fail(
          s.col, fmt::format(".amdgcn_target directive's target id {} does not match the specified "
                             "target id {}",
                             s.text, ctx.targetId));
    if (ctx.asmOut && endsWithPlainNewline(c.peek(), line)) ctx.out += "\n";
    ctx.restIsStatement = !c.atEnd();
    return true;
  }
  // (other OSes than HSA: the target id again, printed back)
  if (name == ".amd_amdgpu_isa" && !ctx.hsa) {
    const Token &s = c.peek();
    if (s.kind != Tok::String || s.text != ctx.targetId)
      return fail(s.col, "target id must match options");
    c.next();
    ctx.isaNameNote = true;
    if (ctx.asmOut)
      ctx.out += fmt::format("\t.amd_amdgpu_isa \"{}\"\n{}", ctx.targetId,
                             endsWithPlainNewline(c.peek(), line) ? "\n" : "");
    ctx.restIsStatement = !c.atEnd();
    return true;
  }
  bool handled = false;
  bool ok = dwarfDirective(ctx, name, c, err, errCol, handled);
  if (handled) return ok;
  return fail(0, "unknown directive");
}

} // namespace gfxasm::as
