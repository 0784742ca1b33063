// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "asm/mnemonics.h"

#include "asm/text.h"

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>

namespace gfxasm::as {

using namespace isa;

namespace {
// Edit distance counting insertions and deletions only (a replacement costs two), as llvm's
// spell check computes it; anything above `max` is reported as max + 1.
unsigned insertDeleteDistance(std::string_view a, std::string_view b, unsigned max) {
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > max) return max + 1;
  // (one row of the table; mnemonics are short, longer names get a heap row)
  unsigned small[64];
  std::vector<unsigned> large(b.size() + 1 > std::size(small) ? b.size() + 1 : 0);
  unsigned *row = large.empty() ? small : large.data();
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<unsigned>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    unsigned diag = row[0];
    row[0] = static_cast<unsigned>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      unsigned up = row[j];
      row[j] = a[i - 1] == b[j - 1] ? diag : std::min(row[j - 1], up) + 1;
      diag = up;
    }
  }
  return std::min(row[b.size()], max + 1);
}

} // namespace

MnemonicTable::MnemonicTable(const ArchTables &arch)
    : arch_(arch), index_(mnemonicIndexOf(arch)), aliases_(arch.aliases) {}

int MnemonicTable::find(std::string_view name) const {
  if (name.empty()) return -1;
  const size_t mask = index_.slots.size() - 1;
  const uint64_t hash = mnemonicHash(name);
  const uint32_t tag = static_cast<uint32_t>(hash >> 48);
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const uint32_t slot = index_.slots[i];
    if (!slot) return -1;
    if (slot >> 16 != tag) continue;
    const uint32_t k = (slot & 0xffff) - 1;
    if (sameText(nameAt(k), name)) return static_cast<int>(k);
  }
}

const MnemonicTable &MnemonicTable::forArch(const ArchTables &arch) {
  static std::mutex mu;
  static std::map<const ArchTables *, std::unique_ptr<MnemonicTable>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto &slot = cache[&arch];
  if (!slot) slot.reset(new MnemonicTable(arch));
  return *slot;
}

std::span<const uint32_t> MnemonicTable::pairsWithFirst(std::string_view first) const {
  std::call_once(pairsBuilt_, [&] {
    std::vector<std::pair<std::string_view, uint32_t>> pairs;
    for (uint32_t e = 0; e < arch_.instrs.size(); ++e) {
      const std::string_view name = arch_.instrs[e].name;
      const size_t sep = name.find("::");
      if (sep != std::string_view::npos && name.size() > sep + 2)
        pairs.emplace_back(name.substr(0, sep), e);
    }
    std::sort(pairs.begin(), pairs.end());
    for (const auto &[x, e] : pairs) {
      pairFirsts_.push_back(x);
      pairEntries_.push_back(e);
    }
  });
  auto [lo, hi] = std::equal_range(pairFirsts_.begin(), pairFirsts_.end(), first);
  return std::span<const uint32_t>(pairEntries_)
      .subspan(static_cast<size_t>(lo - pairFirsts_.begin()), static_cast<size_t>(hi - lo));
}

} // namespace gfxasm::as

namespace gfxasm::as {

std::string_view MnemonicTable::aliasTarget(std::string_view name) const {
  // (tools/isa_tablegen writes the aliases sorted by name)
  auto it =
      std::lower_bound(aliases_.begin(), aliases_.end(), name,
                       [](const isa::MnemonicAlias &a, std::string_view n) { return a.name < n; });
  return it != aliases_.end() && it->name == name ? it->target : std::string_view();
}

std::string_view MnemonicTable::unsupportedVariant(std::string_view name) const {
  std::string_view base;
  int rank = suffixRank(name, base);
  if (rank < 0 || find(base) < 0) return {};
  return kEncodingSuffixes[rank].substr(1);
}

namespace {
// The characters of a name as a set (letters, digits, '_'; the others share bits): two names
// whose sets differ in more than k characters are more than k insertions/deletions apart.
uint64_t characterSet(std::string_view s) {
  uint64_t set = 0;
  for (char ch : s) {
    unsigned c = static_cast<unsigned char>(ch);
    unsigned bit = c >= 'a' && c <= 'z'   ? c - 'a'
                   : c >= '0' && c <= '9' ? 26 + (c - '0')
                   : c == '_'             ? 36
                                          : 37 + c % 27;
    set |= uint64_t(1) << bit;
  }
  return set;
}
} // namespace

const MnemonicTable::Suggestions &MnemonicTable::suggestions() const {
  // Built on the first unknown mnemonic only: the instruction names llvm may suggest (no encoding
  // suffix, no alias), by length, each with its character set.
  std::call_once(suggestionsBuilt_, [&] {
    for (uint32_t k = 0; k < index_.names.size(); ++k) {
      std::string_view key = nameAt(k), keyBase;
      if (suffixRank(key, keyBase) >= 0 || !aliasTarget(key).empty()) continue;
      // (a VOPD pair `X::Y` is llvm's instruction X: its first name is the one suggested)
      if (size_t pair = key.find("::"); pair != std::string_view::npos) key = key.substr(0, pair);
      suggestions_.keys.push_back({key, characterSet(key), k});
    }
    std::stable_sort(suggestions_.keys.begin(), suggestions_.keys.end(),
                     [](const SuggestionKey &a, const SuggestionKey &b) {
                       return a.name.size() < b.name.size();
                     });
  });
  return suggestions_;
}

std::vector<std::string_view>
MnemonicTable::similarNames(std::string_view name,
                            const std::function<bool(const InstrDesc &)> &available) const {
  constexpr unsigned kMaxEditDistance = 2;
  std::string_view base;
  suffixRank(name, base);
  const Suggestions &sg = suggestions();
  const uint64_t baseSet = characterSet(base);
  const size_t shortest = base.size() > kMaxEditDistance ? base.size() - kMaxEditDistance : 0;
  auto it = std::lower_bound(
      sg.keys.begin(), sg.keys.end(), shortest,
      [](const SuggestionKey &key, size_t length) { return key.name.size() < length; });
  std::vector<std::string_view> out;
  for (; it != sg.keys.end() && it->name.size() <= base.size() + kMaxEditDistance; ++it) {
    // (every character in one name and not the other takes an insertion or a deletion)
    if (static_cast<unsigned>(std::popcount(baseSet ^ it->characters)) > kMaxEditDistance ||
        insertDeleteDistance(base, it->name, kMaxEditDistance) > kMaxEditDistance)
      continue;
    auto entries = entriesAt(it->index);
    if (std::any_of(entries.begin(), entries.end(),
                    [&](uint32_t e) { return available(arch_.instrs[e]); }))
      out.push_back(it->name);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace gfxasm::as
