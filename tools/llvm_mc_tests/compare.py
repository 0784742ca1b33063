#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Runs llvm-mc-22 and gfxasm on assembly files the way their `RUN:` lines run llvm-mc, and
compares what they give: the printed text (with -show-encoding), the diagnostics by (line,
column, kind, message), the exit status, and the object bytes where a RUN line asks for
-filetype=obj (a difference is shown as the diff of both objects' llvm-readelf-22 -a).

Meant for LLVM's own MC tests (llvm/test/MC/AMDGPU), which stay outside this repository:
    tools/llvm_mc_tests/compare.py /tmp/llvmmc            # every *.s of the directory
    tools/llvm_mc_tests/compare.py --details /tmp/d a.s   # the differences of one file, kept
Only the processors gfxasm supports are run (`gfxasm --version`); a RUN line without -mcpu is
run with --default-cpu when given (llvm's default processor is none gfxasm has), else skipped.
Triples llvm-mc-22 does not know yet (`amdgpu9.04-amd-amdhsa`, newer LLVM's subarchitecture
spelling) are run as amdgcn with the processor they name (-mcpu=gfx904).
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note): (.*)$")
TOOL_DIAG = re.compile(r"^(?:llvm-mc-22|llvm-mc|gfxasm): (error|warning): (.*)$")
SUBARCH = re.compile(r"^amdgpu(\d+)\.(\d)([0-9a-f])(-.*)?$")


def run_lines(path):
    """The RUN: commands of a file, continuation lines joined."""
    runs, pending = [], ""
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"RUN:(.*)$", line)
            if not m:
                continue
            text = m.group(1).rstrip()
            if text.endswith("\\"):
                pending += text[:-1] + " "
                continue
            runs.append(pending + text)
            pending = ""
    return runs


def llvm_mc_options(command):
    """The llvm-mc options of one RUN command, or (None, reason) when it is not one we run."""
    first = command.split("|")[0]
    if not re.search(r"\bllvm-mc\b", first):
        return None, "no llvm-mc"
    first = first[first.index("llvm-mc") + len("llvm-mc"):]
    try:
        words = shlex.split(first)
    except ValueError:
        return None, "unparsable RUN line"
    opts = {"triple": None, "mcpu": None, "mattr": [], "filetype": "asm", "other": []}
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("<", ">", "2>", "2>&1", ">/dev/null", "%s") or w.startswith(("%t", ">", "2>")):
            i += 2 if w in ("<", ">", "2>") else 1
            continue
        name, eq, value = w.lstrip("-").partition("=")
        takes_value = name in ("triple", "arch", "mcpu", "mattr", "filetype", "o", "defsym", "I")
        if takes_value and not eq:
            i += 1
            value = words[i] if i < len(words) else ""
        if name in ("disassemble", "disassembler", "cdis", "mdis", "edis") or w == "-M":
            return None, "disassembler run"
        if name == "triple":
            opts["triple"] = value
        elif name == "arch":
            opts["triple"] = value + (opts["triple"] or "")[len(value):] if opts["triple"] else value
        elif name == "mcpu":
            opts["mcpu"] = value
        elif name == "mattr":
            opts["mattr"].append(value)
        elif name == "filetype":
            opts["filetype"] = value
        elif name in ("show-encoding", "o", "show-inst"):
            pass
        elif name in ("amdhsa-code-object-version", "defsym", "I", "fatal-warnings", "no-warn",
                      "save-temp-labels", "preserve-comments"):
            opts["other"].append("--" + name + ("=" + value if value else ""))
        else:
            return None, "option " + w
        i += 1
    return opts, ""


def normalize_triple(opts):
    """Newer LLVM's `amdgpuX.YZ-...` triples as llvm-mc-22's amdgcn triple and processor."""
    t = opts["triple"] or ""
    m = SUBARCH.match(t)
    if m:
        opts["triple"] = "amdgcn" + (m.group(4) or "")
        opts["mcpu"] = opts["mcpu"] or "gfx%s%s%s" % (m.group(1), m.group(2), m.group(3))
    return opts


def diagnostics(text):
    diags, rest = [], []
    for line in text.splitlines():
        m = DIAG.match(line)
        t = TOOL_DIAG.match(line)
        if m:
            diags.append((int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)))
        elif t:
            diags.append((0, 0, t.group(1), t.group(2)))
        else:
            rest.append(line)
    return diags


def run(cmd, out_path=None):
    p = subprocess.run(cmd, capture_output=True, timeout=30)
    if out_path is None:
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    return p.returncode, "", p.stderr.decode(errors="replace")


def compare_run(args, path, opts, filetype, work):
    """Differences between the tools for one set of options, as a list of lines (empty: same)."""
    common = ["-triple=" + (opts["triple"] or "amdgcn"), "-mcpu=" + opts["mcpu"]]
    common += ["-mattr=" + a for a in opts["mattr"]] + opts["other"]
    problems = []
    if filetype == "obj":
        lo, go = os.path.join(work, "llvm.o"), os.path.join(work, "gfxasm.o")
        for f in (lo, go):
            if os.path.exists(f):
                os.remove(f)
        ls, _, le = run([args.llvm_mc] + common + ["-filetype=obj", path, "-o", lo], lo)
        gs, _, ge = run([args.gfxasm] + common + ["-filetype=obj", path, "-o", go], go)
        lout = gout = ""
    else:
        ls, lout, le = run([args.llvm_mc] + common + ["-show-encoding", path])
        gs, gout, ge = run([args.gfxasm] + common + ["-show-encoding", path])
    if ls != gs:
        problems.append("exit status: llvm-mc %d, gfxasm %d" % (ls, gs))
    ld, gd = diagnostics(le), diagnostics(ge)
    if ld != gd:
        lset, gset = set(ld), set(gd)
        for d in ld:
            if d not in gset:
                problems.append("only llvm-mc: %d:%d: %s: %s" % d)
        for d in gd:
            if d not in lset:
                problems.append("only gfxasm: %d:%d: %s: %s" % d)
        if not any(p.startswith("only") for p in problems):
            problems.append("diagnostics in another order")
    if lout != gout:
        ll, gl = lout.splitlines(), gout.splitlines()
        n = next((i for i, (a, b) in enumerate(zip(ll, gl)) if a != b), min(len(ll), len(gl)))
        problems.append("text differs from output line %d (llvm-mc %d lines, gfxasm %d)" %
                        (n + 1, len(ll), len(gl)))
        problems.append("  llvm-mc: " + (ll[n] if n < len(ll) else "<end>"))
        problems.append("  gfxasm:  " + (gl[n] if n < len(gl) else "<end>"))
    if filetype == "obj" and ls == 0 and gs == 0:
        with open(lo, "rb") as a, open(go, "rb") as b:
            same = a.read() == b.read()
        if not same:
            la = run(["llvm-readelf-22", "-a", "-x", ".text", lo])[1].splitlines()
            ga = run(["llvm-readelf-22", "-a", "-x", ".text", go])[1].splitlines()
            diff = [("- " + x) for x in la if x not in ga and "File:" not in x]
            diff += [("+ " + x) for x in ga if x not in la and "File:" not in x]
            problems.append("object bytes differ (readelf -a lines: - llvm-mc, + gfxasm):")
            problems += ["  " + d for d in diff[:args.max_lines]]
    if problems and args.details:
        base = os.path.join(args.details, os.path.basename(path) + "." + opts["mcpu"] + "." +
                            filetype)
        for name, text in (("llvm.out", lout), ("gfxasm.out", gout), ("llvm.err", le),
                           ("gfxasm.err", ge)):
            with open(base + "." + name, "w") as f:
                f.write(text)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", help="directories of .s files, or .s files")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--gfxasm", default=os.path.join(here, "..", "..", "build", "gfxasm"))
    ap.add_argument("--llvm-mc", default="llvm-mc-22")
    ap.add_argument("--default-cpu", help="processor for RUN lines without -mcpu")
    ap.add_argument("--details", help="directory to keep both tools' outputs of differing runs")
    ap.add_argument("--max-lines", type=int, default=12, help="difference lines shown per run")
    ap.add_argument("--quiet", action="store_true", help="only the per-file summary lines")
    args = ap.parse_args()
    if args.details:
        os.makedirs(args.details, exist_ok=True)
    version = run([args.gfxasm, "--version"])[1]
    supported = set(re.findall(r"^\s+(gfx\w+)$", version, re.M))
    files = []
    for i in args.inputs:
        if os.path.isdir(i):
            files += sorted(os.path.join(i, f) for f in os.listdir(i) if f.endswith(".s"))
        else:
            files.append(i)
    totals = {"same": 0, "differ": 0, "skipped": 0}
    with tempfile.TemporaryDirectory() as work:
        for path in files:
            done, results, skips = set(), [], []
            for command in run_lines(path):
                opts, why = llvm_mc_options(command)
                if opts is None:
                    skips.append(why)
                    continue
                opts = normalize_triple(opts)
                opts["mcpu"] = opts["mcpu"] or args.default_cpu
                if opts["mcpu"] not in supported:
                    skips.append("cpu %s" % opts["mcpu"])
                    continue
                modes = ["asm"] + (["obj"] if opts["filetype"] == "obj" else [])
                for mode in modes:
                    key = (opts["triple"], opts["mcpu"], tuple(opts["mattr"]),
                           tuple(opts["other"]), mode)
                    if key in done:
                        continue
                    done.add(key)
                    label = " ".join(["-triple=" + str(opts["triple"]), "-mcpu=" + opts["mcpu"]] +
                                     ["-mattr=" + a for a in opts["mattr"]] + opts["other"] +
                                     ["-filetype=" + mode])
                    results.append((label, compare_run(args, path, opts, mode, work)))
            name = os.path.basename(path)
            if not results:
                totals["skipped"] += 1
                print("%s: skipped (%s)" % (name, ", ".join(sorted(set(skips))) or "no RUN line"))
                continue
            bad = [r for r in results if r[1]]
            totals["differ" if bad else "same"] += 1
            print("%s: %d of %d runs identical" % (name, len(results) - len(bad), len(results)))
            if not args.quiet:
                for label, problems in bad:
                    print("  run " + label)
                    for p in problems[:args.max_lines + 4]:
                        print("    " + p)
    print("files: %d identical, %d differing, %d skipped" %
          (totals["same"], totals["differ"], totals["skipped"]))
    return 0 if totals["differ"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
