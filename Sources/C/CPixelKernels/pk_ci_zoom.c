// CIZoomBlur's inner loop: each output pixel averages bilinear samples of the input along the segment towards the
// centre. The same operations in the same order as the definition in ZoomBlur.swift (positions in double
// precision, samples and sums in single precision, no fused multiply-adds), so results are those of the Swift
// reference bit for bit (ZoomBlurTests).
#include "pk_ci.h"
#include <math.h>
#pragma clang fp contract(off)

typedef struct { const float *base; long stride; int x, y, maxX, maxY; } tile_view;

// The pixel at (x, y), clear outside the tile.
static inline void pixel(const tile_view *t, int x, int y, float out[4]) {
    if (x < t->x || y < t->y || x >= t->maxX || y >= t->maxY) { out[0] = out[1] = out[2] = out[3] = 0.0f; return; }
    const float *p = t->base + ((long)(y - t->y) * t->stride + (x - t->x)) * 4;
    out[0] = p[0]; out[1] = p[1]; out[2] = p[2]; out[3] = p[3];
}

// Tile.bilinear: pixel-centre coordinates, clear outside the tile and at non-finite positions.
static inline void bilinear(const tile_view *t, float x, float y, float out[4]) {
    const float fx = x - 0.5f, fy = y - 0.5f;
    if (!(fx > (float)t->x - 2 && fx < (float)t->maxX + 1 && fy > (float)t->y - 2 && fy < (float)t->maxY + 1)) {
        out[0] = out[1] = out[2] = out[3] = 0.0f;
        return;
    }
    const int x0 = (int)floorf(fx), y0 = (int)floorf(fy);
    const float tx = fx - (float)x0, ty = fy - (float)y0;
    float p00[4], p10[4], p01[4], p11[4];
    pixel(t, x0, y0, p00); pixel(t, x0 + 1, y0, p10); pixel(t, x0, y0 + 1, p01); pixel(t, x0 + 1, y0 + 1, p11);
    for (int c = 0; c < 4; c++) {
        const float top = p00[c] * (1 - tx) + p10[c] * tx;
        const float bottom = p01[c] * (1 - tx) + p11[c] * tx;
        out[c] = top * (1 - ty) + bottom * ty;
    }
}

void pk_ci_zoom_blur_row(const float *input, long stride, int input_x, int input_y, int input_width, int input_height,
                         float *dst, int x0, int y, int width, double cx, double cy, double amount, int max_samples) {
    const tile_view t = { input, stride, input_x, input_y, input_x + input_width, input_y + input_height };
    for (int i = 0; i < width; i++) {
        const double vx = ((double)(x0 + i) + 0.5) - cx, vy = ((double)y + 0.5) - cy;
        const double reach = fabs(amount) * sqrt(vx * vx + vy * vy);
        const double up = ceil(reach);
        const int n = (int)((double)max_samples < up ? (double)max_samples : up) + 1;
        float sum[4] = {0, 0, 0, 0}, sample[4];
        for (int k = 0; k < n; k++) {
            const double f = 1 - amount * (double)k / (double)n;
            bilinear(&t, (float)(cx + vx * f), (float)(cy + vy * f), sample);
            for (int c = 0; c < 4; c++) sum[c] = sum[c] + sample[c];
        }
        for (int c = 0; c < 4; c++) dst[i * 4 + c] = sum[c] / (float)n;
    }
}
