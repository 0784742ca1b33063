// Not a crash: edge cases of the lexer that every run keeps honest.
s_mov_b32 s0, 0xffffffffffffffffffff
/* an unterminated block comment
