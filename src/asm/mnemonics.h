// Mnemonic lookup: every spelling the assembler accepts (the printed name, and the name without
// its encoding suffix _e32/_e64/_dpp/_sdwa) to the table entries to try, in preference order.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "isa/isa.h"

namespace gfxasm::as {

class MnemonicTable {
public:
  static const MnemonicTable &forArch(const isa::ArchTables &arch);
  std::span<const isa::InstrDesc *const> lookup(std::string_view name) const;

private:
  explicit MnemonicTable(const isa::ArchTables &arch);
  std::unordered_map<std::string_view, std::vector<const isa::InstrDesc *>> map_;
  std::vector<std::string> aliasNames_;
};

} // namespace gfxasm::as
