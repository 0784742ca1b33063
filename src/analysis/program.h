// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The analyzer's program model: a whole assembly file or code object as functions -> basic
// blocks -> instructions, each instruction with its table entry (isa::Inst), where it came from,
// what kind of instruction it is and which registers it reads and writes. Built once by
// loadAssembly() / loadObject(); the checks (waitcnt.h, delay_alu.h) and the timing models read
// it and keep their per-instruction results in side vectors indexed by Instruction::id.
//
// Stable interface: other passes (timing, hazards, HTML) build on these types.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gfxasm/gfxasm.h"
#include "isa/inst.h"
#include "isa/processors.h"

namespace gfxasm::analysis {

// --- Registers -----------------------------------------------------------------------------

// One register unit per 32-bit register, numbered as the source-operand encoding numbers them:
//   0..255   scalar encodings: SGPRs, vcc_lo/hi, ttmps, m0, exec_lo/hi (isa/registers.h), and
//            kScc for the SCC bit (the encoding of src_scc);
//   256..511 VGPRs v0..v255; 512..767 AGPRs a0..a255.
// 16-bit halves (v1.l, v1.h) are their whole VGPR's unit.
using RegUnit = uint16_t;
constexpr RegUnit kVgprBase = 256, kAgprBase = 512, kNumRegUnits = 768;
constexpr RegUnit kScc = 253, kVccLo = 106, kM0Gfx11 = 125, kExecLo = 126;

struct RegRange {
  RegUnit first = 0;
  uint16_t count = 0; // units first .. first + count - 1
  bool contains(RegUnit u) const { return u >= first && u < first + count; }
  bool overlaps(const RegRange &o) const {
    return first < o.first + o.count && o.first < first + count;
  }
};

// A read or write of registers by an instruction.
struct RegAccess {
  RegRange regs;
  bool def = false;      // written (else read)
  bool implicit = false; // not written in the text: SCC of SALU, vcc of e32 carries, EXEC of
                         // v_cmpx, M0 of gfx9 LDS ops (the operand index is -1 then)
  int8_t operand = -1;   // index into the entry's operands (isa::ArchTables::operandsOf)
};

// The register a unit is, as llvm prints it (s5, v3, a0, vcc_lo, exec_hi, m0, scc).
std::string regUnitName(const isa::ArchTables &arch, RegUnit u);
// A range as printed (s[4:5], v[0:3], vcc).
std::string regRangeName(const isa::ArchTables &arch, RegRange r);

// --- Instruction classes (classify.cpp: one table keyed by the ISA tables' unit and format) --

enum class Category : uint8_t {
  Other,   // s_nop, s_waitcnt, s_delay_alu, s_barrier, s_endpgm, ... (see the traits)
  SALU,    // scalar ALU (SOP*), branches aside
  VALU,    // vector ALU (VOP*, VOPD, DPP, SDWA, MFMA, WMMA), TRANS aside
  TRANS,   // transcendental VALU (v_exp, v_log, v_rcp, v_rsq, v_sqrt, v_sin, v_cos)
  SMEM,    // scalar memory
  VMEM,    // buffer, image, global and scratch memory
  FLAT,    // generic flat (may access LDS or memory)
  DS,      // LDS / GDS
  EXP,     // export
  LDSDIR,  // gfx11 lds_param_load / lds_direct_load
  Message, // s_sendmsg*, s_ttracedata
  Branch,  // s_branch, s_cbranch_*, s_setpc/s_swappc/s_call, s_endpgm
};
std::string_view categoryName(Category c);

enum Trait : uint32_t {
  T_Load = 1u << 0,             // reads memory into registers (loads, returning atomics, sampling)
  T_Store = 1u << 1,            // writes memory (stores, atomics)
  T_Atomic = 1u << 2,           // read-modify-write memory
  T_Returns = 1u << 3,          // registers written when the memory operation completes
  T_Sampler = 1u << 4,          // image sampling/gather (its own in-order VMEM return type)
  T_Bvh = 1u << 5,              // image_bvh*_intersect_ray (its own return type)
  T_LdsDma = 1u << 6,           // buffer/global load to LDS
  T_Gds = 1u << 7,              // DS with gds set, or a GDS/GWS-only operation
  T_Scratch = 1u << 8,          // scratch_* (VMEM)
  T_Global = 1u << 9,           // global_* (VMEM)
  T_CondBranch = 1u << 10,      // s_cbranch_*: target and fall-through
  T_Jump = 1u << 11,            // s_branch: target only
  T_Indirect = 1u << 12,        // s_setpc_b64: leaves the function (a return or tail call)
  T_Call = 1u << 13,            // s_swappc_b64, s_call_b64: returns to the next instruction
  T_EndProgram = 1u << 14,      // s_endpgm*: no successor
  T_Barrier = 1u << 15,         // s_barrier
  T_Waitcnt = 1u << 16,         // s_waitcnt, s_waitcnt_{vm,exp,lgkm,vs}cnt
  T_DelayAlu = 1u << 17,        // s_delay_alu
  T_Nop = 1u << 18,             // s_nop (its wait states: simm16 + 1)
  T_Depctr = 1u << 19,          // s_waitcnt_depctr
  T_CacheInvalidate = 1u << 20, // buffer_wbinvl1*, buffer_gl0_inv, buffer_gl1_inv
  T_MessageReturn = 1u << 21,   // s_sendmsg_rtn_*: its SGPR comes back on lgkmcnt
  T_MemTime = 1u << 22,         // s_memtime, s_memrealtime (SMEM counters)
  T_Vopd = 1u << 23,            // dual-issue pair
  T_Matrix = 1u << 24,          // MFMA / SMFMAC / WMMA
  T_Dpp = 1u << 25,
  T_NoIssue = 1u << 26, // s_delay_alu, s_clause and the like: hints the counting of s_delay_alu
                        // skips only s_delay_alu itself (see delay_alu.h), so only it is marked
};

// --- Program structure -------------------------------------------------------------------

// Where an instruction was written. For a line of the main file, `sourceOffset` is the byte
// offset of the line's start in Program::source (what --fix edits); lines of macro expansions
// and included files have none (inMainFile false) and are reported at their own buffer's line.
struct SourceLoc {
  uint32_t line = 0;   // 1-based
  uint32_t column = 0; // 1-based, of the mnemonic
  bool inMainFile = false;
  size_t sourceOffset = 0;
  std::string_view lineText; // the whole line (views Program::source or Program::buffers)
};

struct Instruction {
  uint32_t id = 0; // index over the whole program (Program::instruction), for side vectors
  isa::Inst inst;  // its table entry and operand values (inst.labelSymbol is cleared: see target)
  Category category = Category::Other;
  uint32_t traits = 0; // Trait bits
  uint64_t offset = 0; // byte offset in its section (code objects: its address)
  uint8_t size = 0;    // encoded bytes
  SourceLoc loc;
  std::vector<RegAccess> regs;
  // A branch: the label written (assembly) or the target's offset (code objects), and the
  // instruction index (in the function) it names, -1 when unresolved (outside the function).
  std::string targetLabel;
  int64_t targetOffset = -1;
  int32_t target = -1;

  std::string_view name() const { return inst.desc->name; }
  bool has(uint32_t t) const { return (traits & t) != 0; }
  bool isMemory() const {
    return category == Category::SMEM || category == Category::VMEM || category == Category::FLAT ||
           category == Category::DS;
  }
  // Branches end blocks: conditional, unconditional, indirect, end of program.
  bool endsBlock() const { return has(T_CondBranch | T_Jump | T_Indirect | T_EndProgram); }
  bool fallsThrough() const { return !has(T_Jump | T_Indirect | T_EndProgram); }
};

struct BasicBlock {
  uint32_t index = 0;
  uint32_t begin = 0, end = 0;        // instructions [begin, end) of the function
  std::string label;                  // the label starting it, if any
  std::vector<uint32_t> succs, preds; // block indices in the function
};

struct Function {
  std::string name;
  bool kernel = false;   // has a kernel descriptor (.amdhsa_kernel / NAME.kd) or is amdgpu_kernel
  uint64_t ldsBytes = 0; // its descriptor's group_segment_fixed_size (0: none or not known)
  std::vector<Instruction> insts;
  std::vector<BasicBlock> blocks; // blocks[0] is the entry, in program order
  std::vector<uint32_t> blockOf;  // per instruction, its block
  // Labels defined inside the function: name -> instruction index they precede.
  std::vector<std::pair<std::string, uint32_t>> labels;
};

struct Program {
  const Target *target = nullptr;
  const isa::ArchTables *arch = nullptr;
  std::string fileName;
  std::string source; // the assembly text (empty for code objects)
  // Text of macro expansions / included files the instructions' lineText views.
  std::vector<std::unique_ptr<std::string>> buffers;
  std::vector<Function> functions;
  std::vector<Diagnostic> diagnostics; // from loading (assembler errors)
  unsigned errorCount = 0;
  uint32_t numInstructions = 0;

  bool gfx11() const; // the gfx11 (RDNA3) tables: s_delay_alu, vscnt
  // The target's row of isa/processors.def (its features and limits); null if not there.
  const isa::Processor *processor() const;
  // Whether the target's processor has `feature`.
  bool has(isa::ProcessorFeature feature) const;
};

// Builds the CFG of a function whose insts are filled in (blocks, succs/preds, branch targets):
// blocks start at labels, after branches and at branch targets.
void buildCfg(Function &f);

// Reads an assembly file through the assembler (every directive, macro and label it takes):
// instructions of executable sections in functions (a function starts at a `.type X,@function`
// symbol's label, or at the first instruction of a section). The limits: AssembleOptions'.
std::unique_ptr<Program>
loadAssembly(const Target &target, std::string_view source, std::string_view fileName,
             const std::vector<std::string> &includeDirs = {},
             size_t maxExpansionBytes = AssembleOptions{}.maxExpansionBytes,
             size_t maxSectionBytes = AssembleOptions{}.maxSectionBytes);
// Reads an ELF object or code object: each function symbol of the executable sections decoded.
// The target's cpu must be the file's. `error` is set on a malformed file.
std::unique_ptr<Program> loadObject(const Target &target, std::span<const uint8_t> bytes,
                                    std::string_view fileName, std::string *error);

// Fills category, traits and regs of `ins` from its inst (classify.cpp).
void classify(const Target &target, Instruction &ins);

// --- Analysis passes ---------------------------------------------------------------------

// One finding: "file:line:col: warning: message" with the instructions involved and the fix.
struct Finding {
  std::string check;                      // "waitcnt", "delay_alu", ...
  uint32_t function = 0, instruction = 0; // where (the instruction the problem is at)
  std::vector<uint32_t> related;          // instructions involved (the producer, the wait ...)
  std::string message;
  std::string fix; // the text of the fix ("s_waitcnt vmcnt(0)"), empty if none
};

// A program edit made by --fix: lines inserted before an instruction, or an instruction
// (s_waitcnt / s_delay_alu) removed or replaced.
struct Edit {
  uint32_t function = 0, instruction = 0;
  enum class Kind : uint8_t { InsertBefore, Remove, Replace } kind = Kind::InsertBefore;
  std::string text; // the instruction's text (one line, no tab/newline) for insert/replace
};

struct PassResult {
  std::vector<Finding> findings;
  std::vector<Edit> edits; // the pass's fix, applied in program order by writeFixed()
};

// A check or model over the program. Passes read the program and write findings, edits or
// their own per-instruction annotations (sized Program::numInstructions).
class Pass {
public:
  virtual ~Pass() = default;
  virtual std::string_view name() const = 0;
  virtual void run(const Program &program, PassResult &out) = 0;
};

// The program's text with the edits applied (main-file lines only; each edited instruction's
// line replaced, removed or preceded by new lines indented as it is).
std::string writeFixed(const Program &program, const std::vector<Edit> &edits);

} // namespace gfxasm::analysis
