// Moving opaque working pixels between the layouts of the separable blur's opaque mode (SeparableConvolution):
// the alpha channel of an opaque image blurs to exactly 1, so the passes leave it out. Four rows' RGB fill three
// four-lane rows for the horizontal pass (the fourth row's R, G, B in the alpha lanes), and the vertical pass works
// on rows of packed RGB (three floats a pixel). Pure data movement: the filtered values are the four-lane passes'
// to the bit. AVX-512 permutes where the CPU has them, the same moves one float at a time elsewhere.
#include "pk_ci.h"
#include "pk_cpu.h"
#include <stdint.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static void pack_generic(const float *r0, const float *r1, const float *r2, const float *r3,
                         float *p0, float *p1, float *p2, long pixels) {
    for (long x = 0; x < pixels; x++) {
        const long i = x * 4;
        p0[i] = r0[i]; p0[i + 1] = r0[i + 1]; p0[i + 2] = r0[i + 2]; p0[i + 3] = r3[i];
        p1[i] = r1[i]; p1[i + 1] = r1[i + 1]; p1[i + 2] = r1[i + 2]; p1[i + 3] = r3[i + 1];
        p2[i] = r2[i]; p2[i + 1] = r2[i + 1]; p2[i + 2] = r2[i + 2]; p2[i + 3] = r3[i + 2];
    }
}

static void unpack_generic(const float *h0, const float *h1, const float *h2,
                           float *q0, float *q1, float *q2, float *q3, long pixels) {
    for (long x = 0; x < pixels; x++) {
        const long i = x * 4, o = x * 3;
        q0[o] = h0[i]; q0[o + 1] = h0[i + 1]; q0[o + 2] = h0[i + 2];
        q1[o] = h1[i]; q1[o + 1] = h1[i + 1]; q1[o + 2] = h1[i + 2];
        q2[o] = h2[i]; q2[o + 1] = h2[i + 1]; q2[o + 2] = h2[i + 2];
        q3[o] = h0[i + 3]; q3[o + 1] = h1[i + 3]; q3[o + 2] = h2[i + 3];
    }
}

static void rgb_generic(const float *src, float *dst, long pixels) {
    for (long x = 0; x < pixels; x++) { dst[x * 3] = src[x * 4]; dst[x * 3 + 1] = src[x * 4 + 1]; dst[x * 3 + 2] = src[x * 4 + 2]; }
}

static void rgba_generic(const float *src, float *dst, long pixels) {
    for (long x = 0; x < pixels; x++) {
        dst[x * 4] = src[x * 3]; dst[x * 4 + 1] = src[x * 3 + 1]; dst[x * 4 + 2] = src[x * 3 + 2]; dst[x * 4 + 3] = 1.0f;
    }
}

#if defined(__x86_64__)
#define PK_AVX512 __attribute__((target("avx512f,avx512vl,avx512dq")))

// Sixteen RGBA pixels (four vectors) to 48 packed floats (three vectors).
PK_AVX512 static inline void compress16(__m512 a, __m512 b, __m512 c, __m512 d, float *out) {
    // Lanes of the concatenation (a, b) / (b, c) / (c, d): the RGB of pixels 0…5.33, 5.33…10.67, 10.67…16.
    const __m512i i0 = _mm512_setr_epi32(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 20);
    const __m512i i1 = _mm512_setr_epi32(5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 20, 21, 22, 24, 25);
    const __m512i i2 = _mm512_setr_epi32(10, 12, 13, 14, 16, 17, 18, 20, 21, 22, 24, 25, 26, 28, 29, 30);
    _mm512_storeu_ps(out, _mm512_permutex2var_ps(a, i0, b));
    _mm512_storeu_ps(out + 16, _mm512_permutex2var_ps(b, i1, c));
    _mm512_storeu_ps(out + 32, _mm512_permutex2var_ps(c, i2, d));
}

PK_AVX512 static void pack_avx512(const float *r0, const float *r1, const float *r2, const float *r3,
                                  float *p0, float *p1, float *p2, long pixels) {
    long x = 0;
    for (; x + 4 <= pixels; x += 4) {
        const long i = x * 4;
        const __m512 fourth = _mm512_loadu_ps(r3 + i);
        // The fourth row's R, G and B moved into lane 3 of each pixel.
        const __m512 r = _mm512_permute_ps(fourth, _MM_SHUFFLE(0, 0, 0, 0));
        const __m512 g = _mm512_permute_ps(fourth, _MM_SHUFFLE(1, 1, 1, 1));
        const __m512 b = _mm512_permute_ps(fourth, _MM_SHUFFLE(2, 2, 2, 2));
        _mm512_storeu_ps(p0 + i, _mm512_mask_blend_ps(0x8888, _mm512_loadu_ps(r0 + i), r));
        _mm512_storeu_ps(p1 + i, _mm512_mask_blend_ps(0x8888, _mm512_loadu_ps(r1 + i), g));
        _mm512_storeu_ps(p2 + i, _mm512_mask_blend_ps(0x8888, _mm512_loadu_ps(r2 + i), b));
    }
    pack_generic(r0 + x * 4, r1 + x * 4, r2 + x * 4, r3 + x * 4, p0 + x * 4, p1 + x * 4, p2 + x * 4, pixels - x);
}

PK_AVX512 static void unpack_avx512(const float *h0, const float *h1, const float *h2,
                                    float *q0, float *q1, float *q2, float *q3, long pixels) {
    long x = 0;
    for (; x + 16 <= pixels; x += 16) {
        const long i = x * 4, o = x * 3;
        __m512 a[3][4];
        for (int v = 0; v < 4; v++) {
            a[0][v] = _mm512_loadu_ps(h0 + i + v * 16);
            a[1][v] = _mm512_loadu_ps(h1 + i + v * 16);
            a[2][v] = _mm512_loadu_ps(h2 + i + v * 16);
        }
        compress16(a[0][0], a[0][1], a[0][2], a[0][3], q0 + o);
        compress16(a[1][0], a[1][1], a[1][2], a[1][3], q1 + o);
        compress16(a[2][0], a[2][1], a[2][2], a[2][3], q2 + o);
        // The alpha lanes (the fourth row's R, G, B) gathered into lanes 0, 1, 2 of each pixel, then packed.
        __m512 t[4];
        for (int v = 0; v < 4; v++) {
            const __m512 r = _mm512_permute_ps(a[0][v], _MM_SHUFFLE(3, 3, 3, 3));
            const __m512 g = _mm512_permute_ps(a[1][v], _MM_SHUFFLE(3, 3, 3, 3));
            const __m512 b = _mm512_permute_ps(a[2][v], _MM_SHUFFLE(3, 3, 3, 3));
            t[v] = _mm512_mask_blend_ps(0x4444, _mm512_mask_blend_ps(0x2222, r, g), b);
        }
        compress16(t[0], t[1], t[2], t[3], q3 + o);
    }
    unpack_generic(h0 + x * 4, h1 + x * 4, h2 + x * 4, q0 + x * 3, q1 + x * 3, q2 + x * 3, q3 + x * 3, pixels - x);
}

PK_AVX512 static void rgb_avx512(const float *src, float *dst, long pixels) {
    long x = 0;
    for (; x + 16 <= pixels; x += 16) {
        const float *s = src + x * 4;
        compress16(_mm512_loadu_ps(s), _mm512_loadu_ps(s + 16), _mm512_loadu_ps(s + 32), _mm512_loadu_ps(s + 48), dst + x * 3);
    }
    rgb_generic(src + x * 4, dst + x * 3, pixels - x);
}

PK_AVX512 static void rgba_avx512(const float *src, float *dst, long pixels) {
    long x = 0;
    // Lanes of (u, v) for pixels 0…3, 4…7 (u = floats 0…15, v = 16…31) and 8…11, 12…15 (u = 16…31, v = 32…47);
    // lane 3 of each pixel is overwritten with 1.
    const __m512i lo = _mm512_setr_epi32(0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0);
    const __m512i mid = _mm512_setr_epi32(12, 13, 14, 0, 15, 16, 17, 0, 18, 19, 20, 0, 21, 22, 23, 0);
    const __m512i high = _mm512_setr_epi32(8, 9, 10, 0, 11, 12, 13, 0, 14, 15, 16, 0, 17, 18, 19, 0);
    const __m512i top = _mm512_setr_epi32(4, 5, 6, 0, 7, 8, 9, 0, 10, 11, 12, 0, 13, 14, 15, 0);
    const __m512 one = _mm512_set1_ps(1.0f);
    for (; x + 16 <= pixels; x += 16) {
        const float *s = src + x * 3;
        float *d = dst + x * 4;
        const __m512 u = _mm512_loadu_ps(s), v = _mm512_loadu_ps(s + 16), w = _mm512_loadu_ps(s + 32);
        _mm512_storeu_ps(d, _mm512_mask_blend_ps(0x8888, _mm512_permutexvar_ps(lo, u), one));
        _mm512_storeu_ps(d + 16, _mm512_mask_blend_ps(0x8888, _mm512_permutex2var_ps(u, mid, v), one));
        _mm512_storeu_ps(d + 32, _mm512_mask_blend_ps(0x8888, _mm512_permutex2var_ps(v, high, w), one));
        _mm512_storeu_ps(d + 48, _mm512_mask_blend_ps(0x8888, _mm512_permutexvar_ps(top, w), one));
    }
    rgba_generic(src + x * 3, dst + x * 4, pixels - x);
}
#endif

void pk_ci_pack_opaque_rows(const float *r0, const float *r1, const float *r2, const float *r3,
                            float *p0, float *p1, float *p2, long pixels) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx512()) { pack_avx512(r0, r1, r2, r3, p0, p1, p2, pixels); return; }
#endif
    pack_generic(r0, r1, r2, r3, p0, p1, p2, pixels);
}

void pk_ci_unpack_opaque_rows(const float *h0, const float *h1, const float *h2,
                              float *q0, float *q1, float *q2, float *q3, long pixels) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx512()) { unpack_avx512(h0, h1, h2, q0, q1, q2, q3, pixels); return; }
#endif
    unpack_generic(h0, h1, h2, q0, q1, q2, q3, pixels);
}

void pk_ci_rgba_to_rgb(const float *src, float *dst, long pixels) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx512()) { rgb_avx512(src, dst, pixels); return; }
#endif
    rgb_generic(src, dst, pixels);
}

void pk_ci_rgb_to_opaque_rgba(const float *src, float *dst, long pixels) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx512()) { rgba_avx512(src, dst, pixels); return; }
#endif
    rgba_generic(src, dst, pixels);
}
