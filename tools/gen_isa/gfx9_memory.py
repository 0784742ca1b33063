# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Memory formats of gfx9 (GCN5 / CDNA: gfx900 to gfx950): DS, FLAT/GLOBAL/SCRATCH, MUBUF and
MTBUF, swept through the oracle (llvm-mc-22) with gfx11_memory's machinery over gfx9's layouts,
written to isa/gfx9/memory.isa. MIMG is not covered yet.

Layouts (checked by verify() with -show-encoding on every target):
    DS     op 24:17, gds 16, offset 15:0 (offset0 7:0, offset1 15:8), acc 25 (gfx90a+)
    FLAT   op 24:18, seg 15:14 (0 flat, 1 scratch, 2 global), lds 13 (gfx942/gfx950 scratch:
           sve), offset 12:0, glc 16, slc 17, scc/sc1 25 (gfx90a+), acc 55 (gfx90a+), saddr 54:48
           (0x7f: off; FLAT itself: 0)
    MUBUF  op 24:18, offset 11:0, offen 12, idxen 13, glc 14, scc/sc1 15 (gfx90a+), lds 16,
           slc 17, tfe 55 (gfx900-gfx90c but gfx90a) / acc 55 (gfx90a+)
    MTBUF  op 18:15, dfmt 22:19 + nfmt 25:23 (`format`), offset 11:0, offen 12, idxen 13, glc 14,
           scc/sc1 53 (gfx90a+), slc 54, tfe 55 / acc 55 (gfx90a+)

The sweep probes with the cache bits' gfx11 names (fields glc, slc, dlc); the entries are written
with each processor's own (finish_line): gfx942/gfx950 print sc0, nt and sc1, gfx90a scc for the
third bit. The acc bit makes the data registers AGPRs (a5, a[4:7]): acc_forms() probes each entry
with it set (av_tuple operands and an acc operand of the class that says how). SCRATCH_SVE
(gfx942/gfx950): bit 13 says a VGPR address is present."""
import itertools
import re

from gfx11_formats import encode as _encode, format_lines
from gfx11_memory import flat_probes as v11_flat_probes
from gfx11_memory import (BUF_ADDRESS_FORMS, BUF_REGS, SADDR_PROBE, Sweep, ds_operands, ds_probes,
                          flat_address_operands, group_cpus, sreg_info, vreg_info)
from gfx11_scalar import split_operands
from oracle import assemble, disassemble, width_type
import processors

_F = 0x37 << 26
FORMATS = {
    "DS": (8, [((31, 26), 0x36)], {"op": [(24, 17)], "offset": [(15, 0)], "offset0": [(7, 0)],
                                    "offset1": [(15, 8)], "gds": [(16, 16)], "vaddr": [(39, 32)],
                                    "data0": [(47, 40)], "data1": [(55, 48)], "vdst": [(63, 56)]}),
}
_FLAT_FIELDS = {"op": [(24, 18)], "offset": [(12, 0)], "glc": [(16, 16)], "slc": [(17, 17)],
                "dlc": [(25, 25)], "vaddr": [(39, 32)], "vdata": [(47, 40)], "saddr": [(54, 48)],
                "vdst": [(63, 56)]}
for _name, _seg, _bit13 in [("FLAT", 0, 0), ("SCRATCH", 1, 0), ("SCRATCH_LDS", 1, 1), ("SCRATCH_SVE", 1, 1),
                            ("GLOBAL", 2, 0), ("GLOBAL_LDS", 2, 1)]:
    _fixed = [((31, 26), 0x37), ((15, 14), _seg), ((13, 13), _bit13)]
    _fields = dict(_FLAT_FIELDS)
    if _name == "FLAT":
        _fixed.append(((54, 48), 0))
        del _fields["saddr"]
    FORMATS[_name] = (8, _fixed, _fields)
_BUF_FIELDS = {"op": [(24, 18)], "offset": [(11, 0)], "offen": [(12, 12)], "idxen": [(13, 13)],
               "glc": [(14, 14)], "dlc": [(15, 15)], "slc": [(17, 17)], "vaddr": [(39, 32)],
               "vdata": [(47, 40)], "srsrc": [(52, 48)], "tfe": [(55, 55)], "soffset": [(63, 56)]}
FORMATS["MUBUF"] = (8, [((31, 26), 0x38), ((16, 16), 0)], _BUF_FIELDS)
FORMATS["MUBUF_LDS"] = (8, [((31, 26), 0x38), ((16, 16), 1)], _BUF_FIELDS)
FORMATS["MTBUF"] = (8, [((31, 26), 0x3A)], {
    "op": [(18, 15)], "offset": [(11, 0)], "offen": [(12, 12)], "idxen": [(13, 13)], "glc": [(14, 14)],
    "format": [(25, 19)], "vaddr": [(39, 32)], "vdata": [(47, 40)], "srsrc": [(52, 48)],
    "dlc": [(53, 53)], "slc": [(54, 54)], "tfe": [(55, 55)], "soffset": [(63, 56)]})
# The acc bit of each format: the data registers are AGPRs (MUBUF/MTBUF: tfe before gfx90a).
ACC_BIT = {"DS": 25, "FLAT": 55, "SCRATCH": 55, "SCRATCH_LDS": 55, "SCRATCH_SVE": 55, "GLOBAL": 55,
           "GLOBAL_LDS": 55, "MUBUF": 55, "MUBUF_LDS": 55, "MTBUF": 55}
for _name, _bit in ACC_BIT.items():
    FORMATS[_name][2]["acc"] = [(_bit, _bit)]
FORMAT_NAMES = ["DS", "FLAT", "GLOBAL", "GLOBAL_LDS", "SCRATCH", "SCRATCH_LDS", "SCRATCH_SVE", "MUBUF",
                "MUBUF_LDS", "MTBUF"]
GFX940 = tuple(processors.cpus("gfx9", "Gfx940Insts"))  # the sc0/nt/sc1 spellings
SADDR_OFF = 0x7F  # gfx9 has no null register for saddr: `off` is 0x7f
CACHE_BITS = {"glc": "glc", "sc0": "glc", "slc": "slc", "nt": "slc", "scc": "dlc", "sc1": "dlc"}


def encode(fmt, values, acc=False):
    return _encode(fmt, dict(values, acc=1) if acc else values, FORMATS)


# (assembly, cpus or None for all, format, fields, acc): what the table must encode each as.
LAYOUT_CHECKS = [
    ("ds_add_u32 v1, v2 offset:65535 gds", "gfx900", "DS", {"op": 0, "vaddr": 1, "data0": 2, "offset": 0xFFFF, "gds": 1}, 0),
    ("ds_write2_b32 v1, v2, v3 offset0:4 offset1:8", None, "DS",
     {"op": 0xE, "vaddr": 1, "data0": 2, "data1": 3, "offset0": 4, "offset1": 8}, 0),
    ("ds_read_b32 a5, v1 offset:4", "gfx90a", "DS", {"op": 0x36, "vaddr": 1, "vdst": 5, "offset": 4}, 1),
    ("flat_load_dword v1, v[2:3] offset:4095 glc slc", "gfx900", "FLAT",
     {"op": 0x14, "vaddr": 2, "vdst": 1, "offset": 4095, "glc": 1, "slc": 1}, 0),
    ("flat_load_dword v1, v[2:3] glc slc scc", "gfx90a", "FLAT", {"op": 0x14, "vaddr": 2, "vdst": 1, "glc": 1, "slc": 1, "dlc": 1}, 0),
    ("flat_load_dword v1, v[2:3] sc0 sc1 nt", "gfx942", "FLAT", {"op": 0x14, "vaddr": 2, "vdst": 1, "glc": 1, "slc": 1, "dlc": 1}, 0),
    ("flat_load_dword a1, v[2:3]", "gfx90a", "FLAT", {"op": 0x14, "vaddr": 2, "vdst": 1}, 1),
    ("global_load_dword v1, v[2:3], off offset:-4096", None, "GLOBAL",
     {"op": 0x14, "vaddr": 2, "vdst": 1, "saddr": SADDR_OFF, "offset": 0x1000}, 0),
    ("global_load_dword v1, v2, s[4:5] offset:4095", None, "GLOBAL", {"op": 0x14, "vaddr": 2, "vdst": 1, "saddr": 4, "offset": 4095}, 0),
    ("scratch_load_dword v1, v2, off offset:-4096", "gfx900", "SCRATCH",
     {"op": 0x14, "vaddr": 2, "vdst": 1, "saddr": SADDR_OFF, "offset": 0x1000}, 0),
    ("scratch_load_dword v1, v2, off offset:-4096", "gfx942", "SCRATCH_SVE",
     {"op": 0x14, "vaddr": 2, "vdst": 1, "saddr": SADDR_OFF, "offset": 0x1000}, 0),
    ("scratch_load_dword v1, off, s4", None, "SCRATCH", {"op": 0x14, "vdst": 1, "saddr": 4}, 0),
    ("buffer_load_dword v1, v2, s[4:7], s8 offen offset:4095 glc slc", None, "MUBUF",
     {"op": 0x14, "vaddr": 2, "vdata": 1, "srsrc": 1, "soffset": 8, "offen": 1, "offset": 4095, "glc": 1, "slc": 1}, 0),
    ("buffer_load_dword v1, v[2:3], s[4:7], s8 idxen offen", None, "MUBUF",
     {"op": 0x14, "vaddr": 2, "vdata": 1, "srsrc": 1, "soffset": 8, "offen": 1, "idxen": 1}, 0),
    ("buffer_load_dword v1, off, s[4:7], s8 scc", "gfx90a", "MUBUF", {"op": 0x14, "vdata": 1, "srsrc": 1, "soffset": 8, "dlc": 1}, 0),
    ("buffer_load_dword v1, off, s[4:7], s8 sc0 sc1 nt", "gfx942", "MUBUF",
     {"op": 0x14, "vdata": 1, "srsrc": 1, "soffset": 8, "glc": 1, "dlc": 1, "slc": 1}, 0),
    ("buffer_load_dword v[1:2], off, s[4:7], s8 tfe", "gfx900", "MUBUF", {"op": 0x14, "vdata": 1, "srsrc": 1, "soffset": 8, "tfe": 1}, 0),
    ("buffer_load_dword a1, off, s[4:7], s8", "gfx90a", "MUBUF", {"op": 0x14, "vdata": 1, "srsrc": 1, "soffset": 8}, 1),
    ("buffer_load_dword off, s[4:7], s8 lds", None, "MUBUF_LDS", {"op": 0x14, "srsrc": 1, "soffset": 8}, 0),
    ("tbuffer_load_format_x v1, v2, s[4:7], s8 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] idxen offset:4095 glc slc",
     "gfx900", "MTBUF", {"op": 0, "vaddr": 2, "vdata": 1, "srsrc": 1, "soffset": 8, "idxen": 1, "offset": 4095,
                         "glc": 1, "slc": 1, "format": 4 | 7 << 4}, 0),
    ("tbuffer_load_format_x v1, off, s[4:7], 0 scc", "gfx90a", "MTBUF", {"op": 0, "vdata": 1, "srsrc": 1, "soffset": 0x80, "dlc": 1, "format": 1}, 0),
    ("tbuffer_load_format_x a1, off, s[4:7], 0", "gfx942", "MTBUF", {"op": 0, "vdata": 1, "srsrc": 1, "soffset": 0x80, "format": 1}, 1),
]


def verify(cpus):
    for line, only, fmt, values, acc in LAYOUT_CHECKS:
        for cpu in [only] if only else cpus:
            spelled = line.replace(" glc slc", " sc0 nt") if cpu in GFX940 else line
            text, got = assemble([spelled], cpu)[0]
            want = encode(fmt, values, acc)
            if text is None or got != want:
                raise RuntimeError("%s on %s: llvm-mc encodes %s, the %s table %s"
                                   % (spelled, cpu, got.hex() if text else got, fmt, want.hex()))


def usable(text):
    """llvm prints registers it has no class for with an /*Invalid register*/ note (AGPRs where
    the target has none, odd tuples on gfx90a+): such decodings are not instructions of the target."""
    return "/*Invalid" not in text


class Gfx9Sweep(Sweep):
    """gfx11_memory.Sweep over gfx9's layouts (longest(..., acc=True) sets the acc bit), keeping
    only texts llvm does not mark invalid."""
    encode = staticmethod(encode)
    keep = staticmethod(usable)


# --- DS -------------------------------------------------------------------------------------------
def generate_ds(sweep, emit):
    plain = sweep.longest("DS", ds_probes(0))
    gds = sweep.longest("DS", ds_probes(1))
    for op in range(256):
        p, g = plain.get((op, 0), {}), gds.get((op, 1), {})
        groups = {}
        for cpu in sweep.cpus:
            if cpu in p or cpu in g:
                groups.setdefault((p.get(cpu), g.get(cpu)), []).append(cpu)
        for (a, b), cs in groups.items():
            # gfx90a gfx942 gfx950 have no gds (the assembler refuses it), but their decoder takes
            # the bit in the GWS instructions; elsewhere on them it is ignored (prints nothing).
            with_gds = b is not None and b.endswith(" gds")
            mn, operands = ds_operands(a or b, with_gds, a is None)
            emit("DS", op, mn, operands, cs, "ds", src=b if with_gds else a)


# --- FLAT / GLOBAL / SCRATCH ----------------------------------------------------------------------
FLAT_VARIANTS = [("FLAT", [None]), ("GLOBAL", [SADDR_OFF, SADDR_PROBE]), ("GLOBAL_LDS", [SADDR_OFF, SADDR_PROBE]),
                 ("SCRATCH", [SADDR_OFF, SADDR_PROBE]), ("SCRATCH_SVE", [SADDR_OFF, SADDR_PROBE])]
FLAG_WORDS = set(CACHE_BITS) | {"lds", "tfe", "gds", "offen", "idxen"}


def flat_probes(saddrs):
    return v11_flat_probes(None, saddrs, ("slc", "dlc"))


def positionals(text):
    return [o.split()[0] for o in split_operands(text)[1]
            if o.split()[0] not in FLAG_WORDS and not o.startswith(("offset", "format"))]


def cache_flags(text, glc):
    """The cache bits a text shows (glc slc dlc order, llvm's); glc as 'flag' or 'required'. With
    the LDS forms' `lds` where llvm prints it: after them, or before (buffer_store_lds_dword)."""
    order = text.replace(",", " ").split()
    words = set(order)
    out = []
    for name in ("glc", "slc", "dlc"):
        if any(CACHE_BITS[w] == name for w in words if w in CACHE_BITS) or (name == "glc" and glc):
            out.append("glc:required_flag" if name == "glc" and glc == "required" else name + ":mem_flag")
    if "lds" in words:
        before = any(w in CACHE_BITS for w in order[order.index("lds"):])
        out.insert(0 if before else len(out), "lds:required_flag")
    return out


def flat_operands(fmt, text, glc):
    mn, _ = split_operands(text)
    return mn, flat_address_operands(fmt, positionals(text)) + cache_flags(text, glc)


def flat_format(fmt, text):
    if fmt == "SCRATCH_SVE" and " lds" in text:
        return "SCRATCH_LDS"
    return fmt


def generate_flat(sweep, emit):
    for fmt, saddrs in FLAT_VARIANTS:
        probes = flat_probes(saddrs)
        res = sweep.longest(fmt, probes)
        for op, saddr in itertools.product(range(128), saddrs):
            t0, t1 = res.get((op, saddr, 0), {}), res.get((op, saddr, 1), {})
            groups = {}
            for cpu in sweep.cpus:
                if cpu in t0 or cpu in t1:
                    groups.setdefault((t0.get(cpu), t1.get(cpu)), []).append(cpu)
            for (a, b), cs in groups.items():
                note = []
                if a and b and len(positionals(a)) == len(positionals(b)):
                    f = flat_format(fmt, a)
                    emit(f, op, *flat_operands(f, a, "flag"), cs, "vmem", note, src=b)
                    continue
                if a:
                    f = flat_format(fmt, a)
                    emit(f, op, *flat_operands(f, a, None), cs, "vmem", note, src=a)
                if b:
                    f = flat_format(fmt, b)
                    emit(f, op, *flat_operands(f, b, "required"), cs, "vmem", note, src=b)


# --- MUBUF / MTBUF --------------------------------------------------------------------------------
SRSRC_PROBE, SOFFSET_PROBE = 2, 3  # s[8:11], s3
MTBUF_FORMAT_PROBE = 4 | 7 << 4   # BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_FLOAT


def buf_probes(fmt, nops):
    out = []
    for op, tfe in itertools.product(range(nops), [0, 1]):
        out.append(((op, tfe), {"op": op, "tfe": tfe}))  # no operands at all (buffer_wbinvl1)
    for op, tfe, glc, slc, dlc in itertools.product(range(nops), [0, 1], [0, 1], [0, 1], [0, 1]):
        for mask in itertools.product([0, 1], repeat=3):
            v = {"op": op, "tfe": tfe, "srsrc": SRSRC_PROBE, "soffset": SOFFSET_PROBE, "glc": glc,
                 "slc": slc, "dlc": dlc}
            if fmt == "MTBUF":
                v["format"] = MTBUF_FORMAT_PROBE
            if mask[0]:
                v["vdata"] = BUF_REGS["vdata"]
            if mask[1]:
                v["vaddr"], v["offen"] = BUF_REGS["vaddr"], 1
            if mask[2]:
                v["offset"] = 0x123
            out.append(((op, tfe), v))
    return out


def buf_operands(fmt, text):
    """[operand list] per address form of one buffer text ([[]] for no operands)."""
    mn, ops = split_operands(text)
    if not ops:
        return mn, [[]]
    head, tail, has_vaddr = [], [], False
    for o in positionals(text):
        if vreg_info(o) and vreg_info(o)[0] == BUF_REGS["vdata"]:
            head.append("vdata:vgpr_tuple:%s" % width_type(vreg_info(o)[1]))
        elif vreg_info(o) and vreg_info(o)[0] == BUF_REGS["vaddr"] or o == "off":
            has_vaddr = True
        elif sreg_info(o) == (4 * SRSRC_PROBE, 4):
            tail.append("srsrc:srsrc:b128")
        elif o == "s%d" % SOFFSET_PROBE:
            tail.append("soffset:buf_soffset:b32")
        else:
            raise RuntimeError("unrecognised %s operand %r in %s" % (fmt, o, text))
    if fmt == "MTBUF":
        tail.append("format:mtbuf_format")
    # (buffer_inv and buffer_wbl2 of gfx942/gfx950 take no offset: llvm's decoder ignores it)
    mods = (["offset:mem_offset_u16"] if "offset:" in text else []) + cache_flags(text, None)
    if not has_vaddr:
        return mn, [head + tail + mods]
    return mn, [head + form[:1] + tail + form[1:] + mods for form in BUF_ADDRESS_FORMS]


def generate_buf(sweep, emit):
    for fmt, nops in [("MUBUF", 128), ("MUBUF_LDS", 128), ("MTBUF", 16)]:
        probes = buf_probes(fmt, nops)
        res = sweep.longest(fmt, probes)
        for op in range(nops):
            plain, tfe = res.get((op, 0), {}), res.get((op, 1), {})
            note = []
            for text, cs in group_cpus(plain):
                if fmt == "MUBUF_LDS" and " lds" not in text:
                    continue
                mn, forms = buf_operands(fmt, text)
                for form in forms:
                    emit(fmt, op, mn, form, cs, "vmem", note, src=text)
                # tfe: per cpu, as the decoder shows it; the assembler takes it on loads only.
                tfe_groups = {}
                for cpu in cs:
                    t = tfe.get(cpu)
                    if t and " tfe" in t:
                        tfe_groups.setdefault(t, []).append(cpu)
                for t, tcs in tfe_groups.items():
                    _, wide = buf_operands(fmt, t)
                    only = [] if assemble([t], tcs[0])[0][0] is not None else ["@flags=disasm_only"]
                    for form in wide:
                        emit(fmt, op, mn, form + ["tfe:required_flag"], tcs, "vmem", only + note,
                             src=None if only else t)


def check_sources(sources, cpus):
    """Assembles each entry's decoded text on every cpu: warns (stderr) where the assembler refuses
    it on a cpu of the entry, takes it on another cpu, or encodes other bytes than it decodes from
    (bytes not compared: the probe's are gone; the text must at least reassemble to itself)."""
    import sys
    texts, by_mn = {}, {}
    for t, cs in sources:
        texts.setdefault(t, set()).update(cs)
        by_mn.setdefault(t.split()[0], set()).update(cs)
    lines = sorted(texts)
    for cpu in cpus:
        for line, (text, err) in zip(lines, assemble(lines, cpu)):
            want = cpu in texts[line]
            if want and text is None:
                print("gfx9_memory: %r refused on %s: %s" % (line, cpu, err), file=sys.stderr)
            elif want and text != line:
                print("gfx9_memory: %r reassembles as %r on %s" % (line, text, cpu), file=sys.stderr)
            elif cpu not in by_mn[line.split()[0]] and text is not None:
                print("gfx9_memory: %r accepted on %s too" % (line, cpu), file=sys.stderr)


def base_values(operands):
    values = {}
    for o in operands:
        if o[1] == "required_flag" and o[0] != "lds":  # (lds: a fixed bit of the format)
            values[o[0]] = 1
        elif o[1] == "mem_off" and o[0] == "saddr":
            values[o[0]] = SADDR_OFF
    return values


HEADER = [
    "# Cache bits: glc slc (gfx900-gfx90c), glc slc scc (gfx90a), sc0 nt sc1 (gfx942 gfx950): fields",
    "#   of the same bits. mem_kept / mem_ignored: bits llvm's decoder keeps / ignores but neither",
    "#   prints nor accepts (scc before gfx90a, gds on gfx90a+).",
    "# acc (DS 25, FLAT/MUBUF/MTBUF 55): the av_tuple data operands are AGPRs (a5, a[4:7]) when set;",
    "#   mem_acc: also assembled (gfx90a+), mem_acc_noasm: decoded only, mem_acc_invalid: decoded",
    "#   with llvm's note of a VGPR class (gfx900-gfx908)",
    "# Odd tuples decoded on gfx90a+ get llvm's note: AV_*_Align2 on data, VReg_*_Align2 on addresses;",
    "#   @flags=split_data: VReg_*_Align2 on VGPR data, none on AGPR data (llvm's VReg/AReg classes);",
    "#   @flags=unaligned_vaddr: none on the 64-bit address (MTBUF)",
    "# mem_flag_unenc: a cache bit llvm takes and prints but encodes as 0 (a set bit does not decode);",
    "#   mem_flag_vgpr: the same with AGPR data only",
    "# saddr `off` is 0x7f on gfx9 (no null register); the decoder prints 0x7d as `null`, which the",
    "#   assembler refuses. vgpr_tuple on gfx90a gfx942 gfx950: 64-bit and wider tuples must start at",
    "#   an even register",
    "# mtbuf_format: gfx9 format:[BUF_DATA_FORMAT_*,BUF_NUM_FORMAT_*] (dfmt 4 bits, nfmt 3 bits);",
    "#   default dfmt 1 / nfmt 0 is not printed",
    "# Offsets (same on all ten cpus): FLAT 0..4095 (the decoder also shows bit 12: offset:8191, which",
    "#   does not reassemble), GLOBAL/SCRATCH -4096..4095, DS 16 bits / offset0,offset1 8 bits each,",
    "#   MUBUF/MTBUF 12 bits: llvm-mc takes offset:4096..65535 and silently keeps the low 12 bits",
    "# gds: refused by the assembler on gfx90a gfx942 gfx950; their decoder ignores the bit except in",
    "#   ds_gws_* (printed, accepted). FLAT bit 25 on gfx900-gfx90c but gfx90a: not printed, kept",
    "# gfx90a: llvm-mc accepts scc on the f64 atomics but encodes it as 0; their decoder refuses it",
    "",
]


# The cache bits' names (llvm's printCPol): the tables' glc, slc and dlc fields are the same bits
# as sc0, nt and sc1 of gfx942/gfx950 and as gfx90a's scc; the bit other processors keep without
# a name is `scc` to their assembler too ("scc modifier is not supported on this GPU").
CACHE_NAMES = {c: ({"glc": "sc0", "slc": "nt", "dlc": "sc1"} if c in GFX940 else {"dlc": "scc"})
               for c in processors.cpus("gfx9", "Gfx90aInsts")}
OTHER_CACHE_NAMES = {"dlc": "scc"}
# The LDS forms' fixed bit, printed by llvm as a trailing `lds`: the field of that name.
LDS_BIT = {"GLOBAL_LDS": (13, 13), "SCRATCH_LDS": (13, 13), "MUBUF_LDS": (16, 16)}


def output_formats():
    """FORMATS with the fields the output names besides the probed ones: the cache bits' other
    names (of the same bits) and lds."""
    out = {}
    for name, (size, fixed, fields) in FORMATS.items():
        fields = dict(fields)
        for names in CACHE_NAMES.values():
            for field, alias in names.items():
                if field in fields:
                    fields[alias] = fields[field]
        if name in LDS_BIT:
            fields["lds"] = [LDS_BIT[name]]
        out[name] = (size, fixed, fields)
    return out


def cache_names(cpu_set, ops):
    names = {str(CACHE_NAMES.get(c, OTHER_CACHE_NAMES)) for c in cpu_set}
    if len(names) != 1 and any(o.split(":")[0] in CACHE_BITS for o in ops):
        raise RuntimeError("an entry of %s mixes cache bit spellings" % ",".join(cpu_set))
    return CACHE_NAMES.get(cpu_set[0], OTHER_CACHE_NAMES)


def finish_line(line, verdicts, ignored, cpus):
    """An entry as the build reads it: bits llvm decodes but neither prints nor accepts here as
    hidden operands (mem_kept: kept, mem_ignored: read as 0 where its format otherwise needs them
    0), lds as the operand llvm prints, cache bits by this entry's processors' names."""
    body, _, note = line.partition("  #")
    w = body.split()
    fmt = w[1]
    ops = [x for x in w[4:] if not x.startswith("@")]
    attrs = [x for x in w[4:] if x.startswith("@")]
    have = {o.split(":")[0] for o in ops}
    for f, v in sorted(verdicts.items()):
        if f not in have and v == "kept":
            ops.append(f + ":mem_kept")
        elif f not in have and v == "ignored" and f not in ignored.get(fmt, ()):
            ops.append(f + ":mem_ignored")
    cpu_set = next((a.split("=")[1].split(",") for a in attrs if a.startswith("@cpus=")), cpus)
    names = cache_names(cpu_set, ops)
    ops = [":".join([names.get(o.split(":")[0], o.split(":")[0])] + o.split(":")[1:]) for o in ops]
    notes = [n for n in ("#" + note).split("#")[1:] if n.strip()] if note else []
    out = " ".join(w[:4] + ops + attrs)
    return out + ("  " + " ".join("# " + n.strip() for n in notes) if notes else "")


def generate(cpus, unit_of):
    verify(cpus)
    sweep = Gfx9Sweep(cpus)
    lines = []

    sources = []
    line_sources = []  # per line, the text it was read from (or None)

    def emit(fmt, op, mn, operands, cpu_set, unit, extra=(), src=None):
        if src:
            sources.append((src, cpu_set))
        line_sources.append(src)
        attrs = [a for a in extra if not a.startswith("#")]
        notes = [a for a in extra if a.startswith("#")]
        if set(cpu_set) != set(cpus):
            attrs.append("@cpus=" + ",".join(c for c in cpus if c in cpu_set))
        attrs.append("@unit=" + unit_of(mn, unit))
        line = "inst %s %s 0x%x %s" % (fmt, mn, op, " ".join(operands + attrs))
        if notes:
            line += "  " + " ".join(notes)
        lines.append(line)

    generate_ds(sweep, emit)
    generate_flat(sweep, emit)
    generate_buf(sweep, emit)
    check_sources(sources, cpus)
    lines = flag_odd_tuples(lines, line_sources)
    lines = acc_forms(lines, cpus)
    lines = flag_split_data(lines)
    lines = flag_unaligned_vaddr(lines)
    lines = unencoded_cache_bits(lines)
    ignored, per_line = unused(lines, cpus)
    return finish(lines, ignored, per_line, cpus)


POSITIONAL_CLASSES = ("vgpr_tuple", "mem_off", "flat_saddr", "srsrc", "buf_soffset")


def acc_forms(lines, cpus):
    """The entries with what the acc bit does to them per processor, probed over an encoding each
    decodes from with the bit set: the data operands it turns into AGPRs become av_tuple, and the
    entry gets an acc operand: mem_acc (AGPRs the assembler takes too), mem_acc_noasm (decoded,
    not assembled: gfx900-gfx908's returning FLAT atomics) or mem_acc_invalid (printed with llvm's
    note of a VGPR class). Entries whose processors differ there are split."""
    probes = {}
    for i, line in enumerate(lines):
        w = line.split("#")[0].split()
        operands = [o.split(":") for o in w[4:] if not o.startswith("@")]
        values = dict(base_values(operands), op=int(w[3], 0))
        cs = next((a[6:].split(",") for a in w[4:] if a.startswith("@cpus=")), cpus)
        for cpu in cs:
            probes.setdefault(cpu, []).append((i, encode(w[1], values), encode(w[1], values, acc=True)))
    verdict = {}  # (line, cpu) -> (class, fields) or None
    for cpu, items in probes.items():
        plain = disassemble([p for _, p, _ in items], cpu)
        accs = disassemble([a for _, _, a in items], cpu)
        found = []
        for (i, _, _), r0, r1 in zip(items, plain, accs):
            verdict[(i, cpu)] = None
            if r0 is None or r1 is None:
                continue
            t1 = r1[0]
            ops = [o for o in lines[i].split("#")[0].split()[4:] if not o.startswith("@")]
            pos = [o.split(":")[0] for o in ops if o.split(":")[1] in POSITIONAL_CLASSES]
            printed = [o.split()[0] for o in split_operands(t1)[1]][:len(pos)]
            fields = tuple(f for f, o in zip(pos, printed) if re.match(r"a(\d|\[)", o))
            if fields:
                found.append((i, t1, fields))
        for (i, t1, fields), (text, _) in zip(found, assemble([t for _, t, _ in found], cpu)):
            cls = ("mem_acc_invalid" if "/*Invalid register, operand has 'V" in t1
                   else "mem_acc" if text is not None else "mem_acc_noasm")
            verdict[(i, cpu)] = (cls, fields)
    return split_acc_verdicts(lines, verdict, cpus)


def split_acc_verdicts(lines, verdict, cpus):
    """The lines with their acc verdicts ({(line, cpu): (class, data fields) or None}): an acc
    operand of that class, the fields' vgpr_tuple operands as av_tuple, split per verdict."""
    out = []
    for i, line in enumerate(lines):
        body, _, note = line.partition("  #")
        w = body.split()
        cs = next((a[6:].split(",") for a in w[4:] if a.startswith("@cpus=")), cpus)
        groups = {}
        for cpu in cs:
            groups.setdefault(verdict[(i, cpu)], []).append(cpu)
        for v, gcs in groups.items():
            ops = [o for o in w[4:] if not o.startswith("@")]
            attrs = [a for a in w[4:] if a.startswith("@") and not a.startswith("@cpus=")]
            if v:
                ops = [o.replace(":vgpr_tuple:", ":av_tuple:") if o.split(":")[0] in v[1] else o
                       for o in ops]
                ops.append("acc:" + v[0])
            if set(gcs) != set(cpus):
                attrs.insert(-1, "@cpus=" + ",".join(gcs))
            out.append(" ".join(w[:4] + ops + attrs))
    return out


ALIGNED_CPUS = tuple(processors.cpus("gfx9", "Gfx90aInsts"))  # VGPR tuples start at an even register


def _add_flag(line, flag):
    body, sep, note = line.partition("  #")
    if "@flags=" in body:
        body = body.replace("@flags=", "@flags=%s|" % flag)
    else:
        body = body.replace(" @", " @flags=%s @" % flag, 1)
    return body + sep + note


def _aligned_entry(line):
    """(words, operands as [field, class, ...], its first processor that aligns tuples or None)."""
    w = line.split("#")[0].split()
    cs = next((a[6:].split(",") for a in w[4:] if a.startswith("@cpus=")), ALIGNED_CPUS)
    return (w, [o.split(":") for o in w[4:] if not o.startswith("@")],
            next((c for c in cs if c in ALIGNED_CPUS), None))


def _probe_values(w, ops):
    """An entry's field values for a probe: its opcode and required bits, by field names."""
    return dict({CACHE_BITS.get(k, k): v for k, v in base_values(ops).items()}, op=int(w[3], 0))


_NOTE_RE = re.compile(r"/\*Invalid register, operand has '(\w+?)_\d+_Align2' register class\*/")


def flag_split_data(lines):
    """Marks `@flags=split_data` the entries whose AGPR-capable data operands are of llvm's VReg_* /
    AReg_* classes rather than AV_* (DS entries with several data registers, which must all be
    of one file): decoded with every tuple at an odd register, llvm notes the VGPR tuples as
    VReg_*_Align2 and the AGPR ones not at all. Probed with the acc bit clear and set."""
    import sys
    probes = {}
    for i, line in enumerate(lines):
        w, ops, cpu = _aligned_entry(line)
        if not cpu or not any(o[1] == "mem_acc" for o in ops):
            continue
        if not any(o[1] == "av_tuple" and int(re.sub(r"\D", "", o[2])) > 32 for o in ops):
            continue
        values = _probe_values(w, ops)
        for k, o in enumerate(ops):
            if o[1] in ("vgpr_tuple", "av_tuple"):  # odd data registers, even addresses
                values[o[0]] = 10 + 20 * k + (o[1] == "av_tuple")
        probes.setdefault(cpu, []).append((i, encode(w[1], values), encode(w[1], values, acc=True)))
    out = list(lines)
    for cpu, items in probes.items():
        plain = disassemble([p for _, p, _ in items], cpu)
        accs = disassemble([a for _, _, a in items], cpu)
        for (i, _, _), r0, r1 in zip(items, plain, accs):
            if r0 is None or r1 is None:
                continue
            av0 = re.findall(r"\bv\[\d+:\d+\]" + _NOTE_RE.pattern, r0[0])
            av1 = re.findall(r"\ba\[\d+:\d+\]" + _NOTE_RE.pattern, r1[0])
            split = "VReg" in av0 and not av1
            if not split and (av1 and set(av1) != {"AV"} or set(av0) - {"AV"}):
                print("gfx9_memory: unexpected register classes on %s: %s / %s" % (cpu, r0[0], r1[0]),
                      file=sys.stderr)
            if split:
                out[i] = _add_flag(out[i], "split_data")
    return out


def flag_unaligned_vaddr(lines):
    """Marks `@flags=unaligned_vaddr` the entries whose 64-bit address llvm's decoder takes at an
    odd register without its note (MTBUF: the decoder's class has no alignment, though the
    assembler refuses one): each entry decoded with only vaddr odd."""
    probes = {}
    for i, line in enumerate(lines):
        w, ops, cpu = _aligned_entry(line)
        if not cpu or not any(o[0] == "vaddr" and o[1] == "vgpr_tuple" and o[2] != "b32" for o in ops):
            continue
        values = dict(_probe_values(w, ops), vaddr=11)
        probes.setdefault(cpu, []).append((i, encode(w[1], values)))
    out = list(lines)
    for cpu, items in probes.items():
        for (i, _), r in zip(items, disassemble([p for _, p in items], cpu)):
            if r is not None and "v[11:12]" in r[0] and "v[11:12]/*" not in r[0]:
                out[i] = _add_flag(out[i], "unaligned_vaddr")
    return out


def unencoded_cache_bits(lines):
    """The third cache bit (scc on gfx90a, sc1 on gfx942/gfx950) where llvm's assembler takes and
    prints it but does not encode it (the f64 atomics): mem_flag_unenc where it never encodes it
    (nor decodes a set bit), mem_flag_vgpr where only AGPR data drop it (and a set bit with
    AGPR data does not decode). Probed per entry: its text from an encoding (acc clear / set),
    with the bit's word added, assembled."""
    word = {c: names["dlc"] for c, names in CACHE_NAMES.items()}
    probes = {}
    for i, line in enumerate(lines):
        w, ops, cpu = _aligned_entry(line)
        if (not cpu or w[1] not in ("FLAT", "GLOBAL") or not any(o[1] == "mem_acc" for o in ops)
                or any(o[0] == "dlc" and o[1] != "mem_flag" for o in ops)):
            continue
        values = _probe_values(w, ops)
        probes.setdefault(cpu, []).append((i, encode(w[1], values), encode(w[1], values, acc=True)))
    out = list(lines)
    for cpu, items in probes.items():
        texts = []
        for (i, p0, p1), r0, r1 in zip(items, disassemble([p for _, p, _ in items], cpu),
                                        disassemble([p for _, _, p in items], cpu)):
            if r0 and r1:
                texts.append((i, r0[0] + " " + word[cpu], r1[0] + " " + word[cpu]))
        got0 = assemble([t for _, t, _ in texts], cpu)
        got1 = assemble([t for _, _, t in texts], cpu)
        for (i, _, _), (t0, e0), (t1, e1) in zip(texts, got0, got1):
            if t0 is None or t1 is None:
                continue
            bit0, bit1 = e0[3] >> 1 & 1, e1[3] >> 1 & 1  # (bit 25)
            if bit0 and bit1:
                continue
            cls = "mem_flag_unenc" if not bit0 else "mem_flag_vgpr"
            body, sep, note = out[i].partition("  #")
            ws = body.split()
            fields = [o.split(":")[0] for o in ws]
            if "dlc" in fields:  # (the bit's generic name: finish_line names it per processor)
                ws[fields.index("dlc")] = "dlc:" + cls
            else:  # (llvm prints it after the other cache bits, where acc goes)
                ws.insert(fields.index("acc"), "dlc:" + cls)
            out[i] = " ".join(ws) + sep + note
    return out


def flag_odd_tuples(lines, line_sources):
    """Marks `@flags=odd_tuples` the entries whose VGPR tuples llvm also takes at an odd register
    on the processors that align them (its register class of ds_read_b96_tr_b6 is not aligned):
    each entry's text with every tuple moved up by one, assembled on one such processor."""
    import sys
    tuple_re = re.compile(r"\bv\[(\d+):(\d+)\]")
    probes = {}
    for i, (line, src) in enumerate(zip(lines, line_sources)):
        cs = next((a[6:].split(",") for a in line.split() if a.startswith("@cpus=")), ALIGNED_CPUS)
        cpu = next((c for c in cs if c in ALIGNED_CPUS), None)
        if cpu and src and tuple_re.search(src):
            odd = tuple_re.sub(lambda m: "v[%d:%d]" % (int(m.group(1)) + 1, int(m.group(2)) + 1), src)
            probes.setdefault(cpu, []).append((i, odd))
    out = list(lines)
    for cpu, items in probes.items():
        for (i, odd), (text, _) in zip(items, assemble([t for _, t in items], cpu)):
            if text is None:
                continue
            print("gfx9_memory: odd VGPR tuples taken on %s: %s" % (cpu, odd), file=sys.stderr)
            out[i] = _add_flag(out[i], "odd_tuples")
    return out


def finish(lines, ignored, per_line, cpus):
    """The output from the sweep's entries and their unused fields' verdicts."""
    names = [n for n in FORMAT_NAMES if any(l.split()[1] == n for l in lines)]
    lines = [finish_line(l, per_line.get(i, {}), ignored, cpus) for i, l in enumerate(lines)]
    out_formats = output_formats()
    # (a field's other names are ignored alike)
    ignored_out = {fmt: {a for a, rs in out_formats[fmt][2].items() if rs in [FORMATS[fmt][2][f] for f in fs]}
                   for fmt, fs in ignored.items()}
    return HEADER + format_lines(names, ignored_out, out_formats) + [""] + lines


def unused(lines, cpus):
    """({format: fields llvm ignores where unused}, {line index: {field: verdict}})."""
    from gfx11_formats import unused_fields
    plain = [l.split("#")[0] for l in lines]
    per_line = {}
    ignored, _ = unused_fields(plain, cpus, base_values, FORMATS, mixed={}, per_line=per_line)
    return ignored, per_line
