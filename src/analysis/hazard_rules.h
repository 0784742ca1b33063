// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The hazards that need wait states (s_nop) on gfx9 and CDNA, and s_waitcnt_depctr on gfx11, as
// data: which instruction produces, which consumes, how their registers relate, how many wait
// states must lie between them, on which processors (research notes TIMING.md section 3: LLVM's
// GCNHazardRecognizer and the CDNA3/CDNA4 ISA guides' "manually inserted wait states" table). A
// wait state is one instruction issued in between; s_nop N is N + 1. hazards.cpp evaluates the
// rows; the MFMA rows whose wait states depend on the pass count (2/4/8/16: llvm-mca's XDL
// throughput of the producer) name a formula instead of a number.
#pragma once

#include <cstdint>
#include <string_view>

namespace gfxasm::analysis {

enum class HazardProducer : uint8_t {
  Valu,        // any VALU (TRANS and matrix included)
  ValuNotMfma, // a VALU that is not MFMA
  Salu,        // scalar ALU
  Setreg,      // s_setreg_b32 / s_setreg_imm32_b32
  WideStore,   // VMEM/FLAT store of more than 64 bits of data (MUBUF/MTBUF: no SGPR soffset)
  Mfma,        // MFMA / SMFMAC
  Trans,       // TRANS (v_exp, v_rcp, ...)
  Vcmpx,       // v_cmpx_* (writes EXEC)
  DstSel,      // SDWA with dst_sel other than DWORD, VOP3 op_sel dst-hi, or VOP3P with src0's
               // op_sel_hi bit set (the default: llvm reads that bit as the dst op_sel)
};

enum class HazardConsumer : uint8_t {
  Vmem,         // VMEM or FLAT
  DivFmas,      // v_div_fmas_*
  LaneSelect,   // v_readlane_b32 / v_writelane_b32
  Getreg,       // s_getreg_b32
  Setreg,       // s_setreg_*
  Rfe,          // s_rfe_b64
  Dpp,          // a DPP VALU
  M0Message,    // s_sendmsg*, s_ttracedata, GDS
  M0Lds,        // s_movrel*, v_interp*, lds_direct, ds_*_addtid, LDS DMA
  Valu,         // any VALU
  ValuNotMfma,  // a VALU that is not MFMA
  ValuNotTrans, // a non-TRANS VALU
  Readlane,     // v_readlane_b32 / v_readfirstlane_b32
  Permlane,     // v_permlane*
  MemOrExp,     // VMEM, FLAT, DS, export
  Mfma,         // MFMA / SMFMAC
  ValuOrMem,    // VALU, VMEM, FLAT, DS, export (MFMA results read by anything but MFMA)
};

enum class HazardRelation : uint8_t {
  SgprRead,       // the consumer reads an SGPR (or VCC) the producer writes
  VccRead,        // the producer writes VCC, the consumer reads it (implicitly too)
  LaneSelectSgpr, // the consumer's lane select (src1) is an SGPR the producer writes
  SameHwreg,      // both name the same hardware register
  TrapstsHwreg,   // the producer sets TRAPSTS
  VgprRead,       // the consumer reads a VGPR/AGPR the producer writes
  ExecWrite,      // the producer writes EXEC
  M0Write,        // the producer writes M0
  StoreDataWrite, // the consumer writes a VGPR of the producer's store data
  Src0VgprRead,   // the consumer's src0 is a VGPR the producer writes
  VgprAccess,     // the consumer reads or writes a VGPR the producer writes
  Any,            // any pair
  // MFMA rows (pass-count formulas in hazards.cpp)
  MfmaResultRead,    // the consumer reads the MFMA's result
  MfmaResultWrite,   // the consumer overwrites the MFMA's result (WAW)
  MfmaSrcCRead,      // the next MFMA reads it as SrcC (overlapping, not the same registers)
  MfmaSrcABRead,     // the next MFMA reads it as SrcA/SrcB
  MfmaSrcCOverwrite, // a VALU overwrites a register an MFMA reads as SrcC (WAR)
};

struct HazardRule {
  std::string_view id;
  HazardProducer producer;
  HazardConsumer consumer;
  HazardRelation relation;
  uint8_t waitStates;    // 0: the relation's formula (MFMA rows)
  std::string_view cpus; // processors it applies to
  std::string_view what; // said in the warning
  // gfx11 rows: the hazard holds while fewer than this many VALU (TRANS included) and TRANS
  // instructions lie between the two; s_waitcnt_depctr depctr_va_vdst(0) between ends it and is
  // the fix (no s_nop). 0: a wait-state row.
  uint8_t valuWindow = 0, transWindow = 0;
};

// (A generic processor has the hazards of every processor it runs on: llvm's generic targets
// enable each of their family's workarounds.)
inline constexpr std::string_view kGfx9All = "gfx900 gfx902 gfx904 gfx906 gfx908 gfx909 gfx90a "
                                             "gfx90c gfx942 gfx950 gfx9-generic gfx9-4-generic";
inline constexpr std::string_view kGfx9BeforeGfx90a =
    "gfx900 gfx902 gfx904 gfx906 gfx908 gfx909 gfx90c gfx9-generic";
inline constexpr std::string_view kGfx90aPlus = "gfx90a gfx942 gfx950 gfx9-4-generic";
inline constexpr std::string_view kGfx940Plus = "gfx942 gfx950 gfx9-4-generic";
// gfx11 processors with the VALU TRANS-use bug (llvm's hasVALUTransUseHazard; fixed in gfx11.5).
inline constexpr std::string_view kGfx11TransUse = "gfx1100 gfx1101 gfx1102 gfx1103 gfx11-generic";

inline constexpr HazardRule kHazardRules[] = {
    {"valu-sgpr-vmem", HazardProducer::Valu, HazardConsumer::Vmem, HazardRelation::SgprRead, 5,
     kGfx9All, "VALU writes an SGPR that a VMEM instruction reads"},
    {"valu-vcc-div-fmas", HazardProducer::Valu, HazardConsumer::DivFmas, HazardRelation::VccRead, 4,
     kGfx9All, "VALU writes VCC that v_div_fmas reads"},
    {"valu-sgpr-lane-select", HazardProducer::Valu, HazardConsumer::LaneSelect,
     HazardRelation::LaneSelectSgpr, 4, kGfx9All,
     "VALU writes an SGPR that v_readlane/v_writelane reads as lane select"},
    {"setreg-getreg", HazardProducer::Setreg, HazardConsumer::Getreg, HazardRelation::SameHwreg, 2,
     kGfx9All, "s_setreg then s_getreg of the same hardware register"},
    {"setreg-setreg", HazardProducer::Setreg, HazardConsumer::Setreg, HazardRelation::SameHwreg, 2,
     kGfx9All, "s_setreg then s_setreg of the same hardware register"},
    {"setreg-trapsts-rfe", HazardProducer::Setreg, HazardConsumer::Rfe,
     HazardRelation::TrapstsHwreg, 1, kGfx9All, "s_setreg of TRAPSTS then s_rfe_b64"},
    {"valu-vgpr-dpp", HazardProducer::Valu, HazardConsumer::Dpp, HazardRelation::VgprRead, 2,
     kGfx9All, "VALU writes a VGPR that a DPP instruction reads"},
    {"valu-exec-dpp", HazardProducer::Valu, HazardConsumer::Dpp, HazardRelation::ExecWrite, 5,
     kGfx9All, "VALU writes EXEC before a DPP instruction"},
    {"salu-m0-message", HazardProducer::Salu, HazardConsumer::M0Message, HazardRelation::M0Write, 1,
     kGfx9All, "SALU writes M0 before s_sendmsg/s_ttracedata/GDS"},
    {"salu-m0-lds", HazardProducer::Salu, HazardConsumer::M0Lds, HazardRelation::M0Write, 1,
     kGfx9All,
     "SALU writes M0 before s_movrel/v_interp/LDS direct/LDS DMA/ds *_addtid (LDS direct)"},
    {"wide-store-data", HazardProducer::WideStore, HazardConsumer::Valu,
     HazardRelation::StoreDataWrite, 1, kGfx9BeforeGfx90a,
     "VALU overwrites the data of a store of more than 64 bits"},
    {"wide-store-data", HazardProducer::WideStore, HazardConsumer::Valu,
     HazardRelation::StoreDataWrite, 1, "gfx90a",
     "VALU overwrites the data of a store of more than 64 bits"},
    {"wide-store-data", HazardProducer::WideStore, HazardConsumer::Valu,
     HazardRelation::StoreDataWrite, 2, kGfx940Plus,
     "VALU overwrites the data of a store of more than 64 bits"},
    {"valu-sgpr-valu", HazardProducer::Valu, HazardConsumer::Valu, HazardRelation::SgprRead, 2,
     kGfx940Plus, "VALU writes an SGPR that a VALU reads as a constant"},
    {"valu-exec-lane", HazardProducer::Valu, HazardConsumer::LaneSelect, HazardRelation::ExecWrite,
     4, kGfx940Plus, "VALU writes EXEC before v_readlane/v_writelane"},
    {"valu-vgpr-readlane", HazardProducer::Valu, HazardConsumer::Readlane,
     HazardRelation::Src0VgprRead, 1, kGfx940Plus,
     "VALU writes a VGPR that v_readlane/v_readfirstlane reads"},
    {"trans-forwarding", HazardProducer::Trans, HazardConsumer::ValuNotTrans,
     HazardRelation::VgprRead, 1, kGfx940Plus, "a TRANS result read by a non-TRANS VALU"},
    {"dst-sel-forwarding", HazardProducer::DstSel, HazardConsumer::Valu, HazardRelation::VgprAccess,
     1, kGfx940Plus, "a partial (SDWA/op_sel) VGPR write then a VALU access of it"},
    {"vcmpx-permlane", HazardProducer::Vcmpx, HazardConsumer::Permlane, HazardRelation::Any, 4,
     "gfx950", "v_cmpx writes EXEC before v_permlane"},
    {"valu-exec-mfma", HazardProducer::ValuNotMfma, HazardConsumer::Mfma, HazardRelation::ExecWrite,
     4, kGfx90aPlus, "VALU writes EXEC before an MFMA"},
    {"valu-vgpr-mfma", HazardProducer::ValuNotMfma, HazardConsumer::Mfma, HazardRelation::VgprRead,
     2, kGfx90aPlus, "VALU writes a VGPR that an MFMA reads"},
    {"mfma-result-read", HazardProducer::Mfma, HazardConsumer::ValuOrMem,
     HazardRelation::MfmaResultRead, 0, kGfx90aPlus, "MFMA result read"},
    {"mfma-result-overwrite", HazardProducer::Mfma, HazardConsumer::ValuOrMem,
     HazardRelation::MfmaResultWrite, 0, kGfx90aPlus, "MFMA result overwritten"},
    {"mfma-srcc", HazardProducer::Mfma, HazardConsumer::Mfma, HazardRelation::MfmaSrcCRead, 0,
     kGfx90aPlus, "MFMA result read as SrcC of an MFMA"},
    {"mfma-srcab", HazardProducer::Mfma, HazardConsumer::Mfma, HazardRelation::MfmaSrcABRead, 0,
     kGfx90aPlus, "MFMA result read as SrcA/SrcB of an MFMA"},
    {"mfma-srcc-war", HazardProducer::Mfma, HazardConsumer::ValuNotMfma,
     HazardRelation::MfmaSrcCOverwrite, 0, kGfx90aPlus,
     "VALU overwrites a register an MFMA reads as SrcC"},
    {"valu-trans-use", HazardProducer::Trans, HazardConsumer::Valu, HazardRelation::VgprRead, 0,
     kGfx11TransUse, "a VALU reads a TRANS result with at most 5 VALU / 1 TRANS in between", 6, 2},
};

} // namespace gfxasm::analysis
