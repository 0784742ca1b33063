// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The disassembler driver: llvm-mc's `--disassemble` input format, byte streams and blocks,
// diagnostics at the bytes' positions.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <charconv>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "decode/decoder.h"
#include "decode/helper_thread.h"
#include "encode/encoder.h"
#include "gfxasm/gfxasm.h"
#include "isa/arch_traits.h"
#include "print/printer.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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
// Runs of at least this many bytes (outside blocks) are decoded and printed by two threads, in
// chunks of kChunkBytes; at most kChunkSlots chunks are decoded and not yet in the listing.
constexpr size_t kParallelBytes = 1 << 16;
constexpr size_t kChunkBytes = 1 << 15;
constexpr size_t kChunkSlots = 4;
// Stretches of input text of at least kParallelText characters are read into bytes by two
// threads, in segments of about kTextSegment.
constexpr size_t kParallelText = 1 << 18;
constexpr size_t kTextSegment = 1 << 17;
// The text is read in windows of about this size (DisassembleOptions::inputRead after each).
constexpr size_t kTextWindow = 1 << 21;

class Disassembler {
public:
  Disassembler(const Target &target, std::string_view input, const DisassembleOptions &opts)
      : helper_(opts.threads && input.size() >= std::min(kParallelText, 2 * kParallelBytes) &&
                        std::thread::hardware_concurrency() > 1
                    ? std::make_unique<dec::HelperThread>()
                    : nullptr),
        target_(target), input_(input), opts_(opts) {}

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
  // The second thread, for large inputs (started first: it takes a while to run).
  std::unique_ptr<dec::HelperThread> helper_;
  const Target &target_;
  // Built by the first thread that needs it (the helper, while the caller reads the input).
  mutable std::optional<dec::Decoder> decoder_;
  mutable std::once_flag decoderBuilt_;
  const dec::Decoder &decoder() const {
    std::call_once(decoderBuilt_, [this] { decoder_.emplace(target_); });
    return *decoder_;
  }
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

  // What parseBytes read of a stretch of the input.
  struct ParsedBytes {
    size_t end = 0;      // where it stopped: a block bracket or the stretch's end
    size_t count = 0;    // bytes kept (after the last unreadable token)
    size_t keptFrom = 0; // input offset of the first kept byte's token (or the stretch's start)
    std::vector<size_t> badTokens; // offsets of unreadable tokens
  };

  // Byte tokens of input_[pos, limit) up to a block bracket, into `out`. A token that is not a
  // number up to 255 is an error; like llvm-mc, the rest of its line and the bytes read so far
  // are dropped. (`limit` is the input's end or just after a newline: no token crosses it.)
  void parseBytes(size_t pos, size_t limit, uint8_t *out, ParsedBytes &r) const {
    r = {};
    r.keptFrom = pos;
    const char *s = input_.data();
    uint8_t *const first = out;
    const size_t size = input_.size();
    while (pos < limit) {
      // The common spelling first: 0x and two hex digits before a token end, and a separator
      // after it, read 8 input bytes at a time.
#ifdef __SSE2__
      // Three tokens at a time where they follow each other (llvm-mc's own spelling).
      while (pos + 16 <= size && pos + 15 <= limit && threeTokens(s + pos, out)) {
        out += 3;
        pos += 15;
      }
#endif
      if constexpr (std::endian::native == std::endian::little) {
        while (pos < limit && pos + 8 <= size) {
          uint64_t w;
          std::memcpy(&w, s + pos, 8);
          if ((w & 0xdfff) != 0x5830) break; // "0x" or "0X"
          int hi = kHexDigit[w >> 16 & 0xff], lo = kHexDigit[w >> 24 & 0xff];
          unsigned char end = w >> 32 & 0xff;
          if ((hi | lo) < 0 || !kEndsToken[end]) break;
          *out++ = static_cast<uint8_t>(hi << 4 | lo);
          pos += 4 + isSeparator(static_cast<char>(end));
        }
        if (pos >= limit) break;
      }
      // The same near the input's end, then separators and comments, then other spellings.
      unsigned char c = static_cast<unsigned char>(s[pos]);
      if (c == '0' && pos + 4 <= limit && (s[pos + 1] | 0x20) == 'x') {
        int hi = kHexDigit[static_cast<unsigned char>(s[pos + 2])];
        int lo = kHexDigit[static_cast<unsigned char>(s[pos + 3])];
        if ((hi | lo) >= 0 &&
            (pos + 4 == limit || kEndsToken[static_cast<unsigned char>(s[pos + 4])])) {
          *out++ = static_cast<uint8_t>(hi << 4 | lo);
          pos += 4;
          if (pos < limit && s[pos] == ',') ++pos;
          continue;
        }
      }
      if (isSeparator(static_cast<char>(c)) || c == '#') {
        if (!skipToToken(pos) || pos >= limit) {
          pos = std::min(pos, limit);
          break;
        }
        continue;
      }
      if (c == '[' || c == ']') break;
      size_t end = tokenEnd(pos);
      unsigned value;
      if (!parseByte(input_.substr(pos, end - pos), value)) {
        r.badTokens.push_back(pos);
        size_t nl = input_.find('\n', pos);
        pos = nl == std::string_view::npos || nl > limit ? limit : nl;
        out = first;
        r.keptFrom = pos;
        continue;
      }
      *out++ = static_cast<uint8_t>(value);
      pos = end;
    }
    r.end = pos;
    r.count = static_cast<size_t>(out - first);
  }

#ifdef __SSE2__
  // Whether the 16 characters at `p` start with "0xHH,0xHH,0xHH," (0X, upper-case digits and a
  // newline for any comma allowed); if so, the three bytes go to `out`.
  static bool threeTokens(const char *p, uint8_t *out) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    // What each position holds: 0x (L), a hex digit (H), a comma or newline (S).
    //                                      0    1    2  3  4  5    6    7  8  9  10   11   12 13 14
    const __m128i literal =
        _mm_setr_epi8('0', 'x', 0, 0, 0, '0', 'x', 0, 0, 0, '0', 'x', 0, 0, 0, 0);
    const __m128i lowerX = _mm_setr_epi8(0, 0x20, 0, 0, 0, 0, 0x20, 0, 0, 0, 0, 0x20, 0, 0, 0, 0);
    const __m128i isL = _mm_setr_epi8(-1, -1, 0, 0, 0, -1, -1, 0, 0, 0, -1, -1, 0, 0, 0, 0);
    const __m128i isH = _mm_setr_epi8(0, 0, -1, -1, 0, 0, 0, -1, -1, 0, 0, 0, -1, -1, 0, 0);
    const __m128i isS = _mm_setr_epi8(0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0);
    __m128i lit = _mm_cmpeq_epi8(_mm_or_si128(v, lowerX), literal);
    __m128i sep =
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
    // (unsigned c - '0' <= 9, or (c | 0x20) - 'a' <= 5)
    __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
    __m128i letter = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
    __m128i hex = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit),
                               _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(5)), letter));
    __m128i ok = _mm_or_si128(_mm_and_si128(lit, isL),
                              _mm_or_si128(_mm_and_si128(hex, isH), _mm_and_si128(sep, isS)));
    if ((_mm_movemask_epi8(ok) & 0x7fff) != 0x7fff) return false;
    auto hexAt = [&](int i) { return kHexDigit[static_cast<unsigned char>(p[i])]; };
    out[0] = static_cast<uint8_t>(hexAt(2) << 4 | hexAt(3));
    out[1] = static_cast<uint8_t>(hexAt(7) << 4 | hexAt(8));
    out[2] = static_cast<uint8_t>(hexAt(12) << 4 | hexAt(13));
    return true;
  }
#endif

  // Reads a run of bytes (up to a block bracket or the end) into bytes_, from `pos`, which it
  // moves past them. The text is read in windows of about kTextWindow (ending after a newline:
  // no token crosses them), and after each DisassembleOptions::inputRead hears how far it got,
  // so that a caller that mapped the input can let go of what is behind (only the bytes are
  // kept: a fifth of the text). Windows of a stretch without brackets are read by both threads,
  // in segments, put together in order afterwards.
  void readBytes(size_t &pos) {
    const size_t size = input_.size();
    // A token takes at least 2 input bytes (with its separator): room for all of them, and one
    // more per segment, allocated once and left uninitialized (pages past the bytes really
    // read stay untouched).
    size_t needed = (size - pos) / 2 + (size - pos) / kTextSegment + 64;
    if (capacity_ < needed) {
      capacity_ = needed;
      bytes_ = std::make_unique_for_overwrite<uint8_t[]>(capacity_);
    }
    ParsedBytes run;
    run.keptFrom = pos;
    for (size_t at = pos;;) {
      size_t windowEnd = size;
      if (size - at > kTextWindow + kTextWindow / 2) {
        size_t nl = input_.find('\n', at + kTextWindow);
        if (nl != std::string_view::npos) windowEnd = nl + 1;
      }
      bool stopped = readWindow(at, windowEnd, run); // (at a bracket)
      at = run.end;
      markLines(at);
      if (opts_.inputRead) opts_.inputRead(at);
      if (stopped || at >= size) break;
    }
    for (size_t at : run.badTokens)
      report(Severity::Error, at, "invalid input token", /*counts=*/false);
    pos = run.end;
    count_ = run.count;
    runStart_ = cursorPos_ = run.keptFrom;
    cursorByte_ = 0;
  }

  // Reads input_[at, windowEnd) into bytes_ after the run's bytes so far (an unreadable token
  // drops those); true when a bracket stopped it.
  bool readWindow(size_t at, size_t windowEnd, ParsedBytes &run) {
    const size_t parallelEnd = helper_ ? bracketFreeEnd(at, windowEnd) : at;
    uint8_t *const base = bytes_.get() + run.count;
    if (parallelEnd - at < kParallelText) {
      ParsedBytes p;
      parseBytes(at, windowEnd, base, p);
      mergeParsed(run, p, base);
      return p.end < windowEnd;
    }
    struct Segment {
      size_t start, limit, out;
      ParsedBytes parsed;
    };
    std::vector<Segment> parts;
    for (size_t from = at; from < windowEnd;) {
      size_t nl = from + kTextSegment < parallelEnd ? input_.find('\n', from + kTextSegment)
                                                    : std::string_view::npos;
      // (the last segment goes on past the stretch, up to the window's end or a bracket)
      size_t limit = nl == std::string_view::npos || nl >= parallelEnd ? windowEnd : nl + 1;
      parts.push_back({from, limit, (from - at) / 2 + parts.size(), {}});
      from = limit;
    }
    std::atomic<size_t> next{0};
    auto work = [&] {
      for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < parts.size();)
        parseBytes(parts[i].start, parts[i].limit, base + parts[i].out, parts[i].parsed);
    };
    helper_->start([&] {
      decoder();
      work();
    });
    work();
    helper_->wait();
    // In order: an unreadable token drops the bytes before it, a bracket ends the run.
    for (const Segment &part : parts) {
      mergeParsed(run, part.parsed, base + part.out);
      if (part.parsed.end < part.limit) return true; // (only the last one can stop early)
    }
    return false;
  }

  // Appends what parseBytes read into `from` to the run's bytes.
  void mergeParsed(ParsedBytes &run, const ParsedBytes &p, const uint8_t *from) {
    if (!p.badTokens.empty()) run.count = 0, run.keptFrom = p.keptFrom;
    std::memmove(bytes_.get() + run.count, from, p.count);
    run.count += p.count;
    run.badTokens.insert(run.badTokens.end(), p.badTokens.begin(), p.badTokens.end());
    run.end = p.end; // (only the last segment can stop early, at a bracket)
  }

  // The start of the line of the first bracket character in [pos, limit) (in a comment or
  // not), or `limit`. (Only the window is looked at: the rest of a mapped input stays unread.)
  size_t bracketFreeEnd(size_t pos, size_t limit) const {
    const char *s = input_.data();
    size_t at = pos;
#ifdef __SSE2__
    for (; at + 16 <= limit; at += 16) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + at));
      __m128i bracket = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('[')),
                                     _mm_cmpeq_epi8(v, _mm_set1_epi8(']')));
      if (_mm_movemask_epi8(bracket)) break;
    }
#endif
    while (at < limit && s[at] != '[' && s[at] != ']') ++at;
    if (at >= limit) return limit;
    size_t nl = input_.rfind('\n', at);
    return nl == std::string_view::npos || nl < pos ? pos : nl + 1;
  }

  // The input offset of the run's byte `index`: its tokens read again from the last one looked
  // up (diagnostics come in byte order, so a run is read at most once more).
  size_t positionOf(size_t index) {
    if (index < cursorByte_) {
      cursorByte_ = 0;
      cursorPos_ = runStart_;
    }
    skipToToken(cursorPos_);
    const char *s = input_.data();
    const size_t size = input_.size();
    size_t released = cursorPos_;
    for (; cursorByte_ < index; ++cursorByte_) {
      // llvm-mc's spelling: "0xHH" and a comma or newline before the next token's "0".
      const char *t = s + cursorPos_;
      if (cursorPos_ + 6 <= size && t[0] == '0' && (t[4] == ',' || t[4] == '\n') && t[5] == '0' &&
          !kEndsToken[static_cast<unsigned char>(t[1])] &&
          !kEndsToken[static_cast<unsigned char>(t[2])] &&
          !kEndsToken[static_cast<unsigned char>(t[3])]) {
        cursorPos_ += 5;
      } else {
        cursorPos_ = tokenEnd(cursorPos_);
        skipToToken(cursorPos_);
      }
      // (a long walk lets the caller drop the text it went over, as reading did)
      if (cursorPos_ - released >= kTextWindow && opts_.inputRead) {
        opts_.inputRead(cursorPos_);
        released = cursorPos_;
      }
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
    // (A block stops at its first invalid encoding: decoded on one thread.)
    if (!inBlock && count_ >= kParallelBytes && helper_) {
      decodeAndPrintInParallel();
      return;
    }
    isa::Inst inst;
    const dec::Decoder &d = decoder();
    // One writer for the run: the text goes to the listing a buffer at a time.
    print::Writer text(out_, print::Writer::Streaming{});
    for (size_t at = 0; decodeNext(d, at, inBlock, inst);) {
      printTo(text, inst);
      if (opts_.output && text.size() >= kOutputPiece) {
        text.str();
        flushPiece();
      }
    }
  }

  // Decodes the instruction at run offset `at` into `inst` and moves `at` past it, reporting the
  // bytes before it that are no instruction; false at the run's end (or a block's failure).
  bool decodeNext(const dec::Decoder &decoder, size_t &at, bool inBlock, isa::Inst &inst) {
    const uint8_t *bytes = bytes_.get();
    while (at < count_) {
      size_t n = decoder.decode(bytes + at, count_ - at, inst);
      if (n == 0) {
        reportInvalidEncoding(positionOf(at));
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

  void printTo(print::Writer &out, const isa::Inst &inst) const {
    size_t start = out.size();
    out += '\t';
    print::printInst(inst, target_, out);
    if (opts_.showEncoding) {
      // llvm-mc shows the instruction's encoding, not the bytes it read (bits no field holds
      // come out zero).
      uint8_t buf[enc::kMaxInstBytes];
      size_t len = enc::encode(inst, buf);
      print::appendEncoding(out.str(), start, buf, len);
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

  // Large runs: both threads decode and print chunks of the run, and the caller's thread puts
  // their text and diagnostics together in order (it alone calls the output callback). Where
  // an instruction starts depends on every instruction before it, so a chunk's first
  // instruction is a guess: its first byte. The chunk before ends where its last instruction
  // ends; when that is not the guess, the chunk's text starts at its instruction that starts
  // there (decoding falls into step within a few instructions), and when none does, the chunk
  // is decoded again from there. Only text crosses between the threads, not decoded
  // instructions: those are 5 times larger, and moving them cost more than decoding them.
  struct alignas(128) Chunk {    // (aligned: each thread writes to its own chunk)
    size_t begin = 0, limit = 0; // instructions that start in [begin, limit)
    size_t end = 0;              // where the last one ends
    std::string text;
    struct Step {
      size_t at, textPos, diagCount;
    };
    std::vector<Step> firstSteps; // the first kSyncSteps instructions (or invalid words)
    struct Note {
      size_t at;
      bool invalid; // else a soft failure
    };
    std::vector<Note> notes;
    std::atomic<bool> done{false};
  };
  static constexpr size_t kSyncSteps = 64;

  void decodeChunk(Chunk &c, size_t begin) const {
    c.begin = begin;
    c.text.clear();
    c.firstSteps.clear();
    c.notes.clear();
    isa::Inst inst;
    size_t at = begin;
    const uint8_t *bytes = bytes_.get();
    const dec::Decoder &decoder = this->decoder();
    print::Writer text(c.text, print::Writer::Streaming{});
    while (at < c.limit && at < count_) {
      if (c.firstSteps.size() < kSyncSteps)
        c.firstSteps.push_back({at, text.size(), c.notes.size()});
      size_t n = decoder.decode(bytes + at, count_ - at, inst);
      if (n == 0) {
        c.notes.push_back({at, true});
        at += 4;
        continue;
      }
      if (inst.softFail) c.notes.push_back({at, false});
      printTo(text, inst);
      at += n;
    }
    c.end = at;
  }

  // Appends chunk `c` to the listing when the run's instructions reach `next`; moves `next` to
  // where they go on.
  void mergeChunk(Chunk &c, size_t &next) {
    if (next >= c.limit) return; // the instructions before cover the whole chunk
    Chunk::Step from{c.begin, 0, 0};
    if (next != c.begin) {
      auto it = std::find_if(c.firstSteps.begin(), c.firstSteps.end(),
                             [&](const Chunk::Step &s) { return s.at == next; });
      if (it != c.firstSteps.end()) {
        from = *it;
      } else {
        decodeChunk(c, next);
        from = {next, 0, 0};
      }
    }
    for (size_t i = from.diagCount; i < c.notes.size(); ++i) {
      if (c.notes[i].invalid)
        reportInvalidEncoding(positionOf(c.notes[i].at));
      else
        report(Severity::Warning, positionOf(c.notes[i].at),
               "potentially undefined instruction encoding");
    }
    std::string_view text = std::string_view(c.text).substr(from.textPos);
    if (opts_.output) {
      if (!out_.empty()) {
        opts_.output(out_);
        out_.clear();
      }
      opts_.output(text);
    } else {
      out_ += text;
    }
    next = c.end;
  }

  void decodeAndPrintInParallel() {
    const size_t chunks = (count_ + kChunkBytes - 1) / kChunkBytes;
    std::array<Chunk, kChunkSlots> slots;
    // Chunks claimed by a thread and chunks in the listing; a chunk's slot is free once the
    // chunk kChunkSlots before it is in the listing.
    std::atomic<size_t> claimed{0}, merged{0};
    // Claims the next chunk if its slot is free; `chunks` if none (all claimed, or no slot).
    auto claim = [&]() -> size_t {
      size_t k = claimed.load(std::memory_order_relaxed);
      while (k < chunks && k < merged.load(std::memory_order_acquire) + kChunkSlots)
        if (claimed.compare_exchange_weak(k, k + 1, std::memory_order_relaxed)) return k;
      return chunks;
    };
    auto decodeClaimed = [&](size_t k) {
      Chunk &c = slots[k % kChunkSlots];
      c.limit = std::min(count_, (k + 1) * kChunkBytes);
      decodeChunk(c, k * kChunkBytes);
      c.done.store(true, std::memory_order_release);
    };
    helper_->start([&] {
      for (;;) {
        size_t k = chunks;
        dec::spinUntil([&] {
          return (k = claim()) != chunks || claimed.load(std::memory_order_relaxed) >= chunks;
        });
        if (k == chunks) return;
        decodeClaimed(k);
      }
    });
    size_t next = 0;
    for (size_t m = 0; m < chunks;) {
      Chunk &c = slots[m % kChunkSlots];
      size_t k = chunks;
      dec::spinUntil(
          [&] { return c.done.load(std::memory_order_acquire) || (k = claim()) != chunks; });
      if (k != chunks) {
        decodeClaimed(k);
        continue;
      }
      mergeChunk(c, next);
      c.done.store(false, std::memory_order_relaxed);
      merged.store(++m, std::memory_order_release);
    }
    helper_->wait();
  }

  // llvm-mc's warning, and on an architecture gfxasm covers in part, a note saying so (once).
  void reportInvalidEncoding(size_t at) {
    report(Severity::Warning, at, "invalid instruction encoding");
    const isa::ArchTraits &traits = *static_cast<const isa::ArchTables *>(target_.arch())->traits;
    if (!traits.coverage.empty() && !coverageNoted_) {
      coverageNoted_ = true;
      report(Severity::Note, at,
             fmt::format("gfxasm decodes {} on {} so far", traits.coverage, target_.cpuName()));
    }
  }
  bool coverageNoted_ = false;

  // A diagnostic at input offset `at`. llvm-mc's exit status counts only some of its errors
  // (an unreadable token does not): `counts` says whether this one does.
  void report(Severity severity, size_t at, std::string msg, bool counts = true) {
    // The line: counted from the mark of the window before (reading marked each window's end).
    auto mark = std::upper_bound(lineMarks_.begin(), lineMarks_.end(), at,
                                 [](size_t a, const LineMark &m) { return a < m.offset; });
    LineMark from = mark == lineMarks_.begin() ? LineMark{0, 0} : *std::prev(mark);
    size_t line = from.line + countNewlines(from.offset, at);
    size_t lineStart = at == 0 ? 0 : input_.rfind('\n', at - 1);
    lineStart = lineStart == std::string_view::npos || at == 0 ? 0 : lineStart + 1;
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
    if (opts_.inputRead) opts_.inputRead(lineStart); // (what counting the line went over)
    if (severity == Severity::Error && counts) ++result_.errorCount;
  }
  // Line numbers (0-based) at offsets where reading stopped, in input order: a diagnostic's line
  // is counted from the one before it, never from the input's start (whose pages may be gone).
  struct LineMark {
    size_t offset, line;
  };
  std::vector<LineMark> lineMarks_;
  void markLines(size_t at) {
    LineMark last = lineMarks_.empty() ? LineMark{0, 0} : lineMarks_.back();
    if (at <= last.offset) return;
    lineMarks_.push_back({at, last.line + countNewlines(last.offset, at)});
  }
  size_t countNewlines(size_t from, size_t to) const {
    const char *s = input_.data();
    size_t n = 0;
#ifdef __SSE2__
    // Per byte lane a count (a match is -1: subtracted), summed every 255 blocks (no popcnt
    // instruction in the baseline x86-64: std::popcount is a library call there).
    while (from + 16 <= to) {
      __m128i counts = _mm_setzero_si128();
      for (unsigned k = 0; k < 255 && from + 16 <= to; ++k, from += 16) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + from));
        counts = _mm_sub_epi8(counts, _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
      }
      __m128i sums = _mm_sad_epu8(counts, _mm_setzero_si128());
      n += static_cast<size_t>(_mm_cvtsi128_si32(sums)) +
           static_cast<size_t>(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
    }
#endif
    for (; from < to; ++from) n += s[from] == '\n';
    return n;
  }
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
  print::printInst(inst, target, out.text);
}

DisassembleResult disassemble(const Target &target, std::string_view input,
                              const DisassembleOptions &options) {
  return Disassembler(target, input, options).run();
}

} // namespace gfxasm
