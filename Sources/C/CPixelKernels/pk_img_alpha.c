#include "pk_img.h"

void pk_img_premultiply(uint8_t *pixels, size_t stride, int w, int h, int ch, int bits, int inverse) {
    if (ch < 2) return;
    for (int y = 0; y < h; y++) {
        if (bits == 16) {
            uint16_t *p = (uint16_t *)(pixels + (size_t)y * stride);
            for (int x = 0; x < w; x++, p += ch) {
                uint32_t a = p[ch - 1];
                for (int c = 0; c < ch - 1; c++) {
                    if (!inverse) p[c] = (uint16_t)((p[c] * a + 32767) / 65535);
                    else if (a) { uint32_t v = (p[c] * 65535u + a / 2) / a; p[c] = (uint16_t)(v > 65535 ? 65535 : v); }
                }
            }
        } else {
            uint8_t *p = pixels + (size_t)y * stride;
            for (int x = 0; x < w; x++, p += ch) {
                uint32_t a = p[ch - 1];
                for (int c = 0; c < ch - 1; c++) {
                    if (!inverse) p[c] = (uint8_t)((p[c] * a + 127) / 255);
                    else if (a) { uint32_t v = (p[c] * 255u + a / 2) / a; p[c] = (uint8_t)(v > 255 ? 255 : v); }
                }
            }
        }
    }
}

int pk_img_alpha_is_opaque(const uint8_t *pixels, size_t stride, int w, int h, int ch, int bits) {
    for (int y = 0; y < h; y++) {
        if (bits == 16) {
            const uint16_t *p = (const uint16_t *)(pixels + (size_t)y * stride) + ch - 1;
            uint16_t all = 0xFFFF;
            for (int x = 0; x < w; x++, p += ch) all &= *p;
            if (all != 0xFFFF) return 0;
        } else {
            const uint8_t *p = pixels + (size_t)y * stride + ch - 1;
            uint8_t all = 0xFF;
            for (int x = 0; x < w; x++, p += ch) all &= *p;
            if (all != 0xFF) return 0;
        }
    }
    return 1;
}
