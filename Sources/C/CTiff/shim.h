#ifndef CTIFF_SHIM_H
#define CTIFF_SHIM_H
#include <tiffio.h>
#include <string.h>
#include <stdarg.h>

/// A read cursor over caller-owned memory, used as libtiff's client handle.
typedef struct { const unsigned char *data; uint64_t size; uint64_t pos; } ctiff_memory;

static inline tmsize_t ctiff_read(thandle_t h, void *buf, tmsize_t n) {
    ctiff_memory *m = (ctiff_memory *)h;
    if (n <= 0 || m->pos >= m->size) return 0;
    uint64_t avail = m->size - m->pos;
    uint64_t len = (uint64_t)n < avail ? (uint64_t)n : avail;
    memcpy(buf, m->data + m->pos, (size_t)len);
    m->pos += len;
    return (tmsize_t)len;
}
static inline tmsize_t ctiff_write(thandle_t h, void *buf, tmsize_t n) { (void)h; (void)buf; (void)n; return -1; }
static inline toff_t ctiff_seek(thandle_t h, toff_t off, int whence) {
    ctiff_memory *m = (ctiff_memory *)h;
    uint64_t base = whence == SEEK_CUR ? m->pos : whence == SEEK_END ? m->size : 0;
    m->pos = base + off; /* unsigned wrap-around handles negative offsets */
    return m->pos;
}
static inline int ctiff_close(thandle_t h) { (void)h; return 0; }
static inline toff_t ctiff_size(thandle_t h) { return ((ctiff_memory *)h)->size; }
static inline int ctiff_map(thandle_t h, void **base, toff_t *size) { (void)h; (void)base; (void)size; return 0; }
static inline void ctiff_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }
static inline int ctiff_quiet(TIFF *t, void *user, const char *module, const char *fmt, va_list ap) {
    (void)t; (void)user; (void)module; (void)fmt; (void)ap; return 1; /* handled: nothing printed */
}

/// Opens a TIFF held in memory with errors and warnings silenced and allocations capped.
static inline TIFF *ctiff_open_memory(ctiff_memory *m) {
    TIFFOpenOptions *opts = TIFFOpenOptionsAlloc();
    if (!opts) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(opts, ctiff_quiet, NULL);
    TIFFOpenOptionsSetWarningHandlerExtR(opts, ctiff_quiet, NULL);
    TIFFOpenOptionsSetMaxSingleMemAlloc(opts, (tmsize_t)64 << 20);
    TIFF *t = TIFFClientOpenExt("memory", "rm", (thandle_t)m, ctiff_read, ctiff_write, ctiff_seek,
                                ctiff_close, ctiff_size, ctiff_map, ctiff_unmap, opts);
    TIFFOpenOptionsFree(opts);
    return t;
}
static inline int ctiff_get_u32(TIFF *t, uint32_t tag, uint32_t *v) { return TIFFGetField(t, tag, v); }
static inline int ctiff_get_u16(TIFF *t, uint32_t tag, uint16_t *v) { return TIFFGetField(t, tag, v); }
static inline int ctiff_get_extra_samples(TIFF *t, uint16_t *count, uint16_t **types) {
    return TIFFGetField(t, TIFFTAG_EXTRASAMPLES, count, types);
}
static inline int ctiff_get_bytes(TIFF *t, uint32_t tag, uint32_t *count, void **data) {
    return TIFFGetField(t, tag, count, data);
}
static inline int ctiff_get_subifds(TIFF *t, uint16_t *count, uint64_t **offsets) {
    return TIFFGetField(t, TIFFTAG_SUBIFD, count, offsets);
}
#endif
