// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The hazards that need wait states (s_nop) on gfx9 and CDNA, and s_waitcnt_depctr on gfx11, as
// data: which instruction produces, which consumes, how their registers relate, how many wait
// states must lie between them, on which processors (research notes TIMING.md section 3: LLVM's
// GCNHazardRecognizer and the CDNA3/CDNA4 ISA guides' "manually inserted wait states" table). A
// wait state is one instruction issued in between; s_nop N is N + 1. hazards.cpp evaluates the
// rows; the MFMA rows whose wait states depend on the pass count (2/4/8/16: llvm-mca's XDL
// throughput of the producer) name a formula instead of a number. The gfx11 rows (TIMING.md 3.4;
// llvm-22's fixVALUTransUseHazard, fixVALUPartialForwardingHazard, fixVALUMaskWriteHazard,
// fixLdsDirectVALUHazard, fixLdsDirectVMEMHazard, fixVcmpxPermlaneHazards) have no wait states:
// they hold until an expiry (HazardExpiry) and are fixed by s_waitcnt_depctr with one counter
// (DepctrField), a VALU in between, or the LDS direct load's wait_vdst.
#pragma once

#include <cstdint>
#include <string_view>

#include "isa/processors.h"

namespace gfxasm::analysis {

enum class HazardProducer : uint8_t {
  Valu,         // any VALU (TRANS and matrix included)
  ValuNotMfma,  // a VALU that is not MFMA
  Salu,         // scalar ALU
  Setreg,       // s_setreg_b32 / s_setreg_imm32_b32
  WideStore,    // VMEM/FLAT store of more than 64 bits of data (MUBUF/MTBUF: no SGPR soffset)
  Mfma,         // MFMA / SMFMAC
  Trans,        // TRANS (v_exp, v_rcp, ...)
  Vcmpx,        // v_cmpx_* (writes EXEC)
  DstSel,       // SDWA with dst_sel other than DWORD, VOP3 op_sel dst-hi, or VOP3P with src0's
                // op_sel_hi bit set (the default: llvm reads that bit as the dst op_sel)
  MaskRead,     // a VALU that reads an SGPR pair as lane mask: v_cndmask, v_add/sub/subrev_co_ci
                // (src2 in VOP3, VCC in VOP2/DPP), v_div_fmas (VCC)
  VectorMem,    // VMEM, FLAT or DS (not export)
  Export,       // an export
  AccvgprRead,  // v_accvgpr_read_b32 (writes a VGPR)
  AccvgprWrite, // v_accvgpr_write_b32 (writes an AGPR)
};

enum class HazardConsumer : uint8_t {
  Vmem,           // VMEM or FLAT
  DivFmas,        // v_div_fmas_*
  LaneSelect,     // v_readlane_b32 / v_writelane_b32
  Getreg,         // s_getreg_b32
  Setreg,         // s_setreg_*
  Rfe,            // s_rfe_b64
  Dpp,            // a DPP VALU
  M0Message,      // s_sendmsg*, s_ttracedata, GDS
  M0Lds,          // s_movrel*, v_interp*, lds_direct, ds_*_addtid, LDS DMA
  Valu,           // any VALU
  ValuNotMfma,    // a VALU that is not MFMA
  ValuNotTrans,   // a non-TRANS VALU
  Readlane,       // v_readlane_b32 / v_readfirstlane_b32
  Permlane,       // v_permlane*
  MemOrExp,       // VMEM, FLAT, DS, export
  VectorMem,      // VMEM, FLAT, DS
  Mfma,           // MFMA / SMFMAC
  ValuOrMem,      // VALU, VMEM, FLAT, DS, export (MFMA results read by anything but MFMA)
  SaluSgprWrite,  // an SALU that writes an SGPR or VCC (not EXEC, M0, null)
  ValuVccWrite,   // a VALU that writes VCC
  ValuSgprWrite,  // a VALU that writes an SGPR other than VCC (v_cmp_e64, v_readlane, ...)
  LdsDir,         // lds_direct_load / lds_param_load
  Export,         // an export
  Setprio,        // s_setprio
  MfmaOrAccWrite, // an MFMA or v_accvgpr_write_b32 (gfx908's MAI rows)
  AccvgprRead,    // v_accvgpr_read_b32
  AccvgprWrite,   // v_accvgpr_write_b32
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
  // gfx908's MAI rows (llvm's checkMAIHazards908, checkMAILdStHazards)
  ArchVgprRead,         // the consumer reads a VGPR (not an AGPR) the producer writes
  SrcCRead,             // the consumer reads as SrcC (src2) a register the producer writes
  Mfma908AccRead,       // v_accvgpr_read of an MFMA result: passes + 2 (4/10/18)
  Mfma908AccOverwrite,  // v_accvgpr_write over an MFMA result: passes - 1 (1/7/15)
  Mfma908SrcCOverwrite, // v_accvgpr_write over an MFMA's SrcC: passes - 3, at least 0 (0/5/13)
  ValuAccMoveMem,       // a VALU (not MAI) writes a VGPR the consumer reads, fewer than 2 wait
                        // states before it, and a v_accvgpr_read/write lies closer (hazards.cpp)
  // gfx11 rows (searched backwards until the row's expiry, hazards.cpp)
  MaskSgprWrite,      // the consumer writes an SGPR the producer read as lane mask, with no
                      // write of that SGPR in between
  PartialForwarding,  // wave64: Va written by a VALU, EXEC by an SALU, Vb by a VALU, then the
                      // consumer reads Va and Vb (at most 2 VALUs before and 4 after the Vb write)
  DstAccess,          // the producer reads or writes a VGPR the consumer writes (WAR/WAW)
  VgprReadDgemmAfter, // VgprRead with a DGEMM between the two (gfx90a's SQ bug)
  LdsDirVdst,         // the consumer (an LDS direct load) writes a VGPR a VALU read or wrote
                      // fewer VALUs before than its wait_vdst lets through
  // gfx11.5 export priority (llvm's fixRequiredExportPriority; hazards.cpp exportPriority()),
  // in functions that export (llvm: not kernels or compute shaders, which do not export):
  ExportSequenceEnd, // the last export of a sequence (the next instruction is no export) not
                     // followed by `s_setprio 0`
  ExportEntryPrio,   // the function's first instruction is not an `s_setprio`
  LowSetprio,        // `s_setprio` below 2 other than the 0 right after an export
};

// How a gfx11 row's hazard ends, searching backwards from the consumer (llvm's IsExpired).
enum class HazardExpiry : uint8_t {
  None,    // a wait-state row (s_nop)
  VaVdst,  // VALU/TRANS windows; VMEM, FLAT, DS, export or depctr va_vdst(0) in between
  Writes,  // only a write of the registers involved (depctr waits are merged, llvm does not
           // expire on them)
  VmVsrc,  // a VALU, an export, s_waitcnt 0 or depctr vm_vsrc(0) in between
  AnyValu, // any VALU but v_nop in between (VcmpxPermlane)
  Valu,    // any VALU, v_nop included, in between (the fix is a v_nop: gfx11 WMMA)
  Export,  // the export priority rows: a fixed sequence, not a search (exportPriority())
};

// The s_waitcnt_depctr counter a gfx11 row's fix waits for (index into isa::depctrNames()).
enum class DepctrField : uint8_t {
  None = 0xff,
  SaSdst = 1,
  VaVdst = 2,
  VaSdst = 3,
  VaVcc = 5,
  VmVsrc = 6,
};

struct HazardRule {
  std::string_view id;
  HazardProducer producer;
  HazardConsumer consumer;
  HazardRelation relation;
  uint8_t waitStates;     // 0: the relation's formula (MFMA rows)
  isa::ProcessorSet cpus; // processors it applies to
  std::string_view what;  // said in the warning
  // gfx11 rows: the hazard holds while fewer than this many VALU (TRANS included) and TRANS
  // instructions lie between the two (VaVdst expiry); 0: no window.
  uint8_t valuWindow = 0, transWindow = 0;
  HazardExpiry expiry = HazardExpiry::None;
  DepctrField fix = DepctrField::None; // the depctr counter of the fix; None: s_nop (or for
                                       // AnyValu, a v_mov of the consumer's src0 to itself)
  bool after = false;  // the wait goes right after the consumer (the write), not before it
  bool wave64 = false; // only in wave64
};

// The processors each row applies to, by their features in isa/processors.def (a generic
// processor has the features, and so the hazards, of every processor it runs on).
inline constexpr isa::ProcessorSet kGfx9All{"gfx9"};
inline constexpr isa::ProcessorSet kGfx9BeforeGfx90a{"gfx9", 0, isa::Gfx90aInsts};
inline constexpr isa::ProcessorSet kGfx90aOnly{"gfx9", isa::Gfx90aInsts, isa::Gfx940Insts};
inline constexpr isa::ProcessorSet kGfx90aPlus{"gfx9", isa::Gfx90aInsts};
inline constexpr isa::ProcessorSet kGfx940Plus{"gfx9", isa::Gfx940Insts};
inline constexpr isa::ProcessorSet kGfx950Plus{"gfx9", isa::Gfx950Insts};
// gfx908: MAI instructions before gfx90a's (AGPR results; llvm's checkMAIHazards908).
inline constexpr isa::ProcessorSet kGfx908{"gfx9", isa::Agprs, isa::Gfx90aInsts};
// gfx11 processors with the VALU TRANS-use bug (fixed in gfx11.5).
inline constexpr isa::ProcessorSet kGfx11TransUse{"gfx11", isa::ValuTransUseHazard};
// Every gfx11 processor (llvm: getGeneration() == GFX11, and gfx11's VcmpxPermlane feature).
inline constexpr isa::ProcessorSet kGfx11{"gfx11"};
// gfx11.5 and gfx11-generic (llvm's FeatureRequiredExportPriority).
inline constexpr isa::ProcessorSet kGfx11ExportPriority{"gfx11", isa::RequiredExportPriority};

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
     HazardRelation::StoreDataWrite, 1, kGfx90aOnly,
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
     kGfx950Plus, "v_cmpx writes EXEC before v_permlane"},
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
    // gfx908 (llvm's checkMAIHazards908 and checkMAILdStHazards; the MFMA's passes as for the
    // rows above).
    {"valu-exec-mai", HazardProducer::Valu, HazardConsumer::MfmaOrAccWrite,
     HazardRelation::ExecWrite, 4, kGfx908, "VALU writes EXEC before an MFMA/v_accvgpr_write"},
    {"valu-vgpr-mai", HazardProducer::Valu, HazardConsumer::MfmaOrAccWrite,
     HazardRelation::ArchVgprRead, 2, kGfx908,
     "VALU writes a VGPR that an MFMA/v_accvgpr_write reads"},
    {"mfma-srcab", HazardProducer::Mfma, HazardConsumer::Mfma, HazardRelation::MfmaSrcABRead, 4,
     kGfx908, "MFMA result read as SrcA/SrcB of an MFMA"},
    {"mfma-srcc", HazardProducer::Mfma, HazardConsumer::Mfma, HazardRelation::MfmaSrcCRead, 2,
     kGfx908, "MFMA result read as SrcC of an MFMA (overlapping, not the same registers)"},
    {"mfma-accvgpr-read", HazardProducer::Mfma, HazardConsumer::AccvgprRead,
     HazardRelation::Mfma908AccRead, 0, kGfx908, "MFMA result read by v_accvgpr_read"},
    {"mfma-accvgpr-write", HazardProducer::Mfma, HazardConsumer::AccvgprWrite,
     HazardRelation::Mfma908AccOverwrite, 0, kGfx908, "MFMA result overwritten by v_accvgpr_write"},
    {"mfma-srcc-accvgpr-write", HazardProducer::Mfma, HazardConsumer::AccvgprWrite,
     HazardRelation::Mfma908SrcCOverwrite, 0, kGfx908,
     "v_accvgpr_write overwrites a register an MFMA reads as SrcC"},
    {"accvgpr-write-srcc", HazardProducer::AccvgprWrite, HazardConsumer::Mfma,
     HazardRelation::SrcCRead, 1, kGfx908, "v_accvgpr_write result read as SrcC of an MFMA"},
    {"accvgpr-write-srcab", HazardProducer::AccvgprWrite, HazardConsumer::Mfma,
     HazardRelation::MfmaSrcABRead, 3, kGfx908,
     "v_accvgpr_write result read as SrcA/SrcB of an MFMA"},
    {"accvgpr-write-read", HazardProducer::AccvgprWrite, HazardConsumer::AccvgprRead,
     HazardRelation::VgprRead, 3, kGfx908, "v_accvgpr_write result read by v_accvgpr_read"},
    {"accvgpr-read-mem", HazardProducer::AccvgprRead, HazardConsumer::VectorMem,
     HazardRelation::VgprRead, 2, kGfx908, "v_accvgpr_read result read by a VMEM/DS instruction"},
    {"valu-accvgpr-mem", HazardProducer::ValuNotMfma, HazardConsumer::VectorMem,
     HazardRelation::ValuAccMoveMem, 1, kGfx908,
     "a VMEM/DS reads a VGPR a VALU just wrote, right after a v_accvgpr_read/write"},
    {"valu-trans-use", HazardProducer::Trans, HazardConsumer::Valu, HazardRelation::VgprRead, 0,
     kGfx11TransUse, "a VALU reads a TRANS result with at most 5 VALU / 1 TRANS in between", 6, 2,
     HazardExpiry::VaVdst, DepctrField::VaVdst},
    // gfx90a only: a DGEMM between a VALU write and a VMEM read makes the SQ skip its own 2 wait
    // states (llvm's checkMAIVALUHazards, "DMFMABetweenVALUWriteVMEMRead").
    {"valu-dgemm-vmem", HazardProducer::Valu, HazardConsumer::VectorMem,
     HazardRelation::VgprReadDgemmAfter, 2, kGfx90aOnly,
     "a VMEM/DS reads a VGPR a VALU wrote with a DGEMM in between"},
    // gfx11 wave64 (llvm's fixVALUPartialForwardingHazard).
    {"valu-partial-forwarding", HazardProducer::Valu, HazardConsumer::Valu,
     HazardRelation::PartialForwarding, 0, kGfx11,
     "wave64: a VALU reads two VGPRs written by VALUs on both sides of an SALU EXEC write", 0, 0,
     HazardExpiry::VaVdst, DepctrField::VaVdst, false, true},
    // gfx11 wave64 (llvm's fixVALUMaskWriteHazard): an SGPR a VALU read as lane mask, then
    // written; the wait goes after the write, by the writer's kind.
    {"valu-mask-write", HazardProducer::MaskRead, HazardConsumer::SaluSgprWrite,
     HazardRelation::MaskSgprWrite, 0, kGfx11, "wave64: an SALU writes an SGPR a VALU read as mask",
     0, 0, HazardExpiry::Writes, DepctrField::SaSdst, true, true},
    {"valu-mask-write", HazardProducer::MaskRead, HazardConsumer::ValuVccWrite,
     HazardRelation::MaskSgprWrite, 0, kGfx11, "wave64: a VALU writes VCC a VALU read as mask", 0,
     0, HazardExpiry::Writes, DepctrField::VaVcc, true, true},
    {"valu-mask-write", HazardProducer::MaskRead, HazardConsumer::ValuSgprWrite,
     HazardRelation::MaskSgprWrite, 0, kGfx11, "wave64: a VALU writes an SGPR a VALU read as mask",
     0, 0, HazardExpiry::Writes, DepctrField::VaSdst, true, true},
    // gfx11 LDS direct loads (llvm's fixLdsDirectVMEMHazard; gfx11 has no waitvsrc operand).
    {"lds-direct-vmem", HazardProducer::VectorMem, HazardConsumer::LdsDir,
     HazardRelation::DstAccess, 0, kGfx11,
     "an LDS direct load writes a VGPR an in-flight VMEM/DS instruction accesses", 0, 0,
     HazardExpiry::VmVsrc, DepctrField::VmVsrc},
    // gfx11 (llvm's fixLdsDirectVALUHazard): wait_vdst:N lets N VALUs stay in flight; it must not
    // exceed the VALUs since one that accessed the load's vdst (0 after a TRANS, at most 15).
    // The fix rewrites the operand.
    {"lds-direct-valu", HazardProducer::Valu, HazardConsumer::LdsDir, HazardRelation::LdsDirVdst, 0,
     kGfx11, "an LDS direct load's wait_vdst lets a VALU access of its vdst stay in flight", 15, 0,
     HazardExpiry::VaVdst},
    // gfx11 (llvm's fixVcmpxPermlaneHazards): the fix is a VALU (v_nop is dropped by the SQ).
    {"vcmpx-permlane", HazardProducer::Vcmpx, HazardConsumer::Permlane, HazardRelation::Any, 0,
     kGfx11, "v_cmpx writes EXEC before v_permlane with no VALU in between", 0, 0,
     HazardExpiry::AnyValu},
    // gfx11 (llvm's fixWMMAHazards): a WMMA reads as A or B (src0/src1) registers the WMMA
    // before it writes; any VALU in between ends it (C may overlap: the hardware stalls).
    {"wmma-srcab", HazardProducer::Mfma, HazardConsumer::Mfma, HazardRelation::MfmaSrcABRead, 0,
     kGfx11, "a WMMA reads as A/B the result of the WMMA right before it", 0, 0,
     HazardExpiry::Valu},
    // gfx11.5 export priority (llvm's fixRequiredExportPriority): after the last export of a
    // sequence `s_setprio 0`, `s_waitcnt_expcnt null, 0x0`, two `s_nop 0`, `s_setprio 2` (before
    // s_endpgm only the priority and the nops); the function starts with `s_setprio 2`; an
    // `s_setprio` below 2 is raised by 2 (at most 3). Their fixes are the sequences, not waits.
    {"export-priority", HazardProducer::Export, HazardConsumer::Export,
     HazardRelation::ExportSequenceEnd, 0, kGfx11ExportPriority,
     "an export sequence must be followed by the export-priority workaround", 0, 0,
     HazardExpiry::Export, DepctrField::None, true},
    {"export-priority-entry", HazardProducer::Export, HazardConsumer::Export,
     HazardRelation::ExportEntryPrio, 0, kGfx11ExportPriority,
     "a function that exports must start at priority 2 or more", 0, 0, HazardExpiry::Export},
    {"export-priority-setprio", HazardProducer::Export, HazardConsumer::Setprio,
     HazardRelation::LowSetprio, 0, kGfx11ExportPriority,
     "in a function that exports, s_setprio below 2 (but the 0 after an export)", 0, 0,
     HazardExpiry::Export},
};

} // namespace gfxasm::analysis
