// The disassembler driver: llvm-mc's `--disassemble` input format, byte streams and blocks,
// diagnostics at the bytes' positions.
#include <algorithm>
#include <array>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "decode/decoder.h"
#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "print/printer.h"

namespace gfxasm {

namespace {

// Characters that end a byte token, as llvm-mc reads its input.
constexpr auto kEndsToken = [] {
  std::array<bool, 256> t{};
  for (char c : std::string_view(" \t\n\r,#[]")) t[static_cast<unsigned char>(c)] = true;
  return t;
}();

// Hex digit values (-1: not a hex digit).
constexpr auto kHexDigit = [] {
  std::array<int8_t, 256> t{};
  t.fill(-1);
  for (int i = 0; i < 10; ++i) t['0' + i] = static_cast<int8_t>(i);
  for (int i = 0; i < 6; ++i) t['a' + i] = t['A' + i] = static_cast<int8_t>(10 + i);
  return t;
}();

// Output handed to DisassembleOptions::output in pieces of about this size.
constexpr size_t kOutputPiece = 1 << 16;
// Runs of at least this many bytes are decoded and printed by two threads, in batches.
constexpr size_t kPipelineBytes = 1 << 16;
constexpr size_t kBatchSize = 1024;
constexpr size_t kWorkerPrints = 4; // the worker prints one batch in this many

class Disassembler {
public:
  Disassembler(const Target &target, std::string_view input, const DisassembleOptions &opts)
      : target_(target), decoder_(target), input_(input), opts_(opts) {}

  DisassembleResult run() {
    size_t pos = 0;
    bool inBlock = false;
    while (skipToToken(pos)) {
      char c = input_[pos];
      if (c == '[' || c == ']') {
        bool open = c == '[';
        if (open == inBlock)
          report(Severity::Error, pos,
                 open ? "nested atomic blocks make no sense"
                      : "attempt to close atomic block without opening");
        inBlock = open;
        ++pos;
        continue;
      }
      // llvm-mc reads all bytes up to a bracket or the end, then decodes them: an unreadable
      // token drops the bytes before it, so nothing is decoded before the run of bytes ends.
      readBytes(pos);
      if (count_) decodeBytes(inBlock);
    }
    if (inBlock) report(Severity::Error, input_.size(), "unclosed atomic block");
    if (opts_.output) {
      if (!out_.empty()) opts_.output(out_);
    } else {
      result_.text = std::move(out_);
    }
    return std::move(result_);
  }

private:
  const Target &target_;
  const dec::Decoder decoder_;
  std::string_view input_;
  const DisassembleOptions &opts_;
  // The run of bytes being decoded: count_ of them, then room for 32 bytes of zero padding.
  std::unique_ptr<uint8_t[]> bytes_;
  size_t capacity_ = 0, count_ = 0;
  size_t runStart_ = 0; // input offset where the run's tokens start
  // Where the last byte looked up for a diagnostic was: its index in the run, its token's offset.
  size_t cursorByte_ = 0, cursorPos_ = 0;
  std::string out_;
  DisassembleResult result_;

  static bool isSeparator(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',';
  }

  // Skips spaces, commas and `#` comments; false at the end of the input.
  bool skipToToken(size_t &pos) const {
    while (pos < input_.size()) {
      char c = input_[pos];
      if (isSeparator(c)) {
        ++pos;
      } else if (c == '#') {
        size_t nl = input_.find('\n', pos);
        pos = nl == std::string_view::npos ? input_.size() : nl;
      } else {
        return true;
      }
    }
    return false;
  }

  size_t tokenEnd(size_t pos) const {
    while (pos < input_.size() && !kEndsToken[static_cast<unsigned char>(input_[pos])]) ++pos;
    return pos;
  }

  // Byte tokens up to a block bracket or the end. A token that is not a number up to 255 is an
  // error; like llvm-mc, the rest of its line and the bytes read so far are dropped.
  void readBytes(size_t &pos) {
    count_ = 0;
    runStart_ = pos;
    cursorByte_ = 0;
    cursorPos_ = pos;
    const char *s = input_.data();
    const size_t size = input_.size();
    // A token takes at least 2 input bytes (with its separator): room for all of them, allocated
    // once and left uninitialized (pages past the bytes really read stay untouched).
    if (capacity_ < (size - pos) / 2 + 40) {
      capacity_ = (size - pos) / 2 + 40;
      bytes_ = std::make_unique_for_overwrite<uint8_t[]>(capacity_);
    }
    uint8_t *out = bytes_.get();
    while (pos < size) {
      // The common spelling first: 0x and two hex digits before a token end (and the comma after
      // it), then separators and comments, then other spellings.
      unsigned char c = static_cast<unsigned char>(s[pos]);
      if (c == '0' && pos + 4 <= size && (s[pos + 1] | 0x20) == 'x') {
        int hi = kHexDigit[static_cast<unsigned char>(s[pos + 2])];
        int lo = kHexDigit[static_cast<unsigned char>(s[pos + 3])];
        if ((hi | lo) >= 0 &&
            (pos + 4 == size || kEndsToken[static_cast<unsigned char>(s[pos + 4])])) {
          *out++ = static_cast<uint8_t>(hi << 4 | lo);
          pos += 4;
          if (pos < size && s[pos] == ',') ++pos;
          continue;
        }
      }
      if (isSeparator(static_cast<char>(c)) || c == '#') {
        if (!skipToToken(pos)) break;
        continue;
      }
      if (c == '[' || c == ']') break;
      size_t end = tokenEnd(pos);
      unsigned value;
      if (!parseByte(input_.substr(pos, end - pos), value)) {
        report(Severity::Error, pos, "invalid input token", /*counts=*/false);
        size_t nl = input_.find('\n', pos);
        pos = nl == std::string_view::npos ? size : nl;
        out = bytes_.get();
        runStart_ = cursorPos_ = pos;
        continue;
      }
      *out++ = static_cast<uint8_t>(value);
      pos = end;
    }
    count_ = static_cast<size_t>(out - bytes_.get());
  }

  // The input offset of the run's byte `index`: its tokens read again from the last one looked
  // up (diagnostics come in byte order, so a run is read at most once more).
  size_t positionOf(size_t index) {
    if (index < cursorByte_) {
      cursorByte_ = 0;
      cursorPos_ = runStart_;
    }
    skipToToken(cursorPos_);
    for (; cursorByte_ < index; ++cursorByte_) {
      cursorPos_ = tokenEnd(cursorPos_);
      skipToToken(cursorPos_);
    }
    return cursorPos_;
  }

  // A number as llvm's StringRef::getAsInteger(0) reads it: 0x/0X hex, 0b/0B binary, a leading
  // 0 octal, else decimal.
  static bool parseByte(std::string_view t, unsigned &value) {
    int base = 10;
    if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
      base = 16, t.remove_prefix(2);
    else if (t.size() > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B'))
      base = 2, t.remove_prefix(2);
    else if (t.size() > 1 && t[0] == '0')
      base = 8, t.remove_prefix(1);
    if (t.empty()) return false;
    uint64_t v = 0;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v, base);
    if (ec != std::errc() || end != t.data() + t.size() || v > 255) return false;
    value = static_cast<unsigned>(v);
    return true;
  }

  void decodeBytes(bool inBlock) {
    // Decoding reads up to 16 bytes past an instruction's start: zero padding after the run.
    std::memset(bytes_.get() + count_, 0, 32);
    if (count_ >= kPipelineBytes && std::thread::hardware_concurrency() > 1) {
      decodeAndPrintInParallel(inBlock);
      return;
    }
    isa::Inst inst;
    for (size_t at = 0; decodeNext(at, inBlock, inst);) printOne(inst);
  }

  // Decodes the instruction at run offset `at` into `inst` and moves `at` past it, reporting the
  // bytes before it that are no instruction; false at the run's end (or a block's failure).
  bool decodeNext(size_t &at, bool inBlock, isa::Inst &inst) {
    const uint8_t *bytes = bytes_.get();
    while (at < count_) {
      size_t n = decoder_.decode(bytes + at, count_ - at, inst);
      if (n == 0) {
        report(Severity::Warning, positionOf(at), "invalid instruction encoding");
        // A block is one unit: llvm-mc stops decoding it (and counts that as an error).
        if (inBlock) {
          ++result_.errorCount;
          at = count_;
          return false;
        }
        at += 4;
        continue;
      }
      if (inst.softFail)
        report(Severity::Warning, positionOf(at), "potentially undefined instruction encoding");
      at += n;
      return true;
    }
    return false;
  }

  void printOne(const isa::Inst &inst) {
    printTo(out_, inst);
    flushPiece();
  }

  void printTo(std::string &out, const isa::Inst &inst) const {
    size_t start = out.size();
    out += '\t';
    print::printInst(inst, target_.wave64(), out);
    if (opts_.showEncoding) {
      // llvm-mc shows the instruction's encoding, not the bytes it read (bits no field holds
      // come out zero).
      uint8_t buf[enc::kMaxInstBytes];
      size_t len = enc::encode(inst, buf);
      print::appendEncoding(out, start, buf, len);
    } else {
      out += '\n';
    }
  }

  void flushPiece() {
    if (opts_.output && out_.size() >= kOutputPiece) {
      opts_.output(out_);
      out_.clear();
    }
  }

  // Large runs: a worker thread decodes batches of instructions (and reports the bytes that are
  // none) while this thread prints the batches before, in order; the text and the output
  // callback stay on the caller's thread. Decoding and printing cost about the same.
  void decodeAndPrintInParallel(bool inBlock) {
    struct Batch {
      std::array<isa::Inst, kBatchSize> insts;
      size_t count = 0;
      bool last = false;
      std::string text; // printed by the worker (every kWorkerPrints-th batch), else empty
    };
    std::vector<std::unique_ptr<Batch>> batches;
    std::mutex mu;
    std::condition_variable changed;
    std::deque<Batch *> decoded, free;
    for (int i = 0; i < 3; ++i) {
      batches.push_back(std::make_unique<Batch>());
      free.push_back(batches.back().get());
    }
    auto take = [&](std::deque<Batch *> &from) {
      std::unique_lock lock(mu);
      changed.wait(lock, [&] { return !from.empty(); });
      Batch *b = from.front();
      from.pop_front();
      return b;
    };
    auto give = [&](std::deque<Batch *> &to, Batch *b) {
      {
        std::lock_guard lock(mu);
        to.push_back(b);
      }
      changed.notify_all();
    };
    std::thread worker([&] {
      size_t at = 0;
      for (size_t n = 0, more = true; more; ++n) {
        Batch *b = take(free);
        b->count = 0;
        while (b->count < kBatchSize && (more = decodeNext(at, inBlock, b->insts[b->count])))
          ++b->count;
        b->last = !more;
        // Printing costs more than decoding: the worker prints a share of the batches too.
        b->text.clear();
        if (n % kWorkerPrints == kWorkerPrints - 1)
          for (size_t i = 0; i < b->count; ++i) printTo(b->text, b->insts[i]);
        give(decoded, b);
      }
    });
    for (bool last = false; !last;) {
      Batch *b = take(decoded);
      if (!b->text.empty()) {
        out_ += b->text;
        flushPiece();
      } else {
        for (size_t i = 0; i < b->count; ++i) printOne(b->insts[i]);
      }
      last = b->last;
      give(free, b);
    }
    worker.join();
  }

  // A diagnostic at input offset `at`. llvm-mc's exit status counts only some of its errors
  // (an unreadable token does not): `counts` says whether this one does.
  void report(Severity severity, size_t at, std::string msg, bool counts = true) {
    // Line starts, found once: inputs with many invalid encodings report many diagnostics.
    if (lineStarts_.empty()) {
      lineStarts_.push_back(0);
      for (size_t i = 0; i < input_.size(); ++i)
        if (input_[i] == '\n') lineStarts_.push_back(i + 1);
    }
    size_t line = static_cast<size_t>(std::upper_bound(lineStarts_.begin(), lineStarts_.end(), at) -
                                      lineStarts_.begin() - 1);
    size_t lineStart = lineStarts_[line];
    size_t lineEnd = input_.find('\n', lineStart);
    if (lineEnd == std::string_view::npos) lineEnd = input_.size();
    Diagnostic d;
    d.severity = severity;
    d.file = opts_.fileName;
    d.line = static_cast<uint32_t>(line + 1);
    d.column = static_cast<uint32_t>(at - lineStart + 1);
    d.message = std::move(msg);
    d.lineText = std::string(input_.substr(lineStart, lineEnd - lineStart));
    if (!d.lineText.empty() && d.lineText.back() == '\r') d.lineText.pop_back();
    result_.diagnostics.push_back(std::move(d));
    if (severity == Severity::Error && counts) ++result_.errorCount;
  }
  std::vector<size_t> lineStarts_;
};

} // namespace

DecodedInstruction disassembleInstruction(const Target &target, const uint8_t *bytes, size_t size) {
  return disassembleInstruction(target, bytes, size, {});
}

DecodedInstruction
disassembleInstruction(const Target &target, const uint8_t *bytes, size_t size,
                       const std::function<std::string(int64_t offset)> &nameBranchTarget) {
  DecodedInstruction out;
  disassembleInstruction(target, bytes, size, nameBranchTarget, out);
  return out;
}

void disassembleInstruction(const Target &target, const uint8_t *bytes, size_t size,
                            const std::function<std::string(int64_t offset)> &nameBranchTarget,
                            DecodedInstruction &out) {
  uint8_t padded[64] = {};
  std::memcpy(padded, bytes, std::min(size, sizeof padded - 16));
  isa::Inst inst;
  out.text.clear();
  out.branchOffset.reset();
  out.branchTargetFirst = false;
  out.size = dec::decode(target, padded, std::min(size, sizeof padded - 16), inst);
  if (!out.size) return;
  std::string symbol;
  auto operands = inst.arch->operandsOf(*inst.desc);
  for (unsigned i = 0; i < operands.size(); ++i) {
    if (operands[i].cls != isa::OpClass::label) continue;
    // llvm: the target is the next instruction's address plus 4 * the signed dword count.
    out.branchOffset = static_cast<int64_t>(static_cast<int16_t>(inst.ops[i].value)) * 4 + 4;
    // llvm's operand 0, the one llvm-objdump labels: the target, but for s_call_b64, which lists
    // the register it writes first (s_subvector_loop_* print their sdst first but read it).
    out.branchTargetFirst = inst.desc->name != "s_call_b64";
    if (nameBranchTarget) symbol = nameBranchTarget(*out.branchOffset);
    if (!symbol.empty()) {
      inst.labelOperand = static_cast<int>(i);
      inst.labelSymbol = symbol;
    }
    break;
  }
  print::printInst(inst, target.wave64(), out.text);
}

DisassembleResult disassemble(const Target &target, std::string_view input,
                              const DisassembleOptions &options) {
  return Disassembler(target, input, options).run();
}

} // namespace gfxasm
