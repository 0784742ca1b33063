// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// PAL metadata (the AMD PAL ABI of graphics drivers and their compilers): what llvm-mc-22 makes of
// `.amdgpu_pal_metadata` ... `.end_amdgpu_pal_metadata` (a YAML document, any OS) and of
// `.amd_amdgpu_pal_metadata REG, VALUE, ...` (register pairs, the older format, amdpal only), as
// llvm's AMDGPUPALMetadata keeps them: one document for the file, printed and written as a note
// when the file ends.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "object/hsa_metadata.h"

namespace gfxasm::object {

class PalMetadata {
public:
  // Nothing yet, the register pairs (NT_AMD_PAL_METADATA), or the MessagePack document
  // (NT_AMDGPU_METADATA); the last directive decides.
  enum class Format { None, Legacy, MsgPack };

  // A `.amdgpu_pal_metadata` block replaces the document. The registers map's string keys
  // ("0x2c0a (SPI_SHADER_PGM_RSRC1_PS)") become the numbers they start with; false when the YAML
  // does not read or a key does not start with a number (`badKeys`: what llvm says of each, the
  // rest of the text where the number was expected).
  bool setFromYaml(std::string_view yaml, std::vector<std::string> &badKeys, MetadataError &err);
  // A `.amd_amdgpu_pal_metadata` pair: the older format, the value ORed into the register's.
  void setLegacyRegister(uint32_t reg, uint32_t value);

  Format format() const { return format_; }
  // What llvm-mc prints for it when the file ends ("" for nothing).
  std::string printAsm() const;
  // The note's name, type and descriptor (an empty descriptor: no note).
  std::string_view noteName() const;
  uint32_t noteType() const;
  std::vector<uint8_t> noteDescriptor() const;

private:
  HsaMetadata doc_;
  Format format_ = Format::None;
};

// The name llvm gives a PAL register number, or "" (tools/pal_registers/).
std::string_view palRegisterName(uint32_t number);

// llvm's StringRef::consumeInteger(0, uint64_t): the leading number of `text` in the base its
// prefix names (0x, 0b, 0o, a leading 0), consumed from `text`; false when there is none or it
// overflows (`text` then as llvm leaves it: without the prefix it consumed).
bool consumeLeadingInteger(std::string_view &text, uint64_t &value);

} // namespace gfxasm::object
