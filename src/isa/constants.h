// Inline constants and literals of source operands (the 128-208 and 240-248 encodings).
#pragma once

#include <cstdint>
#include <string>

#include "isa/isa.h"

namespace gfxasm::isa {

// The inline encoding of integer `v` for an operand of type `t`, or -1 if `v` needs a literal.
int inlineEncodingOfInt(int64_t v, OpType t);
// The inline encoding of floating `v` for an operand of type `t`, or -1.
int inlineEncodingOfFloat(double v, OpType t);

// The 32-bit literal for integer `v` / floating `v` in an operand of type `t`; false if it does
// not fit.
bool literalOfInt(int64_t v, OpType t, uint32_t &lit);
bool literalOfFloat(double v, OpType t, uint32_t &lit);

// Prints an inline constant encoding (128-208, 240-248) as llvm does for type `t`.
bool printInlineConstant(unsigned enc, OpType t, std::string &out);

} // namespace gfxasm::isa
