# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""gfx9's VOP3P encoding (bits 31:23 = 0x1a7, the VOP3 opcodes 0x380 and up): packed math
(v_pk_*, gfx90a's 64-bit v_pk_*_f32 pairs), v_mad_mix* / v_fma_mix*, v_dot*, and the MAI
instructions of gfx908+ (v_accvgpr_read/write_b32, v_mfma_*; v_accvgpr_mov_b32 is VOP1), swept
through the oracle.

The packed, mix and dot instructions are gfx11's VOP3P entries in gfx9's encoding: each opcode is
disassembled with distinct VGPRs and classified by gfx11_vext.emit_vop3p, which asks the assembler
what each source takes (with +vop3-literal, which shows how a literal would be typed: gfx9 VOP3P
takes none, the C++ refuses them).

MAI: the operand tuples come from the sweep's text (AGPR and VGPR spellings alike: which file an
operand names is the acc bits' and acc_cd's business, see VOP3P_MAI), the modifiers cbsz/abid/blgp
are the fields of the MAI layout.
"""
import re

import gfx11_formats
import gfx11_valu as v11
import gfx11_vext as vext
from gfx11_formats import FORMATS as GFX11_FORMATS, format_lines, unused_fields
from gfx11_scalar import split_operands
from oracle import alias_lines, group_by_text, width_type
import processors

ENCODING = [((31, 23), 0x1A7)]


def gfx9(name):
    bytes_, fixed, fields = GFX11_FORMATS[name]
    return (bytes_, ENCODING + [f for f in fixed if f[0] != (31, 23)], fields)


FORMATS = {name: gfx9(name) for name in ("VOP3P", "VOP3P_MIX", "VOP3P_NO_OPSEL")}
# v_accvgpr_read/write_b32: VOP3P words whose op_sel_hi bits the encoder sets and the decoder
# ignores, as clamp (bit 15), src1 and src2; the other modifier bits must be zero.
FORMATS["VOP3P_ACC"] = (8, ENCODING + [((60, 59), 0x3), ((14, 14), 0x1)], {
    "op": [(22, 16)], "vdst": [(7, 0)], "neg_hi": [(10, 8)], "op_sel": [(13, 11)],
    "clamp": [(15, 15)], "src0": [(40, 32)], "src1": [(49, 41)], "src2": [(58, 50)],
    "neg_lo": [(63, 61)]})
# MFMA: cbsz/abid/blgp modifiers, acc (bits 60:59: src0/src1 are AGPRs) and acc_cd (bit 15,
# gfx90a+: vdst and src2 are AGPRs; gfx908's are always AGPRs).
FORMATS["VOP3P_MAI"] = (8, ENCODING, {
    "op": [(22, 16)], "vdst": [(7, 0)], "cbsz": [(10, 8)], "abid": [(14, 11)], "acc_cd": [(15, 15)],
    "src0": [(40, 32)], "src1": [(49, 41)], "src2": [(58, 50)], "acc": [(60, 59)],
    "blgp": [(63, 61)]})
# gfx950's scaled MFMA: v_mfma_ld_scale_b32 (opcode 0x2c, its scale VGPRs and their op_sel/op_sel_hi)
# then an f8f6f4 MFMA with abid 1, which llvm reads as one 16-byte instruction. The first dword's
# other bits are `pad` and clamp, which the generator finds ignored.
FORMATS["VOP3PX2"] = (16, ENCODING + [((22, 16), 0x2C), ((95, 87), 0x1A7), ((78, 75), 0x1)], {
    "op": [(86, 80)], "vdst": [(71, 64)], "cbsz": [(74, 72)], "acc_cd": [(79, 79)],
    "src0": [(104, 96)], "src1": [(113, 105)], "src2": [(122, 114)], "acc": [(124, 123)],
    "blgp": [(127, 125)], "scale_src0": [(40, 32)], "scale_src1": [(49, 41)],
    "op_sel": [(13, 11)], "op_sel_hi": [(60, 59), (14, 14)], "clamp": [(15, 15)],
    "pad": [(10, 0), (58, 50), (63, 61)]})
gfx11_formats.DECODE_IGNORED["VOP3P_ACC"] = {(60, 59), (14, 14)}
VOP1 = GFX11_FORMATS["VOP1"]

VDST, SRC0, SRC1, SRC2 = 64, 16, 32, 48
MAI_PREFIXES = ("v_mfma_", "v_smfmac_", "v_accvgpr_")
_TUPLE_RE = re.compile(r"^[av](\d+)$|^[av]\[(\d+):(\d+)\]$")


def tuple_width(text):
    """'a[16:19]' -> 4, 'v48' -> 1 (AGPR and VGPR alike), else None."""
    m = _TUPLE_RE.match(text)
    if not m:
        return None
    return 1 if m.group(1) else int(m.group(3)) - int(m.group(2)) + 1


def mai_probe(op, **extra):
    """An MAI-layout probe: vdst 0 (v_mfma_ld_scale_b32 has none), the modifiers 0 (the f8f6f4
    MFMAs take no abid) unless `extra` sets them."""
    values = {"op": op, "vdst": 0, "src0": 256 + SRC0, "src1": 256 + SRC1, "src2": 256 + SRC2}
    values.update(extra)
    return gfx11_formats.encode("VOP3P_MAI", values, formats=FORMATS)


def sweep(cpus):
    make = lambda op: {"op": op, "vdst": VDST, "src0": 256 + SRC0, "src1": 256 + SRC1,
                       "src2": 256 + SRC2, "op_sel_hi": 7}
    res = v11.Sweep(cpus, FORMATS).run("VOP3P", list(range(128)), make)
    # The opcodes that probe does not decode as, probed in the MAI layout.
    from oracle import disassemble
    for cpu in cpus:
        ops = [op for op in range(128) if cpu not in res.get(op, {})]
        for op, r in zip(ops, disassemble([mai_probe(op) for op in ops], cpu)):
            if r is not None:
                res.setdefault(op, {})[cpu] = r[0]
    return res


def mai_traits(mai):
    """{(op, name): (formats, abid)} of the MFMAs: whether cbsz/blgp size src0/src1 (the f8f6f4
    MFMAs: a probe with both at 4, fp4, prints other widths) and whether the entry takes abid (a
    probe with abid 1 decodes)."""
    from oracle import disassemble
    out = {}
    for (op, name), (text, cs) in mai.items():
        if not name.startswith("v_mfma_") or len(split_operands(text)[1]) != 4:
            continue
        plain, fp4, abid = disassemble([mai_probe(op), mai_probe(op, cbsz=4, blgp=4),
                                        mai_probe(op, abid=1)], cs[0])
        widths = lambda r: [tuple_width(o.split()[0]) for o in split_operands(r[0])[1][1:3]]
        out[(op, name)] = (bool(plain and fp4 and widths(plain) != widths(fp4)), abid is not None)
    return out


def literal_accumulator_cpus(op, cs):
    """The cpus of `cs` whose disassembler reads a literal (255) in MFMA `op`'s accumulator
    (gfx950's; gfx90a's and gfx942's crash on it, which counts as no)."""
    from oracle import disassemble
    out = []
    for c in cs:
        try:
            r = disassemble([mai_probe(op, src2=255)], c)[0]
        except RuntimeError:
            r = None
        if r is not None:
            out.append(c)
    return out


def scaled_mfma(op, cs):
    """The scaled MFMA llvm reads from v_mfma_ld_scale_b32 and MFMA `op` (abid 1): its name, or
    None."""
    from oracle import disassemble
    probe = gfx11_formats.encode("VOP3PX2", {"op": op, "vdst": 0, "src0": 256 + SRC0,
                                             "src1": 256 + SRC1, "src2": 256 + SRC2,
                                             "scale_src0": 256 + 1, "scale_src1": 256 + 2},
                                 formats=FORMATS)
    names = {r[0].split()[0] if r and r[1] == 16 else None
             for r in (disassemble([probe], c)[0] for c in cs)}
    if len(names) != 1:
        raise RuntimeError("scaled MFMA 0x%x read differently by %s" % (op, cs))
    return names.pop()


def ld_scale_operands(name, text, cpu):
    """v_mfma_ld_scale_b32: two 32-bit sources and no result; its neg_lo/neg_hi bits llvm keeps
    but neither prints nor takes (checked here: `neg_lo:[1,0]` refused)."""
    from oracle import assemble
    mn, ops = split_operands(text)
    if len(ops) != 2 or assemble([name + " v1, v2 neg_lo:[1,0]"], cpu)[0][0] is not None:
        raise RuntimeError("unrecognised v_mfma_ld_scale_b32: " + text)
    return "VOP3P", ["src0:psrc:b32", "src1:psrc:b32", "op_sel:sel", "op_sel_hi:sel_ones",
                     "neg_lo:mai_kept", "neg_hi:mai_kept"]


def takes_neg(name, text, cpu):
    """Whether the MFMA's blgp bits are neg:[a,b,c] on `cpu` (gfx942's v_mfma_f64_*)."""
    from oracle import assemble
    return assemble([text.split(" abid:")[0] + " neg:[1,0,0]"], cpu)[0][0] is not None


def mai_operands(name, text, cpu, traits=(False, True)):
    """The MAI entry's operands from its printed text (abid:8 of the probe's op_sel_hi bit left
    out: the modifiers are the layout's); traits: mai_traits' (formats, abid) of an MFMA."""
    if name == "v_mfma_ld_scale_b32":
        return ld_scale_operands(name, text, cpu)
    mn, ops = split_operands(text)
    ops[-1] = ops[-1].split()[0]
    widths = [tuple_width(o) for o in ops]
    if None in widths:
        raise RuntimeError("unrecognised MAI operands: " + text)
    if name == "v_accvgpr_read_b32":
        return "VOP3P_ACC", ["vdst:pvdst:b32", "src0:mai_agpr:b32"]
    if name == "v_accvgpr_write_b32":
        return "VOP3P_ACC", ["vdst:mai_adst:b32", "src0:mai_write_src:b32"]
    dst, a, b, c = widths
    if name.startswith("v_smfmac_"):
        # Sparse: vdst is also the accumulator; src2 holds the index VGPR; no blgp (its bits must
        # be zero).
        if c != 1:
            raise RuntimeError("unrecognised v_smfmac_* index: " + text)
        return "VOP3P_MAI", ["vdst:mai_dst:%s" % width_type(dst), "src0:mai_ab:%s" % width_type(a),
                             "src1:mai_ab:%s" % width_type(b), "src2:mai_vgpr:b32",
                             "cbsz:mai_mod", "abid:mai_mod", "acc_cd:mai_hidden", "acc:mai_hidden"]
    formats, abid = traits
    # (an f8f6f4 MFMA's sources: the widest, which the sweep's formats 0 print)
    ab = "mai_ab_fmt" if formats else "mai_ab"
    return "VOP3P_MAI", (["vdst:mai_dst:%s" % width_type(dst), "src0:%s:%s" % (ab, width_type(a)),
                          "src1:%s:%s" % (ab, width_type(b)), "src2:mai_c:%s" % width_type(c),
                          "cbsz:mai_mod"] + (["abid:mai_mod"] if abid else []) +
                         ["blgp:mai_neg" if takes_neg(name, text, cpu) else "blgp:mai_mod",
                          "acc_cd:mai_hidden", "acc:mai_hidden"])


def scaled_operands(operands):
    """A scaled MFMA's operands: its MFMA's (`operands`, no abid: the 1 that marks the pair), then
    the scale VGPRs and their op_sel/op_sel_hi, before cbsz/blgp as llvm prints them."""
    at = operands.index("cbsz:mai_mod")
    return (operands[:at] + ["scale_src0:mai_vgpr:b32", "scale_src1:mai_vgpr:b32",
                             "op_sel:mai_scale_sel", "op_sel_hi:mai_scale_sel"] + operands[at:])


def dot_opsel_printed(lines, cpus):
    """v_dot* entries the assembler takes without op_sel (VOP3P_NO_OPSEL) whose op_sel and
    op_sel_hi bits llvm's disassembler decodes and prints (gfx950's v_dot2_f32_bf16): VOP3P
    entries with both, which dot_opsel_fixed then marks if the assembler refuses them."""
    from oracle import disassemble
    out = []
    for line in lines:
        w = line.split()
        if not (w[1] == "VOP3P_NO_OPSEL" and w[2].startswith("v_dot")):
            out.append(line)
            continue
        cs = next((a[len("@cpus="):].split(",") for a in w if a.startswith("@cpus=")), cpus)
        probe = gfx11_formats.encode("VOP3P", {
            "op": int(w[3], 0), "vdst": VDST, "src0": 256 + SRC0, "src1": 256 + SRC1,
            "src2": 256 + SRC2, "op_sel": 1, "op_sel_hi": 6}, formats=FORMATS)
        texts = [disassemble([probe], c)[0] for c in cs]
        printed = [c for c, t in zip(cs, texts) if t and "op_sel:[1" in t[0]]
        if printed and len(printed) != len(cs):
            raise RuntimeError("op_sel printed on some cpus only: " + line)
        if not printed:
            out.append(line)
            continue
        at = next(k for k, x in enumerate(w) if x.startswith("neg_lo:"))
        out.append(" ".join([w[0], "VOP3P"] + w[2:at] + ["op_sel:sel", "op_sel_hi:sel_ones"] +
                            w[at:]))
    return out


def dot_opsel_fixed(lines, cpus):
    """Splits the v_dot* entries with op_sel by the cpus whose assembler refuses op_sel (llvm's
    gfx940 rule: "invalid op_sel operand"); those get @flags=dot_opsel_fixed."""
    from oracle import assemble
    out = []
    for line in lines:
        w = line.split()
        if not (w[2].startswith("v_dot") and "op_sel:sel" in w):
            out.append(line)
            continue
        nsrc = sum(1 for x in w if x.startswith(("src0:", "src1:", "src2:")))
        probe = "%s v1, %s op_sel:[1%s]" % (w[2], ", ".join("v%d" % (k + 2) for k in range(nsrc)),
                                            ",0" * (nsrc - 1))
        cs = next((a[len("@cpus="):].split(",") for a in w if a.startswith("@cpus=")), cpus)
        fixed = [c for c in cs if (assemble([probe], c)[0][1] or "") == "invalid op_sel operand"]
        free = [c for c in cs if c not in fixed]
        if not fixed:
            out.append(line)
            continue
        base = [x for x in w if not x.startswith("@cpus=")]
        at = next(k for k, x in enumerate(base) if x.startswith("@"))
        for group, flags in ((free, []), (fixed, ["@flags=dot_opsel_fixed"])):
            if group:
                out.append(" ".join(base[:at] + ["@cpus=" + ",".join(group)] + flags + base[at:]))
    return out


def mai_aliases(mai, lines, cpus):
    """`alias OLD NEW` for the MFMA names llvm-mc takes on the cpus that lack them under their new
    name (gfx942's v_mfma_f32_4x4x1f32 is v_mfma_f32_4x4x1_16b_f32): each name's sweep text is
    assembled there; an alias when every such cpu accepts it as one name of the family. The old
    name keeps its own entries on its own cpus."""
    from oracle import assemble
    names = {l.split()[2] for l in lines if l.startswith("inst ")}
    out = []
    for (op, name), (text, cs) in sorted(mai.items()):
        others = [c for c in cpus if c not in cs and c in processors.cpus("gfx9", "Agprs")]
        # (the accumulator as the result: the sweep's may overlap it partly, which llvm refuses)
        mn, ops = split_operands(text)
        if not mn.startswith("v_mfma_") or len(ops) != 4:
            continue
        probe = "%s %s, %s, %s, %s %s" % (mn, ops[0], ops[1], ops[2], ops[0],
                                          " ".join(ops[3].split()[1:]))
        printed, takers = set(), []
        for c in others:
            t = assemble([probe], c)[0][0]
            if t is not None:
                printed.add(t.split()[0])
                takers.append(c)
        if len(printed) == 1 and min(printed) != name and min(printed) in names:
            out.append("alias %s %s" % (name, min(printed)))
            # gfx942 also reads gfx90a's bf16 MFMA names without their `_1k` (v_mfma_f32_16x16x4bf16
            # is v_mfma_f32_16x16x4_4b_bf16), even where the shorter name is gfx908's other
            # instruction: an alias on the cpus that take the _1k operands under it.
            if name.endswith("_1k"):
                short = name[:-len("_1k")]
                probe = probe.replace(name, short, 1)
                taken = [assemble([probe], c)[0][0] for c in takers]
                if all(t is not None and t.split()[0] == min(printed) for t in taken):
                    out.append("alias %s %s" % (short, min(printed)))
    # Other spellings llvm-mc takes for a name on the cpus that have it: the MFMA/SMFMAC names
    # without the '_' before their type (gfx950's v_mfma_f32_16x16x32f16), v_accvgpr_* without
    # _b32. An alias when every cpu of the name reads it as that name.
    for (op, name), (text, cs) in sorted(mai.items()):
        mn, ops = split_operands(text)
        for other in other_spellings(name):
            if other in names:
                continue
            probe = text.replace(mn, other, 1)
            if mn.startswith("v_mfma_") and len(ops) == 4:
                probe = "%s %s, %s, %s, %s %s" % (other, ops[0], ops[1], ops[2], ops[0],
                                                  " ".join(ops[3].split()[1:]))
            printed = {t.split()[0] if t else None for t in (assemble([probe], c)[0][0] for c in cs)}
            if printed == {name}:
                out.append("alias %s %s" % (other, name))
    return sorted(set(out))


def other_spellings(name):
    """Spellings of an MAI name to ask llvm-mc about (mai_aliases)."""
    out = []
    if name.startswith(("v_mfma_", "v_smfmac_")):
        # the type after the shape: v_mfma_f32_16x16x32_f16 -> v_mfma_f32_16x16x32f16
        m = re.match(r"^(v_s?mfmac?_[a-z0-9]+_\d+x\d+x\d+)_([a-z].*)$", name)
        if m:
            out.append(m.group(1) + m.group(2))
    if name.startswith("v_accvgpr_") and name.endswith("_b32"):
        out.append(name[:-4])
    return out


def generate(cpus, unit_of):
    lines, skipped = [], []

    def emit(*entry):
        lines.append(vext.inst_line(cpus, unit_of, *entry))

    res = sweep(cpus)
    # MAI texts differ per cpu in their register files only (gfx908: AGPR results): one entry per
    # name and opcode.
    mai = {}
    for op, text, cs in group_by_text(res):
        name = text.split()[0]
        if name.startswith(MAI_PREFIXES):
            mai.setdefault((op, name), (text, []))[1].extend(cs)
            continue
        vext.emit_vop3p(op, text, cs, [], emit, probe_mattr="+vop3-literal")
    lines[:] = dot_opsel_fixed(dot_opsel_printed(lines, cpus), cpus)
    traits = mai_traits(mai)
    scaled = []
    for (op, name), (text, cs) in sorted(mai.items()):
        try:
            fmt, operands = mai_operands(name, text, cs[0], traits.get((op, name), (False, True)))
        except RuntimeError as ex:
            skipped.append("# skipped VOP3P %s 0x%x: %s" % (name, op, ex))
            continue
        cs = sorted(cs, key=cpus.index)
        # The cpus whose disassembler also reads a literal accumulator get their own entry.
        lit = (literal_accumulator_cpus(op, cs)
               if any(o.startswith("src2:mai_c:") for o in operands) else [])
        with_lit = [o.replace(":mai_c:", ":mai_c_lit:") for o in operands]
        for group, ops in (([c for c in cs if c not in lit], operands), (lit, with_lit)):
            if group:
                emit(fmt, name, op, ops, group)
        operands = with_lit if lit == cs else operands
        if traits.get((op, name), (False, True)) == (True, False):
            scaled_name = scaled_mfma(op, cs)
            if scaled_name:
                scaled.append(("VOP3PX2", scaled_name, op, scaled_operands(operands), cs))
    for entry in scaled:
        emit(*entry)
    # v_accvgpr_mov_b32 (VOP1, gfx90a+): an AGPR from an AGPR.
    mov = v11.Sweep(cpus, {"VOP1": VOP1}).run("VOP1", [0x52], v11.vop1_probe)
    for op, text, cs in group_by_text(mov):
        if text.split()[0] == "v_accvgpr_mov_b32":
            emit("VOP1", "v_accvgpr_mov_b32", op, ["vdst:mai_adst:b32", "src0:mai_agpr:b32"], cs)
    names = ["VOP3P", "VOP3P_MIX", "VOP3P_NO_OPSEL", "VOP3P_ACC", "VOP3P_MAI", "VOP3PX2"]
    ignored, kept = unused_fields([l for l in lines if " VOP1 " not in l], cpus, formats=FORMATS)
    if kept:
        raise RuntimeError("VOP3P fields llvm keeps without an operand: %s" % kept)
    out = format_lines(names, ignored, FORMATS) + [""] + lines + skipped
    return out + [""] + alias_lines(v11.alias_probes(["VOP3P"]), lines, cpus, modes=(None,)) + \
        mai_aliases(mai, lines, cpus)
