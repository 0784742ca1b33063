// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The printer's output. A writer gathers short texts (an instruction's) in a buffer of its own
// and appends them to the string in one piece, since many small string appends cost more than
// the rest of printing; a listing's writer (Streaming) writes straight into the string's
// storage, which it keeps larger than what was written, so that a line costs no second copy.
// Either way the string's size is what was written once the writer lets go of it (str(), its
// end).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace gfxasm::print {

class Writer {
public:
  using value_type = char; // (std::back_inserter)
  explicit Writer(std::string &s)
      : s_(s), streaming_(false), begin_(buffer_), p_(buffer_), end_(buffer_ + kBufferSize),
        base_(s.size()) {}
  struct Streaming {};
  Writer(std::string &s, Streaming) : s_(s), streaming_(true) {}
  Writer(const Writer &) = delete;
  Writer &operator=(const Writer &) = delete;
  ~Writer() { release(); }

  void push_back(char c) {
    if (p_ == end_) grow(1);
    *p_++ = c;
  }
  Writer &operator+=(char c) {
    push_back(c);
    return *this;
  }
  [[gnu::always_inline]] Writer &append(const char *d, size_t n) {
    copy(room(n), d, n);
    p_ += n;
    return *this;
  }
  // memcpy, without a library call for the short texts (mnemonics, operand names) most are:
  // two overlapping fixed-size copies.
  [[gnu::always_inline]] static void copy(char *to, const char *from, size_t n) {
    if (n >= 8 && n <= 16) {
      std::memcpy(to, from, 8);
      std::memcpy(to + n - 8, from + n - 8, 8);
    } else if (n >= 4 && n < 8) {
      std::memcpy(to, from, 4);
      std::memcpy(to + n - 4, from + n - 4, 4);
    } else if (n > 16 && n <= 32) {
      std::memcpy(to, from, 16);
      std::memcpy(to + n - 16, from + n - 16, 16);
    } else if (n < 4) {
      for (size_t i = 0; i < n; ++i) to[i] = from[i];
    } else {
      std::memcpy(to, from, n);
    }
  }
  // (inlined: most views are of a length known where they are written)
  [[gnu::always_inline]] Writer &append(std::string_view v) { return append(v.data(), v.size()); }
  [[gnu::always_inline]] Writer &operator+=(std::string_view v) { return append(v); }
  // (string literals: their length known; other C strings go through string_view)
  template <size_t N> Writer &operator+=(const char (&s)[N]) { return append(s, N - 1); }
  template <size_t N> Writer &append(const char (&s)[N]) { return append(s, N - 1); }
  Writer &append(size_t n, char c) {
    if (n <= 64 && static_cast<size_t>(end_ - p_) >= 64) { // (padding: a fixed-size store)
      std::memset(p_, c, 64);
      p_ += n;
      return *this;
    }
    std::memset(room(n), c, n);
    p_ += n;
    return *this;
  }

  // Room for `n` bytes: where they go; advance() past what was written.
  [[gnu::always_inline]] char *room(size_t n) {
    if (n > static_cast<size_t>(end_ - p_)) [[unlikely]]
      grow(n);
    return p_;
  }
  void advance(char *to) { p_ = to; }

  size_t size() const { return p_ ? base_ + static_cast<size_t>(p_ - begin_) : s_.size(); }
  // Drops what was written after `n` (a former size()).
  void resize(size_t n) {
    if (p_ && n >= base_) {
      p_ = begin_ + (n - base_);
    } else {
      release();
      s_.resize(n);
    }
  }
  // The string with everything written so far (for helpers that append to strings; the writer
  // goes on after what they appended).
  std::string &str() {
    release();
    return s_;
  }

  static constexpr size_t kBufferSize = 480, kRoom = 1984;

private:
  // (out of line: rare, and they keep the inlined paths small)
  // Everything written put into the string (its size set to what was written); the writer takes
  // the string up again on its next write.
  [[gnu::noinline]] void release() {
    if (!p_) return;
    if (begin_ == buffer_)
      s_.append(buffer_, static_cast<size_t>(p_ - buffer_));
    else
      s_.resize(static_cast<size_t>(p_ - begin_));
    begin_ = p_ = end_ = nullptr;
  }
  // Room for `n` more bytes: the buffer, or the string grown past what was written by kRoom.
  // (resize writes zeros there: in pieces below the size where memset turns to `rep stosb`,
  // which costs as much per byte as a copy.)
  [[gnu::noinline]] void grow(size_t n) {
    release();
    size_t used = s_.size();
    if (!streaming_ && n <= kBufferSize) {
      begin_ = p_ = buffer_;
      end_ = buffer_ + kBufferSize;
      base_ = used;
      return;
    }
    s_.resize(used + std::max(n, kRoom));
    begin_ = s_.data();
    p_ = begin_ + used;
    end_ = begin_ + s_.size();
    base_ = 0;
  }

  std::string &s_;
  const bool streaming_;
  char buffer_[kBufferSize];
  // Where the text goes (the buffer, or the string's storage past its first `base_` bytes);
  // null: the string's size is right.
  char *begin_ = nullptr, *p_ = nullptr, *end_ = nullptr;
  size_t base_ = 0; // the string's size that begin_ stands for
};

} // namespace gfxasm::print
