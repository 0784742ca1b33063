// Mnemonic lookup: every spelling the assembler accepts (the printed name, and the name without
// its encoding suffix _e32/_e64/_dpp/_sdwa) to the table entries to try, in preference order.
#pragma once

#include <deque>
#include <functional>
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
  // For an unknown `name` that is a known mnemonic with an encoding suffix, the suffix without
  // its '_' ("e64"): llvm's "e64 variant of this instruction is not supported". Else empty.
  std::string_view unsupportedVariant(std::string_view name) const;
  // llvm's "did you mean" list for an unknown mnemonic: the names (encoding suffix dropped) at
  // most two insertions/deletions away that have an entry `available` accepts, sorted.
  std::vector<std::string_view>
  similarNames(std::string_view name,
               const std::function<bool(const isa::InstrDesc &)> &available) const;

private:
  explicit MnemonicTable(const isa::ArchTables &arch);
  std::unordered_map<std::string_view, std::vector<const isa::InstrDesc *>> map_;
  std::vector<std::string> aliasNames_;
  std::deque<std::string> forcedNames_; // keys of map_ for the _e32/_e64 spellings (stable storage)
};

} // namespace gfxasm::as
