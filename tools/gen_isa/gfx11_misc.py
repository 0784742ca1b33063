# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Small formats of gfx11: EXP (exports), VINTERP (parameter interpolation) and LDSDIR (LDS
parameter/direct loads), swept through the oracle.

Each opcode is disassembled with distinct VGPR numbers in each field, so the printed register
tells the field; a `.l` suffix (printed with +real-true16) marks a 16-bit operand. Instructions
with 16-bit operands get two entries: the plain one with 32-bit VGPR names (op_sel selects the
halves; both true16 modes accept it) and the true16 one whose 16-bit operands carry .l/.h."""
import re

from gfx11_formats import encode, format_lines, unused_fields
from oracle import alias_lines, disassemble
from gfx11_scalar import split_operands
from oracle import group_by_text as by_text, sweep_opcodes

VDST, SRC0, SRC1, SRC2 = 5, 7, 9, 11
VGPR0 = 256
# An alias llvm defines for gfx11 under a name no target prints (its VINTERPInstructions.td).
EXTRA_ALIAS_LINES = ["v_interp_p2_new_f32 v1, v2, v3, v4"]
ATTR = 3 * 4 + 2  # attr3.z in the combined attr field (attribute * 4 + channel)

_VGPR_RE = re.compile(r"^v(\d+)(\.l)?$")
_ATTR_RE = re.compile(r"^attr(\d+)\.[xyzw]$")


def vgpr_operand(o, field_of_number, src_class):
    """'v7.l' -> 'src0:msrc:f16', 'v5' -> 'vdst:mvgpr:f32' (None if not a probe register)."""
    m = _VGPR_RE.match(o.lstrip("-|").rstrip("|"))
    if not m or int(m.group(1)) not in field_of_number:
        return None
    field = field_of_number[int(m.group(1))]
    cls = "mvgpr" if field == "vdst" else src_class
    return "%s:%s:%s" % (field, cls, "f16" if m.group(2) else "f32")


def generate(cpus, unit_of):
    insts = []

    def emit(fmt, op, mn, operands, cpu_set, unit, flags=None):
        attrs = []
        if set(cpu_set) != set(cpus):
            attrs.append("@cpus=" + ",".join(c for c in cpus if c in cpu_set))
        attrs.append("@unit=" + unit_of(mn, unit))
        if flags:
            attrs.append("@flags=" + flags)
        insts.append("inst %s %s 0x%x %s" % (fmt, mn, op, " ".join(operands + attrs)))

    # EXP: one instruction; the sources' enable bits (en) follow from which sources are `off`.
    res = sweep_opcodes("EXP", 1, lambda op: {"en": 0xF, "target": 12, "vsrc0": 1, "vsrc1": 2,
                                            "vsrc2": 3, "vsrc3": 4}, cpus)
    for op, text, cs in by_text(res):
        if text != "exp pos0 v1, v2, v3, v4":
            raise RuntimeError("unexpected EXP probe: %s" % text)
        emit("EXP", op, "exp", ["target:exp_target", "vsrc0:exp_src", "vsrc1:exp_src", "vsrc2:exp_src",
                                "vsrc3:exp_src", "done:mflag", "row_en:mflag", "en:exp_en"], cs, "exp")

    # VINTERP: the true16 text shows 16-bit operands (.l); the fake16 text the plain form, and
    # (with every op_sel bit set) whether the instruction has op_sel.
    fields = {VDST: "vdst", SRC0: "src0", SRC1: "src1", SRC2: "src2"}
    make = lambda opsel: (lambda op: {"op": op, "vdst": VDST, "src0": VGPR0 + SRC0, "src1": VGPR0 + SRC1,
                                      "src2": VGPR0 + SRC2, "op_sel": opsel})
    t16 = sweep_opcodes("VINTERP", 128, make(0), cpus)
    plain = sweep_opcodes("VINTERP", 128, make(0xF), cpus, "-real-true16")
    for op, text, cs in by_text(plain):
        mn, ops = split_operands(text)
        mods = ops[-1].split()[1:] if ops else []
        ops[-1] = ops[-1].split()[0]
        has_opsel = any(m.startswith("op_sel:") for m in mods)
        if not all(m.startswith(("op_sel:", "wait_exp:")) for m in mods):
            raise RuntimeError("unrecognised VINTERP modifiers: %s" % text)
        tail = ["clamp:mflag"] + (["op_sel:mop_sel"] if has_opsel else []) + ["wait_exp:mwait"]
        operands = [vgpr_operand(o, fields, "msrc") for o in ops]
        if None in operands:
            raise RuntimeError("unrecognised VINTERP operands: %s" % text)
        emit("VINTERP", op, mn, operands + tail, cs, "valu")
        t16_texts = {t16[op][c] for c in cs if c in t16.get(op, {})}
        for t in sorted(t16_texts):
            tmn, tops = split_operands(t)
            tops[-1] = tops[-1].split()[0]
            t_operands = [vgpr_operand(o, fields, "msrc") for o in tops]
            if tmn != mn or None in t_operands:
                raise RuntimeError("unrecognised VINTERP true16 operands: %s" % t)
            if t_operands != operands:
                emit("VINTERP", op, mn, t_operands + tail, cs, "valu", "true16")

    # LDSDIR: lds_param_load names an attribute channel, lds_direct_load only its destination.
    res = sweep_opcodes("LDSDIR", 4, lambda op: {"op": op, "vdst": VDST, "attr": ATTR, "wait_vdst": 3}, cpus)
    for op, text, cs in by_text(res):
        mn, ops = split_operands(text)
        ops[-1] = ops[-1].split()[0]
        operands = []
        for o in ops:
            if _ATTR_RE.match(o):
                operands.append("attr:lds_attr")
            else:
                v = vgpr_operand(o, {VDST: "vdst"}, "msrc")
                if v is None:
                    raise RuntimeError("unrecognised LDSDIR operand %r in %s" % (o, text))
                operands.append(v)
        emit("LDSDIR", op, mn, operands + ["wait_vdst:mwait"], cs, "ds")

    # A field llvm keeps without printing it (VINTERP op_sel of the 32-bit forms: the sources'
    # op_sel modifier bits) is a hidden operand of the instruction.
    ignored, kept = unused_fields(insts, cpus)
    for i, line in enumerate(insts):
        w = line.split()
        hidden = sorted(kept.get((w[1], w[2]), ())) if w and w[0] == "inst" else []
        if hidden:
            at = next(k for k, x in enumerate(w) if x.startswith("@"))
            insts[i] = " ".join(w[:at] + ["%s:mhidden" % f for f in hidden] + w[at:])
    names = ["EXP", "VINTERP", "LDSDIR"]
    insts = format_lines(names, ignored) + [""] + insts
    return insts + [""] + alias_lines([], insts, cpus, EXTRA_ALIAS_LINES)
