#include "pk_cpu.h"

enum { AVX2_FMA_F16C = 1, AVX512 = 2, AVX512_VBMI = 4 };

// The CPU's features, detected once (a benign race: every thread computes the same value).
static int features(void) {
#if defined(__x86_64__) || defined(__i386__)
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        int found = 0;
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c")) found |= AVX2_FMA_F16C;
        if ((found & AVX2_FMA_F16C) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
            && __builtin_cpu_supports("avx512dq")) found |= AVX512;
        if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
            && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vbmi")) found |= AVX512_VBMI;
        cached = found;
    }
    return cached;
#else
    return 0;
#endif
}

bool pk_cpu_has_avx2_fma_f16c(void) { return features() & AVX2_FMA_F16C; }
bool pk_cpu_has_avx512(void) { return features() & AVX512; }
bool pk_cpu_has_avx512_vbmi(void) { return features() & AVX512_VBMI; }
