// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The debug-information directives of compiler output (`clang -g`): `.file N`, `.loc`, the
// `.cfi_*` call frame directives and `.uleb128`/`.sleb128`, read and printed as llvm-mc-22 does;
// what they record becomes .debug_line/.debug_frame/.eh_frame in object/dwarf.cpp.
#include <algorithm>
#include <cctype>
#include <span>

#include <fmt/format.h>

#include "asm/directives.h"
#include "asm/operand_parser.h"
#include "object/dwarf.h"

namespace gfxasm::as {

namespace {

// llvm's formatted_raw_ostream::PadToColumn for the asm comment column (40): a tab advances to
// the next multiple of 8 (one at column 0 advances nothing, as llvm counts it).
void padToCommentColumn(std::string &out, size_t lineStart) {
  size_t column = 0;
  for (size_t i = lineStart; i < out.size(); ++i)
    column = out[i] == '\t' ? column + ((8 - (column & 7)) & 7) : column + 1;
  out.append(column < 40 ? 40 - column : 1, ' ');
}

// A 128-bit integer token (an MD5 sum): its 16 bytes, most significant first.
bool parseOcta(const Token &t, std::array<uint8_t, 16> &out) {
  std::string_view s = t.text;
  unsigned base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  out.fill(0);
  for (char ch : s) {
    int digit = std::isdigit(static_cast<unsigned char>(ch)) ? ch - '0'
                : std::isxdigit(static_cast<unsigned char>(ch))
                    ? std::tolower(static_cast<unsigned char>(ch)) - 'a' + 10
                    : -1;
    if (digit < 0 || static_cast<unsigned>(digit) >= base) return false;
    unsigned carry = static_cast<unsigned>(digit);
    for (int i = 15; i >= 0; --i) {
      unsigned v = out[static_cast<size_t>(i)] * base + carry;
      out[static_cast<size_t>(i)] = static_cast<uint8_t>(v);
      carry = v >> 8;
    }
    if (carry) return false;
  }
  return true;
}

std::string hex(const std::array<uint8_t, 16> &bytes) {
  std::string s;
  for (uint8_t b : bytes) s += fmt::format("{:02x}", b);
  return s;
}

bool fileDirective(DirectiveContext &ctx, Cursor &c, DirectiveError &fail) {
  int64_t number = -1;
  if (c.is(Tok::Integer) && !c.peek().overflow) { // (wider: llvm's BigNum, no number)
    number = c.next().ival;
    if (number < 0) return fail(c.peek().col, "negative file number");
  }
  if (!c.is(Tok::String)) return fail(c.peek().col, "expected string");
  std::string path = unescape(c.next().text), dir, name;
  if (c.is(Tok::String)) {
    if (number < 0) return fail(c.peek().col, "explicit path specified, but no file number");
    dir = std::move(path);
    name = unescape(c.next().text);
  } else {
    name = std::move(path);
  }
  std::optional<std::array<uint8_t, 16>> md5;
  std::optional<std::string> source;
  while (!c.atEnd()) {
    const Token &k = c.peek();
    if (k.kind != Tok::Identifier) return fail(k.col, "unexpected token in '.file' directive");
    c.next();
    if (k.text == "md5") {
      if (number < 0) return fail(c.peek().col, "MD5 checksum specified, but no file number");
      const Token &v = c.peek();
      if (v.kind != Tok::Integer) return fail(v.col, "unknown token in expression");
      c.next();
      std::array<uint8_t, 16> sum;
      if (!parseOcta(v, sum)) return fail(v.col, "out of range literal value");
      md5 = sum;
    } else if (k.text == "source") {
      if (number < 0) return fail(c.peek().col, "source specified, but no file number");
      if (!c.is(Tok::String)) return fail(c.peek().col, "unexpected token in '.file' directive");
      source = unescape(c.next().text);
    } else {
      return fail(c.peek().col, "unexpected token in '.file' directive");
    }
  }
  // `.file "name"` alone names the source file: nothing is emitted for amdgcn.
  if (number < 0) return true;
  obj::DwarfTables &t = ctx.dwarf;
  const size_t filesBefore = t.files.size();
  const bool consistentBefore = t.md5UsageConsistent();
  if (number > 0) obj::splitDwarfPath(dir, name);
  std::string printedDir = dir, printedName = name;
  if (std::string err =
          t.addFile(static_cast<uint32_t>(number), std::move(dir), std::move(name), md5, source);
      !err.empty())
    return fail(0, err);
  // (llvm prints a numbered file only when it added one to the table)
  if (ctx.asmOut && (number == 0 || t.files.size() != filesBefore)) {
    ctx.out += fmt::format("\t.file\t{} ", number);
    if (!printedDir.empty()) ctx.out += fmt::format("\"{}\" ", escape(printedDir));
    ctx.out += fmt::format("\"{}\"", escape(printedName));
    if (md5) ctx.out += " md5 0x" + hex(*md5);
    if (source) ctx.out += fmt::format(" source \"{}\"", escape(*source));
    ctx.out += '\n';
  }
  if (consistentBefore && !t.md5UsageConsistent())
    ctx.warnings.emplace_back(0, "inconsistent use of MD5 checksums");
  return true;
}

// An absolute expression operand of a directive.
bool absolute(DirectiveContext &ctx, Cursor &c, DirectiveError &fail, int64_t &value) {
  ExprResult e = parseExpr(c, ctx.syms);
  if (!e.ok()) return fail(e.errCol, e.error);
  value = e.value;
  return true;
}

bool locDirective(DirectiveContext &ctx, Cursor &c, DirectiveError &fail) {
  obj::DwarfTables &t = ctx.dwarf;
  const Token &fileTok = c.peek();
  if (fileTok.kind != Tok::Integer || fileTok.overflow) // (wider than 64 bits: llvm's BigNum)
    return fail(fileTok.col, "expected integer");
  c.next();
  const int64_t file = fileTok.ival;
  if (file < 1 && t.version < 5)
    return fail(fileTok.col, "file number less than one in '.loc' directive");
  if (file < 0 || file > UINT32_MAX || !t.validFileNumber(static_cast<uint32_t>(file)))
    return fail(fileTok.col, "unassigned file number in '.loc' directive");
  int64_t line = 0, column = 0;
  if (c.is(Tok::Integer) && !c.peek().overflow) {
    line = c.peek().ival;
    if (line < 0) return fail(c.peek().col, "line numbers must be positive");
    c.next();
  }
  if (c.is(Tok::Integer) && !c.peek().overflow) {
    column = c.peek().ival;
    if (column < 0) return fail(c.peek().col, "column position less than zero");
    c.next();
  }
  const uint8_t previousFlags = t.current.flags;
  obj::DwarfLoc loc;
  loc.file = static_cast<uint32_t>(file);
  loc.line = static_cast<uint32_t>(line);
  loc.column = static_cast<uint16_t>(column); // (llvm keeps 16 bits of it)
  loc.flags = previousFlags & obj::kLocIsStmt;
  while (!c.atEnd()) {
    const Token &op = c.peek();
    if (op.kind != Tok::Identifier) return fail(op.col, "unexpected token in '.loc' directive");
    c.next();
    if (op.text == "basic_block") {
      loc.flags |= obj::kLocBasicBlock;
    } else if (op.text == "prologue_end") {
      loc.flags |= obj::kLocPrologueEnd;
    } else if (op.text == "epilogue_begin") {
      loc.flags |= obj::kLocEpilogueBegin;
    } else if (op.text == "is_stmt" || op.text == "isa") {
      uint32_t col = c.peek().col;
      ExprResult e = parseExpr(c, ctx.syms, /*relocatable=*/true);
      if (!e.ok()) return fail(e.errCol, e.error);
      const bool isStmt = op.text == "is_stmt";
      if (e.kind != ExprResult::Kind::Absolute)
        return fail(col, isStmt ? "is_stmt value not the constant value of 0 or 1"
                                : "isa number not a constant value");
      const int value = static_cast<int>(e.value);
      if (isStmt) {
        if (value == 0)
          loc.flags &= static_cast<uint8_t>(~obj::kLocIsStmt);
        else if (value == 1)
          loc.flags |= obj::kLocIsStmt;
        else
          return fail(col, "is_stmt value not 0 or 1");
      } else {
        if (value < 0) return fail(col, "isa number less than zero");
        loc.isa = static_cast<uint32_t>(value);
      }
    } else if (op.text == "discriminator") {
      int64_t d = 0;
      if (!absolute(ctx, c, fail, d)) return false;
      loc.discriminator = static_cast<uint32_t>(d);
    } else {
      return fail(op.col, "unknown sub-directive in '.loc' directive");
    }
  }
  // Two `.loc` in a row: the first one gets its line entry here.
  t.makeLineEntry(ctx.streamer.sectionIndex(), ctx.streamer.sectionOffset());
  t.current = loc;
  t.locSeen = true;
  if (ctx.asmOut) {
    size_t lineStart = ctx.out.size();
    ctx.out += fmt::format("\t.loc\t{} {} {}", file, line, column);
    if (loc.flags & obj::kLocBasicBlock) ctx.out += " basic_block";
    if (loc.flags & obj::kLocPrologueEnd) ctx.out += " prologue_end";
    if (loc.flags & obj::kLocEpilogueBegin) ctx.out += " epilogue_begin";
    if ((loc.flags ^ previousFlags) & obj::kLocIsStmt)
      ctx.out += loc.flags & obj::kLocIsStmt ? " is_stmt 1" : " is_stmt 0";
    if (loc.isa) ctx.out += fmt::format(" isa {}", loc.isa);
    if (loc.discriminator) ctx.out += fmt::format(" discriminator {}", loc.discriminator);
    padToCommentColumn(ctx.out, lineStart);
    ctx.out += fmt::format("; :{}:{}\n", line, column);
  }
  return true;
}

// llvm's DWARF number of a register the AMDGPU register parser reads (getDwarfRegNum with its
// wave64 mapping, whatever the wave size): 32-bit s, v and a registers, exec and exec_lo, the
// program counter; -1 for every other register and for tuples.
int64_t dwarfRegisterNumber(const isa::Reg &r) {
  if (r.count != 1 || r.half != 0) {
    if (r.file == isa::RegFile::Special && r.count == 2 && r.index == isa::src::kExecLo) return 17;
    return -1;
  }
  switch (r.file) {
  case isa::RegFile::SGPR: return r.index < 64 ? 32 + r.index : 1088 + (r.index - 64);
  case isa::RegFile::VGPR: return 2560 + r.index;
  case isa::RegFile::AGPR: return 3072 + r.index;
  case isa::RegFile::Special: return r.index == isa::src::kExecLo ? 1 : -1;
  default: return -1;
  }
}

// A `.cfi_*` register operand: a DWARF register number (an absolute expression that starts with
// an integer: llvm prints its value and keeps 32 bits of it), or a register as instruction
// operands write it (s[1], [s1], vcc, v[2:3] ...), read by the operand parser with its errors.
bool cfiRegister(DirectiveContext &ctx, Cursor &c, DirectiveError &fail, int64_t &reg) {
  const Token &t = c.peek();
  if (t.kind == Tok::Integer) return absolute(ctx, c, fail, reg);
  if (t.kind == Tok::Identifier && t.text == "pc") { // (llvm's register parser knows PC_REG)
    c.next();
    reg = 16;
    return true;
  }
  ParseContext pctx{ctx.target, ctx.syms};
  isa::Reg r;
  if (parseRegister(pctx, c, r)) {
    if (r.file == isa::RegFile::Special && (r.flags & isa::Reg_NotInScalar)) {
      // (named as llvm prints the register: vccz is src_vccz)
      std::string name;
      isa::printRegister(targetRegisters(pctx), r.index, 1, name);
      return fail(t.col, name + " register not available on this GPU");
    }
    reg = dwarfRegisterNumber(r);
    return true;
  }
  if (pctx.err.set) return fail(pctx.err.col, pctx.err.message());
  if (t.kind == Tok::LBrac) // (a list whose first element is no register)
    return fail(c.peek(1).col, "expected a register or a list of registers");
  if (t.kind != Tok::Identifier) return fail(t.col, "expected a register or a list of registers");
  // A name that is no register: llvm's register parser reads one that starts as a register file
  // does as that file's register with a bad index (16-bit halves of s and a registers, which
  // instructions do not take, have no DWARF number).
  const std::string_view prefix = registerFilePrefix(t.text);
  if (prefix.empty()) return fail(t.col, "invalid register name");
  std::string_view index = t.text.substr(prefix.size());
  if (index.empty())
    return fail(t.col + static_cast<uint32_t>(prefix.size()), "missing register index");
  const size_t digits = std::min(index.size(), index.find_first_not_of("0123456789"));
  if (digits > 0 && (index.substr(digits) == ".l" || index.substr(digits) == ".h")) {
    c.next();
    reg = -1;
    return true;
  }
  return fail(t.col, "invalid register index");
}

bool comma(Cursor &c, DirectiveError &fail) {
  return c.accept(Tok::Comma) || fail(c.peek().col, "expected comma");
}

bool cfiDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, DirectiveError &fail) {
  obj::DwarfTables &t = ctx.dwarf;
  if (name == ".cfi_sections") {
    bool eh = false, debug = false, sframe = false;
    while (!c.atEnd()) {
      const Token &s = c.peek();
      if (s.kind != Tok::Identifier)
        return fail(s.col, "expected .eh_frame, .debug_frame, or .sframe");
      c.next();
      // (other names, .sframe among them, are read and ignored, as by llvm-mc for amdgcn)
      if (s.text == ".eh_frame") eh = true;
      if (s.text == ".debug_frame") debug = true;
      if (s.text == ".sframe") sframe = true;
      if (!c.atEnd() && !comma(c, fail)) return false;
    }
    t.emitEhFrame = eh;
    t.emitDebugFrame = debug;
    if (ctx.asmOut) {
      ctx.out += "\t.cfi_sections ";
      if (eh) ctx.out += ".eh_frame";
      if (debug) ctx.out += eh ? ", .debug_frame" : ".debug_frame";
      if (sframe) ctx.out += eh || debug ? ", .sframe" : ".sframe";
      ctx.out += '\n';
    }
    return true;
  }
  if (name == ".cfi_startproc") {
    bool simple = false;
    if (!c.atEnd()) {
      if (!c.is(Tok::Identifier)) return fail(c.peek().col, "unexpected token");
      if (c.next().text != "simple") return fail(c.peek().col, "unexpected token");
      if (!c.atEnd()) return fail(c.peek().col, "expected newline");
      simple = true;
    }
    if (t.inFrame()) {
      ctx.errorAtNextLine = "starting new .cfi frame before finishing the previous one";
      ctx.streamerError = true;
      return true;
    }
    obj::DwarfFrame f;
    f.section = ctx.streamer.sectionIndex();
    f.begin = ctx.streamer.sectionOffset();
    f.simple = simple;
    t.frames.push_back(std::move(f));
    if (ctx.asmOut) ctx.out += simple ? "\t.cfi_startproc simple\n" : "\t.cfi_startproc\n";
    return true;
  }
  if (!c.atEnd() &&
      (name == ".cfi_endproc" || name == ".cfi_remember_state" || name == ".cfi_restore_state"))
    return fail(c.peek().col, "expected newline");
  // Every other directive belongs to an open frame.
  auto needFrame = [&] {
    if (t.inFrame()) return true;
    ctx.streamerError = true;
    return fail(0, "this directive must appear between .cfi_startproc and .cfi_endproc directives");
  };
  obj::CfiInstruction in;
  in.offset = ctx.streamer.sectionOffset();
  std::string printed;
  auto u32 = [](int64_t v) -> uint64_t { return static_cast<uint32_t>(v); };
  auto bytes = [&](std::initializer_list<uint64_t> ulebs, uint8_t opcode) {
    in.bytes.push_back(opcode);
    for (uint64_t v : ulebs) obj::appendUleb(in.bytes, v);
  };
  int64_t reg = 0, reg2 = 0; // (as printed; the instructions keep 32 bits)
  int64_t a = 0, b = 0;
  obj::CfiPointer pointer;
  if (name == ".cfi_endproc") {
    if (!needFrame()) return false;
    t.frames.back().end = ctx.streamer.sectionOffset();
    t.frames.back().ended = true;
    if (ctx.asmOut) ctx.out += "\t.cfi_endproc\n";
    return true;
  }
  if (name == ".cfi_def_cfa") {
    if (!cfiRegister(ctx, c, fail, reg) || !comma(c, fail) || !absolute(ctx, c, fail, a))
      return false;
    bytes({u32(reg), static_cast<uint64_t>(a)}, 0x0c);
    in.setCfaOffset = a;
    printed = fmt::format("{}, {}", reg, a);
  } else if (name == ".cfi_def_cfa_offset") {
    if (!absolute(ctx, c, fail, a)) return false;
    bytes({static_cast<uint64_t>(a)}, 0x0e);
    in.setCfaOffset = a;
    printed = fmt::format("{}", a);
  } else if (name == ".cfi_adjust_cfa_offset") {
    if (!absolute(ctx, c, fail, a)) return false;
    in.kind = obj::CfiInstruction::Kind::AdjustCfaOffset;
    in.value = a;
    printed = fmt::format("{}", a);
  } else if (name == ".cfi_def_cfa_register" || name == ".cfi_undefined" ||
             name == ".cfi_same_value" || name == ".cfi_restore") {
    if (!cfiRegister(ctx, c, fail, reg)) return false;
    if (name == ".cfi_def_cfa_register") bytes({u32(reg)}, 0x0d);
    if (name == ".cfi_undefined") bytes({u32(reg)}, 0x07);
    if (name == ".cfi_same_value") bytes({u32(reg)}, 0x08);
    if (name == ".cfi_restore") {
      if (u32(reg) < 64)
        in.bytes.push_back(static_cast<uint8_t>(0xc0 | u32(reg)));
      else
        bytes({u32(reg)}, 0x06);
    }
    printed = fmt::format("{}", reg);
  } else if (name == ".cfi_offset" || name == ".cfi_rel_offset") {
    if (!cfiRegister(ctx, c, fail, reg) || !comma(c, fail) || !absolute(ctx, c, fail, a))
      return false;
    in.kind = name == ".cfi_offset" ? obj::CfiInstruction::Kind::Offset
                                    : obj::CfiInstruction::Kind::RelOffset;
    in.reg = static_cast<uint32_t>(reg);
    in.value = a;
    printed = fmt::format("{}, {}", reg, a);
  } else if (name == ".cfi_register") {
    if (!cfiRegister(ctx, c, fail, reg) || !comma(c, fail) || !cfiRegister(ctx, c, fail, reg2))
      return false;
    bytes({u32(reg), u32(reg2)}, 0x09);
    printed = fmt::format("{}, {}", reg, reg2);
  } else if (name == ".cfi_remember_state" || name == ".cfi_restore_state") {
    in.bytes.push_back(name == ".cfi_remember_state" ? 0x0a : 0x0b);
  } else if (name == ".cfi_escape") {
    do {
      if (!absolute(ctx, c, fail, a)) return false;
      in.bytes.push_back(static_cast<uint8_t>(a));
    } while (c.accept(Tok::Comma));
    for (size_t i = 0; i < in.bytes.size(); ++i)
      printed += fmt::format("{}0x{:02x}", i ? ", " : "", in.bytes[i]);
  } else if (name == ".cfi_llvm_def_aspace_cfa") {
    if (!cfiRegister(ctx, c, fail, reg) || !comma(c, fail) || !absolute(ctx, c, fail, a) ||
        !comma(c, fail) || !absolute(ctx, c, fail, b))
      return false;
    bytes({u32(reg), static_cast<uint64_t>(a), static_cast<uint64_t>(b)}, 0x30);
    in.setCfaOffset = a;
    printed = fmt::format("{}, {}, {}", reg, a, b);
  } else if (name == ".cfi_personality" || name == ".cfi_lsda") {
    // ENCODING, SYMBOL: a DW_EH_PE_* encoding llvm can write (absptr or pcrel, data of 2, 4 or 8
    // bytes, possibly indirect), or 0xff (omit: the rest of the line is then a new statement).
    if (!absolute(ctx, c, fail, a)) return false;
    if (a == 0xff) {
      if (!c.atEnd()) return fail(c.peek().col, "unexpected token at start of statement");
      if (ctx.asmOut) ctx.out += '\n'; // (llvm leaves the line's end: an empty statement)
      return true;
    }
    const int64_t format = a & 0x0f, application = a & 0x70;
    if ((a & ~0xff) ||
        (format != 0 && format != 2 && format != 3 && format != 4 && format != 0x0a &&
         format != 0x0b && format != 0x0c) ||
        (application != 0 && application != 0x10))
      return fail(c.peek().col, "unsupported encoding.");
    if (!comma(c, fail)) return false;
    if (!c.is(Tok::Identifier)) return fail(c.peek().col, "expected identifier in directive");
    pointer.symbol = c.next().text;
    pointer.encoding = static_cast<uint8_t>(a);
    ctx.streamer.registerSymbol(ctx.syms.get(pointer.symbol));
    auto known = std::find(t.cfiSymbols.begin(), t.cfiSymbols.end(), pointer.symbol);
    pointer.rank = static_cast<uint32_t>(known - t.cfiSymbols.begin());
    if (known == t.cfiSymbols.end()) t.cfiSymbols.push_back(pointer.symbol);
    printed = fmt::format("{}, {}", a, pointer.symbol);
  } else if (name == ".cfi_return_column") {
    if (c.atEnd()) return fail(c.peek().col, "expected a register or a list of registers");
    if (!cfiRegister(ctx, c, fail, reg)) return false;
    printed = fmt::format("{}", reg);
  } else if (name == ".cfi_signal_frame") {
  } else if (name == ".cfi_label") {
    if (!namesSymbol(c.peek())) return fail(c.peek().col, "expected identifier");
    ctx.streamer.generatedLabel(c.peek().text, c.peek().col, false);
    in.kind = obj::CfiInstruction::Kind::Label;
    in.label = std::string(c.next().text);
    printed = in.label;
  } else if (name == ".cfi_window_save") {
    in.bytes.push_back(0x2d); // DW_CFA_GNU_window_save
  } else if (name == ".cfi_val_offset") {
    if (!cfiRegister(ctx, c, fail, reg) || !comma(c, fail) || !absolute(ctx, c, fail, a))
      return false;
    const int64_t factored = a / 4; // (the data alignment factor)
    if (factored < 0) {
      bytes({u32(reg)}, 0x15); // DW_CFA_val_offset_sf
      obj::appendSleb(in.bytes, factored);
    } else {
      bytes({u32(reg), static_cast<uint64_t>(factored)}, 0x14); // DW_CFA_val_offset
    }
    printed = fmt::format("{}, {}", reg, a);
  } else {
    return fail(0, "unknown directive");
  }
  if (!c.atEnd()) return fail(c.peek().col, "expected newline");
  // (llvm prints the directive even outside a frame, where it reports the error)
  if (ctx.asmOut) {
    ctx.out += fmt::format("\t{}{}{}\n", name, printed.empty() ? "" : " ", printed);
    if (name == ".cfi_escape") ctx.out += '\n'; // (llvm ends the escape's line twice)
  }
  if (!needFrame()) return false;
  obj::DwarfFrame &frame = t.frames.back();
  if (name == ".cfi_personality")
    frame.personality = std::move(pointer);
  else if (name == ".cfi_lsda")
    frame.lsda = std::move(pointer);
  else if (name == ".cfi_return_column")
    frame.returnRegister = static_cast<uint32_t>(reg);
  else if (name == ".cfi_signal_frame")
    frame.signalFrame = true;
  else
    frame.instructions.push_back(std::move(in));
  return true;
}

bool lebDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, DirectiveError &fail) {
  const bool isSigned = name == ".sleb128";
  do {
    std::string err;
    uint32_t errCol = 0;
    const size_t from = c.pos;
    ExprText v = exprText(c, ctx.syms, err, errCol);
    if (!v.ok) return fail(errCol, err);
    int64_t value = v.value;
    if (!v.absolute && !ctx.streamer.evaluateNow(v.expr, value)) {
      if (ctx.streamer.writesObject()) {
        ctx.streamer.emitLeb(v.expr, isSigned,
                             expressionLocation(c.toks.subspan(from, c.pos - from)));
        if (ctx.asmOut) ctx.out += fmt::format("\t{} {}\n", name, v.text);
        continue;
      }
      value = 0;
    }
    std::vector<uint8_t> bytes;
    if (isSigned)
      obj::appendSleb(bytes, value);
    else
      obj::appendUleb(bytes, static_cast<uint64_t>(value));
    ctx.streamer.lineEntryHere();
    ctx.code.insert(ctx.code.end(), bytes.begin(), bytes.end());
    if (ctx.asmOut) {
      if (!v.absolute)
        ctx.out += fmt::format("\t{} {}\n", name, v.text);
      else
        printBytes(ctx.out,
                   std::string_view(reinterpret_cast<const char *>(bytes.data()), bytes.size()));
    }
  } while (c.accept(Tok::Comma));
  return c.atEnd() || fail(c.peek().col, "unexpected token");
}

} // namespace

bool dwarfDirective(DirectiveContext &ctx, std::string_view name, Cursor &c, std::string &err,
                    uint32_t &errCol, bool &handled) {
  DirectiveError fail{err, errCol};
  handled = true;
  if (name == ".file") return fileDirective(ctx, c, fail);
  if (name == ".loc") return locDirective(ctx, c, fail);
  if (name == ".loc_label") {
    // (llvm's temporary label where the entry is, then its line entry that only ends the
    // sequence and labels the line program: the line table exists without any .file)
    const uint32_t col = c.pos > 0 ? c.toks[c.pos - 1].col : 0;
    const Token label = c.peekName();
    if (!namesSymbol(label)) return fail(label.col, "expected identifier");
    c.skipName();
    if (!c.atEnd()) return fail(c.peek().col, "expected newline");
    ctx.streamer.generatedLabel(label.text, label.col, true);
    ctx.syms.locationLabel(col);
    if (ctx.asmOut) ctx.out += fmt::format(".loc_label\t{}\n", label.text);
    obj::DwarfTables &t = ctx.dwarf;
    t.lineTableUsed = true;
    const uint32_t section = ctx.streamer.sectionIndex();
    auto s = std::find_if(t.lineSections.begin(), t.lineSections.end(),
                          [&](const auto &l) { return l.section == section; });
    if (s == t.lineSections.end())
      s = t.lineSections.insert(s, obj::DwarfTables::LineSection{section, {}});
    s->entries.push_back(
        {ctx.streamer.sectionOffset(), t.current, std::string(label.text), t.entryCount++});
    return true;
  }
  if (name == ".uleb128" || name == ".sleb128") return lebDirective(ctx, name, c, fail);
  if (name.starts_with(".cfi_")) return cfiDirective(ctx, name, c, fail);
  handled = false;
  return true;
}

} // namespace gfxasm::as
