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


def sweep(cpus):
    make = lambda op: {"op": op, "vdst": VDST, "src0": 256 + SRC0, "src1": 256 + SRC1,
                       "src2": 256 + SRC2, "op_sel_hi": 7}
    return v11.Sweep(cpus, FORMATS).run("VOP3P", list(range(128)), make)


def takes_neg(name, text, cpu):
    """Whether the MFMA's blgp bits are neg:[a,b,c] on `cpu` (gfx942's v_mfma_f64_*)."""
    from oracle import assemble
    return assemble([text.split(" abid:")[0] + " neg:[1,0,0]"], cpu)[0][0] is not None


def mai_operands(name, text, cpu):
    """The MAI entry's operands from its printed text (abid:8 of the probe's op_sel_hi bit left
    out: the modifiers are the layout's)."""
    mn, ops = split_operands(text)
    ops[-1] = ops[-1].split()[0]
    widths = [tuple_width(o) for o in ops]
    if None in widths:
        raise RuntimeError("unrecognised MAI operands: " + text)
    if name == "v_accvgpr_read_b32":
        return "VOP3P_ACC", ["vdst:pvdst:b32", "src0:mai_agpr:b32"]
    if name == "v_accvgpr_write_b32":
        return "VOP3P_ACC", ["vdst:mai_adst:b32", "src0:mai_write_src:b32"]
    if name.startswith("v_smfmac_"):
        raise RuntimeError("v_smfmac_* (sparse index operand) not supported yet")
    dst, a, b, c = widths
    return "VOP3P_MAI", ["vdst:mai_dst:%s" % width_type(dst), "src0:mai_ab:%s" % width_type(a),
                         "src1:mai_ab:%s" % width_type(b), "src2:mai_c:%s" % width_type(c),
                         "cbsz:mai_mod", "abid:mai_mod",
                         "blgp:mai_neg" if takes_neg(name, text, cpu) else "blgp:mai_mod",
                         "acc_cd:mai_hidden",
                         "acc:mai_hidden"]


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
        others = [c for c in cpus if c not in cs and c in ("gfx908", "gfx90a", "gfx942", "gfx950")]
        # (the accumulator as the result: the sweep's may overlap it partly, which llvm refuses)
        mn, ops = split_operands(text)
        if not mn.startswith("v_mfma_") or len(ops) != 4:
            continue
        probe = "%s %s, %s, %s, %s %s" % (mn, ops[0], ops[1], ops[2], ops[0],
                                          " ".join(ops[3].split()[1:]))
        printed = set()
        for c in others:
            t = assemble([probe], c)[0][0]
            if t is not None:
                printed.add(t.split()[0])
        if len(printed) == 1 and min(printed) != name and min(printed) in names:
            out.append("alias %s %s" % (name, min(printed)))
    return sorted(set(out))


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
    for (op, name), (text, cs) in sorted(mai.items()):
        try:
            fmt, operands = mai_operands(name, text, cs[0])
        except RuntimeError as ex:
            skipped.append("# skipped VOP3P %s 0x%x: %s" % (name, op, ex))
            continue
        emit(fmt, name, op, operands, sorted(cs, key=cpus.index))
    # v_accvgpr_mov_b32 (VOP1, gfx90a+): an AGPR from an AGPR.
    mov = v11.Sweep(cpus, {"VOP1": VOP1}).run("VOP1", [0x52], v11.vop1_probe)
    for op, text, cs in group_by_text(mov):
        if text.split()[0] == "v_accvgpr_mov_b32":
            emit("VOP1", "v_accvgpr_mov_b32", op, ["vdst:mai_adst:b32", "src0:mai_agpr:b32"], cs)
    names = ["VOP3P", "VOP3P_MIX", "VOP3P_NO_OPSEL", "VOP3P_ACC", "VOP3P_MAI"]
    ignored, kept = unused_fields([l for l in lines if " VOP1 " not in l], cpus, formats=FORMATS)
    if kept:
        raise RuntimeError("VOP3P fields llvm keeps without an operand: %s" % kept)
    out = format_lines(names, ignored, FORMATS) + [""] + lines + skipped
    return out + [""] + alias_lines(v11.alias_probes(["VOP3P"]), lines, cpus, modes=(None,)) + \
        mai_aliases(mai, lines, cpus)
