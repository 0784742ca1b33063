# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Bit layouts of the gfx9 (GCN5 / CDNA: gfx900 to gfx950) encodings, in gfx11_formats' table shape
(name -> (bytes, fixed bits, fields)); the helpers there (encode, format_lines, unused_fields) take
this table as their `formats` argument.

The SOP layouts are gfx11's. SMEM is not: gfx9 has no null register and no soffset-or-null field,
so two mode bits say what the offset dwords hold:
    imm=0 soe=0  offset bits 38:32 hold an SGPR (the rest of the field is ignored)  `s7`
    imm=1 soe=0  offset is a 21-bit immediate (signed except buffer forms)          `0x10`
    imm=1 soe=1  soffset holds an SGPR, offset the immediate                        `s7 offset:0x10`
    imm=0 soe=1  soffset holds an SGPR, offset is ignored; llvm prints it like the first form,
                 which assembles to the first form's bytes (decode only)
nv (bit 15) is accepted by no mnemonic and ignored by the decoder; so is bit 13. verify() checks
every layout against llvm-mc-22 -show-encoding on each target."""
from gfx11_formats import FORMATS as GFX11_FORMATS, encode as _encode

FORMATS = {name: GFX11_FORMATS[name] for name in ("SOP2", "SOPK", "SOP1", "SOPC", "SOPP")}
FORMATS["SMEM"] = (8, [((31, 26), 0x30)], {
    "op": [(25, 18)], "imm": [(17, 17)], "glc": [(16, 16)], "nv": [(15, 15)], "soe": [(14, 14)],
    "sdata": [(12, 6)], "sbase": [(5, 0)], "offset": [(52, 32)], "soffset": [(63, 57)]})

# Graphics formats (gfx900-gfx909, gfx90c): exports; parameter interpolation, whose attribute field
# is channel (low bits) then attribute, read as one value attribute * 4 + channel; the VOP3 form of
# interpolation, whose src0 holds that value and the `high` half select.
FORMATS["EXP"] = (8, [((31, 26), 0x31)], {
    "en": [(3, 0)], "target": [(9, 4)], "compr": [(10, 10)], "done": [(11, 11)], "vm": [(12, 12)],
    "vsrc0": [(39, 32)], "vsrc1": [(47, 40)], "vsrc2": [(55, 48)], "vsrc3": [(63, 56)]})
FORMATS["VINTRP"] = (4, [((31, 26), 0x35)], {
    "vsrc": [(7, 0)], "attr": [(9, 8), (15, 10)], "op": [(17, 16)], "vdst": [(25, 18)]})
FORMATS["VOP3_INTERP"] = (8, [((31, 26), 0x34)], {
    "op": [(25, 16)], "clamp": [(15, 15)], "op_sel": [(14, 11)], "abs": [(10, 8)], "vdst": [(7, 0)],
    "attr": [(39, 38), (37, 32)], "high": [(40, 40)], "src1": [(49, 41)], "src2": [(58, 50)],
    "omod": [(60, 59)], "neg": [(63, 61)]})


def encode(fmt, values):
    return _encode(fmt, values, FORMATS)


# (assembly, format, fields): one line per layout question, what the table must encode it as.
LAYOUT_CHECKS = [
    ("s_mov_b32 s1, s2", "SOP1", {"op": 0, "sdst": 1, "ssrc0": 2}),
    ("s_not_b64 s[4:5], s[6:7]", "SOP1", {"op": 5, "sdst": 4, "ssrc0": 6}),
    ("s_add_u32 s1, s2, s3", "SOP2", {"op": 0, "sdst": 1, "ssrc0": 2, "ssrc1": 3}),
    ("s_pack_hh_b32_b16 s1, s2, s3", "SOP2", {"op": 0x34, "sdst": 1, "ssrc0": 2, "ssrc1": 3}),
    ("s_movk_i32 s1, 0x1234", "SOPK", {"op": 0, "sdst": 1, "simm16": 0x1234}),
    ("s_call_b64 s[2:3], 0", "SOPK", {"op": 0x15, "sdst": 2, "simm16": 0}),
    ("s_cmp_eq_u32 s1, s2", "SOPC", {"op": 6, "ssrc0": 1, "ssrc1": 2}),
    ("s_cmp_lg_u64 s[2:3], s[4:5]", "SOPC", {"op": 0x13, "ssrc0": 2, "ssrc1": 4}),
    ("s_nop 3", "SOPP", {"op": 0, "simm16": 3}),
    ("s_set_gpr_idx_off", "SOPP", {"op": 0x1c, "simm16": 0}),
    ("s_load_dword s5, s[2:3], 0x10", "SMEM", {"op": 0, "imm": 1, "sdata": 5, "sbase": 1, "offset": 0x10}),
    ("s_load_dword s5, s[2:3], -0x10", "SMEM", {"op": 0, "imm": 1, "sdata": 5, "sbase": 1, "offset": 0x1ffff0}),
    ("s_load_dword s5, s[2:3], 0xfffff", "SMEM", {"op": 0, "imm": 1, "sdata": 5, "sbase": 1, "offset": 0xfffff}),
    ("s_load_dword s5, s[2:3], s7", "SMEM", {"op": 0, "sdata": 5, "sbase": 1, "offset": 7}),
    ("s_load_dword s5, s[2:3], m0", "SMEM", {"op": 0, "sdata": 5, "sbase": 1, "offset": 0x7c}),
    ("s_load_dword s5, s[2:3], s7 offset:0x10", "SMEM",
     {"op": 0, "imm": 1, "soe": 1, "sdata": 5, "sbase": 1, "offset": 0x10, "soffset": 7}),
    ("s_load_dword s5, s[2:3], 0x10 glc", "SMEM", {"op": 0, "imm": 1, "glc": 1, "sdata": 5, "sbase": 1, "offset": 0x10}),
    ("s_load_dwordx16 s[16:31], s[8:9], 0x0", "SMEM", {"op": 4, "imm": 1, "sdata": 16, "sbase": 4}),
    ("s_buffer_load_dword s5, s[4:7], 0xfffff", "SMEM", {"op": 8, "imm": 1, "sdata": 5, "sbase": 2, "offset": 0xfffff}),
    ("s_store_dword s5, s[2:3], 0x10", "SMEM", {"op": 0x10, "imm": 1, "sdata": 5, "sbase": 1, "offset": 0x10}),
    ("s_atomic_add s5, s[2:3], 0x10 glc", "SMEM", {"op": 0x82, "imm": 1, "glc": 1, "sdata": 5, "sbase": 1, "offset": 0x10}),
    ("s_memtime s[4:5]", "SMEM", {"op": 0x24, "sdata": 4}),
    ("s_dcache_wb", "SMEM", {"op": 0x21}),
    ("s_dcache_discard s[2:3], 0x10", "SMEM", {"op": 0x28, "imm": 1, "sbase": 1, "offset": 0x10}),
    ("s_atc_probe 7, s[2:3], 0x10", "SMEM", {"op": 0x26, "imm": 1, "sdata": 7, "sbase": 1, "offset": 0x10}),
]
# (graphics formats: on the processors that have them)
GRAPHICS_LAYOUT_CHECKS = [
    ("exp pos0 v1, off, v3, off done vm", "EXP",
     {"en": 5, "target": 12, "done": 1, "vm": 1, "vsrc0": 1, "vsrc2": 3}),
    ("exp mrt1 v1, v1, v2, v2 compr", "EXP", {"en": 15, "target": 1, "compr": 1, "vsrc0": 1, "vsrc1": 2}),
    ("v_interp_p1_f32 v7, v5, attr3.z", "VINTRP", {"op": 0, "vdst": 7, "vsrc": 5, "attr": 14}),
    ("v_interp_mov_f32 v7, p20, attr31.w", "VINTRP", {"op": 2, "vdst": 7, "vsrc": 1, "attr": 127}),
    ("v_interp_p2_f16 v7, -v9, attr3.z, |v11| high clamp op_sel:[1,0,0,1]", "VOP3_INTERP",
     {"op": 0x277, "vdst": 7, "attr": 14, "high": 1, "src1": 265, "src2": 267, "neg": 2, "abs": 4,
      "clamp": 1, "op_sel": 9}),
    ("v_interp_p1_f32_e64 v7, v9, attr32.x mul:2", "VOP3_INTERP",
     {"op": 0x270, "vdst": 7, "attr": 128, "src1": 265, "omod": 1}),
]


def verify(cpus, checks=LAYOUT_CHECKS):
    """Assembles `checks` on every cpu; raises if llvm-mc encodes a line otherwise than the table
    does (a layout that changed, or a target where it differs)."""
    from oracle import assemble
    lines = [line for line, _, _ in checks]
    for cpu in cpus:
        for (line, fmt, values), (text, got) in zip(checks, assemble(lines, cpu)):
            want = encode(fmt, values)
            if text is None or got != want:
                raise RuntimeError("%s on %s: llvm-mc encodes %s, the %s table %s"
                                   % (line, cpu, got.hex() if text else got, fmt, want.hex()))
