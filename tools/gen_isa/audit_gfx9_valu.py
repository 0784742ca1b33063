#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Audit: which VALU mnemonics llvm-mc-22 decodes on the gfx9 processors (VOP1, VOP2, VOPC with
their SDWA and DPP words, VOP3, VOP3P) that isa/gfx9/*.isa (and isa/gfx9/pending/) lack. Each
opcode of each format is disassembled with random bits in its other fields; the mnemonics llvm
prints (without _e32/_e64/_sdwa/_dpp) are compared with the table's for the same processor.

    python3 tools/gen_isa/audit_gfx9_valu.py [SAMPLES_PER_OPCODE [CPU...]]"""
import glob
import os
import random
import re
import sys

from gen_gfx9 import CPUS, ISA_DIR
from oracle import PROBE_BYTES, disassemble

SUFFIX = re.compile(r"_(e32|e64|sdwa|dpp)$")


def table_names():
    """{cpu: set of mnemonics} from the inst and alias lines."""
    names = {c: set() for c in CPUS}
    for path in glob.glob(os.path.join(ISA_DIR, "*.isa")) + glob.glob(os.path.join(ISA_DIR, "pending", "*.isa")):
        for line in open(path):
            w = line.split()
            if not w:
                continue
            if w[0] == "inst":
                cpus = next((a[6:].split(",") for a in w if a.startswith("@cpus=")), CPUS)
                for c in cpus:
                    names[c].add(SUFFIX.sub("", w[2]))
            elif w[0] == "alias":
                for c in CPUS:
                    names[c].add(SUFFIX.sub("", w[1]))
    return names


def probes(samples, rng):
    """(format, opcode, bytes) per sample: the opcode's fixed bits over random ones."""
    out = []
    def word(fixed):
        w = rng.getrandbits(64)
        for (hi, lo), v in fixed:
            m = ((1 << (hi - lo + 1)) - 1) << lo
            w = (w & ~m) | (v << lo)
        return w.to_bytes(8, "little") + rng.getrandbits(32).to_bytes(4, "little")
    e32 = {"VOP1": (256, [((31, 25), 0x3f)], (16, 9)), "VOP2": (64, [((31, 31), 0)], (30, 25)),
           "VOPC": (256, [((31, 25), 0x3e)], (24, 17))}
    for fmt, (n, fixed, oprange) in e32.items():
        for op in range(n):
            for k in range(samples):
                src0 = [None, 0xf9, 0xfa][k % 3]  # plain, SDWA, DPP
                f = fixed + [(oprange, op)] + ([((8, 0), src0)] if src0 else [])
                out.append((fmt, op, word(f)))
    for op in range(1024):  # VOP3 below 0x380, VOP3P (bits 31:23 = 0x1a7) above
        for k in range(samples):
            out.append(("VOP3", op, word([((31, 26), 0x34), ((25, 16), op)])))
    return out


def disassemble_tolerant(words, cpu):
    """disassemble(), with the probes llvm-mc crashes on left out (None): a crash stops the batch
    at the probe, which is skipped; the run goes on after it."""
    out = []
    while len(out) < len(words):
        rest = words[len(out):]
        try:
            out += disassemble(rest, cpu)
        except RuntimeError as ex:
            m = re.search(r"at byte (\d+)", str(ex))
            k = int(m.group(1)) // PROBE_BYTES if m else 0
            out += (disassemble(rest[:k], cpu) if k else []) + [None]
    return out


def main():
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    cpus = sys.argv[2:] or CPUS
    rng = random.Random(12345)
    ps = probes(samples, rng)
    ours = table_names()
    missing = set()
    for cpu in cpus:
        words = [p[2] for p in ps]
        results = []
        for k in range(0, len(words), 512):
            results += disassemble_tolerant(words[k:k + 512], cpu)
        found = {}
        for (fmt, op, b), r in zip(ps, results):
            mn = r and SUFFIX.sub("", r[0].split()[0])
            if mn and mn not in ours[cpu]:
                found.setdefault((fmt, op, mn), 0)
                found[(fmt, op, mn)] += 1
        for (fmt, op, mn), n in sorted(found.items()):
            print("%s: %s 0x%x %s (%d of %d probes)" % (cpu, fmt, op, mn, n, samples), flush=True)
        print("%s: %d probes, %d decoded" % (cpu, len(results), sum(r is not None for r in results)),
              file=sys.stderr, flush=True)
        missing |= {k[2] for k in found}
    print("%d mnemonics missing" % len(missing), file=sys.stderr)

if __name__ == "__main__":
    main()
