// Convolution of working pixels: the separable passes (the Gaussian/box blurs' inner loops) and general weight
// matrices (CIConvolution…), AVX2/FMA at run time.
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"

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

PK_INLINE void gather_body(const float *const *restrict rows, int taps, const float *restrict w, float *restrict out, int width) {
    long n = (long)width * 4, i = 0;
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
// Written with vector extensions so both the baseline and the AVX2 variant are vectorised.
typedef float pk_v8 __attribute__((vector_size(32), aligned(4)));

PK_INLINE void gather4_body(const float *const *restrict rows, int taps, const float *restrict w,
                            float *restrict out0, float *restrict out1, float *restrict out2, float *restrict out3, int width) {
    if (taps < 4) {
        gather_body(rows, taps, w, out0, width); gather_body(rows + 1, taps, w, out1, width);
        gather_body(rows + 2, taps, w, out2, width); gather_body(rows + 3, taps, w, out3, width);
        return;
    }
    long n = (long)width * 4, i = 0;
    // Two 8-float columns per pass (eight accumulators, enough independent chains to keep the FMA units busy).
    for (; i + 16 <= n; i += 16) {
        pk_v8 a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0}, c0 = {0}, c1 = {0}, c2 = {0}, c3 = {0};
        // Rows 0…2 reach only the first outputs; rows taps…taps+2 only the last ones; the middle feeds all four.
        for (int r = 0; r < 3; r++) {
            pk_v8 v = *(const pk_v8 *)(rows[r] + i), u = *(const pk_v8 *)(rows[r] + i + 8);
            a0 += w[r] * v; c0 += w[r] * u;
            if (r >= 1) { a1 += w[r - 1] * v; c1 += w[r - 1] * u; }
            if (r >= 2) { a2 += w[r - 2] * v; c2 += w[r - 2] * u; }
        }
        // The four weights slide by one each row: keep them in registers (one new broadcast per row).
        pk_v8 b1 = (pk_v8){0} + w[2], b2 = (pk_v8){0} + w[1], b3 = (pk_v8){0} + w[0];
        for (int r = 3; r < taps; r++) {
            pk_v8 v = *(const pk_v8 *)(rows[r] + i), u = *(const pk_v8 *)(rows[r] + i + 8);
            pk_v8 b0 = (pk_v8){0} + w[r];
            a0 += b0 * v; a1 += b1 * v; a2 += b2 * v; a3 += b3 * v;
            c0 += b0 * u; c1 += b1 * u; c2 += b2 * u; c3 += b3 * u;
            b3 = b2; b2 = b1; b1 = b0;
        }
        for (int r = taps; r < taps + 3; r++) {
            pk_v8 v = *(const pk_v8 *)(rows[r] + i), u = *(const pk_v8 *)(rows[r] + i + 8);
            if (r - 1 < taps) { a1 += w[r - 1] * v; c1 += w[r - 1] * u; }
            if (r - 2 < taps) { a2 += w[r - 2] * v; c2 += w[r - 2] * u; }
            a3 += w[r - 3] * v; c3 += w[r - 3] * u;
        }
        *(pk_v8 *)(out0 + i) = a0; *(pk_v8 *)(out1 + i) = a1; *(pk_v8 *)(out2 + i) = a2; *(pk_v8 *)(out3 + i) = a3;
        *(pk_v8 *)(out0 + i + 8) = c0; *(pk_v8 *)(out1 + i + 8) = c1; *(pk_v8 *)(out2 + i + 8) = c2; *(pk_v8 *)(out3 + i + 8) = c3;
    }
    for (; i < n; i++) {
        float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        for (int k = 0; k < taps; k++) {
            a0 += w[k] * rows[k][i]; a1 += w[k] * rows[k + 1][i]; a2 += w[k] * rows[k + 2][i]; a3 += w[k] * rows[k + 3][i];
        }
        out0[i] = a0; out1[i] = a1; out2[i] = a2; out3[i] = a3;
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma,f16c")))
static void gather_avx2(const float *const *rows, int taps, const float *w, float *out, int width) {
    gather_body(rows, taps, w, out, width);
}
__attribute__((target("avx2,fma,f16c")))
static void gather4_avx2(const float *const *rows, int taps, const float *w, float *o0, float *o1, float *o2, float *o3, int width) {
    gather4_body(rows, taps, w, o0, o1, o2, o3, width);
}
#endif

void pk_ci_convolve_gather4(const float *const *rows, int taps, const float *weights,
                            float *dst0, float *dst1, float *dst2, float *dst3, int width) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { gather4_avx2(rows, taps, weights, dst0, dst1, dst2, dst3, width); return; }
#endif
    gather4_body(rows, taps, weights, dst0, dst1, dst2, dst3, width);
}

void pk_ci_convolve_gather(const float *const *rows, int taps, const float *weights, float *dst, int width) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { gather_avx2(rows, taps, weights, dst, width); return; }
#endif
    gather_body(rows, taps, weights, dst, width);
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma,f16c")))
static void rows_avx2(const float *src, long ss, float *dst, long ds, int width, int height, const float *w, int taps) {
    rows_body(src, ss, dst, ds, width, height, w, taps);
}
__attribute__((target("avx2,fma,f16c")))
static void columns_avx2(const float *src, long ss, float *dst, long ds, int width, int height, const float *w, int taps) {
    columns_body(src, ss, dst, ds, width, height, w, taps);
}
#endif

void pk_ci_convolve_rows(const float *src, long src_stride, float *dst, long dst_stride,
                         int width, int height, const float *weights, int taps) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { rows_avx2(src, src_stride, dst, dst_stride, width, height, weights, taps); return; }
#endif
    rows_body(src, src_stride, dst, dst_stride, width, height, weights, taps);
}

void pk_ci_convolve_columns(const float *src, long src_stride, float *dst, long dst_stride,
                            int width, int height, const float *weights, int taps) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { columns_avx2(src, src_stride, dst, dst_stride, width, height, weights, taps); return; }
#endif
    columns_body(src, src_stride, dst, dst_stride, width, height, weights, taps);
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
PK_DISPATCH(taps, (const float *const *sources, const float *w, int taps, float bias, float *out, long count),
            (sources, w, taps, bias, out, count))

void pk_ci_convolve_taps(const float *const *sources, const float *weights, int taps, float bias, float *dst, long count) {
    PK_PICK(taps)(sources, weights, taps, bias, dst, count);
}
