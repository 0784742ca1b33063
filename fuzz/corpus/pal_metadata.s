.amd_amdgpu_pal_metadata 0x2c0a, 1, 0x2c0b, 2
.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .registers:
      '0x2c0a (SPI_SHADER_PGM_RSRC1_PS)': 0x1
      0xa1b3: 2
    .internal_pipeline_hash: [0x1, 0x2]
amdpal.version: [3, 0]
...
.end_amdgpu_pal_metadata s_nop 0
s_endpgm
