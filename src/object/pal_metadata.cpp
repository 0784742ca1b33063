// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
#include "object/pal_metadata.h"

#include <algorithm>
#include <bit>
#include <deque>
#include <utility>

#include <fmt/format.h>

namespace gfxasm::object {

namespace {

constexpr uint32_t kNtAmdPalMetadata = 12;

struct RegisterName {
  uint32_t number;
  std::string_view name;
};
constexpr RegisterName kRegisterNames[] = {
#define PAL_REGISTER(number, name) {number, #name},
#include "object/pal_register_names.inc"
#undef PAL_REGISTER
};

MetadataNode stringNode(std::string_view s) {
  MetadataNode n;
  n.kind = MetadataKind::String;
  n.stringValue = s;
  return n;
}

MetadataNode kindNode(MetadataKind kind) {
  MetadataNode n;
  n.kind = kind;
  return n;
}

MetadataNode uintNode(uint64_t v) {
  MetadataNode n;
  n.kind = MetadataKind::UInt;
  n.uintValue = v;
  return n;
}

// DocNode::getMap(/*Convert=*/true) and getArray(true): anything else becomes an empty one.
MetadataNode &asMap(MetadataNode &n) {
  if (n.kind != MetadataKind::Map) n = kindNode(MetadataKind::Map);
  return n;
}
MetadataNode &asArray(MetadataNode &n) {
  if (n.kind != MetadataKind::Array) n = kindNode(MetadataKind::Array);
  return n;
}

// DocNode::getUInt of a value llvm reads as unsigned whatever its kind (the union's bits).
uint64_t uintBits(const MetadataNode &n) {
  switch (n.kind) {
  case MetadataKind::Int: return static_cast<uint64_t>(n.intValue);
  case MetadataKind::Float: return std::bit_cast<uint64_t>(n.floatValue);
  default: return n.uintValue;
  }
}

// The document's amdpal.pipelines[0].registers map, made as llvm's refRegisters makes it.
MetadataNode &registersIn(MetadataNode &root) {
  static constexpr std::string_view kPipelines = "amdpal.pipelines", kRegisters = ".registers";
  MetadataNode &pipelines = asArray(metadataEntry(asMap(root), stringNode(kPipelines)));
  if (pipelines.elements.empty()) pipelines.elements.emplace_back();
  return asMap(metadataEntry(asMap(pipelines.elements[0]), stringNode(kRegisters)));
}

} // namespace

std::string_view palRegisterName(uint32_t number) {
  auto it = std::lower_bound(std::begin(kRegisterNames), std::end(kRegisterNames), number,
                             [](const RegisterName &r, uint32_t n) { return r.number < n; });
  return it != std::end(kRegisterNames) && it->number == number ? it->name : std::string_view();
}

bool consumeLeadingInteger(std::string_view &text, uint64_t &value) {
  unsigned radix = 10;
  auto consumePrefix = [&](std::string_view prefix, bool anyCase) {
    if (text.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i) {
      char c = text[i];
      if (anyCase && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != prefix[i]) return false;
    }
    text.remove_prefix(prefix.size());
    return true;
  };
  if (consumePrefix("0x", true))
    radix = 16;
  else if (consumePrefix("0b", true))
    radix = 2;
  else if (consumePrefix("0o", false))
    radix = 8;
  else if (text.size() > 1 && text[0] == '0' && text[1] >= '0' && text[1] <= '9') {
    text.remove_prefix(1);
    radix = 8;
  }
  if (text.empty()) return false;
  uint64_t result = 0;
  size_t used = 0;
  for (; used < text.size(); ++used) {
    const char c = text[used];
    unsigned digit = c >= '0' && c <= '9'   ? static_cast<unsigned>(c - '0')
                     : c >= 'a' && c <= 'z' ? static_cast<unsigned>(c - 'a' + 10)
                     : c >= 'A' && c <= 'Z' ? static_cast<unsigned>(c - 'A' + 10)
                                            : radix;
    if (digit >= radix) break;
    const uint64_t previous = result;
    result = result * radix + digit;
    if (result / radix < previous) return false; // overflow
  }
  if (used == 0) return false;
  text.remove_prefix(used);
  value = result;
  return true;
}

bool PalMetadata::setFromYaml(std::string_view yaml, std::vector<std::string> &badKeys,
                              MetadataError &err) {
  HsaMetadata doc;
  // (llvm's msgpack::Document::fromYAML, no verifier)
  if (!parseHsaMetadataYaml(yaml, doc, err, /*verify=*/false)) return false;
  doc_ = std::move(doc);
  format_ = Format::MsgPack;
  MetadataNode &regs = registersIn(doc_.root);
  MetadataNode written = std::move(regs);
  regs = kindNode(MetadataKind::Map);
  bool ok = true;
  for (MetadataEntry &entry : written.entries) {
    MetadataNode key = std::move(entry.key);
    if (key.kind == MetadataKind::String) {
      std::string_view text = key.stringValue;
      uint64_t number;
      if (!consumeLeadingInteger(text, number)) {
        ok = false;
        badKeys.emplace_back(text);
        continue;
      }
      key = uintNode(number);
    }
    setMetadataEntry(regs, std::move(key), std::move(entry.value));
  }
  return ok;
}

void PalMetadata::setLegacyRegister(uint32_t reg, uint32_t value) {
  format_ = Format::Legacy;
  MetadataNode &node = metadataEntry(registersIn(doc_.root), uintNode(reg));
  if (node.kind == MetadataKind::UInt) value |= static_cast<uint32_t>(node.uintValue);
  node = uintNode(value);
}

std::string PalMetadata::printAsm() const {
  if (format_ == Format::None) return "";
  MetadataNode root = doc_.root; // (renamed for printing; its strings stay in doc_.text)
  MetadataNode &regs = registersIn(root);
  if (format_ == Format::Legacy) {
    std::string out = "\t.amd_amdgpu_pal_metadata ";
    for (size_t i = 0; i < regs.entries.size(); ++i)
      out += fmt::format("{}0x{:x},0x{:x}", i ? "," : "",
                         static_cast<uint32_t>(uintBits(regs.entries[i].key)),
                         static_cast<uint32_t>(uintBits(regs.entries[i].value)));
    return out + "\n";
  }
  // The registers by name: "0x2c0a (SPI_SHADER_PGM_RSRC1_PS)" (the number's hex text).
  std::deque<std::string> names;
  MetadataNode named = kindNode(MetadataKind::Map);
  for (MetadataEntry &entry : regs.entries) {
    MetadataNode key = std::move(entry.key);
    const uint64_t number = uintBits(key);
    std::string_view name = palRegisterName(static_cast<uint32_t>(number));
    if (!name.empty()) {
      names.push_back(fmt::format("{} ({})", number ? fmt::format("{:#x}", number) : "0", name));
      key = stringNode(names.back());
    }
    setMetadataEntry(named, std::move(key), std::move(entry.value));
  }
  regs = std::move(named);
  return "\t.amdgpu_pal_metadata\n" + printMetadataYaml(root, /*hexIntegers=*/true) +
         "\t.end_amdgpu_pal_metadata\n";
}

std::string_view PalMetadata::noteName() const {
  return format_ == Format::Legacy ? "AMD" : "AMDGPU";
}

uint32_t PalMetadata::noteType() const {
  return format_ == Format::Legacy ? kNtAmdPalMetadata : kNtAmdgpuMetadata;
}

std::vector<uint8_t> PalMetadata::noteDescriptor() const {
  if (format_ == Format::MsgPack) return encodeMetadataMsgpack(doc_.root);
  std::vector<uint8_t> bytes;
  if (format_ != Format::Legacy) return bytes;
  MetadataNode root = doc_.root;
  for (const MetadataEntry &entry : registersIn(root).entries)
    for (uint64_t word : {uintBits(entry.key), uintBits(entry.value)})
      for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(word >> (8 * i)));
  return bytes;
}

} // namespace gfxasm::object
