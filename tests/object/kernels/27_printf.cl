// Copyright 2026 The gfxasm Authors
// SPDX-License-Identifier: Apache-2.0
// printf: the format strings become amdhsa.printf metadata, single-quoted YAML with escapes
// (a quote llvm's lexer reads as a too-long character constant, which joins the next line).
#define LID_X() ((uint)__builtin_amdgcn_workitem_id_x())

__kernel void print_values(__global const int *restrict a, float f)
{
    uint i = LID_X();
    if (i == 0)
        printf("value %d at %u: %f 'quoted' \"dq\" 100%%\n", a[i], i, f);
    printf("second\t%s\n", "str");
}
