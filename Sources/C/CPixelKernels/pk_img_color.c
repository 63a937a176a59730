#include "pk_img.h"

static inline int clamp_index(float v, int top) {
    float scaled = v * (float)top + 0.5f;
    if (!(scaled > 0.0f)) return 0;  // also catches NaN
    if (scaled >= (float)top) return top;
    return (int)scaled;
}

void pk_img_matrix_rgbx8(const uint8_t *src, uint8_t *dst, size_t count, const float *lin,
                         const float *m, const uint8_t *enc, int enc_size) {
    const float *l0 = lin, *l1 = lin + 256, *l2 = lin + 512;
    const uint8_t *e0 = enc, *e1 = enc + enc_size, *e2 = enc + 2 * enc_size;
    const int top = enc_size - 1;
    for (size_t i = 0; i < count; i++, src += 4, dst += 4) {
        float r = l0[src[0]], g = l1[src[1]], b = l2[src[2]];
        uint8_t x = src[3];
        float R = m[0] * r + m[1] * g + m[2] * b;
        float G = m[3] * r + m[4] * g + m[5] * b;
        float B = m[6] * r + m[7] * g + m[8] * b;
        dst[0] = e0[clamp_index(R, top)];
        dst[1] = e1[clamp_index(G, top)];
        dst[2] = e2[clamp_index(B, top)];
        dst[3] = x;
    }
}
