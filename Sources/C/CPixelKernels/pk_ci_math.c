// Per-pixel arithmetic on working pixels. Each kernel body is an always-inline function compiled twice:
// once for the baseline target and once inside an AVX2/FMA function, chosen at run time.
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"
#include <math.h>

// Four pixels a step: each output component is the same expression as the scalar form (the same contraction into
// FMAs where the build has them), with R, G, B and A broadcast within each pixel's four lanes.
typedef float pk_f16 __attribute__((vector_size(64), aligned(4)));

PK_INLINE void matrix_body(float *restrict px, long count, const float *restrict m) {
    const float m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7];
    const float m8 = m[8], m9 = m[9], m10 = m[10], m11 = m[11], m12 = m[12], m13 = m[13], m14 = m[14], m15 = m[15];
    const float b0 = m[16], b1 = m[17], b2 = m[18], b3 = m[19];
    const pk_f16 cr = {m0, m4, m8, m12, m0, m4, m8, m12, m0, m4, m8, m12, m0, m4, m8, m12};
    const pk_f16 cg = {m1, m5, m9, m13, m1, m5, m9, m13, m1, m5, m9, m13, m1, m5, m9, m13};
    const pk_f16 cb = {m2, m6, m10, m14, m2, m6, m10, m14, m2, m6, m10, m14, m2, m6, m10, m14};
    const pk_f16 ca = {m3, m7, m11, m15, m3, m7, m11, m15, m3, m7, m11, m15, m3, m7, m11, m15};
    const pk_f16 bias = {b0, b1, b2, b3, b0, b1, b2, b3, b0, b1, b2, b3, b0, b1, b2, b3};
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        pk_f16 v = *(pk_f16 *)(px + i * 4);
        pk_f16 r = __builtin_shufflevector(v, v, 0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
        pk_f16 g = __builtin_shufflevector(v, v, 1, 1, 1, 1, 5, 5, 5, 5, 9, 9, 9, 9, 13, 13, 13, 13);
        pk_f16 b = __builtin_shufflevector(v, v, 2, 2, 2, 2, 6, 6, 6, 6, 10, 10, 10, 10, 14, 14, 14, 14);
        pk_f16 a = __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
        *(pk_f16 *)(px + i * 4) = cr * r + cg * g + cb * b + ca * a + bias;
    }
    for (; i < count; i++) {
        float *p = px + i * 4;
        float r = p[0], g = p[1], b = p[2], a = p[3];
        p[0] = m0 * r + m1 * g + m2 * b + m3 * a + b0;
        p[1] = m4 * r + m5 * g + m6 * b + m7 * a + b1;
        p[2] = m8 * r + m9 * g + m10 * b + m11 * a + b2;
        p[3] = m12 * r + m13 * g + m14 * b + m15 * a + b3;
    }
}
PK_DISPATCH_WIDE(matrix, (float *px, long count, const float *m), (px, count, m))
void pk_ci_matrix(float *px, long count, const float m[20]) { PK_PICK_WIDE(matrix)(px, count, m); }

PK_INLINE void premultiply_body(float *restrict px, long count) {
    for (long i = 0; i < count; i++) {
        float *p = px + i * 4; float a = p[3];
        p[0] *= a; p[1] *= a; p[2] *= a;
    }
}
PK_DISPATCH(premultiply, (float *px, long count), (px, count))
void pk_ci_premultiply(float *px, long count) { PK_PICK(premultiply)(px, count); }

PK_INLINE void unpremultiply_body(float *restrict px, long count) {
    for (long i = 0; i < count; i++) {
        float *p = px + i * 4; float a = p[3];
        float inverse = a > 0.0f ? 1.0f / a : 0.0f;
        p[0] *= inverse; p[1] *= inverse; p[2] *= inverse;
    }
}
PK_DISPATCH(unpremultiply, (float *px, long count), (px, count))
void pk_ci_unpremultiply(float *px, long count) { PK_PICK(unpremultiply)(px, count); }

PK_INLINE void clamp_body(float *restrict px, long count, const float *restrict lo, const float *restrict hi) {
    for (long i = 0; i < count; i++) {
        float *p = px + i * 4;
        for (int c = 0; c < 4; c++) { float v = p[c]; v = v < lo[c] ? lo[c] : v; p[c] = v > hi[c] ? hi[c] : v; }
    }
}
PK_DISPATCH(clamp, (float *px, long count, const float *lo, const float *hi), (px, count, lo, hi))
void pk_ci_clamp(float *px, long count, const float lo[4], const float hi[4]) { PK_PICK(clamp)(px, count, lo, hi); }

// CIVignette's darkening: each pixel's colour times 1 − intensity · smoothstep over ρ = |p − c| · scale (see
// VignetteKernel), t = ρ · (scale / width) − inner / width (no division per pixel). Factors sixteen at a time in
// vectors (correctly rounded square roots, no contraction: the same floats in every build), then applied to R, G, B.
PK_INLINE void vignette_body(float *restrict px, long count, long x, float cx, float dy, float scale, float inner,
                             float width, float intensity) {
#pragma clang fp contract(off)
    const float dy2 = dy * dy, slope = scale / width, offset = inner / width;
    const pk_f16 lanes = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    for (long start = 0; start < count; start += 16) {
        pk_f16 dx = (lanes + (float)(x + start) + 0.5f) - cx;
        pk_f16 t = __builtin_elementwise_sqrt(dx * dx + dy2) * slope - offset;
        t = __builtin_elementwise_min(__builtin_elementwise_max(t, (pk_f16){0}), (pk_f16){0} + 1.0f);   // NaN → 0
        pk_f16 factor = 1.0f - intensity * (t * t * (3.0f - 2.0f * t));
        float *p = px + start * 4;
        if (count - start >= 16) {
            // Four pixels per vector: (f, f, f, 1, f′, f′, f′, 1, …) keeps alpha.
            const pk_f16 one = (pk_f16){0} + 1.0f;
            *(pk_f16 *)p *= __builtin_shufflevector(factor, one, 0, 0, 0, 16, 1, 1, 1, 16, 2, 2, 2, 16, 3, 3, 3, 16);
            *(pk_f16 *)(p + 16) *= __builtin_shufflevector(factor, one, 4, 4, 4, 16, 5, 5, 5, 16, 6, 6, 6, 16, 7, 7, 7, 16);
            *(pk_f16 *)(p + 32) *= __builtin_shufflevector(factor, one, 8, 8, 8, 16, 9, 9, 9, 16, 10, 10, 10, 16, 11, 11, 11, 16);
            *(pk_f16 *)(p + 48) *= __builtin_shufflevector(factor, one, 12, 12, 12, 16, 13, 13, 13, 16, 14, 14, 14, 16, 15, 15, 15, 16);
            continue;
        }
        for (long i = 0; i < count - start; i++) { p[i * 4] *= factor[i]; p[i * 4 + 1] *= factor[i]; p[i * 4 + 2] *= factor[i]; }
    }
}
PK_DISPATCH_WIDE(vignette, (float *px, long count, long x, float cx, float dy, float scale, float inner, float width, float intensity),
                 (px, count, x, cx, dy, scale, inner, width, intensity))
void pk_ci_vignette(float *px, long count, long x, float cx, float dy, float scale, float inner, float width, float intensity) {
    PK_PICK_WIDE(vignette)(px, count, x, cx, dy, scale, inner, width, intensity);
}

// The exact ICC parametric curve (type 4 with e, f), or its inverse, for magnitudes outside the table.
static float parametric(float x, const float *p, int inverse) {
    float g = p[0], a = p[1], b = p[2], c = p[3], d = p[4], e = p[5], f = p[6];
    if (!inverse) return x >= d ? powf(a * x + b, g) + e : c * x + f;
    float threshold = c * d + f;
    if (x >= threshold || c == 0.0f) { float t = x - e; return (powf(t > 0 ? t : 0, 1.0f / g) - b) / a; }
    return (x - f) / c;
}

// One pixel of pk_ci_curve (the reference the vector path matches).
static inline void curve_pixel(float *p, const float *table, int size, float scale, const float *params, int extended,
                               int inverse, int channels) {
    for (int c = 0; c < 3; c++) {
        if (!(channels & (1 << c))) continue;
        float v = p[c];
        // NaN (a custom kernel's 0/0) becomes 0: converting it to a table index would read anywhere.
        if (v != v) { p[c] = 0.0f; continue; }
        float magnitude = v < 0.0f ? -v : v;
        if (!extended) { magnitude = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }
        float y;
        if (magnitude > 1.0f) {
            y = parametric(magnitude, params, inverse);
        } else {
            float t = magnitude * scale;
            int index = (int)t;
            if (index >= size - 1) index = size - 2;
            float fraction = t - (float)index;
            y = table[index] + (table[index + 1] - table[index]) * fraction;
        }
        p[c] = (extended && v < 0.0f) ? -y : y;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>
// Two pixels per step: table indices in vectors, both neighbours gathered, interpolated with the same separate
// multiply and add as curve_pixel (no FMA), so results are identical. A step with a magnitude above 1 on an
// extended curve (the exact formula, rare) goes through curve_pixel.
__attribute__((target("avx2,fma,f16c")))
static long curve_avx2(float *px, long count, const float *table, int size, float scale, const float *params, int extended,
                       int inverse, int channels) {
    int lanes[8];
    for (int i = 0; i < 8; i++) lanes[i] = (i % 4 < 3 && (channels >> (i % 4)) & 1) ? -1 : 0;
    const __m256 apply = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)lanes));
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f), scales = _mm256_set1_ps(scale);
    const __m256 signBit = _mm256_set1_ps(-0.0f);
    const __m256i last = _mm256_set1_epi32(size - 2), step = _mm256_set1_epi32(1);
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        float *p = px + i * 4;
        __m256 v = _mm256_loadu_ps(p);
        __m256 isNaN = _mm256_cmp_ps(v, v, _CMP_UNORD_Q);
        __m256 negative = _mm256_cmp_ps(v, zero, _CMP_LT_OQ);
        __m256 magnitude;
        if (extended) {
            magnitude = _mm256_andnot_ps(isNaN, _mm256_andnot_ps(signBit, v));
            if (_mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(magnitude, one, _CMP_GT_OQ), apply))) {
                curve_pixel(p, table, size, scale, params, extended, inverse, channels);
                curve_pixel(p + 4, table, size, scale, params, extended, inverse, channels);
                continue;
            }
        } else {
            magnitude = _mm256_min_ps(_mm256_max_ps(v, zero), one);   // NaN → 0 (max returns its second operand)
        }
        __m256 t = _mm256_mul_ps(magnitude, scales);
        __m256i index = _mm256_min_epi32(_mm256_cvttps_epi32(t), last);
        __m256 fraction = _mm256_sub_ps(t, _mm256_cvtepi32_ps(index));
        __m256 low = _mm256_i32gather_ps(table, index, 4);
        __m256 high = _mm256_i32gather_ps(table, _mm256_add_epi32(index, step), 4);
        __m256 y = _mm256_add_ps(low, _mm256_mul_ps(_mm256_sub_ps(high, low), fraction));
        if (extended) y = _mm256_blendv_ps(y, _mm256_xor_ps(y, signBit), negative);
        y = _mm256_andnot_ps(isNaN, y);
        _mm256_storeu_ps(p, _mm256_blendv_ps(v, y, apply));
    }
    return i;
}

// Four pixels per step, the same operations as curve_avx2 (so the same floats). Each lane's two neighbours come
// from one 64-bit gather of adjacent table entries (half the gathered elements), only for the lanes the curve
// applies to.
__attribute__((target("avx512f,avx512vl,avx2,fma,f16c")))
static long curve_avx512(float *px, long count, const float *table, int size, float scale, const float *params, int extended,
                         int inverse, int channels) {
    __mmask16 apply = 0;
    for (int i = 0; i < 16; i++) if (i % 4 < 3 && (channels >> (i % 4)) & 1) apply |= (__mmask16)(1u << i);
    const __m512 zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1.0f), scales = _mm512_set1_ps(scale);
    const __m512i last = _mm512_set1_epi32(size - 2);
    const __m512i signBit = _mm512_set1_epi32((int)0x80000000u);
    // Lane k of the low/high halves: its pair's first / second float, pairs 0–7 in `a`, 8–15 in `b`.
    const __m512i lows = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i highs = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        float *p = px + i * 4;
        __m512 v = _mm512_loadu_ps(p);
        __mmask16 isNaN = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        __mmask16 negative = _mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ);
        __m512 magnitude;
        if (extended) {
            magnitude = _mm512_maskz_mov_ps((__mmask16)~isNaN, _mm512_castsi512_ps(_mm512_andnot_si512(signBit, _mm512_castps_si512(v))));
            if (_mm512_mask_cmp_ps_mask(apply, magnitude, one, _CMP_GT_OQ)) {
                for (int k = 0; k < 4; k++) curve_pixel(p + 4 * k, table, size, scale, params, extended, inverse, channels);
                continue;
            }
        } else {
            magnitude = _mm512_min_ps(_mm512_max_ps(v, zero), one);   // NaN → 0, as in curve_avx2
        }
        __m512 t = _mm512_mul_ps(magnitude, scales);
        __m512i index = _mm512_min_epi32(_mm512_cvttps_epi32(t), last);
        __m512 fraction = _mm512_sub_ps(t, _mm512_cvtepi32_ps(index));
        __m512i pairsA = _mm512_mask_i32gather_epi64(_mm512_setzero_si512(), (__mmask8)(apply & 0xFF),
                                                     _mm512_castsi512_si256(index), table, 4);
        __m512i pairsB = _mm512_mask_i32gather_epi64(_mm512_setzero_si512(), (__mmask8)(apply >> 8),
                                                     _mm512_extracti64x4_epi64(index, 1), table, 4);
        __m512 low = _mm512_castsi512_ps(_mm512_permutex2var_epi32(pairsA, lows, pairsB));
        __m512 high = _mm512_castsi512_ps(_mm512_permutex2var_epi32(pairsA, highs, pairsB));
        __m512 y = _mm512_add_ps(low, _mm512_mul_ps(_mm512_sub_ps(high, low), fraction));
        if (extended) y = _mm512_castsi512_ps(_mm512_mask_xor_epi32(_mm512_castps_si512(y), negative, _mm512_castps_si512(y), signBit));
        y = _mm512_maskz_mov_ps((__mmask16)~isNaN, y);
        _mm512_storeu_ps(p, _mm512_mask_mov_ps(v, apply, y));
    }
    return i;
}
#endif

void pk_ci_curve(float *px, long count, const float *table, int size, const float params[7], int extended, int inverse,
                 int channels) {
    const float scale = (float)(size - 1);
    long done = 0;
#if defined(__x86_64__)
    if (pk_cpu_has_avx512() && size >= 2) done = curve_avx512(px, count, table, size, scale, params, extended, inverse, channels);
    else if (pk_cpu_has_avx2_fma_f16c() && size >= 2) done = curve_avx2(px, count, table, size, scale, params, extended, inverse, channels);
#endif
    for (long i = done; i < count; i++) curve_pixel(px + i * 4, table, size, scale, params, extended, inverse, channels);
}
