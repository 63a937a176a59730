#ifndef PK_CI_PLANES512_H
#define PK_CI_PLANES512_H
// Private to CPixelKernels: 8-bit values looked up in a float table without gathers (AVX-512 VBMI), shared by the
// prepared 8-bit load (pk_ci_load512.c) and the fused 8-bit pass (pk_ci_fused8.c). The table's float bytes are
// split into four planes of 256 bytes (pk_ci_load_u8_prepare), looked up 64 values at a time with two-table byte
// permutes and assembled back into floats.
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdint.h>
#define PK_VBMI __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512dq,avx2,fma")))

// Prepared memory: the four byte planes of the colour table (4 × 256 bytes), then the alpha flag.
enum { PLANES = 1024 };

// The planes in registers: p[b][q] holds bytes 64q … 64q + 63 of plane b.
PK_VBMI static inline void pk_load_planes(const uint8_t *planes, __m512i p[4][4]) {
    for (int b = 0; b < 4; b++) for (int q = 0; q < 4; q++) p[b][q] = _mm512_loadu_si512(planes + 256 * b + 64 * q);
}

// The table's floats for the 64 values of `index`: lane L (128 bits) of f[q] holds those of values
// 16L + 4q … 16L + 4q + 3 (the unpacks interleave within 128-bit lanes).
PK_VBMI static inline void pk_lookup_floats(__m512i index, const __m512i p[4][4], __m512 f[4]) {
    const __mmask64 high = _mm512_movepi8_mask(index);   // values 128…255
    __m512i byte[4];
    for (int b = 0; b < 4; b++)
        byte[b] = _mm512_mask_blend_epi8(high, _mm512_permutex2var_epi8(p[b][0], index, p[b][1]),
                                         _mm512_permutex2var_epi8(p[b][2], index, p[b][3]));
    const __m512i low01 = _mm512_unpacklo_epi8(byte[0], byte[1]), high01 = _mm512_unpackhi_epi8(byte[0], byte[1]);
    const __m512i low23 = _mm512_unpacklo_epi8(byte[2], byte[3]), high23 = _mm512_unpackhi_epi8(byte[2], byte[3]);
    f[0] = _mm512_castsi512_ps(_mm512_unpacklo_epi16(low01, low23));
    f[1] = _mm512_castsi512_ps(_mm512_unpackhi_epi16(low01, low23));
    f[2] = _mm512_castsi512_ps(_mm512_unpacklo_epi16(high01, high23));
    f[3] = _mm512_castsi512_ps(_mm512_unpackhi_epi16(high01, high23));
}
#endif
#endif
