#include "pk_cpu.h"

bool pk_cpu_has_avx2_fma_f16c(void) {
#if defined(__x86_64__) || defined(__i386__)
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c");
    }
    return cached == 1;
#else
    return false;
#endif
}

bool pk_cpu_has_avx512_vbmi(void) {
#if defined(__x86_64__)
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
            && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vbmi");
    }
    return cached == 1;
#else
    return false;
#endif
}

bool pk_cpu_has_avx512(void) {
#if defined(__x86_64__)
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = pk_cpu_has_avx2_fma_f16c() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
    }
    return cached == 1;
#else
    return false;
#endif
}
