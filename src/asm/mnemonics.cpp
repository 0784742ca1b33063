#include "asm/mnemonics.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

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

// A fast hash of short strings: 8 bytes at a time (mnemonics are 5 to 40 characters).
uint64_t hashName(std::string_view s) {
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
  if (n) {
    uint64_t w = 0;
    for (size_t i = 0; i < n; ++i)
      w |= static_cast<uint64_t>(static_cast<uint8_t>(p[i])) << (8 * i);
    mix(w);
  }
  return h;
}
} // namespace

MnemonicTable::MnemonicTable(const ArchTables &arch) {
  std::unordered_map<std::string_view, std::vector<const InstrDesc *>> byName;
  std::map<std::string_view, std::vector<std::pair<int, const InstrDesc *>>> byBase;
  for (const InstrDesc &d : arch.instrs) {
    byName[d.name].push_back(&d);
    std::string_view base;
    int rank = suffixRank(d.name, base);
    if (rank >= 0) {
      byBase[base].push_back({rank, &d});
    } else if (std::string_view fmt = arch.formatOf(d).name;
               fmt.ends_with("_DPP16") || fmt.ends_with("_DPP8")) {
      // VOPC DPP forms print without _dpp (v_cmpx_eq_f32 v2, v3 row_shl:1), but llvm takes it.
      std::string dpp = std::string(d.name) + "_dpp";
      auto it = byName.find(dpp);
      if (it == byName.end()) {
        forcedNames_.push_back(std::move(dpp));
        it = byName.emplace(forcedNames_.back(), std::vector<const InstrDesc *>()).first;
      }
      it->second.push_back(&d);
    }
  }
  for (auto &[base, list] : byBase) {
    std::stable_sort(list.begin(), list.end(), [](auto &a, auto &b) { return a.first < b.first; });
    auto &dst = byName[base];
    for (auto &[rank, d] : list) dst.push_back(d);
  }
  // Aliases try the same entries as the name they stand for, also under each encoding suffix
  // (v_add_u32_dpp is v_add_nc_u32_dpp): llvm strips the suffix, then applies the alias.
  aliases_ = arch.aliases;
  for (const MnemonicAlias &a : arch.aliases) {
    auto it = byName.find(a.target);
    if (it == byName.end()) continue;
    std::vector<const InstrDesc *> entries = it->second; // copied: inserting may rehash
    byName[a.name] = std::move(entries);
    for (std::string_view suffix : kSuffixes) {
      auto st = byName.find(std::string(a.target) + std::string(suffix));
      if (st == byName.end()) continue;
      std::vector<const InstrDesc *> list = st->second;
      forcedNames_.push_back(std::string(a.name) + std::string(suffix));
      byName[forcedNames_.back()] = std::move(list);
    }
  }
  // llvm strips a forced-encoding suffix and matches the instructions of that encoding: _e32 takes
  // every non-VOP3 form (s_mov_b32_e32, ds_load_b32_e32, exp_e32), _e64 the VOP3 forms of a name
  // printed without suffix (v_fma_f32_e64, v_pk_add_f16_e64), but not their DPP forms.
  std::vector<std::pair<std::string, std::vector<const InstrDesc *>>> forced;
  for (const auto &[key, entries] : byName) {
    std::string_view base;
    if (suffixRank(key, base) >= 0 || key.find("::") != std::string_view::npos) continue;
    for (bool vop3 : {false, true}) {
      std::string name = std::string(key) + (vop3 ? "_e64" : "_e32");
      if (byName.count(name)) continue;
      std::vector<const InstrDesc *> list;
      for (const InstrDesc *d : entries) {
        std::string_view fmt = arch.formatOf(*d).name;
        if ((fmt.starts_with("VOP3") || fmt == "VINTERP") == vop3 && !d->name.ends_with("_dpp"))
          list.push_back(d);
      }
      if (!list.empty()) forced.emplace_back(std::move(name), std::move(list));
    }
  }
  for (auto &[name, list] : forced) {
    forcedNames_.push_back(std::move(name));
    byName[forcedNames_.back()] = std::move(list);
  }
  size_t size = 16;
  while (size < byName.size() * 2) size *= 2;
  slots_.resize(size);
  for (const auto &[name, list] : byName) {
    size_t i = hashName(name) & (size - 1);
    while (!slots_[i].name.empty()) i = (i + 1) & (size - 1);
    slots_[i] = {name, static_cast<uint32_t>(candidates_.size()),
                 static_cast<uint32_t>(list.size())};
    candidates_.insert(candidates_.end(), list.begin(), list.end());
  }
}

const MnemonicTable::Slot *MnemonicTable::find(std::string_view name) const {
  if (name.empty()) return nullptr;
  const size_t mask = slots_.size() - 1;
  for (size_t i = hashName(name) & mask;; i = (i + 1) & mask) {
    const Slot &s = slots_[i];
    if (s.name.empty()) return nullptr;
    if (s.name == name) return &s;
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
  const Slot *s = find(name);
  if (!s) return {};
  return {candidates_.data() + s->first, s->count};
}

} // namespace gfxasm::as

namespace gfxasm::as {

std::string_view MnemonicTable::unsupportedVariant(std::string_view name) const {
  std::string_view base;
  int rank = suffixRank(name, base);
  if (rank < 0 || !find(base)) return {};
  return kSuffixes[rank].substr(1);
}

std::vector<std::string_view>
MnemonicTable::similarNames(std::string_view name,
                            const std::function<bool(const InstrDesc &)> &available) const {
  constexpr unsigned kMaxEditDistance = 2;
  std::string_view base;
  suffixRank(name, base);
  std::vector<std::string_view> out;
  for (const Slot &s : slots_) {
    std::string_view key = s.name, keyBase;
    // llvm suggests instruction names only, not aliases.
    if (key.empty() || suffixRank(key, keyBase) >= 0 ||
        insertDeleteDistance(base, key, kMaxEditDistance) > kMaxEditDistance ||
        std::any_of(aliases_.begin(), aliases_.end(),
                    [&](const isa::MnemonicAlias &a) { return a.name == key; }))
      continue;
    auto entries = lookup(key);
    if (std::any_of(entries.begin(), entries.end(),
                    [&](const InstrDesc *d) { return available(*d); }))
      out.push_back(key);
  }
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace gfxasm::as
