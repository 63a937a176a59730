// Resampling and counting over working pixels: the affine warp's bilinear and nearest sampling, the zoom blur's
// samples along a segment, the area histogram. Scalar C the compiler keeps in registers (the Swift versions went through bounds-checked samplers
// and Double counters); no contraction into FMA, so results equal the reference arithmetic on every machine.
#include "pk_ci.h"
#include "pk_cpu.h"
#include <math.h>
#include <string.h>
#pragma clang fp contract(off)

// The pixel at (x, y) of a tile (absolute coordinates), or clear outside it.
static inline const float *tile_pixel(const float *base, long stride, long rx, long ry, long rw, long rh, long x, long y) {
    static const float clear[4] = {0, 0, 0, 0};
    if (x < rx || y < ry || x >= rx + rw || y >= ry + rh) return clear;
    return base + ((y - ry) * stride + (x - rx)) * 4;
}

// Bilinear sample at (sx, sy) in pixel-centre coordinates (Tile.bilinear): clear outside the tile, and at NaN and
// far positions.
static inline void bilinear_sample(const float *src, long stride, long rx, long ry, long rw, long rh, float sx, float sy,
                                   float out[4]) {
    const float fx = sx - 0.5f, fy = sy - 0.5f;
    if (!(fx > (float)rx - 2 && fx < (float)(rx + rw) + 1 && fy > (float)ry - 2 && fy < (float)(ry + rh) + 1)) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    const long x0 = (long)floorf(fx), y0 = (long)floorf(fy);
    const float wx = fx - (float)x0, wy = fy - (float)y0;
    const float *p00, *p10, *p01, *p11;
    if (x0 >= rx && y0 >= ry && x0 + 1 < rx + rw && y0 + 1 < ry + rh) {
        p00 = src + ((y0 - ry) * stride + (x0 - rx)) * 4;
        p10 = p00 + 4; p01 = p00 + stride * 4; p11 = p01 + 4;
    } else {
        p00 = tile_pixel(src, stride, rx, ry, rw, rh, x0, y0);
        p10 = tile_pixel(src, stride, rx, ry, rw, rh, x0 + 1, y0);
        p01 = tile_pixel(src, stride, rx, ry, rw, rh, x0, y0 + 1);
        p11 = tile_pixel(src, stride, rx, ry, rw, rh, x0 + 1, y0 + 1);
    }
    const float ux = 1 - wx, uy = 1 - wy;
    for (int k = 0; k < 4; k++) {
        float top = p00[k] * ux + p10[k] * wx;
        float bottom = p01[k] * ux + p11[k] * wx;
        out[k] = top * uy + bottom * wy;
    }
}

void pk_ci_affine_sample_reference(const float *src, long src_stride, long rx, long ry, long rw, long rh,
                                   float *dst, long dst_stride, long ox, long oy, int width, int height,
                                   const float m[6], int nearest) {
    const float a = m[0], b = m[1], c = m[2], d = m[3], tx = m[4], ty = m[5];
    for (int j = 0; j < height; j++) {
        const float py = (float)(oy + j) + 0.5f;
        float *out = dst + (long)j * dst_stride * 4;
        for (int i = 0; i < width; i++, out += 4) {
            const float px = (float)(ox + i) + 0.5f;
            const float sx = a * px + c * py + tx, sy = b * px + d * py + ty;
            if (nearest) {
                // Refuses NaN and far positions as the bilinear path does.
                if (!(sx > (float)rx - 1 && sx < (float)(rx + rw) + 1 && sy > (float)ry - 1 && sy < (float)(ry + rh) + 1)) {
                    out[0] = out[1] = out[2] = out[3] = 0; continue;
                }
                const float *p = tile_pixel(src, src_stride, rx, ry, rw, rh, (long)floorf(sx), (long)floorf(sy));
                out[0] = p[0]; out[1] = p[1]; out[2] = p[2]; out[3] = p[3];
                continue;
            }
            bilinear_sample(src, src_stride, rx, ry, rw, rh, sx, sy, out);
        }
    }
}

void pk_ci_zoom_blur_row(const float *input, long stride, int input_x, int input_y, int input_width, int input_height,
                         float *dst, int x0, int y, int width, double cx, double cy, double amount, int max_samples) {
    // Positions in double precision, samples and sums in single precision: the definition in ZoomBlur.swift
    // (ZoomBlurTests compares with it bit for bit).
    for (int i = 0; i < width; i++) {
        const double vx = ((double)(x0 + i) + 0.5) - cx, vy = ((double)y + 0.5) - cy;
        const double reach = fabs(amount) * sqrt(vx * vx + vy * vy);
        const double up = ceil(reach);
        const int n = (int)((double)max_samples < up ? (double)max_samples : up) + 1;
        float sum[4] = {0, 0, 0, 0}, sample[4];
        for (int k = 0; k < n; k++) {
            const double f = 1 - amount * (double)k / (double)n;
            bilinear_sample(input, stride, input_x, input_y, input_width, input_height, (float)(cx + vx * f), (float)(cy + vy * f),
                            sample);
            for (int c = 0; c < 4; c++) sum[c] = sum[c] + sample[c];
        }
        for (int c = 0; c < 4; c++) dst[i * 4 + c] = sum[c] / (float)n;
    }
}

#if defined(__x86_64__)
typedef float f4 __attribute__((ext_vector_type(4)));
typedef float f8 __attribute__((ext_vector_type(8)));
typedef int i8 __attribute__((ext_vector_type(8)));

static inline f4 load4(const float *p) { f4 v; memcpy(&v, p, sizeof v); return v; }

// Bilinear sampling eight output pixels at a time: their source positions, floors and weights in vectors (the
// same operations in the same order as the reference, which also runs where any of the eight, or a neighbour it
// reads, falls outside the tile), then each pixel's four taps blended as one vector of four components.
__attribute__((target("avx2,fma,f16c")))
static void bilinear_avx2(const float *src, long src_stride, long rx, long ry, long rw, long rh,
                          float *dst, long dst_stride, long ox, long oy, int width, int height, const float m[6]) {
    const float a = m[0], b = m[1], c = m[2], d = m[3], tx = m[4], ty = m[5];
    const f8 lanes = {0, 1, 2, 3, 4, 5, 6, 7};
    const f8 limit = (f8){0} + 1073741824.0f;   // keeps the integer conversions defined for far positions
    for (int j = 0; j < height; j++) {
        const float py = (float)(oy + j) + 0.5f;
        float *out = dst + (long)j * dst_stride * 4;
        int i = 0;
        for (; i + 8 <= width; i += 8) {
            const f8 px = (lanes + (float)(ox + i)) + 0.5f;   // exact: (float)(ox + i + k) for coordinates below 2^24
            const f8 sx = (a * px + c * py) + tx, sy = (b * px + d * py) + ty;
            const f8 fx = sx - 0.5f, fy = sy - 0.5f;
            const f8 floorX = __builtin_elementwise_floor(fx), floorY = __builtin_elementwise_floor(fy);
            const i8 x0 = __builtin_convertvector(__builtin_elementwise_min(__builtin_elementwise_max(floorX, -limit), limit), i8);
            const i8 y0 = __builtin_convertvector(__builtin_elementwise_min(__builtin_elementwise_max(floorY, -limit), limit), i8);
            const i8 inside = (fx > (float)rx - 2) & (fx < (float)(rx + rw) + 1) & (fy > (float)ry - 2) & (fy < (float)(ry + rh) + 1)
                              & (x0 >= (int)rx) & (y0 >= (int)ry) & (x0 + 1 < (int)(rx + rw)) & (y0 + 1 < (int)(ry + rh));
            if (!__builtin_reduce_and(inside)) {
                pk_ci_affine_sample_reference(src, src_stride, rx, ry, rw, rh, out + i * 4, dst_stride, ox + i, oy + j, 8, 1, m, 0);
                continue;
            }
            const f8 wx = fx - floorX, wy = fy - floorY, ux = 1 - wx, uy = 1 - wy;
            for (int k = 0; k < 8; k++) {
                const float *p00 = src + ((long)(y0[k] - ry) * src_stride + (x0[k] - rx)) * 4, *p01 = p00 + src_stride * 4;
                const f4 top = load4(p00) * ux[k] + load4(p00 + 4) * wx[k];
                const f4 bottom = load4(p01) * ux[k] + load4(p01 + 4) * wx[k];
                const f4 value = top * uy[k] + bottom * wy[k];
                memcpy(out + (i + k) * 4, &value, sizeof value);
            }
        }
        if (i < width) pk_ci_affine_sample_reference(src, src_stride, rx, ry, rw, rh, out + i * 4, dst_stride, ox + i, oy + j, width - i, 1, m, 0);
    }
}
#endif

void pk_ci_affine_sample(const float *src, long src_stride, long rx, long ry, long rw, long rh,
                         float *dst, long dst_stride, long ox, long oy, int width, int height,
                         const float m[6], int nearest) {
#if defined(__x86_64__)
    // Coordinates from 2^24 on are not exact in single precision either way; the reference keeps them.
    if (!nearest && pk_cpu_has_avx2_fma_f16c() && ox > -(1L << 23) && ox + width < (1L << 23) && oy > -(1L << 23) && oy + height < (1L << 23)) {
        bilinear_avx2(src, src_stride, rx, ry, rw, rh, dst, dst_stride, ox, oy, width, height, m);
        return;
    }
#endif
    pk_ci_affine_sample_reference(src, src_stride, rx, ry, rw, rh, dst, dst_stride, ox, oy, width, height, m, nearest);
}

// The bin of an unpremultiplied value: clamped to [0, 1] (NaN → 0), times the bin count, truncated.
static inline int histogram_bin(float v, float top, int bins) {
    v = v > 0 ? (v < 1 ? v : 1) : 0;
    int bin = (int)(v * top);
    return bin > bins - 1 ? bins - 1 : bin;
}

// The bins of one pixel's components (premultiplied r, g, b and alpha a): r, g, b divided by a, then binned.
static inline void histogram_count(const float p[4], float top, int bins, uint32_t *counts) {
    const float a = p[3];
    for (int c = 0; c < 3; c++) counts[histogram_bin(a > 0 ? p[c] / a : 0, top, bins) * 4 + c]++;
    counts[histogram_bin(a, top, bins) * 4 + 3]++;
}

void pk_ci_histogram(const float *src, long stride, int width, int height, int bins, uint32_t *counts) {
    const float top = (float)bins;
    for (int y = 0; y < height; y++) {
        const float *p = src + (long)y * stride * 4;
        for (int x = 0; x < width; x++, p += 4) histogram_count(p, top, bins, counts);
    }
}

void pk_ci_histogram_u8(const uint8_t *first, long row_step, int components, const int8_t map[4], const float *decode,
                        int width, int height, int bins, uint32_t *counts, uint32_t *copies) {
    const float top = (float)bins;
    // Four interleaved copies of the counts, so that runs of equal pixels do not wait on one counter.
    memset(copies, 0, (size_t)bins * 16 * sizeof(uint32_t));
    // The bin of each stored value of each colour channel when the pixel's alpha is exactly 1 (a division by 1 is
    // exact), and each channel's decoded values; a channel the format lacks loads as 0 (colour) or 1 (alpha)
    // whichever byte is read.
    uint16_t table[3][256];
    float values[4][256];
    int at[4];
    for (int c = 0; c < 4; c++) {
        at[c] = map[c] >= 0 ? map[c] : 0;
        for (int b = 0; b < 256; b++) values[c][b] = map[c] >= 0 ? decode[c * 256 + b] : (c == 3 ? 1.0f : 0.0f);
        if (c < 3) for (int b = 0; b < 256; b++) table[c][b] = (uint16_t)histogram_bin(values[c][b], top, bins);
    }
    const int opaqueBin = histogram_bin(1.0f, top, bins);
    uint32_t *const h0 = copies, *const h1 = copies + bins * 4, *const h2 = copies + bins * 8, *const h3 = copies + bins * 12;
    for (int y = 0; y < height; y++) {
        const uint8_t *px = first + (long)y * row_step;
        uint32_t opaque = 0;
        int x = 0;
        // A row of four-byte pixels whose alpha bytes all decode to 1 (an opaque image): colour bins only.
        int rowOpaque = components == 4;
        for (int i = 0; rowOpaque && i < width; i += 64) {
            int n = width - i < 64 ? width - i : 64, ones = 1;
            for (int k = 0; k < n; k++) ones &= values[3][px[(i + k) * 4 + at[3]]] == 1.0f;
            rowOpaque = ones;
        }
        if (rowOpaque) {
            const int r = at[0], g = at[1], b = at[2];
            for (; x + 4 <= width; x += 4, px += 16) {
                h0[table[0][px[r]] * 4]++; h0[table[1][px[g]] * 4 + 1]++; h0[table[2][px[b]] * 4 + 2]++;
                h1[table[0][px[4 + r]] * 4]++; h1[table[1][px[4 + g]] * 4 + 1]++; h1[table[2][px[4 + b]] * 4 + 2]++;
                h2[table[0][px[8 + r]] * 4]++; h2[table[1][px[8 + g]] * 4 + 1]++; h2[table[2][px[8 + b]] * 4 + 2]++;
                h3[table[0][px[12 + r]] * 4]++; h3[table[1][px[12 + g]] * 4 + 1]++; h3[table[2][px[12 + b]] * 4 + 2]++;
            }
            opaque += (uint32_t)x;
        }
        for (; x < width; x++, px += components) {
            uint32_t *h = copies + (size_t)(x & 3) * bins * 4;
            const float a = values[3][px[at[3]]];
            if (a == 1.0f) {
                h[table[0][px[at[0]]] * 4 + 0]++;
                h[table[1][px[at[1]]] * 4 + 1]++;
                h[table[2][px[at[2]]] * 4 + 2]++;
                opaque++;   // an alpha of 1 always falls in opaqueBin: added once per row below
            } else {
                // A translucent pixel: exactly as loaded then counted (pk_ci_load_u8, then pk_ci_histogram).
                const float p[4] = {values[0][px[at[0]]], values[1][px[at[1]]], values[2][px[at[2]]], a};
                histogram_count(p, top, bins, h);
            }
        }
        copies[opaqueBin * 4 + 3] += opaque;
    }
    for (int i = 0; i < bins * 4; i++) counts[i] += copies[i] + copies[bins * 4 + i] + copies[bins * 8 + i] + copies[bins * 12 + i];
}

typedef float pk_f4 __attribute__((vector_size(16), aligned(4)));

void pk_ci_resample_rows(const float *src, long src_stride, long rx, long rw, int rows, float *dst, int width,
                         const float *weights, int taps, int maximum) {
    for (int r = 0; r < rows; r++) {
        const float *line = src + (long)r * src_stride * 4;
        float *out = dst + (long)r * width * 4;
        for (int i = 0; i < width; i++, out += 4) {
            const float *w = weights + (long)i * (taps + 1);
            const long first = (long)w[0];
            if (!maximum && first >= rx && first + taps <= rx + rw) {
                // Every tap inside the row: the same sums (multiply, then add, per component) four floats at once.
                const float *p = line + (first - rx) * 4;
                pk_f4 acc = {0, 0, 0, 0};
                for (int k = 0; k < taps; k++) {
                    const float weight = w[1 + k];
                    if (weight != 0) acc = acc + *(const pk_f4 *)(p + 4 * k) * weight;
                }
                *(pk_f4 *)out = acc;
                continue;
            }
            float acc[4];
            for (int c = 0; c < 4; c++) acc[c] = maximum ? -INFINITY : 0.0f;
            for (int k = 0; k < taps; k++) {
                const float weight = w[1 + k];
                if (weight == 0) continue;
                const long x = first + k;
                const int inside = x >= rx && x < rx + rw;
                const float *p = line + (x - rx) * 4;
                for (int c = 0; c < 4; c++) {
                    const float v = inside ? p[c] : 0.0f;
                    if (maximum) acc[c] = v > acc[c] ? v : acc[c];
                    else if (inside) acc[c] = acc[c] + v * weight;
                }
            }
            for (int c = 0; c < 4; c++) out[c] = acc[c];
        }
    }
}

void pk_ci_resample_columns(const float *src, long ry, long rh, int width, float *dst, long dst_stride, long oy, int height,
                            const float *weights, int taps, int maximum) {
    const long n = (long)width * 4;
    for (int j = 0; j < height; j++) {
        const float *w = weights + (long)j * (taps + 1);
        const long first = (long)w[0];
        float *restrict out = dst + (long)j * dst_stride * 4;
        for (long i = 0; i < n; i++) out[i] = maximum ? -INFINITY : 0.0f;
        for (int k = 0; k < taps; k++) {
            const float weight = w[1 + k];
            if (weight == 0) continue;
            const long y = first + k;
            if (y < ry || y >= ry + rh) {
                if (maximum) for (long i = 0; i < n; i++) out[i] = 0.0f > out[i] ? 0.0f : out[i];
                continue;
            }
            const float *restrict row = src + (y - ry) * n;
            if (maximum) { for (long i = 0; i < n; i++) out[i] = row[i] > out[i] ? row[i] : out[i]; }
            else { for (long i = 0; i < n; i++) out[i] = out[i] + row[i] * weight; }
        }
    }
}
