#ifndef PK_IMG_H
#define PK_IMG_H
// Kernels for image I/O (ImageIO module): orientation, shrinking, resampling, alpha, colour matrices.
// All functions work on interleaved unsigned components (8-bit, or 16-bit host-endian) and never allocate
// unless they say so; strides are in bytes.
#include <stddef.h>
#include <stdint.h>

/// Copies a w×h image applying EXIF orientation 1…8 (dst is h×w for 5…8). `bpp` is bytes per pixel (1…8).
void pk_img_orient(const uint8_t *src, size_t src_stride, int w, int h, int bpp, int orientation,
                   uint8_t *dst, size_t dst_stride);

/// Averages fx×fy blocks (partial blocks at the right/bottom edges average what they hold).
/// dst is ceil(w/fx)×ceil(h/fy); `ch` components of `bits` (8 or 16) bits each.
void pk_img_box_shrink(const uint8_t *src, size_t src_stride, int w, int h, int ch, int bits, int fx, int fy,
                       uint8_t *dst, size_t dst_stride);

/// Resamples sw×sh to dw×dh with a separable Lanczos-3 filter (widened when reducing). `ch` is 1…4,
/// `bits` 8 or 16. Allocates one intermediate image; returns 0, or -1 when that allocation fails.
int pk_img_resize(const uint8_t *src, size_t src_stride, int sw, int sh, int ch, int bits,
                  uint8_t *dst, size_t dst_stride, int dw, int dh);

/// Premultiplies (or, with `inverse`, un-premultiplies) colour by the last component, in place.
void pk_img_premultiply(uint8_t *pixels, size_t stride, int w, int h, int ch, int bits, int inverse);

/// Whether every alpha component (the last of `ch`) is fully opaque.
int pk_img_alpha_is_opaque(const uint8_t *pixels, size_t stride, int w, int h, int ch, int bits);

/// Converts `count` RGBx 8-bit pixels through per-channel linearising tables (256 floats each), a row-major
/// 3×3 matrix and per-channel encoding tables (`enc_size` bytes each, indexed by linear value × (enc_size − 1)).
/// The 4th component is copied. src and dst may be the same.
void pk_img_matrix_rgbx8(const uint8_t *src, uint8_t *dst, size_t count, const float *lin /* 3×256 */,
                         const float *matrix /* 9 */, const uint8_t *enc /* 3×enc_size */, int enc_size);
#endif
