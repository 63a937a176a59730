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
/// Like pk_ci_load_u8 for 16-bit components (v / 65535); `swap` reads big-endian words.
void pk_ci_load_u16(const uint16_t *src, int components, const int8_t map[4], int swap, float *dst, long count);
/// Like pk_ci_load_u8 for IEEE half-float components.
void pk_ci_load_f16(const uint16_t *src, int components, const int8_t map[4], float *dst, long count);
/// Like pk_ci_load_u8 for float components.
void pk_ci_load_f32(const float *src, int components, const int8_t map[4], float *dst, long count);

/// Stores working pixels as 8-bit components: destination component j takes channel `map[j]` (0…3),
/// 255 when -1 (padding), or Rec. 709 luminance of R, G, B when -2. Values are clamped to [0, 1] and rounded.
/// `lut` (optional, 65536 entries plus 3 readable padding bytes) encodes R, G, B (index = round(clamp01(v) * 65535));
/// alpha is always linear.
void pk_ci_store_u8(const float *src, uint8_t *dst, int components, const int8_t map[4], const uint8_t *lut, long count);
/// Like pk_ci_store_u8 for 16-bit components (0…65535), optionally byte-swapped.
void pk_ci_store_u16(const float *src, uint16_t *dst, int components, const int8_t map[4], int swap, long count);
/// Like pk_ci_store_u8 for half floats (no clamping; padding = 1).
void pk_ci_store_f16(const float *src, uint16_t *dst, int components, const int8_t map[4], long count);
/// Like pk_ci_store_u8 for floats (no clamping; padding = 1).
void pk_ci_store_f32(const float *src, float *dst, int components, const int8_t map[4], long count);

/// In place: (r, g, b, a) = M · (r, g, b, a) + bias, with `m` = 16 row-major coefficients then 4 biases.
void pk_ci_matrix(float *px, long count, const float m[20]);
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

/// One output row of a vertical convolution: dst[x] = sum_k w[k] * rows[k][x] over `width` pixels, the
/// `taps` input rows given by pointer (rows may live in a ring buffer).
void pk_ci_convolve_gather(const float *const *rows, int taps, const float *weights, float *dst, int width);

/// Four consecutive output rows of a vertical convolution: dst_j[x] = sum_k w[k] * rows[j + k][x] for j = 0…3,
/// from `taps + 3` input rows (each input row is read once for all four outputs). Sums in the same order as
/// pk_ci_convolve_gather, so both give identical results.
void pk_ci_convolve_gather4(const float *const *rows, int taps, const float *weights,
                            float *dst0, float *dst1, float *dst2, float *dst3, int width);

/// Converts `count` floats to IEEE half floats (round to nearest even) and back.
void pk_ci_f32_to_f16(const float *src, uint16_t *dst, long count);
void pk_ci_f16_to_f32(const uint16_t *src, float *dst, long count);
#endif
