// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// Instruction classes and register reads/writes, derived from the ISA tables: the category from
// the entry's unit and format, the registers from each operand's class (how its value names
// registers), field (destination or source) and type (width). The few facts the tables do not
// hold (which memory operations load or store, control flow, implicit SCC/EXEC) are the name
// rules in kNameTraits, one table.
#include <algorithm>
#include <array>
#include <string>

#include <fmt/format.h>

#include "analysis/program.h"
#include "isa/arch_traits.h"
#include "isa/registers.h"

namespace gfxasm::analysis {

using namespace isa;

namespace {

// How an operand class's value names registers.
enum class RegEncoding : uint8_t {
  None,     // not a register operand
  Scalar,   // a scalar source encoding (0-255): SGPRs, vcc, ttmps, m0, exec, src_scc
  Source9,  // the 9-bit source encoding: scalar below 256, VGPRs from 256, AGPRs from 512
  Vector,   // a VGPR number (or a 9-bit encoding from 256 on)
  VectorLo, // a DPP VGPR of a 16-bit value: the number in the low 7 bits
  Sbase,    // SGPR number / 2
  Srsrc,    // SGPR number / 4
  Agpr,     // an AGPR number (or its 9-bit encoding minus 256)
  MaiTuple, // an MFMA result/accumulator: VGPRs or AGPRs by acc_cd (always AGPRs on gfx908)
  MaiAb,    // an MFMA A/B source: VGPRs or AGPRs by the acc bit of its slot
  AvData,   // memory data: VGPRs, or AGPRs when the entry's acc bit is set
};

RegEncoding encodingOf(OpClass c) {
  switch (c) {
  case OpClass::sreg:
  case OpClass::ssrc:
  case OpClass::ssrc_inline:
  case OpClass::sreg_nonull:
  case OpClass::smem_sdata:
  case OpClass::vssrc:
  case OpClass::vssrc_inline:
  case OpClass::vmask:
  case OpClass::vsdst_nom0:
  case OpClass::vcc:
  case OpClass::dpp_vcc:
  case OpClass::flat_saddr:
  case OpClass::buf_soffset:
  case OpClass::smem_soffset: return RegEncoding::Scalar;
  case OpClass::vsrc:
  case OpClass::vsrc_mod:
  case OpClass::vsrc_neg:
  case OpClass::psrc:
  case OpClass::psrc_mods:
  case OpClass::sdwa_src:
  case OpClass::sdwa_src_mod:
  case OpClass::sdwa_src_sext:
  case OpClass::vopd_src:
  case OpClass::vopd_src_vcc:
  case OpClass::wmma_c:
  case OpClass::mai_write_src:
  case OpClass::exp_src:
  case OpClass::msrc: return RegEncoding::Source9;
  case OpClass::vgpr:
  case OpClass::vgpr_mod:
  case OpClass::vgpr_tuple:
  case OpClass::mvgpr:
  case OpClass::pvdst:
  case OpClass::pvreg:
  case OpClass::vopd_vdst:
  case OpClass::vopd_vdst_acc:
  case OpClass::vopd_vsrc:
  case OpClass::vopd_vsrc2:
  case OpClass::dpp_vreg:
  case OpClass::dpp_vreg_mod:
  case OpClass::dpp_vreg_neg:
  case OpClass::dpp_vreg_abs:
  case OpClass::dpp3_vgpr:
  case OpClass::dpp3_vgpr_mod:
  case OpClass::dpp3_vgpr_neg:
  case OpClass::mimg_vdata:
  case OpClass::mimg_vaddr:
  case OpClass::mimg_nsa_vaddr:
  case OpClass::mimg_nsa_extra:
  case OpClass::mai_vgpr: return RegEncoding::Vector;
  case OpClass::dpp_vreg_lo:
  case OpClass::dpp_vreg_lo_mod:
  case OpClass::dpp_vreg_lo_neg:
  case OpClass::dpp_vreg_lo_abs: return RegEncoding::VectorLo;
  case OpClass::sbase: return RegEncoding::Sbase;
  case OpClass::srsrc: return RegEncoding::Srsrc;
  case OpClass::mai_agpr:
  case OpClass::mai_adst: return RegEncoding::Agpr;
  case OpClass::mai_dst:
  case OpClass::mai_c:
  case OpClass::mai_c_lit: return RegEncoding::MaiTuple;
  case OpClass::mai_ab:
  case OpClass::mai_ab_fmt: return RegEncoding::MaiAb;
  case OpClass::av_tuple: return RegEncoding::AvData;
  default: return RegEncoding::None;
  }
}

// Name rules: traits (and a category) the tables do not give. First match by prefix wins within
// a group; all groups apply.
struct NameRule {
  std::string_view prefix;
  uint32_t traits;
};
constexpr NameRule kControl[] = {
    {"s_branch", T_Jump},
    {"s_cbranch_", T_CondBranch},
    {"s_setpc_b64", T_Indirect},
    {"s_swappc_b64", T_Call},
    {"s_call_b64", T_Call},
    {"s_endpgm", T_EndProgram},
    {"s_barrier", T_Barrier},
    {"s_waitcnt_depctr", T_Depctr},
    {"s_waitcnt", T_Waitcnt},
    {"s_delay_alu", T_DelayAlu | T_NoIssue},
    {"s_nop", T_Nop},
    {"buffer_wbinvl1", T_CacheInvalidate},
    {"buffer_gl0_inv", T_CacheInvalidate},
    {"buffer_gl1_inv", T_CacheInvalidate},
    {"buffer_inv", T_CacheInvalidate},
    {"s_sendmsg_rtn", T_MessageReturn},
    {"s_memtime", T_MemTime},
    {"s_memrealtime", T_MemTime},
    {"v_mfma", T_Matrix},
    {"v_smfmac", T_Matrix},
    {"v_wmma", T_Matrix},
    {"v_swmmac", T_Matrix},
};
// Memory direction, by the words of the name (ds_read/ds_write are gfx9's names).
constexpr NameRule kMemory[] = {
    {"image_sample", T_Load | T_Sampler},
    {"image_gather", T_Load | T_Sampler},
    {"image_get_lod", T_Load | T_Sampler},
    {"image_msaa_load", T_Load | T_Sampler},
    {"image_bvh", T_Load | T_Bvh},
    {"image_atomic", T_Atomic | T_Store},
    {"image_store", T_Store},
    {"image_load", T_Load},
    {"image_get_resinfo", T_Load},
    {"s_buffer_load", T_Load},
    {"s_load", T_Load},
    {"s_scratch_load", T_Load},
    {"s_buffer_store", T_Store},
    {"s_store", T_Store},
    {"s_scratch_store", T_Store},
    {"s_atomic", T_Atomic | T_Store},
    {"s_buffer_atomic", T_Atomic | T_Store},
};

bool startsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool contains(std::string_view s, std::string_view p) {
  return s.find(p) != std::string_view::npos;
}

// Memory traits of a VMEM/FLAT/DS name from its words (buffer_load_dword, global_atomic_add,
// ds_add_rtn_u32, ds_read_b32, ...).
uint32_t memoryTraits(std::string_view name, Category cat) {
  for (const NameRule &r : kMemory)
    if (startsWith(name, r.prefix)) return r.traits;
  if (contains(name, "_atomic")) return T_Atomic | T_Store;
  if (contains(name, "_load") || contains(name, "_read")) return T_Load;
  if (contains(name, "_store") || contains(name, "_write")) return T_Store;
  if (cat == Category::DS) {
    // Any other DS operation is an atomic or a permute: it returns data when it has a vdst.
    if (startsWith(name, "ds_nop") || startsWith(name, "ds_gws") || startsWith(name, "ds_sema"))
      return 0;
    return T_Atomic | T_Store;
  }
  return 0;
}

// The SALU instructions that write SCC (arithmetic, logic, shifts, compares) and read it
// (select, conditional move, carries): implicit registers no operand names.
constexpr std::string_view kSccWriters[] = {
    "s_add_",  "s_sub_",    "s_addc_", "s_subb_",    "s_and_",   "s_or_",  "s_xor_",
    "s_andn",  "s_orn",     "s_nand_", "s_nor_",     "s_xnor_",  "s_not_", "s_lshl",
    "s_lshr_", "s_ashr_",   "s_bfe_",  "s_cmp_",     "s_bitcmp", "s_abs_", "s_min_",
    "s_max_",  "s_absdiff", "s_bcnt",  "s_quadmask", "s_wqm_"};
constexpr std::string_view kSccReaders[] = {"s_cselect_", "s_cmov", "s_addc_", "s_subb_",
                                            "s_cbranch_scc"};

unsigned typeDwords(OpType t, bool wave64) {
  if (t == OpType::b1) return wave64 ? 2 : 1;
  unsigned bits = typeBits(t);
  return bits <= 32 ? 1 : bits / 32;
}

int operandIndex(const Instruction &ins, Field f) {
  auto ops = ins.inst.arch->operandsOf(*ins.inst.desc);
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].field == f) return static_cast<int>(i);
  return -1;
}

uint32_t fieldValue(const Instruction &ins, Field f, uint32_t otherwise = 0) {
  int i = operandIndex(ins, f);
  return i >= 0 && ins.inst.ops[i].present ? ins.inst.ops[i].value : otherwise;
}

// Whether a scalar encoding is a register the analysis tracks (not a constant, literal or null).
bool scalarRegister(const RegisterSet &rs, unsigned enc) {
  if (enc == kScc) return true;
  if (enc >= 128) return false;
  if (rs.null != kNoRegister && enc == rs.null) return false;
  return true;
}

} // namespace

std::string_view categoryName(Category c) {
  static constexpr std::string_view names[] = {"other", "salu",   "valu",    "trans",
                                               "smem",  "vmem",   "flat",    "ds",
                                               "exp",   "ldsdir", "message", "branch"};
  return names[static_cast<unsigned>(c)];
}

std::string regUnitName(const ArchTables &arch, RegUnit u) {
  if (u >= kAgprBase) return fmt::format("a{}", u - kAgprBase);
  if (u >= kVgprBase) return fmt::format("v{}", u - kVgprBase);
  if (u == kScc) return "scc";
  std::string out;
  if (!printRegister(registersOf(arch), u, 1, out)) out = fmt::format("reg{}", u);
  return out;
}

std::string regRangeName(const ArchTables &arch, RegRange r) {
  if (r.count <= 1) return regUnitName(arch, r.first);
  if (r.first >= kVgprBase) {
    char file = r.first >= kAgprBase ? 'a' : 'v';
    unsigned base = r.first >= kAgprBase ? kAgprBase : kVgprBase;
    return fmt::format("{}[{}:{}]", file, r.first - base, r.first - base + r.count - 1);
  }
  std::string out;
  if (printRegister(registersOf(arch), r.first, r.count, out)) return out;
  return regUnitName(arch, r.first) + ".." + regUnitName(arch, r.first + r.count - 1);
}

void classify(const Target &target, Instruction &ins) {
  const Inst &inst = ins.inst;
  const ArchTables &arch = *inst.arch;
  const InstrDesc &d = *inst.desc;
  const std::string_view name = d.name;
  const std::string_view format = arch.formatOf(d).name;
  const RegisterSet &rs = registersOf(arch);
  const bool wave64 = target.wave64();

  // Category: the table's unit, refined by the format (FLAT vs global/scratch, LDSDIR).
  switch (d.unit) {
  case Unit::SALU: ins.category = Category::SALU; break;
  case Unit::VALU: ins.category = Category::VALU; break;
  case Unit::TRANS: ins.category = Category::TRANS; break;
  case Unit::SMEM: ins.category = Category::SMEM; break;
  case Unit::VMEM: ins.category = Category::VMEM; break;
  case Unit::DS: ins.category = Category::DS; break;
  case Unit::EXP: ins.category = Category::EXP; break;
  case Unit::Message: ins.category = Category::Message; break;
  case Unit::Branch: ins.category = Category::Branch; break;
  default: ins.category = Category::Other; break;
  }
  if (ins.category == Category::VMEM && startsWith(name, "flat_")) ins.category = Category::FLAT;
  if (ins.category == Category::VMEM && startsWith(name, "global_")) ins.traits |= T_Global;
  if (ins.category == Category::VMEM && startsWith(name, "scratch_")) ins.traits |= T_Scratch;
  if (startsWith(format, "LDSDIR")) ins.category = Category::LDSDIR;
  // A DPP form of a transcendental op is one too (the tables give the DPP entries unit valu).
  if (ins.category == Category::VALU && contains(format, "DPP")) {
    std::string_view base = name.substr(0, name.find("_dpp"));
    if (base.ends_with("_e64")) base.remove_suffix(4);
    for (std::string_view suffix : {"_e32", "_e64", ""}) {
      auto entries = arch.lookup(std::string(base) + std::string(suffix));
      if (!entries.empty()) {
        if (entries.front().unit == Unit::TRANS) ins.category = Category::TRANS;
        break;
      }
    }
  }
  for (const NameRule &r : kControl)
    if (startsWith(name, r.prefix)) {
      ins.traits |= r.traits;
      break;
    }
  // s_getpc_b64 (unit branch) is no control transfer: an SALU op.
  if (ins.category == Category::Branch &&
      !ins.has(T_Jump | T_CondBranch | T_Indirect | T_Call | T_EndProgram))
    ins.category = Category::SALU;
  if (ins.has(T_EndProgram)) ins.category = Category::Branch;
  if (ins.has(T_Waitcnt | T_DelayAlu | T_Nop | T_Depctr | T_Barrier))
    ins.category = Category::Other;
  if (contains(format, "DPP")) ins.traits |= T_Dpp;
  if (arch.formatOf(d).has(Field::vdsty)) ins.traits |= T_Vopd;
  if (ins.category == Category::VMEM || ins.category == Category::FLAT ||
      ins.category == Category::DS || ins.category == Category::SMEM)
    ins.traits |= memoryTraits(name, ins.category);
  if (ins.category == Category::VMEM && (contains(format, "_LDS") || contains(name, "_lds_")))
    ins.traits |= T_LdsDma | T_Load;
  if (ins.category == Category::DS &&
      (fieldValue(ins, Field::gds) != 0 || startsWith(name, "ds_gws") || contains(name, "_gds")))
    ins.traits |= T_Gds;

  // Registers, operand by operand.
  auto ops = arch.operandsOf(d);
  ins.regs.clear();
  const bool load = ins.has(T_Load), atomic = ins.has(T_Atomic);
  // A returning atomic: glc (gfx9 buffers and images name their result in vdata) or a vdst.
  const bool returnsInData =
      atomic && (fieldValue(ins, Field::glc) != 0 || fieldValue(ins, Field::sc0) != 0);
  // (the acc bits are hidden operands: the parser sets their value, not `present`)
  auto hidden = [&](Field f) {
    int i = operandIndex(ins, f);
    return i >= 0 ? ins.inst.ops[static_cast<size_t>(i)].value : 0u;
  };
  const uint32_t accBits = hidden(Field::acc);
  const bool accCd = hidden(Field::acc_cd) != 0 || !target.alignedVgprTuples();
  bool sawSource = false;
  auto add = [&](RegRange r, bool def, bool implicit, int op) {
    if (r.count == 0) return;
    ins.regs.push_back({r, def, implicit, static_cast<int8_t>(op)});
  };
  for (size_t i = 0; i < ops.size(); ++i) {
    const OperandDesc &od = ops[i];
    const OperandValue &v = inst.ops[i];
    if (od.cls == OpClass::vop_exec_dst) { // v_cmpx_*_e64: writes exec, named as an operand
      add({kExecLo, static_cast<uint16_t>(wave64 ? 2 : 1)}, true, true, static_cast<int>(i));
      continue;
    }
    RegEncoding enc = encodingOf(od.cls);
    if (enc == RegEncoding::None) continue;
    if (!v.present && od.cls != OpClass::vcc && od.cls != OpClass::mimg_nsa_extra) {
      // An optional register left out is its default (e.g. soffset null): nothing.
      if (od.flags & OF_Optional) continue;
    }
    if (od.cls == OpClass::mimg_nsa_extra && (!v.present || v.regCount == 0)) continue;
    unsigned count = v.regCount ? v.regCount : typeDwords(od.type, wave64);
    RegRange r;
    uint32_t value = v.value;
    switch (enc) {
    case RegEncoding::Scalar:
      if (od.cls == OpClass::vcc || od.cls == OpClass::dpp_vcc) value = kVccLo;
      if (!scalarRegister(rs, value)) continue;
      r = {static_cast<RegUnit>(value), static_cast<uint16_t>(value == kScc ? 1 : count)};
      break;
    case RegEncoding::Source9:
      if (v.mods & Mod_InvalidImm) continue;
      if (value >= 512)
        r = {static_cast<RegUnit>(kAgprBase + (value - 512)), uint16_t(count)};
      else if (value >= 256)
        r = {static_cast<RegUnit>(value), uint16_t(count)};
      else if (scalarRegister(rs, value))
        r = {static_cast<RegUnit>(value), static_cast<uint16_t>(value == kScc ? 1 : count)};
      else
        continue;
      break;
    case RegEncoding::Vector:
    case RegEncoding::VectorLo:
      if ((od.cls == OpClass::vopd_vdst || od.cls == OpClass::vopd_vdst_acc) &&
          od.field == Field::vdsty)
        value = (value << 1) | ((fieldValue(ins, Field::vdstx) & 1) ^ 1);
      if (enc == RegEncoding::VectorLo) value &= 127;
      if (value >= 256) value -= 256;
      r = {static_cast<RegUnit>(kVgprBase + (value & 255)), uint16_t(count)};
      break;
    case RegEncoding::Sbase: r = {static_cast<RegUnit>(value * 2), uint16_t(count)}; break;
    case RegEncoding::Srsrc: r = {static_cast<RegUnit>(value * 4), uint16_t(count)}; break;
    case RegEncoding::Agpr:
      r = {static_cast<RegUnit>(kAgprBase + (value & 255)), uint16_t(count)};
      break;
    case RegEncoding::MaiTuple:
    case RegEncoding::MaiAb: {
      bool reg = od.cls == OpClass::mai_dst || value >= 256;
      if (!reg) continue; // an inline constant accumulator
      bool agpr =
          enc == RegEncoding::MaiTuple ? accCd : (accBits >> (od.field == Field::src1 ? 1 : 0)) & 1;
      r = {static_cast<RegUnit>((agpr ? kAgprBase : kVgprBase) + (value & 255)), uint16_t(count)};
      break;
    }
    case RegEncoding::AvData:
      r = {static_cast<RegUnit>((accBits ? kAgprBase : kVgprBase) + (value & 255)),
           uint16_t(count)};
      break;
    case RegEncoding::None: continue;
    }
    if (r.first + r.count > kNumRegUnits) continue;
    // Destination or source, by the field (memory data by the operation's direction).
    bool def = false, use = true, implicit = false;
    switch (od.field) {
    case Field::vdst:
    case Field::sdst:
    case Field::vdstx:
    case Field::vdsty:
      def = true;
      use = false;
      break;
    case Field::implicit: // an e32 form's vcc: carry-out/compare result before the sources
      implicit = true;
      def = !sawSource;
      use = sawSource;
      break;
    case Field::sdata:
    case Field::vdata:
      if (load && !atomic) {
        def = true;
        use = false;
      } else if (atomic && returnsInData) {
        def = true; // (cmpswap returns the first half)
      }
      break;
    default: break;
    }
    if (od.field == Field::src0 || od.field == Field::src1 || od.field == Field::srcx0 ||
        od.field == Field::vsrc1 || od.field == Field::ssrc0 || od.field == Field::ssrc1)
      sawSource = true;
    if (def) {
      RegRange dr = r;
      if ((od.field == Field::vdata || od.field == Field::sdata) && returnsInData &&
          contains(name, "cmpswap"))
        dr.count = static_cast<uint16_t>(std::max(1, dr.count / 2));
      add(dr, true, implicit, static_cast<int>(i));
    }
    if (use) add(r, false, implicit, static_cast<int>(i));
    // Tied sources: the accumulator of mac/fmac (e32, VOPD acc), the `old` value of DPP moves.
    if (def && !use && od.field == Field::vdst && ins.category != Category::SMEM &&
        (od.cls == OpClass::vopd_vdst_acc || contains(name, "mac_") || contains(name, "fmac") ||
         (ins.has(T_Dpp) && !contains(name, "v_cmp"))))
      add(r, false, false, static_cast<int>(i));
    // SALU read-modify-write of the destination: s_bitset0/1, s_addk/s_mulk/s_cmovk.
    if (def && od.field == Field::sdst &&
        (startsWith(name, "s_bitset") || startsWith(name, "s_addk_") ||
         startsWith(name, "s_mulk_") || startsWith(name, "s_cmovk_")))
      add(r, false, false, static_cast<int>(i));
    if (od.cls == OpClass::vopd_vdst_acc && od.field != Field::vdst)
      add(r, false, false, static_cast<int>(i)); // (a VOPD half's accumulator)
    if (od.cls == OpClass::vopd_src_vcc) add({kVccLo, uint16_t(wave64 ? 2 : 1)}, false, true, -1);
  }
  if (ins.isMemory() && (ins.has(T_Load) || ins.has(T_Atomic))) {
    for (const RegAccess &a : ins.regs)
      if (a.def && !a.implicit) ins.traits |= T_Returns;
  }
  if (ins.has(T_MessageReturn | T_MemTime)) ins.traits |= T_Returns;
  // Implicit registers: SCC of SALU ops, EXEC of v_cmpx_*_e32.
  if (ins.category == Category::SALU || ins.category == Category::Branch) {
    for (std::string_view p : kSccReaders)
      if (startsWith(name, p)) {
        add({kScc, 1}, false, true, -1);
        break;
      }
    for (std::string_view p : kSccWriters)
      if (startsWith(name, p) && !contains(name, "saveexec")) {
        add({kScc, 1}, true, true, -1);
        break;
      }
  }
  if (startsWith(name, "v_cmpx_") && contains(name, "_e32"))
    add({kExecLo, static_cast<uint16_t>(wave64 ? 2 : 1)}, true, true, -1);
  if (contains(name, "saveexec"))
    add({kExecLo, static_cast<uint16_t>(wave64 ? 2 : 1)}, true, true, -1);
}

} // namespace gfxasm::analysis
