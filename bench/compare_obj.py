#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Times `gfxasm -filetype=obj` against `llvm-mc-22 -filetype=obj` on compiler output: the OpenCL
corpus (tests/object/kernels/) compiled by clang-22 for one gfx11 and one gfx9 processor,
concatenated into one large file per processor (each copy's symbols renamed so that they stay
distinct) up to --megabytes, and compares CPU time and peak memory. Both objects must be equal
byte for byte.

    bench/compare_obj.py [--build-dir build] [--megabytes 20] [--runs 3]
                         [--cpus gfx1100,gfx90a] [--strip-kernel-descriptors]

Needs /usr/bin/time (scripts/deps.sh: install_packages bench).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IDENT = re.compile(r"[A-Za-z_.$][A-Za-z0-9_.$]*")
DEFINED = re.compile(r"^\s*(?:([A-Za-z_.$][A-Za-z0-9_.$]*):|\.set\s+([A-Za-z_.$][A-Za-z0-9_.$]*)"
                     r"|\.amdhsa_kernel\s+([A-Za-z_.$][A-Za-z0-9_.$]*))", re.M)
KERNEL_BLOCK = re.compile(r"\t\.amdhsa_kernel .*?\.end_amdhsa_kernel\n", re.S)
HEADER = re.compile(r"^\t\.(amdgcn_target|amdhsa_code_object_version).*\n", re.M)


def compile_kernels(cpu, out_dir):
    files = []
    kernels = os.path.join(ROOT, "tests", "object", "kernels")
    for name in sorted(os.listdir(kernels)):
        if not name.endswith(".cl"):
            continue
        for opt in ("-O0", "-O3"):
            out = os.path.join(out_dir, f"{name[:-3]}.{cpu}{opt}.s")
            subprocess.run(["clang-22", "-x", "cl", "-cl-std=CL2.0", "-target",
                            "amdgcn-amd-amdhsa", "-nogpulib", "-Wno-everything", f"-mcpu={cpu}",
                            opt, "-S", "-o", out, os.path.join(kernels, name)], check=True)
            files.append(out)
    return files


METADATA = re.compile(r"(\t\.amdgpu_metadata\n.*?\.end_amdgpu_metadata\n)", re.S)


def renamed_copy(text, suffix):
    """The file with every symbol it defines (labels, .set names, kernels) renamed, outside its
    metadata block (whose YAML keys look like labels)."""
    parts = METADATA.split(text)
    code = "".join(parts[0::2])
    defined = {next(g for g in m.groups() if g) for m in DEFINED.finditer(code)}
    rename = lambda m: m.group(0) + suffix if m.group(0) in defined else m.group(0)
    return "".join(p if i % 2 else IDENT.sub(rename, p) for i, p in enumerate(parts))


def make_input(cpu, files, megabytes, strip, path):
    pieces, size, copy = [], 0, 0
    header = None
    while size < megabytes * 1e6:
        for f in files:
            text = open(f).read()
            if header is None:
                header = "".join(m.group(0) for m in HEADER.finditer(text))
            text = HEADER.sub("", text)
            if strip:
                text = KERNEL_BLOCK.sub("", text)
            text = renamed_copy(text, f"_c{copy}")
            pieces.append(text)
            size += len(text)
            copy += 1
    with open(path, "w") as out:
        out.write(header + "".join(pieces))
    return size


def measure(cmd):
    """CPU seconds (user + sys) and peak RSS in KiB of one run."""
    r = subprocess.run(["/usr/bin/time", "-f", "%U %S %M"] + cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr[-2000:]}")
    user, system, rss = r.stderr.strip().split("\n")[-1].split()
    return float(user) + float(system), int(rss)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--megabytes", type=float, default=20)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpus", default="gfx1100,gfx90a")
    ap.add_argument("--strip-kernel-descriptors", action="store_true")
    args = ap.parse_args()
    gfxasm = os.path.join(args.build_dir, "gfxasm")
    with tempfile.TemporaryDirectory(prefix="gfxasm_objbench_") as tmp:
        for cpu in args.cpus.split(","):
            files = compile_kernels(cpu, tmp)
            src = os.path.join(tmp, f"{cpu}.s")
            size = make_input(cpu, files, args.megabytes, args.strip_kernel_descriptors, src)
            base = ["-triple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-filetype=obj", src, "-o"]
            a, b = os.path.join(tmp, "llvm.o"), os.path.join(tmp, "gfxasm.o")
            llvm_times, ours_times, llvm_rss, ours_rss = [], [], [], []
            for _ in range(args.runs):  # alternating runs
                t, m = measure(["llvm-mc-22"] + base + [a])
                llvm_times.append(t)
                llvm_rss.append(m)
                t, m = measure([gfxasm] + base + [b])
                ours_times.append(t)
                ours_rss.append(m)
            same = open(a, "rb").read() == open(b, "rb").read()
            lt, ot = statistics.median(llvm_times), statistics.median(ours_times)
            print(f"{cpu}: {size / 1e6:.1f} MB of compiler output, {len(files)} files per copy")
            print(f"  llvm-mc-22 -filetype=obj: {lt:.3f} s CPU, {max(llvm_rss) / 1024:.1f} MiB")
            print(f"  gfxasm -filetype=obj:     {ot:.3f} s CPU, {max(ours_rss) / 1024:.1f} MiB")
            print(f"  ratio: {lt / ot:.1f}x faster, {max(ours_rss) / max(llvm_rss):.2f}x the "
                  f"peak memory; objects {'identical' if same else 'DIFFER'}")


if __name__ == "__main__":
    main()
