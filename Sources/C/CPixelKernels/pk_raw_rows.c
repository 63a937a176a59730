// Row loops of the RAW development around the demosaic: reading balanced photosites from the sensor's raw
// values, and finishing demosaiced camera RGB (highlights, camera matrix, RGBA store). Each body is compiled for
// the baseline target and with AVX2 (without FMA: contraction stays off, so both give the same floats).
#include "pk_raw.h"
#include "pk_cpu.h"

#pragma STDC FP_CONTRACT OFF

#define PK_ROW static inline __attribute__((always_inline))

PK_ROW float clampf(float x, float lo, float hi) { x = x > lo ? x : lo; return x < hi ? x : hi; }

// Swift's `mirror`: reflect into [0, n) about the first and last photosite.
PK_ROW long mirror(long i, long n) {
    if (i < 0) i = -i;
    if (i >= n) i = 2 * (n - 1) - i;
    return i < 0 ? 0 : (i > n - 1 ? n - 1 : i);
}

PK_ROW void load_row_body(const uint16_t *source, long width, long firstColumn, long columns,
                          const float scale[2], const float black[2], const float ceiling[2], float *out) {
    // Columns inside the sensor, straight; the few beyond its edges, mirrored.
    long start = firstColumn < 0 ? -firstColumn : 0;
    long end = firstColumn + columns > width ? width - firstColumn : columns;
    if (end < start) end = start;
    for (long c = 0; c < start; c++) {
        long s = mirror(firstColumn + c, width);
        int odd = (int)(s & 1);
        out[c] = clampf(((float)source[s] - black[odd]) * scale[odd], 0, ceiling[odd]);
    }
    // Pairs of columns keep their parity; the first column of the span decides which position is which.
    int first = (int)((firstColumn + start) & 1);
    const float s0 = scale[first], s1 = scale[!first], b0 = black[first], b1 = black[!first];
    const float c0 = ceiling[first], c1 = ceiling[!first];
    const uint16_t *in = source + firstColumn + start;
    float *o = out + start;
    long n = end - start, i = 0;
    for (; i + 2 <= n; i += 2) {
        o[i] = clampf(((float)in[i] - b0) * s0, 0, c0);
        o[i + 1] = clampf(((float)in[i + 1] - b1) * s1, 0, c1);
    }
    if (i < n) o[i] = clampf(((float)in[i] - b0) * s0, 0, c0);
    for (long c = end; c < columns; c++) {
        long s = mirror(firstColumn + c, width);
        int odd = (int)(s & 1);
        out[c] = clampf(((float)source[s] - black[odd]) * scale[odd], 0, ceiling[odd]);
    }
}

PK_ROW void finish_body(const float *red, const float *green, const float *blue, long count, const float m[9],
                        const float *saturation, float *out) {
    if (saturation) {
        const float sr = saturation[0], sg = saturation[1], sb = saturation[2];
        for (long i = 0; i < count; i++) {
            float r = clampf(red[i], 0, sr), g = clampf(green[i], 0, sg), b = clampf(blue[i], 0, sb);
            float kr = r / sr, kg = g / sg, kb = b / sb;
            float k = kr > kg ? kr : kg;
            k = k > kb ? k : kb;
            // Within 10% of saturation: towards grey at the largest channel (smoothstep), as HighlightRecovery.
            float t = (k - 0.9f) / (1.0f - 0.9f);
            t = t < 1 ? t : 1;
            float w = k > 0.9f ? t * t * (3 - 2 * t) : 0;
            float top = r > g ? r : g;
            top = top > b ? top : b;
            r = r + (top - r) * w; g = g + (top - g) * w; b = b + (top - b) * w;
            out[4 * i] = m[0] * r + m[1] * g + m[2] * b;
            out[4 * i + 1] = m[3] * r + m[4] * g + m[5] * b;
            out[4 * i + 2] = m[6] * r + m[7] * g + m[8] * b;
            out[4 * i + 3] = 1;
        }
    } else {
        for (long i = 0; i < count; i++) {
            float r = clampf(red[i], 0, 1), g = clampf(green[i], 0, 1), b = clampf(blue[i], 0, 1);
            out[4 * i] = m[0] * r + m[1] * g + m[2] * b;
            out[4 * i + 1] = m[3] * r + m[4] * g + m[5] * b;
            out[4 * i + 2] = m[6] * r + m[7] * g + m[8] * b;
            out[4 * i + 3] = 1;
        }
    }
}

// One photosite's missing colours as the mean of its nearest same-colour neighbours (LibRaw's "linear").
PK_ROW void bilinear_one(const float *p, long w, int colour, int rowHasRed, float *r, float *g, float *b) {
    float centre = p[0];
    float cross = (p[-1] + p[1] + p[-w] + p[w]) * 0.25f;
    float diagonal = (p[-w - 1] + p[-w + 1] + p[w - 1] + p[w + 1]) * 0.25f;
    float horizontal = (p[-1] + p[1]) * 0.5f, vertical = (p[-w] + p[w]) * 0.5f;
    if (colour == 0) { *r = centre; *g = cross; *b = diagonal; }
    else if (colour == 2) { *r = diagonal; *g = cross; *b = centre; }
    else if (rowHasRed) { *r = horizontal; *g = centre; *b = vertical; }
    else { *r = vertical; *g = centre; *b = horizontal; }
}

PK_ROW void bilinear_row_body(const float *centre, long w, long count, int colourEven, int colourOdd,
                              float *red, float *green, float *blue) {
    int rowHasRed = colourEven == 0 || colourOdd == 0;
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        bilinear_one(centre + i, w, colourEven, rowHasRed, red + i, green + i, blue + i);
        bilinear_one(centre + i + 1, w, colourOdd, rowHasRed, red + i + 1, green + i + 1, blue + i + 1);
    }
    if (i < count) bilinear_one(centre + i, w, colourEven, rowHasRed, red + i, green + i, blue + i);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void bilinear_row_avx2(const float *centre, long w, long count, int colourEven, int colourOdd,
                              float *red, float *green, float *blue) {
    bilinear_row_body(centre, w, count, colourEven, colourOdd, red, green, blue);
}
__attribute__((target("avx2")))
static void load_row_avx2(const uint16_t *source, long width, long firstColumn, long columns, const float scale[2],
                          const float black[2], const float ceiling[2], float *out) {
    load_row_body(source, width, firstColumn, columns, scale, black, ceiling, out);
}
__attribute__((target("avx2")))
static void finish_avx2(const float *red, const float *green, const float *blue, long count, const float m[9],
                        const float *saturation, float *out) {
    finish_body(red, green, blue, count, m, saturation, out);
}
#endif

void pk_raw_load_row(const uint16_t *source, long width, long firstColumn, long columns, const float scale[2],
                     const float black[2], const float ceiling[2], float *out) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { load_row_avx2(source, width, firstColumn, columns, scale, black, ceiling, out); return; }
#endif
    load_row_body(source, width, firstColumn, columns, scale, black, ceiling, out);
}

void pk_raw_finish(const float *red, const float *green, const float *blue, long count, const float matrix[9],
                   const float *saturation, float *out) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { finish_avx2(red, green, blue, count, matrix, saturation, out); return; }
#endif
    finish_body(red, green, blue, count, matrix, saturation, out);
}

void pk_raw_bilinear_row(const float *centre, long stride, long count, int colourEven, int colourOdd,
                         float *red, float *green, float *blue) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { bilinear_row_avx2(centre, stride, count, colourEven, colourOdd, red, green, blue); return; }
#endif
    bilinear_row_body(centre, stride, count, colourEven, colourOdd, red, green, blue);
}

// The first pixel from `from` whose lowest colour component is negative, as Swift's `min(r, min(g, b)) < 0`
// decides it (`min(x, y)` is `y < x ? y : x`, so a NaN red hides the others), else `count`. Sixteen floats a
// step with AVX-512; the rare pixel found is then mapped by the caller.
static long next_negative_scalar(const float *px, long from, long count) {
    for (long i = from; i < count; i++) {
        const float *p = px + i * 4;
        float m = p[2] < p[1] ? p[2] : p[1];
        float lowest = m < p[0] ? m : p[0];
        if (lowest < 0.0f) return i;
    }
    return count;
}

#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("avx512f,avx512vl,avx2,fma,f16c")))
static long next_negative_avx512(const float *px, long from, long count) {
    const __m512i reds = _mm512_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    const __m512i greens = _mm512_add_epi32(reds, _mm512_set1_epi32(1)), blues = _mm512_add_epi32(reds, _mm512_set1_epi32(2));
    const __m512 zero = _mm512_setzero_ps();
    long i = from;
    for (; i + 4 <= count; i += 4) {
        __m512 v = _mm512_loadu_ps(px + i * 4);
        __m512 r = _mm512_permutexvar_ps(reds, v), g = _mm512_permutexvar_ps(greens, v), b = _mm512_permutexvar_ps(blues, v);
        __m512 m = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(b, g, _CMP_LT_OQ), g, b);
        __m512 lowest = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(m, r, _CMP_LT_OQ), r, m);
        if (_mm512_cmp_ps_mask(lowest, zero, _CMP_LT_OQ)) return next_negative_scalar(px, i, count);
    }
    return next_negative_scalar(px, i, count);
}
#endif

long pk_raw_next_negative(const float *px, long from, long count) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx512()) return next_negative_avx512(px, from, count);
#endif
    return next_negative_scalar(px, from, count);
}
