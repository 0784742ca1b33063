# Copyright 2026 The gfxasm Authors
# SPDX-License-Identifier: Apache-2.0
"""Runs llvm-mc-22 as the oracle for the ISA generators: disassembles byte probes and assembles
text probes in batches, and maps the answers back to each probe."""
import os
import re
import subprocess
import tempfile

LLVM_MC = os.environ.get("LLVM_MC", "llvm-mc-22")
PROBE_BYTES = 16  # every disassembly probe is padded to this size with s_nop 0 words
NOP = bytes([0x00, 0x00, 0x80, 0xBF])

_ENC_RE = re.compile(r"^\t(.*?)\s*; encoding: \[(.*)\]$")
_WARN_RE = re.compile(r"^<stdin>:(\d+):(\d+): (warning|error): (.*)$")


def _run(args, text):
    p = subprocess.run([LLVM_MC] + args, input=text, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def disassemble(probes, cpu, mattr=None, with_encoding=False):
    """probes: list of bytes (each at most PROBE_BYTES). Returns a list with, per probe, None when
    llvm-mc rejects the encoding or (text, nbytes) of the instruction decoded at its start
    (with_encoding: (text, nbytes, the encoding llvm-mc shows, as bytes))."""
    lines = []
    for p in probes:
        assert len(p) <= PROBE_BYTES and len(p) % 4 == 0
        b = p + NOP * ((PROBE_BYTES - len(p)) // 4)
        lines.append(",".join("0x%02x" % x for x in b))
    args = ["--disassemble", "-triple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, "-show-encoding"]
    if mattr:
        args.append("-mattr=" + mattr)
    rc, out, err = _run(args, "\n".join(lines) + "\n")
    bad = set()
    for line in err.splitlines():
        m = _WARN_RE.match(line)
        # "potentially undefined instruction encoding" still decodes; only invalid ones are skipped.
        if m and "potentially undefined" not in m.group(4):
            ln, col = int(m.group(1)), int(m.group(2))
            bad.add((ln - 1) * PROBE_BYTES + (col - 1) // 5)
    results = [None] * len(probes)
    off = 0
    total = len(probes) * PROBE_BYTES
    decoded = iter(_ENC_RE.match(l) for l in out.splitlines() if l.startswith("\t") and "encoding" in l)
    while off < total:
        if off in bad:
            off += 4
            continue
        m = next(decoded, None)
        if m is None:
            break
        n = len(m.group(2).split(","))
        if off % PROBE_BYTES == 0:
            results[off // PROBE_BYTES] = (m.group(1), n)
            if with_encoding:
                results[off // PROBE_BYTES] += (bytes(int(x, 16) for x in m.group(2).split(",")),)
        off += n
    if off < total and rc != 0:
        raise RuntimeError("llvm-mc stopped early (crash?) at byte %d: %s" % (off, err[-2000:]))
    return results


def assemble(lines, cpu, mattr=None):
    """Assembles each line separately. Returns per line (text, bytes) or (None, error message)."""
    args = ["-triple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, "-show-encoding"]
    if mattr:
        args.append("-mattr=" + mattr)
    rc, out, err = _run(args, "\n".join(lines) + "\n")
    errors = {}
    for line in err.splitlines():
        m = _WARN_RE.match(line)
        if m and m.group(3) == "error":
            errors.setdefault(int(m.group(1)) - 1, m.group(4))
    oks = [m for m in (_ENC_RE.match(l) for l in out.splitlines()) if m]
    res = []
    it = iter(oks)
    for i in range(len(lines)):
        if i in errors:
            res.append((None, errors[i]))
        else:
            m = next(it, None)
            if m is None:
                res.append((None, "no output"))
                continue
            res.append((m.group(1), bytes(int(x, 16) if x.startswith("0x") else 0 for x in m.group(2).split(","))))
    return res


def word_bytes(*words):
    return b"".join(w.to_bytes(4, "little") for w in words)


def sweep_opcodes(fmt, nops, make, cpus, mattr=None, formats=None, first=0):
    """Disassembles opcode first..first+nops-1 of `fmt` (fields from make(op); formats: another
    architecture's layouts, default gfx11's) on every cpu: {op: {cpu: text}} for the probes that
    decode."""
    from gfx11_formats import encode
    res = {}
    probes = [encode(fmt, make(op), formats) for op in range(first, first + nops)]
    for cpu in cpus:
        for op, r in enumerate(disassemble(probes, cpu, mattr), first):
            if r is not None:
                res.setdefault(op, {})[cpu] = r[0]
    return res


def group_by_text(results):
    """{op: {cpu: text or (text, n)}} -> [(op, text, [cpus])], the cpus that print the same text
    grouped, ops in order."""
    for op in sorted(results):
        groups = {}
        for cpu, r in results[op].items():
            groups.setdefault(r[0] if isinstance(r, tuple) else r, []).append(cpu)
        for text, cs in groups.items():
            yield op, text, cs


# Encoding suffixes llvm strips from a mnemonic before it looks the name up (longest first).
ENCODING_SUFFIXES = ("_e64_dpp", "_e32", "_e64", "_sdwa", "_dpp")
# The modes an old mnemonic is tried in on gfx11: its operands were printed for another target
# (vcc or vcc_lo, v1 or v1.l), so each wave size and true16 mode gets a chance to accept them.
ALIAS_MODES = (None, "+wavefrontsize64", "-real-true16", "-real-true16,+wavefrontsize64")


def base_name(mn):
    """'v_add_f32_e64_dpp' -> 'v_add_f32': the name without its encoding suffix."""
    for s in ENCODING_SUFFIXES:
        if mn.endswith(s):
            return mn[:-len(s)]
    return mn


def _other_target_lines(batches, bases, extra=()):
    """The lines other targets print (batches: [(cpu, probes)], each probe disassembled on that
    target; extra: lines of names no target prints) whose names are none of `bases`."""
    texts = {}
    for cpu, probes in batches:
        for r in disassemble(probes, cpu):
            if r:
                texts.setdefault(base_name(r[0].split()[0]), set()).add(r[0])
    for line in extra:
        texts.setdefault(base_name(line.split()[0]), set()).add(line)
    return [t for mn in sorted(texts) if mn not in bases for t in sorted(texts[mn])]


def asm_only_lines(batches, insts, cpus, extra=(), modes=(None,)):
    """`inst ... @flags=asm_only` lines for the mnemonics other targets print that llvm-mc accepts
    on `cpus` and prints as written, under no name of the family (gfx6's v_mul_lo_i32 on gfx9):
    llvm's assembler-only instruction definitions. Each is a copy of the entry (an `inst` line of
    insts) whose name llvm's disassembler prints for the bytes it gives, under the old name with
    that entry's encoding suffix, on the cpus that accept it; the decoder never picks it. Found as
    alias_lines finds aliases (batches, extra: the same)."""
    by_name = {}
    for l in insts:
        if l.startswith("inst "):
            by_name.setdefault(l.split()[2], []).append(l)
    bases = {base_name(n) for n in by_name}
    lines = _other_target_lines(batches, bases, extra)
    found = {}  # (old name, entry name) -> cpus
    for cpu in cpus:
        for mattr in modes:
            for line, (text, enc) in zip(lines, assemble(lines, cpu, mattr)):
                mn = base_name(line.split()[0])
                if text is None or base_name(text.split()[0]) != mn:
                    continue
                r = disassemble([enc], cpu, mattr)[0]
                if r and r[0].split()[0] in by_name:
                    found.setdefault((mn, r[0].split()[0]), set()).add(cpu)
    out = []
    for (mn, entry), accepted in sorted(found.items()):
        for l in by_name[entry]:
            w = l.split()
            w[2] = mn + entry[len(base_name(entry)):]
            attrs = [a for a in w[4:] if a.startswith("@")]
            cpu_attr = next((a for a in attrs if a.startswith("@cpus=")), None)
            has = set(cpu_attr[len("@cpus="):].split(",")) if cpu_attr else set(cpus)
            on = [c for c in cpus if c in has and c in accepted]
            if not on:
                continue
            flags = next((a for a in attrs if a.startswith("@flags=")), None)
            w = [a for a in w if a not in (cpu_attr, flags)]
            at = next((j for j, a in enumerate(w) if j > 3 and a.startswith("@")), len(w))
            extra_attrs = [] if set(on) == set(cpus) else ["@cpus=" + ",".join(on)]
            extra_attrs.append((flags + "|" if flags else "@flags=") + "asm_only")
            w[at:at] = extra_attrs
            out.append(" ".join(w))
    return out


def alias_lines(batches, insts, cpus, extra=(), modes=ALIAS_MODES):
    """`alias OLD NEW` for the mnemonics other targets print that llvm-mc accepts on `cpus` under
    another name. batches: [(cpu, probes)], each probe disassembled on that (other) target; extra:
    lines whose mnemonics no target prints. Each old mnemonic is assembled with every operand list
    printed for it, on every cpu in every mode of `modes` (-mattr values; gfx11: ALIAS_MODES); it
    becomes an alias when all it is accepted as prints one name, one of the family's (the `inst`
    lines of insts). Names compare without encoding suffix: v_add_u32_e32 stands for v_add_u32, and
    an alias covers every suffixed spelling."""
    bases = {base_name(l.split()[2]) for l in insts if l.startswith("inst ")}
    lines = _other_target_lines(batches, bases, extra)
    targets = {}
    for cpu in cpus:
        for mattr in modes:
            for line, (text, _) in zip(lines, assemble(lines, cpu, mattr)):
                if text is not None:
                    targets.setdefault(base_name(line.split()[0]), set()).add(base_name(text.split()[0]))
    return ["alias %s %s" % (mn, min(t)) for mn, t in sorted(targets.items()) if len(t) == 1 and min(t) in bases]


def width_type(dwords):
    """A register tuple's type: 1 -> 'b32', 4 -> 'b128'."""
    return "b%d" % (32 * dwords)
