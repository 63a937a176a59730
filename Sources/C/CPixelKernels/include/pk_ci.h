#ifndef PK_CI_H
#define PK_CI_H
// Core Image's hot pixel loops. Pixels in the engine are interleaved RGBA float32 ("working pixels").
// Functions with an AVX2/FMA/F16C variant pick it at run time (pk_cpu_has_avx2_fma_f16c), so a plain
// `swift build` runs at full speed. All functions are thread-safe (no shared state).
#include <stdint.h>
#include <stddef.h>

/// Loads `count` pixels of 8-bit components (`components` per pixel) into working pixels.
/// `map[c]` is the source component feeding output channel c (R, G, B, A), or -1 for 0 (colour) / 1 (alpha).
/// `lut` holds four 256-entry tables decoding R, G, B and A (built once by the caller, e.g. v / 255 or a TRC).
void pk_ci_load_u8(const uint8_t *src, int components, const int8_t map[4], const float *lut, float *dst, long count);
/// Asks the processor to fetch `bytes` from `start` into its caches ahead of their being read (no effect on results).
void pk_prefetch(const void *start, long bytes);
/// Prepares `prepared` (1088 bytes) for pk_ci_load_u8_prepared and returns 1 when this CPU has AVX-512 VBMI and
/// the load is RGBA or RGBX (four bytes, map 0 1 2 3 or 0 1 2 −1) with one table for R, G and B and alpha as v / 255;
/// returns 0 otherwise (then pass `NULL`).
int pk_ci_load_u8_prepare(int components, const int8_t map[4], const float *decode, uint8_t *prepared);
/// pk_ci_load_u8 through byte permutes of the prepared table planes, 16 pixels a step (`prepared` NULL: the general
/// load). The same floats, bit for bit.
void pk_ci_load_u8_prepared(const uint8_t *src, int components, const int8_t map[4], const float *decode,
                            const uint8_t *prepared, float *dst, long count);
/// Like pk_ci_load_u8 for 16-bit components (v / 65535); `swap` reads big-endian words.
void pk_ci_load_u16(const uint16_t *src, int components, const int8_t map[4], int swap, float *dst, long count);
/// Like pk_ci_load_u8 for IEEE half-float components.
void pk_ci_load_f16(const uint16_t *src, int components, const int8_t map[4], float *dst, long count);
/// Like pk_ci_load_u8 for float components.
void pk_ci_load_f32(const float *src, int components, const int8_t map[4], float *dst, long count);

/// Stores working pixels as 8-bit components: destination component j takes channel `map[j]` (0…3),
/// 255 when -1 (padding), or Rec. 709 luminance of R, G, B when -2. Values are clamped to [0, 1] and rounded.
/// `lut` (optional, 65536 entries plus 3 readable padding bytes) encodes R, G, B (index = round(clamp01(v) * 65535));
/// alpha is always linear. `srgb` (non-zero only for a table pk_ci_store_srgb_matches accepted) computes RGBA/RGBX
/// stores instead of reading the table: the same bytes.
void pk_ci_store_u8(const float *src, uint8_t *dst, int components, const int8_t map[4], const uint8_t *lut, int srgb, long count);
/// Stores premultiplied working pixels as premultiplied RGBA8 through an encode curve applied to unpremultiplied
/// values: opaque pixels (alpha exactly 1) through `lut` as pk_ci_store_u8 does (`srgb` as there); the others
/// unpremultiplied, encoded by the tabulated curve (as pk_ci_curve), clamped to [0, 1], premultiplied again and quantized.
void pk_ci_store_u8_encode_premultiplied(const float *src, uint8_t *dst, const uint8_t *lut, int srgb, const float *table, int size,
                                         const float params[7], int extended, int inverse, long count);
/// Whether the computed sRGB store (pk_ci_store4_u8_srgb) reproduces `lut` (a 65536-entry encode table) at every
/// index, on this CPU (0 without AVX-512). Checks all 65536 entries: call once per table.
int pk_ci_store_srgb_matches(const uint8_t *lut);
/// Stores opaque RGBA (alpha linear) or RGBX (`pad`: 255) pixels as pk_ci_store_u8 does with `lut`, computing the
/// sRGB encoding rather than reading the table (only for a table pk_ci_store_srgb_matches accepted); returns how
/// many pixels it stored (a multiple of 4; 0 without AVX-512), the rest is the caller's.
long pk_ci_store4_u8_srgb(const float *src, uint8_t *dst, const uint8_t *lut, long count, int pad);
/// The same store sixteen pixels at a time for as long as all sixteen alphas are exactly 1; returns how many pixels
/// it stored (a multiple of 16; 0 without AVX-512), stopping before the first block holding another alpha.
long pk_ci_store16_u8_srgb_opaque(const float *src, uint8_t *dst, const uint8_t *lut, long count);
/// Like pk_ci_store_u8 for 16-bit components (0…65535), optionally byte-swapped.
void pk_ci_store_u16(const float *src, uint16_t *dst, int components, const int8_t map[4], int swap, long count);
/// Like pk_ci_store_u8 for half floats (no clamping; padding = 1).
void pk_ci_store_f16(const float *src, uint16_t *dst, int components, const int8_t map[4], long count);
/// Like pk_ci_store_u8 for floats (no clamping; padding = 1).
void pk_ci_store_f32(const float *src, float *dst, int components, const int8_t map[4], long count);

/// CIVignette on `count` premultiplied pixels of row y whose first pixel is column x: R, G, B times
/// 1 − intensity · smoothstep(t) with t = clamp(√(dx² + dy²) · (scale / width) − inner / width, 0, 1), dx = x + ½ − cx.
void pk_ci_vignette(float *px, long count, long x, float cx, float dy, float scale, float inner, float width, float intensity);

/// In place: (r, g, b, a) = M · (r, g, b, a) + bias, with `m` = 16 row-major coefficients then 4 biases.
void pk_ci_matrix(float *px, long count, const float m[20]);

/// A step of the fused 8-bit pass: a colour matrix (`data`: pk_ci_matrix's 20 floats) or a vignette (`data`: centre
/// x and y, scale, inner, width, intensity: pk_ci_vignette's arguments, dy = y + ½ − centre y).
typedef struct { int kind; const float *data; } pk_ci_fused_step;
enum { PK_FUSED_MATRIX = 0, PK_FUSED_VIGNETTE = 1 };
/// What the fused pass stores as alpha: 255 (an RGBX destination, alpha never computed), the alpha
/// (clamped, × 255 + ½), or 255 for opaque pixels only, stopping at the first sixteen with another alpha (a
/// destination encoded premultiplied, whose translucent pixels need unpremultiplying first).
enum { PK_FUSED_ALPHA_PADDED = 0, PK_FUSED_ALPHA_STORED = 1, PK_FUSED_ALPHA_OPAQUE_ONLY = 2 };
/// Loads `count` pixels of row `y` from column `x` (8-bit RGBA/RGBX at `src`, `prepared` by
/// pk_ci_load_u8_prepare), applies `steps` in order and stores them as 8-bit RGBA at `dst` through the sRGB table
/// `lut` (one pk_ci_store_srgb_matches accepted), sixteen pixels at a time: the same bytes as
/// pk_ci_load_u8_prepared, pk_ci_matrix / pk_ci_vignette and pk_ci_store_u8 (or, opaque, the premultiplied
/// encode store) in turn. Returns the pixels done: a multiple of 16, fewer where an opaque-only block is not
/// opaque, 0 without AVX-512 VBMI; the caller runs the rest with the separate kernels.
long pk_ci_fused_u8_srgb(const uint8_t *src, const uint8_t *prepared, const pk_ci_fused_step *steps, int step_count,
                         long x, long y, uint8_t *dst, const uint8_t *lut, int alpha_mode, long count);
/// In place: multiplies R, G, B by A (premultiply) or divides them by A where A > 0 (unpremultiply).
void pk_ci_premultiply(float *px, long count);
void pk_ci_unpremultiply(float *px, long count);
/// In place: clamps every channel to [lo[c], hi[c]].
void pk_ci_clamp(float *px, long count, const float lo[4], const float hi[4]);

/// In place on R, G, B: a tone curve tabulated at `size` points over [0, 1], linearly interpolated.
/// With `extended`, negative values mirror and values above 1 use the exact ICC parametric curve
/// `params` = {g, a, b, c, d, e, f} (its inverse when `inverse`); otherwise values clamp to [0, 1].
/// Only channels whose bit is set in `channels` (1 = R, 2 = G, 4 = B) change.
void pk_ci_curve(float *px, long count, const float *table, int size, const float params[7], int extended, int inverse,
                 int channels);

/// Horizontal convolution of working pixels: dst[y][x] = sum_k w[k] * src[y][x + k], for `width` output
/// pixels and `height` rows; `src` rows must hold width + taps - 1 pixels. Strides are in pixels.
void pk_ci_convolve_rows(const float *src, long src_stride, float *dst, long dst_stride,
                         int width, int height, const float *weights, int taps);
/// Vertical convolution: dst[y][x] = sum_k w[k] * src[y + k][x]; `src` must hold height + taps - 1 rows.
void pk_ci_convolve_columns(const float *src, long src_stride, float *dst, long dst_stride,
                            int width, int height, const float *weights, int taps);

/// One output row of a vertical convolution: dst[j] = sum_k w[k] * rows[k][j] over `floats` floats (four a working
/// pixel, or three for packed RGB), the `taps` input rows given by pointer (rows may live in a ring buffer).
void pk_ci_convolve_gather_floats(const float *const *rows, int taps, const float *weights, float *dst, long floats);
/// A general convolution's row: dst[j] = clamp(bias + Σₖ weights[k] · sources[k][j], 0, 1) over `count` floats,
/// the taps added in order (NaN → 0).
void pk_ci_convolve_taps(const float *const *sources, const float *weights, int taps, float bias, float *dst, long count);

/// A row's window sums (box filters): dst[x] = (Σ_{k < taps} src[x + k]) · scale (or / scale with `divide`) over
/// `width` working pixels; `src` holds width + taps − 1 pixels, `scratch` 4 · b · (width + taps) floats, b the number
/// of bits of `taps`. The sum is built from sums over 1, 2, 4, … pixels (about 2·log2(taps) additions a component),
/// in the same order for every x.
void pk_ci_window_sum_row(const float *src, float *dst, float *scratch, long width, int taps, float scale, int divide);
/// A box filter's vertical step: acc = (acc + enter) − leave over `floats` floats, and, where `dst` is not NULL,
/// dst = acc · scale (or / scale with `divide`). Returns whether every new acc is finite.
int pk_ci_box_slide(float *acc, const float *enter, const float *leave, float *dst, long floats, float scale, int divide);
/// A box filter's fresh vertical sum: acc = ((rows[0] + rows[1]) + …) over `floats` floats, and, where `dst` is not
/// NULL, dst = acc · scale (or / scale with `divide`).
void pk_ci_box_fresh(const float *const *rows, int count, float *acc, float *dst, long floats, float scale, int divide);

/// One output row of CIZoomBlur (ZoomBlurKernel): for x0 ≤ x < x0 + width, the mean of n = min(max_samples,
/// ⌈|amount|·|p − c|⌉) + 1 bilinear samples of the input at c + (p − c)(1 − amount·k/n), p = (x + 0.5, y + 0.5);
/// the input tile covers (input_x, input_y, input_width, input_height) with `stride` pixels a row, clear outside.
void pk_ci_zoom_blur_row(const float *input, long stride, int input_x, int input_y, int input_width, int input_height,
                         float *dst, int x0, int y, int width, double cx, double cy, double amount, int max_samples);

/// Four consecutive output rows of a vertical convolution: dst_j[i] = sum_k w[k] * rows[j + k][i] for j = 0…3,
/// from `taps + 3` input rows (each input row is read once for all four outputs). Sums in the same order as
/// pk_ci_convolve_gather_floats, so both give identical results.
void pk_ci_convolve_gather4_floats(const float *const *rows, int taps, const float *weights,
                                   float *dst0, float *dst1, float *dst2, float *dst3, long floats);
/// Eight consecutive output rows (dst[0…7]) from `taps + 7` input rows, each input row read once for all eight (with
/// AVX-512 and at least eight taps; otherwise two calls of four). The same sums as pk_ci_convolve_gather_floats.
void pk_ci_convolve_gather8_floats(const float *const *rows, int taps, const float *weights, float *const *dst, long floats);

/// The separable blur's opaque mode (pk_ci_opaque_rows.c). Packs four rows of `pixels` RGBA working pixels into
/// three: p_i = (r_i.R, r_i.G, r_i.B, r3.[R, G, B][i]) for i = 0…2 (alpha is not read).
void pk_ci_pack_opaque_rows(const float *r0, const float *r1, const float *r2, const float *r3,
                            float *p0, float *p1, float *p2, long pixels);
/// Undoes pk_ci_pack_opaque_rows into four rows of packed RGB (three floats a pixel): q_i = h_i.RGB for
/// i = 0…2, q3 = (h0.A, h1.A, h2.A).
void pk_ci_unpack_opaque_rows(const float *h0, const float *h1, const float *h2,
                              float *q0, float *q1, float *q2, float *q3, long pixels);
/// RGBA working pixels to packed RGB (alpha dropped), and packed RGB to RGBA with alpha 1.
void pk_ci_rgba_to_rgb(const float *src, float *dst, long pixels);
void pk_ci_rgb_to_opaque_rgba(const float *src, float *dst, long pixels);

/// Per-component median of each 3 × 3 neighbourhood: `src` points at the pixel left of and below the first
/// output pixel's neighbourhood centre (rows `src_stride` pixels apart, y growing with the row), `height` output
/// rows of `width` pixels; `scratch` holds 12 · (width + 2) floats.
void pk_ci_median3x3(const float *src, long src_stride, float *dst, long dst_stride, int width, int height, float *scratch);

/// Flat grey-scale dilation (`maximum`) or erosion: output row y, pixel x is the extremum over element rows k
/// (0 … rows − 1) of input row y + k, pixels x − half_widths[k] … x + half_widths[k] (input pixel 0 of a row
/// is output pixel −max_half). `src` points at that pixel of input row 0. With `cached`, each input row's
/// extremum per distinct half-width is computed once (a ring of rows); otherwise per element row.
/// `scratch` holds pk_ci_morphology_scratch(…) floats.
void pk_ci_morphology(const float *src, long src_stride, float *dst, long dst_stride, int width, int height,
                      const int *half_widths, int rows, int max_half, int maximum, int cached, float *scratch);
long pk_ci_morphology_scratch(int width, const int *half_widths, int rows, int max_half, int cached);

/// `pk_ci_morphology` on 8-bit RGBA: output row y of `width` pixels (`dst`, rows `dst_stride` bytes apart) is the
/// per-byte extremum over element rows k = 0 … rows − 1 of input row y + k (`src`, rows `src_stride` bytes apart,
/// each starting `max_half` pixels left of the output's first) over ±half_widths[k] pixels. `scratch` holds
/// pk_ci_morphology8_scratch(…) bytes.
void pk_ci_morphology8(const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height,
                       const int *half_widths, int rows, int max_half, int maximum, uint8_t *scratch);
long pk_ci_morphology8_scratch(int width, const int *half_widths, int rows, int max_half);
/// `pk_ci_median3x3` on 8-bit RGBA (`src` at the pixel left of and before the first output's; strides in bytes);
/// `scratch` holds 12 × (width + 2) bytes.
void pk_ci_median3x3_8(const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height, uint8_t *scratch);

/// An affine warp's sampling: output pixel (ox + i, oy + j) takes the input at the inverse transform `m` = {a, b,
/// c, d, tx, ty} of its centre, bilinear (pixel centres at + 0.5; clear outside the tile, as far positions and NaN)
/// or the nearest pixel. The input tile covers (rx, ry, rw, rh), `src_stride` pixels per row.
/// Bilinear sampling runs eight pixels at a time where the CPU has AVX2: the same operations in the same order as
/// the reference (pk_ci_affine_sample_reference), so the same floats.
void pk_ci_affine_sample(const float *src, long src_stride, long rx, long ry, long rw, long rh,
                         float *dst, long dst_stride, long ox, long oy, int width, int height,
                         const float m[6], int nearest);
/// pk_ci_affine_sample one pixel at a time (scalar C): the reference the vector path matches.
void pk_ci_affine_sample_reference(const float *src, long src_stride, long rx, long ry, long rw, long rh,
                                   float *dst, long dst_stride, long ox, long oy, int width, int height,
                                   const float m[6], int nearest);
/// Counts each pixel's unpremultiplied R, G, B and alpha (clamped to [0, 1]) into `bins` equal bins:
/// counts[bin · 4 + channel] grows by one per pixel.
void pk_ci_histogram(const float *src, long stride, int width, int height, int bins, uint32_t *counts);
/// The same counts for 8-bit stored pixels, as if loaded through `decode` (4 × 256 tables, channel c of a stored
/// value b is decode[c · 256 + b]; `map` as pk_ci_load_u8 takes it) and then counted; row y starts at
/// first + y · row_step bytes (negative for bottom-up rows). `scratch` holds bins · 16 counters.
void pk_ci_histogram_u8(const uint8_t *first, long row_step, int components, const int8_t map[4], const float *decode,
                        int width, int height, int bins, uint32_t *counts, uint32_t *scratch);

/// A separable resampler's horizontal pass: for each of `rows` input rows (`src` at pixel rx of the first, the
/// row covering rx … rx + rw − 1) and each of `width` output columns, the weighted sum (or, with `maximum`, the
/// largest value) over that column's taps: weights[i · (taps + 1)] is its first input x, then `taps` weights;
/// zero weights are skipped and pixels outside the row are clear. Output rows are `width` pixels.
void pk_ci_resample_rows(const float *src, long src_stride, long rx, long rw, int rows, float *dst, int width,
                         const float *weights, int taps, int maximum);
/// The vertical pass over the horizontal pass's rows (`src`: rows ry … ry + rh − 1, `width` pixels each), for
/// output rows oy … oy + height − 1, weights laid out as for pk_ci_resample_rows.
void pk_ci_resample_columns(const float *src, long ry, long rh, int width, float *dst, long dst_stride, long oy, int height,
                            const float *weights, int taps, int maximum);

/// Whether every pixel of an 8-bit image has alpha 255: `height` rows of `width` pixels, `row_bytes` apart, each
/// pixel `components` bytes with alpha at byte `alpha_index`. Stops at the first pixel that is not opaque.
int pk_ci_alpha_is_opaque_u8(const uint8_t *base, long row_bytes, long width, long height, int components, int alpha_index);

/// Converts `count` floats to IEEE half floats (round to nearest even) and back.
void pk_ci_f32_to_f16(const float *src, uint16_t *dst, long count);
void pk_ci_f16_to_f32(const uint16_t *src, float *dst, long count);
#endif
