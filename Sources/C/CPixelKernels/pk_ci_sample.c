// Resampling and counting over working pixels: the affine warp's bilinear and nearest sampling, the area
// histogram. Scalar C the compiler keeps in registers (the Swift versions went through bounds-checked samplers
// and Double counters); no contraction into FMA, so results equal the reference arithmetic on every machine.
#include "pk_ci.h"
#include <math.h>
#pragma clang fp contract(off)

// The pixel at (x, y) of a tile (absolute coordinates), or clear outside it.
static inline const float *tile_pixel(const float *base, long stride, long rx, long ry, long rw, long rh, long x, long y) {
    static const float clear[4] = {0, 0, 0, 0};
    if (x < rx || y < ry || x >= rx + rw || y >= ry + rh) return clear;
    return base + ((y - ry) * stride + (x - rx)) * 4;
}

void pk_ci_affine_sample(const float *src, long src_stride, long rx, long ry, long rw, long rh,
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
            const float fx = sx - 0.5f, fy = sy - 0.5f;
            if (!(fx > (float)rx - 2 && fx < (float)(rx + rw) + 1 && fy > (float)ry - 2 && fy < (float)(ry + rh) + 1)) {
                out[0] = out[1] = out[2] = out[3] = 0; continue;
            }
            const long x0 = (long)floorf(fx), y0 = (long)floorf(fy);
            const float wx = fx - (float)x0, wy = fy - (float)y0;
            const float *p00, *p10, *p01, *p11;
            if (x0 >= rx && y0 >= ry && x0 + 1 < rx + rw && y0 + 1 < ry + rh) {
                p00 = src + ((y0 - ry) * src_stride + (x0 - rx)) * 4;
                p10 = p00 + 4; p01 = p00 + src_stride * 4; p11 = p01 + 4;
            } else {
                p00 = tile_pixel(src, src_stride, rx, ry, rw, rh, x0, y0);
                p10 = tile_pixel(src, src_stride, rx, ry, rw, rh, x0 + 1, y0);
                p01 = tile_pixel(src, src_stride, rx, ry, rw, rh, x0, y0 + 1);
                p11 = tile_pixel(src, src_stride, rx, ry, rw, rh, x0 + 1, y0 + 1);
            }
            const float ux = 1 - wx, uy = 1 - wy;
            for (int k = 0; k < 4; k++) {
                float top = p00[k] * ux + p10[k] * wx;
                float bottom = p01[k] * ux + p11[k] * wx;
                out[k] = top * uy + bottom * wy;
            }
        }
    }
}

void pk_ci_histogram(const float *src, long stride, int width, int height, int bins, uint32_t *counts) {
    const float top = (float)bins;
    for (int y = 0; y < height; y++) {
        const float *p = src + (long)y * stride * 4;
        for (int x = 0; x < width; x++, p += 4) {
            const float a = p[3];
            for (int c = 0; c < 4; c++) {
                float v = c == 3 ? a : (a > 0 ? p[c] / a : 0);
                v = v > 0 ? (v < 1 ? v : 1) : 0;   // NaN → 0
                int bin = (int)(v * top);
                if (bin > bins - 1) bin = bins - 1;
                counts[bin * 4 + c]++;
            }
        }
    }
}

void pk_ci_resample_rows(const float *src, long src_stride, long rx, long rw, int rows, float *dst, int width,
                         const float *weights, int taps, int maximum) {
    for (int r = 0; r < rows; r++) {
        const float *line = src + (long)r * src_stride * 4;
        float *out = dst + (long)r * width * 4;
        for (int i = 0; i < width; i++, out += 4) {
            const float *w = weights + (long)i * (taps + 1);
            const long first = (long)w[0];
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
