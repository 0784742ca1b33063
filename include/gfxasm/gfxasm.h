// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// gfxasm public API: assemble AMDGPU assembly text to machine code exactly as llvm-mc does.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gfxasm {

enum class Severity { Error, Warning, Note };

// One diagnostic, printed by formatDiagnostic() as llvm-mc prints it:
//   file:line:col: error: message
//   <source line>
//   <caret under the column>
struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;
  uint32_t line = 0;   // 1-based
  uint32_t column = 0; // 1-based
  std::string message;
  std::string lineText;
  // The lines that include the diagnostic's file (`FILE:LINE`, outermost first), printed before
  // it as llvm prints them ("Included from FILE:LINE:").
  std::vector<std::string> includedFrom;
  // Where llvm underlines a range after the caret (`^~~~`): its end, a 1-based column past the
  // range's last character; 0 for a caret only.
  uint32_t rangeEnd = 0;
  // A note gfxasm adds after llvm's message to say more (llvm-mc prints no such line): tests that
  // compare the output with llvm-mc's leave these out.
  bool extra = false;
};

std::string formatDiagnostic(const Diagnostic &d);

// A processor and its features, resolved once and shared by many assemble() calls.
class Target {
public:
  // cpu: "gfx1100", ...; features: llvm-style "+wavefrontsize64", "-real-true16", comma lists
  // allowed.
  static std::optional<Target> create(std::string_view cpu,
                                      const std::vector<std::string> &features, std::string *error);
  const std::string &cpuName() const { return cpu_; }
  // The target id llvm names the processor and its xnack/sramecc settings by (gfx90a,
  // gfx90a:sramecc+:xnack-): the processor's settings only where it has the feature.
  std::string targetId() const;
  // The ELF header's e_flags for a code object of this version: EF_AMDGPU_MACH and, from v4 on,
  // the xnack and sramecc settings (any, off or on where the processor has them); for v3 (what
  // llvm writes outside HSA) one bit each, set when on or any.
  uint32_t elfFlags(unsigned codeObjectVersion) const;
  // llvm-mc's warnings about the features asked for ("xnack 'On' was requested for a processor
  // that does not support it!"), in its order.
  const std::vector<std::string> &featureWarnings() const { return featureWarnings_; }
  // llvm-mc's messages for -mattr names it does not know ("'+foo' is not a recognized feature for
  // this target (ignoring feature)"), printed as they are, before featureWarnings().
  const std::vector<std::string> &unrecognizedFeatures() const { return unrecognizedFeatures_; }
  bool wave64() const { return wave64_; }
  // gfx90a, gfx942, gfx950: VGPR tuples start at an even register.
  bool alignedVgprTuples() const { return alignedVgprTuples_; }
  // gfx9 before gfx90a: a VALU src0 may read lds_direct (gfx11 has LDSDIR instead).
  bool ldsDirect() const { return ldsDirect_; }
  // gfx908, gfx90a, gfx942, gfx950: accumulation registers (a0-a255), which MAI instructions and
  // (gfx90a+) memory data operands take.
  bool agprs() const { return agprs_; }
  // gfx90a, gfx942, gfx950: DPP on 64-bit operands (llvm's DP ALU DPP, row_newbcast only) and the
  // row_newbcast:N control.
  bool dpAluDpp() const { return alignedVgprTuples_; }
  bool realTrue16() const { return realTrue16_; }
  // xnack: whether the processor has the feature, and whether it is on or any (not xnack-), as
  // the kernel descriptor's .amdhsa_reserve_xnack_mask and its SGPR count take it.
  bool xnackSupported() const;
  bool xnackOnOrAny() const { return xnackSupported() && xnack_ != '-'; }
  // +cumode (gfx10+: CU rather than WGP mode) and +tgsplit (gfx90a+): kernel descriptor defaults.
  bool cuMode() const { return cuMode_; }
  bool tgSplit() const { return tgSplit_; }
  // Index into the internal CPU list; used by the library to filter instructions.
  unsigned cpuIndex() const { return cpuIndex_; }
  const void *arch() const { return arch_; }

  // CPUs this build knows, for --help and the README table.
  static std::vector<std::string> supportedCpus();

private:
  std::string cpu_;
  unsigned cpuIndex_ = 0;
  // xnack and sramecc: 0 unspecified (any), '+' or '-'.
  char xnack_ = 0, sramecc_ = 0;
  std::vector<std::string> featureWarnings_;
  std::vector<std::string> unrecognizedFeatures_;
  bool wave64_ = false;
  bool alignedVgprTuples_ = false;
  bool ldsDirect_ = false;
  bool agprs_ = false;
  bool realTrue16_ = true;
  bool cuMode_ = false, tgSplit_ = false;
  const void *arch_ = nullptr;
};

// Asm: the printed assembly (`-filetype=asm`); Null: only checked (`-filetype=null`); Object: an
// ELF relocatable object (`-filetype=obj`, AssembleResult::object).
enum class OutputKind { Asm, Null, Object };

struct AssembleOptions {
  std::string fileName = "<stdin>";
  bool showEncoding = false;
  OutputKind output = OutputKind::Asm;
  // Print the `.amdgcn_target` line llvm-mc prints first for an amdhsa triple.
  bool emitTargetDirective = true;
  std::string triple = "amdgcn-amd-amdhsa";
  // The code object version before any `.amdhsa_code_object_version` (llvm-mc's
  // --amdhsa-code-object-version): the ELF header's ABI version and flags, and which kernel
  // descriptor fields exist. 4, 5 or 6.
  unsigned codeObjectVersion = 6;
  // With OutputKind::Null, whether the code bytes are wanted (AssembleResult::code). Without
  // them (`gfxasm -filetype=null`, which writes nothing, as llvm-mc's null streamer encodes
  // nothing) the statements are parsed, checked and sized but not encoded: the same diagnostics.
  bool keepCode = true;
  // Directories `.include` searches after the working directory (llvm-mc's -I), in order.
  std::vector<std::string> includeDirs;
  // The most text macro calls, .rept, .irp and .irpc may expand to in one assembly (llvm has
  // no limit: `.rept 1000000000` runs it for hours), the "while in macro instantiation" notes of
  // the diagnostics inside them counted too (by what they take to keep); beyond it, an error.
  size_t maxExpansionBytes = size_t(64) << 20;
  // The most bytes the directives that repeat or pad (.zero/.space/.skip, .fill, .ds.*, .org,
  // .p2align and its kin, .lcomm, .incbin) may add to the sections in one assembly, and in an
  // object the most file padding the sections' alignments may ask for (llvm has no limit: it
  // writes the gigabytes or runs out of memory); beyond it, an error. One directive may add
  // 256 MiB at most.
  size_t maxSectionBytes = size_t(1) << 30;
  // When set, the asm text (OutputKind::Asm) goes here in pieces as it is made, each ending at a
  // statement's end (AssembleResult::text stays empty): a large input's listing needs no buffer
  // of its own, and memory follows the statement.
  std::function<void(std::string_view)> textOutput;
  // When set, called as the source is read with how far it got (an offset into `source`, every
  // megabyte or so): as DisassembleOptions::inputRead, a caller that mapped a file may drop the
  // pages before it (a later read for a diagnostic's line maps them again).
  std::function<void(size_t offset)> inputRead;
};

// What assembling or disassembling text gives back: the printed text and the diagnostics.
struct TextResult {
  // assemble(): the asm stream (empty for OutputKind::Null); disassemble(): one line per
  // instruction, "\t<instruction>[ ; encoding: [...]]".
  std::string text;
  std::vector<Diagnostic> diagnostics;
  unsigned errorCount = 0;
  bool ok() const { return errorCount == 0; }
};

struct AssembleResult : TextResult {
  // What `.print` directives wrote (llvm-mc writes it to standard output, before the listing).
  std::string printed;
  // The .text bytes in order (empty for OutputKind::Null without keepCode). A branch to a label
  // the source does not define keeps offset 0: like llvm-mc, gfxasm reports that only when
  // writing an object file.
  std::vector<uint8_t> code;
  // OutputKind::Object: the ELF64 relocatable object llvm-mc -filetype=obj writes (empty when
  // assembling failed).
  std::vector<uint8_t> object;
};

AssembleResult assemble(const Target &target, std::string_view source,
                        const AssembleOptions &options = {});

// --- Disassembly ---

// One instruction decoded from machine code: its size in bytes (0: the bytes are not a valid
// instruction for the target) and its canonical text, as llvm-mc prints it.
struct DecodedInstruction {
  size_t size = 0;
  std::string text;
  // A branch (s_branch, s_cbranch_*, s_call_b64, ...): its target's distance in bytes from the
  // instruction's address (4 times the signed 16-bit offset, plus 4), and whether the target is
  // llvm's first operand (llvm-objdump labels the targets of those).
  std::optional<int64_t> branchOffset;
  bool branchTargetFirst = false;
};
// Decodes the instruction at the start of `bytes`.
DecodedInstruction disassembleInstruction(const Target &target, const uint8_t *bytes, size_t size);
// The same; a branch target prints as the symbol `nameBranchTarget` returns for its distance from
// the instruction (the text llvm prints for it), or as a number when it returns an empty string.
DecodedInstruction
disassembleInstruction(const Target &target, const uint8_t *bytes, size_t size,
                       const std::function<std::string(int64_t offset)> &nameBranchTarget);
// The same, into `out` (whose text buffer is reused: no allocation per instruction in a loop).
void disassembleInstruction(const Target &target, const uint8_t *bytes, size_t size,
                            const std::function<std::string(int64_t offset)> &nameBranchTarget,
                            DecodedInstruction &out);

struct DisassembleOptions {
  std::string fileName = "<stdin>";
  bool showEncoding = false;
  // When set, the text goes here in pieces as it is decoded (DisassembleResult::text stays
  // empty): large inputs need no buffer for the whole listing.
  std::function<void(std::string_view)> output;
  // Large inputs (256 KiB of text or 64 KiB of bytes) are read, decoded and printed by two
  // threads when the machine has two processors; false: by the caller's thread alone (the same
  // output).
  bool threads = true;
  // When set, called as the input is read with how far it got: the text before that offset is
  // read again only to quote the line of a diagnostic, so a caller that mapped a file may drop
  // those pages (madvise MADV_DONTNEED) and keep the memory bounded.
  std::function<void(size_t offset)> inputRead;
};
struct DisassembleResult : TextResult {};
// Disassembles llvm-mc's `--disassemble` input: bytes written as numbers (0x01 or 1), separated
// by spaces or commas, `#` comments, and `[...]` blocks decoded on their own. Bytes that are not
// an instruction get llvm-mc's warning and decoding goes on after 4 of them (a block stops).
DisassembleResult disassemble(const Target &target, std::string_view input,
                              const DisassembleOptions &options = {});

// --- Object files ---

struct ObjdumpOptions {
  std::string fileName = "a.out"; // as named in the listing's first line
  // The processor and features to decode for; an empty cpu: the one the ELF header names.
  std::string cpu;
  std::vector<std::string> features;
  bool leadingAddr = true; // --no-leading-addr: symbol lines without their address
  bool skipZeroes = true;  // -z/--disassemble-zeroes: false
  // When set, the listing goes here in pieces as it is made (ObjdumpResult::text stays empty).
  std::function<void(std::string_view)> output;
  // When set, called as the code is disassembled with how far into the file it got (an offset
  // into `data`, every 2 MiB or so of a section): the bytes before it are read again only for
  // symbol names and headers, so a caller that mapped the file may drop those pages (madvise
  // MADV_DONTNEED: a later read maps them again) and keep the memory bounded.
  std::function<void(size_t offset)> inputRead;
};
struct ObjdumpResult {
  std::string text;                  // the listing, as far as it got
  std::vector<std::string> warnings; // parts of the file left out (an unreadable symbol table)
  std::string error;                 // empty when the file was read to its end
  bool ok() const { return error.empty(); }
};
// Disassembles the executable sections of an AMDGPU ELF file (relocatable object or linked code
// object) as `llvm-objdump -d` prints them: per symbol, each instruction with its address and
// dwords, branch targets as <symbol+0xoffset>, data symbols and bytes that are no instruction as
// llvm-objdump shows them. A malformed file or an unsupported processor is an error.
ObjdumpResult objdump(const uint8_t *data, size_t size, const ObjdumpOptions &options = {});

// --- Linking ---

struct LinkInput {
  std::string name;              // as named in diagnostics ("a.o")
  std::span<const uint8_t> data; // an AMDGPU ELF64 relocatable object (ET_REL)
};
struct LinkOptions {
  // What .comment says about the linker ("Linker: " + this), as ld.lld writes its version.
  std::string linkerVersion = "Debian LLD 22.1.8";
};
struct LinkResult {
  std::vector<uint8_t> output; // the shared object (code object); empty after an error
  // Errors as ld.lld words them, without the program name: "undefined hidden symbol: foo" and
  // its ">>> referenced by a.o:(k1)" lines (one string per error, lines joined by newlines).
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};
// Links AMDGPU relocatable objects into the shared object `ld.lld -shared` makes of them: the
// same layout, program headers, dynamic sections, symbol tables and resolved relocations. A
// malformed object or a relocation ld.lld rejects is an error, never a crash.
LinkResult link(const std::vector<LinkInput> &objects, const LinkOptions &options = {});
// The errors as ld.lld prints them: "PROGRAM: error: MESSAGE" lines, a blank line after an error
// of several lines.
std::string formatLinkErrors(const std::vector<std::string> &errors, std::string_view program);

} // namespace gfxasm
