# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Bit layouts of the gfx11 (RDNA3) encodings, from the RDNA3 ISA reference and confirmed by the
differential tests against llvm-mc-22. Each entry: name -> (bytes, fixed bits, fields).
Bit ranges are (hi, lo) over the little-endian instruction; a field may span several ranges,
least significant part first."""

FORMATS = {
    "SOP2": (4, [((31, 30), 0x2)], {"op": [(29, 23)], "sdst": [(22, 16)], "ssrc1": [(15, 8)], "ssrc0": [(7, 0)]}),
    "SOPK": (4, [((31, 28), 0xB)], {"op": [(27, 23)], "sdst": [(22, 16)], "simm16": [(15, 0)]}),
    "SOP1": (4, [((31, 23), 0x17D)], {"op": [(15, 8)], "sdst": [(22, 16)], "ssrc0": [(7, 0)]}),
    "SOPC": (4, [((31, 23), 0x17E)], {"op": [(22, 16)], "ssrc1": [(15, 8)], "ssrc0": [(7, 0)]}),
    "SOPP": (4, [((31, 23), 0x17F)], {"op": [(22, 16)], "simm16": [(15, 0)]}),
    "SMEM": (8, [((31, 26), 0x3D)], {"op": [(25, 18)], "glc": [(14, 14)], "dlc": [(13, 13)],
                                      "sdata": [(12, 6)], "sbase": [(5, 0)], "offset": [(52, 32)],
                                      "soffset": [(63, 57)]}),
    # Memory formats. FLAT/GLOBAL/SCRATCH share one layout told apart by seg; SCRATCH_SVE is the
    # scratch form with a VGPR address (sve set); FLAT has no saddr (always null).
    "DS": (8, [((31, 26), 0x36)], {"op": [(25, 18)], "offset": [(15, 0)], "offset0": [(7, 0)],
                                    "offset1": [(15, 8)], "gds": [(17, 17)], "vaddr": [(39, 32)],
                                    "data0": [(47, 40)], "data1": [(55, 48)], "vdst": [(63, 56)]}),
    "FLAT": (8, [((31, 26), 0x37), ((17, 16), 0), ((54, 48), 0x7C), ((55, 55), 0)], {
        "op": [(24, 18)], "offset": [(12, 0)], "dlc": [(13, 13)], "glc": [(14, 14)], "slc": [(15, 15)],
        "vaddr": [(39, 32)], "vdata": [(47, 40)], "vdst": [(63, 56)]}),
    "GLOBAL": (8, [((31, 26), 0x37), ((17, 16), 2), ((55, 55), 0)], {
        "op": [(24, 18)], "offset": [(12, 0)], "dlc": [(13, 13)], "glc": [(14, 14)], "slc": [(15, 15)],
        "vaddr": [(39, 32)], "vdata": [(47, 40)], "saddr": [(54, 48)], "vdst": [(63, 56)]}),
    "SCRATCH": (8, [((31, 26), 0x37), ((17, 16), 1), ((55, 55), 0)], {
        "op": [(24, 18)], "offset": [(12, 0)], "dlc": [(13, 13)], "glc": [(14, 14)], "slc": [(15, 15)],
        "vaddr": [(39, 32)], "vdata": [(47, 40)], "saddr": [(54, 48)], "vdst": [(63, 56)]}),
    "SCRATCH_SVE": (8, [((31, 26), 0x37), ((17, 16), 1), ((55, 55), 1)], {
        "op": [(24, 18)], "offset": [(12, 0)], "dlc": [(13, 13)], "glc": [(14, 14)], "slc": [(15, 15)],
        "vaddr": [(39, 32)], "vdata": [(47, 40)], "saddr": [(54, 48)], "vdst": [(63, 56)]}),
    "MUBUF": (8, [((31, 26), 0x38)], {
        "op": [(25, 18)], "offset": [(11, 0)], "slc": [(12, 12)], "dlc": [(13, 13)], "glc": [(14, 14)],
        "vaddr": [(39, 32)], "vdata": [(47, 40)], "srsrc": [(52, 48)], "tfe": [(53, 53)],
        "offen": [(54, 54)], "idxen": [(55, 55)], "soffset": [(63, 56)]}),
    "MTBUF": (8, [((31, 26), 0x3A)], {
        "op": [(18, 15)], "offset": [(11, 0)], "slc": [(12, 12)], "dlc": [(13, 13)], "glc": [(14, 14)],
        "format": [(25, 19)], "vaddr": [(39, 32)], "vdata": [(47, 40)], "srsrc": [(52, 48)],
        "tfe": [(53, 53)], "offen": [(54, 54)], "idxen": [(55, 55)], "soffset": [(63, 56)]}),
    # MIMG_NSA: the non-sequential-address form, its extra address VGPRs in a third dword.
    "MIMG": (8, [((31, 26), 0x3C)], {
        "op": [(25, 18)], "dim": [(4, 2)], "unorm": [(7, 7)], "dmask": [(11, 8)], "slc": [(12, 12)],
        "dlc": [(13, 13)], "glc": [(14, 14)], "r128": [(15, 15)], "a16": [(16, 16)], "d16": [(17, 17)],
        "vaddr": [(39, 32)], "vdata": [(47, 40)], "srsrc": [(52, 48)], "tfe": [(53, 53)],
        "lwe": [(54, 54)], "ssamp": [(62, 58)]}),
    "MIMG_NSA": (12, [((31, 26), 0x3C), ((0, 0), 1)], {
        "op": [(25, 18)], "dim": [(4, 2)], "unorm": [(7, 7)], "dmask": [(11, 8)], "slc": [(12, 12)],
        "dlc": [(13, 13)], "glc": [(14, 14)], "r128": [(15, 15)], "a16": [(16, 16)], "d16": [(17, 17)],
        "vaddr": [(39, 32)], "vdata": [(47, 40)], "srsrc": [(52, 48)], "tfe": [(53, 53)],
        "lwe": [(54, 54)], "ssamp": [(62, 58)], "vaddr1": [(71, 64)], "vaddr2": [(79, 72)],
        "vaddr3": [(87, 80)], "vaddr4": [(95, 88)]}),
    # The ray-tracing forms: unorm, dmask (0xf) and r128 fixed on. They have no dim, d16, tfe, lwe
    # or ssamp operand, but llvm-mc decodes them only with those MIMG fields zero.
    "MIMG_BVH": (8, [((31, 26), 0x3C), ((11, 7), 0x1F), ((15, 15), 1)], {
        "op": [(25, 18)], "dim": [(4, 2)], "slc": [(12, 12)], "dlc": [(13, 13)], "glc": [(14, 14)],
        "a16": [(16, 16)], "d16": [(17, 17)], "vaddr": [(39, 32)], "vdata": [(47, 40)],
        "srsrc": [(52, 48)], "tfe": [(53, 53)], "lwe": [(54, 54)], "ssamp": [(62, 58)]}),
    "MIMG_BVH_NSA": (12, [((31, 26), 0x3C), ((0, 0), 1), ((11, 7), 0x1F), ((15, 15), 1)], {
        "op": [(25, 18)], "dim": [(4, 2)], "slc": [(12, 12)], "dlc": [(13, 13)], "glc": [(14, 14)],
        "a16": [(16, 16)], "d16": [(17, 17)], "vaddr": [(39, 32)], "vdata": [(47, 40)],
        "srsrc": [(52, 48)], "tfe": [(53, 53)], "lwe": [(54, 54)], "ssamp": [(62, 58)],
        "vaddr1": [(71, 64)], "vaddr2": [(79, 72)], "vaddr3": [(87, 80)], "vaddr4": [(95, 88)]}),
    # VALU extensions (vext). VOP3P_MIX is VOP3P for v_fma_mix*, whose neg_lo/neg_hi bits are the
    # sources' neg and abs modifiers; VOP3P_NO_OPSEL the instructions without op_sel/op_sel_hi (their
    # op_sel_hi bits are still set).
    "VOP3P": (8, [((31, 23), 0x198)], {
        "op": [(22, 16)], "vdst": [(7, 0)], "neg_hi": [(10, 8)], "op_sel": [(13, 11)],
        "op_sel_hi": [(60, 59), (14, 14)], "clamp": [(15, 15)], "src0": [(40, 32)], "src1": [(49, 41)],
        "src2": [(58, 50)], "neg_lo": [(63, 61)]}),
    "VOP3P_MIX": (8, [((31, 23), 0x198)], {
        "op": [(22, 16)], "vdst": [(7, 0)], "abs": [(10, 8)], "op_sel": [(13, 11)],
        "op_sel_hi": [(60, 59), (14, 14)], "clamp": [(15, 15)], "src0": [(40, 32)], "src1": [(49, 41)],
        "src2": [(58, 50)], "neg": [(63, 61)]}),
    # v_fma_mix* in gfx9's VOP3P encoding (bits 31:23 = 0x1a7), which llvm's gfx11 disassembler
    # also decodes (its encoder writes them back so); the assembler never picks it.
    "VOP3P_MIX_GFX9": (8, [((31, 23), 0x1a7)], {
        "op": [(22, 16)], "vdst": [(7, 0)], "abs": [(10, 8)], "op_sel": [(13, 11)],
        "op_sel_hi": [(60, 59), (14, 14)], "clamp": [(15, 15)], "src0": [(40, 32)], "src1": [(49, 41)],
        "src2": [(58, 50)], "neg": [(63, 61)]}),
    # (VOP3P_NO_OPSEL's op_sel field is written by no operand: the disassembler wants it zero.)
    "VOP3P_NO_OPSEL": (8, [((31, 23), 0x198), ((60, 59), 0x3), ((14, 14), 0x1)], {
        "op": [(22, 16)], "vdst": [(7, 0)], "neg_hi": [(10, 8)], "op_sel": [(13, 11)], "clamp": [(15, 15)], "src0": [(40, 32)],
        "src1": [(49, 41)], "src2": [(58, 50)], "neg_lo": [(63, 61)]}),
    # DPP: the e32 encoding with src0 = 0xFA (DPP16) or 0xE9/0xEA (DPP8: the `fi` field) and a
    # second dword holding the real src0 VGPR and the lane controls.
    "VOP1_DPP16": (8, [((31, 25), 63), ((8, 0), 250)], {"vdst": [(24, 17)], "op": [(16, 9)], "src0": [(39, 32)], "dpp_ctrl": [(48, 40)], "fi": [(50, 50)], "bound_ctrl": [(51, 51)], "neg": [(52, 52), (54, 54)], "abs": [(53, 53), (55, 55)], "bank_mask": [(59, 56)], "row_mask": [(63, 60)]}),
    "VOP1_DPP8": (8, [((31, 25), 63)], {"vdst": [(24, 17)], "op": [(16, 9)], "fi": [(8, 0)], "src0": [(39, 32)], "dpp8": [(63, 40)]}),
    "VOP2_DPP16": (8, [((31, 31), 0), ((8, 0), 250)], {"op": [(30, 25)], "vdst": [(24, 17)], "vsrc1": [(16, 9)], "src0": [(39, 32)], "dpp_ctrl": [(48, 40)], "fi": [(50, 50)], "bound_ctrl": [(51, 51)], "neg": [(52, 52), (54, 54)], "abs": [(53, 53), (55, 55)], "bank_mask": [(59, 56)], "row_mask": [(63, 60)]}),
    "VOP2_DPP8": (8, [((31, 31), 0)], {"op": [(30, 25)], "vdst": [(24, 17)], "vsrc1": [(16, 9)], "fi": [(8, 0)], "src0": [(39, 32)], "dpp8": [(63, 40)]}),
    "VOPC_DPP16": (8, [((31, 25), 62), ((8, 0), 250)], {"op": [(24, 17)], "vsrc1": [(16, 9)], "src0": [(39, 32)], "dpp_ctrl": [(48, 40)], "fi": [(50, 50)], "bound_ctrl": [(51, 51)], "neg": [(52, 52), (54, 54)], "abs": [(53, 53), (55, 55)], "bank_mask": [(59, 56)], "row_mask": [(63, 60)]}),
    "VOPC_DPP8": (8, [((31, 25), 62)], {"op": [(24, 17)], "vsrc1": [(16, 9)], "fi": [(8, 0)], "src0": [(39, 32)], "dpp8": [(63, 40)]}),
    # VOPD: two VOP2-like halves issued together; `op` is opx | opy << 4, vdsty holds the VGPR / 2
    # (its low bit is the complement of vdstx's).
    "VOPD": (8, [((31, 26), 0x32)], {
        "op": [(25, 22), (21, 17)], "srcx0": [(8, 0)], "vsrcx1": [(16, 9)], "srcy0": [(40, 32)],
        "vsrcy1": [(48, 41)], "vdsty": [(55, 49)], "vdstx": [(63, 56)]}),
    # misc: exports, interpolation, LDS direct/parameter loads. EXP has no opcode field; its en
    # bits say which sources are not `off`. LDSDIR's attr holds attribute * 4 + channel; its bits
    # 23:22 are zero (llvm decodes nothing else).
    "EXP": (8, [((31, 26), 0x3E)], {
        "en": [(3, 0)], "target": [(9, 4)], "done": [(11, 11)], "row_en": [(13, 13)],
        "vsrc0": [(39, 32)], "vsrc1": [(47, 40)], "vsrc2": [(55, 48)], "vsrc3": [(63, 56)]}),
    "VINTERP": (8, [((31, 24), 0xCD)], {
        "op": [(22, 16)], "vdst": [(7, 0)], "wait_exp": [(10, 8)], "op_sel": [(14, 11)],
        "clamp": [(15, 15)], "src0": [(40, 32)], "src1": [(49, 41)], "src2": [(58, 50)],
        "neg": [(63, 61)]}),
    "LDSDIR": (4, [((31, 24), 0xCE), ((23, 22), 0)], {
        "op": [(21, 20)], "wait_vdst": [(19, 16)], "attr": [(15, 8)], "vdst": [(7, 0)]}),
    # Vector ALU: the e32 encodings and the 64-bit VOP3 (VOP3SD: an SGPR carry-out instead of
    # abs/op_sel). The literal of a source encoded 255 (and the fmamk/fmaak K) follows.
    "VOP1": (4, [((31, 25), 0x3F)], {"vdst": [(24, 17)], "op": [(16, 9)], "src0": [(8, 0)]}),
    "VOP2": (4, [((31, 31), 0)], {"op": [(30, 25)], "vdst": [(24, 17)], "vsrc1": [(16, 9)], "src0": [(8, 0)]}),
    "VOPC": (4, [((31, 25), 0x3E)], {"op": [(24, 17)], "vsrc1": [(16, 9)], "src0": [(8, 0)]}),
    "VOP3": (8, [((31, 26), 0x35)], {"op": [(25, 16)], "clamp": [(15, 15)], "op_sel": [(14, 11)],
                                      "abs": [(10, 8)], "vdst": [(7, 0)], "neg": [(63, 61)],
                                      "omod": [(60, 59)], "src2": [(58, 50)], "src1": [(49, 41)],
                                      "src0": [(40, 32)]}),
    "VOP3SD": (8, [((31, 26), 0x35)], {"op": [(25, 16)], "clamp": [(15, 15)], "sdst": [(14, 8)],
                                        "vdst": [(7, 0)], "neg": [(63, 61)], "omod": [(60, 59)],
                                        "src2": [(58, 50)], "src1": [(49, 41)], "src0": [(40, 32)]}),
}


# Fixed bits llvm's encoder sets and its decoder does not look at (written HI:LO~VALUE): op_sel_hi
# of the VOP3P instructions without op_sel/op_sel_hi operands.
DECODE_IGNORED = {"VOP3P_NO_OPSEL": {(60, 59), (14, 14)}}


def vop3_dpp(base, variant):
    """The DPP16 / DPP8 form of a 64-bit VOP3, VOP3SD or VOP3P format: src0 = 0xFA (DPP16) or the
    `fi` field (DPP8: 0xE9 / 0xEA), then a DPP dword holding the real src0 VGPR and the controls."""
    size, fixed, fields = FORMATS[base]
    out = {}
    for name, ranges in fields.items():
        if name == "src0":
            if variant == "_DPP8":
                out["fi"] = ranges
            out["src0"] = [(71, 64)]
        else:
            out[name] = ranges
    if variant == "_DPP8":
        out["dpp8"] = [(95, 72)]
        return (size + 4, fixed, out)
    out.update({"dpp_ctrl": [(80, 72)], "fi": [(82, 82)], "bound_ctrl": [(83, 83)], "bank_mask": [(91, 88)],
                "row_mask": [(95, 92)]})
    return (size + 4, fixed + [((40, 32), 0xFA)], out)


for _base in ("VOP3", "VOP3SD", "VOP3P", "VOP3P_MIX"):
    for _variant in ("_DPP16", "_DPP8"):
        FORMATS[_base + _variant] = vop3_dpp(_base, _variant)


def encode(fmt, values, formats=None):
    """Encodes {field: value} in format `fmt` to bytes (for building probes). formats: another
    architecture's table (default: gfx11's FORMATS)."""
    size, fixed, fields = (formats or FORMATS)[fmt]
    v = 0
    for (hi, lo), val in fixed:
        v |= (val & ((1 << (hi - lo + 1)) - 1)) << lo
    for name, val in values.items():
        for hi, lo in fields[name]:
            w = hi - lo + 1
            v |= (val & ((1 << w) - 1)) << lo
            val >>= w
    return v.to_bytes(size, "little")


def format_lines(names, ignored=None, formats=None):
    """The `format` lines of `names` (from `formats`, default gfx11's); ignored: {format: fields
    llvm ignores where unused}, marked FIELD=HI:LO?."""
    out = []
    for name in names:
        size, fixed, fields = (formats or FORMATS)[name]
        free = (ignored or {}).get(name, ())
        parts = ["format", name, str(size)]
        decode_ignored = DECODE_IGNORED.get(name, set())
        parts += ["%d:%d%s0x%x" % (hi, lo, "~" if (hi, lo) in decode_ignored else "=", val) for (hi, lo), val in fixed]
        parts += ["%s=%s%s" % (f, ",".join("%d:%d" % r for r in rs), "?" if f in free else "")
                  for f, rs in fields.items()]
        out.append(" ".join(parts))
    return out


MODIFIER_FIELDS = ("neg", "abs", "sext")  # per-source bits: claimed by the sources


def _line_verdict(per_line, li, field, verdict):
    """Records a probe's verdict on one line's field; of its probes, 'zero' wins over 'ignored',
    which wins over 'kept'."""
    if per_line is None:
        return
    rank = ("kept", "ignored", "zero")
    got = per_line.setdefault(li, {})
    if rank.index(verdict) >= rank.index(got.get(field, "kept")):
        got[field] = verdict


def unused_fields(inst_lines, cpus, base_values=None, formats=None, implied=None, mixed=None,
                  per_line=None):
    """How llvm decodes the fields of a format that an instruction has no operand for: returns
    ({format: fields it ignores (TableGen's `?`: anything decodes, its encoding shows 0)},
     {(format, mnemonic): fields it keeps (decodes anything and encodes it back, printing
     nothing)}); the other unused fields must be zero. Probed on every `inst` line: the field set
    to all ones, then to a mixed pattern, over an encoding the instruction decodes from (its
    operand fields 0, or base_values(operands) for [field, class, ...] operands; fake16 forms
    without real-true16) must print the same text. A format whose instructions disagree about
    ignoring a field is an error. formats: another architecture's table (default gfx11's);
    implied: {field: fields an operand there also writes} (gfx9 SMEM's soffset sets imm and soe),
    which are then not probed. mixed: a dict that, instead of the error, collects {(format, field):
    {mnemonic: 'ignored' or 'zero'}} for fields some instructions ignore and others must have zero
    (such a field is then left must-be-zero). per_line: a dict that collects {index in
    inst_lines: {field: 'zero', 'ignored' or 'kept'}}, each line's own verdicts."""
    from oracle import disassemble
    formats = formats or FORMATS
    bases, probes, keys = [], [], []
    for li, line in enumerate(inst_lines):
        w = line.split()
        if not w or w[0] != "inst":
            continue
        fmt, mn, op = w[1], w[2], int(w[3], 0)
        operands = [o.split(":") for o in w[4:] if not o.startswith("@")]
        size, fixed, fields = formats[fmt]
        values = dict(base_values(operands) if base_values else {})
        if "op" in fields:
            values["op"] = op
        used = {o[0] for o in operands}
        if used & {"src0", "src1", "src2"}:
            used |= set(MODIFIER_FIELDS)
        for f in list(used):
            used |= set((implied or {}).get(f, ()))
        cpu = next((a.split("=")[1].split(",")[0] for a in w[4:] if a.startswith("@cpus=")), cpus[0])
        flags = next((a.split("=")[1].split("|") for a in w[4:] if a.startswith("@flags=")), [])
        mode = (cpu, "-real-true16" if "fake16" in flags else None)
        for f, rs in fields.items():
            if f == "op" or f in used:
                continue
            width = sum(hi - lo + 1 for hi, lo in rs)
            for val in ((1 << width) - 1, 0x5555555555 & ((1 << width) - 1) or 1):
                bases.append((mode, encode(fmt, values, formats)))
                probes.append((mode, encode(fmt, dict(values, **{f: val}), formats)))
                keys.append((fmt, f, mn, val, li))
    verdict, kept, by_mn = {}, {}, {}
    for mode in sorted({m for m, _ in probes}, key=str):
        idx = [i for i, (m, _) in enumerate(probes) if m == mode]
        base = disassemble([bases[i][1] for i in idx], *mode)
        for i, b, r in zip(idx, base, disassemble([probes[i][1] for i in idx], *mode, with_encoding=True)):
            fmt, f, mn, val, li = keys[i]
            if b is None:
                continue
            # (the same text of another length: v_nop's e32 form where its SDWA form fails)
            if r is None or r[0] != b[0] or r[1] != b[1]:
                verdict.setdefault((fmt, f), set()).add("zero")
                by_mn.setdefault((fmt, f), {})[mn] = "zero"
                _line_verdict(per_line, li, f, "zero")
                continue
            size, fixed, fields = formats[fmt]
            shown = int.from_bytes(r[2][:size].ljust(size, b"\0"), "little")
            back = 0
            for hi, lo in reversed(fields[f]):
                back = (back << (hi - lo + 1)) | ((shown >> lo) & ((1 << (hi - lo + 1)) - 1))
            if back == val:
                kept.setdefault((fmt, mn), set()).add(f)
                _line_verdict(per_line, li, f, "kept")
            else:
                verdict.setdefault((fmt, f), set()).add("ignored")
                by_mn.setdefault((fmt, f), {})[mn] = "ignored"
                _line_verdict(per_line, li, f, "ignored")
    ignored = {}
    for (fmt, f), v in sorted(verdict.items()):
        if len(v) != 1 and mixed is not None:
            mixed[(fmt, f)] = by_mn[(fmt, f)]
            continue
        if len(v) != 1:
            raise RuntimeError("format %s: llvm ignores field %s in some instructions only" % (fmt, f))
        if v == {"ignored"}:
            ignored.setdefault(fmt, set()).add(f)
    return ignored, kept
