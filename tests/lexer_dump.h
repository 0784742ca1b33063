// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The lexer's output for a line as text, from the built lexer and from its portable (SWAR)
// classification, which x86-64 builds do not otherwise use: lexer_portable_test.cpp compares them.
#pragma once

#include <string>
#include <string_view>

namespace lexdump_real {
std::string lexDump(std::string_view line, bool &inBlockComment);
}
namespace lexdump_portable {
std::string lexDump(std::string_view line, bool &inBlockComment);
}
