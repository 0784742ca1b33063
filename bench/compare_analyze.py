#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Times `gfxasm analyze` (check, and --fix of the same text with its s_waitcnt*/s_delay_alu
removed) against assembling the file (`gfxasm -filetype=null`): clang-22's output for the kernels
of tests/object/kernels/, concatenated with renamed symbols to --megabytes per processor (the
inputs of compare_obj.py).

    bench/compare_analyze.py [--build-dir build] [--megabytes 1] [--runs 3] [--cpus gfx1100,gfx90a]

Needs /usr/bin/time (scripts/deps.sh: install_packages bench).
"""
import argparse
import os
import re
import statistics
import tempfile

from compare_obj import compile_kernels, make_input, measure, ROOT

WAITS = re.compile(r"^\s*(s_waitcnt(?!_depctr)\S*|s_delay_alu)\b.*\n", re.M)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--megabytes", type=float, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpus", default="gfx1100,gfx90a")
    args = ap.parse_args()
    gfxasm = os.path.join(args.build_dir, "gfxasm")
    with tempfile.TemporaryDirectory(prefix="gfxasm_analyzebench_") as tmp:
        for cpu in args.cpus.split(","):
            files = compile_kernels(cpu, tmp)
            src = os.path.join(tmp, f"{cpu}.s")
            size = make_input(cpu, files, args.megabytes, False, src)
            stripped = os.path.join(tmp, f"{cpu}.stripped.s")
            with open(stripped, "w") as out:
                out.write(WAITS.sub("", open(src).read()))
            runs = {
                "assemble (-filetype=null)": [gfxasm, f"-mcpu={cpu}", "-filetype=null", src],
                "analyze": [gfxasm, "analyze", f"-mcpu={cpu}", src],
                "analyze --fix (stripped)": [gfxasm, "analyze", f"-mcpu={cpu}", "--fix",
                                             stripped, "-o", os.devnull],
                "analyze --no-hazards": [gfxasm, "analyze", f"-mcpu={cpu}", "--no-hazards", src],
                "analyze --format=html": [gfxasm, "analyze", f"-mcpu={cpu}", "--format=html",
                                          src],
            }
            times = {k: statistics.median(measure(c)[0] for _ in range(args.runs))
                     for k, c in runs.items()}
            base = times["assemble (-filetype=null)"]
            print(f"{cpu}: {size / 1e6:.2f} MB of compiler output")
            for k, t in times.items():
                print(f"  {k:28} {t:.3f} s CPU ({t / base:.1f}x assembling)")


if __name__ == "__main__":
    main()
