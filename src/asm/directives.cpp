#include "asm/directives.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "gfxasm/gfxasm.h"

namespace gfxasm::as {

namespace {

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

struct DirectiveError {
  std::string &msg;
  uint32_t &col;
  bool operator()(uint32_t at, std::string text) {
    msg = std::move(text);
    col = at;
    return false;
  }
};

bool expectEnd(Cursor &c, DirectiveError &fail, const char *msg = "unexpected token in directive") {
  return c.atEnd() || fail(c.peek().col, msg);
}

// Pads code to a 2^n boundary: with `fill` bytes if given, else with s_nop 0 as llvm's AMDGPU
// backend pads text sections. No padding when it would take more than `maxBytes`.
void alignCode(std::vector<uint8_t> &code, unsigned pow2, int fill, int64_t maxBytes) {
  size_t align = size_t{1} << pow2;
  size_t pad = (align - code.size() % align) % align;
  if (maxBytes > 0 && static_cast<int64_t>(pad) > maxBytes) return;
  while (code.size() % align) {
    if (fill < 0 && code.size() % 4 == 0 && code.size() + 4 <= code.size() + pad) {
      const uint8_t nop[4] = {0x00, 0x00, 0x80, 0xbf};
      code.insert(code.end(), nop, nop + 4);
      pad -= 4;
    } else {
      code.push_back(static_cast<uint8_t>(fill < 0 ? 0 : fill));
      --pad;
    }
  }
}

// .p2align N[, fill[, max]], .balign / .align BYTES[, fill[, max]] (byte alignments on AMDGPU).
// llvm reports a bad alignment but still emits the nearest one it can.
bool alignDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, DirectiveError &fail) {
  if (c.atEnd() && name == ".p2align") {
    ctx.warnings.emplace_back(c.peek().col, "p2align directive with no operand(s) is ignored");
    return true;
  }
  uint32_t col = c.peek().col;
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return fail(e.errCol, e.error);
  bool ok = true;
  int64_t pow2 = e.value;
  if (name != ".p2align") {
    if (e.value <= 0 || (e.value & (e.value - 1))) ok = fail(col, "alignment must be a power of 2");
    pow2 = 0;
    while (pow2 < 62 && (int64_t{2} << pow2) <= e.value) ++pow2;
  }
  if (pow2 < 0 || pow2 > 31) {
    if (ok) ok = fail(col, "invalid alignment value");
    pow2 = pow2 < 0 ? 0 : 31;
  }
  std::string args = fmt::format("{}", pow2);
  int fill = -1;
  int64_t maxBytes = 0;
  if (c.accept(Tok::Comma)) {
    if (!c.is(Tok::Comma)) {
      ExprResult f = parseExpr(c, ctx.syms);
      if (!f.ok()) return fail(f.errCol, f.error);
      fill = static_cast<int>(f.value & 0xff);
      args += fmt::format(", {:#x}", fill);
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
  alignCode(ctx.code, static_cast<unsigned>(pow2), fill, maxBytes);
  if (ctx.asmOut) ctx.out += fmt::format("\t.p2align\t{}\n", args);
  return ok;
}

// .globl / .global / .weak: a list of symbols, each printed on its own line.
bool symbolList(DirectiveContext &ctx, std::string_view printed, Cursor &c, DirectiveError &fail) {
  while (!c.atEnd()) {
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier");
    c.next();
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
    for (unsigned i = 0; i < dd.bytes; ++i)
      ctx.code.push_back(
          v.absolute ? static_cast<uint8_t>(static_cast<uint64_t>(v.value) >> (8 * i)) : 0);
    if (ctx.asmOut) ctx.out += fmt::format("\t{}\t{}\n", dd.printed, v.text);
    if (!c.atEnd() && !c.accept(Tok::Comma))
      return fail(c.peek().col, "unexpected token in directive");
  }
  return true;
}

// An ELF section as llvm prints a switch to it: the defaults of well-known names filled in.
struct Section {
  std::string name, flags, type;
};

Section withDefaults(std::string name, std::optional<std::string> flags, std::string type) {
  auto is = [&](std::string_view prefix) {
    return name == prefix ||
           (name.size() > prefix.size() && name.starts_with(prefix) && name[prefix.size()] == '.');
  };
  if (!flags)
    flags = is(".text") ? "ax" : is(".rodata") ? "a" : is(".data") || is(".bss") ? "aw" : "";
  if (type.empty()) type = is(".bss") ? "@nobits" : "@progbits";
  return {std::move(name), std::move(*flags), std::move(type)};
}

// Prints a switch to `sec` unless it is the current section (none before the first switch).
void switchSection(DirectiveContext &ctx, const Section &sec) {
  std::string key = sec.name + ',' + sec.flags + ',' + sec.type;
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
  ctx.out += fmt::format("\t.section\t{},\"{}\",{}\n", plain ? sec.name : "\"" + sec.name + "\"",
                         sec.flags, sec.type);
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
  switchSection(ctx, withDefaults(unquoted(parts[0]), flags, type));
  return true;
}

} // namespace

ExprText exprText(Cursor &c, SymbolTable &syms, std::string &err, uint32_t &errCol) {
  ExprResult e = parseExpr(c, syms, /*relocatable=*/true);
  if (!e.ok()) {
    err = e.error;
    errCol = e.errCol;
    return {};
  }
  if (e.kind == ExprResult::Kind::Absolute)
    return {true, true, e.value, fmt::format("{}", e.value)};
  return {true, false, 0, std::string(e.text)};
}

bool handleDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string_view line,
                     std::string &err, uint32_t &errCol) {
  DirectiveError fail{err, errCol};
  if (name == ".text" || name == ".data") {
    if (!c.atEnd()) return fail(c.peek().col, "cannot evaluate subsection number");
    switchSection(ctx, withDefaults(std::string(name), std::nullopt, ""));
    return true;
  }
  if (name == ".section") return sectionDirective(ctx, c, line, fail);
  if (name == ".globl" || name == ".global") return symbolList(ctx, ".globl", c, fail);
  if (name == ".weak") return symbolList(ctx, ".weak", c, fail);
  if (name == ".p2align" || name == ".balign" || name == ".align")
    return alignDirective(ctx, name, c, fail);
  if (name == ".type") return typeDirective(ctx, c, line, fail);
  if (name == ".size") {
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) return fail(sym.col, "expected identifier");
    c.next();
    if (!c.accept(Tok::Comma)) return fail(c.peek().col, "expected comma");
    ExprText value = exprText(c, ctx.syms, err, errCol);
    if (!value.ok) return false;
    if (ctx.asmOut) ctx.out += fmt::format("\t.size\t{}, {}\n", sym.text, value.text);
    return expectEnd(c, fail);
  }
  for (const DataDirective &dd : kDataDirectives)
    if (name == dd.name) return dataDirective(ctx, dd, c, fail);
  if (name == ".ident") {
    const Token &s = c.peek();
    if (s.kind != Tok::String) return fail(s.col, "expected string");
    c.next();
    if (ctx.asmOut) ctx.out += fmt::format("\t.ident\t\"{}\"\n", s.text);
    return expectEnd(c, fail);
  }
  if (name == ".file") {
    // `.file "name"` sets the file name silently; `.file N "name"` (DWARF) is echoed.
    if (c.is(Tok::String)) {
      c.next();
      return expectEnd(c, fail);
    }
    std::string_view rest = restOfLine(c, line);
    if (ctx.asmOut) ctx.out += fmt::format("\t.file\t{}\n", rest);
    return true;
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
  return fail(0, "unknown directive");
}

} // namespace gfxasm::as
