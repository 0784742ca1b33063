// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// XXH3-64 (seed 0, the default secret): the string hash ld.lld uses to spread the pieces of
// mergeable sections (SHF_MERGE, e.g. .comment) over its 32 shards, which decides their order
// in the output. Written from the public XXH3 specification.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gfxasm::object {

uint64_t xxh3_64(const uint8_t *data, size_t size);

} // namespace gfxasm::object
