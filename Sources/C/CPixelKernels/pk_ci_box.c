// Window sums of working pixels for box filters (CIBoxBlur, the guided filter's means). Along a row: a sum over
// `taps` neighbours built from sums over 1, 2, 4, … neighbours (each level the previous one plus itself shifted),
// about 2·log2(taps) additions a component instead of `taps` multiply-adds, the same partial sums in the same order
// for every output. Down the columns: a fresh sum of the window's rows, then one row added and one taken away per
// row (the caller restarts at fixed rows, so results never depend on where a tile starts).
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"
#pragma clang fp contract(off)

// dst[i] = a[i] + b[i].
PK_INLINE void add_body(const float *restrict a, const float *restrict b, float *restrict dst, long count) {
    for (long i = 0; i < count; i++) dst[i] = a[i] + b[i];
}

PK_DISPATCH_WIDE(add, (const float *a, const float *b, float *dst, long count), (a, b, dst, count))

// next[i] = level[i] + level[i + shift] for a shift of one or two pixels (4 or 8 floats): the shifted operand built
// in registers from the two aligned-or-not loads the pass makes anyway, instead of a load straddling two cache lines
// for every sixteen floats. The same additions as `add`.
#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("avx512f,avx512vl,avx2,fma,f16c")))
static long add_shifted_avx512(const float *level, float *next, long count, int shift) {
    long i = 0;
    if (count + shift < 32) return 0;
    __m512 a = _mm512_loadu_ps(level);
    for (; i + 32 <= count + shift; i += 16) {
        const __m512 b = _mm512_loadu_ps(level + i + 16);
        const __m512i ai = _mm512_castps_si512(a), bi = _mm512_castps_si512(b);
        const __m512 shifted = _mm512_castsi512_ps(shift == 4 ? _mm512_alignr_epi32(bi, ai, 4) : _mm512_alignr_epi32(bi, ai, 8));
        _mm512_storeu_ps(next + i, _mm512_add_ps(a, shifted));
        a = b;
    }
    return i;
}
#endif

static void add_shifted(const float *level, float *next, long count, int shift) {
    long done = 0;
#if defined(__x86_64__)
    if ((shift == 4 || shift == 8) && pk_cpu_has_avx512()) done = add_shifted_avx512(level, next, count, shift);
#endif
    PK_PICK_WIDE(add)(level + done, level + done + shift, next + done, count - done);
}

// dst = ((terms[0] + terms[1]) + …) · scale (or / scale) over `floats` floats, 64 at a time in registers.
PK_INLINE void combine_body(const float *const *terms, int count, float *restrict dst, long floats, float scale, int divide) {
    long i = 0;
    for (; i + 64 <= floats; i += 64) {
        float acc[64];
        const float *first = terms[0] + i;
        for (int j = 0; j < 64; j++) acc[j] = first[j];
        for (int k = 1; k < count; k++) {
            const float *term = terms[k] + i;
            for (int j = 0; j < 64; j++) acc[j] = acc[j] + term[j];
        }
        if (divide) { for (int j = 0; j < 64; j++) dst[i + j] = acc[j] / scale; }
        else { for (int j = 0; j < 64; j++) dst[i + j] = acc[j] * scale; }
    }
    for (; i < floats; i++) {
        float a = terms[0][i];
        for (int k = 1; k < count; k++) a = a + terms[k][i];
        dst[i] = divide ? a / scale : a * scale;
    }
}

PK_DISPATCH_WIDE(combine, (const float *const *terms, int count, float *dst, long floats, float scale, int divide),
                 (terms, count, dst, floats, scale, divide))

void pk_ci_window_sum_row(const float *src, float *dst, float *scratch, long width, int taps, float scale, int divide) {
    // Level k holds sums over 2^k pixels starting at each position (`n` of them valid), each level in its own part
    // of `scratch`; the window is the sum of the levels of its set bits, largest first, each at its offset.
    const float *levels[32];
    levels[0] = src;
    long n = width + taps - 1;
    int top = 0;
    while ((2 << top) <= taps) {
        const long size = 1L << top;
        float *next = scratch + (long)top * (width + taps) * 4;
        add_shifted(levels[top], next, (n - size) * 4, (int)size * 4);
        n -= size;
        levels[++top] = next;
    }
    const float *terms[32];
    int count = 0;
    long offset = 0;
    for (int k = top; k >= 0; k--) {
        if (!(taps & (1 << k))) continue;
        terms[count++] = levels[k] + offset * 4;
        offset += 1L << k;
    }
    PK_PICK_WIDE(combine)(terms, count, dst, width * 4, scale, divide);
}

// dst = acc · scale (or / scale with `divide`): the column sums written out as means.
PK_INLINE void means_body(const float *restrict acc, float *restrict dst, long count, float scale, int divide) {
    if (divide) { for (long i = 0; i < count; i++) dst[i] = acc[i] / scale; }
    else { for (long i = 0; i < count; i++) dst[i] = acc[i] * scale; }
}

// acc = (acc + enter) − leave, and the means where dst is given; *finite says whether every acc is finite.
PK_INLINE void slide_body(float *restrict acc, const float *restrict enter, const float *restrict leave, float *restrict dst,
                          long count, float scale, int divide, int *finite) {
    int all = 1;
    for (long i = 0; i < count; i++) {
        const float a = (acc[i] + enter[i]) - leave[i];
        acc[i] = a;
        all &= (a - a) == 0.0f;   // NaN for ±Inf and NaN
    }
    if (dst) means_body(acc, dst, count, scale, divide);
    *finite = all;
}

// acc = ((rows[0] + rows[1]) + …), and the means where dst is given.
PK_INLINE void fresh_body(const float *const *rows, int count, float *restrict acc, float *restrict dst, long floats,
                          float scale, int divide) {
    const float *restrict first = rows[0];
    for (long i = 0; i < floats; i++) acc[i] = first[i];
    for (int k = 1; k < count; k++) {
        const float *restrict row = rows[k];
        for (long i = 0; i < floats; i++) acc[i] = acc[i] + row[i];
    }
    if (dst) means_body(acc, dst, floats, scale, divide);
}

PK_DISPATCH_WIDE(slide, (float *acc, const float *enter, const float *leave, float *dst, long count, float scale, int divide, int *finite),
                 (acc, enter, leave, dst, count, scale, divide, finite))
PK_DISPATCH_WIDE(fresh, (const float *const *rows, int count, float *acc, float *dst, long floats, float scale, int divide),
                 (rows, count, acc, dst, floats, scale, divide))

int pk_ci_box_slide(float *acc, const float *enter, const float *leave, float *dst, long floats, float scale, int divide) {
    int finite = 1;
    PK_PICK_WIDE(slide)(acc, enter, leave, dst, floats, scale, divide, &finite);
    return finite;
}

void pk_ci_box_fresh(const float *const *rows, int count, float *acc, float *dst, long floats, float scale, int divide) {
    if (count > 0) PK_PICK_WIDE(fresh)(rows, count, acc, dst, floats, scale, divide);
}
