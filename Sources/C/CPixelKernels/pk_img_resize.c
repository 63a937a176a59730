#include "pk_img.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

// ---- Box shrink -------------------------------------------------------------------------------------------

void pk_img_box_shrink(const uint8_t *src, size_t src_stride, int w, int h, int ch, int bits, int fx, int fy,
                       uint8_t *dst, size_t dst_stride) {
    const int dw = (w + fx - 1) / fx, dh = (h + fy - 1) / fy;
    uint32_t *acc = (uint32_t *)calloc((size_t)dw * ch, sizeof(uint32_t));
    if (!acc) return;
    for (int oy = 0; oy < dh; oy++) {
        const int y0 = oy * fy, y1 = y0 + fy < h ? y0 + fy : h;
        memset(acc, 0, (size_t)dw * ch * sizeof(uint32_t));
        for (int y = y0; y < y1; y++) {
            if (bits == 16) {
                const uint16_t *row = (const uint16_t *)(src + (size_t)y * src_stride);
                for (int x = 0; x < w; x++) for (int c = 0; c < ch; c++) acc[(x / fx) * ch + c] += row[x * ch + c];
            } else {
                const uint8_t *row = src + (size_t)y * src_stride;
                if (ch == 4) {
                    for (int ox = 0; ox < dw; ox++) {
                        const int x0 = ox * fx, x1 = x0 + fx < w ? x0 + fx : w;
                        uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
                        for (int x = x0; x < x1; x++) { a0 += row[4 * x]; a1 += row[4 * x + 1]; a2 += row[4 * x + 2]; a3 += row[4 * x + 3]; }
                        acc[4 * ox] += a0; acc[4 * ox + 1] += a1; acc[4 * ox + 2] += a2; acc[4 * ox + 3] += a3;
                    }
                } else {
                    for (int x = 0; x < w; x++) for (int c = 0; c < ch; c++) acc[(x / fx) * ch + c] += row[x * ch + c];
                }
            }
        }
        for (int ox = 0; ox < dw; ox++) {
            const int x0 = ox * fx, x1 = x0 + fx < w ? x0 + fx : w;
            const uint32_t n = (uint32_t)((x1 - x0) * (y1 - y0));
            for (int c = 0; c < ch; c++) {
                uint32_t v = (acc[ox * ch + c] + n / 2) / n;
                if (bits == 16) ((uint16_t *)(dst + (size_t)oy * dst_stride))[ox * ch + c] = (uint16_t)v;
                else dst[(size_t)oy * dst_stride + ox * ch + c] = (uint8_t)v;
            }
        }
    }
    free(acc);
}

// ---- Lanczos-3 resampling ---------------------------------------------------------------------------------

typedef struct { int *start; int *count; float *weights; int taps; } contributions;

static double sinc(double x) { if (x == 0.0) return 1.0; x *= M_PI; return sin(x) / x; }
static double lanczos3(double x) { return (x > -3.0 && x < 3.0) ? sinc(x) * sinc(x / 3.0) : 0.0; }

// For each output sample: the first input sample it reads and normalised weights (pixel-centre alignment).
static int make_contributions(int in_size, int out_size, contributions *c) {
    const double scale = (double)in_size / out_size;
    const double stretch = scale > 1.0 ? scale : 1.0;
    const double support = 3.0 * stretch;
    c->taps = (int)ceil(support * 2.0) + 1;
    c->start = (int *)malloc(sizeof(int) * out_size);
    c->count = (int *)malloc(sizeof(int) * out_size);
    c->weights = (float *)calloc((size_t)out_size * c->taps, sizeof(float));
    if (!c->start || !c->count || !c->weights) return -1;
    for (int o = 0; o < out_size; o++) {
        const double center = (o + 0.5) * scale - 0.5;
        int first = (int)floor(center - support) + 1, last = (int)ceil(center + support) - 1;
        if (first < 0) first = 0;
        if (last > in_size - 1) last = in_size - 1;
        if (last - first + 1 > c->taps) last = first + c->taps - 1;
        double sum = 0.0;
        float *w = c->weights + (size_t)o * c->taps;
        for (int i = first; i <= last; i++) { double v = lanczos3((i - center) / stretch); w[i - first] = (float)v; sum += v; }
        if (sum == 0.0) { w[0] = 1.0f; sum = 1.0; last = first; }
        for (int i = 0; i <= last - first; i++) w[i] = (float)(w[i] / sum);
        c->start[o] = first;
        c->count[o] = last - first + 1;
    }
    return 0;
}

static void free_contributions(contributions *c) { free(c->start); free(c->count); free(c->weights); }

static inline float load(const uint8_t *row, int bits, size_t i) {
    return bits == 16 ? (float)((const uint16_t *)row)[i] : (float)row[i];
}
static inline void store(uint8_t *row, int bits, size_t i, float v) {
    const float top = bits == 16 ? 65535.0f : 255.0f;
    v += 0.5f;
    if (!(v > 0.0f)) v = 0.0f;
    if (v > top) v = top;
    if (bits == 16) ((uint16_t *)row)[i] = (uint16_t)v; else row[i] = (uint8_t)v;
}

// Horizontal pass over one row into floats.
static void horizontal(const uint8_t *in, int bits, int ch, const contributions *c, int dw, float *out) {
    for (int o = 0; o < dw; o++) {
        const float *w = c->weights + (size_t)o * c->taps;
        const int first = c->start[o], n = c->count[o];
        float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        if (bits == 8 && ch == 4) {
            const uint8_t *p = in + (size_t)first * 4;
            for (int k = 0; k < n; k++, p += 4) { a0 += w[k] * p[0]; a1 += w[k] * p[1]; a2 += w[k] * p[2]; a3 += w[k] * p[3]; }
            out[4 * o] = a0; out[4 * o + 1] = a1; out[4 * o + 2] = a2; out[4 * o + 3] = a3;
        } else {
            float acc[4] = {0, 0, 0, 0};
            for (int k = 0; k < n; k++) for (int ci = 0; ci < ch; ci++) acc[ci] += w[k] * load(in, bits, (size_t)(first + k) * ch + ci);
            for (int ci = 0; ci < ch; ci++) out[o * ch + ci] = acc[ci];
        }
    }
}

int pk_img_resize(const uint8_t *src, size_t src_stride, int sw, int sh, int ch, int bits,
                  uint8_t *dst, size_t dst_stride, int dw, int dh) {
    contributions hx = {0}, vy = {0};
    if (make_contributions(sw, dw, &hx) || make_contributions(sh, dh, &vy)) {
        free_contributions(&hx); free_contributions(&vy); return -1;
    }
    // Horizontally filtered rows, kept as floats (no rounding between the passes), in a ring of as many rows as
    // the vertical filter reads: output rows read monotonically advancing windows of source rows.
    const size_t row_floats = (size_t)dw * ch;
    const int ring = vy.taps;
    float *rows = (float *)malloc(sizeof(float) * row_floats * (size_t)ring);
    int *held = (int *)malloc(sizeof(int) * ring);
    float *acc = (float *)malloc(sizeof(float) * row_floats);
    if (!rows || !acc || !held) { free(rows); free(acc); free(held); free_contributions(&hx); free_contributions(&vy); return -1; }
    for (int i = 0; i < ring; i++) held[i] = -1;
    for (int o = 0; o < dh; o++) {
        const float *w = vy.weights + (size_t)o * vy.taps;
        const int first = vy.start[o], n = vy.count[o];
        memset(acc, 0, sizeof(float) * row_floats);
        for (int k = 0; k < n; k++) {
            const int y = first + k, slot = y % ring;
            float *r = rows + row_floats * slot;
            if (held[slot] != y) { horizontal(src + (size_t)y * src_stride, bits, ch, &hx, dw, r); held[slot] = y; }
            const float wk = w[k];
            for (size_t i = 0; i < row_floats; i++) acc[i] += wk * r[i];
        }
        uint8_t *out = dst + (size_t)o * dst_stride;
        for (size_t i = 0; i < row_floats; i++) store(out, bits, i, acc[i]);
    }
    free(held);
    free(rows); free(acc); free_contributions(&hx); free_contributions(&vy);
    return 0;
}
