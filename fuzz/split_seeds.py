#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Cuts assembly seeds into pieces for fuzz_assembler's corpus (.ci/run's fuzz step).

    python3 fuzz/split_seeds.py OUT_DIR MAX_BYTES SEED...

Each seed goes to OUT_DIR whole when it is at most MAX_BYTES long, else in consecutive pieces of
whole lines, each at most MAX_BYTES, cut at a blank line where one is near. A run with a few
kilobytes of input is several times slower than one of a few hundred bytes (under the
sanitizers), and libFuzzer keeps its mutants about as long as the seeds: the pieces, merged with
-merge=1 (which keeps the smallest inputs that bring new coverage, and a whole seed only for what
no piece covers), make the runs faster at the same coverage."""
import os
import sys


def pieces(text, limit):
    lines = text.splitlines(keepends=True)
    out, cur = [], []
    size = 0
    for line in lines:
        if cur and size + len(line) > limit:
            # (back to the last blank line in the second half of the piece, if any)
            cut = len(cur)
            for i in range(len(cur) - 1, len(cur) // 2, -1):
                if not cur[i].strip():
                    cut = i + 1
                    break
            out.append("".join(cur[:cut]))
            cur = cur[cut:]
            size = sum(len(x) for x in cur)
        cur.append(line)
        size += len(line)
    if cur:
        out.append("".join(cur))
    return [p for p in out if p.strip()]


def main():
    out_dir, limit = sys.argv[1], int(sys.argv[2])
    os.makedirs(out_dir, exist_ok=True)
    for seed in sys.argv[3:]:
        with open(seed, encoding="latin-1") as f:
            text = f.read()
        base = os.path.basename(seed)
        parts = [text] if len(text) <= limit else pieces(text, limit)
        for n, part in enumerate(parts):
            name = base if len(parts) == 1 else f"{base}.{n}"
            with open(os.path.join(out_dir, name), "w", encoding="latin-1") as f:
                f.write(part)


if __name__ == "__main__":
    main()
