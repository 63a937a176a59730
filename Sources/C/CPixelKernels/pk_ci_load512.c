// 8-bit loads through decoding tables without gathers, for CPUs with AVX-512 VBMI (pk_ci_planes512.h): the
// table's float bytes are split into four planes of 256 bytes, looked up 64 stored values at a time with two-table
// byte permutes, and interleaved back into floats. Exact: the floats are the table's entries, bit for bit. Also the prefetch of
// the rows a tile reads next.
#include "pk_ci.h"
#include "pk_cpu.h"
#include <string.h>

#if defined(__x86_64__)
#include "pk_ci_planes512.h"
#define PK_AVX512 PK_VBMI

// 16 RGBA or RGBX pixels (64 bytes) a step; R, G, B through the colour table, alpha b / 255 (or 1 without alpha).
PK_AVX512 static long load16(const uint8_t *src, const uint8_t *planes, int alpha_present, float *dst, long count) {
    // pk_lookup_floats puts the floats of bytes 16L + 4q … 16L + 4q + 3 in lane L of register q; register q should
    // hold stored bytes 16q … 16q + 15 (pixels 4q … 4q + 3), so byte 16L + j takes stored byte
    // 16 (j / 4) + 4L + j % 4. The 16 alpha bytes are 3, 7, … 63; register q's alpha lanes take pixels 4q … 4q + 3.
    static const uint8_t order[64] = {
        0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49, 50, 51,  4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 52, 53, 54, 55,
        8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43, 56, 57, 58, 59,  12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 60, 61, 62, 63};
    static const uint8_t alpha_order[64] = {3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63};
    static const int spread_index[4][16] = {
        {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}, {4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7},
        {8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 11}, {12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15}};
    const __m512i shuffle = _mm512_loadu_si512(order), alpha_pick = _mm512_loadu_si512(alpha_order);
    const __m512i s0 = _mm512_loadu_si512(spread_index[0]), s1 = _mm512_loadu_si512(spread_index[1]);
    const __m512i s2 = _mm512_loadu_si512(spread_index[2]), s3 = _mm512_loadu_si512(spread_index[3]);
    const __m512 scale = _mm512_set1_ps(255.0f), one = _mm512_set1_ps(1.0f);
    __m512i p[4][4];
    pk_load_planes(planes, p);
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const __m512i raw = _mm512_loadu_si512(src + i * 4);
        __m512 f[4];
        pk_lookup_floats(_mm512_permutexvar_epi8(shuffle, raw), p, f);
        __m512 f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3];
        // Alpha: the 16 alpha bytes as floats divided by 255 (the table's own arithmetic), into every fourth lane.
        const __m512 alpha = alpha_present
            ? _mm512_div_ps(_mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(_mm512_permutexvar_epi8(alpha_pick, raw)))), scale)
            : one;
        f0 = _mm512_mask_permutexvar_ps(f0, 0x8888, s0, alpha);
        f1 = _mm512_mask_permutexvar_ps(f1, 0x8888, s1, alpha);
        f2 = _mm512_mask_permutexvar_ps(f2, 0x8888, s2, alpha);
        f3 = _mm512_mask_permutexvar_ps(f3, 0x8888, s3, alpha);
        _mm512_storeu_ps(dst + i * 4, f0);
        _mm512_storeu_ps(dst + i * 4 + 16, f1);
        _mm512_storeu_ps(dst + i * 4 + 32, f2);
        _mm512_storeu_ps(dst + i * 4 + 48, f3);
    }
    return i;
}
#endif

int pk_ci_load_u8_prepare(int components, const int8_t map[4], const float *decode, uint8_t *prepared) {
#if defined(__x86_64__)
    if (!pk_cpu_has_avx512_vbmi()) return 0;
    if (components != 4 || map[0] != 0 || map[1] != 1 || map[2] != 2 || (map[3] != 3 && map[3] >= 0)) return 0;
    // One table for R, G and B, and alpha as v / 255 when stored.
    if (memcmp(decode, decode + 256, 256 * sizeof(float)) != 0 || memcmp(decode, decode + 512, 256 * sizeof(float)) != 0) return 0;
    if (map[3] == 3)
        for (int b = 0; b < 256; b++) if (decode[768 + b] != (float)b / 255.0f) return 0;
    for (int b = 0; b < 256; b++) {
        uint32_t bits;
        memcpy(&bits, &decode[b], 4);
        for (int plane = 0; plane < 4; plane++) prepared[256 * plane + b] = (uint8_t)(bits >> (8 * plane));
    }
    prepared[PLANES] = map[3] == 3;
    return 1;
#else
    (void)components; (void)map; (void)decode; (void)prepared;
    return 0;
#endif
}

void pk_ci_load_u8_prepared(const uint8_t *src, int components, const int8_t map[4], const float *decode,
                            const uint8_t *prepared, float *dst, long count) {
    long done = 0;
#if defined(__x86_64__)
    if (prepared) done = load16(src, prepared, prepared[PLANES], dst, count);
#endif
    if (done < count) pk_ci_load_u8(src + done * components, components, map, decode, dst + done * 4, count - done);
}

void pk_prefetch(const void *start, long bytes) {
    const char *p = (const char *)start;
    for (long offset = 0; offset < bytes; offset += 64) __builtin_prefetch(p + offset, 0, 3);
}
