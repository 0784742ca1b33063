#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Latency and reciprocal throughput of every instruction of the ISA tables per processor, as
llvm-mca-22's scheduling models give them (-instruction-info), written as isa/<arch>/mca_latency.def.

Probe lines come from build/tests/gfxasm_mca_probes (a few random valid-looking lines per table
entry); llvm-mca-22 parses them (lines it rejects are reported with their line numbers and
skipped) and lists each surviving instruction's latency and RThroughput in input order. The first
surviving line of an entry (format, name) gives its numbers. Processors whose columns are equal
share one model column.

usage: tools/timing/gen_mca_latency.py [BUILD_DIR]   (rewrites isa/gfx9 and isa/gfx11 files)
"""
import multiprocessing
import os
import re
import subprocess
import sys

MCA = os.environ.get("LLVM_MCA", "llvm-mca-22")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "gen_isa"))
import processors  # noqa: E402  (src/isa/processors.def)

ARCH_CPUS = {arch: processors.cpus(arch) for arch in ("gfx9", "gfx11")}
# Probe rounds (lines per entry, seed): later rounds only for entries no line of which llvm-mca
# took yet (random operands at times break a rule such as the constant bus limit).
ROUNDS = [(4, 1), (16, 2)]
ERROR_RE = re.compile(r"^<stdin>:(\d+):\d+: error:")
ROW_RE = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+\.\d+)\s")


def probes(build, cpu, samples, seed):
    out = subprocess.run([os.path.join(build, "tests", "gfxasm_mca_probes"), cpu, str(samples),
                          str(seed)],
                         check=True, capture_output=True, text=True).stdout
    return [tuple(l.split("\t", 2)) for l in out.splitlines()]


def measure(cpu, lines):
    """Per probe line: (latency, rthroughput*100) or None when llvm-mca rejected the line. In
    chunks; a chunk llvm-mca crashes on is halved until the line that crashes it is left out."""
    result = []
    for start in range(0, len(lines), 200):
        result += measure_chunk(cpu, lines[start:start + 200])
    return result


def measure_chunk(cpu, lines):
    text = "".join(l[2] + "\n" for l in lines)
    try:
        p = subprocess.run([MCA, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu,
                            "-instruction-info", "-resource-pressure=false", "-iterations=1",
                            "-skip-unsupported-instructions=parse-failure"],
                           input=text, capture_output=True, text=True, timeout=15)
    except subprocess.TimeoutExpired:  # llvm-mca hangs on some lines: halve as for a crash
        p = None
    bad = set() if p is None else {
        int(m.group(1)) - 1 for m in map(ERROR_RE.match, p.stderr.splitlines()) if m}
    rows = []
    seen = False
    for l in ("" if p is None else p.stdout).splitlines():
        if "Instructions:" in l and l.startswith("[1]"):
            seen = True
            continue
        m = ROW_RE.match(l) if seen else None
        if m:
            rows.append((int(m.group(2)), round(float(m.group(3)) * 100)))
    kept = [i for i in range(len(lines)) if i not in bad]
    if p is None or p.returncode != 0 or len(kept) != len(rows):
        if len(lines) == 1:
            return [None]
        half = len(lines) // 2
        return measure_chunk(cpu, lines[:half]) + measure_chunk(cpu, lines[half:])
    result = [None] * len(lines)
    for i, r in zip(kept, rows):
        result[i] = r
    return result


def measure_cpu(build, cpu):
    """Every entry's (format, name) in table order, and the numbers of those measured."""
    keys, numbers = [], {}
    for samples, seed in ROUNDS:
        lines = [l for l in probes(build, cpu, samples, seed) if (l[0], l[1]) not in numbers]
        if not lines:
            break
        for line, r in zip(lines, measure(cpu, lines)):
            key = (line[0], line[1])
            if key not in numbers and r is not None:
                numbers[key] = r
            if key not in keys:
                keys.append(key)
    print(cpu, len(numbers), "of", len(keys), "entries measured", file=sys.stderr)
    return keys, numbers


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    for arch, cpus in ARCH_CPUS.items():
        keys = []  # (format, name) in table order
        table = {}  # (format, name) -> {cpu: (lat, rthr)}
        with multiprocessing.Pool(2) as pool:
            results = pool.starmap(measure_cpu, [(build, cpu) for cpu in cpus])
        for cpu, (cpu_keys, numbers) in zip(cpus, results):
            for key in cpu_keys:
                if key not in table:
                    keys.append(key)
                    table[key] = {}
                if key in numbers:
                    table[key][cpu] = numbers[key]
        # Processors whose columns agree wherever both have a number share a model (the union).
        models = []  # (column, [cpus])
        for cpu in cpus:
            col = [table[k].get(cpu) for k in keys]
            for m in models:
                if all(a is None or b is None or a == b for a, b in zip(m[0], col)):
                    m[0][:] = [a if a is not None else b for a, b in zip(m[0], col)]
                    m[1].append(cpu)
                    break
            else:
                models.append((col, [cpu]))
        out = ["// Copyright 2026 The gfxasm Authors",
               "// SPDX-License-Identifier: Apache-2.0",
               "// Generated by tools/timing/gen_mca_latency.py from llvm-mca-22 -instruction-info;",
               "// do not edit. MCA_MODEL(index, \"processors\"): processors sharing one column.",
               "// MCA(format, name, then per model: latency in cycles, reciprocal throughput x100;",
               "// -1 where llvm-mca took none of the entry's probe lines on that model).",
               ""]
        for i, (_, mcpus) in enumerate(models):
            out.append('MCA_MODEL(%d, "%s")' % (i, " ".join(mcpus)))
        for k in keys:
            vals = []
            for col, _ in models:
                r = col[keys.index(k)]
                vals += [str(r[0]), str(r[1])] if r else ["-1", "-1"]
            if all(v == "-1" for v in vals):
                continue
            out.append('MCA("%s", "%s", %s)' % (k[0], k[1], ", ".join(vals)))
        path = os.path.join(ROOT, "isa", arch, "mca_latency.def")
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")
        print(path, len(keys), "entries,", len(models), "models", file=sys.stderr)


if __name__ == "__main__":
    main()
