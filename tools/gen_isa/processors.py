# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""The processor table (src/isa/processors.def) for the generators: which processors each
architecture has, their features and limits, so that a new processor is one row there."""
import os
import re

DEF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "isa",
                   "processors.def")
_ROW = re.compile(r'^PROCESSOR\("([^"]+)", "([^"]+)", (0x[0-9a-f]+), (\d+), (\d+), (\d+),\s*'
                  r'([^,()]*),\s*LIMITS\(([^)]*)\)\)', re.M)


def processors():
    """[(name, arch, mach, (major, minor, stepping), {feature names}, (limits...))] in the
    table's order; the limits as LIMITS lists them (maxWaves, VGPR granule and count per wave
    size, generation, LDS bytes per CU, LDS granule, SIMDs per CU)."""
    text = open(DEF).read()
    return [(m[1], m[2], int(m[3], 16), (int(m[4]), int(m[5]), int(m[6])),
             {f.strip() for f in m[7].split("|")}, tuple(int(v) for v in m[8].split(",")))
            for m in _ROW.finditer(text)]


def cpus(arch, feature=None):
    """The processors of `arch` ("gfx9", "gfx11"), those with `feature` only if given."""
    return [p[0] for p in processors() if p[1] == arch and (feature is None or feature in p[4])]
