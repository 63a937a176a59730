// 8-bit 4:2:0 YUV to RGBA, the reader's conversion for the common case (H.264/HEVC 8-bit frames at their own size).
// libswscale's accurate path with full chroma interpolation (what the reader asked of it) runs in plain C at
// 6-15 ns a pixel — more than the whole Core Image graph of a frame; its fast paths repeat chroma samples instead
// of interpolating them. This one interpolates chroma bilinearly between sample centres (libswscale's default
// siting: centred both ways, the weights 3/4 and 1/4 of libjpeg's "fancy" upsampling), then applies the frame's
// matrix and range in single precision, rounding to nearest, in vectors the compiler builds for the CPU it runs on.
#include "mc_yuv420.h"
#include <stdlib.h>

typedef struct {
    float luma_scale, luma_offset;   // Y' = Y × scale + offset (video range stretched to 0…255)
    float chroma_scale;              // (C16 − 2048) × scale = the chroma difference at full scale (C16 = 16 × C)
    float r_cr, g_cb, g_cr, b_cb;
} matrix;

static matrix matrix_for(int full, double kr, double kb) {
    const double kg = 1.0 - kr - kb;
    const double luma = full ? 1.0 : 255.0 / 219.0, chroma = (full ? 1.0 : 255.0 / 224.0) / 16.0;
    matrix m = {
        (float)luma, (float)(full ? 0.0 : -16.0 * luma), (float)chroma,
        (float)(2.0 - 2.0 * kr), (float)(2.0 * kb * (1.0 - kb) / kg), (float)(2.0 * kr * (1.0 - kr) / kg), (float)(2.0 - 2.0 * kb),
    };
    return m;
}

// One chroma plane's row for output row `row`: the two nearest chroma rows blended 3:1 (sums of 4 × C), then the
// two nearest columns blended 3:1 (sums of 16 × C), one value per output column.
static void upsample_row(const uint8_t *plane, long stride, int chroma_height, int row, int width, uint16_t *vertical,
                         uint16_t *out) {
    const int chroma_width = (width + 1) / 2;
    const int near = row / 2;
    int far = (row & 1) ? near + 1 : near - 1;
    if (far < 0) far = 0;
    if (far >= chroma_height) far = chroma_height - 1;
    const uint8_t *a = plane + (long)near * stride, *b = plane + (long)far * stride;
    for (int k = 0; k < chroma_width; k++) vertical[k] = (uint16_t)(3 * a[k] + b[k]);
    for (int k = 0; k < chroma_width; k++) {
        const int left = vertical[k > 0 ? k - 1 : 0], right = vertical[k + 1 < chroma_width ? k + 1 : k];
        const int centre = 3 * vertical[k];
        out[2 * k] = (uint16_t)(centre + left);
        if (2 * k + 1 < width) out[2 * k + 1] = (uint16_t)(centre + right);
    }
}

__attribute__((target_clones("avx512f", "avx2", "default")))
static void convert_row(const uint8_t *luma, const uint16_t *cb16, const uint16_t *cr16, int width, const matrix *m,
                        uint32_t *out) {
    const float ls = m->luma_scale, lo = m->luma_offset, cs = m->chroma_scale;
    const float r_cr = m->r_cr, g_cb = m->g_cb, g_cr = m->g_cr, b_cb = m->b_cb;
    for (int x = 0; x < width; x++) {
        const float y = (float)luma[x] * ls + lo;
        const float cb = (float)((int)cb16[x] - 2048) * cs, cr = (float)((int)cr16[x] - 2048) * cs;
        float r = y + r_cr * cr, g = y - g_cb * cb - g_cr * cr, b = y + b_cb * cb;
        r = r < 0.0f ? 0.0f : (r > 255.0f ? 255.0f : r);
        g = g < 0.0f ? 0.0f : (g > 255.0f ? 255.0f : g);
        b = b < 0.0f ? 0.0f : (b > 255.0f ? 255.0f : b);
        out[x] = (uint32_t)(int)(r + 0.5f) | (uint32_t)(int)(g + 0.5f) << 8 | (uint32_t)(int)(b + 0.5f) << 16 | 0xFF000000u;
    }
}

int mc_yuv420_to_rgba(const uint8_t *const planes[3], const int strides[3], int width, int height, int full, double kr,
                      double kb, uint8_t *rgba, long rgba_stride) {
    if (width <= 0 || height <= 0) return -1;
    const int chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
    // Two chroma rows at full width and the vertical sums at half width, for U and V.
    uint16_t *scratch = malloc(sizeof(uint16_t) * ((size_t)width * 2 + (size_t)chroma_width * 2 + 2));
    if (!scratch) return -1;
    uint16_t *cb = scratch, *cr = cb + width, *vertical = cr + width;
    const matrix m = matrix_for(full, kr, kb);
    for (int row = 0; row < height; row++) {
        upsample_row(planes[1], strides[1], chroma_height, row, width, vertical, cb);
        upsample_row(planes[2], strides[2], chroma_height, row, width, vertical, cr);
        convert_row(planes[0] + (long)row * strides[0], cb, cr, width, &m, (uint32_t *)(rgba + (long)row * rgba_stride));
    }
    free(scratch);
    return 0;
}
