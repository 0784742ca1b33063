# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Scalar formats of gfx11: SOP1, SOP2, SOPK, SOPC, SOPP and SMEM, swept through the oracle.

Each opcode is disassembled with distinct register numbers in each field, so the printed operand
that shows a number tells which field it came from, and its width gives the operand's size. Then
each operand is probed through the assembler: which spellings llvm-mc accepts there (a constant,
a literal, a negative or 17-bit immediate, a register other than null) picks its class, and how
it prints 1.5 tells a 16-bit float source from a 32-bit one.

The old spellings llvm-mc accepts (pre-gfx11 names such as s_load_dword, s_andn2_b32) are found
by sweeping the same formats on older and newer targets and assembling each name found there on
gfx11: the accepted ones become `alias OLD NEW` lines."""
import re

from gfx11_formats import FORMATS, encode, format_lines, unused_fields
from oracle import ALIAS_MODES, alias_lines, assemble, disassemble
from oracle import group_by_text as by_text, width_type

# Probe values per field: distinct, aligned for 512-bit tuples where the field holds SGPRs.
SDST, SSRC0, SSRC1 = 12, 20, 28
SMEM_SDATA, SMEM_SBASE = 16, 4  # sbase field holds the SGPR pair number / 2

# Targets whose scalar mnemonics are candidates for gfx11 aliases.
ALIAS_SOURCE_CPUS = ["gfx900", "gfx1030", "gfx1200"]

_REG_RE = re.compile(r"^(s|ttmp)(\d+)$|^(s|ttmp)\[(\d+):(\d+)\]$")


def split_operands(text):
    """'s_add_u32 s12, s20, s28' -> ('s_add_u32', ['s12', 's20', 's28'])"""
    parts = text.split(None, 1)
    if len(parts) == 1:
        return parts[0], []
    ops, depth, cur = [], 0, ""
    for ch in parts[1]:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    ops.append(cur.strip())
    return parts[0], ops


def reg_info(op):
    """'s[20:21]' -> (20, 2); 's20' -> (20, 1); other -> None"""
    m = _REG_RE.match(op)
    if not m:
        return None
    if m.group(2) is not None:
        return int(m.group(2)), 1
    return int(m.group(4)), int(m.group(5)) - int(m.group(4)) + 1


def reg_text(dwords, first=8):
    return "s%d" % first if dwords == 1 else "s[%d:%d]" % (first, first + dwords - 1)


class Prober:
    """Assembles probe lines in batches: one llvm-mc run per target for everything queued."""

    def __init__(self):
        self.queue = {}

    def add(self, cpu, line):
        self.queue.setdefault(cpu, {})[line] = None
        return (cpu, line)

    def run(self):
        for cpu, lines in self.queue.items():
            keys = [l for l, r in lines.items() if r is None]
            for line, res in zip(keys, assemble(keys, cpu)):
                lines[line] = res

    def accepted(self, key):
        return self.queue[key[0]][key[1]][0] is not None

    def text(self, key):
        return self.queue[key[0]][key[1]][0] or ""


def float_type(width_t, probe_text):
    """The constant semantics of a 32-bit source from how llvm prints 1.5 there: as a half
    (0x3e00), as the low half of its single-precision literal (0x0: a 16-bit integer operand, the
    gfx1150 f16 compares) or as a single (0x3fc00000, like any 32-bit operand)."""
    if width_t != "b32" or not probe_text:
        return width_t
    printed = split_operands(probe_text)[1]
    if "0x3e00" in printed:
        return "f16"
    if "0x0" in printed:
        return "b16"
    return "b32"


class Operand:
    """One operand of an instruction being classified: field, class, type, probe spelling."""

    def __init__(self, field, cls, type_=None, probe="", optional=False):
        self.field, self.cls, self.type, self.probe, self.optional = field, cls, type_, probe, optional

    def spec(self):
        s = "%s:%s" % (self.field, self.cls)
        if self.type:
            s += ":" + self.type
        return s + ("?" if self.optional else "")


def line_with(mn, operands, index, text):
    """The probe line of `mn` with operand `index` spelled `text`, the others at their probes."""
    parts = [text if i == index else o.probe for i, o in enumerate(operands) if o.probe]
    return mn + (" " + ", ".join(parts) if parts else "")


def classify_sop(prober, mn, cpu, operands, literal_probe=False):
    """Queues the probes that refine register-shaped operands; returns a function applying them.
    With `literal_probe`, a source that takes constants but no literal is ssrc_inline (gfx9's
    s_cbranch_g_fork; gfx11 has none, and its literal rules are the parser's)."""
    checks = []
    for i, o in enumerate(operands):
        if o.cls == "ssrc":
            dw = 2 if o.type == "b64" else 1
            const = prober.add(cpu, line_with(mn, operands, i, "5"))
            half = prober.add(cpu, line_with(mn, operands, i, "1.5"))
            literal = literal_probe and prober.add(cpu, line_with(mn, operands, i, "0x12345"))
            checks.append((o, dw, const, (half, literal)))
        elif o.cls == "sreg" and o.type == "b32":
            # A destination that takes only null (s_waitcnt_vscnt and friends).
            s0 = prober.add(cpu, line_with(mn, operands, i, "s0"))
            checks.append((o, 1, s0, None))

    def apply():
        for o, dw, key, half in checks:
            if o.cls == "ssrc":
                if not prober.accepted(key):
                    o.cls = "sreg"  # registers only: s_movrels, s_setpc, s_rfe
                else:
                    o.type = float_type(o.type, prober.text(half[0]))
                    if half[1] and not prober.accepted(half[1]):
                        o.cls = "ssrc_inline"  # no literal: gfx9's s_cbranch_g_fork
            elif not prober.accepted(key):
                o.cls = "sreg_null"
    return apply


class ScalarGenerator:
    """Sweeps and classifies the scalar formats of one architecture. The gfx11 layouts and
    spellings are the defaults; another architecture (gfx9_scalar) overrides the format table,
    the SMEM section, special operands and where its aliases come from."""

    FORMATS = FORMATS
    NAMES = ["SOP1", "SOP2", "SOPK", "SOPC", "SOPP", "SMEM"]
    IMPLIED = None  # {field: fields an operand there also writes}, for unused_fields
    ALIAS_SOURCE_CPUS = ALIAS_SOURCE_CPUS
    ALIAS_MODES = ALIAS_MODES
    SOPK_NEG_SDST = "null"  # the destination of the SOPK -1 probe (None: the operand's own probe)
    LITERAL_PROBE = False  # whether sources that take no literal are told apart (classify_sop)

    def __init__(self, cpus, unit_of):
        self.cpus, self.unit_of = cpus, unit_of
        self.prober = Prober()
        self.pending = []  # (fmt, op, mn, operands, cpus, unit, apply)

    def encode(self, fmt, values):
        return encode(fmt, values, self.FORMATS)

    def sweep(self, fmt, nops, make, cpus=None):
        """Disassembles opcode 0..nops-1 of `fmt` on every cpu: {op: {cpu: (text, nbytes)}}."""
        res = {}
        probes = [self.encode(fmt, make(op)) for op in range(nops)]
        for cpu in cpus or self.cpus:
            for op, r in enumerate(disassemble(probes, cpu)):
                if r is not None:
                    res.setdefault(op, {})[cpu] = r
        return res

    def queue(self, fmt, op, mn, operands, cpu_set, unit="salu", apply=None):
        self.pending.append((fmt, op, mn, operands, cpu_set, unit, apply))

    def special_operand(self, fmt, op, mn, text):
        """An Operand for a printed SOP1/SOP2/SOPC operand the register sweep does not explain, or
        None (gfx11 has none)."""
        return None

    def sop(self):
        """SOP1 / SOP2 / SOPC: registers, refined by probing constants."""
        for fmt, nops, make, fmap in [
            ("SOP1", 256, lambda op: {"op": op, "sdst": SDST, "ssrc0": SSRC0}, {SDST: "sdst", SSRC0: "ssrc0"}),
            ("SOP2", 0x60, lambda op: {"op": op, "sdst": SDST, "ssrc0": SSRC0, "ssrc1": SSRC1},
             {SDST: "sdst", SSRC0: "ssrc0", SSRC1: "ssrc1"}),
            ("SOPC", 128, lambda op: {"op": op, "ssrc0": SSRC0, "ssrc1": SSRC1}, {SSRC0: "ssrc0", SSRC1: "ssrc1"}),
        ]:
            for op, text, cs in by_text(self.sweep(fmt, nops, make)):
                mn, ops = split_operands(text)
                operands = []
                for o in ops:
                    special = self.special_operand(fmt, op, mn, o)
                    if special:
                        operands.append(special)
                        continue
                    if o.startswith("sendmsg("):
                        operands.append(Operand("ssrc0", "sendmsg", probe="sendmsg(MSG_RTN_GET_DOORBELL)"))
                        continue
                    if o.startswith("0x"):
                        # The K constant of s_fmaak/s_fmamk: always a literal.
                        operands.append(Operand("lit", "simm32", "f32", probe="0x1234"))
                        continue
                    ri = reg_info(o)
                    if ri is None or ri[0] not in fmap:
                        raise RuntimeError("unrecognised %s operands: %s" % (fmt, text))
                    field = fmap[ri[0]]
                    cls = "sreg" if field == "sdst" else "ssrc"
                    operands.append(Operand(field, cls, width_type(ri[1]),
                                            reg_text(ri[1], 8 if field == "sdst" else 4 if field == "ssrc0" else 0)))
                self.queue(fmt, op, mn, operands, cs, apply=classify_sop(self.prober, mn, cs[0], operands,
                                                              self.LITERAL_PROBE))

    def sopk(self):
        """SOPK: sdst register and a 16-bit immediate (hex, label, hwreg)."""
        prober = self.prober
        res = self.sweep("SOPK", 0x1D, lambda op: {"op": op, "sdst": SDST, "simm16": 0x1234})
        # s_version: llvm's disassembler prints a version code (6: gfx11) as its UC_VERSION_* symbol.
        res_version = self.sweep("SOPK", 0x1D, lambda op: {"op": op, "sdst": SDST, "simm16": 6})
        for op, text, cs in by_text(res):
            mn, ops = split_operands(text)
            operands = []
            imm = None
            for o in ops:
                ri = reg_info(o)
                if ri and ri[0] == SDST:
                    operands.append(Operand("sdst", "sreg", width_type(ri[1]), reg_text(ri[1])))
                elif o.startswith("hwreg("):
                    operands.append(Operand("simm16", "hwreg", probe="hwreg(HW_REG_MODE)"))
                elif o == "0x1234":
                    version = any("UC_VERSION_" in r[0] for r in res_version.get(op, {}).values())
                    imm = Operand("simm16", "version" if version else "imm16", "hex", probe="3")
                    operands.append(imm)
                elif o == "4660":
                    operands.append(Operand("simm16", "label", probe="3"))
                elif mn == "s_setreg_imm32_b32":
                    operands.append(Operand("lit", "simm32", probe="0x1234"))
                else:
                    raise RuntimeError("unrecognised SOPK operand %r in %s" % (o, text))
            apply = classify_sop(prober, mn, cs[0], operands, self.LITERAL_PROBE)
            if imm is not None and imm.cls == "imm16":
                # With a null destination: some SOPK take nothing else (s_waitcnt_vscnt).
                null = self.SOPK_NEG_SDST
                probe_ops = [Operand(o.field, o.cls, o.type, null if null and o.field == "sdst" else o.probe)
                             for o in operands]
                neg = prober.add(cs[0], line_with(mn, probe_ops, operands.index(imm), "-1"))

                def apply_imm(apply=apply, imm=imm, neg=neg):
                    apply()
                    if not prober.accepted(neg):
                        imm.cls = "uimm16"  # s_cmpk_*_u32: unsigned only
                apply = apply_imm
            self.queue("SOPK", op, mn, operands, cs, apply=apply)

    def sopp(self):
        """SOPP: the immediate's printed form at 3 and whether it shows at 0; a value over 16 bits
        is accepted by the operands that keep any 32-bit value."""
        prober = self.prober
        res3 = self.sweep("SOPP", 128, lambda op: {"op": op, "simm16": 3})
        res0 = self.sweep("SOPP", 128, lambda op: {"op": op, "simm16": 0})
        # Instructions without an operand (s_barrier, s_code_end) decode only with the field clear.
        for op, by_cpu in res0.items():
            res3.setdefault(op, by_cpu)
        for op, text, cs in by_text(res3):
            mn, ops = split_operands(text)
            zero_text = res0.get(op, {}).get(cs[0], ("", 0))[0]
            optional = not split_operands(zero_text)[1] and bool(ops)
            operands = []
            for o in ops:
                if mn.startswith("s_cbranch") or mn == "s_branch":
                    operands.append(Operand("simm16", "label", probe="3"))
                elif o in ("3", "0x3"):
                    operands.append(Operand("simm16", "imm16", "dec" if o == "3" else "hex", "3", optional))
                elif o.startswith("sendmsg("):
                    operands.append(Operand("simm16", "sendmsg"))
                elif o.startswith("gpr_idx("):
                    operands.append(Operand("simm16", "gpr_idx"))  # gfx9 s_set_gpr_idx_mode
                elif mn == "s_waitcnt":
                    operands.append(Operand("simm16", "waitcnt"))
                elif mn == "s_delay_alu":
                    operands.append(Operand("simm16", "delay"))
                elif mn == "s_waitcnt_depctr":
                    operands.append(Operand("simm16", "depctr"))
                else:
                    raise RuntimeError("unrecognised SOPP operand %r in %s" % (o, text))
            apply = None
            if operands and operands[0].cls == "imm16":
                wide = prober.add(cs[0], mn + " 0x10000")

                def apply_wide(o=operands[0], wide=wide):
                    if prober.accepted(wide):
                        o.cls, o.type = "imm", None
                apply = apply_wide
            self.queue("SOPP", op, mn, operands, cs, apply=apply)

    def smem(self):
        """SMEM: data, base, then an SGPR or immediate offset; glc/dlc cache bits where accepted."""
        prober = self.prober
        res = self.sweep("SMEM", 256, lambda op: {"op": op, "sdata": 16, "sbase": 4, "offset": 0, "soffset": 124})
        for op, text, cs in by_text(res):
            mn, ops = split_operands(text)
            operands = []
            apply = None
            if ops:
                ri = reg_info(ops[0])
                base_w = width_type(reg_info(ops[1])[1])
                if ri:
                    operands.append(Operand("sdata", "smem_sdata", width_type(ri[1]), reg_text(ri[1])))
                else:
                    operands.append(Operand("sdata", "imm", probe="3"))
                operands.append(Operand("sbase", "sbase", base_w, reg_text(2 if base_w == "b64" else 4, 4)))
                soff = Operand("soffset", "smem_soffset", "sdec", "s9", optional=True)
                offs = Operand("offset", "smem_offset", "sdec")
                operands += [soff, offs]
                neg = prober.add(cs[0], line_with(mn, operands, 2, "-1"))
                glc = prober.add(cs[0], line_with(mn, operands, -1, "") + " glc")

                def apply_smem(operands=operands, soff=soff, offs=offs, neg=neg, glc=glc):
                    if not prober.accepted(neg):
                        soff.type = offs.type = "dec"  # a 20-bit unsigned offset (buffer loads)
                    if prober.accepted(glc):
                        operands += [Operand("glc", "flag"), Operand("dlc", "flag")]
                apply = apply_smem
            self.queue("SMEM", op, mn, operands, cs, unit="smem", apply=apply)

    def inst_lines(self):
        """Runs the queued assembler probes and turns each queued instruction into its line."""
        self.prober.run()
        insts = []
        for fmt, op, mn, operands, cpu_set, unit, apply in self.pending:
            if apply:
                apply()
            attrs = []
            if set(cpu_set) != set(self.cpus):
                attrs.append("@cpus=" + ",".join(c for c in self.cpus if c in cpu_set))
            attrs.append("@unit=" + self.unit_of(mn, unit))
            insts.append("inst %s %s 0x%x %s" % (fmt, mn, op, " ".join([o.spec() for o in operands] + attrs)))
        return insts

    def generate(self):
        self.sop()
        self.sopk()
        self.sopp()
        self.smem()
        insts = self.inst_lines()
        ignored, kept = unused_fields(insts, self.cpus, formats=self.FORMATS, implied=self.IMPLIED)
        if kept:
            raise RuntimeError("scalar fields llvm keeps without an operand: %s" % kept)
        insts = format_lines(self.NAMES, ignored, self.FORMATS) + [""] + insts
        insts += [""] + alias_lines(self.alias_probes(), insts, self.cpus, modes=self.ALIAS_MODES)
        return insts

    def alias_probes(self):
        """[(cpu, probes)]: the scalar opcode spaces of the targets whose mnemonics may be aliases."""
        return alias_probes(self.ALIAS_SOURCE_CPUS, self.encode)


def generate(cpus, unit_of):
    return ScalarGenerator(cpus, unit_of).generate()


def alias_probes(source_cpus=ALIAS_SOURCE_CPUS, encode_fn=encode):
    """[(cpu, probes)]: the scalar opcode spaces of source_cpus, encoded by encode_fn (the probes'
    layout: gfx11's by default), whose mnemonics may be aliases."""
    sweeps = [
        ("SOP1", 256, lambda op: {"op": op, "sdst": SDST, "ssrc0": SSRC0}),
        ("SOP2", 0x80, lambda op: {"op": op, "sdst": SDST, "ssrc0": SSRC0, "ssrc1": SSRC1}),
        ("SOPC", 128, lambda op: {"op": op, "ssrc0": SSRC0, "ssrc1": SSRC1}),
        ("SOPK", 0x20, lambda op: {"op": op, "sdst": SDST, "simm16": 3}),
        ("SOPP", 128, lambda op: {"op": op, "simm16": 3}),
        ("SMEM", 256, lambda op: {"op": op, "sdata": 16, "sbase": 4, "offset": 0, "soffset": 124}),
    ]
    return [(cpu, [encode_fn(fmt, make(op)) for op in range(nops)])
            for cpu in source_cpus for fmt, nops, make in sweeps]
