#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Times the whole `gfxasm` process against `llvm-mc-22` on one large gfx11 file and compares
their peak memory.

The file is made of the differential test's random instructions (every instruction of the ISA
tables, every operand kind; build/tests/gfxasm_difftests with GFXASM_DIFF_KEEP), keeping only the
lines that both assemblers accept, repeated in blocks (each with its own labels, so branches stay
in range) up to --instructions lines.

    bench/compare_llvm_mc.py [--build-dir build] [--instructions 200000] [--runs 5]

Needs hyperfine for timing (falls back to repeated runs) and /usr/bin/time for peak memory
(scripts/deps.sh: install_packages bench).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ERROR_LINE = re.compile(r"^\S+?:(\d+):\d+: error:", re.M)
LABELS = re.compile(r"\b(L_before|L_after)\b")
BLOCK_LINES = 500


def rejected_lines(text):
    return {int(m.group(1)) for m in ERROR_LINE.finditer(text)}


def accepted_by_null_output(gfxasm, cpu, lines):
    """The lines gfxasm also accepts with -filetype=null (it reports undefined symbols there,
    which llvm-mc does not; the difftest checks the asm output only)."""
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write("L_before:\n" + "\n".join(lines) + "\nL_after:\n")
        f.flush()
        r = subprocess.run([gfxasm, "-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-filetype=null",
                            f.name], capture_output=True, text=True)
    bad = {n - 2 for n in rejected_lines(r.stderr)}  # line numbers of the file -> list indices
    if bad:
        print(f"note: dropped {len(bad)} lines gfxasm rejects only with -filetype=null")
    return [l for i, l in enumerate(lines) if i not in bad]


def make_corpus(gfxasm, build_dir, cpu, samples, count, path):
    """Writes `count` instructions that both assemblers accept to `path`; returns how many
    distinct lines and mnemonics they come from."""
    keep = tempfile.mkdtemp(prefix="gfxasm_corpus_")
    try:
        env = dict(os.environ, GFXASM_DIFF_KEEP=keep, GFXASM_DIFF_SAMPLES=str(samples))
        subprocess.run([os.path.join(build_dir, "tests", "gfxasm_difftests"),
                        f"--gtest_filter=*MatchesLlvmMc/{cpu}"], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        with open(os.path.join(keep, cpu + ".s")) as f:
            lines = f.read().split("\n")
        bad = set()
        for name in (cpu + ".llvm.out", cpu + ".gfxasm.out"):
            with open(os.path.join(keep, name)) as f:
                bad |= rejected_lines(f.read())
    finally:
        shutil.rmtree(keep, ignore_errors=True)
    good = [l for i, l in enumerate(lines, 1) if i not in bad and l and not l.endswith(":")]
    good = accepted_by_null_output(gfxasm, cpu, good)
    if not good:
        sys.exit("no instruction accepted by both assemblers: is the build complete?")
    with open(path, "w") as out:
        written = block = 0
        while written < count:
            start = (block * BLOCK_LINES) % len(good)
            chunk = (good + good)[start:start + min(BLOCK_LINES, count - written)]
            out.write(f"L_before_{block}:\n")
            out.write("\n".join(LABELS.sub(lambda m: f"{m.group(1)}_{block}", l) for l in chunk))
            out.write(f"\nL_after_{block}:\n")
            written += len(chunk)
            block += 1
    return len(good), len({l.split()[0] for l in good})


def run_seconds(commands, runs):
    """Median wall and mean CPU (user + system) seconds of each command (argv lists), with
    hyperfine if there is one. CPU time is the fairer measure on a loaded machine; the median
    wall time leaves out the runs a busy host stalls (this machine is a virtual one)."""
    if shutil.which("hyperfine"):
        with tempfile.NamedTemporaryFile(suffix=".json") as js:
            subprocess.run(["hyperfine", "-N", "--warmup", "1", "--runs", str(runs),
                            "--export-json", js.name, "--style", "basic"]
                           + [" ".join(c) for c in commands], check=True,
                           stdout=subprocess.DEVNULL)
            return [(r["median"], r["user"] + r["system"])
                    for r in json.load(open(js.name))["results"]]
    result = []
    for c in commands:
        subprocess.run(c, stdout=subprocess.DEVNULL, check=True)
        c0, walls = os.times(), []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run(c, stdout=subprocess.DEVNULL, check=True)
            walls.append(time.perf_counter() - t0)
        c1 = os.times()
        cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
        result.append((statistics.median(walls), cpu / runs))
    return result


def peak_rss_kib(command):
    r = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, check=True)
    return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1))


def corpus_arguments(description):
    """The options every comparison script takes: build, corpus size and target, runs, llvm-mc."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--instructions", type=int, default=200000)
    ap.add_argument("--cpu", default="gfx1100")
    ap.add_argument("--samples", type=int, default=20, help="difftest samples per instruction")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--llvm-mc", default="llvm-mc-22")
    return ap


def main():
    ap = corpus_arguments(__doc__.split("\n")[0])
    ap.add_argument("--corpus", help="keep the generated file here")
    args = ap.parse_args()

    gfxasm = os.path.join(args.build_dir, "gfxasm")
    corpus = args.corpus or tempfile.mktemp(prefix="gfxasm_bench_", suffix=".s")
    distinct, mnemonics = make_corpus(gfxasm, args.build_dir, args.cpu, args.samples, args.instructions,
                                      corpus)
    size_mb = os.path.getsize(corpus) / 1e6
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    print(f"commit {commit}{' (+ uncommitted changes)' if dirty else ''}; {args.cpu}; "
          f"{args.instructions} instructions ({size_mb:.1f} MB) from {distinct} distinct lines, "
          f"{mnemonics} mnemonics")

    target = ["-triple=amdgcn-amd-amdhsa", f"-mcpu={args.cpu}"]
    for tool in (gfxasm, args.llvm_mc):
        r = subprocess.run([tool] + target + ["-filetype=null", corpus], capture_output=True,
                           text=True)
        if r.returncode != 0:
            sys.exit(f"{tool} rejects the corpus:\n{r.stderr[:2000]}")

    modes = [("-filetype=null", ["-filetype=null"]),
             ("-show-encoding (text to /dev/null)", ["-show-encoding"])]
    print(f"{'mode':36} {'':4} {'gfxasm':>9} {'llvm-mc-22':>10} {'speedup':>8} {'gfxasm instr/s':>15}")
    for name, extra in modes:
        ours, theirs = ([tool] + target + extra + [corpus] for tool in (gfxasm, args.llvm_mc))
        (wall_ours, cpu_ours), (wall_theirs, cpu_theirs) = run_seconds([ours, theirs], args.runs)
        for kind, t_ours, t_theirs in (("wall", wall_ours, wall_theirs),
                                        ("cpu", cpu_ours, cpu_theirs)):
            print(f"{name:36} {kind:4} {t_ours * 1e3:7.1f}ms {t_theirs * 1e3:8.1f}ms "
                  f"{t_theirs / t_ours:7.1f}x {args.instructions / t_ours:15,.0f}")
    null_ours = [gfxasm] + target + ["-filetype=null", corpus]
    null_theirs = [args.llvm_mc] + target + ["-filetype=null", corpus]
    rss_ours, rss_theirs = peak_rss_kib(null_ours), peak_rss_kib(null_theirs)
    print(f"peak RSS (-filetype=null): gfxasm {rss_ours / 1024:.1f} MiB, llvm-mc-22 "
          f"{rss_theirs / 1024:.1f} MiB, ratio {rss_ours / rss_theirs:.2f}")
    if not args.corpus:
        os.remove(corpus)


if __name__ == "__main__":
    main()
