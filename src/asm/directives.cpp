// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/directives.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>

#include "gfxasm/gfxasm.h"

namespace gfxasm::as {

namespace {

// What one directive may add to a section (.zero, .fill, .org, .lcomm): a limit of gfxasm's,
// so that a typing slip cannot ask for gigabytes.
constexpr int64_t kMaxSectionGrowth = int64_t{256} << 20;

// The rest of the statement's text from the cursor, trimmed (for directives echoed verbatim).
std::string_view restOfLine(Cursor &c, std::string_view line) {
  if (c.atEnd()) return {};
  size_t from = c.peek().col;
  size_t to = c.toks.back().col;
  std::string_view s = line.substr(from, to - from);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  c.pos = c.toks.size() - 1;
  return s;
}

bool expectEnd(Cursor &c, DirectiveError &fail, const char *msg = "unexpected token in directive") {
  return c.atEnd() || fail(c.peek().col, msg);
}

// Pads to a 2^n boundary: with `fill` values of `fillSize` bytes if given, else with s_nop 0 in a
// code section (as llvm's AMDGPU backend pads them) and zeros elsewhere. No padding when it would
// take more than `maxBytes`.
void alignCode(std::vector<uint8_t> &code, unsigned pow2, int64_t fill, unsigned fillSize,
               int64_t maxBytes, bool text) {
  size_t align = size_t{1} << pow2;
  size_t pad = (align - code.size() % align) % align;
  if (maxBytes > 0 && static_cast<int64_t>(pad) > maxBytes) return;
  if (fill < 0 && text) {
    fill = 0xbf800000; // s_nop 0
    fillSize = 4;
  } else if (fill < 0) {
    fill = 0;
    fillSize = 1;
  }
  // (whole fill values while they fit, then zeros: llvm's emitValueToAlignment)
  while (pad >= fillSize && code.size() % fillSize == 0) {
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
    if (e.value <= 0 || (e.value & (e.value - 1))) ok = fail(col, "alignment must be a power of 2");
    pow2 = 0;
    while (pow2 < 62 && (int64_t{2} << pow2) <= e.value) ++pow2;
  }
  if (pow2 < 0 || pow2 > 31) {
    if (ok) ok = fail(col, "invalid alignment value");
    pow2 = pow2 < 0 ? 0 : 31;
  }
  std::string args = fmt::format("{}", pow2);
  int64_t fill = -1;
  int64_t maxBytes = 0;
  if (c.accept(Tok::Comma)) {
    if (!c.is(Tok::Comma)) {
      ExprResult f = parseExpr(c, ctx.syms);
      if (!f.ok()) return fail(f.errCol, f.error);
      fill = fillSize == 4   ? (f.value & 0xffffffff)
             : fillSize == 2 ? (f.value & 0xffff)
                             : (f.value & 0xff);
      args += fillSize == 1 ? fmt::format(", {:#x}", fill) : fmt::format(", {:#x}", fill);
    } else {
      args += ", ";
    }
    if (c.accept(Tok::Comma)) {
      uint32_t maxCol = c.peek().col;
      ExprResult m = parseExpr(c, ctx.syms);
      if (!m.ok()) return fail(m.errCol, m.error);
      maxBytes = m.value;
      if (m.value <= 0 && ok)
        ok = fail(maxCol,
                  "alignment directive can never be satisfied in this many bytes, ignoring maximum "
                  "bytes expression");
      else
        args += fmt::format(", {}", m.value);
    }
  }
  if (ok && !expectEnd(c, fail)) return false;
  const uint64_t align = uint64_t{1} << pow2;
  if ((align - ctx.code.size() % align) % align > static_cast<uint64_t>(kMaxSectionGrowth))
    return fail(0, "gfxasm: too many bytes for one directive");
  ctx.streamer.raiseAlignment(align);
  alignCode(ctx.code, static_cast<unsigned>(pow2), fill, fillSize, maxBytes,
            ctx.streamer.inTextSection());
  if (ctx.asmOut) {
    if (fillSize == 1)
      ctx.out += fmt::format("\t.p2align\t{}\n", args);
    else
      ctx.out += fmt::format(".p2align{} {}\n", fillSize == 4 ? 'l' : 'w', args);
  }
  return ok;
}

// .globl / .global / .weak / .local / .hidden / .protected / .internal: a list of symbols, each
// printed on its own line.
bool symbolList(DirectiveContext &ctx, std::string_view printed, Cursor &c, DirectiveError &fail) {
  while (!c.atEnd()) {
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier");
    c.next();
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.registerSymbol(s);
    if (printed == ".globl") s.binding = Symbol::Binding::Global;
    if (printed == ".weak") s.binding = Symbol::Binding::Weak;
    if (printed == ".local") s.binding = Symbol::Binding::Local;
    if (printed == ".hidden") s.visibility = 2;    // STV_HIDDEN
    if (printed == ".protected") s.visibility = 3; // STV_PROTECTED
    if (printed == ".internal") s.visibility = 1;  // STV_INTERNAL
    if (printed == ".no_dead_strip") s.noDeadStrip = true;
    if (ctx.asmOut) ctx.out += fmt::format("\t{}\t{}\n", printed, sym.text);
    if (!c.atEnd() && !c.accept(Tok::Comma)) return fail(c.peek().col, "unexpected token");
  }
  return true;
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
  const Token &sym = c.peek();
  if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier");
  c.next();
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
  if (len < type.size() && type[0] != '"')
    return fail(static_cast<uint32_t>(typeCol + len), "expected end of directive");
  type = type.substr(0, len);
  for (const SymbolType &t : kSymbolTypes) {
    if (type != t.stt && type != t.name) continue;
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.registerSymbol(s);
    s.type = static_cast<uint8_t>(&t - kSymbolTypes == 0   ? 2  /* STT_FUNC */
                                  : &t - kSymbolTypes == 1 ? 10 /* STT_GNU_IFUNC */
                                  : &t - kSymbolTypes == 2 ? 1  /* STT_OBJECT */
                                  : &t - kSymbolTypes == 3 ? 6  /* STT_TLS */
                                  : &t - kSymbolTypes == 4 ? 5  /* STT_COMMON */
                                  : &t - kSymbolTypes == 6 ? 10 /* STT_GNU_UNIQUE_OBJECT */
                                                           : 0);
    if (ctx.asmOut) ctx.out += fmt::format("\t.type\t{},@{}\n", sym.text, t.name);
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
};

bool dataDirective(DirectiveContext &ctx, const DataDirective &dd, Cursor &c,
                   DirectiveError &fail) {
  std::string err;
  uint32_t errCol = 0;
  while (!c.atEnd()) {
    uint32_t col = c.peek().col;
    // A list item ends at the next comma: the symbolic fallback takes the rest of the line.
    size_t end = c.pos;
    while (end + 1 < c.toks.size() && c.toks[end].kind != Tok::Comma) ++end;
    std::vector<Token> item(c.toks.begin() + static_cast<std::ptrdiff_t>(c.pos),
                            c.toks.begin() + static_cast<std::ptrdiff_t>(end));
    item.emplace_back(Tok::Eol, c.toks[end].col, std::string_view());
    Cursor ic{item, 0};
    ExprText v = exprText(ic, ctx.syms, err, errCol);
    if (!v.ok) return fail(errCol, err);
    if (!ic.atEnd()) return fail(ic.peek().col, "unexpected token in directive");
    c.pos = end;
    unsigned bits = dd.bytes * 8;
    if (v.absolute && bits < 64 &&
        (v.value < -(int64_t{1} << (bits - 1)) || v.value >= (int64_t{1} << bits)))
      return fail(col, "out of range literal value");
    ctx.streamer.emitValue(v.value, v.absolute ? kNoExpr : v.expr, dd.bytes, col);
    if (ctx.asmOut) ctx.out += fmt::format("\t{}\t{}\n", dd.printed, v.text);
    if (!c.atEnd() && !c.accept(Tok::Comma))
      return fail(c.peek().col, "unexpected token in directive");
  }
  return true;
}

// An ELF section as llvm prints a switch to it: the defaults of well-known names filled in.
struct Section {
  std::string name, flags, type;
  std::string group; // flag G: the section group's signature symbol
  bool comdat = false;
};

Section withDefaults(std::string name, std::optional<std::string> flags, std::string type) {
  auto is = [&](std::string_view prefix) {
    return name == prefix ||
           (name.size() > prefix.size() && name.starts_with(prefix) && name[prefix.size()] == '.');
  };
  if (!flags)
    flags = is(".text") ? "ax" : is(".rodata") ? "a" : is(".data") || is(".bss") ? "aw" : "";
  if (type.empty()) type = is(".bss") ? "@nobits" : "@progbits";
  return {std::move(name), std::move(*flags), std::move(type), {}, false};
}

// The ELF type and flags of a section as written.
SectionSpec sectionSpec(const Section &sec, uint64_t entsize) {
  SectionSpec spec;
  spec.name = sec.name;
  spec.entsize = entsize;
  spec.flagsText = sec.flags;
  spec.typeText = sec.type;
  spec.group = sec.group;
  spec.comdat = sec.comdat;
  for (char f : sec.flags) {
    switch (f) {
    case 'a': spec.flags |= 0x2; break;         // SHF_ALLOC
    case 'w': spec.flags |= 0x1; break;         // SHF_WRITE
    case 'x': spec.flags |= 0x4; break;         // SHF_EXECINSTR
    case 'M': spec.flags |= 0x10; break;        // SHF_MERGE
    case 'S': spec.flags |= 0x20; break;        // SHF_STRINGS
    case 'T': spec.flags |= 0x400; break;       // SHF_TLS
    case 'G': spec.flags |= 0x200; break;       // SHF_GROUP
    case 'o': spec.flags |= 0x80; break;        // SHF_LINK_ORDER
    case 'R': spec.flags |= 0x100000; break;    // SHF_GNU_RETAIN
    case 'e': spec.flags |= 0x80000000u; break; // SHF_EXCLUDE
    default: break;
    }
  }
  std::string_view t = sec.type;
  if (!t.empty() && (t[0] == '@' || t[0] == '%' || t[0] == '#')) t.remove_prefix(1);
  spec.type = t == "nobits"          ? 8
              : t == "note"          ? 7
              : t == "init_array"    ? 14
              : t == "fini_array"    ? 15
              : t == "preinit_array" ? 16
                                     : 1;
  return spec;
}

// Prints a switch to `sec` unless it is the current section (none before the first switch).
void switchSection(DirectiveContext &ctx, const Section &sec, uint64_t entsize = 0) {
  ctx.streamer.switchSection(sectionSpec(sec, entsize));
  std::string key = sec.name + ',' + sec.flags + ',' + sec.type + ',' + sec.group;
  if (key == ctx.section) return;
  ctx.section = key;
  if (!ctx.asmOut) return;
  if ((sec.name == ".text" && sec.flags == "ax") || (sec.name == ".data" && sec.flags == "aw")) {
    if (sec.type == "@progbits") {
      ctx.out += fmt::format("\t{}\n", sec.name);
      return;
    }
  }
  bool plain =
      std::all_of(sec.name.begin(), sec.name.end(), [](char ch) { return isIdentChar(ch); });
  ctx.out +=
      fmt::format("\t.section\t{},\"{}\",{}{}{}{}\n", plain ? sec.name : "\"" + sec.name + "\"",
                  sec.flags, sec.type, entsize ? fmt::format(",{}", entsize) : "",
                  sec.group.empty() ? "" : "," + sec.group, sec.comdat ? ",comdat" : "");
}

std::string unquoted(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  return std::string(s);
}

// .section NAME[, "FLAGS"[, @TYPE]], read from the line text (names may hold '-').
bool sectionDirective(DirectiveContext &ctx, Cursor &c, std::string_view line,
                      DirectiveError &fail) {
  if (c.atEnd()) return fail(c.peek().col, "expected identifier");
  std::string_view rest = restOfLine(c, line);
  std::vector<std::string_view> parts;
  for (size_t from = 0;;) {
    size_t comma = rest.find(',', from);
    parts.push_back(
        rest.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from));
    if (comma == std::string_view::npos) break;
    from = comma + 1;
  }
  std::optional<std::string> flags;
  if (parts.size() > 1) flags = unquoted(parts[1]);
  std::string type = parts.size() > 2 ? unquoted(parts[2]) : "";
  if (!type.empty() && (type[0] == '%' || type[0] == '#')) type[0] = '@';
  // Then the entry size of a mergeable section (flag M), the group of a grouped one (flag G)
  // and `comdat`.
  uint64_t entsize = 0;
  size_t next = 3;
  const bool merge = flags && flags->find('M') != std::string::npos;
  const bool grouped = flags && flags->find('G') != std::string::npos;
  if (parts.size() > next && (merge || !grouped))
    entsize = std::strtoull(unquoted(parts[next++]).c_str(), nullptr, 0);
  Section sec = withDefaults(unquoted(parts[0]), flags, type);
  if (grouped) {
    if (parts.size() <= next || unquoted(parts[next]).empty())
      return fail(c.peek().col, "expected group name");
    sec.group = unquoted(parts[next++]);
    sec.comdat = parts.size() > next && unquoted(parts[next]) == "comdat";
  }
  switchSection(ctx, sec, entsize);
  return true;
}

} // namespace

// The bytes of a string token's text (llvm's escapes: \n \t \\ \" \ooo \xhh ...).
std::string unescape(std::string_view t) {
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '\\' || i + 1 == t.size()) {
      out += t[i];
      continue;
    }
    char e = t[++i];
    switch (e) {
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    case 't': out += '\t'; break;
    case 'x':
    case 'X': {
      unsigned v = 0;
      while (i + 1 < t.size() && std::isxdigit(static_cast<unsigned char>(t[i + 1]))) {
        char h = t[++i];
        v = v * 16 + static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(h))
                                               ? h - '0'
                                               : (std::tolower(h) - 'a' + 10));
      }
      out += static_cast<char>(v);
      break;
    }
    default:
      if (e >= '0' && e <= '7') {
        unsigned v = static_cast<unsigned>(e - '0');
        for (int k = 0; k < 2 && i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '7'; ++k)
          v = v * 8 + static_cast<unsigned>(t[++i] - '0');
        out += static_cast<char>(v);
      } else {
        out += e;
      }
    }
  }
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

ExprText exprText(Cursor &c, SymbolTable &syms, std::string &err, uint32_t &errCol) {
  ExprResult e = parseExpr(c, syms, /*relocatable=*/true);
  if (!e.ok()) {
    err = e.error;
    errCol = e.errCol;
    return {};
  }
  if (e.kind == ExprResult::Kind::Absolute)
    return {true, true, e.value, fmt::format("{}", e.value)};
  return {true, false, 0, std::string(e.text), e.expr};
}

bool handleDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string_view line,
                     std::string &err, uint32_t &errCol) {
  DirectiveError fail{err, errCol};
  if (name == ".text" || name == ".data") {
    if (!c.atEnd()) return fail(c.peek().col, "cannot evaluate subsection number");
    switchSection(ctx, withDefaults(std::string(name), std::nullopt, ""));
    return true;
  }
  if (name == ".bss" || name == ".rodata") {
    if (!c.atEnd()) return fail(c.peek().col, "unexpected token in directive");
    switchSection(ctx, withDefaults(std::string(name), std::nullopt, ""));
    return true;
  }
  if (name == ".section") return sectionDirective(ctx, c, line, fail);
  if (name == ".pushsection") {
    ctx.streamer.pushSection();
    if (c.atEnd()) return true;
    return sectionDirective(ctx, c, line, fail);
  }
  if (name == ".popsection" || name == ".previous") {
    bool ok = name == ".popsection" ? ctx.streamer.popSection() : ctx.streamer.previousSection();
    if (!ok)
      return fail(c.peek().col, name == ".popsection"
                                    ? ".popsection without corresponding .pushsection"
                                    : ".previous without corresponding .section");
    // llvm prints the switch back in full, whatever the section.
    SectionSpec back = ctx.streamer.currentSection();
    ctx.section = back.name + ',' + back.flagsText + ',' + back.typeText;
    if (ctx.asmOut)
      ctx.out +=
          fmt::format("\t.section\t{},\"{}\",{}\n\n", back.name, back.flagsText, back.typeText);
    return expectEnd(c, fail);
  }
  if (name == ".globl" || name == ".global") return symbolList(ctx, ".globl", c, fail);
  for (std::string_view attr :
       {".weak", ".local", ".hidden", ".protected", ".internal", ".no_dead_strip"})
    if (name == attr) return symbolList(ctx, attr, c, fail);
  if (name == ".p2align" || name == ".balign" || name == ".align" || name == ".p2alignl" ||
      name == ".p2alignw" || name == ".balignl" || name == ".balignw")
    return alignDirective(ctx, name, c, fail);
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
    if (!expectEnd(c, fail)) return false;
    if (n.value < 0) return true;
    if (n.value > kMaxSectionGrowth) return fail(0, "gfxasm: too many bytes for one directive");
    if (fill == 0) {
      ctx.streamer.emitZeros(static_cast<uint64_t>(n.value));
    } else {
      for (int64_t i = 0; i < n.value; ++i) ctx.code.push_back(static_cast<uint8_t>(fill));
    }
    if (ctx.asmOut)
      ctx.out += hasFill && fill ? fmt::format("\t.zero\t{},{}\n", n.value, fill & 0xff)
                                 : fmt::format("\t.zero\t{}\n", n.value);
    return true;
  }
  if (name == ".fill") {
    ExprResult n = parseExpr(c, ctx.syms);
    if (!n.ok()) return fail(n.errCol, n.error);
    int64_t size = 1, value = 0;
    if (c.accept(Tok::Comma)) {
      ExprResult s = parseExpr(c, ctx.syms);
      if (!s.ok()) return fail(s.errCol, s.error);
      size = s.value;
      if (c.accept(Tok::Comma)) {
        ExprResult v = parseExpr(c, ctx.syms);
        if (!v.ok()) return fail(v.errCol, v.error);
        value = v.value;
      }
    }
    if (!expectEnd(c, fail)) return false;
    if (size > 8) size = 8;
    if (n.value > kMaxSectionGrowth / 8) return fail(0, "gfxasm: too many bytes for one directive");
    if (n.value > 0 && size > 0) ctx.streamer.lineEntryHere();
    for (int64_t i = 0; i < n.value; ++i)
      for (int64_t b = 0; b < size; ++b)
        ctx.code.push_back(b < 4 ? static_cast<uint8_t>(static_cast<uint64_t>(value) >> (8 * b))
                                 : 0);
    if (ctx.asmOut)
      ctx.out += fmt::format("\t.fill\t{}, {}, {:#x}\n", n.value, size,
                             static_cast<uint64_t>(value) & 0xffffffff);
    return true;
  }
  if (name == ".ascii" || name == ".asciz" || name == ".string") {
    const bool zero = name != ".ascii";
    while (!c.atEnd()) {
      const Token &s = c.peek();
      if (s.kind != Tok::String) return fail(s.col, "expected string");
      c.next();
      std::string bytes = unescape(s.text);
      ctx.streamer.lineEntryHere();
      ctx.code.insert(ctx.code.end(), bytes.begin(), bytes.end());
      if (zero) ctx.code.push_back(0);
      if (ctx.asmOut) {
        printBytes(ctx.out, bytes);
        if (zero) ctx.out += "\t.byte\t0\n";
      }
      if (!c.atEnd() && !c.accept(Tok::Comma)) return fail(c.peek().col, "unexpected token");
    }
    return true;
  }
  if (name == ".comm" || name == ".lcomm") {
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier in directive");
    c.next();
    if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
    ExprResult size = parseExpr(c, ctx.syms);
    if (!size.ok()) return fail(size.errCol, size.error);
    if (size.value < 0 || size.value > kMaxSectionGrowth)
      return fail(0, "gfxasm: too many bytes for one directive");
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
    if (name == ".comm") {
      s.commonSize = static_cast<uint64_t>(size.value);
      s.commonAlign = static_cast<uint32_t>(uint64_t{1} << (align & 63));
      if (ctx.asmOut) ctx.out += fmt::format("\t.comm\t{},{},{}\n", sym.text, size.value, align);
    } else {
      // A local common symbol: room in .bss.
      if (ctx.asmOut) ctx.out += fmt::format("\t.lcomm\t{},{}\n", sym.text, size.value);
      ctx.streamer.defineInBss(s, static_cast<uint64_t>(size.value));
    }
    return true;
  }
  if (name == ".amdgpu_lds") {
    // .amdgpu_lds NAME, SIZE[, ALIGN]: a symbol of the LDS (SHN_AMDGPU_LDS), 4-byte aligned
    // unless told.
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier in directive");
    c.next();
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
    if (!expectEnd(c, fail)) return false;
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
      ctx.out += fmt::format("\t.amdgpu_lds {}, {}, {}\n", sym.text, size.value, align);
    return true;
  }
  if (name == ".org") {
    uint32_t col = c.peek().col;
    ExprResult off = parseExpr(c, ctx.syms);
    if (!off.ok()) return fail(off.errCol, off.error);
    int64_t fill = 0;
    if (c.accept(Tok::Comma)) {
      ExprResult f = parseExpr(c, ctx.syms);
      if (!f.ok()) return fail(f.errCol, f.error);
      fill = f.value;
    }
    if (!expectEnd(c, fail)) return false;
    uint64_t at = ctx.streamer.sectionOffset();
    // (llvm checks the offset when it lays out the object: not in text or null output)
    if (off.value < 0 || static_cast<uint64_t>(off.value) < at) {
      if (ctx.streamer.writesObject())
        return fail(col, fmt::format("invalid .org offset '{}' (at offset '{}')", off.value, at));
    } else if (off.value - static_cast<int64_t>(at) > kMaxSectionGrowth) {
      return fail(col, "gfxasm: too many bytes for one directive");
    } else {
      ctx.streamer.emitZeros(0);
      ctx.code.insert(ctx.code.end(), static_cast<size_t>(off.value) - at,
                      static_cast<uint8_t>(fill));
    }
    if (ctx.asmOut) ctx.out += fmt::format(".org {}, {}\n", off.value, fill & 0xff);
    return true;
  }
  if (name == ".addrsig") {
    ctx.streamer.enableAddrsig();
    if (ctx.asmOut) ctx.out += "\t.addrsig\n";
    return expectEnd(c, fail);
  }
  if (name == ".addrsig_sym") {
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier");
    c.next();
    // (not registered: a symbol nothing else names stays out of the symbol table)
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.addrsigSymbol(s);
    if (ctx.asmOut) ctx.out += fmt::format("\t.addrsig_sym {}\n", sym.text);
    return expectEnd(c, fail);
  }
  if (name == ".type") return typeDirective(ctx, c, line, fail);
  if (name == ".size") {
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier");
    c.next();
    if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
    ExprText value = exprText(c, ctx.syms, err, errCol);
    if (!value.ok) return false;
    Symbol &s = ctx.syms.get(sym.text);
    ctx.streamer.registerSymbol(s);
    s.size = value.absolute ? ctx.syms.pool().constant(value.value) : value.expr;
    if (ctx.asmOut) ctx.out += fmt::format("\t.size\t{}, {}\n", sym.text, value.text);
    return expectEnd(c, fail);
  }
  for (const DataDirective &dd : kDataDirectives)
    if (name == dd.name) return dataDirective(ctx, dd, c, fail);
  if (name == ".ident") {
    const Token &s = c.peek();
    if (s.kind != Tok::String) return fail(s.col, "expected string");
    c.next();
    ctx.streamer.addIdent(unescape(s.text));
    if (ctx.asmOut) ctx.out += fmt::format("\t.ident\t\"{}\"\n", s.text);
    return expectEnd(c, fail);
  }
  if (name == ".amdgcn_target") {
    const Token &s = c.peek();
    if (s.kind != Tok::String) return fail(s.col, "expected string");
    c.next();
    std::string expected = "amdgcn-amd-amdhsa--" + ctx.target.targetId();
    if (s.text != expected)
      return fail(
          s.col, fmt::format(".amdgcn_target directive's target id {} does not match the specified "
                             "target id {}",
                             s.text, expected));
    if (ctx.asmOut) ctx.out += "\n";
    return expectEnd(c, fail);
  }
  bool handled = false;
  bool ok = dwarfDirective(ctx, name, c, err, errCol, handled);
  if (handled) return ok;
  return fail(0, "unknown directive");
}

} // namespace gfxasm::as
