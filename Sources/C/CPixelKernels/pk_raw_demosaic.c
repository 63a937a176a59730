// Directional, ratio-corrected demosaic of a Bayer tile (the default of RAW pipeline PhotoKitLinux.2).
// Written for this project from the published idea of ratio-corrected demosaicing (RCD, L. Sanz Rodríguez):
// the direction of interpolation is chosen by local vertical/horizontal (and diagonal) activity, green is
// interpolated from its neighbours corrected by the ratio of a colour-blind low-pass image, and red/blue come
// from colour differences to green weighted by inverse gradients. Plain C with contraction off, so every CPU
// computes the same values (the pipeline's goldens are frozen).
#include "pk_raw.h"
#include "pk_cpu.h"
#include <math.h>

#pragma STDC FP_CONTRACT OFF

#define EPS 1e-5f

static inline __attribute__((always_inline)) float sq(float x) { return x * x; }

// Direction in [0, 1] for interpolation: the pixel's own value or its diagonal neighbours' mean, whichever is
// more decided (further from 0.5): a thin line keeps the direction its surroundings agree on.
static inline __attribute__((always_inline)) float decided(const float *dir, long i, int w) {
    float central = dir[i];
    float neighbours = 0.25f * (dir[i - w - 1] + dir[i - w + 1] + dir[i + w - 1] + dir[i + w + 1]);
    return fabsf(0.5f - central) < fabsf(0.5f - neighbours) ? neighbours : central;
}

// dir = A / (A + B + EPS) where A and B are 3×3 window sums of `a` and `b`, for rows and columns
// [first, count − first); `rowSums` holds 2 × columns floats.
static inline __attribute__((always_inline)) void window_ratio(const float *a, const float *b, float *dir, float *rowSums, int rows, int columns, int first) {
    const int w = columns;
    float *sumA = rowSums, *sumB = rowSums + columns;
    for (int r = first; r < rows - first; r++) {
        for (int c = first; c < columns - first; c++) {
            long i = (long)r * w + c;
            sumA[c] = a[i - w - 1] + a[i - w] + a[i - w + 1] + a[i - 1] + a[i] + a[i + 1] + a[i + w - 1] + a[i + w] + a[i + w + 1];
            sumB[c] = b[i - w - 1] + b[i - w] + b[i - w + 1] + b[i - 1] + b[i] + b[i + 1] + b[i + w - 1] + b[i + w] + b[i + w + 1];
        }
        for (int c = first; c < columns - first; c++) dir[(long)r * w + c] = sumA[c] / (sumA[c] + sumB[c] + EPS);
    }
}

static inline __attribute__((always_inline)) void rcd_body(const float *cfa, int rows, int columns, const int pattern[4],
                                                          float *red, float *green, float *blue, float *scratch) {
    const int w = columns;
    const long n = (long)rows * columns;
    float *lpf = scratch, *dir = scratch + n, *activityA = scratch + 2 * n, *activityB = scratch + 3 * n;
    float *diagonal = scratch + 4 * n, *rowSums = scratch + 5 * n;
    float *planes[3] = { red, green, blue };
#define COLOUR(r, c) pattern[((r) & 1) * 2 + ((c) & 1)]

    // Measured values in their planes (each row holds two colours; written whole so the loop vectorises).
    for (int r = 0; r < rows; r++) {
        const int even = COLOUR(r, 0), odd = COLOUR(r, 1);
        const float *in = cfa + (long)r * w;
        float *rr = red + (long)r * w, *gg = green + (long)r * w, *bb = blue + (long)r * w;
        for (int c = 0; c < columns; c++) {
            const int colour = (c & 1) ? odd : even;
            rr[c] = colour == 0 ? in[c] : 0;
            gg[c] = colour == 1 ? in[c] : 0;
            bb[c] = colour == 2 ? in[c] : 0;
        }
    }

    // Vertical and horizontal activity (first-order across the pixel, second-order of its own colour).
    for (int r = 2; r < rows - 2; r++) {
        for (int c = 2; c < columns - 2; c++) {
            long i = (long)r * w + c;
            activityA[i] = sq(fabsf(cfa[i - w] - cfa[i + w]) + 0.5f * fabsf(2 * cfa[i] - cfa[i - 2 * w] - cfa[i + 2 * w]));
            activityB[i] = sq(fabsf(cfa[i - 1] - cfa[i + 1]) + 0.5f * fabsf(2 * cfa[i] - cfa[i - 2] - cfa[i + 2]));
        }
    }
    // Direction: vertical activity over the 3×3 window's total; 1 = interpolate horizontally.
    window_ratio(activityA, activityB, dir, rowSums, rows, columns, 3);
    // Colour-blind low-pass image: the 3×3 binomial weighs R, G and B alike at every site.
    for (int r = 1; r < rows - 1; r++) {
        for (int c = 1; c < columns - 1; c++) {
            long i = (long)r * w + c;
            lpf[i] = 0.25f * cfa[i] + 0.125f * (cfa[i - 1] + cfa[i + 1] + cfa[i - w] + cfa[i + w])
                   + 0.0625f * (cfa[i - w - 1] + cfa[i - w + 1] + cfa[i + w - 1] + cfa[i + w + 1]);
        }
    }

    // Green at red and blue sites. Each row is computed at every column into `row` (contiguous, so it
    // vectorises; the green sites' values are discarded), then stored at the red or blue sites only: the loop
    // reads no green value, so the order does not matter.
    float *row = rowSums;
    for (int r = 4; r < rows - 4; r++) {
        const int first = 4 + (COLOUR(r, 4) == 1);
        const long base = (long)r * w;
        for (int c = 4; c < columns - 4; c++) {
            long i = base + c;
            float centre = lpf[i];
            float gN = EPS + fabsf(cfa[i - w] - cfa[i + w]) + fabsf(cfa[i] - cfa[i - 2 * w]) + fabsf(cfa[i - w] - cfa[i - 3 * w]);
            float gS = EPS + fabsf(cfa[i - w] - cfa[i + w]) + fabsf(cfa[i] - cfa[i + 2 * w]) + fabsf(cfa[i + w] - cfa[i + 3 * w]);
            float gW = EPS + fabsf(cfa[i - 1] - cfa[i + 1]) + fabsf(cfa[i] - cfa[i - 2]) + fabsf(cfa[i - 1] - cfa[i - 3]);
            float gE = EPS + fabsf(cfa[i - 1] - cfa[i + 1]) + fabsf(cfa[i] - cfa[i + 2]) + fabsf(cfa[i + 1] - cfa[i + 3]);
            float eN = cfa[i - w] * 2 * centre / (EPS + centre + lpf[i - 2 * w]);
            float eS = cfa[i + w] * 2 * centre / (EPS + centre + lpf[i + 2 * w]);
            float eW = cfa[i - 1] * 2 * centre / (EPS + centre + lpf[i - 2]);
            float eE = cfa[i + 1] * 2 * centre / (EPS + centre + lpf[i + 2]);
            float vertical = (gS * eN + gN * eS) / (gN + gS);
            float horizontal = (gE * eW + gW * eE) / (gW + gE);
            float t = decided(dir, i, w);
            float value = vertical * (1 - t) + horizontal * t;
            row[c] = value > 0 ? value : 0;
        }
        for (int c = first; c < columns - 4; c += 2) green[base + c] = row[c];
    }

    // Diagonal activity at red and blue sites, and its direction (1 = interpolate along the anti-diagonal).
    for (int r = 3; r < rows - 3; r++) {
        for (int c = 3; c < columns - 3; c++) {
            long i = (long)r * w + c;
            activityA[i] = sq(fabsf(cfa[i - w - 1] - cfa[i + w + 1]) + 0.5f * fabsf(2 * green[i] - green[i - w - 1] - green[i + w + 1]));
            activityB[i] = sq(fabsf(cfa[i - w + 1] - cfa[i + w - 1]) + 0.5f * fabsf(2 * green[i] - green[i - w + 1] - green[i + w - 1]));
        }
    }
    window_ratio(activityA, activityB, diagonal, rowSums, rows, columns, 4);
    // Blue at red sites and red at blue sites: the diagonal neighbours' colour differences to green. Computed
    // at every column of a row, stored at its red or blue sites (the loop reads no red or blue value).
    for (int r = 5; r < rows - 5; r++) {
        const int first = 5 + (COLOUR(r, 5) == 1);
        const long base = (long)r * w;
        float *other = COLOUR(r, first) == 0 ? blue : red;
        for (int c = 5; c < columns - 5; c++) {
            long i = base + c;
            float gNW = EPS + fabsf(cfa[i - w - 1] - cfa[i + w + 1]) + fabsf(cfa[i] - cfa[i - 2 * w - 2]) + fabsf(green[i] - green[i - w - 1]);
            float gSE = EPS + fabsf(cfa[i - w - 1] - cfa[i + w + 1]) + fabsf(cfa[i] - cfa[i + 2 * w + 2]) + fabsf(green[i] - green[i + w + 1]);
            float gNE = EPS + fabsf(cfa[i - w + 1] - cfa[i + w - 1]) + fabsf(cfa[i] - cfa[i - 2 * w + 2]) + fabsf(green[i] - green[i - w + 1]);
            float gSW = EPS + fabsf(cfa[i - w + 1] - cfa[i + w - 1]) + fabsf(cfa[i] - cfa[i + 2 * w - 2]) + fabsf(green[i] - green[i + w - 1]);
            float dNW = cfa[i - w - 1] - green[i - w - 1], dSE = cfa[i + w + 1] - green[i + w + 1];
            float dNE = cfa[i - w + 1] - green[i - w + 1], dSW = cfa[i + w - 1] - green[i + w - 1];
            float p = (gSE * dNW + gNW * dSE) / (gNW + gSE);
            float q = (gSW * dNE + gNE * dSW) / (gNE + gSW);
            float t = decided(diagonal, i, w);
            float value = green[i] + p * (1 - t) + q * t;
            row[c] = value > 0 ? value : 0;
        }
        for (int c = first; c < columns - 5; c += 2) other[base + c] = row[c];
    }

    // Red and blue at green sites: colour differences of the four axial neighbours (each now has both colours).
    // Computed at every column of a row into `row` and `row2`, stored at its green sites (the loop reads red and
    // blue only at the other sites).
    float *row2 = rowSums + columns;
    for (int r = 6; r < rows - 6; r++) {
        const int first = 6 + (COLOUR(r, 6) != 1);
        const long base = (long)r * w;
        for (int c = 6; c < columns - 6; c++) {
            long i = base + c;
            float t = decided(dir, i, w);
            float gN = EPS + fabsf(green[i - w] - green[i + w]) + fabsf(green[i] - green[i - 2 * w]);
            float gS = EPS + fabsf(green[i - w] - green[i + w]) + fabsf(green[i] - green[i + 2 * w]);
            float gW = EPS + fabsf(green[i - 1] - green[i + 1]) + fabsf(green[i] - green[i - 2]);
            float gE = EPS + fabsf(green[i - 1] - green[i + 1]) + fabsf(green[i] - green[i + 2]);
            for (int k = 0; k < 2; k++) {
                const float *plane = k == 0 ? red : blue;
                float sN = gN + fabsf(plane[i - w] - plane[i + w]), sS = gS + fabsf(plane[i - w] - plane[i + w]);
                float sW = gW + fabsf(plane[i - 1] - plane[i + 1]), sE = gE + fabsf(plane[i - 1] - plane[i + 1]);
                float dN = plane[i - w] - green[i - w], dS = plane[i + w] - green[i + w];
                float dW = plane[i - 1] - green[i - 1], dE = plane[i + 1] - green[i + 1];
                float vertical = (sS * dN + sN * dS) / (sN + sS);
                float horizontal = (sE * dW + sW * dE) / (sW + sE);
                float value = green[i] + vertical * (1 - t) + horizontal * t;
                (k == 0 ? row : row2)[c] = value > 0 ? value : 0;
            }
        }
        for (int c = first; c < columns - 6; c += 2) { red[base + c] = row[c]; blue[base + c] = row2[c]; }
    }
#undef COLOUR
}

// Compiled twice: for the baseline target and with AVX2 (not FMA: contraction stays off, so both compute the
// same floats), chosen at run time.
#if defined(__x86_64__)
__attribute__((target("avx2")))
static void rcd_avx2(const float *cfa, int rows, int columns, const int pattern[4], float *red, float *green, float *blue, float *scratch) {
    rcd_body(cfa, rows, columns, pattern, red, green, blue, scratch);
}
#endif
static void rcd_base(const float *cfa, int rows, int columns, const int pattern[4], float *red, float *green, float *blue, float *scratch) {
    rcd_body(cfa, rows, columns, pattern, red, green, blue, scratch);
}

void pk_raw_demosaic_rcd(const float *cfa, int rows, int columns, const int pattern[4],
                         float *red, float *green, float *blue, float *scratch) {
#if defined(__x86_64__)
    if (pk_cpu_has_avx2_fma_f16c()) { rcd_avx2(cfa, rows, columns, pattern, red, green, blue, scratch); return; }
#endif
    rcd_base(cfa, rows, columns, pattern, red, green, blue, scratch);
}
