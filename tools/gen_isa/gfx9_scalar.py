# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Scalar formats of gfx9 (GCN5 / CDNA): SOP1, SOP2, SOPK, SOPC, SOPP and SMEM, swept through the
oracle with gfx11_scalar's machinery (ScalarGenerator) over gfx9's layouts (gfx9_formats).

What differs from gfx11:
- s_set_gpr_idx_on (SOPC) and s_set_gpr_idx_mode (SOPP) take a gpr_idx(...) mode, which llvm
  prints as a bare hex number when it does not fit 4 bits: a second SOPC sweep with the mode
  field at 1 finds the former; the SOPP sweep prints gpr_idx(...) itself.
- There is no null register: the SOPK signedness probe keeps the destination's register.
- SMEM has stores, scalar atomics and instructions with no data (s_dcache_discard) or only data
  (s_memtime), so its operands are told apart by register number, not position; its offset modes
  are written by the soffset operand through the imm and soe bits (see gfx9_formats).
- Aliases come from gfx8 (gfx9's layouts) and from gfx10-gfx12 (gfx11's layouts).

check_cpus() then assembles each instruction's probe line on every target: llvm-mc's assembler
agreeing with its disassembler about which targets have it."""
import sys

import gfx9_formats
from gfx11_scalar import (SSRC0, Operand, ScalarGenerator, alias_probes, line_with, reg_info,
                          reg_text, split_operands)
from oracle import group_by_text as by_text, width_type

SMEM_SDATA, SMEM_SBASE, SMEM_OFFSET = 16, 4, 0x24  # sbase field: the SGPR pair number / 2

# Targets whose scalar mnemonics are candidates for gfx9 aliases: gfx8 encodes the scalar formats
# like gfx9, gfx10-gfx12 like gfx11. (llvm-mc-22 has no gfx6/gfx7 disassembler: "disassembly not
# yet supported for subtarget".)
GFX9_LAYOUT_SOURCES = ["gfx803"]
GFX11_LAYOUT_SOURCES = ["gfx1030", "gfx1100", "gfx1200"]
SPECIAL_CLASSES = ("waitcnt", "sendmsg", "gpr_idx", "hwreg")


class Gfx9ScalarGenerator(ScalarGenerator):
    FORMATS = gfx9_formats.FORMATS
    IMPLIED = {"soffset": ("imm", "soe")}
    ALIAS_MODES = (None,)
    SOPK_NEG_SDST = None  # no null register: the -1 probe keeps the destination's own register
    LITERAL_PROBE = True

    def __init__(self, cpus, unit_of):
        super().__init__(cpus, unit_of)
        self.gpr_idx_ops = {op for op, text, _ in by_text(self.sweep(
            "SOPC", 128, lambda op: {"op": op, "ssrc0": SSRC0, "ssrc1": 1})) if "gpr_idx(" in text}

    def special_operand(self, fmt, op, mn, text):
        if fmt == "SOPC" and op in self.gpr_idx_ops and text.startswith("0x"):
            return Operand("ssrc1", "gpr_idx", probe="gpr_idx(SRC0)")
        return None

    def smem(self):
        """SMEM: each printed operand found by its number: the data SGPRs (or s_atc_probe's
        immediate), the base pair or quad, the immediate offset. Instructions without an offset
        (s_memtime, s_dcache_wb) decode only with imm clear: swept again so."""
        fields = {"sdata": SMEM_SDATA, "sbase": SMEM_SBASE}
        res = self.sweep("SMEM", 256, lambda op: dict(fields, op=op, imm=1, offset=SMEM_OFFSET))
        for op, by_cpu in self.sweep("SMEM", 256, lambda op: dict(fields, op=op)).items():
            res.setdefault(op, by_cpu)
        for op, text, cs in by_text(res):
            mn, ops = split_operands(text)
            operands = []
            for o in ops:
                ri = reg_info(o)
                if ri and ri[0] == SMEM_SDATA:
                    operands.append(Operand("sdata", "smem_sdata", width_type(ri[1]), reg_text(ri[1])))
                elif ri and ri[0] == 2 * SMEM_SBASE:
                    operands.append(Operand("sbase", "sbase", width_type(ri[1]), reg_text(ri[1], 4)))
                elif o == str(SMEM_SDATA):
                    operands.append(Operand("sdata", "imm", probe="3"))
                elif o == hex(SMEM_OFFSET):
                    operands += [Operand("soffset", "smem_soffset", "sdec", "0x10"), Operand("offset", "smem_offset", "sdec")]
                else:
                    raise RuntimeError("unrecognised SMEM operand %r in %s" % (o, text))
            self.queue("SMEM", op, mn, operands, cs, unit="smem", apply=self.classify_smem(mn, cs[0], operands))

    def classify_smem(self, mn, cpu, operands):
        """Queues the SMEM offset and cache-bit probes; returns a function applying them: the
        offset's signedness (-1), an SGPR alone or beside offset:N (must be accepted), the offset
        left out (optional), glc."""
        prober = self.prober
        at = next((i for i, o in enumerate(operands) if o.field == "soffset"), None)
        checks = {"glc": prober.add(cpu, line_with(mn, operands, -1, "") + " glc")}
        if at is not None:
            soff, offs = operands[at], operands[at + 1]
            checks.update(neg=prober.add(cpu, line_with(mn, operands, at, "-1")),
                          sgpr=prober.add(cpu, line_with(mn, operands, at, "s9")),
                          both=prober.add(cpu, line_with(mn, operands, at, "s9 offset:0x10")),
                          none=prober.add(cpu, line_with(mn, operands[:at], -1, "")))

        def apply():
            if at is not None:
                if not (prober.accepted(checks["sgpr"]) and prober.accepted(checks["both"])):
                    raise RuntimeError("%s: llvm-mc refuses an SGPR offset" % mn)
                if not prober.accepted(checks["neg"]):
                    soff.type = offs.type = "dec"  # a 20-bit unsigned offset (buffer forms)
                soff.optional = prober.accepted(checks["none"])
            if prober.accepted(checks["glc"]):
                operands.append(Operand("glc", "flag"))
            if at is not None:
                # The offset's form (imm: an immediate; soe: an SGPR in soffset), kept as fields
                # of their own: the parser sets them, and decoded ones re-encode as they were.
                operands.extend([Operand("imm", "mhidden"), Operand("soe", "mhidden")])
        return apply

    def alias_probes(self):
        return (alias_probes(GFX9_LAYOUT_SOURCES, self.encode) + alias_probes(GFX11_LAYOUT_SOURCES))

    def check_cpus(self):
        """Warns (stderr) where llvm-mc's assembler disagrees with the @cpus its disassembler gave:
        each instruction's probe line should assemble on its targets and on no other."""
        def spelled(o):  # the special operands have no probe spelling: their raw value 0
            return Operand(o.field, o.cls, o.type, o.probe or ("0" if o.cls in SPECIAL_CLASSES else ""))
        lines = {line_with(mn, [spelled(o) for o in operands], -1, ""): set(cpu_set)
                 for fmt, op, mn, operands, cpu_set, unit, apply in self.pending}
        for cpu in self.cpus:
            for line in lines:
                self.prober.add(cpu, line)
        self.prober.run()
        for line, cpu_set in lines.items():
            for cpu in self.cpus:
                if self.prober.accepted((cpu, line)) != (cpu in cpu_set):
                    print("gfx9_scalar: %r %s on %s" % (line, "refused" if cpu in cpu_set else "accepted",
                                                        cpu), file=sys.stderr)


def generate(cpus, unit_of):
    gfx9_formats.verify(cpus)
    gen = Gfx9ScalarGenerator(cpus, unit_of)
    out = gen.generate()
    gen.check_cpus()
    return out
