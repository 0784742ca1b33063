// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer harness: any byte string is an ELF file for `gfxasm objdump`; listing it must never
// crash, hang or trip a sanitizer (a malformed file is an error message), with the processor
// from the file or given, and either way of showing zeros.
#include <cstddef>
#include <cstdint>

#include "gfxasm/gfxasm.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  gfxasm::ObjdumpOptions options;
  options.fileName = "fuzz.o";
  gfxasm::objdump(data, size, options);
  options.cpu = "gfx1151";
  options.features = {"+wavefrontsize64"};
  options.skipZeroes = false;
  options.leadingAddr = false;
  gfxasm::objdump(data, size, options);
  return 0;
}
