# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Graphics formats of gfx9 (the processors that have them: gfx900-gfx909, gfx90c; CDNA has none):
EXP (exports), VINTRP (parameter interpolation) and VOP3_INTERP (the VOP3 forms of interpolation),
swept through the oracle over gfx9_formats' layouts.

As in gfx11_misc, each opcode is disassembled with distinct VGPR numbers in each field, so the
printed register tells the field. A modifier is found by setting its field alone over a decoding
probe: the word it adds to the text names it, and the probe with every such field set gives the
order llvm prints (and takes) them in. Fields an instruction leaves unused are probed by
gfx11_formats.unused_fields, as for every format."""
import re

import gfx9_formats
from gfx11_formats import format_lines, unused_fields
from gfx11_misc import ATTR, VGPR0
from gfx11_scalar import split_operands
from oracle import group_by_text as by_text, sweep_opcodes
import processors

FORMATS = gfx9_formats.FORMATS
VDST, VSRC, SRC1, SRC2 = 7, 5, 9, 11
NVOP3 = 0x400
EXP_OPERANDS = ["target:exp_target", "vsrc0:exp_src", "vsrc1:exp_src", "vsrc2:exp_src", "vsrc3:exp_src"]
# The word each EXP / VOP3_INTERP modifier field adds to the text, and its operand.
MODIFIERS = {
    "EXP": {"done": ("done", "done:mflag"), "compr": ("compr", "compr:exp_compr"), "vm": ("vm", "vm:mflag")},
    "VOP3_INTERP": {"high": ("high", "high:mflag"), "clamp": ("clamp", "clamp:mflag"),
                    "omod": ("mul:2", "omod:vop_omod"), "op_sel": ("op_sel:", None)},
}
_VGPR_RE = re.compile(r"^[-|]*(?:neg\(|abs\()*v(\d+)[|)]*$")
_ATTR_RE = re.compile(r"^attr(\d+)\.[xyzw]$")
_PARAM_RE = re.compile(r"^(p10|p20|p0|invalid_param_\d+)$")


def interp_operand(o, fields):
    """One printed operand of an interpolation instruction -> 'field:class:type' (None: unknown).
    fields: {vgpr number: field}; the VGPR destination and the sources of VINTRP take no
    modifiers (mvgpr), VOP3_INTERP's sources do (msrc); a parameter is the field of SRC1/VSRC."""
    m = _VGPR_RE.match(o)
    if m and int(m.group(1)) in fields:
        field = fields[int(m.group(1))]
        return "%s:%s:f32" % (field, "msrc" if field in ("src1", "src2") else "mvgpr")
    if _ATTR_RE.match(o):
        return "attr:lds_attr"
    if _PARAM_RE.match(o):
        return "%s:interp_param" % ("src1" if "src1" in fields.values() else "vsrc")
    return None


def modifier_operands(fmt, op, base_values, base_text, cpus):
    """The modifier operands of `op` in printed order: each field of MODIFIERS[fmt] set alone
    (op_sel: bit by bit) over base_values; those that decode and add a word are the operands."""
    found, probes = [], []
    for field, (word, operand) in MODIFIERS[fmt].items():
        bits = [1 << k for k in range(4)] if field == "op_sel" else [1]
        for bit in bits:
            probes.append((field, bit, dict(base_values, **{field: bit})))
    texts = {}
    for field, bit, values in probes:
        res = sweep_opcodes(fmt, 1, lambda _: values, cpus, formats=FORMATS, first=op)
        t = {res[op][c] for c in res.get(op, {})}
        if len(t) > 1:
            raise RuntimeError("%s %s=%d prints differently per cpu: %s" % (fmt, field, bit, t))
        texts[(field, bit)] = t.pop() if t else None
    opsel_printed = 0
    for (field, bit), text in texts.items():
        if text is None or text == base_text:
            continue
        word, operand = MODIFIERS[fmt][field]
        if word not in text:
            raise RuntimeError("%s %s=%d: unexpected text %s" % (fmt, field, bit, text))
        if field == "op_sel":
            opsel_printed |= bit
        elif operand not in found:
            found.append(operand)
    if opsel_printed:
        # (llvm's op_sel of p2_f16 names its sources src0 and src2 and its destination: bit 1,
        # of no operand, it drops)
        if opsel_printed != 0b1101:
            raise RuntimeError("%s 0x%x: op_sel prints bits 0x%x" % (fmt, op, opsel_printed))
        found.append("op_sel:interp_op_sel")
    # Printed order: every modifier set at once.
    all_values = dict(base_values)
    for operand in found:
        all_values[operand.split(":")[0]] = 1
    res = sweep_opcodes(fmt, 1, lambda _: all_values, cpus, formats=FORMATS, first=op)
    text = next(iter(res[op].values()))
    word_at = lambda operand: text.find(" " + MODIFIERS[fmt][operand.split(":")[0]][0].split(":")[0])
    return sorted(found, key=word_at)


def generate(cpus, unit_of):
    gfx9_formats.verify([c for c in cpus if c not in processors.cpus("gfx9", "Gfx90aInsts")],
                        gfx9_formats.GRAPHICS_LAYOUT_CHECKS)
    insts = []

    def emit(fmt, op, mn, operands, cpu_set, unit):
        attrs = []
        if set(cpu_set) != set(cpus):
            attrs.append("@cpus=" + ",".join(c for c in cpus if c in cpu_set))
        attrs.append("@unit=" + unit_of(mn, unit))
        insts.append("inst %s %s 0x%x %s" % (fmt, mn, op, " ".join(operands + attrs)))

    # EXP: one instruction; the sources' enable bits (en) follow from which sources are `off`.
    exp_values = {"en": 0xF, "target": 12, "vsrc0": 1, "vsrc1": 2, "vsrc2": 3, "vsrc3": 4}
    res = sweep_opcodes("EXP", 1, lambda op: exp_values, cpus, formats=FORMATS)
    for op, text, cs in by_text(res):
        if text != "exp pos0 v1, v2, v3, v4":
            raise RuntimeError("unexpected EXP probe: %s" % text)
        mods = modifier_operands("EXP", op, exp_values, text, cs)
        emit("EXP", op, "exp", EXP_OPERANDS + mods + ["en:exp_en"], cs, "exp")

    # VINTRP: a parameter (p10, ...) where a VGPR source would be is v_interp_mov's.
    vintrp = lambda vsrc: (lambda op: {"op": op, "vdst": VDST, "vsrc": vsrc, "attr": ATTR})
    res = sweep_opcodes("VINTRP", 4, vintrp(VSRC), cpus, formats=FORMATS)
    params = sweep_opcodes("VINTRP", 4, vintrp(0), cpus, formats=FORMATS)
    for op, text, cs in by_text(res):
        if "invalid_param" in text:
            text = params[op][cs[0]]
        mn, ops = split_operands(text)
        operands = [interp_operand(o, {VDST: "vdst", VSRC: "vsrc"}) for o in ops]
        if None in operands:
            raise RuntimeError("unrecognised VINTRP operands: %s" % text)
        emit("VINTRP", op, mn, operands, cs, "valu")

    # VOP3_INTERP: the opcodes of the VOP3 encoding that decode with an attribute in src0.
    def vop3(src1, src2):
        return lambda op: {"op": op, "vdst": VDST, "attr": ATTR, "src1": src1, "src2": src2}
    base = {}
    for src1 in (VGPR0 + SRC1, 0):  # (0: v_interp_mov's parameter p10)
        for src2 in (VGPR0 + SRC2, 0):
            res = sweep_opcodes("VOP3_INTERP", NVOP3, vop3(src1, src2), cpus, formats=FORMATS)
            for op, texts in res.items():
                if op not in base and any("attr" in t for t in texts.values()):
                    base[op] = (vop3(src1, src2)(op), texts)
    for op in sorted(base):
        values, texts = base[op]
        for _, text, cs in by_text({op: texts}):
            mn, ops = split_operands(text)
            operands = [interp_operand(o, {VDST: "vdst", SRC1: "src1", SRC2: "src2"}) for o in ops]
            if None in operands:
                raise RuntimeError("unrecognised VOP3_INTERP operands: %s" % text)
            mods = modifier_operands("VOP3_INTERP", op, values, text, cs)
            emit("VOP3_INTERP", op, mn, operands + mods, cs, "valu")

    names = ["EXP", "VINTRP", "VOP3_INTERP"]
    ignored, kept = unused_fields(insts, cpus, formats=FORMATS)
    if kept:
        raise RuntimeError("fields llvm keeps without printing: %s" % kept)
    return format_lines(names, ignored, FORMATS) + [""] + insts
