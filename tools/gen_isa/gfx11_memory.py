# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Memory formats of gfx11: DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF and MIMG, swept through the oracle.

Every opcode is disassembled with distinct register numbers in each field and with each subset
of the optional fields set (the decoder rejects an encoding that sets a field the instruction does
not have), so the longest text an opcode decodes to names all its operands, and the number each
register shows tells its field."""
import itertools
import re

from gfx11_formats import encode, format_lines, unused_fields
from gfx11_scalar import split_operands
from oracle import alias_lines, assemble, disassemble, word_bytes
from oracle import width_type

_VREG_RE = re.compile(r"^v(\d+)$|^v\[(\d+):(\d+)\]$")
_SREG_RE = re.compile(r"^(s|ttmp)(\d+)$|^(s|ttmp)\[(\d+):(\d+)\]$")


def vreg_info(op):
    """'v[40:41]' -> (40, 2); 'v7' -> (7, 1); other -> None"""
    m = _VREG_RE.match(op)
    if not m:
        return None
    if m.group(1) is not None:
        return int(m.group(1)), 1
    return int(m.group(2)), int(m.group(3)) - int(m.group(2)) + 1


def sreg_info(op):
    m = _SREG_RE.match(op)
    if not m:
        return None
    if m.group(2) is not None:
        return int(m.group(2)), 1
    return int(m.group(4)), int(m.group(5)) - int(m.group(4)) + 1


class Sweep:
    """Disassembles probes on every cpu and keeps, per key, the longest text each cpu decodes."""

    # What a subclass for another architecture replaces: its encoder and which texts count.
    encode = staticmethod(encode)
    keep = staticmethod(lambda text: True)

    def __init__(self, cpus):
        self.cpus = cpus

    def longest(self, fmt, keyed_values, **encode_args):
        """keyed_values: [(key, {field: value})]; encode_args go to self.encode.
        Returns {key: {cpu: text}}."""
        probes = [self.encode(fmt, v, **encode_args) for _, v in keyed_values]
        res = {}
        for cpu in self.cpus:
            for (key, _), r in zip(keyed_values, disassemble(probes, cpu)):
                if r is None or not self.keep(r[0]):
                    continue
                best = res.setdefault(key, {}).get(cpu)
                if best is None or len(r[0]) > len(best):
                    res[key][cpu] = r[0]
        return res


def group_cpus(per_cpu):
    """{cpu: text} -> [(text, [cpus])]"""
    groups = {}
    for cpu, text in per_cpu.items():
        groups.setdefault(text, []).append(cpu)
    return list(groups.items())


# --- DS -------------------------------------------------------------------------------------------
DS_REGS = {"vaddr": 10, "data0": 20, "data1": 30, "vdst": 40}


def ds_probes(gds):
    out = []
    for op in range(256):
        for mask in itertools.product([0, 1], repeat=5):
            v = {"op": op, "gds": gds}
            for (field, num), on in zip(DS_REGS.items(), mask):
                if on:
                    v[field] = num
            if mask[4]:
                v["offset0"], v["offset1"] = 0x12, 0x34
            out.append(((op, gds), v))
    return out


def ds_operands(text, with_gds, gds_only):
    mn, ops = split_operands(text)
    field_of = {num: f for f, num in DS_REGS.items()}
    out = []
    mods = []
    for o in ops:
        words = o.split()
        pos = words[0]
        if pos != "gds" and not pos.startswith("offset"):
            num, dw = vreg_info(pos)
            out.append("%s:vgpr_tuple:%s" % (field_of[num], width_type(dw)))
        mods += words[1:] if pos != "gds" and not pos.startswith("offset") else words
    for m in mods:
        if m.startswith("offset:swizzle("):
            out.append("offset:ds_swizzle")
        elif m.startswith("offset:"):
            out.append("offset:mem_offset_u16")
        elif m.startswith("offset0:"):
            out.append("offset0:mem_offset_u8")
        elif m.startswith("offset1:"):
            out.append("offset1:mem_offset_u8")
    if gds_only:
        out.append("gds:required_flag")
    elif with_gds:
        out.append("gds:mem_flag")
    return mn, out


def generate_ds(sweep, emit):
    plain = sweep.longest("DS", ds_probes(0))
    gds = sweep.longest("DS", ds_probes(1))
    for op in range(256):
        texts = plain.get((op, 0)) or gds.get((op, 1))
        if not texts:
            continue
        for text, cs in group_cpus(texts):
            gds_only = (op, 0) not in plain
            mn, operands = ds_operands(text, (op, 1) in gds, gds_only)
            emit("DS", op, mn, operands, cs, "ds")


# --- FLAT / GLOBAL / SCRATCH ----------------------------------------------------------------------
FLAT_REGS = {"vaddr": 10, "vdata": 20, "vdst": 40}
SADDR_PROBE = 4
# (format, saddr values to try): FLAT has no saddr; null (0x7c) is `off`.
FLAT_VARIANTS = [("FLAT", [None]), ("GLOBAL", [0x7C, SADDR_PROBE]), ("SCRATCH", [0x7C, SADDR_PROBE]),
                 ("SCRATCH_SVE", [0x7C, SADDR_PROBE])]


def flat_probes(fmt, saddrs, more_bits=()):
    """Field values to sweep: every opcode and saddr, glc (and the `more_bits` fields) off and on,
    each data/address register present or not."""
    out = []
    for op, saddr, glc, *more in itertools.product(range(128), saddrs, [0, 1],
                                                   *([[0, 1]] * len(more_bits))):
        for mask in itertools.product([0, 1], repeat=3):
            v = {"op": op, "glc": glc, **dict(zip(more_bits, more))}
            if saddr is not None:
                v["saddr"] = saddr
            for (field, num), on in zip(FLAT_REGS.items(), mask):
                if on:
                    v[field] = num
            out.append(((op, saddr, glc), v))
    return out


def positional_count(text):
    return len([o for o in split_operands(text)[1] if o.split()[0] not in ("glc", "slc", "dlc")
                and not o.startswith("offset")])


def flat_address_operands(fmt, positional):
    """The address and data operands of a FLAT/GLOBAL/SCRATCH line's positional operands, and
    its offset (gfx9_memory shares this; the cache bits differ)."""
    field_of = {num: f for f, num in FLAT_REGS.items()}
    out = []
    for k, o in enumerate(positional):
        if o == "off":
            out.append("%s:mem_off" % ("saddr" if k == len(positional) - 1 else "vaddr"))
        elif vreg_info(o):
            num, dw = vreg_info(o)
            out.append("%s:vgpr_tuple:%s" % (field_of[num], width_type(dw)))
        elif sreg_info(o) and sreg_info(o)[0] == SADDR_PROBE:
            out.append("saddr:flat_saddr:%s" % width_type(sreg_info(o)[1]))
        else:
            raise RuntimeError("unrecognised %s operand %r" % (fmt, o))
    out.append("offset:mem_offset_u12" if fmt == "FLAT" else "offset:mem_offset_s13")
    return out


def flat_operands(fmt, text, glc):
    """glc: None (not accepted), 'flag' or 'required'."""
    mn, ops = split_operands(text)
    positional = [o.split()[0] for o in ops if not o.startswith(("offset", "glc", "slc", "dlc"))]
    out = flat_address_operands(fmt, positional)
    if glc:
        out.append("glc:required_flag" if glc == "required" else "glc:mem_flag")
    out += ["slc:mem_flag", "dlc:mem_flag"]
    return mn, out


def generate_flat(sweep, emit):
    for fmt, saddrs in FLAT_VARIANTS:
        res = sweep.longest(fmt, flat_probes(fmt, saddrs))
        for op, saddr in itertools.product(range(128), saddrs):
            t0, t1 = res.get((op, saddr, 0), {}), res.get((op, saddr, 1), {})
            # Group cpus by the (no-glc text, glc text) pair they decode.
            groups = {}
            for cpu in set(t0) | set(t1):
                groups.setdefault((t0.get(cpu), t1.get(cpu)), []).append(cpu)
            for (a, b), cs in groups.items():
                if a and b and positional_count(a) == positional_count(b):
                    emit(fmt, op, *flat_operands(fmt, a, "flag"), cs, "vmem")
                    continue
                if a:
                    emit(fmt, op, *flat_operands(fmt, a, None), cs, "vmem")
                if b:
                    emit(fmt, op, *flat_operands(fmt, b, "required"), cs, "vmem")


# --- MUBUF / MTBUF --------------------------------------------------------------------------------
BUF_REGS = {"vaddr": 10, "vdata": 20}
# The address forms: which VGPRs the address takes and the bits that select them, printed in
# llvm's order (idxen before offen).
BUF_ADDRESS_FORMS = [["vaddr:mem_off"],
                     ["vaddr:vgpr_tuple:b32", "offen:required_flag"],
                     ["vaddr:vgpr_tuple:b32", "idxen:required_flag"],
                     ["vaddr:vgpr_tuple:b64", "idxen:required_flag", "offen:required_flag"]]


def buf_probes(fmt, nops):
    out = []
    for op, tfe in itertools.product(range(nops), [0, 1]):
        out.append(((op, tfe), {"op": op, "tfe": tfe}))  # no operands at all (buffer_gl*_inv)
        for mask in itertools.product([0, 1], repeat=2):
            v = {"op": op, "tfe": tfe, "srsrc": 2, "soffset": 3, "offen": 1}
            if fmt == "MTBUF":
                v["format"] = 22
            for (field, num), on in zip(BUF_REGS.items(), mask):
                if on:
                    v[field] = num
            out.append(((op, tfe), v))
    return out


def buf_operands(fmt, text):
    """The entries of one buffer opcode: [(mnemonic, operands)] per address form; None if the text
    has no operands."""
    mn, ops = split_operands(text)
    if not ops:
        return mn, None
    vdata = vreg_info(ops[0])
    assert vdata[0] == BUF_REGS["vdata"], text
    head = ["vdata:vgpr_tuple:%s" % width_type(vdata[1])]
    tail = ["srsrc:srsrc:b128", "soffset:buf_soffset:b32"]
    if fmt == "MTBUF":
        tail.append("format:mtbuf_format")
    return mn, [head + form[:1] + tail + form[1:] + ["offset:mem_offset_u16", "glc:mem_flag", "slc:mem_flag", "dlc:mem_flag"]
                for form in BUF_ADDRESS_FORMS]


def tfe_accepted(mn, text, cpu):
    """The decoder shows tfe on stores too; the assembler takes it only where it means something
    (the other forms are the disassembler's only)."""
    return assemble([text], cpu)[0][0] is not None


def generate_buf(sweep, emit):
    for fmt, nops in [("MUBUF", 128), ("MTBUF", 16)]:
        res = sweep.longest(fmt, buf_probes(fmt, nops))
        for op in range(nops):
            plain, tfe = res.get((op, 0), {}), res.get((op, 1), {})
            for text, cs in group_cpus(plain):
                mn, forms = buf_operands(fmt, text)
                if forms is None:
                    emit(fmt, op, mn, [], cs, "vmem")
                    continue
                for form in forms:
                    emit(fmt, op, mn, form, cs, "vmem")
                tfe_text = tfe.get(cs[0])
                if tfe_text and "tfe" in tfe_text:
                    _, wide = buf_operands(fmt, tfe_text)
                    only = [] if tfe_accepted(mn, tfe_text, cs[0]) else ["@flags=disasm_only"]
                    for form in wide:
                        emit(fmt, op, mn, form + ["tfe:required_flag"], cs, "vmem", only)


# --- MIMG -----------------------------------------------------------------------------------------
MIMG_REGS = {"vaddr": 10, "vdata": 20}
# Modifiers in llvm's print order after dmask and dim; each one an instruction takes is found by
# assembling the instruction's plain text with it.
MIMG_FLAGS = ["unorm", "glc", "slc", "dlc", "r128", "a16", "tfe", "lwe", "d16"]
NSA_EXTRAS = ["vaddr1:mimg_nsa_extra", "vaddr2:mimg_nsa_extra", "vaddr3:mimg_nsa_extra",
              "vaddr4:mimg_nsa_extra"]


def mimg_probes():
    out = []
    for op in range(256):
        for vdata, ssamp in itertools.product([0, 20], [0, 4]):
            v = {"op": op, "srsrc": 2, "dmask": 1, "vaddr": 10, "vdata": vdata}
            if ssamp:
                v["ssamp"] = ssamp
            out.append((op, v))
    return out


def vgpr_text(first, dwords):
    return "v%d" % first if dwords == 1 else "v[%d:%d]" % (first, first + dwords - 1)


def resize_first(text, dwords):
    """'image_load v20, ...' -> 'image_load v[20:21], ...': the data operand resized."""
    mn, ops = split_operands(text)
    ops[0] = vgpr_text(vreg_info(ops[0])[0], dwords)
    return mn + " " + ", ".join(ops)


def with_address(text, address):
    mn, ops = split_operands(text)
    ops[1] = address
    return mn + " " + ", ".join(ops)


def resize_address(text, dwords):
    return with_address(text, vgpr_text(vreg_info(split_operands(text)[1][1])[0], dwords))


def mimg_flags(text, cpu):
    """The data operand grows by one with tfe and halves with d16; the address shrinks with a16
    (by how much depends on the opcode: each smaller width is tried)."""
    dwords = vreg_info(split_operands(text)[1][0])[1]
    addr = vreg_info(split_operands(text)[1][1])[1]
    resized = {"tfe": dwords + 1, "d16": (dwords + 1) // 2}
    lines, owner = [], []
    for f in MIMG_FLAGS:
        line = resize_first(text, resized.get(f, dwords))
        for a in range(1, addr + 1) if f == "a16" else [addr]:
            lines.append(resize_address(line, a) + " " + f)
            owner.append(f)
    ok = {f for f, (t, _) in zip(owner, assemble(lines, cpu)) if t is not None}
    return [f for f in MIMG_FLAGS if f in ok]


MIMG_DIMS = ["1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"]
# Address lists probed, as the widths of their elements: 2 to 5 VGPRs, or four and a tuple (the
# partial NSA form, whose last element holds the remaining addresses).
NSA_SHAPES = [[1] * n for n in range(2, 6)] + [[1, 1, 1, 1, w] for w in range(2, 13)]


def size_ranges(sizes):
    """[1, 2, 3, 4, 8] -> '1-4,8'"""
    out = []
    for n in sorted(sizes):
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return ",".join("%d" % a if a == b else "%d-%d" % (a, b) for a, b in out)


def address_sizes(text, cpu, a16):
    """The address sizes llvm-mc has the opcode for: (register widths, address list sizes). llvm
    has one instruction per address register class (and list length) and picks it by the registers
    written before it checks the size against dim and a16, so a size it has either assembles or
    fails that check with some dim. The sizes do not follow from the dims: image_sample has a
    4-dword form (llvm's class for 3 dwords brings 4 along), which only 2D_MSAA_ARRAY needs, and
    image_gather4_b none of the 5 dwords 2D_MSAA_ARRAY needs."""
    lines, keys = [], []
    for dim, flag in itertools.product(MIMG_DIMS, [""] + ([" a16"] if a16 else [])):
        line = re.sub(r"dim:\S+", "dim:SQ_RSRC_IMG_" + dim, text) + flag
        for w in range(1, 17):
            lines.append(with_address(line, vgpr_text(10, w)))
            keys.append(("plain", w))
        for shape in NSA_SHAPES:
            elems = [vgpr_text(30 + i, 1) for i in range(len(shape) - 1)] + [vgpr_text(40, shape[-1])]
            lines.append(with_address(line, "[" + ", ".join(elems) + "]"))
            keys.append(("nsa", sum(shape)))
    sizes = {"plain": set(), "nsa": set()}
    for (kind, n), (out, err) in zip(keys, assemble(lines, cpu)):
        if out is not None or err == "image address size does not match dim and a16":
            sizes[kind].add(n)
    return sizes["plain"], sizes["nsa"]


def mimg_entries(text, cpu):
    mn, ops = split_operands(text)
    if "msaa" in mn:  # takes only the MSAA dims: probe the flags with one
        text = text.replace("v10,", "v[10:12],").replace("dim:SQ_RSRC_IMG_1D", "dim:SQ_RSRC_IMG_2D_MSAA")
    if assemble([text], cpu)[0][0] is None:  # the decoder's data width needs more dmask bits (cmpswap)
        text = text.replace("dmask:0x1", "dmask:0x%x" % ((1 << vreg_info(ops[0])[1]) - 1))
    vdata = vreg_info(ops[0])
    # The type is the widest data without tfe: four channels, or two dwords per 32-bit atomic.
    data = "vdata:mimg_vdata:%s" % (width_type(2 * vdata[1]) if "atomic" in mn else "b128")
    regs = ["srsrc:srsrc:b256"] + (["ssamp:srsrc:b128"] if len([o for o in ops if o.startswith("s[")]) > 1 else [])
    flags = mimg_flags(text, cpu)
    mods = ["dmask:dmask", "dim:dim"] + ["%s:mem_flag" % f for f in flags]
    plain, nsa = address_sizes(text, cpu, "a16" in flags)
    out = [("MIMG", [data, "vaddr:mimg_vaddr"] + regs + mods, plain)]
    if nsa:
        out.append(("MIMG_NSA", [data, "vaddr:mimg_nsa_vaddr"] + regs + mods + NSA_EXTRAS, nsa))
    return mn, [(fmt, operands, ["@vaddr=" + size_ranges(sizes)]) for fmt, operands, sizes in out]


def bvh_entries(mn):
    """The ray-tracing instructions: fixed data, a 4-dword descriptor and a16 as their only
    modifier; the address is 11 dwords (12 for bvh64), 8 (9) with a16."""
    wide = 1 if mn.startswith("image_bvh64") else 0
    out = []
    for a16 in (False, True):
        size = (8 if a16 else 11) + wide
        mods = ["a16:required_flag"] if a16 else []  # the address width tells a16
        out.append(("MIMG_BVH", ["vdata:vgpr_tuple:b128", "vaddr:mimg_vaddr:%s" % width_type(size),
                                 "srsrc:srsrc:b128"] + mods))
        out.append(("MIMG_BVH_NSA", ["vdata:vgpr_tuple:b128", "vaddr:mimg_nsa_vaddr", "srsrc:srsrc:b128"]
                    + mods + NSA_EXTRAS))
    return out


def generate_mimg(sweep, emit):
    res = sweep.longest("MIMG", mimg_probes())
    bvh = sweep.longest("MIMG_BVH", [(op, {"op": op, "srsrc": 1, "vaddr": 10, "vdata": 20})
                                     for op in range(256)])
    for op in range(256):
        for text, cs in group_cpus(res.get(op, {})):
            mn, entries = mimg_entries(text, cs[0])
            for fmt, operands, attrs in entries:
                emit(fmt, op, mn, operands, cs, "vmem", attrs)
        for text, cs in group_cpus(bvh.get(op, {}) if op not in res else {}):
            mn = split_operands(text)[0]
            for fmt, operands in bvh_entries(mn):
                emit(fmt, op, mn, operands, cs, "vmem")


# --- old mnemonics --------------------------------------------------------------------------------
# Targets whose memory mnemonics are candidates for gfx11 aliases (ds_write_b32, buffer_load_dword).
ALIAS_SOURCE_CPUS = ["gfx900", "gfx1030", "gfx1200"]
# (format, opcodes, field values): probes that decode to the common operand shapes there.
ALIAS_PROBES = [
    ("DS", 256, {"vaddr": 1, "data0": 2}), ("DS", 256, {"vaddr": 1, "vdst": 3}),
    ("DS", 256, {"data0": 2}), ("DS", 256, {"vdst": 3}),  # no address (addtid): it must be 0
    ("DS", 256, {"vaddr": 1, "data0": 2, "vdst": 3}), ("DS", 256, {"vaddr": 1, "data0": 2, "data1": 4}),
    ("DS", 256, {"vaddr": 1, "data0": 2, "data1": 4, "vdst": 3}),
    ("MUBUF", 128, {"srsrc": 1, "soffset": 1, "vdata": 2}), ("MTBUF", 16, {"srsrc": 1, "soffset": 1, "vdata": 2}),
    ("FLAT", 128, {"vaddr": 2, "vdata": 4}), ("FLAT", 128, {"vaddr": 2, "vdst": 6}),
    ("FLAT", 128, {"vaddr": 2, "vdata": 4, "vdst": 6}),
    ("GLOBAL", 128, {"vaddr": 2, "vdata": 4, "saddr": 0x7C}), ("GLOBAL", 128, {"vaddr": 2, "vdst": 6, "saddr": 0x7C}),
    ("GLOBAL", 128, {"vaddr": 2, "vdata": 4, "vdst": 6, "saddr": 0x7C}),
    ("SCRATCH_SVE", 128, {"vaddr": 2, "vdata": 4, "saddr": 0x7C}),
    ("SCRATCH_SVE", 128, {"vaddr": 2, "vdst": 6, "saddr": 0x7C}),
]


def gfx10_flat_probes():
    """FLAT/SCRATCH/GLOBAL words in gfx10's layout (seg in bits 15:14, null saddr 0x7d), whose
    old names (global_load_dword ...) the gfx11 layout does not decode to."""
    out = []
    for seg, op, (data, vdst) in itertools.product(range(3), range(128), [(4, 6), (4, 0), (0, 6)]):
        out.append(word_bytes(0x37 << 26 | op << 18 | seg << 14, 2 | data << 8 | 0x7D << 16 | vdst << 24))
    return out


def alias_probes():
    """[(cpu, probes)]: the memory opcode spaces of the targets whose mnemonics may be gfx11 aliases."""
    batches = [(cpu, [encode(fmt, dict(values, op=op)) for op in range(nops)])
               for cpu in ALIAS_SOURCE_CPUS for fmt, nops, values in ALIAS_PROBES]
    return batches + [("gfx1030", gfx10_flat_probes())]


def base_values(operands):
    """The fields of an encoding a memory instruction decodes from: its required flags set, a
    saddr that may be off (null)."""
    values = {}
    for o in operands:
        if o[1] == "required_flag":
            values[o[0]] = 1
        elif o[1] == "mem_off" and o[0] == "saddr":
            values[o[0]] = 0x7C
    return values


def generate(cpus, unit_of):
    sweep = Sweep(cpus)
    lines = []

    def emit(fmt, op, mn, operands, cpu_set, unit, extra_attrs=()):
        attrs = list(extra_attrs)
        if set(cpu_set) != set(cpus):
            attrs.append("@cpus=" + ",".join(c for c in cpus if c in cpu_set))
        attrs.append("@unit=" + unit_of(mn, unit))
        lines.append("inst %s %s 0x%x %s" % (fmt, mn, op, " ".join(operands + attrs)))

    generate_ds(sweep, emit)
    generate_flat(sweep, emit)
    generate_buf(sweep, emit)
    generate_mimg(sweep, emit)
    names = ["DS", "FLAT", "GLOBAL", "SCRATCH", "SCRATCH_SVE", "MUBUF", "MTBUF", "MIMG", "MIMG_NSA",
             "MIMG_BVH", "MIMG_BVH_NSA"]
    ignored, kept = unused_fields(lines, cpus, base_values)
    if kept:
        raise RuntimeError("memory fields llvm keeps without an operand: %s" % kept)
    lines = format_lines(names, ignored) + [""] + lines
    return lines + [""] + alias_lines(alias_probes(), lines, cpus)
