#ifndef JPEG_ROWS_H
#define JPEG_ROWS_H
#include <stddef.h>

/// `jpeg_decode_rows`'s results.
#define JPEG_ROWS_DONE 0
#define JPEG_ROWS_NOT_SPLITTABLE 1   /* progressive or several scans: skipping rows saves nothing */
#define JPEG_ROWS_FAILED 2           /* an error or a warning (damaged or truncated data) */

/// Decodes rows `first` ..< `first + count` of a JPEG at full size into `out` (`pitch` bytes a row) as
/// TurboJPEG's `tjDecompress2` does for RGBX, or gray when `gray`: the same IDCT (islow), fancy upsampling and
/// colour conversion, so the same bytes. Rows above `first` are skipped with `jpeg_skip_scanlines` (entropy decoded,
/// no IDCT or colour conversion). Two threads each decoding a part of a JPEG without restart markers share its
/// decode. Thread-safe; reads only inside `data`.
int jpeg_decode_rows(const unsigned char *data, size_t size, int first, int count, unsigned char *out, long pitch, int gray);

#endif
