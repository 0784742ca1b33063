// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The generated llvm-mca tables and their index: per architecture, the rows in a hash map keyed
// by (format, name), resolved once per table entry on first use.
#include "analysis/mca_latency.h"
#include "analysis/timing_rules.h"

#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace gfxasm::analysis {

namespace {

constexpr int kMaxModels = 16;

struct Row {
  std::string_view format, name;
  int values[2 * kMaxModels];
};
struct Model {
  int index;
  std::string_view cpus;
};

#define MCA_MODEL(i, cpus) {i, cpus},
#define MCA(format, name, ...)
constexpr Model kGfx9Models[] = {
#include "../../isa/gfx9/mca_latency.def"
};
#undef MCA_MODEL
#undef MCA
#define MCA_MODEL(i, cpus)
#define MCA(format, name, ...) {format, name, {__VA_ARGS__}},
constexpr Row kGfx9Rows[] = {
#include "../../isa/gfx9/mca_latency.def"
};
constexpr Row kGfx11Rows[] = {
#include "../../isa/gfx11/mca_latency.def"
};
#undef MCA_MODEL
#undef MCA
#define MCA_MODEL(i, cpus) {i, cpus},
#define MCA(format, name, ...)
constexpr Model kGfx11Models[] = {
#include "../../isa/gfx11/mca_latency.def"
};
#undef MCA_MODEL
#undef MCA

struct ArchData {
  std::string_view arch;
  std::span<const Model> models;
  std::span<const Row> rows;
};
constexpr ArchData kArchData[] = {{"gfx9", kGfx9Models, kGfx9Rows},
                                  {"gfx11", kGfx11Models, kGfx11Rows}};

// Per architecture: the row of each table entry (-1: none).
struct Index {
  const ArchData *data = nullptr;
  std::vector<int> rowOf;
};

const Index &indexOf(const isa::ArchTables &arch) {
  static std::mutex mutex;
  static std::unordered_map<const isa::ArchTables *, Index> indices;
  std::lock_guard lock(mutex);
  auto [it, inserted] = indices.try_emplace(&arch);
  if (!inserted) return it->second;
  Index &idx = it->second;
  for (const ArchData &d : kArchData)
    if (d.arch == arch.name) idx.data = &d;
  idx.rowOf.assign(arch.instrs.size(), -1);
  if (!idx.data) return idx;
  std::unordered_map<std::string, int> byKey;
  for (size_t i = 0; i < idx.data->rows.size(); ++i) {
    const Row &r = idx.data->rows[i];
    byKey.emplace(std::string(r.format) + ' ' + std::string(r.name), static_cast<int>(i));
  }
  for (size_t i = 0; i < arch.instrs.size(); ++i) {
    const isa::InstrDesc &d = arch.instrs[i];
    auto row = byKey.find(std::string(arch.formatOf(d).name) + ' ' + std::string(d.name));
    if (row != byKey.end()) idx.rowOf[i] = row->second;
  }
  // An assembler-only name (gfx9's v_mul_lo_i32) times as the entry of its bits.
  for (size_t i = 0; i < arch.instrs.size(); ++i) {
    const isa::InstrDesc &d = arch.instrs[i];
    if (!(d.flags & isa::IF_AsmOnly)) continue;
    for (size_t j = 0; j < arch.instrs.size() && idx.rowOf[i] < 0; ++j) {
      const isa::InstrDesc &o = arch.instrs[j];
      if (o.format == d.format && o.opcode == d.opcode && !(o.flags & isa::IF_AsmOnly))
        idx.rowOf[i] = idx.rowOf[j];
    }
  }
  return idx;
}

// The model column of `cpu`: -1 if no model names it.
int modelOf(const ArchData &data, std::string_view cpu) {
  for (const Model &m : data.models)
    if (cpuListed(m.cpus, cpu)) return m.index;
  return -1;
}

} // namespace

std::optional<McaTiming> mcaTiming(const isa::ArchTables &arch, const isa::InstrDesc &desc,
                                   std::string_view cpu) {
  const Index &idx = indexOf(arch);
  if (!idx.data) return std::nullopt;
  int model = modelOf(*idx.data, cpu);
  int row = idx.rowOf[static_cast<size_t>(&desc - arch.instrs.data())];
  if (model < 0 || row < 0) return std::nullopt;
  const Row &r = idx.data->rows[static_cast<size_t>(row)];
  if (r.values[2 * model] < 0) return std::nullopt;
  return McaTiming{r.values[2 * model], r.values[2 * model + 1]};
}

std::string_view mcaModelOf(const isa::ArchTables &arch, std::string_view cpu) {
  for (const ArchData &d : kArchData) {
    if (d.arch != arch.name) continue;
    int m = modelOf(d, cpu);
    if (m >= 0) return d.models[static_cast<size_t>(m)].cpus;
  }
  return {};
}

} // namespace gfxasm::analysis
