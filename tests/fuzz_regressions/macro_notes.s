// A macro that calls itself twice: 2^20 calls fail at the nesting limit, each error with twenty
// "while in macro instantiation" notes (minutes and gigabytes; llvm-mc-22 prints them for
// minutes). The notes count against the expansion budget.
.macro m
m
m
.endm
m
