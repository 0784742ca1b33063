s_endpgm
.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .registers:
      0x2c0a: 1
      0x2c0b: 2
    .zed: 5
amdpal.version: [2, 3]
...
.end_amdgpu_pal_metadata
s_nop 0
.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .registers:
      0x2c0a: 4
      0xa191: -1
      0x1234: 7
      '0xa1b3 (FOO)': 0x10
    .api: Vulkan
...
.end_amdgpu_pal_metadata
s_nop 1
