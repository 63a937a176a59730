// The fused 8-bit pass: a program that loads an 8-bit RGBA/RGBX bitmap through its decoding table, applies colour
// matrices and vignettes, and stores 8-bit pixels through the computed sRGB encoding, run sixteen pixels at a time
// with each channel in its own register from the load to the store. The separate kernels write every step's
// floats back to the span and shuffle R, G, B and A apart again in each of them (the matrix broadcasts each pixel's
// channels, the store deinterleaves); here that happens once, in the load's byte permutes. Exact: every step
// computes the floats its separate kernel computes (the same operations in the same order: pk_ci_matrix's
// contraction into FMAs, pk_ci_vignette's uncontracted factor), and the load and the store are those of
// pk_ci_load_u8_prepared and pk_ci_store4_u8_srgb, so the bytes are the same.
#include "pk_ci.h"
#include "pk_cpu.h"
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include "pk_ci_planes512.h"
#include "pk_ci_srgb512.h"

// Sixteen pixels' R, G, B (through the planes) and alpha (b / 255, or 1), each channel in its own register.
PK_VBMI static inline void load_planar16(const uint8_t *src, const __m512i p[4][4], int alpha_present,
                                         __m512 *r, __m512 *g, __m512 *b, __m512 *a) {
    // pk_lookup_floats puts the floats of bytes 16L + 4q + k in lane L, element k of register q; register q should
    // hold channel q of pixel 4L + k, stored byte 16L + 4k + q: a 4 × 4 transpose within each 16 bytes.
    const __m512i transpose = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
    const __m512i raw = _mm512_loadu_si512(src);
    __m512 f[4];
    pk_lookup_floats(_mm512_shuffle_epi8(raw, transpose), p, f);
    *r = f[0]; *g = f[1]; *b = f[2];
    *a = alpha_present ? _mm512_div_ps(_mm512_cvtepi32_ps(_mm512_srli_epi32(raw, 24)), _mm512_set1_ps(255.0f)) : _mm512_set1_ps(1.0f);
}

// One row of a colour matrix as pk_ci_matrix computes it: ((m1·g, then m0·r added in an FMA), m2·b, m3·a) + bias.
PK_VBMI static inline __m512 matrix_row(const float *row, float bias, __m512 r, __m512 g, __m512 b, __m512 a) {
    __m512 sum = _mm512_mul_ps(_mm512_set1_ps(row[1]), g);
    sum = _mm512_fmadd_ps(_mm512_set1_ps(row[0]), r, sum);
    sum = _mm512_fmadd_ps(_mm512_set1_ps(row[2]), b, sum);
    sum = _mm512_fmadd_ps(_mm512_set1_ps(row[3]), a, sum);
    return _mm512_add_ps(sum, _mm512_set1_ps(bias));
}

// pk_ci_vignette's factor for sixteen pixels from column x of the row at dy.
PK_VBMI static inline __m512 vignette_factor(const float *v, long x, float dy) {
    const float dy2 = dy * dy, slope = v[2] / v[4], offset = v[3] / v[4], intensity = v[5];
    const __m512 lanes = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512 dx = _mm512_sub_ps(_mm512_add_ps(_mm512_add_ps(lanes, _mm512_set1_ps((float)x)), _mm512_set1_ps(0.5f)), _mm512_set1_ps(v[0]));
    __m512 t = _mm512_sub_ps(_mm512_mul_ps(_mm512_sqrt_ps(_mm512_add_ps(_mm512_mul_ps(dx, dx), _mm512_set1_ps(dy2))), _mm512_set1_ps(slope)),
                             _mm512_set1_ps(offset));
    t = _mm512_min_ps(_mm512_max_ps(t, _mm512_setzero_ps()), _mm512_set1_ps(1.0f));
    const __m512 smooth = _mm512_mul_ps(_mm512_mul_ps(t, t), _mm512_sub_ps(_mm512_set1_ps(3.0f), _mm512_mul_ps(_mm512_set1_ps(2.0f), t)));
    return _mm512_sub_ps(_mm512_set1_ps(1.0f), _mm512_mul_ps(_mm512_set1_ps(intensity), smooth));
}

// Pixels a chunk: the vignettes' factors (which depend on the position only) are computed for a chunk first, in a
// loop of independent steps, instead of inside the pixels' dependency chains.
enum { CHUNK = 256, MAX_VIGNETTES = 4 };

// Three blocks of sixteen pixels a step (`blocks` 1 to 3), each stage for all of them before the next: the chain
// from load to store is long (the lookups, the matrices' FMAs, the encoding's polynomial), and independent chains
// side by side keep the vector units busy where one alone waits on latency (one → two blocks: 1.44 → 1.23 ns a
// pixel; three: 1.07; four: no better).
PK_VBMI static inline __attribute__((always_inline)) int run_blocks(const uint8_t *src, uint8_t *dst, const __m512i p[4][4], int alpha_present,
                                     const pk_ci_fused_step *steps, int step_count, const float *factors, const uint8_t *lut,
                                     int alpha_mode, int blocks) {
    __m512 r[3], g[3], b[3], a[3];
    for (int k = 0; k < blocks; k++) load_planar16(src + 64 * k, p, alpha_present, &r[k], &g[k], &b[k], &a[k]);
    const int needs_alpha = alpha_mode != PK_FUSED_ALPHA_PADDED;   // alpha only matters when stored or checked
    int vignette = 0;
    for (int s = 0; s < step_count; s++) {
        const float *d = steps[s].data;
        if (steps[s].kind == PK_FUSED_MATRIX) {
            for (int k = 0; k < blocks; k++) {
                const __m512 r2 = matrix_row(d, d[16], r[k], g[k], b[k], a[k]), g2 = matrix_row(d + 4, d[17], r[k], g[k], b[k], a[k]);
                const __m512 b2 = matrix_row(d + 8, d[18], r[k], g[k], b[k], a[k]);
                if (needs_alpha) a[k] = matrix_row(d + 12, d[19], r[k], g[k], b[k], a[k]);
                r[k] = r2; g[k] = g2; b[k] = b2;
            }
        } else {
            for (int k = 0; k < blocks; k++) {
                const __m512 factor = _mm512_loadu_ps(factors + vignette * CHUNK + 16 * k);
                r[k] = _mm512_mul_ps(r[k], factor); g[k] = _mm512_mul_ps(g[k], factor); b[k] = _mm512_mul_ps(b[k], factor);
            }
            vignette++;
        }
    }
    for (int k = 0; k < blocks; k++) {
        if (alpha_mode == PK_FUSED_ALPHA_OPAQUE_ONLY && _mm512_cmp_ps_mask(a[k], _mm512_set1_ps(1.0f), _CMP_EQ_OQ) != 0xFFFF) return k;
        store16(dst + 64 * k, r[k], g[k], b[k], a[k], lut, alpha_mode != PK_FUSED_ALPHA_STORED);
    }
    return blocks;
}

PK_VBMI static long fused_avx512(const uint8_t *src, const uint8_t *prepared, const pk_ci_fused_step *steps, int step_count,
                                 long x, long y, uint8_t *dst, const uint8_t *lut, int alpha_mode, long count) {
    int vignettes = 0;
    for (int s = 0; s < step_count; s++) vignettes += steps[s].kind == PK_FUSED_VIGNETTE;
    if (vignettes > MAX_VIGNETTES) return 0;
    __m512i p[4][4];
    pk_load_planes(prepared, p);
    const int alpha_present = prepared[PLANES];
    float factors[MAX_VIGNETTES * CHUNK] __attribute__((aligned(64)));
    long i = 0;
    while (i + 16 <= count) {
        const long chunk = (count - i < CHUNK ? count - i : CHUNK) & ~15L;
        for (int s = 0, v = 0; s < step_count; s++) {
            if (steps[s].kind != PK_FUSED_VIGNETTE) continue;
            const float *d = steps[s].data;
            for (long j = 0; j < chunk; j += 16)
                _mm512_storeu_ps(factors + v * CHUNK + j, vignette_factor(d, x + i + j, ((float)y + 0.5f) - d[1]));
            v++;
        }
        for (long j = 0; j < chunk; ) {
            const int blocks = chunk - j >= 48 ? 3 : chunk - j >= 32 ? 2 : 1;
            const int done = blocks == 3
                ? run_blocks(src + (i + j) * 4, dst + (i + j) * 4, p, alpha_present, steps, step_count, factors + j, lut, alpha_mode, 3)
                : blocks == 2
                ? run_blocks(src + (i + j) * 4, dst + (i + j) * 4, p, alpha_present, steps, step_count, factors + j, lut, alpha_mode, 2)
                : run_blocks(src + (i + j) * 4, dst + (i + j) * 4, p, alpha_present, steps, step_count, factors + j, lut, alpha_mode, 1);
            j += 16 * done;
            if (done < blocks) return i + j;
        }
        i += chunk;
    }
    return i;
}
#endif

long pk_ci_fused_u8_srgb(const uint8_t *src, const uint8_t *prepared, const pk_ci_fused_step *steps, int step_count,
                         long x, long y, uint8_t *dst, const uint8_t *lut, int alpha_mode, long count) {
#if defined(__x86_64__)
    if (prepared && lut && pk_cpu_has_avx512_vbmi()) return fused_avx512(src, prepared, steps, step_count, x, y, dst, lut, alpha_mode, count);
#endif
    (void)src; (void)prepared; (void)steps; (void)step_count; (void)x; (void)y; (void)dst; (void)lut; (void)alpha_mode; (void)count;
    return 0;
}
