// libFuzzer harness: any byte string is assembly source for gfx1100; assembling it must never
// crash, hang or trip a sanitizer, whatever the output mode.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gfxasm/gfxasm.h"

namespace {

const gfxasm::Target &target() {
  static const gfxasm::Target t = *gfxasm::Target::create("gfx1100", {}, nullptr);
  return t;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view source(reinterpret_cast<const char *>(data), size);
  gfxasm::AssembleOptions options;
  options.fileName = "fuzz.s";
  for (bool showEncoding : {false, true}) {
    options.showEncoding = showEncoding;
    gfxasm::assemble(target(), source, options);
  }
  options.output = gfxasm::OutputKind::Null;
  gfxasm::assemble(target(), source, options);
  return 0;
}
