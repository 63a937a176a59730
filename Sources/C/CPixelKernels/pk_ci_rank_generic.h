// Rank filters written once for any element type: included by pk_ci_rank.c (float working pixels) and
// pk_ci_rank8.c (8-bit stored values) with RANK_T (the element) and RANK(name) (a suffixed name) defined. Pixels
// are four elements; row strides are in elements. Plain loops of comparisons the compiler turns into vector
// instructions. No include guard: included once per element type.

PK_INLINE RANK_T RANK(lesser)(RANK_T a, RANK_T b) { return a < b ? a : b; }
PK_INLINE RANK_T RANK(greater)(RANK_T a, RANK_T b) { return a < b ? b : a; }
PK_INLINE RANK_T RANK(middle)(RANK_T a, RANK_T b, RANK_T c) { return RANK(greater)(RANK(lesser)(a, b), RANK(lesser)(RANK(greater)(a, b), c)); }

// The median of a 3 × 3 neighbourhood is the middle of (the largest column minimum, the middle column median,
// the smallest column maximum): each input column of three is sorted once per output row and shared by the
// three outputs that read it. `scratch` holds 12 × (width + 2) elements.
PK_INLINE void RANK(median3x3_body)(const RANK_T *restrict src, long src_row, RANK_T *restrict dst, long dst_row,
                                    int width, int height, RANK_T *restrict scratch) {
    const long n = ((long)width + 2) * 4, out = (long)width * 4;
    RANK_T *restrict lo = scratch, *restrict mid = scratch + n, *restrict hi = scratch + 2 * n;
    for (int y = 0; y < height; y++) {
        const RANK_T *restrict r0 = src + (long)y * src_row, *restrict r1 = r0 + src_row, *restrict r2 = r1 + src_row;
        for (long j = 0; j < n; j++) {
            RANK_T a = r0[j], b = r1[j], c = r2[j];
            RANK_T low = RANK(lesser)(a, b), high = RANK(greater)(a, b);
            lo[j] = RANK(lesser)(low, c);
            RANK_T t = RANK(greater)(low, c);
            mid[j] = RANK(lesser)(high, t);
            hi[j] = RANK(greater)(high, t);
        }
        RANK_T *restrict o = dst + (long)y * dst_row;
        for (long j = 0; j < out; j++) {
            RANK_T maxLow = RANK(greater)(RANK(greater)(lo[j], lo[j + 4]), lo[j + 8]);
            RANK_T midMid = RANK(middle)(mid[j], mid[j + 4], mid[j + 8]);
            RANK_T minHigh = RANK(lesser)(RANK(lesser)(hi[j], hi[j + 4]), hi[j + 8]);
            o[j] = RANK(middle)(maxLow, midMid, minHigh);
        }
    }
}

// One row's running extremum over windows of 2h + 1 pixels: out[i] = extremum of in[i … i + 2h] for `width`
// outputs. Short windows compare shifted rows directly (vectorised across pixels); long ones use the van Herk /
// Gil-Werman blocks (three comparisons per pixel whatever the width) in `prefix`/`suffix` ((width + 2h) · 4 each).
PK_INLINE void RANK(running_extremum)(const RANK_T *restrict in, RANK_T *restrict out, int width, int h, int maximum,
                                      RANK_T *restrict prefix, RANK_T *restrict suffix) {
    const long n = (long)width * 4;
    const int window = 2 * h + 1;
    if (window <= 11) {
        for (long j = 0; j < n; j++) out[j] = in[j];
        for (int k = 1; k < window; k++) {
            const RANK_T *restrict shifted = in + (long)k * 4;
            if (maximum) { for (long j = 0; j < n; j++) out[j] = RANK(greater)(out[j], shifted[j]); }
            else { for (long j = 0; j < n; j++) out[j] = RANK(lesser)(out[j], shifted[j]); }
        }
        return;
    }
    const long total = (long)width + 2 * h;
    for (long start = 0; start < total; start += window) {
        long end = start + window < total ? start + window : total;
        for (int c = 0; c < 4; c++) prefix[start * 4 + c] = in[start * 4 + c];
        for (long i = start + 1; i < end; i++)
            for (int c = 0; c < 4; c++) {
                RANK_T a = prefix[(i - 1) * 4 + c], b = in[i * 4 + c];
                prefix[i * 4 + c] = maximum ? RANK(greater)(a, b) : RANK(lesser)(a, b);
            }
        for (int c = 0; c < 4; c++) suffix[(end - 1) * 4 + c] = in[(end - 1) * 4 + c];
        for (long i = end - 2; i >= start; i--)
            for (int c = 0; c < 4; c++) {
                RANK_T a = suffix[(i + 1) * 4 + c], b = in[i * 4 + c];
                suffix[i * 4 + c] = maximum ? RANK(greater)(a, b) : RANK(lesser)(a, b);
            }
    }
    const RANK_T *restrict ahead = prefix + (long)(window - 1) * 4;
    if (maximum) { for (long j = 0; j < n; j++) out[j] = RANK(greater)(suffix[j], ahead[j]); }
    else { for (long j = 0; j < n; j++) out[j] = RANK(lesser)(suffix[j], ahead[j]); }
}

// Flat grey-scale morphology. Element row k (k = 0 … rows − 1, dy = k − reach) covers half_widths[k] pixels
// either side; output row y reads input row y + k, starting max_half pixels left of the output's first. Each
// input row's running extremum is computed once per distinct half-width and kept in a ring of `rows` rows (when
// `cached`), so every output row costs one new input row per distinct width plus one comparison per element row.
PK_INLINE void RANK(morphology_body)(const RANK_T *restrict src, long src_row, RANK_T *restrict dst, long dst_row,
                                     int width, int height, const int *restrict half_widths, int rows, int max_half,
                                     int maximum, int cached, RANK_T *restrict scratch) {
    int distinct[rows], slot_of[rows], count = 0;
    for (int k = 0; k < rows; k++) {
        int s = 0;
        while (s < count && distinct[s] != half_widths[k]) s++;
        if (s == count) distinct[count++] = half_widths[k];
        slot_of[k] = s;
    }
    const long n = (long)width * 4, span = ((long)width + 2 * max_half + 1) * 4;
    RANK_T *restrict prefix = scratch, *restrict suffix = scratch + span;
    RANK_T *restrict ring = scratch + 2 * span;   // [slot][ring row][n] when cached, else [n] for one row
    for (int y = 0; y < height; y++) {
        RANK_T *restrict out = dst + (long)y * dst_row;
        if (cached) {
            // Input rows y … y + rows − 1 must be in the ring; row t lives at ring row t % rows.
            int first = y == 0 ? 0 : y + rows - 1;
            for (int t = first; t < y + rows; t++) {
                const RANK_T *line = src + (long)t * src_row;
                for (int s = 0; s < count; s++)
                    RANK(running_extremum)(line + (long)(max_half - distinct[s]) * 4, ring + ((long)s * rows + t % rows) * n,
                                           width, distinct[s], maximum, prefix, suffix);
            }
            for (int k = 0; k < rows; k++) {
                const RANK_T *restrict row = ring + ((long)slot_of[k] * rows + (y + k) % rows) * n;
                if (k == 0) { for (long j = 0; j < n; j++) out[j] = row[j]; continue; }
                if (maximum) { for (long j = 0; j < n; j++) out[j] = RANK(greater)(out[j], row[j]); }
                else { for (long j = 0; j < n; j++) out[j] = RANK(lesser)(out[j], row[j]); }
            }
        } else {
            for (int k = 0; k < rows; k++) {
                const RANK_T *line = src + (long)(y + k) * src_row + (long)(max_half - half_widths[k]) * 4;
                RANK_T *target = k == 0 ? out : ring;
                RANK(running_extremum)(line, target, width, half_widths[k], maximum, prefix, suffix);
                if (k == 0) continue;
                if (maximum) { for (long j = 0; j < n; j++) out[j] = RANK(greater)(out[j], ring[j]); }
                else { for (long j = 0; j < n; j++) out[j] = RANK(lesser)(out[j], ring[j]); }
            }
        }
    }
}

// Elements of scratch `morphology_body` needs.
static long RANK(morphology_scratch)(int width, const int *half_widths, int rows, int max_half, int cached) {
    int count = 0;
    for (int k = 0; k < rows; k++) {
        int seen = 0;
        for (int j = 0; j < k; j++) seen |= half_widths[j] == half_widths[k];
        count += !seen;
    }
    long span = ((long)width + 2 * max_half + 1) * 4, n = (long)width * 4;
    return 2 * span + (cached ? (long)count * rows * n : n);
}
