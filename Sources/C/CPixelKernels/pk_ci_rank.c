// Rank filters on working pixels (the 3 × 3 median, flat morphology), AVX2 at run time. Plain loops of min/max written as
// comparisons the compiler turns into vector instructions.
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"

PK_INLINE float lesser(float a, float b) { return a < b ? a : b; }
PK_INLINE float greater(float a, float b) { return a < b ? b : a; }
PK_INLINE float middle(float a, float b, float c) { return greater(lesser(a, b), lesser(greater(a, b), c)); }

// The median of a 3 × 3 neighbourhood is the middle of (the largest column minimum, the middle column median,
// the smallest column maximum): each input column of three is sorted once per output row and shared by the
// three outputs that read it.
PK_INLINE void median3x3_body(const float *restrict src, long src_stride, float *restrict dst, long dst_stride,
                              int width, int height, float *restrict scratch) {
    const long n = ((long)width + 2) * 4, out = (long)width * 4;
    float *restrict lo = scratch, *restrict mid = scratch + n, *restrict hi = scratch + 2 * n;
    for (int y = 0; y < height; y++) {
        const float *restrict r0 = src + (long)y * src_stride * 4;
        const float *restrict r1 = r0 + src_stride * 4, *restrict r2 = r1 + src_stride * 4;
        for (long j = 0; j < n; j++) {
            float a = r0[j], b = r1[j], c = r2[j];
            float low = lesser(a, b), high = greater(a, b);
            lo[j] = lesser(low, c);
            float t = greater(low, c);
            mid[j] = lesser(high, t);
            hi[j] = greater(high, t);
        }
        float *restrict o = dst + (long)y * dst_stride * 4;
        for (long j = 0; j < out; j++) {
            float maxLow = greater(greater(lo[j], lo[j + 4]), lo[j + 8]);
            float midMid = middle(mid[j], mid[j + 4], mid[j + 8]);
            float minHigh = lesser(lesser(hi[j], hi[j + 4]), hi[j + 8]);
            o[j] = middle(maxLow, midMid, minHigh);
        }
    }
}
PK_DISPATCH(median3x3, (const float *src, long src_stride, float *dst, long dst_stride, int width, int height, float *scratch),
            (src, src_stride, dst, dst_stride, width, height, scratch))
void pk_ci_median3x3(const float *src, long src_stride, float *dst, long dst_stride, int width, int height, float *scratch) {
    PK_PICK(median3x3)(src, src_stride, dst, dst_stride, width, height, scratch);
}

// One row's running extremum over windows of 2h + 1 pixels: out[i] = extremum of in[i … i + 2h] (pixels, four
// floats each) for `width` outputs. Short windows compare shifted rows directly (vectorised across pixels); long
// ones use the van Herk / Gil-Werman blocks (three comparisons per pixel whatever the width) in `prefix`/`suffix`
// (each (width + 2h) · 4 floats).
PK_INLINE void running_extremum(const float *restrict in, float *restrict out, int width, int h, int maximum,
                                float *restrict prefix, float *restrict suffix) {
    const long n = (long)width * 4;
    const int window = 2 * h + 1;
    if (window <= 11) {
        for (long j = 0; j < n; j++) out[j] = in[j];
        for (int k = 1; k < window; k++) {
            const float *restrict shifted = in + (long)k * 4;
            if (maximum) { for (long j = 0; j < n; j++) out[j] = greater(out[j], shifted[j]); }
            else { for (long j = 0; j < n; j++) out[j] = lesser(out[j], shifted[j]); }
        }
        return;
    }
    const long total = (long)width + 2 * h;
    for (long start = 0; start < total; start += window) {
        long end = start + window < total ? start + window : total;
        for (int c = 0; c < 4; c++) prefix[start * 4 + c] = in[start * 4 + c];
        for (long i = start + 1; i < end; i++)
            for (int c = 0; c < 4; c++) {
                float a = prefix[(i - 1) * 4 + c], b = in[i * 4 + c];
                prefix[i * 4 + c] = maximum ? greater(a, b) : lesser(a, b);
            }
        for (int c = 0; c < 4; c++) suffix[(end - 1) * 4 + c] = in[(end - 1) * 4 + c];
        for (long i = end - 2; i >= start; i--)
            for (int c = 0; c < 4; c++) {
                float a = suffix[(i + 1) * 4 + c], b = in[i * 4 + c];
                suffix[i * 4 + c] = maximum ? greater(a, b) : lesser(a, b);
            }
    }
    const float *restrict ahead = prefix + (long)(window - 1) * 4;
    if (maximum) { for (long j = 0; j < n; j++) out[j] = greater(suffix[j], ahead[j]); }
    else { for (long j = 0; j < n; j++) out[j] = lesser(suffix[j], ahead[j]); }
}

// Flat grey-scale morphology. Element row k (k = 0 … rows − 1, dy = k − reach) covers half_widths[k] pixels
// either side; output row y reads input row y + k. Each input row's running extremum is computed once per
// distinct half-width and kept in a ring of `rows` rows (when `cached`), so every output row costs one new input
// row per distinct width plus one comparison per element row.
PK_INLINE void morphology_body(const float *restrict src, long src_stride, float *restrict dst, long dst_stride,
                               int width, int height, const int *restrict half_widths, int rows, int max_half,
                               int maximum, int cached, float *restrict scratch) {
    int distinct[rows], slot_of[rows], count = 0;
    for (int k = 0; k < rows; k++) {
        int s = 0;
        while (s < count && distinct[s] != half_widths[k]) s++;
        if (s == count) distinct[count++] = half_widths[k];
        slot_of[k] = s;
    }
    const long n = (long)width * 4, span = ((long)width + 2 * max_half + 1) * 4;
    float *restrict prefix = scratch, *restrict suffix = scratch + span;
    float *restrict ring = scratch + 2 * span;   // [slot][ring row][n] when cached, else [n] for one row
    const long row_floats = src_stride * 4;
    for (int y = 0; y < height; y++) {
        float *restrict out = dst + (long)y * dst_stride * 4;
        if (cached) {
            // Input rows y … y + rows − 1 must be in the ring; row t lives at ring row t % rows.
            int first = y == 0 ? 0 : y + rows - 1;
            for (int t = first; t < y + rows; t++) {
                const float *line = src + (long)t * row_floats;
                for (int s = 0; s < count; s++)
                    running_extremum(line + (long)(max_half - distinct[s]) * 4, ring + ((long)s * rows + t % rows) * n,
                                     width, distinct[s], maximum, prefix, suffix);
            }
            for (int k = 0; k < rows; k++) {
                const float *restrict row = ring + ((long)slot_of[k] * rows + (y + k) % rows) * n;
                if (k == 0) { for (long j = 0; j < n; j++) out[j] = row[j]; continue; }
                if (maximum) { for (long j = 0; j < n; j++) out[j] = greater(out[j], row[j]); }
                else { for (long j = 0; j < n; j++) out[j] = lesser(out[j], row[j]); }
            }
        } else {
            for (int k = 0; k < rows; k++) {
                const float *line = src + (long)(y + k) * row_floats + (long)(max_half - half_widths[k]) * 4;
                float *target = k == 0 ? out : ring;
                running_extremum(line, target, width, half_widths[k], maximum, prefix, suffix);
                if (k == 0) continue;
                if (maximum) { for (long j = 0; j < n; j++) out[j] = greater(out[j], ring[j]); }
                else { for (long j = 0; j < n; j++) out[j] = lesser(out[j], ring[j]); }
            }
        }
    }
}
PK_DISPATCH(morphology, (const float *src, long src_stride, float *dst, long dst_stride, int width, int height,
                         const int *half_widths, int rows, int max_half, int maximum, int cached, float *scratch),
            (src, src_stride, dst, dst_stride, width, height, half_widths, rows, max_half, maximum, cached, scratch))
void pk_ci_morphology(const float *src, long src_stride, float *dst, long dst_stride, int width, int height,
                      const int *half_widths, int rows, int max_half, int maximum, int cached, float *scratch) {
    PK_PICK(morphology)(src, src_stride, dst, dst_stride, width, height, half_widths, rows, max_half, maximum, cached, scratch);
}

long pk_ci_morphology_scratch(int width, const int *half_widths, int rows, int max_half, int cached) {
    int count = 0;
    for (int k = 0; k < rows; k++) {
        int seen = 0;
        for (int j = 0; j < k; j++) seen |= half_widths[j] == half_widths[k];
        count += !seen;
    }
    long span = ((long)width + 2 * max_half + 1) * 4, n = (long)width * 4;
    return 2 * span + (cached ? (long)count * rows * n : n);
}
