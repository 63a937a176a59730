#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H
#include <gif_lib.h>
#include <string.h>

/// A read cursor over caller-owned memory, used as giflib's UserData.
typedef struct { const unsigned char *data; size_t size; size_t pos; } cgif_memory;

static inline int cgif_read(GifFileType *gif, GifByteType *buf, int n) {
    cgif_memory *m = (cgif_memory *)gif->UserData;
    if (n <= 0 || m->pos >= m->size) return 0;
    size_t avail = m->size - m->pos;
    size_t len = (size_t)n < avail ? (size_t)n : avail;
    memcpy(buf, m->data + m->pos, len);
    m->pos += len;
    return (int)len;
}

/// Opens a GIF held in memory; `m` must outlive the returned handle.
static inline GifFileType *cgif_open_memory(cgif_memory *m, int *error) {
    return DGifOpen(m, cgif_read, error);
}
#endif
