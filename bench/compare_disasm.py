#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Times the whole `gfxasm --disassemble` process against `llvm-mc-22 --disassemble` on one large
gfx11 input (and `gfxasm objdump` against `llvm-objdump-22 -d` on an object file of the same
code, when gfxasm has the subcommand), and compares their peak memory.

The input is the assembler benchmark's corpus (bench/compare_llvm_mc.py: every instruction of the
tables, as the differential test draws them), assembled by llvm-mc-22 and written as llvm-mc's
disassembler input (one instruction's bytes per line); the object file is that corpus assembled
by llvm-mc-22 -filetype=obj (as data, so that it holds exactly the same bytes).

    bench/compare_disasm.py [--build-dir build] [--instructions 200000] [--runs 5] [--keep DIR]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_llvm_mc import corpus_arguments, make_corpus, run_seconds, peak_rss_kib  # noqa: E402

ENCODING = re.compile(r"; encoding: \[([^\]]*)\]")


def main():
    ap = corpus_arguments(__doc__.split("\n")[0])
    ap.add_argument("--llvm-objdump", default="llvm-objdump-22")
    ap.add_argument("--keep", metavar="DIR",
                    help="also copy the inputs (corpus.txt, corpus.o) to DIR, for profiling")
    args = ap.parse_args()

    gfxasm = os.path.join(args.build_dir, "gfxasm")
    target = ["-triple=amdgcn-amd-amdhsa", f"-mcpu={args.cpu}"]
    with tempfile.TemporaryDirectory(prefix="gfxasm_disasm_bench_") as tmp:
        source = os.path.join(tmp, "corpus.s")
        make_corpus(gfxasm, args.build_dir, args.cpu, args.samples, args.instructions, source)
        listing = subprocess.run([args.llvm_mc] + target + ["-show-encoding", source],
                                 capture_output=True, text=True, check=True).stdout
        # Instructions with fixups (labels) have `A` bytes: left out.
        lines = [m.group(1) for m in ENCODING.finditer(listing) if "A" not in m.group(1)]
        text = os.path.join(tmp, "corpus.txt")
        with open(text, "w") as f:
            f.write("\n".join(lines) + "\n")
        # The same bytes as an object file (one symbol over all of them).
        data = os.path.join(tmp, "bytes.s")
        with open(data, "w") as f:
            f.write(".text\n.globl kernel\nkernel:\n")
            f.write("".join(f".byte {l}\n" for l in lines))
        obj = os.path.join(tmp, "corpus.o")
        subprocess.run([args.llvm_mc] + target + ["-filetype=obj", "-o", obj, data], check=True,
                       capture_output=True)
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            for name in (text, obj):
                shutil.copy(name, args.keep)
        print(f"{args.cpu}: {len(lines)} instructions ({os.path.getsize(text) / 1e6:.1f} MB of "
              f"text, {os.path.getsize(obj) / 1e6:.1f} MB object)")

        runs = [("--disassemble", [gfxasm, "--disassemble"] + target + [text],
                 [args.llvm_mc, "--disassemble"] + target + [text])]
        probe = subprocess.run([gfxasm, "objdump", "-d", obj], capture_output=True, text=True)
        has_objdump = probe.returncode == 0 and "file format" in probe.stdout
        if has_objdump:
            runs.append(("objdump -d", [gfxasm, "objdump", "-d", obj],
                         [args.llvm_objdump, "-d", obj]))
        print(f"{'mode':16} {'':4} {'gfxasm':>9} {'llvm':>10} {'speedup':>8} {'gfxasm instr/s':>15}")
        for name, ours, theirs in runs:
            (wall_o, cpu_o), (wall_t, cpu_t) = run_seconds([ours, theirs], args.runs)
            for kind, t_o, t_t in (("wall", wall_o, wall_t), ("cpu", cpu_o, cpu_t)):
                print(f"{name:16} {kind:4} {t_o * 1e3:7.1f}ms {t_t * 1e3:8.1f}ms "
                      f"{t_t / t_o:7.1f}x {len(lines) / t_o:15,.0f}")
            rss_o, rss_t = peak_rss_kib(ours), peak_rss_kib(theirs)
            print(f"{'':21} peak RSS: gfxasm {rss_o / 1024:.1f} MiB, llvm {rss_t / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
