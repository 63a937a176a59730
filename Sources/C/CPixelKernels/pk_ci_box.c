// Window sums of working pixels for box filters (CIBoxBlur, the guided filter's means): a sum over `taps`
// neighbours built from sums over 1, 2, 4, … neighbours (each level the previous one plus itself shifted), so a
// pixel costs about 2·log2(taps) additions instead of `taps` multiply-adds. Every output adds the same partial
// sums in the same order wherever it lies, so results never depend on where a row or a tile starts.
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"
#pragma clang fp contract(off)

// dst[i] = a[i] + b[i].
PK_INLINE void add_body(const float *restrict a, const float *restrict b, float *restrict dst, long count) {
    for (long i = 0; i < count; i++) dst[i] = a[i] + b[i];
}

// acc[i] += b[i], then (with `last`) · scale, or / scale with `divide`.
PK_INLINE void accumulate_body(float *restrict acc, const float *restrict b, long count, int last, float scale, int divide) {
    if (!last) {
        for (long i = 0; i < count; i++) acc[i] = acc[i] + b[i];
    } else if (divide) {
        for (long i = 0; i < count; i++) acc[i] = (acc[i] + b[i]) / scale;
    } else {
        for (long i = 0; i < count; i++) acc[i] = (acc[i] + b[i]) * scale;
    }
}

// dst[i] = a[i] · scale, or / scale with `divide`.
PK_INLINE void scale_body(const float *restrict a, float *restrict dst, long count, float scale, int divide) {
    if (divide) {
        for (long i = 0; i < count; i++) dst[i] = a[i] / scale;
    } else {
        for (long i = 0; i < count; i++) dst[i] = a[i] * scale;
    }
}

PK_DISPATCH_WIDE(add, (const float *a, const float *b, float *dst, long count), (a, b, dst, count))
PK_DISPATCH_WIDE(accumulate, (float *acc, const float *b, long count, int last, float scale, int divide),
                 (acc, b, count, last, scale, divide))
PK_DISPATCH_WIDE(scale, (const float *a, float *dst, long count, float scale, int divide), (a, dst, count, scale, divide))

void pk_ci_add_rows(const float *a, const float *b, float *dst, long count) {
    PK_PICK_WIDE(add)(a, b, dst, count);
}

void pk_ci_sum_rows_scaled(const float *const *rows, int count, float scale, int divide, float *dst, long floats) {
    if (count <= 0) return;
    if (count == 1) { PK_PICK_WIDE(scale)(rows[0], dst, floats, scale, divide); return; }
    // ((rows[0] + rows[1]) + rows[2]) + …, the last addition scaled.
    if (count == 2) {
        for (long i = 0; i < floats; i++) dst[i] = rows[0][i];
    } else {
        PK_PICK_WIDE(add)(rows[0], rows[1], dst, floats);
    }
    for (int k = count == 2 ? 1 : 2; k < count; k++) PK_PICK_WIDE(accumulate)(dst, rows[k], floats, k == count - 1, scale, divide);
}

void pk_ci_window_sum_row(const float *src, float *dst, float *scratch, long width, int taps, float scale, int divide) {
    // Level k holds sums over 2^k pixels starting at each position; `n` of them are valid.
    const float *level = src;
    long n = width + taps - 1;
    float *spare[2] = {scratch, scratch + (width + taps) * 4};
    long offset = 0;
    int terms = 0, remaining = taps;
    for (int k = 0; remaining > 0; k++) {
        const int size = 1 << k;
        if (taps & size) {
            // The window's next 2^k pixels (smallest levels first): the first term is copied, the last scaled.
            remaining -= size;
            const float *term = level + offset * 4;
            if (terms == 0) {
                if (remaining == 0) PK_PICK_WIDE(scale)(term, dst, width * 4, scale, divide);
                else for (long i = 0; i < width * 4; i++) dst[i] = term[i];
            } else {
                PK_PICK_WIDE(accumulate)(dst, term, width * 4, remaining == 0, scale, divide);
            }
            offset += size;
            terms++;
        }
        if (remaining == 0) break;
        float *next = spare[k & 1];
        PK_PICK_WIDE(add)(level, level + (long)size * 4, next, (n - size) * 4);
        n -= size;
        level = next;
    }
}
