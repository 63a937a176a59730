// Format conversion between stored pixels and working pixels (interleaved RGBA float32).
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"
#include <string.h>
#pragma clang fp contract(off)
#if defined(__x86_64__)
#include <immintrin.h>

// AVX2 paths for the two hottest conversions (8-bit RGBA/RGBX through tables), two pixels per step with
// gathers. `opaque` writes 1 to alpha (RGBX). The tables are the same as the scalar paths use, so results match.
__attribute__((target("avx2,fma,f16c")))
static long load4_u8_avx2(const uint8_t *src, const float *lut, float *dst, long count, int opaque) {
    const __m256i offsets = _mm256_setr_epi32(0, 256, 512, 768, 0, 256, 512, 768);
    const __m256 one = _mm256_set1_ps(1.0f);
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        __m128i bytes = _mm_loadl_epi64((const __m128i *)(src + i * 4));
        __m256i index = _mm256_add_epi32(_mm256_cvtepu8_epi32(bytes), offsets);
        __m256 v = _mm256_i32gather_ps(lut, index, 4);
        if (opaque) v = _mm256_blend_ps(v, one, 0x88);
        _mm256_storeu_ps(dst + i * 4, v);
    }
    return i;
}

// Stores through a 65 536-entry byte table: indices computed in vectors, 32-bit gathers at byte offsets
// (the table has 4 readable bytes past each entry: callers pass 65 536 + 3 bytes), low bytes packed.
__attribute__((target("avx2,fma,f16c")))
static long store4_u8_lut_avx2(const float *src, uint8_t *dst, const uint8_t *lut, long count, int pad) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f), scale = _mm256_set1_ps(65535.0f), half = _mm256_set1_ps(0.5f);
    const __m256 alphaScale = _mm256_set1_ps(255.0f);
    const __m256i lowByte = _mm256_set1_epi32(0xFF);
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        __m256 v = _mm256_loadu_ps(src + i * 4);
        v = _mm256_min_ps(_mm256_max_ps(v, zero), one);
        // Multiply then add (two roundings), exactly as the scalar path computes the index.
        __m256i index = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, scale), half));
        __m256i coded = _mm256_and_si256(_mm256_i32gather_epi32((const int *)lut, index, 1), lowByte);
        __m256i alpha = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, alphaScale), half));
        __m256i value = _mm256_blend_epi32(coded, pad ? _mm256_set1_epi32(255) : alpha, 0x88);
        __m128i packed16 = _mm_packus_epi32(_mm256_castsi256_si128(value), _mm256_extracti128_si256(value, 1));
        __m128i packed8 = _mm_packus_epi16(packed16, packed16);
        _mm_storel_epi64((__m128i *)(dst + i * 4), packed8);
    }
    return i;
}

// Stores without a table (linear 8-bit): each component clamped to [0, 1] (NaN → 0), times 255 plus 0.5,
// truncated, exactly as the scalar path; two pixels per step. `pad` writes 255 to the fourth byte.
__attribute__((target("avx2,fma,f16c")))
static long store4_u8_avx2(const float *src, uint8_t *dst, long count, int pad) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f), scale = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        __m256 v = _mm256_min_ps(_mm256_max_ps(_mm256_loadu_ps(src + i * 4), zero), one);
        __m256i value = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, scale), half));
        if (pad) value = _mm256_blend_epi32(value, _mm256_set1_epi32(255), 0x88);
        __m128i packed16 = _mm_packus_epi32(_mm256_castsi256_si128(value), _mm256_extracti128_si256(value, 1));
        _mm_storel_epi64((__m128i *)(dst + i * 4), _mm_packus_epi16(packed16, packed16));
    }
    return i;
}
#endif

#if defined(__x86_64__)
// The leading pixels (whole steps of four) whose alpha is 1 (`opaque`) or is not (not `opaque`); the caller
// finishes the run pixel by pixel. NaN alphas count as not opaque, as in the scalar comparison.
__attribute__((target("avx512f,avx512vl,avx2,fma")))
static long alpha_run_avx512(const float *src, long limit, int opaque) {
    const __m512 one = _mm512_set1_ps(1.0f);
    long run = 0;
    for (; run + 4 <= limit; run += 4) {
        const __mmask16 equal = _mm512_mask_cmp_ps_mask(0x8888, _mm512_loadu_ps(src + run * 4), one, _CMP_EQ_OQ);
        const __mmask16 matching = opaque ? equal : (__mmask16)(~equal & 0x8888);
        if (matching != 0x8888) {
            // Alpha lanes 3, 7, 11, 15: the first pixel that breaks the run ends it.
            const unsigned broken = (~matching) & 0x8888;
            return run + (__builtin_ctz(broken) >> 2);
        }
    }
    return run;
}
#endif

// NaN becomes 0 (a custom kernel's 0/0): it must never reach an index.
static inline float clamp01(float v) { return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; }
static inline uint16_t swap16(uint16_t v) { return (uint16_t)((v << 8) | (v >> 8)); }

void pk_ci_load_u8(const uint8_t *src, int components, const int8_t map[4], const float *lut, float *dst, long count) {
    const float (*table)[256] = (const float (*)[256])lut;
    if (components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] == 3) {
        long done = 0;
#if defined(__x86_64__)
        if (pk_cpu_has_avx2_fma_f16c()) done = load4_u8_avx2(src, lut, dst, count, 0);
#endif
        src += done * 4; dst += done * 4;
        for (long i = done; i < count; i++, src += 4, dst += 4) {
            dst[0] = table[0][src[0]]; dst[1] = table[1][src[1]]; dst[2] = table[2][src[2]]; dst[3] = table[3][src[3]];
        }
        return;
    }
    if (components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] < 0) {
        long done = 0;
#if defined(__x86_64__)
        if (pk_cpu_has_avx2_fma_f16c()) done = load4_u8_avx2(src, lut, dst, count, 1);
#endif
        src += done * 4; dst += done * 4; count -= done;
        for (long i = 0; i < count; i++, src += 4, dst += 4) {
            dst[0] = table[0][src[0]]; dst[1] = table[1][src[1]]; dst[2] = table[2][src[2]]; dst[3] = 1.0f;
        }
        return;
    }
    if (components == 3 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] < 0) {
        for (long i = 0; i < count; i++, src += 3, dst += 4) {
            dst[0] = table[0][src[0]]; dst[1] = table[1][src[1]]; dst[2] = table[2][src[2]]; dst[3] = 1.0f;
        }
        return;
    }
    for (long i = 0; i < count; i++, src += components, dst += 4) {
        for (int c = 0; c < 4; c++) dst[c] = map[c] >= 0 ? table[c][src[map[c]]] : (c == 3 ? 1.0f : 0.0f);
    }
}

void pk_ci_load_u16(const uint16_t *src, int components, const int8_t map[4], int swap, float *dst, long count) {
    for (long i = 0; i < count; i++, src += components, dst += 4) {
        for (int c = 0; c < 4; c++) {
            if (map[c] < 0) { dst[c] = c == 3 ? 1.0f : 0.0f; continue; }
            uint16_t v = src[map[c]];
            dst[c] = (float)(swap ? swap16(v) : v) * (1.0f / 65535.0f);
        }
    }
}

void pk_ci_load_f16(const uint16_t *src, int components, const int8_t map[4], float *dst, long count) {
    if (components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] == 3) {
        pk_ci_f16_to_f32(src, dst, count * 4);
        return;
    }
    float staging[1024];
    long per = 1024 / components;
    for (long start = 0; start < count; start += per) {
        long n = count - start < per ? count - start : per;
        pk_ci_f16_to_f32(src + start * components, staging, n * components);
        for (long i = 0; i < n; i++) {
            float *out = dst + (start + i) * 4;
            for (int c = 0; c < 4; c++) out[c] = map[c] >= 0 ? staging[i * components + map[c]] : (c == 3 ? 1.0f : 0.0f);
        }
    }
}

void pk_ci_load_f32(const float *src, int components, const int8_t map[4], float *dst, long count) {
    if (components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] == 3) {
        memcpy(dst, src, (size_t)count * 16);
        return;
    }
    for (long i = 0; i < count; i++, src += components, dst += 4) {
        for (int c = 0; c < 4; c++) dst[c] = map[c] >= 0 ? src[map[c]] : (c == 3 ? 1.0f : 0.0f);
    }
}

static inline float component(const float *px, int8_t channel, float padding) {
    if (channel >= 0) return px[channel];
    if (channel == -2) return 0.2126f * px[0] + 0.7152f * px[1] + 0.0722f * px[2];
    return padding;
}

void pk_ci_store_u8(const float *src, uint8_t *dst, int components, const int8_t map[4], const uint8_t *lut, int srgb, long count) {
    if (lut && components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && (map[3] == 3 || map[3] == -1)) {
        long done = srgb ? pk_ci_store4_u8_srgb(src, dst, lut, count, map[3] == -1) : 0;
#if defined(__x86_64__)
        if (pk_cpu_has_avx2_fma_f16c()) done += store4_u8_lut_avx2(src + done * 4, dst + done * 4, lut, count - done, map[3] == -1);
#endif
        src += done * 4; dst += done * 4; count -= done;
        if (map[3] == -1) {
            for (long i = 0; i < count; i++, src += 4, dst += 4) {
                dst[0] = lut[(int)(clamp01(src[0]) * 65535.0f + 0.5f)];
                dst[1] = lut[(int)(clamp01(src[1]) * 65535.0f + 0.5f)];
                dst[2] = lut[(int)(clamp01(src[2]) * 65535.0f + 0.5f)];
                dst[3] = 255;
            }
            return;
        }
        for (long i = 0; i < count; i++, src += 4, dst += 4) {
            dst[0] = lut[(int)(clamp01(src[0]) * 65535.0f + 0.5f)];
            dst[1] = lut[(int)(clamp01(src[1]) * 65535.0f + 0.5f)];
            dst[2] = lut[(int)(clamp01(src[2]) * 65535.0f + 0.5f)];
            dst[3] = (uint8_t)(clamp01(src[3]) * 255.0f + 0.5f);
        }
        return;
    }
    if (lut && components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] == -1) {
        for (long i = 0; i < count; i++, src += 4, dst += 4) {
            dst[0] = lut[(int)(clamp01(src[0]) * 65535.0f + 0.5f)];
            dst[1] = lut[(int)(clamp01(src[1]) * 65535.0f + 0.5f)];
            dst[2] = lut[(int)(clamp01(src[2]) * 65535.0f + 0.5f)];
            dst[3] = 255;
        }
        return;
    }
    if (lut && components == 3 && map[0] == 0 && map[1] == 1 && map[2] == 2) {
        for (long i = 0; i < count; i++, src += 4, dst += 3) {
            dst[0] = lut[(int)(clamp01(src[0]) * 65535.0f + 0.5f)];
            dst[1] = lut[(int)(clamp01(src[1]) * 65535.0f + 0.5f)];
            dst[2] = lut[(int)(clamp01(src[2]) * 65535.0f + 0.5f)];
        }
        return;
    }
    if (!lut && components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && (map[3] == 3 || map[3] == -1)) {
        long done = 0;
#if defined(__x86_64__)
        if (pk_cpu_has_avx2_fma_f16c()) done = store4_u8_avx2(src, dst, count, map[3] == -1);
#endif
        src += done * 4; dst += done * 4; count -= done;
    }
    for (long i = 0; i < count; i++, src += 4, dst += components) {
        for (int j = 0; j < components; j++) {
            float v = clamp01(component(src, map[j], 1.0f));
            dst[j] = (lut && map[j] != 3 && map[j] != -1) ? lut[(int)(v * 65535.0f + 0.5f)] : (uint8_t)(v * 255.0f + 0.5f);
        }
    }
}

void pk_ci_store_u16(const float *src, uint16_t *dst, int components, const int8_t map[4], int swap, long count) {
    for (long i = 0; i < count; i++, src += 4, dst += components) {
        for (int j = 0; j < components; j++) {
            uint16_t v = (uint16_t)(clamp01(component(src, map[j], 1.0f)) * 65535.0f + 0.5f);
            dst[j] = swap ? swap16(v) : v;
        }
    }
}

void pk_ci_store_f16(const float *src, uint16_t *dst, int components, const int8_t map[4], long count) {
    if (components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] == 3) {
        pk_ci_f32_to_f16(src, dst, count * 4);
        return;
    }
    float staging[1024];
    long per = 1024 / components;
    for (long start = 0; start < count; start += per) {
        long n = count - start < per ? count - start : per;
        for (long i = 0; i < n; i++)
            for (int j = 0; j < components; j++) staging[i * components + j] = component(src + (start + i) * 4, map[j], 1.0f);
        pk_ci_f32_to_f16(staging, dst + start * components, n * components);
    }
}

void pk_ci_store_f32(const float *src, float *dst, int components, const int8_t map[4], long count) {
    if (components == 4 && map[0] == 0 && map[1] == 1 && map[2] == 2 && map[3] == 3) {
        memcpy(dst, src, (size_t)count * 16);
        return;
    }
    for (long i = 0; i < count; i++, src += 4, dst += components)
        for (int j = 0; j < components; j++) dst[j] = component(src, map[j], 1.0f);
}

int pk_ci_alpha_is_opaque_u8(const uint8_t *base, long row_bytes, long width, long height, int components, int alpha_index) {
    for (long y = 0; y < height; y++) {
        const uint8_t *p = base + y * row_bytes + alpha_index;
        // AND of the row's alpha bytes (a loop the compiler vectorises), checked once per row.
        uint8_t all = 0xFF;
        for (long x = 0; x < width; x++) all &= p[x * components];
        if (all != 0xFF) return 0;
    }
    return 1;
}

// Up to 64 translucent pixels: unpremultiplied, encoded by the tabulated curve (pk_ci_curve, whose vector and
// scalar paths agree), clamped to [0, 1], premultiplied again and quantized. Plain loops the compiler vectorises
// in both builds; no contraction into FMA (pragma at the top), so every pixel gets the same bytes on either path.
PK_INLINE void encode_translucent_body(const float *restrict src, uint8_t *restrict dst, const float *table, int size,
                                       const float *params, int extended, int inverse, long n) {
    float px[64 * 4];
    for (long i = 0; i < n; i++) {
        const float a = src[i * 4 + 3], inverse_alpha = a > 0.0f ? 1.0f / a : 0.0f;
        for (int c = 0; c < 3; c++) px[i * 4 + c] = src[i * 4 + c] * inverse_alpha;
        px[i * 4 + 3] = a;
    }
    pk_ci_curve(px, n, table, size, params, extended, inverse, 7);
    for (long i = 0; i < n * 4; i++) px[i] = clamp01(px[i]);
    for (long i = 0; i < n; i++)
        for (int c = 0; c < 3; c++) px[i * 4 + c] *= px[i * 4 + 3];
    for (long i = 0; i < n * 4; i++) dst[i] = (uint8_t)(clamp01(px[i]) * 255.0f + 0.5f);
}
PK_DISPATCH(encode_translucent, (const float *src, uint8_t *dst, const float *table, int size, const float *params, int extended,
                                 int inverse, long n), (src, dst, table, size, params, extended, inverse, n))

// How many of the first `limit` pixels of `src` have alpha == 1 (`opaque`) or alpha != 1 (not `opaque`) in a
// row: sixteen alphas compared a step where AVX-512 is there.
static long alpha_run(const float *src, long limit, int opaque) {
    long run = 0;
#if defined(__x86_64__)
    if (pk_cpu_has_avx512()) run = alpha_run_avx512(src, limit, opaque);
#endif
    while (run < limit && (src[run * 4 + 3] == 1.0f) == (opaque != 0)) run++;
    return run;
}

void pk_ci_store_u8_encode_premultiplied(const float *src, uint8_t *dst, const uint8_t *lut, int srgb, const float *table, int size,
                                         const float params[7], int extended, int inverse, long count) {
    long i = 0;
    while (i < count) {
        // Opaque pixels (unpremultiplying and premultiplying are identities there, so the encoding alone): sixteen
        // at a time with the computed sRGB store, which checks the alphas as it goes; else a run found first.
        if (srgb) {
            i += pk_ci_store16_u8_srgb_opaque(src + i * 4, dst + i * 4, lut, count - i);
            if (i >= count) break;
        }
        long run = alpha_run(src + i * 4, count - i, 1);
        if (run > 0) {
            pk_ci_store_u8(src + i * 4, dst + i * 4, 4, (const int8_t[4]){0, 1, 2, 3}, lut, srgb, run);
            i += run;
            continue;
        }
        // Otherwise a run of translucent pixels, in blocks.
        run = alpha_run(src + i * 4, count - i < 64 ? count - i : 64, 0);
        PK_PICK(encode_translucent)(src + i * 4, dst + i * 4, table, size, params, extended, inverse, run);
        i += run;
    }
}
