#ifndef CLIBRAW_SHIM_H
#define CLIBRAW_SHIM_H
#include <stdio.h>
#include <libraw/libraw.h>

/// Entry `index` of LibRaw's per-colour and pattern black levels (`color.cblack`, 4,104 entries: too large
/// an array for Swift to import as a tuple). Out-of-range indices give 0.
static inline unsigned clibraw_cblack(const libraw_data_t *raw, int index) {
    if (index < 0 || index >= LIBRAW_CBLACK_SIZE) return 0;
    return raw->color.cblack[index];
}

/// LibRaw's tone curve for raw values (`color.curve`, 65,536 entries: the DNG linearization table, or the
/// identity), which its unpacking maps every sample through.
static inline const unsigned short *clibraw_curve(const libraw_data_t *raw) { return raw->color.curve; }

/// What LibRaw's unpacking does to the black levels once the samples are read: the level common to the four
/// colours of `color.cblack` moves to `color.black`.
static inline void clibraw_settle_black(libraw_data_t *raw) {
    unsigned common = raw->color.cblack[3];
    for (int c = 0; c < 3; c++) if (raw->color.cblack[c] < common) common = raw->color.cblack[c];
    for (int c = 0; c < 4; c++) raw->color.cblack[c] -= common;
    raw->color.black += common;
}
#endif
