#ifndef PK_RAW_H
#define PK_RAW_H
#include <stdint.h>
// RAW development kernels on tiles of balanced Bayer values (one float per photosite).

/// The border `pk_raw_demosaic_rcd` needs around the pixels it completes, in photosites.
#define PK_RAW_RCD_BORDER 8

/// Demosaics a tile of `rows` × `columns` balanced photosites (row-major `cfa`): `pattern[(r & 1) * 2 + (c & 1)]`
/// is the colour (0 red, 1 green, 2 blue) of tile position (r, c). Writes full red, green and blue planes
/// (`rows` × `columns` each) for the interior `[PK_RAW_RCD_BORDER, rows − PK_RAW_RCD_BORDER)` × (same for columns);
/// values outside it are partial. Values are ≥ 0 and unbounded above. `scratch` holds 5 × rows × columns + 2 × columns floats.
/// Deterministic across CPUs (no contraction; the AVX2 build computes the same floats). Thread-safe.
void pk_raw_demosaic_rcd(const float *cfa, int rows, int columns, const int pattern[4],
                         float *red, float *green, float *blue, float *scratch);

/// Balanced photosites of one sensor row: `columns` values from sensor column `firstColumn` (negative, or past
/// `width`, mirrors inward keeping the pattern's parity), each `(raw − black) × scale` clipped to [0, ceiling],
/// with `scale`, `black`, `ceiling` indexed by the sensor column's parity.
void pk_raw_load_row(const uint16_t *source, long width, long firstColumn, long columns, const float scale[2],
                     const float black[2], const float ceiling[2], float *out);

/// The bilinear demosaic (each missing colour the mean of its nearest neighbours of that colour) of `count`
/// photosites from `centre` (balanced values, `stride` floats a row, one photosite of border readable all
/// round), whose colours alternate `colourEven`, `colourOdd` (0 red, 1 green, 2 blue), into three planes.
void pk_raw_bilinear_row(const float *centre, long stride, long count, int colourEven, int colourOdd,
                         float *red, float *green, float *blue);

/// Demosaiced camera RGB finished for `count` pixels: with `saturation` (per channel), highlight recovery (values
/// clipped at saturation; within 10% of it, blended towards grey at the largest channel), else clipped to
/// [0, 1]; then the row-major 3×3 `matrix`, stored as RGBA with alpha 1.
void pk_raw_finish(const float *red, const float *green, const float *blue, long count, const float matrix[9],
                   const float *saturation, float *out);

/// Unpacks `rows` rows of stored samples of `bits` bits (1…16) each, packed most significant bit first, each row
/// starting on a byte `rowBytes` after the previous one (16-bit samples in the byte order `bigEndian` says), and
/// writes the first `columns` of each row to `destination` (`destinationStride` values a row), each mapped through
/// `curve` (65,536 entries: a DNG linearization table) unless it is NULL. Reads exactly `rows` × `rowBytes` bytes at
/// most, so `rowBytes` must hold `columns` samples.
void pk_raw_unpack_packed(const uint8_t *source, long rowBytes, int bits, int bigEndian, long rows, long columns,
                          uint16_t *destination, long destinationStride, const uint16_t *curve);

/// `pk_raw_unpack_ljpeg`'s results besides 0 (decoded).
#define PK_LJPEG_UNSUPPORTED 1   /* a stream LibRaw reads differently from the standard (or lossy): left to LibRaw */
#define PK_LJPEG_CORRUPT 2       /* damaged, truncated or inconsistent data */

/// Decodes one lossless JPEG stream (`size` bytes from `data`: a DNG strip or tile) as LibRaw 0.20 does: the
/// samples of each decoded row (all components, interleaved) go out in order, wrapping every `tileColumns`; those
/// in the first `rows` × `columns` (the part of the tile inside the image) are stored to `destination` (`stride`
/// values a row), each through `curve` unless it is NULL. `dng11Differences`: a difference of length 16 is
/// −32,768 without further bits (DNG 1.1 and later). Reads only inside `data`; thread-safe.
int pk_raw_unpack_ljpeg(const uint8_t *data, long size, long tileColumns, long rows, long columns,
                        uint16_t *destination, long stride, const uint16_t *curve, int dng11Differences);

/// The first of `count` RGBA float pixels from index `from` whose lowest colour component is negative as Swift's
/// `min(r, min(g, b)) < 0` decides it, else `count` (the gamut map's scan: such pixels are rare).
long pk_raw_next_negative(const float *px, long from, long count);

#endif
