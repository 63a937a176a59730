#include "pk_img.h"
#include <string.h>

// Where source pixel (sx, sy) lands for each EXIF orientation (display size W'×H'):
//   1 (sx, sy)  2 (W-1-sx, sy)  3 (W-1-sx, H-1-sy)  4 (sx, H-1-sy)
//   5 (sy, sx)  6 (H-1-sy, sx)  7 (H-1-sy, W-1-sx)  8 (sy, W-1-sx)
// Expressed as a start offset plus byte deltas per source step in x and in y.
static void deltas(int w, int h, int bpp, int o, size_t ds, ptrdiff_t *start, ptrdiff_t *dx, ptrdiff_t *dy) {
    ptrdiff_t b = bpp, s = (ptrdiff_t)ds;
    switch (o) {
    case 2: *start = (w - 1) * b; *dx = -b; *dy = s; break;
    case 3: *start = (h - 1) * s + (w - 1) * b; *dx = -b; *dy = -s; break;
    case 4: *start = (h - 1) * s; *dx = b; *dy = -s; break;
    case 5: *start = 0; *dx = s; *dy = b; break;
    case 6: *start = (h - 1) * b; *dx = s; *dy = -b; break;
    case 7: *start = (w - 1) * s + (h - 1) * b; *dx = -s; *dy = -b; break;
    case 8: *start = (w - 1) * s; *dx = -s; *dy = b; break;
    default: *start = 0; *dx = b; *dy = s; break;
    }
}

#define COPY_TILE(T)                                                                  \
    for (int y = y0; y < y1; y++) {                                                   \
        const T *in = (const T *)(src + (size_t)y * src_stride) + x0;                 \
        uint8_t *out = dst + start + (ptrdiff_t)y * dy + (ptrdiff_t)x0 * dx;          \
        for (int x = x0; x < x1; x++, out += dx) *(T *)out = *in++;                   \
    }

void pk_img_orient(const uint8_t *src, size_t src_stride, int w, int h, int bpp, int orientation,
                   uint8_t *dst, size_t dst_stride) {
    ptrdiff_t start, dx, dy;
    deltas(w, h, bpp, orientation, dst_stride, &start, &dx, &dy);
    if (orientation <= 1 || orientation > 8) {
        for (int y = 0; y < h; y++) memcpy(dst + (size_t)y * dst_stride, src + (size_t)y * src_stride, (size_t)w * bpp);
        return;
    }
    // 64×64 tiles keep both the reads and the (strided) writes of a transposition in cache.
    const int tile = orientation >= 5 ? 64 : (1 << 30);
    for (int y0 = 0; y0 < h; y0 += tile) {
        int y1 = y0 + tile < h ? y0 + tile : h;
        for (int x0 = 0; x0 < w; x0 += tile) {
            int x1 = x0 + tile < w ? x0 + tile : w;
            switch (bpp) {
            case 1: COPY_TILE(uint8_t) break;
            case 2: COPY_TILE(uint16_t) break;
            case 4: COPY_TILE(uint32_t) break;
            case 8: COPY_TILE(uint64_t) break;
            default:
                for (int y = y0; y < y1; y++) {
                    const uint8_t *in = src + (size_t)y * src_stride + (size_t)x0 * bpp;
                    uint8_t *out = dst + start + (ptrdiff_t)y * dy + (ptrdiff_t)x0 * dx;
                    for (int x = x0; x < x1; x++, out += dx, in += bpp) memcpy(out, in, (size_t)bpp);
                }
            }
        }
    }
}
