#ifndef PK_CI_SRGB512_H
#define PK_CI_SRGB512_H
// Private to CPixelKernels: the computed sRGB encoding of 8-bit stores (see pk_ci_store_srgb.c), shared by the
// store and the fused 8-bit pass (pk_ci_fused8.c).
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdint.h>
#define PK_AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma")))

// 255 × 1.055 × (2^e / 65535)^(1/2.4) for indices 2^e … 2^(e+1) − 1 (e = 0…15), at position (e + 127) mod 16: the
// low four bits of the index's biased float exponent, which is all the permute reads.
static const float pk_srgb_exponent_factors[16] = {
    3.534743694e+00f, 4.718316757e+00f, 6.298197252e+00f, 8.407084701e+00f, 1.122211172e+01f, 1.497972197e+01f,
    1.999552989e+01f, 2.669083020e+01f, 3.562798389e+01f, 4.755765282e+01f, 6.348185035e+01f, 8.473810386e+01f,
    1.131117982e+02f, 1.509861362e+02f, 2.015423121e+02f, 2.648065746e+00f,
};

// The levels (0…255, unrounded) of 16 table indices given as floats holding whole numbers, and in `near` the
// lanes within 2·10⁻⁴ of a half level, whose rounding the table decides (the computation is within 1.2·10⁻⁴).
PK_AVX512 static inline __m512 encode_levels(__m512 index, __mmask16 *near) {
    const __m512i bits = _mm512_castps_si512(index);
    // index = m · 2^e with m in [1, 2): t = m − 1.5 for the polynomial ((bits & mantissa) | exponent of 1).
    const __m512 t = _mm512_sub_ps(_mm512_castsi512_ps(_mm512_ternarylogic_epi32(bits, _mm512_set1_epi32(0x7FFFFF),
                                                                                 _mm512_set1_epi32(0x3F800000), 0xEA)),
                                   _mm512_set1_ps(1.5f));
    const __m512 factor = _mm512_permutexvar_ps(_mm512_srli_epi32(bits, 23), _mm512_loadu_ps(pk_srgb_exponent_factors));
    // m^(1/2.4) about 1.5 (Horner: the components' chains overlap).
    __m512 p = _mm512_fmadd_ps(_mm512_set1_ps(-0.0027445251003761655f), t, _mm512_set1_ps(0.0052373552179513375f));
    p = _mm512_fmadd_ps(p, t, _mm512_set1_ps(-0.00962554593785912f));
    p = _mm512_fmadd_ps(p, t, _mm512_set1_ps(0.022423479064125517f));
    p = _mm512_fmadd_ps(p, t, _mm512_set1_ps(-0.06395671744917612f));
    p = _mm512_fmadd_ps(p, t, _mm512_set1_ps(0.3289062753850568f));
    p = _mm512_fmadd_ps(p, t, _mm512_set1_ps(1.1840536127152204f));
    // From the power segment or (indices up to 205, below 0.0031308) the linear one.
    __m512 level = _mm512_fmsub_ps(p, factor, _mm512_set1_ps(255.0f * 0.055f));
    const __mmask16 low = _mm512_cmp_ps_mask(index, _mm512_set1_ps(205.5f), _CMP_LT_OQ);
    level = _mm512_mask_mul_ps(level, low, index, _mm512_set1_ps((float)(12.92 * 255.0 / 65535.0)));
    const __m512 offset = _mm512_reduce_ps(level, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);   // level − round(level)
    *near = _mm512_cmp_ps_mask(_mm512_abs_ps(offset), _mm512_set1_ps(0.5f - 2e-4f), _CMP_GT_OQ);
    return level;
}

// The levels rounded to nearest.
PK_AVX512 static inline __m512i round_levels(__m512 level) {
    return _mm512_cvt_roundps_epi32(level, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}

// `levels` with the lanes in `near` read from the table.
PK_AVX512 static inline __m512i table_levels(__m512i levels, __mmask16 near, __m512 index, const uint8_t *lut) {
    if (!near) return levels;
    levels = _mm512_mask_i32gather_epi32(levels, near, _mm512_cvttps_epi32(index), (const int *)lut, 1);
    return _mm512_mask_and_epi32(levels, near, levels, _mm512_set1_epi32(0xFF));
}

// The encoded levels (0…255) of 16 table indices, lanes outside `lanes` left as `passthrough`. The levels need no
// clamping: pk_ci_store_srgb_matches checks every index's level.
PK_AVX512 static inline __m512i encode_indices(__m512 index, const uint8_t *lut, __mmask16 lanes, __m512i passthrough) {
    __mmask16 near;
    const __m512 level = encode_levels(index, &near);
    return table_levels(_mm512_mask_mov_epi32(passthrough, lanes, round_levels(level)), near & lanes, index, lut);
}

// The table index of sixteen components as pk_ci_store_u8 computes it — clamped (NaN → 0), times 65535, plus 0.5,
// truncated (here rounded down: the same for positive values) — as a float.
PK_AVX512 static inline __m512 table_index(__m512 v) {
    v = _mm512_min_ps(_mm512_max_ps(v, _mm512_setzero_ps()), _mm512_set1_ps(1.0f));
    return _mm512_roundscale_ps(_mm512_add_ps(_mm512_mul_ps(v, _mm512_set1_ps(65535.0f)), _mm512_set1_ps(0.5f)),
                                _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}

// Encodes sixteen deinterleaved pixels (alpha times 255 plus 0.5, or 255 with `pad`) and stores them as 32-bit
// pixels.
PK_AVX512 static inline void store16(uint8_t *d, __m512 r, __m512 g, __m512 b, __m512 a, const uint8_t *lut, int pad) {
    const __m512 ri = table_index(r), gi = table_index(g), bi = table_index(b);
    __mmask16 nr, ng, nb;
    __m512i red = round_levels(encode_levels(ri, &nr)), green = round_levels(encode_levels(gi, &ng));
    __m512i blue = round_levels(encode_levels(bi, &nb));
    // One branch for the three (taken for about one block in fifty): a mispredicted branch costs the work of the
    // whole block in flight.
    if (nr | ng | nb) {
        red = table_levels(red, nr, ri, lut);
        green = table_levels(green, ng, gi, lut);
        blue = table_levels(blue, nb, bi, lut);
    }
    const __m512i alpha = pad ? _mm512_set1_epi32(255)
        : _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(_mm512_min_ps(_mm512_max_ps(a, _mm512_setzero_ps()), _mm512_set1_ps(1.0f)),
                                                          _mm512_set1_ps(255.0f)), _mm512_set1_ps(0.5f)));
    const __m512i pixels = _mm512_or_si512(_mm512_or_si512(red, _mm512_slli_epi32(green, 8)),
                                           _mm512_or_si512(_mm512_slli_epi32(blue, 16), _mm512_slli_epi32(alpha, 24)));
    _mm512_storeu_si512((void *)d, pixels);
}

#endif
#endif
