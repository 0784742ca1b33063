// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// The analyzer's rules on hand-written code, positive and negative.
#include <gtest/gtest.h>

#include "gfxasm/analyze.h"
