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
#endif
