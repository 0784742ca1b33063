# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Vector ALU formats of gfx9 (GCN5 / CDNA: gfx900 to gfx950): VOP1, VOP2, VOPC (e32) and VOP3 /
VOP3b (e64 forms and VOP3-only instructions), swept through the oracle with gfx11_valu's machinery
over gfx9's layouts.

What differs from gfx11:
- VOP3 words have bits 31:26 = 0x34 (0xd0..0xd3 in the top byte), not 0x35; the rest of the layout
  (op 25:16, clamp 15, op_sel 14:11, abs 10:8, vdst 7:0, src0/1/2, omod 60:59, neg 63:61) and
  VOP3b's sdst (14:8) are gfx11's. VOP1 (0x7e..), VOP2 (op 30:25) and VOPC (0x7c..) are gfx11's.
- VOP3 opcodes 0x380 and up are the VOP3P encoding (bits 31:23 = 0x1a7): not swept here.
- There is no true16: one mode, no @flags=true16/fake16.
- Waves are 64 lanes: lane masks are SGPR pairs (s[40:41], vcc), still type b1.
- VOP3 takes no literal on gfx9. The type of a VOP3 source (what 1.5 becomes) is asked of the
  assembler with -mattr=+vop3-literal, which makes llvm-mc encode the literal; the classes written
  are gfx11's (vsrc, vsrc_mod ...): the C++ must refuse literals in gfx9's VOP3 format itself.
- v_cmpx_* e64 name their SGPR-pair destination (gfx9 writes exec and sdst): vdst:vmask:b1.
- Aliases come from gfx8 and gfx9-gfx950 (gfx9's layouts) and gfx10-gfx12 (gfx11's), as in
  gfx11_valu.alias_probes, in the default mode only; the names of those that llvm-mc prints as
  written (gfx6's v_mul_lo_i32) become asm_only entries (oracle.asm_only_lines).

check_cpus() then assembles each instruction's probe spelling on every target and warns where
llvm-mc's assembler disagrees with the @cpus its disassembler gave."""
import sys

import gfx11_valu as v11
from gfx11_formats import FORMATS as GFX11_FORMATS, format_lines, unused_fields
from oracle import alias_lines, asm_only_lines, assemble, disassemble
import processors

FORMATS = {name: GFX11_FORMATS[name] for name in ("VOP1", "VOP2", "VOPC")}
FORMATS["VOP3"] = (8, [((31, 26), 0x34)], GFX11_FORMATS["VOP3"][2])
FORMATS["VOP3SD"] = (8, [((31, 26), 0x34)], GFX11_FORMATS["VOP3SD"][2])
# gfx950 VOP3 forms whose modifier bits hold other operands (llvm-mc-22's layouts, probed):
# v_bitop3_*'s 8-bit function is neg (its bits 2:0), abs (5:3) and omod (7:6); the permlane swaps'
# op_sel bits 0 and 1 are fi and bound_ctrl.
_VOP3_FIELDS = GFX11_FORMATS["VOP3"][2]
FORMATS["VOP3_BITOP3"] = (8, [((31, 26), 0x34)], dict(
    {f: r for f, r in _VOP3_FIELDS.items() if f not in ("neg", "abs", "omod")},
    bitop3=[(63, 61), (10, 8), (60, 59)]))
FORMATS["VOP3_FI_BOUND"] = (8, [((31, 26), 0x34)], dict(
    {f: r for f, r in _VOP3_FIELDS.items() if f != "op_sel"},
    op_sel=[(14, 13)], bound_ctrl=[(12, 12)], fi=[(11, 11)]))
NVOP3 = 0x380  # VOP3 opcodes below the VOP3P encoding (0xd38..: bits 31:23 = 0x1a7)
VOP3_LITERAL = "+vop3-literal"  # lets llvm-mc show how it types a VOP3 source's literal


def encode(fmt, values):
    from gfx11_formats import encode as _encode
    return _encode(fmt, values, FORMATS)


# (assembly, cpus or None for all, format, fields): the layouts the table must reproduce.
LAYOUT_CHECKS = [
    ("v_mov_b32_e32 v1, v2", None, "VOP1", {"op": 1, "vdst": 1, "src0": 258}),
    ("v_cvt_f64_i32_e32 v[4:5], s7", None, "VOP1", {"op": 4, "vdst": 4, "src0": 7}),
    ("v_add_f32_e32 v1, v2, v3", None, "VOP2", {"op": 1, "vdst": 1, "src0": 258, "vsrc1": 3}),
    ("v_add_co_u32_e32 v1, vcc, s2, v3", None, "VOP2", {"op": 0x19, "vdst": 1, "src0": 2, "vsrc1": 3}),
    ("v_cmp_eq_f32_e32 vcc, v1, v2", None, "VOPC", {"op": 0x42, "src0": 257, "vsrc1": 2}),
    ("v_cmpx_eq_f32_e32 vcc, v1, v2", None, "VOPC", {"op": 0x52, "src0": 257, "vsrc1": 2}),
    ("v_add_f32_e64 v1, -v2, |v3| clamp mul:2", None, "VOP3",
     {"op": 0x101, "vdst": 1, "src0": 258, "src1": 259, "neg": 1, "abs": 2, "clamp": 1, "omod": 1}),
    ("v_fma_f32 v1, v2, v3, -v4 div:2", None, "VOP3",
     {"op": 0x1cb, "vdst": 1, "src0": 258, "src1": 259, "src2": 260, "neg": 4, "omod": 3}),
    ("v_mad_u16 v1, v2, v3, v4 op_sel:[1,0,0,1]", None, "VOP3",
     {"op": 0x204, "vdst": 1, "src0": 258, "src1": 259, "src2": 260, "op_sel": 9}),
    ("v_cmp_eq_u16_e64 s[2:3], v1, s5", None, "VOP3", {"op": 0xaa, "vdst": 2, "src0": 257, "src1": 5}),
    ("v_add_co_u32_e64 v1, s[4:5], v2, v3", None, "VOP3SD",
     {"op": 0x119, "vdst": 1, "sdst": 4, "src0": 258, "src1": 259}),
    ("v_div_scale_f32 v1, vcc, v2, v3, v4", None, "VOP3SD",
     {"op": 0x1e0, "vdst": 1, "sdst": 106, "src0": 258, "src1": 259, "src2": 260}),
    ("v_mad_u64_u32 v[2:3], s[4:5], v1, v2, v[4:5]", None, "VOP3SD",
     {"op": 0x1e8, "vdst": 2, "sdst": 4, "src0": 257, "src1": 258, "src2": 260}),
    ("v_mov_b64_e32 v[0:1], v[2:3]", processors.cpus("gfx9", "Gfx940Insts"), "VOP1", {"op": 0x38, "vdst": 0, "src0": 258}),
]


def verify(cpus):
    """Assembles LAYOUT_CHECKS on their cpus; raises where llvm-mc encodes a line otherwise than the
    table does."""
    for cpu in cpus:
        checks = [c for c in LAYOUT_CHECKS if c[1] is None or cpu in c[1]]
        for (line, _, fmt, values), (text, got) in zip(checks, assemble([c[0] for c in checks], cpu)):
            want = encode(fmt, values)
            if text is None or got != want:
                raise RuntimeError("%s on %s: llvm-mc encodes %s, the %s table %s"
                                   % (line, cpu, got.hex() if text else got, fmt, want.hex()))


def is_e64(e):
    return e.fmt in ("VOP3", "VOP3SD")


def operand_strings(e):
    """gfx11_valu's, with wave64 lane masks: an SGPR-pair-only source (cndmask's and the carry-ins'
    src2) is a lane mask like gfx11's 32-bit one."""
    return [s.replace(":sreg:b64", ":vmask:b1") for s in v11.operand_strings(e)]


CONSTANT_BUS = ("violates constant bus restrictions", "only one unique literal operand is allowed")


def widen_for_constant_bus(e):
    """gfx9 reads at most one scalar value (SGPR, literal, implicit vcc) per instruction: a source
    whose SGPR or literal probe failed only on that rule (cndmask's and the carry-ins' vcc,
    div_fmas's vcc, madmk's K) takes them as a source (the C++ checks the bus)."""
    for i, (kinds, t) in list(e.types.items()):
        ans = e.answers.get(i, {})
        add = ""
        for k in "sl":
            r = ans.get(k)
            if k not in kinds and r and r[0] is None and any(m in r[1] for m in CONSTANT_BUS):
                add += k
        if add:
            e.types[i] = ("".join(k for k in "vsifl" if k in kinds + add), t)
            e.bus_widened = True


# Instructions whose operands the gfx11 classes do not describe: left out (see the report lines).
UNSUPPORTED = {}
# VOP3 forms with the 8-bit bitop3:N (format VOP3_BITOP3), written before op_sel.
BITOP3 = ("v_bitop3_b32", "v_bitop3_b16")
# VOP3 forms whose op_sel llvm-mc-22 neither prints nor accepts, but decodes with bits 0, 1 and 3
# set (kept, encoded back) and rejects with bit 2 (the absent src2's) set: the hidden op_sel class
# true16 uses (vop_opsel_hidden, which rejects that bit), and left out of the unused-field probes
# (whose all-ones patterns it rejects).
HIDDEN_OPSEL = ("v_cvt_pk_bf16_f32",)
# VOP3 forms whose op_sel bits 0 and 1 are fi:1 and bound_ctrl:1 (gfx950 permlane swaps; format
# VOP3_FI_BOUND), printed bound_ctrl first.
FI_BOUND_CTRL = ("v_permlane16_swap_b32_e64", "v_permlane32_swap_b32_e64")


def special_layout(e):
    """Moves the entries of BITOP3 and FI_BOUND_CTRL to their formats. Their modifier bits are no
    source's: not llvm's integer modifiers either."""
    fmt = "VOP3_BITOP3" if e.name in BITOP3 else "VOP3_FI_BOUND" if e.name in FI_BOUND_CTRL else None
    if fmt:
        e.fmt, e.hidden_mods = fmt, False
        for o in e.ops:
            o.neg_ok = o.abs_ok = False


def opsel_without_src2(e, mods):
    """op_sel of a two-source entry that takes all four bits (v_cvt_sr_fp8_f32: bits 2 and 3 pick
    the destination's byte; v_cvt_scalef32_pk_fp4_f16: its half) is vop_opsel_byte: each entry its
    bit. (vop_opsel4 without src2 is v_fmac's, whose third entry repeats the destination's.)"""
    if "op_sel:vop_opsel4" in mods and not any(o.field == "src2" for o in e.ops) \
            and 2 in e.opsel_map:
        mods[mods.index("op_sel:vop_opsel4")] = "op_sel:vop_opsel_byte"
    return mods


def vgpr_with_mods(entries):
    """VGPR sources with neg/abs where llvm-mc-22 also takes inline constants, which it cannot
    encode there (v_cvt_scalef32_sr_pk_fp4_f32's src0 pair: `1` is shown as `1/*Invalid
    immediate*/` and encoded as s1; tests/llvm_bugs_test.cpp): typed VGPR-only, and returned as
    {entry name: their operand indices} when -|v| assembles there (vgpr_mod)."""
    lines, where = [], []
    for e in entries:
        for i, (kinds, t) in e.types.items():
            if kinds in ("vif", "vifl"):  # (the literal probe, too, shows an invalid immediate)
                e.types[i] = ("v", t)
                back = [reg_text_for(e, j) for j in range(len(e.ops))]
                back[i] = "-|%s|" % v11.reg_text("v", e.ops[i].dwords)
                lines.append((e.cpus[0], e.name + " " + ", ".join(back)))
                where.append((e.name, i))
    out = {}
    for (name, i), (cpu, line) in zip(where, lines):
        if assemble([line], cpu)[0][0] is not None:
            out.setdefault(name, set()).add(i)
    return out


def hidden_src2_mods(entries):
    """VOP3 entries without a src2 operand whose neg and abs bit 2 llvm-mc-22 decodes and encodes
    back, printing nothing (v_cvt_sr_fp8_f32: its hidden src2 is the destination, read back for
    the bytes op_sel leaves): names, for a vop_src2_mods operand."""
    cands = [e for e in entries if e.fmt == "VOP3" and e.ops and not any(o.field == "src2" for o in e.ops)]
    out = set()
    for cpu in sorted({e.cpus[0] for e in cands}):
        group = [e for e in cands if e.cpus[0] == cpu]
        for mod in ("neg", "abs"):
            probes = [encode("VOP3", v11.vop3_probe(e.op, **{mod: 4})) for e in group]
            for e, r in zip(group, disassemble(probes, cpu, with_encoding=True)):
                back = r and int.from_bytes(r[2][:8].ljust(8, b"\0"), "little")
                shift = {"neg": 63, "abs": 10}[mod]
                if r and r[0].split()[0] == e.name and back >> shift & 1:
                    out.add(e.name)
    return out


def mark_packed(entries, cpu, mattr):
    """16-bit float sources that hold a pair (v_dot2c_f32_f16, v_pk_fmac_f16): the assembler keeps
    a 32-bit literal there whole (a 16-bit source's is refused or cut to 16 bits)."""
    lines, where = [], []
    for e in entries:
        for i, (kinds, t) in e.types.items():
            if t in ("f16", "bf16"):
                back = [reg_text_for(e, j) for j in range(len(e.ops))]
                back[i] = "0x12345678"
                lines.append(e.name + " " + ", ".join(back))
                where.append((e, i))
    size = {True: 8, False: 4}
    for (e, i), (text, data) in zip(where, assemble(lines, cpu, mattr)):
        n = size[is_e64(e)]
        if text is not None and data[n:n + 4] == (0x12345678).to_bytes(4, "little"):
            kinds, t = e.types[i]
            e.types[i] = (kinds, "v2" + t)


def reg_text_for(e, j):
    """Operand j of entry e as a plain probe value: its register, an SGPR where it takes no VGPR."""
    o = e.ops[j]
    if o.kind == "k":
        return "1.5"
    if o.kind == "vcc":
        return "vcc"
    kinds = e.types.get(j, ("v", None))[0]
    if o.kind in ("v", "s") and "v" not in kinds and "s" in kinds:
        return v11.reg_text("s", o.dwords)
    return v11.strip_mods(o.text)[0]


def float64_by_bus(e):
    """64-bit sources whose 1.5 probe failed on the constant bus (v_div_fmas_f64's vcc): a float
    where the VOP3 form gives them neg."""
    for i, (kinds, t) in list(e.types.items()):
        r = e.answers.get(i, {}).get("f")
        if t == "b64" and r and r[0] is None and any(m in r[1] for m in CONSTANT_BUS) \
                and getattr(e.ops[i], "neg_ok", False):
            e.types[i] = (kinds, "f64")


def spelling(e):
    """A line the assembler should take for entry e (its probe with plain operands)."""
    ops = [o for o in e.ops]
    texts = []
    for o in ops:
        if o.kind == "vcc":
            texts.append("vcc")
        elif o.kind == "k":
            texts.append("0x1234")
        else:
            texts.append(v11.strip_mods(o.text)[0])
    return (e.name + " " + ", ".join(texts)).strip()


def check_cpus(entries, cpus):
    """Warns (stderr) where llvm-mc's assembler disagrees with the cpus its disassembler gave: an
    entry is taken on a cpu when one of its spellings (the sweep's texts, classify()'s probes, its
    operands plainly) assembles there printed with its mnemonic (v_mul_legacy_f32 is VOP2 on some
    targets, VOP3-only on others: the unsuffixed name is taken on both)."""
    lines = sorted({l for e in entries for l in e.spellings + [spelling(e)]})
    diffs = []
    for cpu in cpus:
        took = {l: t is not None and t.split()[0] for l, (t, _) in zip(lines, assemble(lines, cpu))}
        for e in entries:
            acc = any(took[l] == e.name for l in e.spellings + [spelling(e)])
            if acc != (cpu in e.cpus):
                diffs.append((e.name, cpu, acc))
    for name, cpu, acc in diffs:  # (mnemonic, cpu, accepted there)
        print("gfx9_valu: %s %s on %s" % (name, "accepted" if acc else "refused", cpu), file=sys.stderr)
    return diffs


def generate(cpus, unit_of):
    verify(cpus)
    sw = v11.Sweep(cpus, FORMATS)
    final = v11.sweep_mode(sw, None, None, nvop3=NVOP3)
    # Classified on the first cpu that has them; VOP3 sources with literals enabled (their type).
    groups = {}
    for e in final:
        groups.setdefault((is_e64(e), e.cpus[0]), []).append(e)
    for (e64, cpu), group in groups.items():
        # (no true16: classify() types a 16-bit float source as fake16 does, f16 / bf16)
        for e in group:
            e.flags = "fake16"
        v11.classify(group, cpu, VOP3_LITERAL if e64 else None)
        for e in group:
            e.flags = None
        mark_packed(group, cpu, VOP3_LITERAL if e64 else None)
    e64 = {e.name: e for e in final if is_e64(e)}
    v11.float_sources(final, lambda e: e64.get(e.name.replace("_e32", "_e64")) if not is_e64(e) else e)
    no_lit = v11.no_lit_src0(final, cpus[0], FORMATS)
    e32_names = v11.e32_suffixed(final)
    insts, kept_entries, skipped = [], [], []
    fmt_order = {"VOP1": 0, "VOP2": 1, "VOPC": 2, "VOP3": 3, "VOP3SD": 3, "VOP3_BITOP3": 3, "VOP3_FI_BOUND": 3}
    for e in final:
        float64_by_bus(e)
        widen_for_constant_bus(e)
    mod_vgprs = vgpr_with_mods(final)  # (after the widening: madmk's src0 takes SGPRs)
    src2_mods = hidden_src2_mods(final)
    for e in sorted(final, key=lambda e: (fmt_order[e.fmt], e.op, tuple(cpus.index(c) for c in e.cpus))):
        try:
            if e.name in UNSUPPORTED:
                raise RuntimeError(UNSUPPORTED[e.name])
            special_layout(e)
            operands = operand_strings(e)
            for i in mod_vgprs.get(e.name, ()):
                operands[i] = operands[i].replace(":vgpr:", ":vgpr_mod:")
            operands += ["bitop3:vop_bitop3"] if e.name in BITOP3 else []
            operands += opsel_without_src2(e, v11.modifier_strings(e))
            if e.name in HIDDEN_OPSEL:
                operands.append("op_sel:vop_opsel_hidden")
            if e.name in FI_BOUND_CTRL:
                operands += ["bound_ctrl:dpp_bound", "fi:dpp_fi"]
            if e.name in src2_mods:
                operands.append("src2:vop_src2_mods")
        except (RuntimeError, KeyError) as ex:
            insts.append("# skipped %s %s 0x%x: %s" % (e.fmt, e.name, e.op, ex))
            skipped.append(e)
            continue
        kept_entries.append(e)
        attrs = []
        if set(e.cpus) != set(cpus):
            attrs.append("@cpus=" + ",".join(c for c in cpus if c in e.cpus))
        lds = e.lds_src0 and any(s.startswith(("src0:vgpr:", "src0:vssrc")) for s in operands)
        flags = [f for f in ("hidden_mods" if e.hidden_mods else None, "lds_src0" if lds else None,
                             "no_lit_src0" if (e.fmt, e.op, e.name) in no_lit else None,
                             "e32_suffix" if e.name in e32_names else None) if f]
        if flags:
            attrs.append("@flags=" + "|".join(flags))
        attrs.append("@unit=" + unit_of(e.name, "trans" if e.name.startswith(v11.TRANS) else "valu"))
        insts.append("inst %s %s 0x%x %s" % (e.fmt, e.name, e.op, " ".join(operands + attrs)))
    names = ["VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD", "VOP3_BITOP3", "VOP3_FI_BOUND"]
    ignored, kept = unused_fields([l for l in insts if not any(" %s " % n in l for n in HIDDEN_OPSEL)],
                                  cpus, formats=FORMATS)
    if kept:
        # Fields llvm decodes, prints nothing for and encodes back (v_cvt_pk_bf16_f32's op_sel):
        # hidden operands, 0 when assembled.
        print("gfx9_valu: fields llvm keeps without an operand: %s" % sorted(kept.items()), file=sys.stderr)
        for k, line in enumerate(insts):
            w = line.split()
            if w and w[0] == "inst" and (w[1], w[2]) in kept:
                at = next(j for j, x in enumerate(w) if x.startswith("@"))
                w[at:at] = ["%s:mhidden" % f for f in sorted(kept[(w[1], w[2])])]
                insts[k] = " ".join(w)
    out = format_lines(names, ignored, FORMATS) + [""] + insts
    check_cpus(kept_entries, cpus)
    probes = v11.alias_probes(["VOP1", "VOP2", "VOPC", "VOP3"])
    return (out + asm_only_lines(probes, insts, cpus) + [""] +
            alias_lines(probes, insts, cpus, modes=(None,)))
