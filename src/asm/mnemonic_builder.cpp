// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Build time only (tools/mnemonic_tablegen): every spelling the assembler accepts and the table
// entries it tries, in the layout MnemonicTable reads at run time.
#include <algorithm>
#include <deque>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "asm/mnemonics.h"

namespace gfxasm::as {

using namespace isa;

namespace {

// The mnemonic suffix of a format's encoding extension (DPP16, DPP8, gfx9's DPP and SDWA), or "".
std::string_view extensionSuffix(std::string_view format) {
  if (format.ends_with("_DPP16") || format.ends_with("_DPP8") || format.ends_with("_DPP"))
    return "_dpp";
  if (format.ends_with("_SDWA")) return "_sdwa";
  return {};
}

} // namespace

MnemonicIndexBuild buildMnemonicIndex(const ArchTables &arch) {
  std::deque<std::string> generated; // spellings made here (_e32/_e64, _dpp, aliases' suffixed)

  std::unordered_map<std::string_view, std::vector<const InstrDesc *>> byName;
  std::map<std::string_view, std::vector<std::pair<int, const InstrDesc *>>> byBase;
  for (const InstrDesc &d : arch.instrs) {
    byName[d.name].push_back(&d);
    std::string_view base;
    int rank = suffixRank(d.name, base);
    if (rank >= 0) {
      byBase[base].push_back({rank, &d});
    } else if (std::string_view suffix = extensionSuffix(arch.formatOf(d).name); !suffix.empty()) {
      // DPP and SDWA forms that print without their suffix (gfx11's VOPC DPP v_cmpx_eq_f32 v2, v3
      // row_shl:1, gfx9's v_nop row_shl:1) are also spelled with it (v_cmpx_eq_f32_dpp,
      // v_nop_sdwa).
      std::string spelled = std::string(d.name) + std::string(suffix);
      auto it = byName.find(spelled);
      if (it == byName.end()) {
        generated.push_back(std::move(spelled));
        it = byName.emplace(generated.back(), std::vector<const InstrDesc *>()).first;
      }
      it->second.push_back(&d);
    }
  }
  // Of the entries printed with one name, the DPP and SDWA forms are tried last, as llvm tries
  // its match variants (gfx9's v_nop is the VOP1 form unless a control says otherwise).
  for (auto &[name, list] : byName)
    std::stable_partition(list.begin(), list.end(), [&](const InstrDesc *d) {
      return extensionSuffix(arch.formatOf(*d).name).empty();
    });
  for (auto &[base, list] : byBase) {
    std::stable_sort(list.begin(), list.end(), [](auto &a, auto &b) { return a.first < b.first; });
    auto &dst = byName[base];
    for (auto &[rank, d] : list) dst.push_back(d);
  }
  // Aliases try the same entries as the name they stand for, also under each encoding suffix
  // (v_add_u32_dpp is v_add_nc_u32_dpp): llvm strips the suffix, then applies the alias. A name
  // that has entries of its own keeps them first (gfx908's v_mfma_f32_4x4x1f32 is gfx942's
  // v_mfma_f32_4x4x1_16b_f32: each cpu has one of the two).
  auto addEntries = [&](std::string_view name, std::vector<const InstrDesc *> list) {
    auto own = byName.find(name);
    if (own == byName.end()) {
      generated.emplace_back(name);
      byName[generated.back()] = std::move(list);
    } else {
      own->second.insert(own->second.end(), list.begin(), list.end());
    }
  };
  for (const MnemonicAlias &a : arch.aliases) {
    auto it = byName.find(a.target);
    if (it == byName.end()) continue;
    addEntries(a.name, it->second); // (copied: inserting may rehash)
    for (std::string_view suffix : kEncodingSuffixes) {
      auto st = byName.find(std::string(a.target) + std::string(suffix));
      if (st == byName.end()) continue;
      addEntries(std::string(a.name) + std::string(suffix), st->second);
    }
  }
  // llvm strips a forced-encoding suffix and matches the instructions of that encoding: _e32 takes
  // every non-VOP3 form (s_mov_b32_e32, ds_load_b32_e32, exp_e32) and those llvm has as VOP2 in a
  // VOP3 encoding (IF_E32Suffix: v_readlane_b32_e32), _e64 the other VOP3 forms of a name printed
  // without suffix (v_fma_f32_e64, v_pk_add_f16_e64), but not their DPP forms.
  std::vector<std::pair<std::string, std::vector<const InstrDesc *>>> forced;
  for (const auto &[key, entries] : byName) {
    std::string_view base;
    if (suffixRank(key, base) >= 0 || key.find("::") != std::string_view::npos) continue;
    for (bool vop3 : {false, true}) {
      std::string name = std::string(key) + (vop3 ? "_e64" : "_e32");
      // A name some processors have with the suffix (v_mul_legacy_f32_e64 on gfx900) and others
      // only plain (gfx90a's VOP3-only v_mul_legacy_f32) also takes the plain entries.
      const bool spelled = byName.count(name) != 0;
      if (spelled && !vop3) continue;
      std::vector<const InstrDesc *> list;
      for (const InstrDesc *d : entries) {
        std::string_view fmt = arch.formatOf(*d).name, unused;
        const bool vop3Form =
            (fmt.starts_with("VOP3") || fmt == "VINTERP") && !(d->flags & IF_E32Suffix);
        if (vop3Form == vop3 && !d->name.ends_with("_dpp") && extensionSuffix(fmt).empty() &&
            (!spelled || (suffixRank(d->name, unused) < 0 && fmt.find("DPP") == fmt.npos)))
          list.push_back(d);
      }
      if (!list.empty()) forced.emplace_back(std::move(name), std::move(list));
    }
  }
  for (auto &[name, list] : forced) {
    if (auto own = byName.find(name); own != byName.end()) {
      own->second.insert(own->second.end(), list.begin(), list.end());
      continue;
    }
    generated.push_back(std::move(name));
    byName[generated.back()] = std::move(list);
  }
  MnemonicIndexBuild out;
  std::vector<std::pair<std::string_view, const std::vector<const InstrDesc *> *>> sorted;
  for (const auto &[name, list] : byName) sorted.emplace_back(name, &list);
  std::sort(sorted.begin(), sorted.end()); // a stable output, whatever the map's order
  size_t size = 16;
  while (size < sorted.size() * 2) size *= 2;
  out.slots.assign(size, 0);
  out.first.push_back(0);
  if (sorted.size() >= 0xffff) throw std::length_error("mnemonic slots hold 16-bit name indices");
  for (const auto &[name, list] : sorted) {
    const uint64_t hash = mnemonicHash(name);
    size_t i = hash & (size - 1);
    while (out.slots[i]) i = (i + 1) & (size - 1);
    out.slots[i] = static_cast<uint32_t>(hash >> 48 << 16 | (out.names.size() + 1));
    out.names.emplace_back(name);
    for (const InstrDesc *d : *list)
      out.candidates.push_back(static_cast<uint32_t>(d - arch.instrs.data()));
    out.first.push_back(static_cast<uint32_t>(out.candidates.size()));
  }
  return out;
}

} // namespace gfxasm::as
