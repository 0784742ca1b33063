# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Vector ALU formats of gfx11: VOP1, VOP2, VOPC (e32) and VOP3/VOP3SD (e64 forms and VOP3-only
instructions), swept through the oracle.

Each opcode is disassembled with distinct register numbers in each field, so the printed operand
that shows a number tells which field it came from, and its width gives the operand's size.
Further probes set one modifier at a time (neg, abs, clamp, omod, op_sel) to see which operands
and instructions take them. What kinds of values a source accepts (VGPR, SGPR, constants,
literals) and how a constant is typed (what the literal 1.5 becomes) is asked of the assembler.
Both true16 modes are swept; entries they print differently get @flags=true16 / @flags=fake16.
A fake16 entry whose spellings llvm-mc-22 also takes with +real-true16 (whole VGPRs, no .l/.h),
printed and encoded alike, is also_true16.
Lane masks (vcc_lo / vcc, SGPR carry-outs) are type b1, whose width follows the wave size."""
import re

from gfx11_formats import encode, format_lines, unused_fields
from gfx11_scalar import split_operands
from oracle import ALIAS_MODES, alias_lines, assemble, base_name, disassemble
from oracle import group_by_text as by_text

VDST, SRC0, SRC1, SRC2, SDST = 4, 10, 20, 30, 40
E32_SRC0, E32_VSRC1 = 12, 8
VGPR0 = 256

_VREG_RE = re.compile(r"^v(\d+)(\.[lh])?$|^v\[(\d+):(\d+)\]$")
_SREG_RE = re.compile(r"^(s|ttmp)(\d+)$|^(s|ttmp)\[(\d+):(\d+)\]$")
_COMMENT_RE = re.compile(r"/\*.*?\*/")


def vreg(op):
    """'v4' -> (4, 1, ''); 'v4.l' -> (4, 1, '.l'); 'v[4:5]' -> (4, 2, ''); else None."""
    m = _VREG_RE.match(op)
    if not m:
        return None
    if m.group(1) is not None:
        return int(m.group(1)), 1, m.group(2) or ""
    return int(m.group(3)), int(m.group(4)) - int(m.group(3)) + 1, ""


def sreg(op):
    m = _SREG_RE.match(op)
    if not m:
        return None
    if m.group(2) is not None:
        return int(m.group(2)) + (108 if m.group(1) == "ttmp" else 0), 1
    return int(m.group(4)) + (108 if m.group(3) == "ttmp" else 0), int(m.group(5)) - int(m.group(4)) + 1


def strip_mods(op):
    """'-|v4|' -> ('v4', neg, abs)."""
    neg = op.startswith("-")
    if neg:
        op = op[1:]
    ab = op.startswith("|") and op.endswith("|")
    if ab:
        op = op[1:-1]
    return op, neg, ab


WIDTH_TYPE = {n: "b%d" % (32 * n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 32)}


class Sweep:
    def __init__(self, cpus, formats=None):
        self.cpus = cpus
        self.formats = formats  # another architecture's layouts (default gfx11's)

    def run(self, fmt, ops, make, mattr=None, cpus=None):
        """{op: {cpu: text}} for the probes `make(op)` of format `fmt`."""
        res = {}
        probes = [encode(fmt, make(op), self.formats) for op in ops]
        for cpu in cpus or self.cpus:
            for op, r in zip(ops, disassemble(probes, cpu, mattr)):
                if r is not None:
                    res.setdefault(op, {})[cpu] = r[0]
        return res


# Probe field values per format: {field: value} and the printed number -> field map.
def vop1_probe(op):
    return {"op": op, "vdst": VDST, "src0": VGPR0 + E32_SRC0}


def vop2_probe(op):
    return {"op": op, "vdst": VDST, "src0": VGPR0 + E32_SRC0, "vsrc1": E32_VSRC1}


def vopc_probe(op):
    return {"op": op, "src0": VGPR0 + E32_SRC0, "vsrc1": E32_VSRC1}


def vop3_probe(op, sgpr=False, **extra):
    base = 0 if sgpr else VGPR0
    v = {"op": op, "vdst": VDST, "src0": base + SRC0, "src1": base + SRC1, "src2": base + SRC2}
    v.update(extra)
    return v


E32_FIELDS = {VDST: "vdst", E32_SRC0: "src0", E32_VSRC1: "vsrc1"}
E64_FIELDS = {VDST: "vdst", SRC0: "src0", SRC1: "src1", SRC2: "src2", SDST: "sdst"}


class Operand:
    """One printed operand of a probe: its field, register kind, width and true16 half."""

    def __init__(self, text, fields):
        self.text = text
        self.field = None
        self.kind = None  # 'v' VGPR, 's' SGPR, 'vcc' implicit lane mask, 'k' literal constant
        self.dwords = 1
        self.half = ""
        # llvm notes a register of the wrong file in a comment (SGPR-only sources).
        self.sgpr_only = text.endswith("!")
        text = self.text = text.rstrip("!")
        plain, self.neg, self.abs = strip_mods(text)
        r = vreg(plain)
        if r:
            self.kind, self.dwords, self.half = "v", r[1], r[2]
            self.field = fields.get(r[0])
            return
        r = sreg(plain)
        if r:
            self.kind, self.dwords = "s", r[1]
            self.field = fields.get(r[0])
            return
        if plain in ("vcc_lo", "vcc"):
            self.kind = "vcc"
        elif plain.startswith("0x"):
            self.kind, self.field = "k", "lit"


def parse_text(text, fields):
    """'v_add_f32_e64 v4, v10, v20 clamp' -> (mnemonic, [Operand...], [modifier texts])."""
    # A comment after an operand (it may hold commas) marks a register of the wrong file.
    mn, ops = split_operands(_COMMENT_RE.sub("!", text))
    positional, mods = [], []
    if ops:
        # Modifiers follow the last positional operand, separated by spaces.
        last = ops[-1]
        while True:
            m = re.match(r"^(.*?)\s+(op_sel:\[[^\]]*\]|clamp|mul:\d|div:\d)$", last)
            if not m:
                break
            mods.insert(0, m.group(2))
            last = m.group(1)
        ops[-1] = last
        positional = [Operand(o, fields) for o in ops]
    return mn, positional, mods




TRANS = ("v_exp_", "v_log_", "v_rcp_", "v_rsq_", "v_sqrt_", "v_sin_", "v_cos_")


def reg_text(kind, dwords, half=""):
    if kind == "v":
        return "v1" + half if dwords == 1 else "v[2:%d]" % (1 + dwords)
    if dwords == 1:
        return "s1"
    first = 2 if dwords == 2 else 4
    return "s[%d:%d]" % (first, first + dwords - 1)


class Entry:
    def __init__(self, fmt, op, text, cpus, fields):
        self.fmt, self.op, self.cpus = fmt, op, cpus
        self.name, self.ops, self.mods = parse_text(text, fields)
        self.clamp = self.omod = False
        self.opsel = None  # None, "printed" or "hidden"
        self.types = {}    # source operand index -> (value kinds it takes, constant type)
        self.flags = None
        self.also_true16 = False
        self.also_fake16 = False
        self.spellings = [text]  # lines its own mode takes: the sweep's texts, classify()'s probes
        self.hidden_mods = False  # sources with llvm's integer modifiers (IF_HiddenMods)
        self.lds_src0 = False  # src0 = 254 prints src_lds_direct with no note (IF_LdsSrc0)
        self.answers = {}  # source index -> {kind: assemble() answer} (classify()'s probes)

    def sources(self):
        return [i for i, o in enumerate(self.ops) if o.field in ("src0", "src1", "src2") and o.kind in ("v", "s")]

    def background(self, sgpr_srcs):
        """Probe text with every operand at a plain value; sources in sgpr_srcs as SGPRs."""
        out = []
        for i, o in enumerate(self.ops):
            if o.kind == "k":
                out.append("1.5")  # the K constant: same literal as a source's 1.5 probe
            elif i in sgpr_srcs:
                out.append(reg_text("s", o.dwords))
            else:
                out.append(strip_mods(o.text)[0])
        return out


def classify(entries, cpu, mattr):
    """Asks the assembler which values each source operand takes and how 1.5 is encoded in it."""
    # 1. A background line each entry accepts: VGPR sources, or some of them SGPRs.
    cands = []
    for e in entries:
        srcs = e.sources()
        options = [set(i for i in srcs if e.ops[i].sgpr_only)]
        options += [set(srcs[k:]) for k in range(len(srcs) - 1, -1, -1)]
        options += [set([i]) for i in srcs]
        cands.append(options)
    lines = []
    for e, options in zip(entries, cands):
        for opt in options:
            lines.append(e.name + " " + ", ".join(e.background(opt)))
    res = iter(assemble(lines, cpu, mattr))
    backs = []
    for e, options in zip(entries, cands):
        ok = [opt for opt in options if next(res)[0] is not None]
        backs.append(e.background(ok[0]) if ok else None)
    # 2. Each source in turn as VGPR, SGPR, 1.5, 1 and a literal.
    lines, where = [], []
    for ei, (e, back) in enumerate(zip(entries, backs)):
        if back is None:
            continue
        for i in e.sources():
            o = e.ops[i]
            for kind, val in (("v", reg_text("v", o.dwords, o.half)),
                              ("s", reg_text("s", o.dwords)), ("f", "1.5"), ("i", "1"), ("l", "0x1234")):
                t = list(back)
                t[i] = val
                lines.append(e.name + " " + ", ".join(t))
                where.append((ei, i, kind))
    info = {}
    for (ei, i, kind), line, r in zip(where, lines, assemble(lines, cpu, mattr)):
        info.setdefault((ei, i), {})[kind] = r
        if r[0] is not None:
            entries[ei].spellings.append(line)
    for (ei, i), r in info.items():
        e = entries[ei]
        e.answers[i] = r
        o = e.ops[i]
        kinds = "".join(k for k in "vsifl" if r[k][0] is not None)
        if any(x.kind == "k" for x in e.ops):
            kinds += "l"  # fmamk/fmaak: the probe literal collides with K, not a rule of the source
        size = 8 if e.fmt in ("VOP3", "VOP3SD") else 4
        ftext, fdata = r["f"]
        lit = int.from_bytes(fdata[size:size + 4], "little") if ftext and len(fdata) > size else None
        t = WIDTH_TYPE[o.dwords]
        if o.half:
            t = "b16"
        if lit == 0x3e00:
            t = "f16" if o.half or e.flags == "fake16" else "v2f16"
        elif lit == 0x3fc0:
            t = "bf16" if o.half or e.flags == "fake16" else "v2bf16"
        elif lit == 0x3ff80000 and o.dwords == 2:
            t = "f64"
        elif lit == 0x3fc00000 and ftext.split(",")[i].strip().endswith("0x0"):
            t = "b16"
        elif lit == 0x3fc00000 and o.dwords == 1 and not o.half:
            t = "f32"  # or b32: decided by the VOP3 form's neg (generate())
        e.types[i] = (kinds, t)


def source_class(e, i, kinds):
    o = e.ops[i]
    kinds = kinds.replace("l", "") if "l" in kinds else kinds + "-"  # "-": no literal
    if kinds in ("vsif", "vsi"):
        if o.neg_ok and o.abs_ok:
            return "vsrc_mod"
        if o.neg_ok:
            return "vsrc_neg"
        return "vsrc"
    if kinds == "v":
        return "vgpr"
    if kinds in ("sif", "si"):
        return "vssrc"
    if kinds in ("sif-", "si-"):
        return "vssrc_inline"  # v_readlane/v_writelane lane select: no literal
    if kinds in ("s", "s-"):
        return "sreg"
    if kinds == "v-":
        return "vgpr"
    raise RuntimeError("%s: source %d takes %r" % (e.name, i, kinds))


def operand_strings(e):
    out = []
    for i, o in enumerate(e.ops):
        opt = ""
        if o.kind == "vcc":
            out.append("implicit:vcc:b1?")
            continue
        if o.kind == "k":
            out.append("lit:vk:%s" % ("f16" if "f16" in e.name else "f32"))
            continue
        if o.field is None:
            raise RuntimeError("unmapped operand %r in %s" % (o.text, e.name))
        if o.field in ("vdst", "sdst") and o.kind == "s":
            lane = not e.name.startswith(("v_readlane", "v_readfirstlane"))
            out.append("%s:vmask:b1" % o.field if lane else "%s:vsdst_nom0:b32" % o.field)
        elif o.field in ("vdst", "vsrc1"):
            t = e.types.get(i, (None, None))[1] if o.field == "vsrc1" else None
            half = o.half or getattr(o, "half16", False) or t in ("b16", "f16", "bf16")
            out.append("%s:vgpr:%s" % (o.field, "b16" if half else WIDTH_TYPE[o.dwords]))
        else:
            kinds, t = e.types[i]
            cls = source_class(e, i, kinds)
            if cls == "sreg" and o.dwords == 1:
                cls, t = "vmask", "b1"
            out.append("%s:%s:%s%s" % (o.field, cls, t, opt))
    return out


def modifier_strings(e):
    out = []
    if e.opsel == "printed":
        # op_sel:[src0, src1, ..., dst]: entry k < n-1 is bit k, the last one bit 3 (the
        # destination's); v_permlane*'s pair (fi, bound_ctrl) is bits 0 and 1.
        n = max(n for _, n in e.opsel_map.values())
        if e.opsel_map == {2: (2, 4), 3: (3, 4)}:
            out.append("op_sel:vop_opsel_dot2")  # v_dot2_*: packed sources, no op_sel bits
        elif all(idx == (bit if bit < n - 1 else n - 1) and (bit < n - 1 or bit == 3)
               for bit, (idx, _) in e.opsel_map.items()):
            out.append("op_sel:vop_opsel%d" % n)
        elif e.opsel_map == {0: (0, 2), 1: (1, 2)}:
            out.append("op_sel:vop_opsel_pair")
        else:
            raise RuntimeError("op_sel layout %r" % e.opsel_map)
    elif e.opsel == "hidden":
        out.append("op_sel:vop_opsel_hidden")
    if e.clamp:
        out.append("clamp:vop_clamp")
    if e.omod:
        out.append("omod:vop_omod")
    if e.fmt in ("VOP3", "VOP3SD") and e.ops and not any(o.field == "vdst" for o in e.ops):
        out.append("vdst:vop_exec_dst")  # v_cmpx_*_e64 writes exec: vdst holds exec_lo
    return out


def alike_in_true16(lines, cpu):
    """Per line that llvm-mc-22 takes with -real-true16: is it taken with +real-true16 too, printed
    and encoded alike? (None for the lines -real-true16 rejects.)"""
    return [None if f[0] is None else t == f
            for t, f in zip(assemble(lines, cpu), assemble(lines, cpu, "-real-true16"))]


def also_true16(name, alike):
    """A fake16 entry is also_true16 when +real-true16 takes all its spellings alike
    (alike_in_true16()'s answers); one it takes only in part would need another model."""
    alike = [a for a in alike if a is not None]
    if any(alike) and not all(alike):
        raise RuntimeError("%s: +real-true16 takes some fake16 spellings only" % name)
    return bool(alike) and all(alike)


def mark_also_true16(entries):
    """Asks for the fake16 entries' spellings (the printed forms with each modifier, each kind of
    source value) with +real-true16."""
    groups = {}
    for e in entries:
        if e.flags == "fake16":
            groups.setdefault(e.cpus[0], []).append(e)
    for cpu, group in groups.items():
        answers = iter(alike_in_true16([l for e in group for l in e.spellings], cpu))
        for e in group:
            e.also_true16 = also_true16(e.name, [next(answers) for _ in e.spellings])


_HALF_RE = re.compile(r"\bv\d+\.[lh]\b")


def mark_also_fake16(entries):
    """The reverse of mark_also_true16: a true16 entry is also_fake16 when -real-true16 takes its
    spellings that name a 16-bit half (v1.l, v2.h: no fake16 entry takes those) alike
    (llvm-mc-22's VOPC e32 forms of the 16-bit compares); one it takes only in part would need
    another model."""
    groups = {}
    for e in entries:
        if e.flags == "true16":
            groups.setdefault(e.cpus[0], []).append(e)
    for cpu, group in groups.items():
        halves = {id(e): [l for l in e.spellings if _HALF_RE.search(l)] for e in group}
        lines = [l for e in group for l in halves[id(e)]]
        # (per line +real-true16 takes: taken alike by -real-true16?)
        answers = iter([None if t[0] is None else t == f
                        for t, f in zip(assemble(lines, cpu), assemble(lines, cpu, "-real-true16"))])
        for e in group:
            alike = [a for a in (next(answers) for _ in halves[id(e)]) if a is not None]
            if any(alike) and not all(alike):
                raise RuntimeError("%s: -real-true16 takes some true16 spellings only" % e.name)
            e.also_fake16 = bool(alike) and all(alike)


def text_at(res, op, cpu):
    return res.get(op, {}).get(cpu)


def lds_src0_plain(text):
    """Whether a probe with src0 = 254 printed lds_direct there without llvm's wrong-class note."""
    ops = split_operands(_COMMENT_RE.sub("!", text))[1] if text else []
    return "src_lds_direct" in ops


def sweep_mode(sw, mattr, flag, nvop3=1024):
    """Entries of one true16 mode (mattr None: +real-true16). nvop3: the VOP3 opcodes swept
    (gfx9's VOP3P words are VOP3 opcodes 0x380 and up)."""
    entries = []
    for fmt, ops, make in (("VOP1", range(256), vop1_probe), ("VOP2", range(0x3e), vop2_probe),
                           ("VOPC", range(256), vopc_probe)):
        res = sw.run(fmt, list(ops), make, mattr)
        zero = sw.run(fmt, list(ops), lambda op: {"op": op}, mattr)
        lds = sw.run(fmt, list(ops), lambda op: dict(make(op), src0=254), mattr)
        for op in zero:
            res.setdefault(op, zero[op])
        for op, text, cs in by_text(res):
            e = Entry(fmt, op, text, cs, E32_FIELDS)
            for o in e.ops:
                o.neg_ok = o.abs_ok = False
            e.lds_src0 = lds_src0_plain(text_at(lds, op, cs[0]))
            entries.append(e)
    ops = list(range(nvop3))
    base = sw.run("VOP3", ops, vop3_probe, mattr)
    zero = sw.run("VOP3", ops, lambda op: {"op": op}, mattr)
    for op in zero:
        base.setdefault(op, zero[op])
    def run(**extra):
        return sw.run("VOP3", ops, lambda op: vop3_probe(op, **extra), mattr)
    # One modifier bit at a time: a bit of an operand the instruction lacks makes it invalid.
    probe = {
        "neg": [run(neg=1 << k) for k in range(3)],
        "abs": [run(abs=1 << k) for k in range(3)],
        "opsel": [run(op_sel=1 << k) for k in range(4)],
        "clamp": run(clamp=1),
        "omod": run(omod=1),
        "sdst": sw.run("VOP3SD", ops, lambda op: vop3_probe(op, sdst=SDST), mattr),
        "lds": run(src0=254),
    }
    for op, text, cs in by_text(base):
        cpu = cs[0]
        sd = text_at(probe["sdst"], op, cpu)
        fmt = "VOP3"
        if sd and re.search(r"\b(s40\b|s\[40:41\])", sd):
            fmt, text = "VOP3SD", sd
        e = Entry(fmt, op, text, cs, E64_FIELDS)
        e.lds_src0 = lds_src0_plain(text_at(probe["lds"], op, cpu))
        for o in e.ops:
            o.neg_ok = o.abs_ok = o.neg_hidden = o.abs_hidden = False
        slots = {"src0": 0, "src1": 1, "src2": 2}
        for mod in ("neg", "abs"):
            if mod == "abs" and fmt == "VOP3SD":
                continue
            for k, res in enumerate(probe[mod]):
                t = text_at(res, op, cpu)
                for o, p in zip(e.ops, parse_text(t, E64_FIELDS)[1] if t else []):
                    if getattr(p, mod):
                        setattr(o, mod + "_ok", True)
                    elif slots.get(o.field) == k and o.kind in ("v", "s"):
                        # taken but not printed: llvm's integer modifiers (kept, never printed)
                        setattr(o, mod + "_hidden", True)
        hidden = [o for o in e.ops if o.neg_hidden or o.abs_hidden]
        if hidden and (fmt != "VOP3" or any(not (o.neg_hidden and o.abs_hidden) for o in hidden)):
            raise RuntimeError("%s: neg and abs bits taken apart" % e.name)
        e.hidden_mods = bool(hidden)
        if fmt == "VOP3SD":
            # No abs bits (sdst is there), but llvm-mc-22 takes and prints |x| where it takes -x.
            for o in e.ops:
                o.abs_ok = o.neg_ok
        e.spellings += [t for res in probe["neg"] + probe["abs"] + probe["opsel"] + [probe["clamp"], probe["omod"]]
                        for t in [text_at(res, op, cpu)] if t]
        cl = text_at(probe["clamp"], op, cpu)
        e.clamp = bool(cl) and "clamp" in parse_text(cl, E64_FIELDS)[2]
        om = text_at(probe["omod"], op, cpu)
        e.omod = bool(om) and "mul:2" in parse_text(om, E64_FIELDS)[2]
        if fmt == "VOP3":
            e.opsel_map = {}
            for bit, res in enumerate(probe["opsel"]):
                t = text_at(res, op, cpu)
                if not t:
                    continue
                _, oops, omods = parse_text(t, E64_FIELDS)
                sel = [m for m in omods if m.startswith("op_sel")]
                if sel:
                    e.opsel = "printed"
                    vals = sel[0][len("op_sel:["):-1].split(",")
                    e.opsel_map[bit] = (vals.index("1"), len(vals))
                elif e.opsel is None and any(o.half == ".h" for o in oops):
                    e.opsel = "hidden"
        entries.append(e)
    return entries


# --- old mnemonics -------------------------------------------------------------------------------
# Targets whose VALU mnemonics may be gfx11 aliases (v_add_u32, v_cvt_pkrtz_f16_f32, v_dot2c_f32_f16),
# by encoding generation; SI/CI have no disassembler in llvm-mc (their names live on in gfx8/9).
GFX9_ALIAS_CPUS = ["gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950"]
GFX10_ALIAS_CPUS = ["gfx1010", "gfx1011", "gfx1030", "gfx1200", "gfx1250"]
# gfx9's VOP3 and VOP3P words differ from gfx11's in their encoding bits only: (mask, value).
GFX9_ENCODING = {"VOP3": (0x3F << 26, 0x34 << 26), "VOP3P": (0x1FF << 23, 0x1A7 << 23)}
# Aliases llvm defines for gfx11 under names no target prints (its test gfx11_asm_vop3_alias.s).
EXTRA_ALIAS_LINES = ["v_add3_nc_u32 v1, v2, v3, v4", "v_xor_add_u32 v1, v2, v3, v4"] + [
    # the integer compares' `tru` names (llvm prints only the float ones' v_cmp_tru_* on gfx9)
    "%s_tru_%s %s" % (cmp, t, ("vcc_lo, " if cmp == "v_cmp" else "") + (
        "v[1:2], v[2:3]" if t.endswith("64") else "v1, v2"))
    for cmp in ("v_cmp", "v_cmpx") for t in ("i16", "i32", "i64", "u16", "u32", "u64")]


# llvm's internal names of its 16-bit VALU instructions (v_add_f16_t16, v_add_f16_fake16), which
# llvm-mc-22 takes as the instruction's name, also before an encoding suffix (v_add_f16_t16_e32).
INTERNAL_TAGS = ("_t16", "_fake16")


def internal_name_aliases(entries, cpus):
    """`alias NAME_t16 NAME` and `alias NAME_fake16 NAME` for the entries' names that llvm-mc-22
    knows under such a name: written alone, llvm-mc says something other than "invalid instruction"
    (too few operands; v_mov_b16_t16 without real-true16: not supported, as v_mov_b16) on some cpu
    in some mode. Each alias is checked: an entry's printed line and first probe line assemble
    alike under both names in every mode (else the generator stops)."""
    bases = sorted({base_name(e.name) for e in entries})
    candidates = [b + tag for b in bases for tag in INTERNAL_TAGS]
    known = set()
    for cpu in cpus:
        for mattr in ALIAS_MODES:
            for name, (_, err) in zip(candidates, assemble(candidates, cpu, mattr)):
                if err != "invalid instruction":
                    known.add(name)
    pairs = []
    for e in entries:
        for line in e.spellings[:2]:
            mn, _, rest = line.partition(" ")
            base = base_name(mn)
            for tag in INTERNAL_TAGS:
                if base + tag in known:
                    pairs.append((line, " ".join(w for w in (base + tag + mn[len(base):], rest) if w)))
    for mattr in ALIAS_MODES:
        real = assemble([p[0] for p in pairs], cpus[0], mattr)
        internal = assemble([p[1] for p in pairs], cpus[0], mattr)
        for (line, other), (t1, _), (t2, _) in zip(pairs, real, internal):
            if t1 != t2:
                raise RuntimeError("%s and %s differ (%s): %s / %s" % (line, other, mattr, t1, t2))
    return ["alias %s %s" % (name, name[:name.rindex("_")]) for name in sorted(known)]


def alias_probes(formats):
    """[(cpu, probes)]: the opcode spaces of `formats` (VOP1, VOP2, VOPC, VOP3, VOP3P) on the
    targets whose mnemonics may be gfx11 aliases."""
    spaces = {"VOP1": (256, vop1_probe), "VOP2": (64, vop2_probe), "VOPC": (256, vopc_probe),
              "VOP3": (1024, vop3_probe), "VOP3P": (128, vop3_probe)}
    out = []
    for fmt in formats:
        nops, make = spaces[fmt]
        probes = [encode(fmt, make(op)) for op in range(nops)]
        out += [(cpu, probes) for cpu in GFX10_ALIAS_CPUS]
        if fmt in GFX9_ENCODING:
            mask, value = GFX9_ENCODING[fmt]
            probes = [((int.from_bytes(p[:4], "little") & ~mask) | value).to_bytes(4, "little") + p[4:]
                      for p in probes]
        out += [(cpu, probes) for cpu in GFX9_ALIAS_CPUS]
    return out


def float_sources(entries, vop3_twin):
    """32-bit sources are floats when the VOP3 form (vop3_twin(entry): the entry itself, its e64
    twin, or None) gives them neg (cvt_f32_ubyte's is an integer)."""
    for e in entries:
        twin = vop3_twin(e)
        for i, (kinds, t) in list(e.types.items()):
            if t not in ("f32", "b32"):
                continue
            # the VOP3 form's operand of the same field (e32 vsrc1 is its src1)
            field = {"vsrc1": "src1"}.get(e.ops[i].field, e.ops[i].field)
            same = [o for o in (twin.ops if twin else []) if o.field == field]
            fp = bool(same) and getattr(same[0], "neg_ok", False)
            e.types[i] = (kinds, "f32" if fp else "b32")


def no_lit_src0(entries, cpu, formats=None):
    """The e32 entries whose literal src0, printed lit(0x1) by llvm's disassembler, llvm-mc-22 fails
    to parse back (v_dot2acc_f32_f16): (format, opcode, name) of each. formats: another
    architecture's layouts (default gfx11's)."""
    e32 = [e for e in entries if e.fmt in ("VOP1", "VOP2", "VOPC")]
    probes = []
    for e in e32:
        fields = {"op": e.op, "src0": 255}
        fields.update({f: 6 for f in ("vdst", "vsrc1") if any(o.field == f for o in e.ops)})
        probes.append(encode(e.fmt, fields, formats) + (1).to_bytes(4, "little"))
    # (one run per probe: a literal llvm re-encodes without its dword misaligns a batch's answers)
    answers = [disassemble([p], cpu)[0] for p in probes]
    texts = [(e, r[0]) for e, r in zip(e32, answers) if r is not None and "lit(0x1)" in r[0]]
    answers = assemble([t for _, t in texts], cpu)
    return {(e.fmt, e.op, e.name) for (e, _), a in zip(texts, answers) if a[0] is None}


def e32_suffixed(entries):
    """The names of VOP3 entries llvm's matcher has as 32-bit-encoding instructions (v_readlane_b32,
    v_writelane_b32: VOP2 in llvm, with only a VOP3 encoding): `NAME_e32` alone gets "too few
    operands" (an instruction of that encoding is there) rather than "e32 variant of this
    instruction is not supported", on a cpu without another form of the name. `_e32` selects them,
    `_e64` does not (the e32_suffix flag)."""
    others = {(e.name, c) for e in entries if not e.fmt.startswith("VOP3") for c in e.cpus}
    probes = sorted({(e.name, e.cpus[0]) for e in entries
                     if e.fmt.startswith("VOP3") and not e.name.endswith("_e64")
                     and (e.name, e.cpus[0]) not in others})
    names = set()
    for cpu in sorted({c for _, c in probes}):
        mns = [n for n, c in probes if c == cpu]
        for mn, (text, err) in zip(mns, assemble([mn + "_e32" for mn in mns], cpu)):
            if text is None and err == "too few operands for instruction":
                names.add(mn)
    return names


def generate(cpus, unit_of):
    sw = Sweep(cpus)
    modes = {"true16": sweep_mode(sw, None, "true16"), "fake16": sweep_mode(sw, "-real-true16", "fake16")}
    # An entry is shared when both modes print it alike; otherwise each mode keeps its own.
    key = lambda e: (e.fmt, e.op, e.name, " ".join(o.text for o in e.ops), e.opsel, tuple(e.cpus))
    keys = {m: set(key(e) for e in es) for m, es in modes.items()}
    final = []
    for m, es in modes.items():
        other = keys["fake16" if m == "true16" else "true16"]
        for e in es:
            if key(e) in other:
                if m == "true16":
                    final.append(e)
            else:
                e.flags = m
                final.append(e)
    # Classified on the first cpu that has them, in their own true16 mode.
    groups = {}
    for e in final:
        groups.setdefault((e.flags or "true16", e.cpus[0]), []).append(e)
    for (m, cpu), group in groups.items():
        classify(group, cpu, None if m == "true16" else "-real-true16")
    # fake16 prints every VGPR whole: its true16 twin tells which are 16-bit (e32 fields of those
    # reach v0..v127 only) and which 16-bit float sources are packed pairs.
    twins = {(e.fmt, e.op, e.name): e for e in final if e.flags == "true16"}
    for e in final:
        t = twins.get((e.fmt, e.op, e.name))
        if e.flags == "fake16" and t and len(t.ops) == len(e.ops):
            for i, (o, to) in enumerate(zip(e.ops, t.ops)):
                if o.field in ("vdst", "vsrc1") and to.half:
                    o.half16 = True
                if i in e.types and i in t.types and t.types[i][1].startswith("v2"):
                    e.types[i] = (e.types[i][0], t.types[i][1])
    mark_also_true16(final)
    mark_also_fake16(final)
    e64 = {(e.name, e.flags): e for e in final if e.fmt in ("VOP3", "VOP3SD")}
    float_sources(final, lambda e: e64.get((e.name.replace("_e32", "_e64"), e.flags))
                  if e.fmt in ("VOP1", "VOP2", "VOPC") else e)
    no_lit = no_lit_src0(final, cpus[0])
    e32_names = e32_suffixed(final)
    insts = []
    fmt_order = {"VOP1": 0, "VOP2": 1, "VOPC": 2, "VOP3": 3, "VOP3SD": 3}
    for e in sorted(final, key=lambda e: (fmt_order[e.fmt], e.op, e.flags or "")):
        try:
            operands = operand_strings(e) + modifier_strings(e)
        except (RuntimeError, KeyError) as ex:
            insts.append("# skipped %s %s: %s" % (e.fmt, e.name, ex))
            continue
        attrs = []
        if set(e.cpus) != set(cpus):
            attrs.append("@cpus=" + ",".join(c for c in cpus if c in e.cpus))
        # lds_src0 matters where src0 takes only registers of one file (and llvm notes others).
        lds = e.lds_src0 and any(s.startswith(("src0:vgpr:", "src0:vssrc")) for s in operands)
        flags = [f for f in (e.flags, "also_true16" if e.also_true16 else None,
                             "also_fake16" if e.also_fake16 else None,
                             "hidden_mods" if e.hidden_mods else None, "lds_src0" if lds else None,
                             "no_lit_src0" if (e.fmt, e.op, e.name) in no_lit else None,
                             "e32_suffix" if e.name in e32_names else None)
                 if f]
        if flags:
            attrs.append("@flags=" + "|".join(flags))
        attrs.append("@unit=" + unit_of(e.name, "trans" if e.name.startswith(TRANS) else "valu"))
        insts.append("inst %s %s 0x%x %s" % (e.fmt, e.name, e.op, " ".join(operands + attrs)))
    # Fields llvm ignores where an instruction has no operand there (a VOP3's absent sources and
    # op_sel, v_nop's src0), probed on the forms the default (real-true16) mode decodes first.
    names = ["VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD"]
    ignored, kept = unused_fields([l for l in insts if "fake16" not in l], cpus)
    if kept:
        raise RuntimeError("VALU fields llvm keeps without an operand: %s" % kept)
    insts = format_lines(names, ignored) + [""] + insts
    return insts + [""] + alias_lines(alias_probes(["VOP1", "VOP2", "VOPC", "VOP3"]), insts, cpus,
                                      EXTRA_ALIAS_LINES) + internal_name_aliases(final, cpus)
