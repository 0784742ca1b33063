# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""SDWA forms of gfx9's VOP1/VOP2/VOPC instructions (GCN5 / CDNA: gfx900 to gfx950), swept through
the oracle: the valu entries' e32 forms with src0 = 0xF9, each printed operand's class asked of
the assembler. Staged (isa/gfx9/pending/sdwa.isa) until the C++ has its classes: sdwa_src*
(9-bit sources whose top bit is S, "not a VGPR"), sdwa_sdst, sdwa_sel, sdwa_unused."""
import gfx11_vext as v11x
from gfx11_formats import encode, format_lines, unused_fields
from gfx9_vext import FORMATS, emitter
from oracle import assemble

# SDWA: src0 = 0xF9 and a second dword with the real src0 (an 8-bit register number and S0, bit
# 55: not a VGPR), the byte/word selects and the modifiers; VOP2/VOPC's src1 is the e32 vsrc1 field
# with S1 (bit 63). Written as 9-bit fields whose top bit is S: a source's encoding with bit 8
# flipped (the C++ classes flip it). VOPC has an SGPR-pair destination (SD, bit 47: else vcc) in
# place of dst_sel, dst_unused, clamp and omod.
_SDWA_SOURCE_FIELDS = {"src0": [(39, 32), (55, 55)], "src0_sel": [(50, 48)], "src1_sel": [(58, 56)],
                       "sext": [(51, 51), (59, 59)], "neg": [(52, 52), (60, 60)], "abs": [(53, 53), (61, 61)]}
_SDWA_DST_FIELDS = {"dst_sel": [(42, 40)], "dst_unused": [(44, 43)], "clamp": [(45, 45)], "omod": [(47, 46)]}
# VOP1 has no src1: llvm-mc-22 decodes its src1_sel/sext/neg/abs bits (checked as fields) and S1
# (bit 63, fixed) only as 0; bit 62 it ignores.
FORMATS["VOP1_SDWA"] = (8, [((31, 25), 0x3F), ((8, 0), 0xF9), ((63, 63), 0)],
                        dict({"vdst": [(24, 17)], "op": [(16, 9)]}, **_SDWA_DST_FIELDS, **_SDWA_SOURCE_FIELDS))
FORMATS["VOP2_SDWA"] = (8, [((31, 31), 0), ((8, 0), 0xF9)],
                        dict({"op": [(30, 25)], "vdst": [(24, 17)], "src1": [(16, 9), (63, 63)]},
                             **_SDWA_DST_FIELDS, **_SDWA_SOURCE_FIELDS))
FORMATS["VOPC_SDWA"] = (8, [((31, 25), 0x3E), ((8, 0), 0xF9)],
                        dict({"op": [(24, 17)], "src1": [(16, 9), (63, 63)], "sdst": [(46, 40), (47, 47)]},
                             **_SDWA_SOURCE_FIELDS))
SDWA_IDENTITY = {"dst_sel": 6, "dst_unused": 2, "src0_sel": 6, "src1_sel": 6}  # DWORD, UNUSED_PRESERVE
SDWA_MODIFIERS = ["clamp:vop_clamp", "omod:vop_omod", "dst_sel:sdwa_sel", "dst_unused:sdwa_unused",
                  "src0_sel:sdwa_sel", "src1_sel:sdwa_sel"]  # llvm's (required) order
SDWA_REGS = {"vdst": 6, "src0": 2, "src1": 4}


def sdwa_texts(cpus):
    """The SDWA forms of the VOP1/VOP2/VOPC entries the oracle decodes: [(entry, format, text,
    cpus)], the probe's sources VGPRs, its selects the identity."""
    probes = []
    for entry in v11x.valu_entries({"VOP1", "VOP2", "VOPC"}, "gfx9"):
        fmt, name, op, ops, attrs = entry
        if any(o.split(":")[1] not in ("vgpr", "vsrc", "vcc") for o in ops):
            continue  # fmamk/fmaak K, scalar destinations: no SDWA form
        sfmt = fmt + "_SDWA"
        fields = FORMATS[sfmt][2]
        named = {o.split(":")[0] for o in ops}  # (v_nop's SDWA form decodes with no register and no select set)
        regs = {f: r for f, r in SDWA_REGS.items() if f in named or f == "src1" and "vsrc1" in named}
        values = {k: v for k, v in dict(SDWA_IDENTITY if ops else {}, op=op, **regs).items() if k in fields}
        if fmt == "VOP1":
            values["src1_sel"] = 0
        probes.append((entry, sfmt, encode(sfmt, values, FORMATS)))
    texts = v11x.probe_texts([(e, f, None, b, None) for e, f, b in probes], cpus, (None,))
    return [(e, f, text, cs) for (e, f, _), t in zip(probes, texts) for text, cs in t.items()]


def sdwa_operands(text):
    """'v_add_f32_sdwa v6, v2, v4 dst_sel:DWORD ...' -> ('v_add_f32_sdwa', ['v6', 'v2', 'v4'])"""
    mn = text.split()[0]
    rest = text[len(mn):].split(" dst_sel:")[0].split(" src0_sel:")[0]
    return mn, [o.strip() for o in rest.split(",") if o.strip()]


def sdwa(cpus, emit):
    """SDWA forms: each printed operand's class from what the oracle's assembler takes there
    (-v, |v|, sext(v), an SGPR; an SGPR pair for VOPC's vcc; the implicit vcc left out), clamp and
    omod where it takes them."""
    variants = sdwa_texts(cpus)
    e64 = {e[1]: e for e in v11x.valu_entries({"VOP3", "VOP3SD"}, "gfx9")}
    by_reg = {n: f for f, n in SDWA_REGS.items()}
    lines, index = {}, []  # cpu -> lines; per variant [(kind, line index)]
    for entry, sfmt, text, cs in variants:
        mn, printed = sdwa_operands(text)
        cpu = cs[0]
        ask = lines.setdefault(cpu, [])
        mine = []
        for i, o in enumerate(printed):
            for kind, spelled in (("neg", "-" + o), ("abs", "|" + o + "|"), ("sext", "sext(" + o + ")"),
                                  ("sgpr", "s[4:5]" if o == "vcc" else "s1"), ("f32bits", "0x3f800000")):
                q = list(printed)
                q[i] = spelled
                mine.append(((i, kind), len(ask)))
                ask.append(mn + " " + ", ".join(q))
        base = mn + " " + ", ".join(printed)
        for kind, line in (("clamp", base + " clamp"), ("omod", base + " mul:2"),
                           ("no_vcc", mn + " " + ", ".join(o for o in printed if o != "vcc"))):
            mine.append(((None, kind), len(ask)))
            ask.append(line)
        index.append(dict(mine))
    answers = {cpu: assemble(ls, cpu) for cpu, ls in lines.items()}
    for (entry, sfmt, text, cs), mine in zip(variants, index):
        fmt, name, op, ops, attrs = entry
        got = {key: answers[cs[0]][at][0] for key, at in mine.items()}
        ok = {key: text is not None for key, text in got.items()}
        mn, printed = sdwa_operands(text)
        by_field = {o.split(":")[0]: o for o in ops}
        twin = {o.split(":")[0]: o for o in e64.get(name.replace("_e32", "_e64"), (0, 0, 0, []))[3]}
        operands = []
        for i, o in enumerate(printed):
            field = by_reg.get(v11x.reg_number(o))
            if field is None and fmt == "VOPC" and i == 0:
                operands.append("sdst:sdwa_sdst:b1" if ok[i, "sgpr"] else "implicit:dpp_vcc:b1")
                continue
            if field is None:  # the implicit carry / condition vcc
                vcc = by_field["implicit"]
                operands.append(vcc if ok[None, "no_vcc"] else vcc.rstrip("?"))
                continue
            if field == "vdst":
                operands.append(by_field["vdst"])
                continue
            t = (twin.get(field) or by_field.get(field) or by_field["vsrc1"]).split(":")[2].rstrip("?~")
            mod = "_mod" if ok[i, "neg"] and ok[i, "abs"] else "_sext" if ok[i, "sext"] else ""
            if ok[i, "neg"] != ok[i, "abs"]:
                raise RuntimeError("%s: %s takes only one of neg and abs" % (text, o))
            if t == "b32" and ok[i, "f32bits"] and sdwa_operands(got[i, "f32bits"])[1][i] == "0":
                t = "b32lo16"  # (1.0's bits read as 0: v_cmp_class_f16's src1)
            operands.append("%s:sdwa_src%s:%s" % (field, mod, t))
        mods = [m for m in SDWA_MODIFIERS if m.split(":")[0] in FORMATS[sfmt][2]]
        mods = [m for m in mods if not m.startswith(("clamp", "omod")) or ok[None, m.split(":")[0]]]
        if fmt == "VOP1":
            mods.remove("src1_sel:sdwa_sel")
        if " dst_sel:" not in text and "dst_sel:sdwa_sel" in mods:
            # (gfx940's fp8 conversions: llvm prints and takes no dst_sel/dst_unused; it decodes
            # dst_sel DWORD only, any dst_unused, and encodes UNUSED_PAD)
            mods = [{"dst_sel:sdwa_sel": "dst_sel:sdwa_sel_dword",
                     "dst_unused:sdwa_unused": "dst_unused:sdwa_unused_ignored"}.get(m, m) for m in mods]
        if not printed:
            # (v_nop: llvm takes and prints no modifier; it decodes any src0, dst_sel and dst_unused)
            mods = ["src0:sdwa_unused_ignored", "dst_sel:sdwa_unused_ignored", "dst_unused:sdwa_unused_ignored"]
        flags = [f for f in attrs.get("flags", "").split("|") if f and f not in ("no_lit_src0", "lds_src0")]
        emit(sfmt, mn, op, operands + mods, sorted(cs, key=cpus.index), flags)


def sdwa_base_values(operands):
    """Field values an SDWA encoding decodes with: the selects' identity (not 7, which llvm-mc-22
    crashes on), sources VGPRs."""
    fields = {o[0] for o in operands}
    if "dst_sel" not in fields and "src0_sel" not in fields:
        return {}
    values = {k: v for k, v in SDWA_IDENTITY.items() if k in fields}
    values.update({f: n for f, n in SDWA_REGS.items() if f in fields})
    return values


def generate(cpus, unit_of):
    lines = []
    emit = emitter(cpus, unit_of, lines)
    sdwa(cpus, emit)
    # (v_nop's fields are left out: it needs zero where the others' decoder ignores bits, as clamp)
    ignored, kept = unused_fields([l for l in lines if " src0:" in l], cpus, sdwa_base_values, formats=FORMATS)
    if kept:
        raise RuntimeError("gfx9 sdwa fields llvm keeps without an operand: %s" % kept)
    return format_lines(["VOP1_SDWA", "VOP2_SDWA", "VOPC_SDWA"], ignored, FORMATS) + [""] + lines
