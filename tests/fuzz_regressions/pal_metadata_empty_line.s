.amdgpu_pal_metadata

---

amdpal.version: [2, 3]

...

.end_amdgpu_pal_metadata
