#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Writes src/isa/other_target_mnemonics.inc: the instruction names llvm-mc-22 knows on the AMDGPU
processors gfxasm has no tables for (gfx8, gfx10, gfx12; llvm-mc-22 disassembles no gfx6 or gfx7), found by disassembling random
instruction words for each. A statement naming one of them on a supported processor gets llvm's
"instruction not supported on this GPU", not "invalid instruction".

Also writes src/isa/gfx10_mnemonics.inc: the names seen on gfx10 alone (gfx1010, gfx1030). llvm's
matcher tries gfx10's entries of a name too, whose 16-bit operands take v0-v255 where gfx11's
take v0-v127 or halves: a gfx11 statement such a form takes is "operands are not valid for this
GPU or mode".

Random words reach few of the names of processors llvm-mc-22 does not disassemble (gfx6, gfx7) or
of rare encodings, so the names are also taken from llvm's library itself: every word of
libLLVM that looks like an instruction name, kept when llvm-mc-22 knows it (on gfx1100 or gfx900
a line of that name alone gets another message than "invalid instruction").

    tools/other_targets/gen_mnemonics.py [--words N] [--seed S] [--library PATH]
"""
import argparse
import os
import random
import re
import subprocess
import tempfile

CPUS = ["gfx803", "gfx810", "gfx1010", "gfx1030", "gfx1200", "gfx1250"]
LINE = re.compile(r"^\s+([a-z][a-z0-9_]*)")


def disassemble(cpu, lines):
    """llvm-mc-22's --disassemble output for lines of hex bytes."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        return subprocess.run(["llvm-mc-22", "-triple=amdgcn--", f"-mcpu={cpu}",
                               "--disassemble", path], capture_output=True, text=True).stdout
    finally:
        os.unlink(path)


def mnemonics(cpu, words, rng):
    found = set()
    lines = []
    for _ in range(words):
        n = rng.choice((4, 8, 8, 12))
        lines.append(" ".join(f"0x{rng.randrange(256):02x}" for _ in range(n)))
    out = disassemble(cpu, lines)
    for line in out.splitlines():
        m = LINE.match(line)
        if m and not line.lstrip().startswith("."):
            found.add(m.group(1))
    return found


def vop_forms(cpu):
    """Every VOP1, VOP2 and VOPC opcode of the e32 encoding with a VGPR, DPP16 and DPP8 source:
    their names, which random words reach too rarely (a DPP form needs one source value of 512)."""
    words = []
    for src0, extra in ((0x101, None), (0xFA, 0xFF00E401), (0xE9, 0x00FAC688)):
        for op in range(256):
            words.append((0x7E000000 | op << 9 | 5 << 17 | src0, extra))  # VOP1
            words.append((0x7C000000 | op << 17 | 2 << 9 | src0, extra))  # VOPC
        for op in range(64):
            words.append((op << 25 | 5 << 17 | 2 << 9 | src0, extra))  # VOP2
    lines = []
    for w, extra in words:
        data = w.to_bytes(4, "little") + (extra.to_bytes(4, "little") if extra else b"")
        lines.append(" ".join(f"0x{b:02x}" for b in data))
    out = disassemble(cpu, lines)
    return {m.group(1) for line in out.splitlines() if (m := LINE.match(line))}


NAME_WORD = re.compile(rb"(?<![A-Za-z0-9_])(?:v|s|ds|buffer|tbuffer|global|flat|scratch|image|exp|"
                       rb"export|cluster|tensor|lds)_[a-z0-9_]{1,60}(?![A-Za-z0-9_])")


def known_to_llvm_mc(words):
    """The words llvm-mc-22 knows as instruction names: on gfx1100 or gfx900, a line of the word
    alone gets another message than "invalid instruction" (the disassembler's lines also give
    words that are no names: a mnemonic cut at a character the pattern does not take)."""
    words = sorted(words)
    known = set()
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(words) + "\n")
        path = f.name
    try:
        for cpu in ("gfx1100", "gfx900"):
            err = subprocess.run(["llvm-mc-22", "-triple=amdgcn", f"-mcpu={cpu}", "-filetype=null",
                                  path], capture_output=True, text=True).stderr
            said = {}
            for line in err.splitlines():
                m = re.match(r"^.*?:(\d+):\d+: error: (.*)$", line)
                if m:
                    said.setdefault(int(m.group(1)), m.group(2))
            for i, word in enumerate(words, 1):
                if not said.get(i, "").startswith("invalid instruction"):
                    known.add(word)
    finally:
        os.unlink(path)
    return known


def library_names(library):
    """The words of llvm's library that llvm-mc-22 knows as instruction names."""
    with open(library, "rb") as f:
        words = {m.group(0).decode() for m in NAME_WORD.finditer(f.read())} | {"exp", "export"}
    return known_to_llvm_mc(words)


def read_names(path):
    with open(path) as f:
        return {line.strip()[1:-2] for line in f if line.startswith('"')}


def write_names(path, header, names):
    with open(path, "w") as f:
        f.write("// Copyright 2026 The gfxasm Authors\n// SPDX-License-Identifier: Apache-2.0\n")
        f.write(header)
        for n in sorted(names):
            f.write(f'"{n}",\n')
    print(f"{len(names)} names -> {path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--words", type=int, default=600000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3, help="seeds seed..seed+rounds-1, united")
    ap.add_argument("--library", default="/lib/x86_64-linux-gnu/libLLVM.so.22.1",
                    help="llvm's library, whose instruction-like words are tried")
    ap.add_argument("--refilter", action="store_true",
                    help="only check the names of the files written before (after a change of "
                    "known_to_llvm_mc), keeping their headers")
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "..", "src", "isa", "other_target_mnemonics.inc")
    out10 = os.path.join(here, "..", "..", "src", "isa", "gfx10_mnemonics.inc")
    if args.refilter:
        for path in (out, out10):
            with open(path) as f:
                header = "".join(line for line in f if line.startswith("//"))
            header = header.split("\n", 2)[2]  # (the copyright lines are written again)
            write_names(path, header, known_to_llvm_mc(read_names(path)))
        return
    names, gfx10 = set(), set()
    for r in range(args.rounds):
        rng = random.Random(args.seed + r)
        for cpu in CPUS:
            got = mnemonics(cpu, args.words, rng)
            print(f"round {r} {cpu}: {len(got)} names")
            names |= got
            if cpu.startswith("gfx10"):
                gfx10 |= got
    for cpu in CPUS:
        if cpu.startswith("gfx10"):
            gfx10 |= vop_forms(cpu)
    found = library_names(args.library)
    print(f"library: {len(found)} names llvm-mc-22 knows, {len(found - names)} not seen above")
    names = known_to_llvm_mc(names | found)
    gfx10 = known_to_llvm_mc(gfx10)
    write_names(out, "// Generated by tools/other_targets/gen_mnemonics.py from llvm-mc-22's disassembler\n"
                f"// ({', '.join(CPUS)}; {args.rounds} x {args.words} random words each) and the\n"
                "// instruction-like words of libLLVM it knows. Do not edit.\n", names)
    write_names(out10, "// Generated by tools/other_targets/gen_mnemonics.py from llvm-mc-22's disassembler\n"
                f"// (gfx1010, gfx1030; {args.rounds} x {args.words} random words each, and every "
                "VOP1/VOP2/VOPC opcode in e32, DPP16 and DPP8). Do not edit.\n", gfx10)


if __name__ == "__main__":
    main()
