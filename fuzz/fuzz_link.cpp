// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness: any byte string is an object for `gfxasm link`; linking it (alone, and with
// a second copy of itself as another object) must never crash, hang or trip a sanitizer: a
// malformed object is an error message.
#include <cstddef>
#include <cstdint>

#include "gfxasm/gfxasm.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::span<const uint8_t> bytes(data, size);
  gfxasm::LinkResult one = gfxasm::link({{"fuzz.o", bytes}});
  // A successful link writes a whole file; a failed one writes nothing.
  if (one.ok() == one.output.empty()) __builtin_trap();
  // The second half of the input as a second object: symbol resolution across objects.
  gfxasm::link({{"a.o", bytes.first(size / 2)}, {"b.o", bytes.subspan(size / 2)}});
  return 0;
}
