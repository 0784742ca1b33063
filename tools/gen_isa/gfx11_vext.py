# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""gfx11 VALU extensions: VOP3P (packed math, v_fma_mix*, v_dot*), WMMA, VOPD, DPP16 and DPP8,
swept through the oracle.

VOP3P: every opcode is disassembled with distinct VGPRs in each field (the printed register
numbers tell the fields, the tuple sizes the widths; in wave32 and wave64, since WMMA's
accumulators shrink in wave64). What each instruction accepts is then asked of the assembler:
the modifiers (op_sel, op_sel_hi, neg_lo, neg_hi, clamp, -/|..| on sources), and the constant
rules of each source (how `0.1` is encoded tells f16, bf16 or f32 semantics).

DPP16 / DPP8: the forms of the VOP1/VOP2/VOPC, VOP3/VOP3SD and VOP3P entries that decode with a
DPP source, their operands asked of the assembler."""
import os
import re

from gfx11_formats import FORMATS, encode, format_lines, unused_fields
from gfx11_scalar import split_operands
from gfx11_valu import alias_probes, alike_in_true16, also_true16
from oracle import alias_lines, assemble, disassemble
from oracle import group_by_text, width_type
from oracle import sweep_opcodes as sweep

VDST, SRC0, SRC1, SRC2 = 64, 16, 32, 48  # VGPR numbers of the probe fields
VOP3P_MODIFIERS = ["op_sel", "op_sel_hi", "neg_lo", "neg_hi"]  # llvm's (required) order, then clamp


def reg_tuple(op):
    """'v16' -> (16, 1); 'v[16:23]' -> (16, 8); else None"""
    if op.startswith("v[") and op.endswith("]"):
        lo, hi = op[2:-1].split(":")
        return int(lo), int(hi) - int(lo) + 1
    if op.startswith("v") and op[1:].isdigit():
        return int(op[1:]), 1
    return None


def accepted(lines, cpu="gfx1100", mattr=None):
    return [r[0] is not None for r in assemble(lines, cpu, mattr)]


def source_type(mn, index, text):
    """Constant semantics of source `index` from how the oracle printed `0.1` in it."""
    printed = split_operands(text)[1][index]
    if printed == "0x2e66":
        return "f16" if "_mix" in mn else "v2f16"
    if printed == "0x3dcd":
        return "v2bf16"
    if mn.startswith("v_pk_"):
        return "v2b16"  # integer packed math: the same constant rules as 32-bit integers
    return "f32" if mn.startswith("v_dot2_f32") else "b32"


def vop3p(cpus, emit):
    # One text per (opcode, cpu) in each wave size; entries differ only for WMMA's accumulators.
    make = lambda op: {"op": op, "vdst": VDST, "src0": 256 + SRC0, "src1": 256 + SRC1, "src2": 256 + SRC2,
                       "op_sel_hi": 7}
    w32 = sweep("VOP3P", 128, make, cpus)
    w64 = sweep("VOP3P", 128, make, cpus, "+wavefrontsize64")
    for op, text, cs in group_by_text(w32):
        text64 = w64.get(op, {}).get(cs[0])
        variants = [(text, [])] if text64 == text else [(text, ["wave32"]), (text64, ["wave64"])]
        for vtext, flags in variants:
            emit_vop3p(op, vtext, cs, flags, emit)


def emit_vop3p(op, text, cpus, flags, emit, probe_mattr=None):
    """probe_mattr: -mattr for the assembler's probes (gfx9: +vop3-literal, which shows how a
    literal is typed where the encoding takes none). Register pairs that take SGPRs (gfx90a's
    v_pk_*_f32) are sources with 32-bit constants, v2f32."""
    mn, ops = split_operands(text.split(" op_sel_hi:")[0])
    regs = [reg_tuple(o) for o in ops]
    if any(r is None for r in regs):
        raise RuntimeError("unrecognised VOP3P operands: " + text)
    nsrc = len(ops) - 1
    fields = ["vdst", "src0", "src1", "src2"]
    is_mix = "_mix" in mn
    is_wmma = mn.startswith("v_wmma")
    mattr = "+wavefrontsize64" if "wave64" in flags else probe_mattr
    cpu = cpus[0]

    def line(srcs=None, mods=""):
        parts = [text_of(r) for r in regs] if srcs is None else srcs
        return "%s %s %s" % (mn, ", ".join(parts), mods)

    def text_of(r):
        return "v%d" % r[0] if r[1] == 1 else "v[%d:%d]" % (r[0], r[0] + r[1] - 1)

    base = [text_of(r) for r in regs]
    # Modifiers the instruction accepts, probed one at a time.
    probes = ["%s:[%s]" % (m, ",".join(["1"] + ["0"] * (nsrc - 1))) for m in VOP3P_MODIFIERS] + ["clamp"]
    mod_ok = accepted([line(mods=p) for p in probes], cpu, mattr)
    # Source kinds: SGPR, literal (0.1), inline constant, negation.
    src_probes = []
    for i in range(1, len(base)):
        for alt in ["s1" if regs[i][1] != 2 else "s[2:3]", "0.1", "1.0", "-" + base[i]]:
            s = list(base)
            s[i] = alt
            src_probes.append(line(s))
    answers = assemble(src_probes, cpu, mattr)
    operands = []
    for i, (num, dw) in enumerate(regs):
        if i == 0:
            dst_t = width_type(dw) if dw > 1 else ("f16" if mn.endswith("_f16") and is_mix else "b32")
            operands.append("vdst:pvdst:%s" % dst_t)
            continue
        sgpr, lit, inline, neg = answers[(i - 1) * 4:(i - 1) * 4 + 4]
        if dw == 2 and sgpr[0] is not None and not is_wmma:
            operands.append("%s:%s:v2f32" % (fields[i], "psrc_mods" if neg[0] is not None else "psrc"))
            continue
        if dw > 1 or sgpr[0] is None:
            # WMMA matrices: VGPR tuples; the accumulator also takes inline constants.
            cls = "wmma_c" if inline[0] is not None else "pvreg"
            operands.append("%s:%s:%s" % (fields[i], cls, width_type(dw)))
            continue
        t = source_type(mn, i, lit[0])
        cls = "psrc_mods" if neg[0] is not None else "psrc"
        operands.append("%s:%s:%s" % (fields[i], cls, t))
    for m, ok in zip(VOP3P_MODIFIERS, mod_ok):
        if ok:
            default_ones = m == "op_sel_hi" and not is_mix
            operands.append("%s:%s" % (m, "sel_ones" if default_ones else "sel"))
    if mod_ok[-1]:
        operands.append("clamp:flag")
    # Without op_sel_hi the instruction still encodes its bits set: a format with them fixed.
    fmt = "VOP3P_MIX" if is_mix else "VOP3P" if mod_ok[1] else "VOP3P_NO_OPSEL"
    emit(fmt, mn, op, operands, cpus, flags)


def vopd_halves(cpus):
    """{side: {op: (mnemonic, [operand kinds], cpus)}} of the X and Y halves, operand kinds in
    printed order: 'vdst', 'src0', 'vsrc1', 'k' (the literal constant)."""
    def make(vsrc1):
        return lambda op: {"op": (op >> 5) | (op & 31) << 4, "srcx0": 256 + 1, "vsrcx1": vsrc1,
                           "srcy0": 256 + 4, "vsrcy1": vsrc1, "vdstx": 10, "vdsty": 13 >> 1}
    halves = {"x": {}, "y": {}}
    for vsrc1 in (2, 0):  # v_dual_mov_b32 decodes only with vsrc1 = 0
        res = sweep("VOPD", 16 * 32, make(vsrc1), cpus)
        for op, per_cpu in res.items():
            for cpu, text in per_cpu.items():
                for side, half, opcode in (("x", text.split(" :: ")[0], op >> 5), ("y", text.split(" :: ")[1], op & 31)):
                    mn, ops = split_operands(half)
                    kinds = []
                    for o in ops:
                        if o.startswith("0x"):
                            kinds.append("k")
                        elif o in ("v10", "v13"):
                            kinds.append("vdst")
                        elif o in ("v1", "v4"):
                            kinds.append("src0")
                        else:
                            kinds.append("vsrc1")
                    entry = halves[side].setdefault(opcode, (mn, kinds, set()))
                    entry[2].add(cpu)
    return halves


def vopd(cpus, emit):
    halves = vopd_halves(cpus)
    # The constant semantics of each half's src0, from how `0.1` is encoded.
    def probe(side, mn, kinds):
        ops = {"vdst": "v10" if side == "x" else "v13", "src0": "0.1", "vsrc1": "v2" if side == "x" else "v7",
               "k": "0.1"}  # the same literal as src0
        text = "%s %s" % (mn, ", ".join(ops[k] for k in kinds))
        return text
    lines = []
    for side in ("x", "y"):
        for op, (mn, kinds, _) in sorted(halves[side].items()):
            other = "v_dual_mov_b32 v13, v4" if side == "x" else "v_dual_mov_b32 v10, v1"
            lines.append(probe(side, mn, kinds) + " :: " + other if side == "x" else other + " :: " + probe(side, mn, kinds))
    answers = iter(assemble(lines, cpus[0]))
    src_type = {}
    for side in ("x", "y"):
        for op, (mn, kinds, _) in sorted(halves[side].items()):
            text = next(answers)[0]
            half = split_operands(text.split(" :: ")[0 if side == "x" else 1])[1]
            printed = half[kinds.index("src0")]
            src_type[side, op] = {"0x2e66": "v2f16", "0x3dcd": "v2bf16"}.get(
                printed, "f32" if mn.endswith("_f32") else "b32")
    for opx, (mnx, kx, cx) in sorted(halves["x"].items()):
        for opy, (mny, ky, cy) in sorted(halves["y"].items()):
            operands = []
            for side, op, mn, kinds in (("x", opx, mnx, kx), ("y", opy, mny, ky)):
                for k in kinds:
                    operands.append(vopd_operand(side, mn, k, src_type[side, op]))
            emit("VOPD", mnx + "::" + mny, opx | opy << 4, operands, sorted(cx & cy), ["wave32"])


def vopd_operand(side, mn, kind, src_t):
    """A VOPD half's operand; the class tells its role in llvm's register bank checks (src0, src1,
    src2 of the half: fmamk's VGPR source is its src2, fmac/dot2acc accumulate into vdst) and the
    implicit vcc_lo read of cndmask, which counts on the constant bus."""
    accumulates = mn.startswith(("v_dual_fmac_", "v_dual_dot2acc_"))
    if kind == "vdst":
        return "vdst%s:%s:b32" % (side, "vopd_vdst_acc" if accumulates else "vopd_vdst")
    if kind == "src0":
        return "src%s0:%s:%s" % (side, "vopd_src_vcc" if mn.startswith("v_dual_cndmask") else "vopd_src", src_t)
    if kind == "vsrc1":
        return "vsrc%s1:%s:b32" % (side, "vopd_vsrc2" if mn.startswith("v_dual_fmamk") else "vopd_vsrc")
    return "lit:vopd_k:f32"


def valu_entries(fmts, arch="gfx11"):
    """The entries of `fmts` in the valu family (isa/<arch>/valu.isa): (fmt, name, opcode,
    operands, attrs)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "isa", arch, "valu.isa")
    out = []
    for line in open(path):
        w = line.split()
        if len(w) < 4 or w[0] != "inst" or w[1] not in fmts:
            continue
        ops = [x for x in w[4:] if not x.startswith("@")]
        attrs = dict(x[1:].split("=", 1) for x in w[4:] if x.startswith("@"))
        out.append((w[1], w[2], int(w[3], 16), ops, attrs))
    return out


DPP_SRC0, DPP_VSRC1, DPP_VDST = 1, 2, 5  # probe VGPRs
DPP16_MODIFIERS = ["dpp_ctrl:dpp_ctrl", "row_mask:dpp_mask", "bank_mask:dpp_mask", "bound_ctrl:dpp_bound", "fi:dpp_fi"]
DPP8_MODIFIERS = ["dpp8:dpp8_sel", "fi:dpp8_fi"]
DPP_CONTROLS = {"dpp_ctrl": 0xE4, "row_mask": 0xF, "bank_mask": 0xF, "fi": 0xE9, "dpp8": 0xFAC688}


DPP_VARIANTS = (("_DPP16", DPP16_MODIFIERS), ("_DPP8", DPP8_MODIFIERS))


def dpp_probes(entry, fmt, fields, mattr, formats=FORMATS, variants=DPP_VARIANTS):
    """The DPP probes (entry, format, modifiers, bytes, mattr) of an entry of `fmt`, one per
    variant (gfx11: DPP16 and DPP8), its operand fields set to `fields` and the lane controls to
    the identity."""
    out = []
    for variant, mods in variants:
        dfmt = fmt + variant
        values = dict(fields, **DPP_CONTROLS)
        data = encode(dfmt, {k: v for k, v in values.items() if k in formats[dfmt][2]}, formats)
        out.append((entry, dfmt, mods, data, mattr))
    return out


def probe_texts(probes, cpus, modes=(None, "-real-true16")):
    """DPP probes (entry, format, modifiers, bytes, mattr) disassembled on the cpus their entry is
    on, in each mode of `modes`: per probe {text: [cpus]}."""
    texts = [{} for _ in probes]
    for mattr in modes:
        idx = [k for k, p in enumerate(probes) if p[4] == mattr]
        for cpu in cpus:
            for k, r in zip(idx, disassemble([probes[k][3] for k in idx], cpu, mattr)):
                entry_cpus = probes[k][0][4].get("cpus", ",".join(cpus)).split(",")
                # (a shorter decode is another instruction: v_clrexcp's e32 form at a DPP probe)
                if r is not None and r[1] == len(probes[k][3]) and cpu in entry_cpus:
                    texts[k].setdefault(r[0], []).append(cpu)
    return texts


def true16_verdicts(variants, cpus):
    """{(k, cpu): alike_in_true16()'s answers on the lines} of the fake16 variants (k, [lines])."""
    out = {}
    for cpu in cpus:
        answers = iter(alike_in_true16([l for _, lines in variants for l in lines], cpu))
        for k, lines in variants:
            out[k, cpu] = [next(answers) for _ in lines]
    return out


SOURCE_SLOT = {"src0": 0, "src1": 1, "vsrc1": 1, "src2": 2}


def with_bit(fmt, data, field, index, formats=FORMATS):
    """`data` (bytes of format `fmt` of `formats`) with bit `index` of `field` set."""
    v = int.from_bytes(data, "little")
    for hi, lo in formats[fmt][2][field]:
        if index <= hi - lo:
            return (v | 1 << (lo + index)).to_bytes(len(data), "little")
        index -= hi - lo + 1
    raise ValueError("%s has no bit %d of %s" % (fmt, index, field))


def with_field(fmt, data, field, value):
    """`data` (bytes of format `fmt`) with one-range `field` set to `value` (unchanged without
    that field: dpp_ctrl in DPP8)."""
    if field not in FORMATS[fmt][2]:
        return data
    v = int.from_bytes(data, "little")
    (hi, lo), = FORMATS[fmt][2][field]
    v = v & ~(((1 << (hi - lo + 1)) - 1) << lo) | value << lo
    return v.to_bytes(len(data), "little")


def disassemble_each(probes):
    """probes: (bytes, cpu, mattr). The oracle's result for each, one run per cpu and mode."""
    groups, out = {}, [None] * len(probes)
    for n, (_, cpu, mattr) in enumerate(probes):
        groups.setdefault((cpu, mattr), []).append(n)
    for (cpu, mattr), idx in groups.items():
        for n, r in zip(idx, disassemble([probes[n][0] for n in idx], cpu, mattr)):
            out[n] = r
    return out


def hidden_mods(items, formats=FORMATS):
    """items: (format, bytes, mattr, cpu, text, source fields). Per item, the fields whose neg and
    abs bits the oracle's disassembler takes without printing them (its integer operands with
    modifiers): set in the probe, they leave the text as it was."""
    probes = []  # (item index, field, bytes)
    for k, (fmt, data, _, _, _, fields) in enumerate(items):
        for f in fields:
            for m in ("neg", "abs"):
                if m in formats[fmt][2]:
                    probes.append((k, f, with_bit(fmt, data, m, SOURCE_SLOT[f], formats)))
    answers = {}  # (item, field) -> [text unchanged, per bit]
    results = disassemble_each([(data, items[k][3], items[k][2]) for k, _, data in probes])
    for (k, f, _), r in zip(probes, results):
        answers.setdefault((k, f), []).append(r is not None and r[0] == items[k][4])
    out = [set() for _ in items]
    for (k, f), same in answers.items():
        if all(same):
            out[k].add(f)
        elif any(same):
            raise RuntimeError("%s: %s takes one of neg/abs without printing it" % (items[k][4], f))
    return out


def hidden_mods_flag(name, hidden, operands):
    """The hidden_mods flag (IF_HiddenMods) of an entry: its sources without printed modifiers
    are exactly those `hidden` has."""
    plain = {o.split(":")[0] for o in operands if o.split(":")[0] in SOURCE_SLOT and
             not o.split(":")[1].endswith(("_mod", "_neg", "_abs"))}
    if hidden and hidden != plain:
        raise RuntimeError("%s: hidden modifiers on %s, not on all of %s" % (name, sorted(hidden), sorted(plain)))
    return ["hidden_mods"] if hidden else []


class DppSetup:
    """What dpp() sweeps, per architecture (gfx11's by default): the valu entries, their DPP
    formats and variants, the oracle's modes, the probe VGPRs, and the line its assembler is asked
    about a probe's modifiers with."""
    arch = "gfx11"
    formats = FORMATS
    variants = DPP_VARIANTS
    modes = (None, "-real-true16")
    regs = {"vdst": DPP_VDST, "src0": DPP_SRC0, "vsrc1": DPP_VSRC1}

    def assembled_on(self, cpus, dfmt, text, cs):
        """(cpu, lane control) a probe's modifier lines are assembled with."""
        return cpus[0], " dpp8:[0,1,2,3,4,5,6,7]" if "DPP8" in dfmt else " quad_perm:[0,1,2,3]"


def dpp(cpus, emit, setup=DppSetup()):
    """DPP forms (gfx11: DPP16 and DPP8) of the VOP1/VOP2/VOPC (e32) instructions: the valu
    entries' operands, with VGPR-only DPP classes for the sources that take the modifiers the
    oracle accepts."""
    probes = []  # (entry, dpp format, modifiers, bytes, mattr)
    for entry in valu_entries({"VOP1", "VOP2", "VOPC"}, setup.arch):
        fmt, name, op, ops, attrs = entry
        if any(o.split(":")[1] not in ("vgpr", "vsrc", "vcc") for o in ops):
            continue  # fmamk/fmaak K, scalar destinations: no DPP form
        if not any(fmt + v in setup.formats for v, _ in setup.variants):
            continue  # (gfx9: no VOPC DPP)
        mattr = "-real-true16" if "fake16" in attrs.get("flags", "") else None
        # Only the operand fields the entry has (v_nop's DPP form decodes with all of them zero).
        named = {o.split(":")[0] for o in ops}
        fields = dict({f: r for f, r in setup.regs.items() if f in named}, op=op)
        probes += dpp_probes(entry, fmt, fields, mattr, setup.formats, setup.variants)
    texts = probe_texts(probes, cpus, setup.modes)
    variants = [(p, text, cs) for p, t in zip(probes, texts) for text, cs in by_operands(t).items()]
    # Which source modifiers each VGPR source takes: -v and |v| asked of the assembler.
    asm_lines = {}  # (mattr, cpu) -> lines
    fake16 = []  # (variant index, its lines) of the fake16 forms
    for p, text, cs in variants:
        if p[4]:
            fake16.append((len(fake16), [text]))
        mn, printed = dpp_operands(text)
        # VOPC DPP prints without _dpp; spelled with it the probe cannot become a v_cmp*_e64_dpp.
        mn = mn if mn.endswith("_dpp") else mn + "_dpp"
        cpu, ctrl = setup.assembled_on(cpus, p[1], text, cs)
        lines = asm_lines.setdefault((p[4], cpu), [])
        for i, o in enumerate(printed):
            for m in ("-%s", "|%s|", "v200"):  # v200: fake16 16-bit operands take only v0..v127
                q = list(printed)
                q[i] = m.replace("%s", o)
                lines.append(mn + " " + ", ".join(q) + ctrl)
                if p[4]:
                    fake16[-1][1].append(lines[-1])
    answers = {key: iter(r[0] is not None for r in assemble(lines, key[1], key[0]))
               for key, lines in asm_lines.items()}
    # Whether the implicit vcc operands may be left out (gfx11 takes that, gfx9 does not).
    without_vcc = {}  # (mattr, cpu) -> [(variant index, line)]
    for k, (p, text, cs) in enumerate(variants):
        mn, printed = dpp_operands(text)
        if all(reg_number(o) is not None for o in printed) or not mn.endswith("_dpp"):
            continue  # (no implicit operand; VOPC DPP writes vcc: dpp_vcc)
        cpu, ctrl = setup.assembled_on(cpus, p[1], text, cs)
        kept = [o for o in printed if reg_number(o) is not None]
        without_vcc.setdefault((p[4], cpu), []).append((k, mn + " " + ", ".join(kept) + ctrl))
    vcc_optional = {k: r[0] is not None for key, items in without_vcc.items()
                    for (k, _), r in zip(items, assemble([l for _, l in items], key[1], key[0]))}
    verdicts = true16_verdicts(fake16, cpus)
    fake16 = iter(k for k, _ in fake16)
    variants = [v + (vcc_optional.get(k, True),) for k, v in enumerate(variants)]
    variants.sort(key=lambda v: v[0][4] is not None)  # true16 entries first (stable otherwise)
    hidden = hidden_mods([(p[1], p[3], p[4], cs[0], text, [f for f in ("src0", "vsrc1") if f in setup.formats[p[1]][2]])
                          for p, text, cs, _ in variants], setup.formats)
    by_reg = {n: f for f, n in setup.regs.items()}
    for ((entry, dfmt, mods, _, mattr), text, cs, vcc_opt), hidden_fields in zip(variants, hidden):
        fmt, name, op, ops, attrs = entry
        mn, printed = dpp_operands(text)
        by_field = {o.split(":")[0]: o for o in ops}
        answer = answers[mattr, setup.assembled_on(cpus, dfmt, text, cs)[0]]
        operands = []
        for o in printed:
            neg, abs_, high = next(answer), next(answer), next(answer)
            field = by_reg.get(reg_number(o))
            if field is None:  # the implicit vcc: VOPC DPP forms may leave it out, as e32 ones
                vcc = by_field.get("implicit", "")
                operands.append("implicit:dpp_vcc:b1?" if fmt == "VOPC" else vcc if vcc_opt else vcc.rstrip("?"))
                continue
            t = by_field[field].split(":")[2].rstrip("?~")
            # fake16 forms: 16-bit values in plain VGPRs below v128 (the _lo classes)
            lo = "_lo" if mattr and not high else ""
            if lo:
                t = "b32"
            mod = "_mod" if neg and abs_ else "_neg" if neg else "_abs" if abs_ else ""
            operands.append("%s:dpp_vreg%s%s:%s" % (field, lo, mod, t))
        # A fake16 (plain VGPR) form +real-true16 takes alike is there too, after the true16 ones;
        # its classes tell the operands without the flag.
        flags = [f for f in attrs.get("flags", "").split("|") if f and f not in ("fake16", "also_true16", "hidden_mods")]
        flags += hidden_mods_flag(mn, hidden_fields, operands)
        if mattr:
            k = next(fake16)
            if not all(also_true16(mn, verdicts[k, cpu]) for cpu in cs):
                flags.append("fake16")
        emit(dfmt, mn, op, operands + mods, sorted(cs, key=cpus.index), flags)


VOP3_DPP_SOURCE = {"vsrc_mod": "dpp3_vgpr_mod", "vsrc_neg": "dpp3_vgpr_neg", "vsrc": "dpp3_vgpr", "vgpr": "dpp3_vgpr"}


def dpp3(cpus, emit):
    """e64_dpp forms of the VOP3/VOP3SD instructions: the valu entries with src0 (and src1 where
    llvm takes only a VGPR there) in DPP VGPR classes; the DPP controls after the VOP3 modifiers."""
    probes = []
    for entry in valu_entries({"VOP3", "VOP3SD"}):
        fmt, name, op, ops, attrs = entry
        classes = dict(o.split(":")[:2] for o in ops)
        if classes.get("src0") not in VOP3_DPP_SOURCE:
            continue
        mattr = "-real-true16" if "fake16" in attrs.get("flags", "") else None
        # A lane-mask src2 (v_cndmask) holds vcc_lo: a VGPR there would make the probe invalid.
        src2 = 106 if classes.get("src2") == "vmask" else 256 + 3
        fields = {"op": op, "vdst": 5, "sdst": 4, "src0": 1, "src1": 256 + 2, "src2": src2}
        probes += dpp_probes(entry, fmt, fields, mattr)
    texts = probe_texts(probes, cpus)
    # How many op_sel entries the DPP form prints (v_cmp_class_f16_e64_dpp: two, its VOP3 form three).
    opsel_len = {}
    idx = [k for k, p in enumerate(probes) if p[4] is None and "vop_opsel" in " ".join(p[0][3])]
    set_bit0 = [bytes([p[3][0], p[3][1] | 0x08]) + p[3][2:] for p in (probes[k] for k in idx)]
    for k, r in zip(idx, disassemble(set_bit0, cpus[0])):
        if r is not None and "op_sel:[" in r[0]:
            opsel_len[k] = r[0].split("op_sel:[")[1].split("]")[0].count(",") + 1
    opsel_class = {2: "vop_opsel_pair", 3: "vop_opsel3", 4: "vop_opsel4"}
    variants = [(p, text, cs, opsel_len.get(k)) for k, (p, t) in enumerate(zip(probes, texts)) for text, cs in t.items()]
    # Does src1 take a scalar register? (gfx1150 and later; gfx110x take only a VGPR there.)
    asm_lines = {None: [], "-real-true16": []}
    fake16 = []  # (variant index, its lines) of the fake16 forms: the text, src1 a scalar
    for k, (p, text, cs, _) in enumerate(variants):
        mn, rest = text.split(" ", 1)
        asm_lines[p[4]].append(mn + " " + scalar_src1(rest))
        if p[4]:
            fake16.append((k, [text, asm_lines[p[4]][-1]]))
    answers = {(m, cpu): iter(r[0] is not None for r in assemble(lines, cpu, m))
               for m, lines in asm_lines.items() for cpu in cpus}
    verdicts = true16_verdicts(fake16, cpus)
    hidden = hidden_mods([(p[1], p[3], p[4], cs[0], text, [o.split(":")[0] for o in p[0][3] if o.split(":")[0] in SOURCE_SLOT])
                          for p, text, cs, _ in variants])
    # src1 = 0x86 (the constant 6) read as its raw encoding, 0x86 (v_fmac_*_e64_dpp: the tied
    # src2 shifts llvm's operands).
    raw_src1 = [r is not None and ", 0x86" in r[0] for r in disassemble_each(
        [(with_field(p[1], p[3], "src1", 0x86), cs[0], p[4]) for p, _, cs, _ in variants])]
    # src1 = 246 (the inline 4.0): llvm's disassembler keeps it a float (", 4.0") or makes it its
    # f16 bits (0x4400), which for some entries is the other way than their src1's type (the
    # assembler's view) says: v_ldexp_f16_e64_dpp keeps it in an integer, v_cndmask_b16_e64_dpp
    # converts it in an f16.
    src1_text = [None if r is None else r[0] for r in disassemble_each(
        [(with_field(p[1], p[3], "src1", 246), cs[0], p[4]) for p, _, cs, _ in variants])]
    for k, ((entry, dfmt, mods, _, mattr), text, cs, nsel) in enumerate(variants):
        fmt, name, op, ops, attrs = entry
        by_answer = {}
        for cpu in cpus:
            ok = next(answers[mattr, cpu])
            if cpu in cs:
                by_answer.setdefault(ok, []).append(cpu)
        for src1_scalar, group in by_answer.items():
            operands = []
            for o in ops:
                field, cls = o.split(":")[:2]
                if field == "src0" or (field == "src1" and not src1_scalar and cls in VOP3_DPP_SOURCE):
                    o = o.replace(":%s:" % cls, ":%s:" % VOP3_DPP_SOURCE[cls], 1)
                if field == "op_sel" and nsel in opsel_class and cls in opsel_class.values():
                    o = o.replace(":%s" % cls, ":%s" % opsel_class[nsel], 1)
                operands.append(o)
            flags = [f for f in attrs.get("flags", "").split("|") if f and f not in ("also_true16", "hidden_mods")]
            flags += hidden_mods_flag(text.split()[0], hidden[k], operands)
            if raw_src1[k]:
                flags.append("dpp_src1_raw")
            if mattr and all(also_true16(text.split()[0], verdicts[k, cpu]) for cpu in group):
                flags.append("also_true16")
            operands = [dpp_src1_type(text.split()[0], o) for o in operands]
            src1_type = next((o.split(":")[2].rstrip("?~") for o in operands if o.startswith("src1:")), "")
            text1 = src1_text[k] or ""
            if (src1_type == "b16" and ", 4.0" in text1) or (src1_type == "f16" and "0x4400" in text1):
                flags.append("src1_kind_swapped")
            emit(dfmt, text.split()[0], op, operands + mods, group, flags)


# llvm-mc-22 rejects the inline 1/(2*pi) in 16-bit integer sources of DPP forms only, and it judges
# "integer" by its own operand types, which differ from the type the mnemonic suggests for these
# two (found by the differential test: v_ldexp_f16's src1 is an i16, v_cndmask_b16's an f16).
DPP_SRC1_TYPE = {"v_ldexp_f16_e64_dpp": "b16", "v_cndmask_b16_e64_dpp": "f16"}


def dpp_src1_type(name, operand):
    field, cls, typ = (operand.split(":") + [""])[:3]
    base = typ.rstrip("?~")
    if field == "src1" and name in DPP_SRC1_TYPE and base in ("b16", "f16"):
        return "%s:%s:%s%s" % (field, cls, DPP_SRC1_TYPE[name], typ[len(base):])
    return operand


def scalar_src1(operands):
    """The printed operands of a probe with src1 (v2, v2.l, v[2:3]) replaced by an SGPR."""
    import re
    return re.sub(r"(?<![\w\[])v(2(\.[lh])?|\[2:3\])(?![\w:])", lambda m: "s[2:3]" if m.group(0).startswith("v[") else "s2",
                  operands, count=1)


# Where a DPP text's lane control starts: a control, or llvm's note in its place (gfx90a's DP
# ALU forms print one for any control but row_newbcast, gfx900 one for row_newbcast).
DPP_CONTROL_START = re.compile(r"\s+(quad_perm:|dpp8:|row_|wave_|/\*)")


def dpp_operands(text):
    """'v_add_f32_dpp v5, v1, v2 quad_perm:[..] ..' -> ('v_add_f32_dpp', ['v5', 'v1', 'v2'])"""
    mn = text.split()[0]
    rest = DPP_CONTROL_START.split(text[len(mn):], 1)[0]
    return mn, [o.strip() for o in rest.split(",") if o.strip()]


def by_operands(texts):
    """{text: [cpus]} of one probe with the texts that differ only in what follows the operands
    (the lane control or llvm's note there) merged: the first text stands for them."""
    out, first = {}, {}
    for text, cs in texts.items():
        mn, operands = dpp_operands(text)
        key = (mn, tuple(operands))
        t = first.setdefault(key, text)
        out.setdefault(t, []).extend(cs)
    return out


def reg_number(op):
    """'v5.l' -> 5; 'v[2:3]' -> 2; 'vcc_lo' -> None"""
    r = reg_tuple(op.split(".")[0])
    return r[0] if r else None


VOP3P_DPP_SOURCE = {"psrc": "pdpp_vgpr", "psrc_mods": "pdpp_vgpr_mods"}


def vop3p_dpp(cpus, entries, emit):
    """e64_dpp forms of the VOP3P instructions (v_fma_mix*, v_dot2_f32_*): the VOP3P entries with
    src0 (and src1 where llvm takes only a VGPR there) in VGPR-only classes, clamp in llvm's order
    before the DPP controls."""
    probes = []
    for entry in entries:
        fmt, mn, op, ops, cs, flags = entry
        if fmt + "_DPP16" not in FORMATS:
            continue  # VOP3P_NO_OPSEL (dot4, dot8, some WMMA): no DPP form
        fields = {"op": op, "vdst": 5, "src0": 1, "src1": 256 + 2, "src2": 256 + 3, "op_sel_hi": 7}
        probes += dpp_probes((fmt, mn, op, ops, {"cpus": ",".join(cs), "flags": flags}), fmt, fields, None)
    texts = probe_texts(probes, cpus)
    variants = [(p, text, cs) for p, t in zip(probes, texts) for text, cs in t.items()]
    # Does src1 take a scalar register or a constant? (gfx1150 and later for v_dot2_*; v_fma_mix*
    # takes only a VGPR there everywhere.)
    lines = []
    for p, text, cs in variants:
        ctrl = " dpp8:[0,1,2,3,4,5,6,7]" if p[1].endswith("_DPP8") else " quad_perm:[0,1,2,3]"
        lines += ["%s v5, v1, %s, v3%s" % (text.split()[0], src1, ctrl) for src1 in ("s2", "1.0")]
    answers = {cpu: iter(r[0] is not None for r in assemble(lines, cpu)) for cpu in cpus}
    # dpp_ctrl 0xC1 (quad_perm:[1,0,0,3]) read as a source is the constant -1: no valid control.
    src_ctrl = [p[1].endswith("_DPP16") and r is not None and "Invalid dpp_ctrl" in r[0] for (p, _, cs), r in zip(
        variants, disassemble([with_field(p[1], p[3], "dpp_ctrl", 0xC1) for p, _, _ in variants], cpus[0]))]
    for (((fmt, mn, op, ops, attrs), dfmt, mods, _, _), text, cs), ctrl_source in zip(variants, src_ctrl):
        by_answer = {}
        for cpu in cpus:
            sgpr, constant = next(answers[cpu]), next(answers[cpu])
            if sgpr != constant:
                raise RuntimeError("%s src1 on %s: scalar and constant answers differ" % (text, cpu))
            if cpu in cs:
                by_answer.setdefault(sgpr, []).append(cpu)
        for src1_scalar, group in sorted(by_answer.items()):
            operands = []
            for o in ops:
                field, cls = o.split(":")[:2]
                if field == "src0" or (field == "src1" and not src1_scalar):
                    o = o.replace(":%s:" % cls, ":%s:" % VOP3P_DPP_SOURCE[cls], 1)
                if o == "clamp:flag":
                    o = "clamp:vop_clamp"  # (rejected after a DPP control, as llvm does)
                operands.append(o)
            emit(dfmt, text.split()[0], op, operands + mods, group,
                 list(attrs["flags"]) + (["dpp_ctrl_source"] if ctrl_source else []))


def base_values(operands):
    """Field values that make an encoding decode besides op: a DPP8 form's src0 (its `fi`)."""
    return {"fi": 0xE9} if any(o[1] == "dpp8_fi" for o in operands) else {}


def gfx9_mix(cpus, packed, emit):
    """The VOP3P_MIX entries llvm's disassembler also decodes in gfx9's encoding (disasm_only)."""
    mix = [e for e in packed if e[0] == "VOP3P_MIX"]
    probes = [encode("VOP3P_MIX_GFX9", {"op": e[2], "vdst": 5, "src0": 256 + 1, "src1": 256 + 2,
                                        "src2": 256 + 3}) for e in mix]
    for e, r in zip(mix, disassemble(probes, cpus[0])):
        if r is not None and r[0].split()[0] == e[1]:
            fmt, mn, op, operands, cs = e[:5]
            flags = list(e[5]) if len(e) > 5 else []
            emit("VOP3P_MIX_GFX9", mn, op, operands, cs, flags + ["disasm_only"])


def inst_line(cpus, unit_of, fmt, mn, op, operands, cs, flags=()):
    """An `inst` line: @cpus where `cs` is not all of `cpus`, @flags, @unit."""
    attrs = []
    if set(cs) != set(cpus):
        attrs.append("@cpus=" + ",".join(c for c in cpus if c in cs))
    if flags:
        attrs.append("@flags=" + "|".join(flags))
    attrs.append("@unit=" + unit_of(mn, "valu"))
    return "inst %s %s 0x%x %s" % (fmt, mn, op, " ".join(operands + attrs))


def generate(cpus, unit_of):
    names = (["VOP3P", "VOP3P_MIX", "VOP3P_NO_OPSEL", "VOP3P_MIX_GFX9", "VOPD"] +
             [f + v for f in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD") for v in ("_DPP16", "_DPP8")] +
             [f + v for f in ("VOP3P", "VOP3P_MIX") for v in ("_DPP16", "_DPP8")])
    lines = []

    def emit(*entry):
        lines.append(inst_line(cpus, unit_of, *entry))

    packed = []  # the VOP3P entries, for their DPP forms
    vop3p(cpus, lambda *e: (packed.append(e), emit(*e)))
    vopd(cpus, emit)
    dpp(cpus, emit)
    dpp3(cpus, emit)
    vop3p_dpp(cpus, packed, emit)
    gfx9_mix(cpus, packed, emit)
    # Fields llvm ignores where unused (VOP3P's src2 in two-source instructions, VOP3 DPP's op_sel).
    ignored, kept = unused_fields(lines, cpus, base_values)
    if kept:
        raise RuntimeError("vext fields llvm keeps without an operand: %s" % kept)
    lines = format_lines(names, ignored) + [""] + lines
    # Old VOP3P names (v_dot4_i32_i8); gfx12's VOPD names are not gfx11 aliases.
    return lines + [""] + alias_lines(alias_probes(["VOP3P"]), lines, cpus)
