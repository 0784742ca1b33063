// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Mnemonic lookup: every spelling the assembler accepts (the printed name, and the name without
// its encoding suffix _e32/_e64/_dpp/_sdwa) to the table entries to try, in preference order.
#pragma once

#include <cstring>
#include <functional>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "asm/text.h"
#include "isa/isa.h"

namespace gfxasm::as {

// Encoding suffixes llvm accepts on a mnemonic, and the order a bare mnemonic tries them in:
// the shortest encoding first, as llvm's matcher does.
inline constexpr std::string_view kEncodingSuffixes[] = {"_e32", "_e64", "_sdwa", "_dpp",
                                                         "_e64_dpp"};

// The index of `name`'s encoding suffix in kEncodingSuffixes (base: the name without it), or -1.
inline int suffixRank(std::string_view name, std::string_view &base) {
  for (int i = static_cast<int>(std::size(kEncodingSuffixes)) - 1; i >= 0; --i) {
    std::string_view s = kEncodingSuffixes[i];
    if (name.size() > s.size() && name.substr(name.size() - s.size()) == s) {
      base = name.substr(0, name.size() - s.size());
      return i;
    }
  }
  base = name;
  return -1;
}

// A fast hash of short strings: 8 bytes at a time (mnemonics are 5 to 40 characters).
inline uint64_t mnemonicHash(std::string_view s) {
  constexpr uint64_t kMul = 0x9e3779b97f4a7c15ull;
  uint64_t h = s.size() * kMul;
  const char *p = s.data();
  size_t n = s.size();
  auto mix = [&](uint64_t w) {
    h = (h ^ w) * kMul;
    h ^= h >> 29;
  };
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    mix(w);
  }
  if (n) mix(tailWord(s.data(), s.size(), n));
  return h;
}

// Every spelling and the entries (indices into ArchTables::instrs) it tries, in the layout of
// isa::MnemonicIndex. Computed at build time by tools/mnemonic_tablegen.
struct MnemonicIndexBuild {
  std::vector<uint32_t> slots; // as isa::MnemonicIndex::slots
  std::vector<std::string> names;
  std::vector<uint32_t> first; // per name, into candidates; one more at the end
  std::vector<uint32_t> candidates;
};
MnemonicIndexBuild buildMnemonicIndex(const isa::ArchTables &arch);

// The assembler's view of the generated index.
class MnemonicTable {
public:
  static const MnemonicTable &forArch(const isa::ArchTables &arch);
  // The entries (indices into ArchTables::instrs) `name` tries, in order.
  std::span<const uint32_t> lookup(std::string_view name) const {
    int k = find(name);
    return k < 0 ? std::span<const uint32_t>() : entriesAt(static_cast<uint32_t>(k));
  }
  // The index of `name` among the spellings (0 to size() - 1), or -1; and the entries of one.
  int find(std::string_view name) const;
  size_t size() const { return index_.names.size(); }
  std::span<const uint32_t> entriesAt(uint32_t k) const {
    return index_.candidates.subspan(index_.names[k].firstCandidate, index_.names[k].count);
  }
  // What `name` stands for when it is an alias (an old mnemonic: isa::MnemonicAlias), else empty.
  std::string_view aliasTarget(std::string_view name) const;
  // For an unknown `name` that is a known mnemonic with an encoding suffix, the suffix without
  // its '_' ("e64"): llvm's "e64 variant of this instruction is not supported". Else empty.
  std::string_view unsupportedVariant(std::string_view name) const;
  // llvm's "did you mean" list for an unknown mnemonic: the names (encoding suffix dropped; of a
  // VOPD pair its first name) at most two insertions/deletions away that have an entry
  // `available` accepts, sorted.
  std::vector<std::string_view>
  similarNames(std::string_view name,
               const std::function<bool(const isa::InstrDesc &)> &available) const;
  // The dual-issue pair entries (named `X::Y`, indices into ArchTables::instrs) whose first half
  // X is `first`, in table order: one lookup instead of a scan of every entry's name (done for
  // each unknown mnemonic).
  std::span<const uint32_t> pairsWithFirst(std::string_view first) const;

private:
  struct SuggestionKey {
    std::string_view name;
    uint64_t characters; // characterSet(name) (mnemonics.cpp)
    uint32_t index;      // among the spellings
  };
  struct Suggestions {
    std::vector<SuggestionKey> keys; // by length
  };
  const Suggestions &suggestions() const;
  explicit MnemonicTable(const isa::ArchTables &arch);
  std::string_view nameAt(uint32_t k) const { // (in line, no bounds check: every lookup reads one)
    return std::string_view(index_.text.data() + index_.names[k].textStart, index_.names[k].length);
  }
  const isa::ArchTables &arch_;
  const isa::MnemonicIndex &index_;
  std::span<const isa::MnemonicAlias> aliases_;
  mutable std::once_flag suggestionsBuilt_;
  mutable Suggestions suggestions_;
  // pairsWithFirst's index, built on its first use: first halves sorted (equal ones in table
  // order) and their entries alongside.
  mutable std::once_flag pairsBuilt_;
  mutable std::vector<std::string_view> pairFirsts_;
  mutable std::vector<uint32_t> pairEntries_;
};

} // namespace gfxasm::as
