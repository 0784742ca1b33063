// libFuzzer harness of the disassembler: any byte string is both llvm-mc --disassemble input
// text and raw machine code (decoded instruction by instruction, as objdump does), for gfx1100
// in wave32 and wave64; neither may crash, hang or trip a sanitizer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gfxasm/gfxasm.h"

namespace {

const gfxasm::Target &target(bool wave64) {
  static const gfxasm::Target t32 = *gfxasm::Target::create("gfx1100", {}, nullptr);
  static const gfxasm::Target t64 =
      *gfxasm::Target::create("gfx1100", {"+wavefrontsize64"}, nullptr);
  return wave64 ? t64 : t32;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (bool wave64 : {false, true}) {
    gfxasm::DisassembleOptions options;
    options.fileName = "fuzz.txt";
    options.showEncoding = wave64;
    // (both ways of delivering the text: whole, and in pieces)
    if (wave64) options.output = [](std::string_view piece) { (void)piece.size(); };
    gfxasm::disassemble(target(wave64),
                        std::string_view(reinterpret_cast<const char *>(data), size), options);
    for (size_t at = 0; at < size;) {
      gfxasm::DecodedInstruction d =
          gfxasm::disassembleInstruction(target(wave64), data + at, size - at);
      at += d.size ? d.size : 4;
    }
  }
  return 0;
}
