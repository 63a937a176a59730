// Convolution of working pixels: the separable passes (the Gaussian/box blurs' inner loops) and general weight
// matrices (CIConvolution…), in AVX-512 or AVX2/FMA at run time (the same operations in the same order in both).
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"
#include <stdint.h>

// The passes accumulate 16 pixels (64 floats, eight AVX registers: enough independent chains to hide the FMA
// latency) across every tap before storing; 8-pixel blocks for the rest of a row.
PK_INLINE void dot_block(const float *restrict in, long step, float *restrict out, const float *restrict w, int taps) {
    float acc[32];
    for (int j = 0; j < 32; j++) acc[j] = 0.0f;
    for (int k = 0; k < taps; k++) {
        const float weight = w[k];
        const float *row = in + (long)k * step;
        for (int j = 0; j < 32; j++) acc[j] += weight * row[j];
    }
    for (int j = 0; j < 32; j++) out[j] = acc[j];
}

PK_INLINE void dot_block64(const float *restrict in, long step, float *restrict out, const float *restrict w, int taps) {
    float acc[64];
    for (int j = 0; j < 64; j++) acc[j] = 0.0f;
    for (int k = 0; k < taps; k++) {
        const float weight = w[k];
        const float *row = in + (long)k * step;
        for (int j = 0; j < 64; j++) acc[j] += weight * row[j];
    }
    for (int j = 0; j < 64; j++) out[j] = acc[j];
}

PK_INLINE void dot_tail(const float *restrict in, long step, float *restrict out, const float *restrict w, int taps, long n) {
    for (long j = 0; j < n; j++) {
        float acc = 0.0f;
        for (int k = 0; k < taps; k++) acc += w[k] * in[(long)k * step + j];
        out[j] = acc;
    }
}

PK_INLINE void rows_body(const float *restrict src, long src_stride, float *restrict dst, long dst_stride,
                         int width, int height, const float *restrict w, int taps) {
    long n = (long)width * 4;
    for (int y = 0; y < height; y++) {
        const float *in = src + (long)y * src_stride * 4;
        float *out = dst + (long)y * dst_stride * 4;
        long i = 0;
        for (; i + 64 <= n; i += 64) dot_block64(in + i, 4, out + i, w, taps);
        for (; i + 32 <= n; i += 32) dot_block(in + i, 4, out + i, w, taps);
        dot_tail(in + i, 4, out + i, w, taps, n - i);
    }
}

PK_INLINE void columns_body(const float *restrict src, long src_stride, float *restrict dst, long dst_stride,
                            int width, int height, const float *restrict w, int taps) {
    long n = (long)width * 4, step = src_stride * 4;
    for (int y = 0; y < height; y++) {
        const float *in = src + (long)y * step;
        float *out = dst + (long)y * dst_stride * 4;
        long i = 0;
        for (; i + 32 <= n; i += 32) dot_block(in + i, step, out + i, w, taps);
        dot_tail(in + i, step, out + i, w, taps, n - i);
    }
}

PK_INLINE void gather_body(const float *const *restrict rows, int taps, const float *restrict w, float *restrict out, long n) {
    long i = 0;
    for (; i + 32 <= n; i += 32) {
        float acc[32];
        for (int j = 0; j < 32; j++) acc[j] = 0.0f;
        for (int k = 0; k < taps; k++) {
            const float weight = w[k];
            const float *row = rows[k] + i;
            for (int j = 0; j < 32; j++) acc[j] += weight * row[j];
        }
        for (int j = 0; j < 32; j++) out[i + j] = acc[j];
    }
    for (; i < n; i++) {
        float acc = 0.0f;
        for (int k = 0; k < taps; k++) acc += w[k] * rows[k][i];
        out[i] = acc;
    }
}

// Four output rows at once: each input row is loaded once and feeds up to four accumulators, so the pass is
// bound by arithmetic rather than by loads (out[j] = sum_k w[k] * rows[j + k], j = 0…3; `rows` holds taps + 3).
// Written once with vector extensions over a vector of L floats: 8 for the baseline and AVX2 builds, 16 for AVX-512.
// Every float is summed in the same order whatever the width, so all widths give the same results.
typedef float pk_v8 __attribute__((vector_size(32), aligned(4)));
typedef float pk_v16 __attribute__((vector_size(64), aligned(4)));

#define GATHER4_BODY(NAME, VT, L) \
PK_INLINE void NAME(const float *const *restrict rows, int taps, const float *restrict w, \
                    float *restrict out0, float *restrict out1, float *restrict out2, float *restrict out3, long n) { \
    if (taps < 4) { \
        gather_body(rows, taps, w, out0, n); gather_body(rows + 1, taps, w, out1, n); \
        gather_body(rows + 2, taps, w, out2, n); gather_body(rows + 3, taps, w, out3, n); \
        return; \
    } \
    long i = 0; \
    /* Two columns of L floats per pass (eight accumulators, enough independent chains for the FMA units). */ \
    for (; i + 2 * L <= n; i += 2 * L) { \
        VT a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0}, c0 = {0}, c1 = {0}, c2 = {0}, c3 = {0}; \
        /* Rows 0…2 reach only the first outputs; rows taps…taps+2 only the last ones; the middle feeds all four. */ \
        for (int r = 0; r < 3; r++) { \
            VT v = *(const VT *)(rows[r] + i), u = *(const VT *)(rows[r] + i + L); \
            a0 += w[r] * v; c0 += w[r] * u; \
            if (r >= 1) { a1 += w[r - 1] * v; c1 += w[r - 1] * u; } \
            if (r >= 2) { a2 += w[r - 2] * v; c2 += w[r - 2] * u; } \
        } \
        /* The four weights slide by one each row: keep them in registers (one new broadcast per row). */ \
        VT b1 = (VT){0} + w[2], b2 = (VT){0} + w[1], b3 = (VT){0} + w[0]; \
        for (int r = 3; r < taps; r++) { \
            VT v = *(const VT *)(rows[r] + i), u = *(const VT *)(rows[r] + i + L); \
            VT b0 = (VT){0} + w[r]; \
            a0 += b0 * v; a1 += b1 * v; a2 += b2 * v; a3 += b3 * v; \
            c0 += b0 * u; c1 += b1 * u; c2 += b2 * u; c3 += b3 * u; \
            b3 = b2; b2 = b1; b1 = b0; \
        } \
        for (int r = taps; r < taps + 3; r++) { \
            VT v = *(const VT *)(rows[r] + i), u = *(const VT *)(rows[r] + i + L); \
            if (r - 1 < taps) { a1 += w[r - 1] * v; c1 += w[r - 1] * u; } \
            if (r - 2 < taps) { a2 += w[r - 2] * v; c2 += w[r - 2] * u; } \
            a3 += w[r - 3] * v; c3 += w[r - 3] * u; \
        } \
        *(VT *)(out0 + i) = a0; *(VT *)(out1 + i) = a1; *(VT *)(out2 + i) = a2; *(VT *)(out3 + i) = a3; \
        *(VT *)(out0 + i + L) = c0; *(VT *)(out1 + i + L) = c1; *(VT *)(out2 + i + L) = c2; *(VT *)(out3 + i + L) = c3; \
    } \
    for (; i < n; i++) { \
        float a0 = 0, a1 = 0, a2 = 0, a3 = 0; \
        for (int k = 0; k < taps; k++) { \
            a0 += w[k] * rows[k][i]; a1 += w[k] * rows[k + 1][i]; a2 += w[k] * rows[k + 2][i]; a3 += w[k] * rows[k + 3][i]; \
        } \
        out0[i] = a0; out1[i] = a1; out2[i] = a2; out3[i] = a3; \
    } \
}
GATHER4_BODY(gather4_body, pk_v8, 8)
GATHER4_BODY(gather4_wide_body, pk_v16, 16)

// Eight output rows at once (AVX-512, taps >= 8): each input row is loaded once for all eight, which halves the ring
// rows read from L2 per multiply-add against four. Each output still sums its taps in order with one fused
// multiply-add each (the same floats as pk_ci_convolve_gather_floats).
typedef float pk_vg __attribute__((vector_size(64), aligned(4)));
#if defined(__x86_64__)
__attribute__((target("avx512f,avx512vl,avx2,fma,f16c")))
static void gather8_avx512(const float *const *restrict rows, int taps, const float *restrict w, float *const *restrict out, long n) {
    long i = 0;
    for (; i + 32 <= n; i += 32) {
        pk_vg a[8], c[8];
#pragma clang loop unroll(full)
        for (int j = 0; j < 8; j++) { a[j] = (pk_vg){0}; c[j] = (pk_vg){0}; }
        /* Rows 0…6 reach only the first outputs. */
#pragma clang loop unroll(full)
        for (int r = 0; r < 7; r++) {
            const pk_vg v = *(const pk_vg *)(rows[r] + i), u = *(const pk_vg *)(rows[r] + i + 16);
#pragma clang loop unroll(full)
            for (int j = 0; j < 8; j++) if (j <= r) { a[j] += w[r - j] * v; c[j] += w[r - j] * u; }
        }
        /* Every row feeds all eight (each weight broadcast from memory as the multiply-add's operand). */
        for (int r = 7; r < taps; r++) {
            const pk_vg v = *(const pk_vg *)(rows[r] + i), u = *(const pk_vg *)(rows[r] + i + 16);
#pragma clang loop unroll(full)
            for (int j = 0; j < 8; j++) { a[j] += w[r - j] * v; c[j] += w[r - j] * u; }
        }
        /* Rows taps…taps+6 reach only the last outputs. */
#pragma clang loop unroll(full)
        for (int e = 0; e < 7; e++) {
            const int r = taps + e;
            const pk_vg v = *(const pk_vg *)(rows[r] + i), u = *(const pk_vg *)(rows[r] + i + 16);
#pragma clang loop unroll(full)
            for (int j = 0; j < 8; j++) if (j > e) { a[j] += w[r - j] * v; c[j] += w[r - j] * u; }
        }
#pragma clang loop unroll(full)
        for (int j = 0; j < 8; j++) { *(pk_vg *)(out[j] + i) = a[j]; *(pk_vg *)(out[j] + i + 16) = c[j]; }
    }
    for (; i < n; i++) {
        for (int j = 0; j < 8; j++) {
            float acc = 0;
            for (int k = 0; k < taps; k++) acc += w[k] * rows[k + j][i];
            out[j][i] = acc;
        }
    }
}
#endif

PK_DISPATCH_WIDE(gather, (const float *const *rows, int taps, const float *w, float *out, long n), (rows, taps, w, out, n))
PK_DISPATCH_WIDE(rows, (const float *src, long ss, float *dst, long ds, int width, int height, const float *w, int taps),
                 (src, ss, dst, ds, width, height, w, taps))
PK_DISPATCH_WIDE(columns, (const float *src, long ss, float *dst, long ds, int width, int height, const float *w, int taps),
                 (src, ss, dst, ds, width, height, w, taps))
PK_DISPATCH(gather4, (const float *const *rows, int taps, const float *w, float *o0, float *o1, float *o2, float *o3, long n),
            (rows, taps, w, o0, o1, o2, o3, n))
#if defined(__x86_64__)
// The vertical pass's 16-float form (its vector width is in its body, so it is not PK_DISPATCH_WIDE's).
__attribute__((target("avx512f,avx512vl,avx2,fma,f16c")))
static void gather4_avx512(const float *const *rows, int taps, const float *w, float *o0, float *o1, float *o2, float *o3, long n) {
    gather4_wide_body(rows, taps, w, o0, o1, o2, o3, n);
}
#endif

void pk_ci_convolve_gather4_floats(const float *const *rows, int taps, const float *weights,
                                   float *dst0, float *dst1, float *dst2, float *dst3, long floats) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx512()) { gather4_avx512(rows, taps, weights, dst0, dst1, dst2, dst3, floats); return; }
#endif
    PK_PICK(gather4)(rows, taps, weights, dst0, dst1, dst2, dst3, floats);
}

void pk_ci_convolve_gather8_floats(const float *const *rows, int taps, const float *weights, float *const *dst, long floats) {
#if defined(__x86_64__)
    if (taps >= 8 && pk_cpu_has_avx512()) { gather8_avx512(rows, taps, weights, dst, floats); return; }
#endif
    pk_ci_convolve_gather4_floats(rows, taps, weights, dst[0], dst[1], dst[2], dst[3], floats);
    pk_ci_convolve_gather4_floats(rows + 4, taps, weights, dst[4], dst[5], dst[6], dst[7], floats);
}

void pk_ci_convolve_gather_floats(const float *const *rows, int taps, const float *weights, float *dst, long floats) {
    PK_PICK_WIDE(gather)(rows, taps, weights, dst, floats);
}

#if defined(__x86_64__)
// The horizontal pass with aligned loads only (AVX-512). A 16-float vector holds four pixels, so the taps' shifted
// rows start mid-vector three times in four and every such load straddles two cache lines. Instead, the input row
// is copied four times, shifted by 0, 1, 2 and 3 pixels, into aligned buffers: tap k then reads whole vectors of
// copy k mod 4. Each output is still 0 + w[0]·x₀ + w[1]·x₁ + … in tap order with the same FMAs, so the results are
// the other builds' to the bit. Chunks of 256 output pixels keep the copies (33 KB on the stack) in L1; returns the
// pixels done (a multiple of 32, eight vectors), the caller does the rest.
typedef float pk_a16 __attribute__((vector_size(64)));
enum { SHIFTED_CHUNK = 256, SHIFTED_MAX_TAPS = 256 };

__attribute__((target("avx512f,avx512vl,avx2,fma,f16c")))
static long row_shifted_avx512(const float *restrict in, float *restrict out, const float *restrict w, int taps, long width) {
    const long stride = (SHIFTED_CHUNK + SHIFTED_MAX_TAPS) / 4 + 2;   // vectors per copy
    pk_a16 copies[4 * ((SHIFTED_CHUNK + SHIFTED_MAX_TAPS) / 4 + 2)];
    long done = 0;
    while (width - done >= 32) {
        long chunk = width - done < SHIFTED_CHUNK ? (width - done) & ~31L : SHIFTED_CHUNK;
        long pixels = chunk + taps - 1;                                   // input pixels the chunk reads
        const float *row = in + done * 4;
        // A row that starts on a cache line is its own unshifted copy (the taps read no further than `pixels`).
        const pk_a16 *base[4];
        for (int s = 0; s < 4; s++) {
            if (s == 0 && ((uintptr_t)row & 63) == 0) { base[0] = (const pk_a16 *)row; continue; }
            float *copy = (float *)(copies + s * stride);
            __builtin_memcpy(copy, row + s * 4, (size_t)(pixels - s) * 16);
            __builtin_memset(copy + (pixels - s) * 4, 0, 64);
            base[s] = copies + s * stride;
        }
        // Eight accumulators (32 pixels): four would leave the FMA units waiting on latency. Taps four at a time,
        // one from each copy (fixed offsets the compiler keeps in registers), then the rest.
        for (long m = 0; m < chunk / 4; m += 8) {
            pk_a16 a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0}, a4 = {0}, a5 = {0}, a6 = {0}, a7 = {0};
#define PK_TAP8(K, V) do { const float weight = w[K]; const pk_a16 *v = (V); \
            a0 += weight * v[0]; a1 += weight * v[1]; a2 += weight * v[2]; a3 += weight * v[3]; \
            a4 += weight * v[4]; a5 += weight * v[5]; a6 += weight * v[6]; a7 += weight * v[7]; } while (0)
            int k = 0;
            for (; k + 4 <= taps; k += 4) {
                const long t = m + (k >> 2);
                PK_TAP8(k, base[0] + t); PK_TAP8(k + 1, base[1] + t); PK_TAP8(k + 2, base[2] + t); PK_TAP8(k + 3, base[3] + t);
            }
            for (; k < taps; k++) PK_TAP8(k, base[k & 3] + m + (k >> 2));
#undef PK_TAP8
            pk_v16 *o = (pk_v16 *)(out + (done + m * 4) * 4);
            o[0] = a0; o[1] = a1; o[2] = a2; o[3] = a3; o[4] = a4; o[5] = a5; o[6] = a6; o[7] = a7;
        }
        done += chunk;
    }
    return done;
}
#endif

void pk_ci_convolve_rows(const float *src, long src_stride, float *dst, long dst_stride,
                         int width, int height, const float *weights, int taps) {
#if defined(__x86_64__)
    if (taps >= 8 && taps <= SHIFTED_MAX_TAPS && width >= 32 && pk_cpu_has_avx512()) {
        for (int y = 0; y < height; y++) {
            const float *in = src + (long)y * src_stride * 4;
            float *out = dst + (long)y * dst_stride * 4;
            long done = row_shifted_avx512(in, out, weights, taps, width);
            if (done < width) rows_avx512(in + done * 4, src_stride, out + done * 4, dst_stride, (int)(width - done), 1, weights, taps);
        }
        return;
    }
#endif
    PK_PICK_WIDE(rows)(src, src_stride, dst, dst_stride, width, height, weights, taps);
}

void pk_ci_convolve_columns(const float *src, long src_stride, float *dst, long dst_stride,
                            int width, int height, const float *weights, int taps) {
    PK_PICK_WIDE(columns)(src, src_stride, dst, dst_stride, width, height, weights, taps);
}

// out[j] = clamp01(bias + Σₖ w[k] · sources[k][j]), taps added in order; 64 floats (eight AVX registers) stay in
// registers across all taps, then 8-float blocks and single floats (the same operations, so the same results).
PK_INLINE float clamp_unit(float v) { return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; }

PK_INLINE void taps_body(const float *const *restrict sources, const float *restrict w, int taps, float bias,
                         float *restrict out, long count) {
    long i = 0;
    for (; i + 64 <= count; i += 64) {
        float acc[64];
        for (int j = 0; j < 64; j++) acc[j] = bias;
        for (int k = 0; k < taps; k++) {
            const float weight = w[k], *row = sources[k] + i;
            for (int j = 0; j < 64; j++) acc[j] += weight * row[j];
        }
        for (int j = 0; j < 64; j++) out[i + j] = clamp_unit(acc[j]);
    }
    for (; i + 8 <= count; i += 8) {
        float acc[8];
        for (int j = 0; j < 8; j++) acc[j] = bias;
        for (int k = 0; k < taps; k++) {
            const float weight = w[k], *row = sources[k] + i;
            for (int j = 0; j < 8; j++) acc[j] += weight * row[j];
        }
        for (int j = 0; j < 8; j++) out[i + j] = clamp_unit(acc[j]);
    }
    for (; i < count; i++) {
        float acc = bias;
        for (int k = 0; k < taps; k++) acc += w[k] * sources[k][i];
        out[i] = clamp_unit(acc);
    }
}
PK_DISPATCH_WIDE(taps, (const float *const *sources, const float *w, int taps, float bias, float *out, long count),
                 (sources, w, taps, bias, out, count))

void pk_ci_convolve_taps(const float *const *sources, const float *weights, int taps, float bias, float *dst, long count) {
    PK_PICK_WIDE(taps)(sources, weights, taps, bias, dst, count);
}
