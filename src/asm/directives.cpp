#include "asm/directives.h"

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

bool expectEnd(Cursor &c, std::string &err, uint32_t &errCol) {
  if (c.atEnd()) return true;
  err = "unexpected token in directive";
  errCol = c.peek().col;
  return false;
}

// Pads code to a 2^n boundary with s_nop 0, as llvm's AMDGPU backend pads text sections.
void alignCode(std::vector<uint8_t> &code, unsigned pow2) {
  size_t align = size_t{1} << pow2;
  while (code.size() % align) {
    if (code.size() % 4 == 0 && code.size() + 4 <= ((code.size() + align - 1) / align) * align) {
      const uint8_t nop[4] = {0x00, 0x00, 0x80, 0xbf};
      code.insert(code.end(), nop, nop + 4);
    } else {
      code.push_back(0);
    }
  }
}

} // namespace

bool handleDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string_view line,
                     std::string &err, uint32_t &errCol) {
  if (name == ".text") {
    if (ctx.asmOut) ctx.out += "\t.text\n";
    return expectEnd(c, err, errCol);
  }
  if (name == ".globl" || name == ".global") {
    const Token &sym = c.peek();
    if (sym.kind != Tok::Identifier) {
      err = "expected identifier";
      errCol = sym.col;
      return false;
    }
    c.next();
    if (ctx.asmOut) ctx.out += fmt::format("\t.globl\t{}\n", sym.text);
    return expectEnd(c, err, errCol);
  }
  if (name == ".p2align" || name == ".balign" || name == ".align") {
    uint32_t col = c.peek().col;
    ExprResult e = parseExpr(c, ctx.syms);
    if (!e.ok()) {
      err = e.error;
      errCol = e.errCol;
      return false;
    }
    int64_t pow2 = e.value;
    if (name == ".balign") {
      if (e.value <= 0 || (e.value & (e.value - 1))) {
        err = "alignment must be a power of 2";
        errCol = col;
        return false;
      }
      pow2 = 0;
      while ((int64_t{1} << pow2) < e.value) ++pow2;
    }
    if (pow2 < 0 || pow2 > 30) {
      err = "invalid alignment value";
      errCol = col;
      return false;
    }
    if (!c.atEnd()) restOfLine(c, line); // fill value and max bytes: accepted, not used for code
    alignCode(ctx.code, static_cast<unsigned>(pow2));
    if (ctx.asmOut) ctx.out += fmt::format("\t.p2align\t{}\n", pow2);
    return true;
  }
  if (name == ".type") {
    std::string_view rest = restOfLine(c, line);
    if (ctx.asmOut) {
      std::string compact;
      for (char ch : rest)
        if (ch != ' ' && ch != '\t') compact += ch;
      ctx.out += fmt::format("\t.type\t{}\n", compact);
    }
    return true;
  }
  if (name == ".amdgcn_target") {
    const Token &s = c.peek();
    if (s.kind != Tok::String) {
      err = "expected target id string";
      errCol = s.col;
      return false;
    }
    c.next();
    std::string expected = "amdgcn-amd-amdhsa--" + ctx.target.cpuName();
    if (s.text != expected) {
      err = fmt::format("target id must match options (expected \"{}\")", expected);
      errCol = s.col;
      return false;
    }
    if (ctx.asmOut) ctx.out += "\n";
    return expectEnd(c, err, errCol);
  }
  if (name == ".section") {
    std::string_view rest = restOfLine(c, line);
    if (rest.substr(0, 5) == ".text") return true;
    err = "only the .text section is supported by this version";
    errCol = 0;
    return false;
  }
  err = fmt::format("unknown directive");
  errCol = 0;
  return false;
}

} // namespace gfxasm::as
