v_add_f32 v0, v1, v2
v_fma_f32 v0, -v1, |v2|, 0.5 clamp
global_load_b32 v1, v2, s[0:1] offset:16
ds_write_b32 v0, v1
