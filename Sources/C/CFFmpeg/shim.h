#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/dict.h>
#include <libavutil/log.h>
#include <string.h>

/// A read cursor over caller-owned memory, used as the AVIOContext opaque.
typedef struct { const uint8_t *data; int64_t size; int64_t pos; } cav_memory;

static inline int cav_read(void *opaque, uint8_t *buf, int n) {
    cav_memory *m = (cav_memory *)opaque;
    if (m->pos >= m->size || n <= 0) return AVERROR_EOF;
    int64_t avail = m->size - m->pos;
    int64_t len = (int64_t)n < avail ? (int64_t)n : avail;
    memcpy(buf, m->data + m->pos, (size_t)len);
    m->pos += len;
    return (int)len;
}
static inline int64_t cav_seek(void *opaque, int64_t off, int whence) {
    cav_memory *m = (cav_memory *)opaque;
    if (whence & AVSEEK_SIZE) return m->size;
    whence &= ~AVSEEK_FORCE;
    int64_t base = whence == SEEK_CUR ? m->pos : whence == SEEK_END ? m->size : 0;
    int64_t pos = base + off;
    if (pos < 0) return -1;
    m->pos = pos;
    return pos;
}

/// Opens a QuickTime/ISO-BMFF file held in memory with the "mov" demuxer (no probing).
/// On failure returns NULL and stores the AVERROR in `*error`.
static inline AVFormatContext *cav_open_memory(cav_memory *m, int *error) {
    const AVInputFormat *fmt = av_find_input_format("mov");
    AVFormatContext *ic = avformat_alloc_context();
    unsigned char *buf = (unsigned char *)av_malloc(65536);
    if (!ic || !buf || !fmt) { av_free(buf); avformat_free_context(ic); *error = AVERROR(ENOMEM); return NULL; }
    AVIOContext *pb = avio_alloc_context(buf, 65536, 0, m, cav_read, NULL, cav_seek);
    if (!pb) { av_free(buf); avformat_free_context(ic); *error = AVERROR(ENOMEM); return NULL; }
    ic->pb = pb;
    ic->flags |= AVFMT_FLAG_CUSTOM_IO;
    int r = avformat_open_input(&ic, NULL, fmt, NULL); /* frees ic on failure */
    if (r < 0) { av_freep(&pb->buffer); avio_context_free(&pb); *error = r; return NULL; }
    return ic;
}
static inline void cav_close(AVFormatContext *ic) {
    if (!ic) return;
    AVIOContext *pb = ic->pb;
    avformat_close_input(&ic);
    if (pb) { av_freep(&pb->buffer); avio_context_free(&pb); }
}
static inline void cav_silence(void) { av_log_set_level(AV_LOG_QUIET); }
static inline int cav_error_eof(void) { return AVERROR_EOF; }
static inline int cav_error_invalid_data(void) { return AVERROR_INVALIDDATA; }
static inline int64_t cav_nopts(void) { return AV_NOPTS_VALUE; }
static inline uint32_t cav_tag(const char *s) { return MKTAG(s[0], s[1], s[2], s[3]); }
/// The display matrix of a stream (9 int32), or NULL.
static inline const int32_t *cav_display_matrix(const AVStream *st) {
    size_t size = 0;
    const uint8_t *sd = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return (sd && size >= 36) ? (const int32_t *)sd : NULL;
}
#endif
