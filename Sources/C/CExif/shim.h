#ifndef CEXIF_SHIM_H
#define CEXIF_SHIM_H
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-tag.h>

/// Entry `tag` in IFD `ifd`, or NULL (replaces the iterating macro `exif_data_get_entry`).
static inline ExifEntry *cexif_entry(ExifData *d, ExifIfd ifd, unsigned int tag) {
    if (!d || (int)ifd < 0 || ifd >= EXIF_IFD_COUNT || !d->ifd[ifd]) return NULL;
    return exif_content_get_entry(d->ifd[ifd], (ExifTag)tag);
}
#endif
