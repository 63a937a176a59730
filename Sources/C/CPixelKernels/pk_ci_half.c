// Half-float conversions: F16C when the CPU has it, a bit-exact software path otherwise.
#include "pk_ci.h"
#include "pk_cpu.h"
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static inline uint16_t soft_f32_to_f16(float value) {
    uint32_t x; memcpy(&x, &value, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t magnitude = x & 0x7FFFFFFFu;
    if (magnitude >= 0x7F800000u) return (uint16_t)(sign | 0x7C00u | (magnitude > 0x7F800000u ? 0x200u : 0));
    if (magnitude >= 0x477FF000u) return (uint16_t)(sign | 0x7C00u);            // overflow → infinity
    if (magnitude < 0x38800000u) {                                               // subnormal or zero
        if (magnitude < 0x33000000u) return (uint16_t)sign;
        uint32_t mantissa = (magnitude & 0x7FFFFFu) | 0x800000u;
        int shift = 126 - (int)(magnitude >> 23);                                // 14…24
        uint32_t half = mantissa >> (shift);
        uint32_t rest = mantissa & ((1u << shift) - 1);
        uint32_t halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (half & 1))) half++;
        return (uint16_t)(sign | half);
    }
    uint32_t bits = magnitude - 0x38000000u;                                     // rebias exponent
    uint32_t half = bits >> 13, rest = bits & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1))) half++;
    return (uint16_t)(sign | half);
}

static inline float soft_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1Fu, mantissa = h & 0x3FFu, x;
    if (exponent == 0) {
        if (mantissa == 0) { x = sign; }
        else {
            int e = -1;
            do { e++; mantissa <<= 1; } while ((mantissa & 0x400u) == 0);
            x = sign | ((uint32_t)(112 - e) << 23) | ((mantissa & 0x3FFu) << 13);
        }
    } else if (exponent == 31) {
        x = sign | 0x7F800000u | (mantissa << 13);
    } else {
        x = sign | ((exponent + 112) << 23) | (mantissa << 13);
    }
    float f; memcpy(&f, &x, 4); return f;
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma,f16c")))
static void f32_to_f16_f16c(const float *src, uint16_t *dst, long count) {
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT);
        _mm_storeu_si128((__m128i *)(dst + i), h);
    }
    for (; i < count; i++) dst[i] = soft_f32_to_f16(src[i]);
}
__attribute__((target("avx2,fma,f16c")))
static void f16_to_f32_f16c(const uint16_t *src, float *dst, long count) {
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i))));
    }
    for (; i < count; i++) dst[i] = soft_f16_to_f32(src[i]);
}
#endif

void pk_ci_f32_to_f16(const float *src, uint16_t *dst, long count) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { f32_to_f16_f16c(src, dst, count); return; }
#endif
    for (long i = 0; i < count; i++) dst[i] = soft_f32_to_f16(src[i]);
}

void pk_ci_f16_to_f32(const uint16_t *src, float *dst, long count) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { f16_to_f32_f16c(src, dst, count); return; }
#endif
    for (long i = 0; i < count; i++) dst[i] = soft_f16_to_f32(src[i]);
}
