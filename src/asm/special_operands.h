// Parsers of the structured immediate operands: waitcnt, delay, depctr, sendmsg, hwreg.
#pragma once

#include "asm/operand_parser.h"

namespace gfxasm::as {

bool parseWaitcnt(ParseContext &ctx, Cursor &c, isa::OperandValue &v);
bool parseDelay(ParseContext &ctx, Cursor &c, isa::OperandValue &v);
bool parseDepctr(ParseContext &ctx, Cursor &c, isa::OperandValue &v);
bool parseSendmsg(ParseContext &ctx, Cursor &c, isa::OperandValue &v);
bool parseHwreg(ParseContext &ctx, Cursor &c, isa::OperandValue &v);

} // namespace gfxasm::as
