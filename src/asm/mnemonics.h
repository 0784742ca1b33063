// Mnemonic lookup: every spelling the assembler accepts (the printed name, and the name without
// its encoding suffix _e32/_e64/_dpp/_sdwa) to the table entries to try, in preference order.
#pragma once

#include <deque>
#include <functional>
#include <span>
#include <string>
#include <string_view>
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
  // An open-addressing hash table (linear probing, power-of-two size) over one flat candidate
  // list: a lookup per statement is a hash of the name, a probe or two and one comparison.
  struct Slot {
    std::string_view name;         // empty: a free slot
    uint32_t first = 0, count = 0; // candidates_[first, first + count)
  };
  const Slot *find(std::string_view name) const;
  std::vector<Slot> slots_;
  std::vector<const isa::InstrDesc *> candidates_;
  std::deque<std::string> forcedNames_; // generated spellings (_e32/_e64, _dpp, aliases')
  std::span<const isa::MnemonicAlias> aliases_;
};

} // namespace gfxasm::as
