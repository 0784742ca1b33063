#include "asm/mnemonics.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace gfxasm::as {

using namespace isa;

namespace {
// Encoding suffixes llvm accepts on a mnemonic, and the order a bare mnemonic tries them in:
// the shortest encoding first, as llvm's matcher does.
constexpr std::string_view kSuffixes[] = {"_e32", "_e64", "_sdwa", "_dpp", "_e64_dpp"};

int suffixRank(std::string_view name, std::string_view &base) {
  for (int i = static_cast<int>(std::size(kSuffixes)) - 1; i >= 0; --i) {
    std::string_view s = kSuffixes[i];
    if (name.size() > s.size() && name.substr(name.size() - s.size()) == s) {
      base = name.substr(0, name.size() - s.size());
      return i;
    }
  }
  base = name;
  return -1;
}

// Edit distance counting insertions and deletions only (a replacement costs two), as llvm's
// spell check computes it; anything above `max` is reported as max + 1.
unsigned insertDeleteDistance(std::string_view a, std::string_view b, unsigned max) {
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > max) return max + 1;
  std::vector<unsigned> row(b.size() + 1);
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

MnemonicTable::MnemonicTable(const ArchTables &arch) {
  std::map<std::string_view, std::vector<std::pair<int, const InstrDesc *>>> byBase;
  for (const InstrDesc &d : arch.instrs) {
    map_[d.name].push_back(&d);
    std::string_view base;
    int rank = suffixRank(d.name, base);
    if (rank >= 0) byBase[base].push_back({rank, &d});
  }
  for (auto &[base, list] : byBase) {
    std::stable_sort(list.begin(), list.end(), [](auto &a, auto &b) { return a.first < b.first; });
    auto &dst = map_[base];
    for (auto &[rank, d] : list) dst.push_back(d);
  }
  // Aliases try the same entries as the name they stand for.
  for (const MnemonicAlias &a : arch.aliases) {
    auto it = map_.find(a.target);
    if (it == map_.end()) continue;
    std::vector<const InstrDesc *> entries = it->second; // copied: inserting may rehash
    map_[a.name] = std::move(entries);
  }
  // llvm strips a forced-encoding suffix and matches the instructions of that encoding: _e32 takes
  // every non-VOP3 form (s_mov_b32_e32, ds_load_b32_e32, exp_e32), _e64 the VOP3 forms of a name
  // printed without suffix (v_fma_f32_e64, v_pk_add_f16_e64).
  std::vector<std::pair<std::string, std::vector<const InstrDesc *>>> forced;
  for (const auto &[key, entries] : map_) {
    std::string_view base;
    if (suffixRank(key, base) >= 0 || key.find("::") != std::string_view::npos) continue;
    for (bool vop3 : {false, true}) {
      std::string name = std::string(key) + (vop3 ? "_e64" : "_e32");
      if (map_.count(name)) continue;
      std::vector<const InstrDesc *> list;
      for (const InstrDesc *d : entries) {
        std::string_view fmt = arch.formatOf(*d).name;
        if ((fmt.starts_with("VOP3") || fmt == "VINTERP") == vop3) list.push_back(d);
      }
      if (!list.empty()) forced.emplace_back(std::move(name), std::move(list));
    }
  }
  for (auto &[name, list] : forced) {
    forcedNames_.push_back(std::move(name));
    map_[forcedNames_.back()] = std::move(list);
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

std::span<const InstrDesc *const> MnemonicTable::lookup(std::string_view name) const {
  auto it = map_.find(name);
  if (it == map_.end()) return {};
  return it->second;
}

} // namespace gfxasm::as

namespace gfxasm::as {

std::string_view MnemonicTable::unsupportedVariant(std::string_view name) const {
  std::string_view base;
  int rank = suffixRank(name, base);
  if (rank < 0 || !map_.count(base)) return {};
  return kSuffixes[rank].substr(1);
}

std::vector<std::string_view>
MnemonicTable::similarNames(std::string_view name,
                            const std::function<bool(const InstrDesc &)> &available) const {
  constexpr unsigned kMaxEditDistance = 2;
  std::string_view base;
  suffixRank(name, base);
  std::vector<std::string_view> out;
  for (const auto &[key, entries] : map_) {
    std::string_view keyBase;
    if (suffixRank(key, keyBase) >= 0 ||
        insertDeleteDistance(base, key, kMaxEditDistance) > kMaxEditDistance)
      continue;
    if (std::any_of(entries.begin(), entries.end(),
                    [&](const InstrDesc *d) { return available(*d); }))
      out.push_back(key);
  }
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace gfxasm::as
