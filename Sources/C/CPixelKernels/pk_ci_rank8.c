// Flat morphology on 8-bit RGBA rows (four bytes a pixel), for renders whose order statistics commute with the
// colour conversions around them (an opaque sRGB source rendered to sRGB: the conversions are monotonic per
// channel, so the extremum of the stored values is the stored value of the extremum). The same algorithm as
// `pk_ci_morphology` on floats; byte comparisons vectorise 32 at a time with AVX2.
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"
#include <string.h>

PK_INLINE uint8_t lesser8(uint8_t a, uint8_t b) { return a < b ? a : b; }
PK_INLINE uint8_t greater8(uint8_t a, uint8_t b) { return a < b ? b : a; }

// out[i] = extremum of in[i … i + 2h] (pixels of four bytes), `width` outputs. Short windows compare shifted rows;
// long ones use van Herk / Gil-Werman blocks in `prefix`/`suffix` ((width + 2h) · 4 bytes each).
PK_INLINE void running_extremum8(const uint8_t *restrict in, uint8_t *restrict out, int width, int h, int maximum,
                                 uint8_t *restrict prefix, uint8_t *restrict suffix) {
    const long n = (long)width * 4;
    const int window = 2 * h + 1;
    if (window <= 11) {
        memcpy(out, in, (size_t)n);
        for (int k = 1; k < window; k++) {
            const uint8_t *restrict shifted = in + (long)k * 4;
            if (maximum) { for (long j = 0; j < n; j++) out[j] = greater8(out[j], shifted[j]); }
            else { for (long j = 0; j < n; j++) out[j] = lesser8(out[j], shifted[j]); }
        }
        return;
    }
    const long total = (long)width + 2 * h;
    for (long start = 0; start < total; start += window) {
        long end = start + window < total ? start + window : total;
        for (int c = 0; c < 4; c++) prefix[start * 4 + c] = in[start * 4 + c];
        for (long i = start + 1; i < end; i++)
            for (int c = 0; c < 4; c++) {
                uint8_t a = prefix[(i - 1) * 4 + c], b = in[i * 4 + c];
                prefix[i * 4 + c] = maximum ? greater8(a, b) : lesser8(a, b);
            }
        for (int c = 0; c < 4; c++) suffix[(end - 1) * 4 + c] = in[(end - 1) * 4 + c];
        for (long i = end - 2; i >= start; i--)
            for (int c = 0; c < 4; c++) {
                uint8_t a = suffix[(i + 1) * 4 + c], b = in[i * 4 + c];
                suffix[i * 4 + c] = maximum ? greater8(a, b) : lesser8(a, b);
            }
    }
    const uint8_t *restrict ahead = prefix + (long)(window - 1) * 4;
    if (maximum) { for (long j = 0; j < n; j++) out[j] = greater8(suffix[j], ahead[j]); }
    else { for (long j = 0; j < n; j++) out[j] = lesser8(suffix[j], ahead[j]); }
}

// Output row y (0 … height − 1) reads input rows y … y + rows − 1 (`src` rows of `width + 2 · max_half` pixels,
// `src_stride` bytes apart); element row k covers half_widths[k] pixels either side. Each input row's running
// extremum is computed once per distinct half-width into a ring.
PK_INLINE void morphology8_body(const uint8_t *restrict src, long src_stride, uint8_t *restrict dst, long dst_stride,
                                int width, int height, const int *restrict half_widths, int rows, int max_half,
                                int maximum, uint8_t *restrict scratch) {
    int distinct[rows], slot_of[rows], count = 0;
    for (int k = 0; k < rows; k++) {
        int s = 0;
        while (s < count && distinct[s] != half_widths[k]) s++;
        if (s == count) distinct[count++] = half_widths[k];
        slot_of[k] = s;
    }
    const long n = (long)width * 4, span = ((long)width + 2 * max_half + 1) * 4;
    uint8_t *restrict prefix = scratch, *restrict suffix = scratch + span, *restrict ring = scratch + 2 * span;
    for (int y = 0; y < height; y++) {
        int first = y == 0 ? 0 : y + rows - 1;
        for (int t = first; t < y + rows; t++) {
            const uint8_t *line = src + (long)t * src_stride;
            for (int s = 0; s < count; s++)
                running_extremum8(line + (long)(max_half - distinct[s]) * 4, ring + ((long)s * rows + t % rows) * n,
                                  width, distinct[s], maximum, prefix, suffix);
        }
        uint8_t *restrict out = dst + (long)y * dst_stride;
        for (int k = 0; k < rows; k++) {
            const uint8_t *restrict row = ring + ((long)slot_of[k] * rows + (y + k) % rows) * n;
            if (k == 0) { memcpy(out, row, (size_t)n); continue; }
            if (maximum) { for (long j = 0; j < n; j++) out[j] = greater8(out[j], row[j]); }
            else { for (long j = 0; j < n; j++) out[j] = lesser8(out[j], row[j]); }
        }
    }
}
PK_DISPATCH(morphology8, (const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height,
                          const int *half_widths, int rows, int max_half, int maximum, uint8_t *scratch),
            (src, src_stride, dst, dst_stride, width, height, half_widths, rows, max_half, maximum, scratch))
void pk_ci_morphology8(const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height,
                       const int *half_widths, int rows, int max_half, int maximum, uint8_t *scratch) {
    PK_PICK(morphology8)(src, src_stride, dst, dst_stride, width, height, half_widths, rows, max_half, maximum, scratch);
}

PK_INLINE uint8_t middle8(uint8_t a, uint8_t b, uint8_t c) { return greater8(lesser8(a, b), lesser8(greater8(a, b), c)); }

// The 3 × 3 median as `pk_ci_median3x3`, on bytes: each input column of three sorted once per output row.
PK_INLINE void median3x3_8_body(const uint8_t *restrict src, long src_stride, uint8_t *restrict dst, long dst_stride,
                                int width, int height, uint8_t *restrict scratch) {
    const long n = ((long)width + 2) * 4, out = (long)width * 4;
    uint8_t *restrict lo = scratch, *restrict mid = scratch + n, *restrict hi = scratch + 2 * n;
    for (int y = 0; y < height; y++) {
        const uint8_t *restrict r0 = src + (long)y * src_stride, *restrict r1 = r0 + src_stride, *restrict r2 = r1 + src_stride;
        for (long j = 0; j < n; j++) {
            uint8_t a = r0[j], b = r1[j], c = r2[j];
            uint8_t low = lesser8(a, b), high = greater8(a, b);
            lo[j] = lesser8(low, c);
            uint8_t t = greater8(low, c);
            mid[j] = lesser8(high, t);
            hi[j] = greater8(high, t);
        }
        uint8_t *restrict o = dst + (long)y * dst_stride;
        for (long j = 0; j < out; j++) {
            uint8_t maxLow = greater8(greater8(lo[j], lo[j + 4]), lo[j + 8]);
            uint8_t midMid = middle8(mid[j], mid[j + 4], mid[j + 8]);
            uint8_t minHigh = lesser8(lesser8(hi[j], hi[j + 4]), hi[j + 8]);
            o[j] = middle8(maxLow, midMid, minHigh);
        }
    }
}
PK_DISPATCH(median3x3_8, (const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height, uint8_t *scratch),
            (src, src_stride, dst, dst_stride, width, height, scratch))
void pk_ci_median3x3_8(const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height, uint8_t *scratch) {
    PK_PICK(median3x3_8)(src, src_stride, dst, dst_stride, width, height, scratch);
}

long pk_ci_morphology8_scratch(int width, const int *half_widths, int rows, int max_half) {
    int count = 0;
    for (int k = 0; k < rows; k++) {
        int seen = 0;
        for (int j = 0; j < k; j++) seen |= half_widths[j] == half_widths[k];
        count += !seen;
    }
    long span = ((long)width + 2 * max_half + 1) * 4, n = (long)width * 4;
    return 2 * span + (long)count * rows * n;
}
