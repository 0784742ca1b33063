// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The printer's output: text gathers in a buffer on the stack and goes to the string in a few
// appends (at the end of the instruction, or when the buffer fills), since many small string
// appends cost more than the rest of printing.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace gfxasm::print {

class Writer {
public:
  using value_type = char; // (std::back_inserter)
  explicit Writer(std::string &s) : s_(s) {}
  Writer(const Writer &) = delete;
  Writer &operator=(const Writer &) = delete;
  ~Writer() { flush(); }

  void push_back(char c) {
    if (p_ == end()) flush();
    *p_++ = c;
  }
  Writer &operator+=(char c) {
    push_back(c);
    return *this;
  }
  [[gnu::always_inline]] Writer &append(const char *d, size_t n) {
    if (n > static_cast<size_t>(end() - p_)) return appendLong(d, n);
    copy(p_, d, n);
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
    if (n <= 64 && static_cast<size_t>(end() - p_) >= 64) { // (padding: a fixed-size store)
      std::memset(p_, c, 64);
      p_ += n;
      return *this;
    }
    if (n > static_cast<size_t>(end() - p_)) {
      flush();
      s_.append(n, c);
      return *this;
    }
    std::memset(p_, c, n);
    p_ += n;
    return *this;
  }

  // Room for `n` (at most kSize) bytes: where they go; advance() past what was written.
  char *room(size_t n) {
    if (n > static_cast<size_t>(end() - p_)) flush();
    return p_;
  }
  void advance(char *to) { p_ = to; }

  size_t size() const { return s_.size() + static_cast<size_t>(p_ - buf_); }
  // Drops what was written after `n` (a former size()).
  void resize(size_t n) {
    if (n >= s_.size()) {
      p_ = buf_ + (n - s_.size());
    } else {
      s_.resize(n);
      p_ = buf_;
    }
  }
  // The string with everything written so far (for helpers that append to strings).
  std::string &str() {
    flush();
    return s_;
  }

  static constexpr size_t kSize = 480;

private:
  char *end() { return buf_ + kSize; }
  // (out of line: rare, and they keep the inlined paths small)
  [[gnu::noinline]] void flush();
  [[gnu::noinline]] Writer &appendLong(const char *d, size_t n);

  std::string &s_;
  char *p_ = buf_;
  char buf_[kSize];
};

} // namespace gfxasm::print
