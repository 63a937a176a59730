#ifndef PK_DISPATCH_H
#define PK_DISPATCH_H
// Private to CPixelKernels: a kernel body written once as an always-inline function (`name##_body`) is compiled
// twice, for the baseline target and inside an AVX2/FMA/F16C function, and PK_PICK(name) chooses at run time.
#include "pk_cpu.h"

#define PK_INLINE static inline __attribute__((always_inline))
#if defined(__x86_64__)
#define PK_DISPATCH(name, args, call) \
    __attribute__((target("avx2,fma,f16c"))) static void name##_avx2 args { name##_body call; } \
    static void name##_base args { name##_body call; }
#define PK_PICK(name) (pk_cpu_has_avx2_fma_f16c() ? name##_avx2 : name##_base)
// Three builds: also an AVX-512 one (wider vectors; the same FMA operations in the same order as the AVX2 build,
// so the same results), where a kernel gains from 16-float vectors.
#define PK_DISPATCH_WIDE(name, args, call) \
    __attribute__((target("avx512f,avx512vl,avx2,fma,f16c"))) static void name##_avx512 args { name##_body call; } \
    PK_DISPATCH(name, args, call)
#define PK_PICK_WIDE(name) (pk_cpu_has_avx512() ? name##_avx512 : PK_PICK(name))
#else
#define PK_DISPATCH(name, args, call) static void name##_base args { name##_body call; }
#define PK_PICK(name) name##_base
#define PK_DISPATCH_WIDE(name, args, call) PK_DISPATCH(name, args, call)
#define PK_PICK_WIDE(name) PK_PICK(name)
#endif
#endif
