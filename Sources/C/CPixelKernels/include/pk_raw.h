#ifndef PK_RAW_H
#define PK_RAW_H
// RAW development kernels on tiles of balanced Bayer values (one float per photosite).

/// The border `pk_raw_demosaic_rcd` needs around the pixels it completes, in photosites.
#define PK_RAW_RCD_BORDER 8

/// Demosaics a tile of `rows` × `columns` balanced photosites (row-major `cfa`): `pattern[(r & 1) * 2 + (c & 1)]`
/// is the colour (0 red, 1 green, 2 blue) of tile position (r, c). Writes full red, green and blue planes
/// (`rows` × `columns` each) for the interior `[PK_RAW_RCD_BORDER, rows − PK_RAW_RCD_BORDER)` × (same for columns);
/// values outside it are partial. Values are ≥ 0 and unbounded above. `scratch` holds 5 × rows × columns + 2 × columns floats.
/// Deterministic across CPUs (no contraction, no run-time dispatch). Thread-safe.
void pk_raw_demosaic_rcd(const float *cfa, int rows, int columns, const int pattern[4],
                         float *red, float *green, float *blue, float *scratch);

#endif
