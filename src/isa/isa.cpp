#include "isa/isa.h"

#include <algorithm>

namespace gfxasm::isa {

namespace {
constexpr std::string_view kFieldNames[] = {
#define FIELD(n) #n,
#include "isa/fields.def"
#undef FIELD
};
constexpr std::string_view kClassNames[] = {
#define CLASS(n, positional, family) #n,
#include "isa/classes.def"
#undef CLASS
};
constexpr bool kClassPositional[] = {
#define CLASS(n, positional, family) positional,
#include "isa/classes.def"
#undef CLASS
};
constexpr std::string_view kTypeNames[] = {
#define TYPE(n, bits, kind) #n,
#include "isa/types.def"
#undef TYPE
};
constexpr unsigned kTypeBits[] = {
#define TYPE(n, bits, kind) bits,
#include "isa/types.def"
#undef TYPE
};
constexpr char kTypeKinds[] = {
#define TYPE(n, bits, kind) #kind[0],
#include "isa/types.def"
#undef TYPE
};
} // namespace

std::string_view fieldName(Field f) {
  return kFieldNames[static_cast<unsigned>(f)];
}
std::string_view className(OpClass c) {
  return kClassNames[static_cast<unsigned>(c)];
}
std::string_view typeName(OpType t) {
  return kTypeNames[static_cast<unsigned>(t)];
}
bool isPositional(OpClass c) {
  return kClassPositional[static_cast<unsigned>(c)];
}
unsigned typeBits(OpType t) {
  return kTypeBits[static_cast<unsigned>(t)];
}
char typeKind(OpType t) {
  return kTypeKinds[static_cast<unsigned>(t)];
}

std::span<const InstrDesc> ArchTables::lookup(std::string_view name) const {
  auto lo = std::lower_bound(instrs.begin(), instrs.end(), name,
                             [](const InstrDesc &d, std::string_view n) { return d.name < n; });
  auto hi = lo;
  while (hi != instrs.end() && hi->name == name) ++hi;
  return {lo, hi};
}

} // namespace gfxasm::isa
