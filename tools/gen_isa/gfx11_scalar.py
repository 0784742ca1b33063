"""Scalar formats of gfx11: SOP1, SOP2, SOPK, SOPC, SOPP and SMEM, swept through the oracle.

Each opcode is disassembled with distinct register numbers in each field, so the printed operand
that shows a number tells which field it came from, and its width gives the operand's size."""
import re

from gfx11_formats import encode, format_lines
from oracle import disassemble

# Probe values per field: distinct, aligned for 512-bit tuples where the field holds SGPRs.
SDST, SSRC0, SSRC1 = 12, 20, 28
SMEM_SDATA, SMEM_SBASE = 16, 4  # sbase field holds the SGPR pair number / 2

_REG_RE = re.compile(r"^(s|ttmp)(\d+)$|^(s|ttmp)\[(\d+):(\d+)\]$")

TYPE_TOKENS = {"b32", "b64", "i32", "u32", "i64", "u64", "f32", "f16", "f64", "i16", "u16", "b16", "i8", "u8"}


def split_operands(text):
    """'s_add_u32 s12, s20, s28' -> ('s_add_u32', ['s12', 's20', 's28'])"""
    parts = text.split(None, 1)
    if len(parts) == 1:
        return parts[0], []
    ops, depth, cur = [], 0, ""
    for ch in parts[1]:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    ops.append(cur.strip())
    return parts[0], ops


def reg_info(op):
    """'s[20:21]' -> (20, 2); 's20' -> (20, 1); other -> None"""
    m = _REG_RE.match(op)
    if not m:
        return None
    if m.group(2) is not None:
        return int(m.group(2)), 1
    return int(m.group(4)), int(m.group(5)) - int(m.group(4)) + 1


def width_type(dwords):
    return {1: "b32", 2: "b64", 3: "b96", 4: "b128", 8: "b256", 16: "b512"}[dwords]


def value_types(mnemonic):
    """Constant types of (dst, src) from the mnemonic's type suffixes: s_cvt_f32_i32 -> (f32, b32)."""
    toks = [t for t in mnemonic.split("_") if t in TYPE_TOKENS]
    def norm(t):
        if t.startswith("f"):
            return t
        return {"32": "b32", "64": "b64", "16": "b16", "8": "b32"}[t[1:]]
    if not toks:
        return "b32", "b32"
    if len(toks) == 1:
        return norm(toks[0]), norm(toks[0])
    return norm(toks[0]), norm(toks[1])


def typed(width_t, value_t):
    """An operand's type: its register width, with the constant semantics of value_t when sizes agree."""
    if width_t == "b32" and value_t in ("f32", "f16", "b16"):
        return value_t if value_t != "b16" else "b32"
    if width_t == "b64" and value_t == "f64":
        return "f64"
    return width_t


class ScalarSweep:
    def __init__(self, cpus):
        self.cpus = cpus

    def sweep(self, fmt, nops, make):
        """Disassembles opcode 0..nops-1 of `fmt` on every cpu: {op: {cpu: text}}."""
        res = {}
        probes = [encode(fmt, make(op)) for op in range(nops)]
        for cpu in self.cpus:
            for op, r in enumerate(disassemble(probes, cpu)):
                if r is not None:
                    res.setdefault(op, {})[cpu] = r
        return res


def scalar_operands(fmt, mn, ops, field_of_number):
    """Maps printed register operands to fields by the probe numbers."""
    dst_t, src_t = value_types(mn)
    out = []
    for i, o in enumerate(ops):
        if o.startswith("sendmsg(") and mn.startswith("s_sendmsg_rtn"):
            out.append("ssrc0:sendmsg")  # the message id is the source field itself
            continue
        if o.startswith("0x"):
            out.append("lit:simm32:f32")  # the K constant of s_fmaak/s_fmamk, always a literal
            continue
        ri = reg_info(o)
        if ri is None:
            return None
        num, dw = ri
        field = field_of_number.get(num)
        if field is None:
            return None
        wt = width_type(dw)
        if field == "sdst":
            out.append("sdst:sreg:%s" % wt)
        else:
            out.append("%s:ssrc:%s" % (field, typed(wt, src_t if field != "sdst" else dst_t)))
    return out


def generate(cpus, unit_of):
    sw = ScalarSweep(cpus)
    insts = format_lines(["SOP1", "SOP2", "SOPK", "SOPC", "SOPP", "SMEM"]) + [""]

    def emit(fmt, op, mn, operands, cpu_set, unit="salu"):
        attrs = []
        if set(cpu_set) != set(cpus):
            attrs.append("@cpus=" + ",".join(c for c in cpus if c in cpu_set))
        attrs.append("@unit=" + unit_of(mn, unit))
        insts.append("inst %s %s 0x%x %s" % (fmt, mn, op, " ".join(operands + attrs)))

    def by_text(results):
        """{op: {cpu: (text, n)}} -> [(op, text, [cpus])] grouping cpus that agree."""
        for op in sorted(results):
            groups = {}
            for cpu, (text, n) in results[op].items():
                groups.setdefault(text, []).append(cpu)
            for text, cs in groups.items():
                yield op, text, cs

    # SOP1 / SOP2 / SOPC: registers only.
    for fmt, nops, make, fmap in [
        ("SOP1", 256, lambda op: {"op": op, "sdst": SDST, "ssrc0": SSRC0}, {SDST: "sdst", SSRC0: "ssrc0"}),
        ("SOP2", 0x60, lambda op: {"op": op, "sdst": SDST, "ssrc0": SSRC0, "ssrc1": SSRC1},
         {SDST: "sdst", SSRC0: "ssrc0", SSRC1: "ssrc1"}),
        ("SOPC", 128, lambda op: {"op": op, "ssrc0": SSRC0, "ssrc1": SSRC1}, {SSRC0: "ssrc0", SSRC1: "ssrc1"}),
    ]:
        for op, text, cs in by_text(sw.sweep(fmt, nops, make)):
            mn, ops = split_operands(text)
            operands = scalar_operands(fmt, mn, ops, fmap)
            if operands is None:
                raise RuntimeError("unrecognised %s operands: %s" % (fmt, text))
            emit(fmt, op, mn, operands, cs)

    # SOPK: sdst register and a 16-bit immediate (hex, label, hwreg).
    res = sw.sweep("SOPK", 0x1D, lambda op: {"op": op, "sdst": SDST, "simm16": 0x1234})
    for op, text, cs in by_text(res):
        mn, ops = split_operands(text)
        operands = []
        for o in ops:
            ri = reg_info(o)
            if ri and ri[0] == SDST:
                operands.append("sdst:sreg:%s" % width_type(ri[1]))
            elif o.startswith("hwreg("):
                operands.append("simm16:hwreg")
            elif o == "0x1234":
                operands.append("simm16:imm16:hex")
            elif o == "4660":
                operands.append("simm16:label")
            elif mn == "s_setreg_imm32_b32":
                operands.append("lit:simm32")
            else:
                raise RuntimeError("unrecognised SOPK operand %r in %s" % (o, text))
        emit("SOPK", op, mn, operands, cs)

    # SOPP: the immediate's printed form at 3 and whether it shows at 0.
    res3 = sw.sweep("SOPP", 128, lambda op: {"op": op, "simm16": 3})
    res0 = sw.sweep("SOPP", 128, lambda op: {"op": op, "simm16": 0})
    for op, text, cs in by_text(res3):
        mn, ops = split_operands(text)
        zero_text = res0.get(op, {}).get(cs[0], ("", 0))[0]
        optional = "?" if split_operands(zero_text)[1] == [] and ops else ""
        operands = []
        for o in ops:
            if mn.startswith("s_cbranch") or mn == "s_branch":
                operands.append("simm16:label")
            elif o == "3":
                operands.append("simm16:imm16:dec" + optional)
            elif o == "0x3":
                operands.append("simm16:imm16:hex" + optional)
            elif o.startswith("sendmsg("):
                operands.append("simm16:sendmsg")
            elif mn == "s_waitcnt":
                operands.append("simm16:waitcnt")
            elif mn == "s_delay_alu":
                operands.append("simm16:delay")
            elif mn == "s_waitcnt_depctr":
                operands.append("simm16:depctr")
            else:
                raise RuntimeError("unrecognised SOPP operand %r in %s" % (o, text))
        emit("SOPP", op, mn, operands, cs)
    # SMEM: data, base, then an SGPR or immediate offset; glc/dlc cache bits.
    res = sw.sweep("SMEM", 256, lambda op: {"op": op, "sdata": 16, "sbase": 4, "offset": 0, "soffset": 124})
    for op, text, cs in by_text(res):
        mn, ops = split_operands(text)
        operands = []
        if ops:
            ri = reg_info(ops[0])
            operands.append("sdata:sreg:%s" % width_type(ri[1]) if ri else "sdata:imm16:dec")
            operands.append("sbase:sbase:%s" % width_type(reg_info(ops[1])[1]))
            operands += ["soffset:smem_soffset?", "offset:smem_offset", "glc:flag", "dlc:flag"]
        emit("SMEM", op, mn, operands, cs, unit="smem")
    return insts
