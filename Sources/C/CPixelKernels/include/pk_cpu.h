#ifndef PK_CPU_H
#define PK_CPU_H
#include <stdbool.h>

/// Whether this CPU has AVX2, FMA and F16C (the x86-64-v3 kernels). Computed once.
bool pk_cpu_has_avx2_fma_f16c(void);
/// Whether this CPU has AVX2, FMA, F16C and AVX-512 F, VL and DQ (the 16-float kernels; every CPU with VL has DQ).
/// Computed once.
bool pk_cpu_has_avx512(void);
/// Whether this CPU has AVX-512 F, BW, VL, DQ and VBMI (the byte-permute table loads). Computed once.
bool pk_cpu_has_avx512_vbmi(void);
#endif
