#!/usr/bin/env python3
# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Re-derives the gfx9 (GCN5/CDNA) operand facts of docs/gfx9_operands.md from llvm-mc-22.

Usage: probe_gfx9_operands.py [section ...]     sections: regs waitcnt hwreg sendmsg swizzle misc
                                                 (default: all)

Every table is printed as markdown on stdout. Where the doc states a rule (the printing of
s_waitcnt, hwreg and sendmsg immediates), the rule is written here as a Python model and checked
against llvm-mc-22's disassembly of every 16-bit value on every CPU; the script prints the number
of disagreements (0 when the doc is right) and the first few. Assembler probes are printed with
llvm-mc's answer (text and bytes, or the exact error message).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import processors  # noqa: E402
import oracle  # noqa: E402  (disassemble() for probes that may be invalid; LLVM_MC env var)

LLVM_MC = oracle.LLVM_MC
CPUS = processors.cpus("gfx9")
TRIPLE = "-triple=amdgcn-amd-amdhsa"
_DIAG = re.compile(r"^<stdin>:(\d+):(\d+): (warning|error): (.*)$")


# ----------------------------------------------------------------------------------------------
# llvm-mc helpers


def run(args, text):
    p = subprocess.run([LLVM_MC] + args, input=text, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def dis_words(words, cpu, mattr=None):
    """Disassembles 32-bit instruction words that each decode alone (SOPP/SOPK immediates): the
    printed text per word."""
    args = ["--disassemble", TRIPLE, "-mcpu=" + cpu] + (["-mattr=" + mattr] if mattr else [])
    text = "\n".join(",".join("0x%02x" % ((w >> (8 * i)) & 255) for i in range(4)) for w in words)
    rc, out, err = run(args, text + "\n")
    lines = [l.strip() for l in out.splitlines() if l.startswith("\t")]
    if len(lines) != len(words) or rc != 0:
        raise RuntimeError("unexpected disassembly (%d of %d): %s" % (len(lines), len(words), err[:500]))
    return lines


def asm(lines, cpu, mattr=None):
    """Assembles each line: per line (text, [bytes...], warnings) or (None, error, warnings)."""
    args = [TRIPLE, "-mcpu=" + cpu, "-show-encoding"] + (["-mattr=" + mattr] if mattr else [])
    rc, out, err = run(args, "\n".join(lines) + "\n")
    errors, warns = {}, {}
    for l in err.splitlines():
        m = _DIAG.match(l)
        if m:
            d = errors if m.group(3) == "error" else warns
            d.setdefault(int(m.group(1)) - 1, "%s (column %s)" % (m.group(4), m.group(2)))
    oks = [re.match(r"^\t(.*?)\s*; encoding: \[(.*)\]$", l) for l in out.splitlines()]
    it = iter(m for m in oks if m)
    res = []
    for i in range(len(lines)):
        if i in errors:
            res.append((None, errors[i], warns.get(i)))
        else:
            m = next(it)
            res.append((m.group(1), m.group(2), warns.get(i)))
    return res


def group_cpus(per_cpu):
    """{cpu: value} -> [(value, [cpus])] in CPUS order of first appearance."""
    groups = {}
    for cpu in CPUS:
        if cpu in per_cpu:
            groups.setdefault(per_cpu[cpu], []).append(cpu)
    return list(groups.items())


def cpu_list(cs):
    return "all" if cs == CPUS else " ".join(cs)


def md_escape(s):
    return s.replace("|", "\\|")


def print_asm_table(lines, cpus=CPUS, mattr=None):
    """Assembles `lines` on every cpu; one row per line and distinct answer."""
    answers = {cpu: asm(lines, cpu, mattr) for cpu in cpus}
    print("| input | CPUs | llvm-mc-22 output |")
    print("|---|---|---|")
    for i, line in enumerate(lines):
        per = {}
        for cpu in cpus:
            text, b, w = answers[cpu][i]
            if text is None:
                per[cpu] = "error: " + b
            else:
                per[cpu] = "`%s` [%s]%s" % (text, b, (" (warning: %s)" % w) if w else "")
        for val, cs in group_cpus(per):
            print("| `%s` | %s | %s |" % (md_escape(line), cpu_list(cs) if cpus == CPUS else " ".join(cs), md_escape(val)))
    print()


# ----------------------------------------------------------------------------------------------
# 1. Registers and the 8/9-bit source encodings


def sop1(op, sdst, ssrc):
    return (0x17D << 23) | (sdst << 16) | (op << 8) | ssrc


def vop1(op, vdst, src0):
    return (0x3F << 25) | (vdst << 17) | (op << 9) | src0


LIT = 0x11223344


def sweep_dis(make, encs, cpu, mattr=None, with_lit=True):
    probes = []
    for e in encs:
        b = make(e).to_bytes(4, "little")
        if with_lit:
            b += LIT.to_bytes(4, "little")
        probes.append(b)
    out = {}
    for e, r in zip(encs, oracle.disassemble(probes, cpu, mattr)):
        out[e] = None if r is None else r[0]
    return out


def section_regs():
    print("## 1. Source / destination encodings\n")
    sweeps = [
        ("s_mov_b32 s0, <enc> (SOP1 ssrc0, 8 bits)", lambda e: sop1(0x00, 0, e), range(256)),
        ("s_mov_b64 s[0:1], <enc>", lambda e: sop1(0x01, 0, e), range(256)),
        ("s_mov_b32 <enc>, s0 (SOP1 sdst, 7 bits)", lambda e: sop1(0x00, e, 0), range(128)),
        ("s_mov_b64 <enc>, s[0:1]", lambda e: sop1(0x01, e, 0), range(128)),
        ("v_mov_b32 v0, <enc> (VOP1 src0, 9 bits; 256-511 = v0-v255)", lambda e: vop1(0x01, 0, e), range(256)),
        ("v_cvt_f32_f64 v0, <enc> (64-bit VOP1 source)", lambda e: vop1(0x0F, 0, e), range(256)),
        ("v_cvt_f32_f16 v0, <enc> (16-bit VOP1 source)", lambda e: vop1(0x0B, 0, e), range(256)),
    ]
    variants = [(c, None) for c in CPUS] + [("gfx900", "+xnack"), ("gfx900", "-xnack"), ("gfx90a", "+xnack"),
                                            ("gfx90a", "-xnack"), ("gfx942", "-xnack")]
    for title, make, encs in sweeps:
        res = {}
        for cpu, mattr in variants:
            key = cpu + ("" if mattr is None else ":" + mattr)
            res[key] = sweep_dis(make, list(encs), cpu, mattr)
        keys = list(res)
        # Columns: the variants that print every encoding the same way.
        cols = {}
        for k in keys:
            sig = tuple(res[k][e] for e in encs)
            cols.setdefault(sig, []).append(k)
        print("### `%s`\n" % title)
        print("Command: `llvm-mc-22 --disassemble %s -mcpu=CPU [-mattr=+/-xnack]` on each encoding"
              " (followed by the literal 0x%08x; invalid encodings shown as `invalid`). Runs of"
              " encodings that print the same modulo the number are merged.\n" % (TRIPLE, LIT))
        colkeys = [v[0] for v in cols.values()]
        print("| enc | " + " | ".join("/".join(v) for v in cols.values()) + " |")
        print("|---" * (len(cols) + 1) + "|")

        def cell(k, e):
            t = res[k][e]
            return "invalid" if t is None else "`" + md_escape(t) + "`"

        prev, start = None, None
        rows = []
        for e in encs:
            cells = [cell(k, e) for k in colkeys]
            shape = tuple(re.sub(r"\d+", "#", c) for c in cells)
            if prev is not None and shape == prev[0] and not any("s_" in c and "#" not in c for c in shape):
                rows[-1][1] = e
                rows[-1][3] = cells
            else:
                rows.append([e, e, cells, cells])
            prev = (shape,)
        for a, b, first, last in rows:
            if a == b:
                print("| %d | %s |" % (a, " | ".join(first)))
            else:
                print("| %d-%d | %s |" % (a, b, " | ".join(f + " .. " + l if f != l else f for f, l in zip(first, last))))
        print()
    print("### Names the assembler accepts\n")
    names = [
        "s_mov_b32 s0, s101", "s_mov_b32 s0, s102", "s_mov_b32 s0, s105", "s_mov_b64 s[0:1], s[100:101]",
        "s_mov_b64 s[0:1], s[102:103]", "s_mov_b32 s0, flat_scratch_lo", "s_mov_b32 s0, flat_scratch_hi",
        "s_mov_b64 s[0:1], flat_scratch", "s_mov_b32 s0, xnack_mask_lo", "s_mov_b32 s0, xnack_mask_hi",
        "s_mov_b64 s[0:1], xnack_mask", "s_mov_b32 s0, vcc_lo", "s_mov_b64 s[0:1], vcc",
        "s_mov_b64 s[0:1], ttmp[14:15]", "s_mov_b32 s0, ttmp16", "s_mov_b32 s0, m0", "s_mov_b32 s0, null",
        "s_mov_b32 null, s0", "s_mov_b64 s[0:1], null", "s_mov_b32 s0, exec_hi",
        "s_mov_b32 s0, src_flat_scratch_base_lo", "s_mov_b32 s0, src_flat_scratch_base_hi",
        "s_mov_b32 s0, src_shared_base", "s_mov_b32 s0, shared_base", "s_mov_b64 s[0:1], src_shared_base",
        "s_mov_b32 s0, src_shared_limit", "s_mov_b32 s0, src_private_base", "s_mov_b32 s0, src_private_limit",
        "s_mov_b32 s0, private_limit", "s_mov_b32 s0, src_pops_exiting_wave_id",
        "s_mov_b32 s0, pops_exiting_wave_id", "s_mov_b32 s0, src_vccz", "s_mov_b32 s0, vccz",
        "s_mov_b32 s0, src_execz", "s_mov_b32 s0, execz", "s_mov_b32 s0, src_scc", "s_mov_b32 s0, scc",
        "s_mov_b32 s0, src_lds_direct", "v_mov_b32 v0, lds_direct", "v_mov_b32 v0, src_lds_direct",
        "v_add_f32 v0, lds_direct, v1", "v_add_f32 v0, v1, lds_direct", "v_add_f32_e64 v0, lds_direct, v1",
        "s_mov_b32 s0, 0.15915494", "s_mov_b64 s[0:1], 0.15915494309189532", "v_add_f16 v0, 0.15915494, v1",
        "v_add_f64 v[0:1], 0.15915494309189532, v[0:1]", "s_mov_b32 s0, 0x3e22f983",
        "s_mov_b32 m0, s0", "s_mov_b32 flat_scratch_lo, s0", "s_mov_b32 xnack_mask_hi, s0",
        "s_mov_b32 ttmp0, s0", "s_mov_b32 src_shared_base, s0", "s_mov_b32 exec_lo, s0", "s_mov_b32 vccz, s0",
        "s_mov_b64 s[1:2], s[2:3]", "s_mov_b64 s[0:1], s[3:4]", "s_mov_b64 ttmp[1:2], s[0:1]",
        "s_load_dwordx4 s[2:5], s[0:1], 0x0", "s_load_dwordx4 s[6:9], s[0:1], 0x0",
        "s_load_dwordx4 ttmp[2:5], s[0:1], 0x0", "s_load_dwordx8 s[4:11], s[0:1], 0x0",
        "s_load_dwordx16 s[8:23], s[0:1], 0x0", "s_load_dword s101, s[0:1], 0x0",
        "s_load_dwordx2 s[100:101], s[0:1], 0x0", "s_load_dwordx4 s[100:103], s[0:1], 0x0",
        "v_mov_b32 v0, a0", "v_accvgpr_read_b32 v0, a255", "v_mov_b32 v255, v0",
    ]
    print("Command: `llvm-mc-22 %s -mcpu=CPU -show-encoding` (default features; +xnack/-xnack answered"
          " the same in every probe tried)\n" % TRIPLE)
    print_asm_table(names)
    print("### Scalar destinations named by a source-only register (llvm-mc-22 bug)\n")
    print("The assembler accepts these as a 7-bit SDST and keeps only the low 7 bits of the source"
          " encoding; disassembling the bytes gives another register:\n")
    print("| input | assembled (gfx900) | bytes disassemble to |")
    print("|---|---|---|")
    bad = ["s_mov_b32 vccz, s0", "s_mov_b32 src_vccz, s0", "s_mov_b32 execz, s0", "s_mov_b32 src_scc, s0",
           "s_add_u32 scc, s0, s1", "v_cmp_eq_u32_e64 src_vccz, v0, v1", "s_mov_b64 vccz, s[0:1]"]
    for line, (text, b, w) in zip(bad, asm(bad, "gfx900")):
        if text is None:
            print("| `%s` | error: %s | |" % (line, b))
            continue
        bs = bytes(int(x, 16) for x in b.split(","))
        r = oracle.disassemble([bs], "gfx900")[0]
        print("| `%s` | `%s` [%s] | `%s` |" % (line, text, b, r[0] if r else "invalid"))
    print()
    for cpu, mattr in (("gfx900", "+xnack"), ("gfx900", "-xnack"), ("gfx90a", "-xnack"), ("gfx942", "+xnack")):
        a = asm(names, cpu, mattr)
        b = asm(names, cpu)
        diff = [n for n, x, y in zip(names, a, b) if x[:2] != y[:2]]
        print("- %s -mattr=%s: %s\n" % (cpu, mattr, ("differs from default on: " + ", ".join(diff)) if diff else "same answers as default"))


# ----------------------------------------------------------------------------------------------
# 2. s_waitcnt


def waitcnt_fields(v):
    vm = (v & 0xF) | ((v >> 14) & 3) << 4
    exp = (v >> 4) & 7
    lgkm = (v >> 8) & 0xF
    return vm, exp, lgkm


def waitcnt_model(v):
    vm, exp, lgkm = waitcnt_fields(v)
    all_max = vm == 63 and exp == 7 and lgkm == 15
    parts = []
    if vm != 63 or all_max:
        parts.append("vmcnt(%d)" % vm)
    if exp != 7 or all_max:
        parts.append("expcnt(%d)" % exp)
    if lgkm != 15 or all_max:
        parts.append("lgkmcnt(%d)" % lgkm)
    return "s_waitcnt " + " ".join(parts)


def check_model(name, opword, model, cpus=CPUS):
    print("Model check `%s`: every simm16 0..0xffff of word 0x%08x disassembled on each CPU and compared"
          " with the doc's rule:\n" % (name, opword))
    for cpu in cpus:
        got = dis_words([opword | v for v in range(65536)], cpu)
        bad = [(v, g, model(v, cpu)) for v, g in enumerate(got) if g != model(v, cpu)]
        print("- %s: %d mismatches%s" % (cpu, len(bad), "".join("; 0x%04x: llvm `%s` model `%s`" % b for b in bad[:3])))
    print()


def print_representative(word, samples):
    """A table of how gfx900 disassembles `word` | each simm16 sample and what that reassembles to."""
    print("Representative disassembly (all CPUs print the same):\n")
    print("| simm16 | bytes | llvm-mc-22 --disassemble | reassembles to |")
    print("|---|---|---|---|")
    texts = dis_words([word | v for v in samples], "gfx900")
    back = asm(texts, "gfx900")
    for v, t, (bt, bb, _) in zip(samples, texts, back):
        w = word | v
        bytestr = ",".join("0x%02x" % ((w >> (8 * i)) & 255) for i in range(4))
        again = "error: " + bb if bt is None else "[%s]%s" % (bb, "" if bb == bytestr else " (differs)")
        print("| 0x%04x | [%s] | `%s` | %s |" % (v, bytestr, t, again))
    print()


def section_waitcnt():
    print("## 2. s_waitcnt\n")
    check_model("s_waitcnt", 0xBF8C0000, lambda v, cpu: waitcnt_model(v))
    print_representative(0xBF8C0000, [0x0000, 0xFFFF, 0xCF7F, 0x0F7F, 0x0F70, 0xCF0F, 0xC07F, 0x0070,
                                       0x3000, 0x0080, 0x1234, 0xC000, 0x4000, 0x8000, 0x0F7E, 0x3F7F])
    lines = [
        "s_waitcnt 0", "s_waitcnt vmcnt(0)", "s_waitcnt expcnt(0)", "s_waitcnt lgkmcnt(0)",
        "s_waitcnt vmcnt(63)", "s_waitcnt vmcnt(15)", "s_waitcnt vmcnt(16)", "s_waitcnt vmcnt(64)",
        "s_waitcnt expcnt(7)", "s_waitcnt expcnt(8)", "s_waitcnt lgkmcnt(15)", "s_waitcnt lgkmcnt(16)",
        "s_waitcnt vmcnt(-1)", "s_waitcnt vmcnt_sat(100)", "s_waitcnt expcnt_sat(9) lgkmcnt_sat(99)",
        "s_waitcnt vmcnt_sat(-1)", "s_waitcnt vmcnt(1) & expcnt(2) & lgkmcnt(3)",
        "s_waitcnt vmcnt(1), expcnt(2), lgkmcnt(3)", "s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3)",
        "s_waitcnt vmcnt(1)&lgkmcnt(3)", "s_waitcnt vmcnt(1),lgkmcnt(3)", "s_waitcnt vmcnt(1) vmcnt(2)",
        "s_waitcnt lgkmcnt(1) vmcnt(2)", "s_waitcnt vmcnt(1+2)", "s_waitcnt 0x3000", "s_waitcnt 0xcf7f",
        "s_waitcnt 65535", "s_waitcnt 65536", "s_waitcnt -1", "s_waitcnt -32768", "s_waitcnt -32769",
        "s_waitcnt 1+2", "s_waitcnt vscnt(0)", "s_waitcnt VMCNT(0)", "s_waitcnt foo(0)",
        "s_waitcnt vmcnt(0) &", "s_waitcnt vmcnt(0) 5", "s_waitcnt vmcnt 0", "s_waitcnt vmcnt(0",
        "s_waitcnt x", "s_waitcnt", "s_waitcnt_vscnt null, 0", "s_waitcnt_vmcnt null, 0",
        "s_waitcnt_expcnt null, 0", "s_waitcnt_lgkmcnt null, 0", "s_waitcnt_depctr 0", "s_wait_loadcnt 0",
    ]
    print("Assembler probes (`llvm-mc-22 %s -mcpu=CPU -show-encoding`):\n" % TRIPLE)
    print_asm_table(lines)


# ----------------------------------------------------------------------------------------------
# 3. hwreg


HWREG_GFX9 = {1: "HW_REG_MODE", 2: "HW_REG_STATUS", 3: "HW_REG_TRAPSTS", 4: "HW_REG_HW_ID", 5: "HW_REG_GPR_ALLOC",
              6: "HW_REG_LDS_ALLOC", 7: "HW_REG_IB_STS", 15: "HW_REG_SH_MEM_BASES", 16: "HW_REG_TBA_LO",
              17: "HW_REG_TBA_HI", 18: "HW_REG_TMA_LO", 19: "HW_REG_TMA_HI"}
HWREG_GFX940 = {20: "HW_REG_XCC_ID", 21: "HW_REG_SQ_PERF_SNAPSHOT_DATA", 22: "HW_REG_SQ_PERF_SNAPSHOT_DATA1",
                23: "HW_REG_SQ_PERF_SNAPSHOT_PC_LO", 24: "HW_REG_SQ_PERF_SNAPSHOT_PC_HI"}


def hwreg_names(cpu):
    d = dict(HWREG_GFX9)
    if cpu in ("gfx942", "gfx950"):
        d.update(HWREG_GFX940)
    return d


def hwreg_model(v, cpu):
    rid, off, width = v & 63, (v >> 6) & 31, ((v >> 11) & 31) + 1
    name = hwreg_names(cpu).get(rid, str(rid))
    extra = ", %d, %d" % (off, width) if (off, width) != (0, 32) else ""
    return "s_getreg_b32 s0, hwreg(%s%s)" % (name, extra)


ALL_HWREG_NAMES = sorted(set(list(HWREG_GFX9.values()) + list(HWREG_GFX940.values()) + [
    "HW_REG_XNACK_MASK", "HW_REG_POPS_PACKER", "HW_REG_HW_ID1", "HW_REG_HW_ID2", "HW_REG_FLAT_SCR_LO",
    "HW_REG_FLAT_SCR_HI", "HW_REG_SHADER_CYCLES", "HW_REG_SHADER_CYCLES_HI", "HW_REG_PERF_SNAPSHOT_PC_LO",
    "HW_REG_PERF_SNAPSHOT_PC_HI", "HW_REG_PERF_SNAPSHOT_DATA", "HW_REG_PERF_SNAPSHOT_DATA1",
    "HW_REG_PERF_SNAPSHOT_DATA2", "HW_REG_EXCP_FLAG_PRIV", "HW_REG_EXCP_FLAG_USER", "HW_REG_TRAP_CTRL",
    "HW_REG_SCRATCH_BASE_LO", "HW_REG_SCRATCH_BASE_HI", "HW_REG_WAVE_MODE", "HW_REG_WAVE_STATUS",
    "HW_REG_IB_STS2", "HW_REG_SHADER_TBA_LO", "HW_REG_SHADER_TBA_HI", "HW_REG_SHADER_TMA_LO",
    "HW_REG_SHADER_TMA_HI", "HW_REG_DVGPR_ALLOC_LO", "HW_REG_TMA_LO", "HW_REG_FOO"]))


def section_hwreg():
    print("## 3. hwreg (s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32)\n")
    check_model("s_getreg_b32 s0, simm16", 0xB8800000, hwreg_model)
    print("Names each CPU accepts (`s_getreg_b32 s0, hwreg(NAME)`):\n")
    lines = ["s_getreg_b32 s0, hwreg(%s)" % n for n in ALL_HWREG_NAMES]
    print_asm_table(lines)
    lines = [
        "s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 32)", "s_getreg_b32 s0, hwreg(HW_REG_MODE, 1, 31)",
        "s_getreg_b32 s0, hwreg(HW_REG_MODE, 31, 1)", "s_getreg_b32 s0, hwreg(HW_REG_MODE, 31, 32)",
        "s_getreg_b32 s0, hwreg(HW_REG_MODE, 32, 1)", "s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 33)",
        "s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 0)", "s_getreg_b32 s0, hwreg(HW_REG_MODE, 0)",
        "s_getreg_b32 s0, hwreg(63)", "s_getreg_b32 s0, hwreg(64)", "s_getreg_b32 s0, hwreg(0)",
        "s_getreg_b32 s0, hwreg(20)", "s_getreg_b32 s0, hwreg(1+1, 2*2, 3)", "s_getreg_b32 s0, hwreg(-1)",
        "s_getreg_b32 s0, 0xffff", "s_getreg_b32 s0, 0x10000", "s_getreg_b32 s0, -1", "s_getreg_b32 s0, -32769",
        "s_getreg_b32 s0, hwreg(HW_REG_MODE", "s_getreg_b32 s0, hwreg(hw_reg_mode)",
        "s_getreg_b32 s0, hwreg(HW_REG_MODE, 1, 2, 3)",
        "s_getreg_b32 s0, {id: HW_REG_MODE, offset: 2, size: 3}",
        "s_getreg_b32 s0, {offset: 2}", "s_getreg_b32 s0, {id: 99}",
        "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s1", "s_setreg_b32 hwreg(HW_REG_TRAPSTS), s1",
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xff", "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 1",
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), -1", "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x1ffffffff",
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 1.0",
    ]
    print("Offset/size and other forms:\n")
    print_asm_table(lines, ["gfx900", "gfx942"])


# ----------------------------------------------------------------------------------------------
# 4. sendmsg


MSG_GFX9 = {1: "MSG_INTERRUPT", 2: "MSG_GS", 3: "MSG_GS_DONE", 4: "MSG_SAVEWAVE", 5: "MSG_STALL_WAVE_GEN",
            6: "MSG_HALT_WAVES", 7: "MSG_ORDERED_PS_DONE", 8: "MSG_EARLY_PRIM_DEALLOC", 9: "MSG_GS_ALLOC_REQ",
            10: "MSG_GET_DOORBELL", 15: "MSG_SYSMSG"}
GS_OPS = {0: "GS_OP_NOP", 1: "GS_OP_CUT", 2: "GS_OP_EMIT", 3: "GS_OP_EMIT_CUT"}
SYS_OPS = {1: "SYSMSG_OP_ECC_ERR_INTERRUPT", 2: "SYSMSG_OP_REG_RD", 4: "SYSMSG_OP_TTRACE_PC"}


def sendmsg_model(v, cpu=None):
    mid, op, stream = v & 15, (v >> 4) & 7, (v >> 8) & 3
    name = MSG_GFX9.get(mid)
    if name:
        if mid in (2, 3):
            ok = op in GS_OPS and (op != 0 or mid == 3) and (op != 0 or stream == 0)
            if ok:
                return "s_sendmsg sendmsg(%s, %s%s)" % (name, GS_OPS[op], ", %d" % stream if op != 0 else "")
        elif mid == 15:
            if op in SYS_OPS and stream == 0:
                return "s_sendmsg sendmsg(%s, %s)" % (name, SYS_OPS[op])
        elif op == 0 and stream == 0:
            return "s_sendmsg sendmsg(%s)" % name
    if v == mid | op << 4 | stream << 8:
        return "s_sendmsg sendmsg(%d, %d, %d)" % (mid, op, stream)
    return "s_sendmsg %d" % v


def section_sendmsg():
    print("## 4. sendmsg (s_sendmsg / s_sendmsghalt)\n")
    check_model("s_sendmsg simm16", 0xBF900000, sendmsg_model)
    check_model("s_sendmsghalt simm16", 0xBF910000, lambda v, c: sendmsg_model(v).replace("s_sendmsg", "s_sendmsghalt"), ["gfx900", "gfx942"])
    print_representative(0xBF900000, [0x0, 0x1, 0x2, 0x3, 0x12, 0x22, 0x32, 0x33, 0x112, 0x332, 0x103, 0x13,
                                       0x1f, 0x2f, 0x3f, 0x4f, 0x5f, 0x10f, 0x9, 0xa, 0xb, 0xf, 0x11, 0x80,
                                       0x81, 0x92, 0x400, 0x401, 0x1001, 0xffff, 0x7ff])
    names = ["MSG_INTERRUPT", "MSG_GS", "MSG_GS_DONE", "MSG_SAVEWAVE", "MSG_STALL_WAVE_GEN", "MSG_HALT_WAVES",
             "MSG_ORDERED_PS_DONE", "MSG_EARLY_PRIM_DEALLOC", "MSG_GS_ALLOC_REQ", "MSG_GET_DOORBELL",
             "MSG_GET_DDID", "MSG_SYSMSG", "MSG_HS_TESSFACTOR", "MSG_DEALLOC_VGPRS", "MSG_RTN_GET_DOORBELL",
             "MSG_RTN_GET_DDID", "MSG_RTN_GET_TMA", "MSG_RTN_GET_REALTIME", "MSG_RTN_SAVE_WAVE",
             "MSG_RTN_GET_TBA", "MSG_RTN_GET_TBA_TO_PC", "MSG_RTN_GET_SE_AID_ID", "MSG_FOO"]
    print("Message names (`s_sendmsg sendmsg(NAME)`):\n")
    print_asm_table(["s_sendmsg sendmsg(%s)" % n for n in names])
    lines = [
        "s_sendmsg sendmsg(MSG_GS)", "s_sendmsg sendmsg(MSG_GS, GS_OP_NOP)", "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT)",
        "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 3)", "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 4)",
        "s_sendmsg sendmsg(MSG_GS, 2)", "s_sendmsg sendmsg(MSG_GS, 4)", "s_sendmsg sendmsg(MSG_GS, 8)",
        "s_sendmsg sendmsg(MSG_GS_DONE)", "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)",
        "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP, 0)", "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP, 1)",
        "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 1)", "s_sendmsg sendmsg(MSG_INTERRUPT, 0)",
        "s_sendmsg sendmsg(MSG_INTERRUPT, 1)", "s_sendmsg sendmsg(MSG_INTERRUPT, GS_OP_CUT)",
        "s_sendmsg sendmsg(MSG_SYSMSG)", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)",
        "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)",
        "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)", "s_sendmsg sendmsg(MSG_SYSMSG, 3)",
        "s_sendmsg sendmsg(MSG_SYSMSG, 0)", "s_sendmsg sendmsg(MSG_SYSMSG, 4, 0)", "s_sendmsg sendmsg(MSG_SYSMSG, GS_OP_CUT)",
        "s_sendmsg sendmsg(MSG_GS, SYSMSG_OP_REG_RD)", "s_sendmsg sendmsg(2, GS_OP_CUT)", "s_sendmsg sendmsg(2, 3, 1)", "s_sendmsg sendmsg(2, GS_OP_NOP)",
        "s_sendmsg sendmsg(2, 0, 1)", "s_sendmsg sendmsg(1, 2, 3)", "s_sendmsg sendmsg(MSG_INTERRUPT, 0, 0)",
        "s_sendmsg sendmsg(15, SYSMSG_OP_HOST_TRAP_ACK)", "s_sendmsg sendmsg(3, GS_OP_NOP, 1)",
        "s_sendmsg sendmsg(MSG_GS, 1+1)", "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_CUT, 1+2)", "s_sendmsg sendmsg(11)",
        "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD, 0)", "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT,)",
        "s_sendmsg sendmsg(0, 0, 0)", "s_sendmsg sendmsg(15, 7, 3)", "s_sendmsg sendmsg(16)", "s_sendmsg sendmsg(15, 8)",
        "s_sendmsg sendmsg(15, 7, 4)", "s_sendmsg sendmsg(-1)", "s_sendmsg sendmsg(1, -1)", "s_sendmsg sendmsg(1+1, 1*2, 3-2)",
        "s_sendmsg sendmsg(1, SYSMSG_OP_TTRACE_PC)", "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1, 2)",
        "s_sendmsg sendmsg(MSG_INTERRUPT", "s_sendmsg sendmsg()", "s_sendmsg sendmsg(msg_interrupt)",
        "s_sendmsg sendmsg(MSG_GS, GS_OP_FOO)", "s_sendmsg 0x12", "s_sendmsg 0xffff", "s_sendmsg 0x10000", "s_sendmsg -1",
        "s_sendmsg 2+0x10", "s_sendmsghalt sendmsg(MSG_INTERRUPT)", "s_sendmsghalt sendmsg(MSG_GS, GS_OP_EMIT, 2)",
        "s_sendmsg sendmsg(MSG_GET_DOORBELL)", "s_sendmsg sendmsg(MSG_RTN_GET_DOORBELL)", "s_sendmsg sendmsg(MSG_HS_TESSFACTOR)",
    ]
    print("Operations, streams and errors:\n")
    print_asm_table(lines, ["gfx900", "gfx90a", "gfx942", "gfx950"])


# ----------------------------------------------------------------------------------------------
# 5. swizzle, 6. other special operands


def swizzle_model(off, cpu=None):
    base = "ds_swizzle_b32 v0, v1"
    if off == 0:
        return base
    if off & 0xFF00 == 0x8000:
        return base + " offset:swizzle(QUAD_PERM,%d,%d,%d,%d)" % tuple((off >> (2 * i)) & 3 for i in range(4))
    if off & 0xE000 == 0xE000:
        return base + " offset:swizzle(FFT,%d)" % (off & 31)
    if off & 0xE000 == 0xC000:
        return base + " offset:swizzle(ROTATE,%d,%d)" % ((off >> 10) & 1, (off >> 5) & 31)
    if off & 0x8000:
        return base + " offset:%d" % off
    a, o, x = off & 31, (off >> 5) & 31, (off >> 10) & 31
    if a == 31 and o == 0 and x in (1, 2, 4, 8, 16):
        return base + " offset:swizzle(SWAP,%d)" % x
    if a == 31 and o == 0 and x in (3, 7, 15, 31):
        return base + " offset:swizzle(REVERSE,%d)" % (x + 1)
    if x == 0:
        for k in range(1, 6):
            if a == (31 & ~((1 << k) - 1)) and o < (1 << k):
                return base + " offset:swizzle(BROADCAST,%d,%d)" % (1 << k, o)
    chars = ""
    for b in range(4, -1, -1):
        m = 1 << b
        if o & m:
            chars += "0" if x & m else "1"
        elif a & m:
            chars += "i" if x & m else "p"
        else:
            chars += "1" if x & m else "0"
    return base + ' offset:swizzle(BITMASK_PERM,"%s")' % chars


def check_model_words2(name, make, model, cpus):
    """As check_model, for 8-byte instructions (word pairs)."""
    print("Model check `%s`: every offset 0..0xffff disassembled and compared with the doc's rule:\n" % name)
    for cpu in cpus:
        text = "\n".join(",".join("0x%02x" % b for b in make(v)) for v in range(65536)) + "\n"
        rc, out, err = run(["--disassemble", TRIPLE, "-mcpu=" + cpu], text)
        got = [l.strip() for l in out.splitlines() if l.startswith("\t")]
        assert len(got) == 65536, err[:300]
        bad = [(v, g, model(v)) for v, g in enumerate(got) if g != model(v)]
        print("- %s: %d mismatches%s" % (cpu, len(bad), "".join("; 0x%04x: llvm `%s` model `%s`" % b for b in bad[:3])))
    print()


def section_swizzle():
    print("## 5. ds_swizzle_b32 offset\n")
    check_model_words2("ds_swizzle_b32 v0, v1 offset:N", lambda v: (0xD87A0000 | v).to_bytes(4, "little") + (1).to_bytes(4, "little"),
                       swizzle_model, CPUS)
    offs = [0x0, 0x1, 0x1f, 0x20, 0x3ff, 0x41f, 0x7ff, 0x8000, 0x8055, 0x80ff, 0xe000, 0xffff, 0x041f, 0x0c1f,
            0x7c00, 0x03e0, 0x401f, 0x4000, 0x4400, 0x7fff, 0x0421, 0x0821]
    print("Disassembly of `ds_swizzle_b32 v0, v1 offset:N` (word 0xD87A0000|N, v1 0x00000001 addr):\n")
    print("| offset | gfx900 | gfx942 |")
    print("|---|---|---|")
    for cpu_out in [None]:
        pass
    res = {}
    for cpu in ("gfx900", "gfx942"):
        probes = [((0xD87A0000 | o).to_bytes(4, "little") + (0x00000001).to_bytes(4, "little")) for o in offs]
        res[cpu] = [r[0] if r else None for r in oracle.disassemble(probes, cpu)]
    for i, o in enumerate(offs):
        print("| 0x%04x | `%s` | `%s` |" % (o, res["gfx900"][i], res["gfx942"][i]))
    print()
    lines = [
        "ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM, 0, 1, 2, 3)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM, 3, 2, 1, 0)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM, 4, 2, 1, 0)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM, \"01pip\")",
        "ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM, \"00000\")",
        "ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM, \"0000\")",
        "ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST, 2, 0)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST, 32, 31)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST, 3, 0)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(SWAP, 16)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(SWAP, 0)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(SWAP, 32)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE, 8)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE, 1)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE, 64)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(FFT, 5)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(ROTATE, 0, 3)",
        "ds_swizzle_b32 v0, v1 offset:swizzle(FOO, 1)",
        "ds_swizzle_b32 v0, v1 offset:0xffff", "ds_swizzle_b32 v0, v1 offset:0x10000", "ds_swizzle_b32 v0, v1 offset:-1",
        "ds_swizzle_b32 v0, v1 offset:32768", "ds_swizzle_b32 v0, v1",
    ]
    print_asm_table(lines, ["gfx900", "gfx942", "gfx950"])


def u16_model(mn):
    return lambda v, cpu=None: "%s %s" % (mn, ("%d" % v) if v <= 64 else "0x%x" % v)


def section_misc():
    print("## 6. Other special scalar operands\n")
    print("Plain 16-bit immediates print in decimal up to 64 and in hex above (s_endpgm: always decimal):\n")
    check_model("s_sleep", 0xBF8E0000, u16_model("s_sleep"), ["gfx900", "gfx942"])
    check_model("s_setprio", 0xBF8F0000, u16_model("s_setprio"), ["gfx900", "gfx950"])
    check_model("s_nop", 0xBF800000, u16_model("s_nop"), ["gfx90a"])
    check_model("s_trap", 0xBF920000, u16_model("s_trap"), ["gfx908"])
    check_model("s_endpgm", 0xBF810000, lambda v, c: "s_endpgm" if v == 0 else "s_endpgm %d" % v, ["gfx900"])
    lines = [
        "s_setprio 0", "s_setprio 3", "s_setprio 0xffff", "s_setprio 65536", "s_setprio -1",
        "s_sleep 0", "s_sleep 10", "s_sleep 0xffff", "s_trap 2", "s_trap 0xffff", "s_trap 65536",
        "s_nop 7", "s_nop 15", "s_nop 0xffff",
        "s_set_gpr_idx_on s0, gpr_idx(SRC0)", "s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC1,SRC2,DST)",
        "s_set_gpr_idx_on s0, gpr_idx(DST, SRC0)", "s_set_gpr_idx_on s0, gpr_idx()", "s_set_gpr_idx_on s0, 0",
        "s_set_gpr_idx_on s0, 15", "s_set_gpr_idx_on s0, 16", "s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC0)",
        "s_set_gpr_idx_on s0, gpr_idx(FOO)", "s_set_gpr_idx_off", "s_set_gpr_idx_mode gpr_idx(SRC1)",
        "s_set_gpr_idx_mode 3", "s_set_gpr_idx_idx s0",
        "s_dcache_wb", "s_dcache_inv", "s_dcache_wb_vol", "s_dcache_inv_vol", "s_memtime s[0:1]", "s_memrealtime s[0:1]",
        "s_icache_inv", "s_barrier", "s_endpgm", "s_endpgm 1", "s_endpgm_saved", "s_endpgm_ordered_ps_done",
        "s_wakeup", "s_ttracedata", "s_ttracedata_imm 1", "s_incperflevel 15", "s_decperflevel 16",
        "s_cbranch_execz 1", "s_branch 0x7fff", "s_getpc_b64 s[0:1]",
        "s_setkill 1", "s_round_mode 0xf", "s_denorm_mode 0xf", "s_version 0", "s_version UC_VERSION_GFX7",
        "s_atc_probe 7, s[0:1], 0x0", "s_scratch_load_dword s0, s[0:1], 0x0",
        "s_atomic_add s0, s[0:1], 0x0", "s_buffer_load_dword s0, s[0:3], 0x0",
        "s_load_dword s0, s[0:1], 0x1fffff", "s_load_dword s0, s[0:1], 0x200000", "s_load_dword s0, s[0:1], -1",
        "s_load_dword s0, s[0:1], -0x100000", "s_load_dword s0, s[0:1], s2", "s_load_dword s0, s[0:1], 0x0 glc",
        "s_load_dword s0, s[0:1], 0x0 nv", "s_load_dword s0, s[0:1], 0x0 dlc",
        "s_cmpk_eq_u32 s0, 0xffff", "s_movk_i32 s0, -32768", "s_movk_i32 s0, 0x10000",
        "s_call_b64 s[0:1], 4", "s_cbranch_join s[0:1]",
    ]
    print_asm_table(lines, ["gfx900", "gfx90a", "gfx942", "gfx950"])
    words = [0xBF820000, 0xBF8F0003, 0xBF8EFFFF, 0xBF92FFFF, 0xBF810001, 0xBF9C0009, 0xBF9C0000, 0xBF9C000F,
             0xBF9C0010, 0xBF9D0000, 0xBF9D000B, 0xBE801C00, 0xBE801D00, 0xBF800007, 0xBF80FFFF, 0xBF8D0004,
             0xBF8DFFFF, 0xBF110F00, 0xBF111000, 0xBF11FF00, 0xBF118000, 0xBF9D0010, 0xBF9DFFFF]
    print("Disassembly of selected SOPP/SOP1 words:\n")
    print("| word | gfx900 | gfx90a | gfx942 | gfx950 |")
    print("|---|---|---|---|---|")
    res = {}
    for cpu in ("gfx900", "gfx90a", "gfx942", "gfx950"):
        probes = [w.to_bytes(4, "little") for w in words]
        res[cpu] = [r[0] if r else "invalid" for r in oracle.disassemble(probes, cpu)]
    for i, w in enumerate(words):
        print("| 0x%08x | %s |" % (w, " | ".join("`%s`" % res[c][i] for c in ("gfx900", "gfx90a", "gfx942", "gfx950"))))
    print()


SECTIONS = {"regs": section_regs, "waitcnt": section_waitcnt, "hwreg": section_hwreg, "sendmsg": section_sendmsg,
            "swizzle": section_swizzle, "misc": section_misc}

if __name__ == "__main__":
    want = sys.argv[1:] or list(SECTIONS)
    for s in want:
        SECTIONS[s]()
