#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Whole-process disassembly comparison on large inputs, per architecture: `gfxasm objdump -d`
against `llvm-objdump-22 -d` on an object file, `gfxasm --disassemble` (one thread and two)
against `llvm-mc-22 --disassemble` on the same bytes as llvm-mc's text input and, when a CLRX
build is given (CLRX_PROGRAMS=DIR or --clrx DIR), `clrxdisasm -r -g CPU` on the same .text
bytes. The commands run in turns (one run of each, then the next round), and each run's CPU
time (user + system), wall time and peak RSS are taken from the kernel (wait4).

    CLRX_PROGRAMS=/tmp/clrx/build/programs bench/compare_disasm_all.py \
        [--cpus gfx900,gfx90a,gfx1100] [--instructions 1000000] [--runs 3] [--inputs DIR]

The inputs are the assembler benchmark's corpus (bench/compare_llvm_mc.py: every instruction of
the tables as the differential test draws them) assembled by llvm-mc-22; --inputs keeps them
(DIR/CPU.txt, DIR/CPU.o, DIR/CPU.bin) and reuses them on the next run. CLRX knows neither gfx90a
nor gfx11: their bytes go to its nearest processor (gfx906, gfx1010), which decodes most of them
(its output is not compared, only its time on the same bytes).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_llvm_mc import ROOT, make_corpus  # noqa: E402

ENCODING = re.compile(r"; encoding: \[([^\]]*)\]")
CLRX_CPU = {"gfx900": "gfx900", "gfx90a": "gfx906", "gfx1100": "gfx1010"}


def crashing_lines(llvm_mc, target, lines):
    """The lines llvm-mc-22 --disassemble crashes on (gfx9 VOP3 bytes naming a literal, which it
    cannot print; llvm-objdump-22 crashes on them too), found by halving the failing groups."""
    def crashes(group):
        r = subprocess.run([llvm_mc, "--disassemble"] + target, input="\n".join(group) + "\n",
                           capture_output=True, text=True)
        return r.returncode < 0 or "Stack dump" in r.stderr

    bad, groups = set(), [lines[i:i + 2000] for i in range(0, len(lines), 2000)]
    while groups:
        group = groups.pop()
        if not crashes(group):
            continue
        if len(group) == 1:
            bad.add(group[0])
        else:
            groups += [group[:len(group) // 2], group[len(group) // 2:]]
    return bad


def make_inputs(args, cpu, directory):
    """CPU.txt (llvm-mc --disassemble input, an instruction a line), CPU.o (the same bytes in
    .text with one symbol) and CPU.bin (the bytes alone); returns the instruction count."""
    text, obj, raw = (os.path.join(directory, cpu + ext) for ext in (".txt", ".o", ".bin"))
    count_file = os.path.join(directory, cpu + ".count")
    if all(os.path.exists(p) for p in (text, obj, raw, count_file)):
        return int(open(count_file).read())
    gfxasm = os.path.join(args.build_dir, "gfxasm")
    target = ["-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}"]
    with tempfile.TemporaryDirectory(prefix="gfxasm_disasm_inputs_") as tmp:
        source = os.path.join(tmp, "corpus.s")
        make_corpus(gfxasm, args.build_dir, cpu, args.samples, args.instructions, source)
        listing = subprocess.run([args.llvm_mc] + target + ["-show-encoding", source],
                                 capture_output=True, text=True, check=True).stdout
        # Instructions with fixups (labels) have `A` bytes: left out.
        lines = [m.group(1) for m in ENCODING.finditer(listing) if "A" not in m.group(1)]
        bad = crashing_lines(args.llvm_mc, target, list(dict.fromkeys(lines)))
        if bad:
            print(f"{cpu}: left out {len(bad)} distinct lines llvm-mc-22 crashes on")
            lines = [l for l in lines if l not in bad]
        with open(text, "w") as f:
            f.write("\n".join(lines) + "\n")
        with open(raw, "wb") as f:
            f.write(bytes(int(b, 16) for l in lines for b in l.split(",")))
        data = os.path.join(tmp, "bytes.s")
        with open(data, "w") as f:
            f.write(".text\n.globl kernel\nkernel:\n")
            f.write("".join(f".byte {l}\n" for l in lines))
        subprocess.run([args.llvm_mc] + target + ["-filetype=obj", "-o", obj, data], check=True,
                       capture_output=True)
    with open(count_file, "w") as f:
        f.write(str(len(lines)))
    return len(lines)


def measure(command):
    """(cpu seconds, wall seconds, peak RSS in KiB) of one run, output to /dev/null. The peak
    comes from /usr/bin/time's child (a child of this process would count this process's memory
    at the fork), the times from wait4 (time's, which include its child's)."""
    with open(os.devnull, "wb") as null, tempfile.NamedTemporaryFile("r") as rss:
        t0 = time.perf_counter()
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss.name] + command,
                             stdout=null, stderr=null)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) != 0:
            return None
        peak = int(rss.read().split()[-1])
    return usage.ru_utime + usage.ru_stime, wall, peak


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cpus", default="gfx900,gfx90a,gfx1100")
    ap.add_argument("--instructions", type=int, default=1000000)
    ap.add_argument("--samples", type=int, default=20, help="difftest samples per instruction")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--inputs", help="keep (and reuse) the generated inputs here")
    ap.add_argument("--llvm-mc", default="llvm-mc-22")
    ap.add_argument("--llvm-objdump", default="llvm-objdump-22")
    ap.add_argument("--clrx", default=os.environ.get("CLRX_PROGRAMS"),
                    help="directory of a CLRX build's clrxdisasm (default: $CLRX_PROGRAMS)")
    ap.add_argument("--only", help="comma list of modes: objdump, disasm")
    ap.add_argument("--baseline", metavar="BUILD_DIR",
                    help="also time this build's gfxasm (before a change) in the same rounds")
    args = ap.parse_args()

    gfxasm = os.path.join(args.build_dir, "gfxasm")
    clrx = os.path.join(args.clrx, "clrxdisasm") if args.clrx else None
    directory = args.inputs or tempfile.mkdtemp(prefix="gfxasm_disasm_inputs_")
    os.makedirs(directory, exist_ok=True)
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    print(f"commit {commit}; {args.runs} alternating runs; medians of CPU (user+sys) and wall "
          f"time, max of peak RSS")
    only = set(args.only.split(",")) if args.only else {"objdump", "disasm"}
    for cpu in args.cpus.split(","):
        count = make_inputs(args, cpu, directory)
        text, obj, raw = (os.path.join(directory, cpu + ext) for ext in (".txt", ".o", ".bin"))
        target = ["-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}"]
        commands = []
        if "objdump" in only:
            commands += [("gfxasm objdump -d", [gfxasm, "objdump", "-d", obj]),
                         ("llvm-objdump-22 -d", [args.llvm_objdump, "-d", obj])]
        if "disasm" in only:
            commands += [
                ("gfxasm --disassemble (1 thread)",
                 [gfxasm, "--disassemble", "--threads=1"] + target + [text]),
                ("gfxasm --disassemble (2 threads)", [gfxasm, "--disassemble"] + target + [text]),
                ("llvm-mc-22 --disassemble", [args.llvm_mc, "--disassemble"] + target + [text])]
        if args.baseline:
            old = os.path.join(args.baseline, "gfxasm")
            if "objdump" in only:
                commands.append(("baseline objdump -d", [old, "objdump", "-d", obj]))
            if "disasm" in only:
                commands += [("baseline --disassemble (1 thread)",
                              [old, "--disassemble", "--threads=1"] + target + [text]),
                             ("baseline --disassemble (2 threads)",
                              [old, "--disassemble"] + target + [text])]
        if clrx:
            commands.append((f"clrxdisasm -r -g {CLRX_CPU.get(cpu, cpu)}",
                             [clrx, "-r", "-g", CLRX_CPU.get(cpu, cpu), raw]))
        for name, c in list(commands):  # (warm-up: files in the page cache)
            if measure(c) is None:
                if not name.startswith("clrxdisasm"):
                    sys.exit(f"failed: {' '.join(c)}")
                # (clrxdisasm -g gfx1010 crashes on gfx11 code: no measuring stick there)
                print(f"{cpu}: {name} fails on these bytes: left out")
                commands.remove((name, c))
        results = {name: [] for name, _ in commands}
        for _ in range(args.runs):
            for name, c in commands:
                results[name].append(measure(c))
        print(f"\n{cpu}: {count} instructions ({os.path.getsize(text) / 1e6:.1f} MB text, "
              f"{os.path.getsize(obj) / 1e6:.1f} MB object)")
        print(f"{'command':36} {'CPU ms':>9} {'wall ms':>9} {'peak MiB':>9} {'ns/instr':>9}")
        summary = {}
        for name, _ in commands:
            cpu_s = statistics.median(r[0] for r in results[name])
            wall_s = statistics.median(r[1] for r in results[name])
            rss = max(r[2] for r in results[name]) / 1024
            summary[name] = (cpu_s, wall_s, rss)
            print(f"{name:36} {cpu_s * 1e3:9.1f} {wall_s * 1e3:9.1f} {rss:9.1f} "
                  f"{cpu_s / count * 1e9:9.1f}")

        def ratio(ours, theirs, kind):
            if ours in summary and theirs in summary:
                print(f"  {theirs} / {ours}: {summary[theirs][kind] / summary[ours][kind]:.2f}x "
                      f"{'CPU' if kind == 0 else 'wall'}")

        clrx_name = next((n for n in summary if n.startswith("clrxdisasm")), None)
        for prefix in ("gfxasm", "baseline"):
            for mode in ("objdump -d", "--disassemble (1 thread)", "--disassemble (2 threads)"):
                ours = f"{prefix} {mode}"
                theirs = "llvm-objdump-22 -d" if "objdump" in ours else "llvm-mc-22 --disassemble"
                ratio(ours, theirs, 0)
                ratio(ours, theirs, 1)
                if clrx_name:
                    ratio(ours, clrx_name, 0)
                    ratio(ours, clrx_name, 1)


if __name__ == "__main__":
    main()
