# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""MIMG (image instructions) of gfx9, swept through the oracle (llvm-mc-22) with gfx9_memory's
layouts and machinery (Sweep, acc_forms, unused-field verdicts, cache bit names), written to
isa/gfx9/mimg.isa (its own file: the other memory formats' data stay as they are).

Layout (checked by verify() with -show-encoding):
    MIMG   op 24:18, dmask 11:8, unorm 12, glc 13, da 14, a16 15 (llvm's r128 bit: gfx9 takes
           only a16), tfe 16 (gfx90a: acc, the data are AGPRs), lwe 17, slc 25, scc 7 (gfx90a),
           vaddr 39:32, vdata 47:40, srsrc 52:48, ssamp 57:53, d16 63; bit 0 must be 0 (llvm's
           decoder refuses it), bits 6:1 and 62:58 are ignored (`pad`)

Unlike gfx11 there is no dim and no NSA: the address is one VGPR tuple of any width llvm-mc has
the opcode for (found by assembling each width; llvm checks it against nothing else), da says
an array. gfx942 and gfx950 have no image instructions."""
import itertools
import re

from gfx11_formats import encode as _encode, format_lines, unused_fields
from gfx11_memory import group_cpus, size_ranges, vgpr_text, vreg_info, with_address
from gfx11_scalar import split_operands
import gfx9_memory as m9
from oracle import assemble, width_type
import processors

GFX90A_INSTS = processors.cpus("gfx9", "Gfx90aInsts")  # gfx90a's MIMG modifiers

FORMATS = {"MIMG": (8, [((31, 26), 0x3C), ((0, 0), 0)], {
    "op": [(24, 18)], "dmask": [(11, 8)], "unorm": [(12, 12)], "glc": [(13, 13)], "da": [(14, 14)],
    "a16": [(15, 15)], "tfe": [(16, 16)], "lwe": [(17, 17)], "slc": [(25, 25)], "dlc": [(7, 7)],
    "vaddr": [(39, 32)], "vdata": [(47, 40)], "srsrc": [(52, 48)], "ssamp": [(57, 53)], "d16": [(63, 63)],
    "pad": [(6, 1), (62, 58)], "acc": [(16, 16)]})}
REGS = {"vaddr": 10, "vdata": 20}
SRSRC, SSAMP = 2, 4  # s[8:15], s[16:19]


def encode(fmt, values, acc=False):
    return _encode(fmt, dict(values, acc=1) if acc else values, FORMATS)


LAYOUT_CHECKS = [
    ("image_load v[2:6], v[2:5], s[4:11] dmask:0xf unorm glc slc tfe lwe da", "gfx900",
     {"op": 0, "vaddr": 2, "vdata": 2, "srsrc": 1, "dmask": 0xF, "unorm": 1, "glc": 1, "slc": 1, "tfe": 1,
      "lwe": 1, "da": 1}, 0),
    ("image_load v[2:3], v2, s[4:11] dmask:0xf a16 d16", "gfx900",
     {"op": 0, "vaddr": 2, "vdata": 2, "srsrc": 1, "dmask": 0xF, "a16": 1, "d16": 1}, 0),
    ("image_sample v[2:5], v[2:3], s[4:11], s[12:15] dmask:0xf", "gfx900",
     {"op": 0x20, "vaddr": 2, "vdata": 2, "srsrc": 1, "ssamp": 3, "dmask": 0xF}, 0),
    ("image_load a[2:5], v2, s[4:11] dmask:0xf scc", "gfx90a",
     {"op": 0, "vaddr": 2, "vdata": 2, "srsrc": 1, "dmask": 0xF, "dlc": 1}, 1),
]


def verify():
    for line, cpu, values, acc in LAYOUT_CHECKS:
        text, got = assemble([line], cpu)[0]
        want = encode("MIMG", values, acc)
        if text is None or got != want:
            raise RuntimeError("%s on %s: llvm-mc encodes %s, the table %s"
                               % (line, cpu, got.hex() if text else got, want.hex()))


class Sweep(m9.Gfx9Sweep):
    encode = staticmethod(encode)


def probes():
    out = []
    for op in range(128):
        for vdata, ssamp in itertools.product([0, REGS["vdata"]], [0, SSAMP]):
            v = {"op": op, "srsrc": SRSRC, "dmask": 1, "vaddr": REGS["vaddr"], "vdata": vdata}
            if ssamp:
                v["ssamp"] = ssamp
            out.append((op, v))
    return out


# llvm's print order after dmask; dlc is the third cache bit (scc on gfx90a).
FLAGS = ["unorm", "glc", "slc", "dlc", "a16", "tfe", "lwe", "da", "d16"]


def resize_first(text, dwords):
    mn, ops = split_operands(text)
    ops[0] = vgpr_text(vreg_info(ops[0])[0], dwords)
    return mn + " " + ", ".join(ops)


def flags_of(text, cpu):
    """The modifiers the opcode takes on cpu: its plain text with each, the data resized for tfe
    (one more) and d16 (halved)."""
    dwords = vreg_info(split_operands(text)[1][0])[1]
    resized = {"tfe": dwords + 1, "d16": (dwords + 1) // 2}
    names = m9.CACHE_NAMES.get(cpu, m9.OTHER_CACHE_NAMES)
    lines = [resize_first(text, resized.get(f, dwords)) + " " + names.get(f, f) for f in FLAGS]
    return [f for f, (t, _) in zip(FLAGS, assemble(lines, cpu)) if t is not None]


def address_sizes(text, cpu):
    lines = [with_address(text, vgpr_text(10, w)) for w in range(1, 17)]
    return {w for w, (t, _) in zip(range(1, 17), assemble(lines, cpu)) if t is not None}


def assemblable(text, cpu):
    """The decoded text, with the dmask bits its data needs where the decoder's (dmask:0x1) do
    not match them (cmpswap's pair)."""
    if assemble([text], cpu)[0][0] is None:
        m = re.match(r"[av]\[(\d+):(\d+)\]", split_operands(text)[1][0])
        dwords = int(m.group(2)) - int(m.group(1)) + 1 if m else 1
        text = text.replace("dmask:0x1", "dmask:0x%x" % ((1 << dwords) - 1))
    return text


def entry(text, cpu):
    """(mnemonic, operands, address sizes) of one decoded text."""
    mn, ops = split_operands(text)
    text = assemblable(text, cpu)
    vdata = vreg_info(ops[0])
    data = "vdata:mimg_vdata:%s" % (width_type(2 * vdata[1]) if "atomic" in mn else "b128")
    regs = ["srsrc:srsrc:b256"] + (["ssamp:srsrc:b128"] if len([o for o in ops if o.startswith("s[")]) > 1 else [])
    flags = flags_of(text, cpu)
    operands = [data, "vaddr:mimg_vaddr"] + regs + ["dmask:dmask"] + ["%s:mem_flag" % f for f in flags]
    return mn, operands, address_sizes(text, cpu)


def base_values(operands):
    return {}


def generate(cpus, unit_of):
    verify()
    sweep = Sweep(cpus)
    res = sweep.longest("MIMG", probes())
    lines = []
    for op in range(128):
        groups = {}
        # (gfx90a's modifiers differ: the entry is found on each kind of processor)
        per_kind = {}
        for cpu, text in res.get(op, {}).items():
            per_kind.setdefault((text, cpu in GFX90A_INSTS), []).append(cpu)
        for (text, _), cs in per_kind.items():
            mn, operands, sizes = entry(text, cs[0])
            groups.setdefault((mn, tuple(operands), tuple(sorted(sizes))), []).extend(cs)
        for (mn, operands, sizes), cs in groups.items():
            attrs = ["@vaddr=" + size_ranges(sizes)]
            if set(cs) != set(cpus):
                attrs.append("@cpus=" + ",".join(c for c in cpus if c in cs))
            attrs.append("@unit=" + unit_of(mn, "vmem"))
            lines.append("inst MIMG %s 0x%x %s" % (mn, op, " ".join(list(operands) + attrs)))
    lines = acc_forms(lines, cpus)
    per_line = {}
    ignored, _ = unused_fields(lines, cpus, base_values, FORMATS, mixed={}, per_line=per_line)
    lines = [m9.finish_line(l, per_line.get(i, {}), ignored, cpus) for i, l in enumerate(lines)]
    out_formats = {"MIMG": (FORMATS["MIMG"][0], FORMATS["MIMG"][1],
                            dict(FORMATS["MIMG"][2], scc=[(7, 7)]))}
    ignored_out = {f: set(fs) | ({"scc"} if "dlc" in fs else set()) for f, fs in ignored.items()}
    return HEADER + format_lines(["MIMG"], ignored_out, out_formats) + [""] + lines


HEADER = [
    "# MIMG: no dim and no NSA on gfx9; the address is one VGPR tuple of a width in @vaddr (llvm",
    "#   checks it against nothing else), da marks an array. a16 is llvm's r128 bit (gfx9 has no",
    "#   r128). tfe is the acc bit on gfx90a (AGPR data, mem_acc); scc (bit 7) there, kept but not",
    "#   accepted elsewhere. gfx942 and gfx950 have no image instructions.",
    "",
]


def acc_forms(lines, cpus):
    """gfx9_memory.acc_forms for image data: the acc bit makes vdata AGPRs on some processors;
    those entries get an acc operand of the class that says how (split per processor)."""
    from oracle import disassemble
    probes_ = {}
    for i, line in enumerate(lines):
        w = line.split()
        cs = next((a[6:].split(",") for a in w[4:] if a.startswith("@cpus=")), cpus)
        values = {"op": int(w[3], 0), "vdata": REGS["vdata"], "vaddr": REGS["vaddr"], "srsrc": SRSRC,
                  "dmask": 1}
        if "ssamp:" in line:
            values["ssamp"] = SSAMP
        for cpu in cs:
            probes_.setdefault(cpu, []).append((i, encode("MIMG", values, acc=True)))
    verdict = {}
    for cpu, items in probes_.items():
        found = []
        for (i, _), r in zip(items, disassemble([p for _, p in items], cpu)):
            verdict[(i, cpu)] = None
            if r is not None and re.match(r"a(\d|\[)", split_operands(r[0])[1][0]):
                found.append((i, r[0]))
        for (i, t), (text, _) in zip(found, assemble([assemblable(t, cpu) for _, t in found], cpu)):
            verdict[(i, cpu)] = ("mem_acc_invalid" if "/*Invalid register, operand has 'V" in t
                                 else "mem_acc" if text is not None else "mem_acc_noasm", ())
    return m9.split_acc_verdicts(lines, verdict, cpus)
