// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// `.amd_kernel_code_t` outside HSA against llvm-mc-22: every field by both its names (its place,
// width and printing), values known later, the defaults of each processor and wave size, and
// the errors of the block, in text and objects.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "oracle_util.h"

namespace {

using namespace gfxasm::test;

const std::vector<std::string> kTriples = {"amdgcn--", "amdgcn--amdpal", "amdgcn-mesa-mesa3d"};

TEST(AmdKernelCode, EveryFieldByBothNames) {
  // One block per name and value: a value wider than any field (cut to the field's width, but
  // for the fields kept as expressions, where it is an error of its own), 0x1234, and -1 (the
  // print's casts).
  struct Name {
    std::string name, alias;
    bool expression;
  };
  std::vector<Name> names = {
#define AKC_FIELD(name, alias, kind, offset, size, shift, width)                                   \
  {#name, #alias, std::string_view(#kind) == "Expr"},
#include "object/amd_kernel_code_fields.def"
#undef AKC_FIELD
  };
  // (gfx9 refuses the GFX10 bits of RSRC1: those fields are set on gfx1100 only)
  for (const std::string cpu : {"gfx900", "gfx1100"}) {
    std::string input;
    int n = 0;
    for (const Name &f : names)
      for (const std::string &spelling : {f.name, f.alias})
        for (const char *value : {"0x123456789abcdef3", "0x1234", "-1"}) {
          // (wavefront sizes have checks of their own, below)
          if (f.name == "wavefront_size" || f.name == "enable_wavefront_size32") continue;
          if (f.expression && std::string_view(value).size() > 8) continue; // (the wide one)
          if (cpu == "gfx900" && (f.name == "enable_wgp_mode" || f.name == "enable_mem_ordered" ||
                                  f.name == "enable_fwd_progress" || f.name == "float_mode" ||
                                  f.name == "enable_ieee_mode" || f.name == "enable_dx10_clamp"))
            continue;
          input += fmt::format(".section .k{0}\nk{0}:\n\t.amd_kernel_code_t\n\t\t{1} = {2}\n"
                               "\t.end_amd_kernel_code_t\n\ts_endpgm\n",
                               n++, spelling, value);
        }
    ToolRun llvm = runLlvmMc(input, cpu, "", "-triple=amdgcn-- -filetype=obj -o -");
    ASSERT_EQ(llvm.status, 0) << llvm.err.substr(0, 2000); // (the objects are compared)
    expectSameOnTargets(input, "fields", {"amdgcn--"}, {cpu});
  }
  // Too wide for a field kept as an expression: llvm's error, the value not written.
  expectSameOnTargets(".amd_kernel_code_t\nworkitem_vgpr_count = 0x12345\n"
                      "workitem_private_segment_byte_size = -0x80000001\n.end_amd_kernel_code_t\n",
                      "too wide", {"amdgcn--"}, {"gfx900"});
}

TEST(AmdKernelCode, DefaultsAndLaterValues) {
  const std::string input = R"(.set known, 1
	.amd_kernel_code_t
		is_dynamic_callstack = known
		wavefront_sgpr_count = known
		workitem_vgpr_count = unknown
		workitem_private_segment_byte_size = unknown+1
		granulated_workitem_vgpr_count = unknown
		enable_sgpr_workgroup_id_x = unknown
		user_sgpr_count = 5
		kernarg_segment_byte_size = 0x123456789
		call_convention = 0x80000000
	.end_amd_kernel_code_t
	s_endpgm
.amd_kernel_code_t
.end_amd_kernel_code_t s_nop 0
.set unknown, 1
)";
  expectSameOnTargets(input, "later values", kTriples,
                      {"gfx900", "gfx90a", "gfx90c", "gfx942", "gfx950", "gfx1100", "gfx1151"});
  for (const char *mattr : {"+wavefrontsize64", "+cumode", "+wavefrontsize64,+cumode"}) {
    for (const char *filetype : {"asm", "obj -o -"}) {
      const std::string options = fmt::format("-triple=amdgcn-- -filetype={}", filetype);
      ToolRun llvm = runLlvmMc(input, "gfx1100", mattr, options);
      ToolRun ours = runAssembler(GFXASM_CLI, input, "gfx1100", mattr, options);
      EXPECT_EQ(ours.out, llvm.out) << mattr << " " << filetype;
      EXPECT_EQ(ours.status, llvm.status) << mattr << " " << filetype;
    }
  }
}

TEST(AmdKernelCode, ErrorsAsLlvmReportsThem) {
  for (const char *block : {
           "foo = 1\n.end_amd_kernel_code_t\n",
           "wavefront_size 1\n.end_amd_kernel_code_t\n",
           "wavefront_size = x\n.end_amd_kernel_code_t\n",
           "wavefront_sgpr_count = (\n.end_amd_kernel_code_t\n",
           "1\n.end_amd_kernel_code_t\n",
           "",
           "wavefront_size = 6 junk\n.end_amd_kernel_code_t\n",
           "wavefront_size = 6 junk 2\n.end_amd_kernel_code_t\n",
           "enable_wgp_mode = 1\nmax_scratch_backing_memory_byte_size = 5 6 7\n"
           ".end_amd_kernel_code_t s_nop 0\ns_nop 1\n",
           "enable_mem_ordered = 1\nenable_fwd_progress = 1\n.end_amd_kernel_code_t\n",
           "wavefront_size = 5\n.end_amd_kernel_code_t\n",
           "wavefront_size = 5 x\n.end_amd_kernel_code_t\n",
           "wavefront_size = 5\n",
           "enable_wavefront_size32 = 1 ; c\n.end_amd_kernel_code_t\n",
           "enable_wavefront_size32 = 0\n\n.end_amd_kernel_code_t\n",
           "\n  ; comment\n kernel_code_version_major = 7 ; c\ncompute_pgm_rsrc2_user_sgpr = 3\n"
           ".end_amd_kernel_code_t ; x\ns_nop 0\n",
           "wavefront_size = lbl\n.end_amd_kernel_code_t\nlbl:\n",
           "enable_wgp_mode = undefined_sym\n.end_amd_kernel_code_t\n",
           "workitem_vgpr_count = never_defined\n.end_amd_kernel_code_t\n",
           "workitem_private_segment_byte_size = never\nwavefront_sgpr_count = 1+never2\n"
           ".end_amd_kernel_code_t\n",
           "workitem_vgpr_count = 1 +\n.end_amd_kernel_code_t\n",
           // (the expression field's fixup keeps its own line, whatever field follows)
           "workitem_vgpr_count = never\nis_dynamic_callstack = 1\n.end_amd_kernel_code_t\n",
           "1: s_nop 0\n.end_amd_kernel_code_t\n",
       })
    expectSameOnTargets(fmt::format(".byte 1\n.amd_kernel_code_t\n{}", block), block, {"amdgcn--"},
                        {"gfx900", "gfx1100"});
  // On the directive's line, and in HSA (no such directive there: its lines are statements).
  expectSameOnTargets(".amd_kernel_code_t junk\n.end_amd_kernel_code_t\n"
                      ".amd_kernel_code_t wavefront_size = 6\n.end_amd_kernel_code_t\n",
                      "same line", {"amdgcn--", "amdgcn-amd-amdhsa"}, {"gfx900"});
}

} // namespace
