# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""VALU extensions of gfx9 (GCN5 / CDNA: gfx900 to gfx950): the DPP forms of the VOP1/VOP2
instructions, swept through the oracle with gfx11_vext's DPP machinery over gfx9's layouts.

What differs from gfx11's DPP16:
- One DPP form (no DPP8) and no `fi` bit; bits 50:49 are ignored by llvm's decoder.
- No VOPC DPP: llvm-mc-22 neither assembles nor decodes it on gfx9.
- 64-bit operands (v_cvt_f32_f64, v_fmac_f64, v_mov_b64, ...): on gfx90a and later ("DP ALU
  DPP") they take only row_newbcast, and the oracle's disassembler prints a note in place of any
  other control there (so probe texts are compared up to their operands, and the modifiers of
  those forms are asked of a gfx90a+ target with row_newbcast:1). The probe VGPRs are even, as
  gfx90a's tuples must be."""
import gfx11_vext as v11x
from gfx11_formats import FORMATS as GFX11_FORMATS, format_lines, unused_fields
from gfx11_valu import TRANS
from gfx9_valu import FORMATS as VALU_FORMATS
import processors

FORMATS = dict(VALU_FORMATS)
for _base in ("VOP1", "VOP2"):
    _size, _fixed, _fields = GFX11_FORMATS[_base + "_DPP16"]
    FORMATS[_base + "_DPP"] = (_size, _fixed, {k: v for k, v in _fields.items() if k != "fi"})

DPP_MODIFIERS = [m for m in v11x.DPP16_MODIFIERS if not m.startswith("fi:")]
DP_ALU_CPUS = tuple(processors.cpus("gfx9", "Gfx90aInsts"))  # llvm's FeatureDPALU_DPP


class Gfx9Dpp(v11x.DppSetup):
    arch = "gfx9"
    formats = FORMATS
    variants = (("_DPP", DPP_MODIFIERS),)
    modes = (None,)
    regs = {"vdst": 6, "src0": 2, "vsrc1": 4}

    def assembled_on(self, cpus, dfmt, text, cs):
        # (a VGPR tuple makes the form a DP ALU one where the cpu has them)
        dp_alu = next((c for c in cs if c in DP_ALU_CPUS), None)
        if "v[" in text and dp_alu:
            return dp_alu, " row_newbcast:1"
        return cs[0], " quad_perm:[0,1,2,3]"


def emitter(cpus, unit_of, lines):
    """emit(fmt, mn, op, operands, cpus, flags) appending the inst line (gfx11_vext.inst_line) to
    `lines`; transcendental instructions in the trans unit, as gfx9_valu gives them."""
    def unit(mn, default):
        return unit_of(mn, "trans" if mn.startswith(TRANS) else default)
    return lambda *entry: lines.append(v11x.inst_line(cpus, unit, *entry))


def generate(cpus, unit_of):
    lines = []
    emit = emitter(cpus, unit_of, lines)
    v11x.dpp(cpus, emit, Gfx9Dpp())
    ignored, kept = unused_fields(lines, cpus, formats=FORMATS)
    if kept:
        raise RuntimeError("gfx9 vext fields llvm keeps without an operand: %s" % kept)
    return format_lines(["VOP1_DPP", "VOP2_DPP"], ignored, FORMATS) + [""] + lines
