// The movie reader: tracks and metadata through libavformat, one video track decoded by libavcodec and converted
// to RGBA with the frame's own matrix coefficients and range (8-bit 4:2:0 frames at their own size by mc_yuv420.c,
// everything else by libswscale).
#include "movie_codec.h"
#include "mc_yuv420.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mc_seek_to_first(AVFormatContext *source, int track);

struct mc_reader {
    AVFormatContext *format;
    // Decoding state of the started video track (video < 0: none).
    int video;
    AVCodecContext *decoder;
    AVPacket *packet;
    AVFrame *frame;
    AVFrame *held;            // the last frame skipped after a seek: returned when the sought time is past the end
    AVFrame *native;          // the last frame handed out unconverted (mc_next_native), for the writer
    struct SwsContext *scaler;
    int out_width, out_height, out_bits;
    int64_t max_pixels;
    uint8_t *pixels;
    size_t pixels_size;
    uint8_t *target;          // the caller's buffer for the frame being converted (mc_next_frame_into), or NULL
    size_t target_size;
    int64_t skip_before;      // frames ending at or before this time (track time base) are skipped after a seek
    int draining, finished;
};

static int fail(char *message, size_t capacity, int code, const char *what, int av_error) {
    if (!message || capacity == 0) return code;
    char reason[128] = "";
    if (av_error < 0) av_strerror(av_error, reason, sizeof reason);
    snprintf(message, capacity, "%s%s%s", what, reason[0] ? ": " : "", reason);
    return code;
}

mc_reader *mc_open(const char *path, char *message, size_t capacity) {
    av_log_set_level(AV_LOG_QUIET);
    mc_reader *reader = calloc(1, sizeof *reader);
    if (!reader) { fail(message, capacity, -1, "out of memory", 0); return NULL; }
    reader->video = -1;
    int status;
    if ((status = avformat_open_input(&reader->format, path, NULL, NULL)) < 0) {
        fail(message, capacity, -1, "FFmpeg cannot open the movie", status);
        free(reader);
        return NULL;
    }
    if ((status = avformat_find_stream_info(reader->format, NULL)) < 0) {
        fail(message, capacity, -2, "FFmpeg cannot read the movie's tracks", status);
        mc_close(reader);
        return NULL;
    }
    return reader;
}

static void stop_video(mc_reader *reader) {
    sws_freeContext(reader->scaler);
    reader->scaler = NULL;
    av_frame_free(&reader->frame);
    av_frame_free(&reader->held);
    av_frame_free(&reader->native);
    av_packet_free(&reader->packet);
    avcodec_free_context(&reader->decoder);
    free(reader->pixels);
    reader->pixels = NULL;
    reader->pixels_size = 0;
    reader->video = -1;
}

void mc_close(mc_reader *reader) {
    if (!reader) return;
    stop_video(reader);
    avformat_close_input(&reader->format);
    free(reader);
}

int mc_track_count(const mc_reader *reader) { return (int)reader->format->nb_streams; }

int64_t mc_duration_us(const mc_reader *reader) {
    return reader->format->duration == AV_NOPTS_VALUE ? -1 : reader->format->duration;
}

static int bits_of(const AVCodecParameters *par) {
    if (par->bits_per_raw_sample > 0) return par->bits_per_raw_sample;
    const AVPixFmtDescriptor *d = par->codec_type == AVMEDIA_TYPE_VIDEO ? av_pix_fmt_desc_get((enum AVPixelFormat)par->format) : NULL;
    return d ? d->comp[0].depth : 0;
}

int mc_track_info(const mc_reader *reader, int i, mc_track *out) {
    memset(out, 0, sizeof *out);
    if (i < 0 || i >= (int)reader->format->nb_streams) return -1;
    const AVStream *s = reader->format->streams[i];
    const AVCodecParameters *par = s->codecpar;
    out->index = i;
    out->track_id = s->id > 0 ? s->id : i + 1;
    switch (par->codec_type) {
    case AVMEDIA_TYPE_VIDEO: out->kind = MC_KIND_VIDEO; break;
    case AVMEDIA_TYPE_AUDIO: out->kind = MC_KIND_AUDIO; break;
    case AVMEDIA_TYPE_DATA: out->kind = MC_KIND_METADATA; break;
    case AVMEDIA_TYPE_SUBTITLE: out->kind = MC_KIND_SUBTITLE; break;
    default: out->kind = MC_KIND_OTHER;
    }
    out->attached_picture = (s->disposition & AV_DISPOSITION_ATTACHED_PIC) != 0;
    out->is_default = (s->disposition & AV_DISPOSITION_DEFAULT) != 0;
    snprintf(out->codec, sizeof out->codec, "%s", par->codec_id == AV_CODEC_ID_NONE ? "" : avcodec_get_name(par->codec_id));
    out->codec_tag = par->codec_tag;
    out->width = par->width;
    out->height = par->height;
    size_t size = 0;
    const uint8_t *matrix = av_stream_get_side_data(s, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (matrix && size >= 9 * sizeof(int32_t)) {
        out->has_matrix = 1;
        memcpy(out->matrix, matrix, 9 * sizeof(int32_t));
    }
    out->time_base_num = s->time_base.num;
    out->time_base_den = s->time_base.den;
    out->start = s->start_time == AV_NOPTS_VALUE ? 0 : s->start_time;
    out->duration = s->duration == AV_NOPTS_VALUE ? -1 : s->duration;
    AVRational rate = s->avg_frame_rate.num > 0 && s->avg_frame_rate.den > 0 ? s->avg_frame_rate : s->r_frame_rate;
    if (rate.num > 0 && rate.den > 0 && par->codec_type == AVMEDIA_TYPE_VIDEO) { out->rate_num = rate.num; out->rate_den = rate.den; }
    out->frame_count = s->nb_frames;
    out->bit_rate = par->bit_rate;
    out->sample_rate = par->sample_rate;
    out->channels = par->ch_layout.nb_channels;
    out->bits_per_sample = bits_of(par);
    out->color_primaries = par->color_primaries;
    out->color_transfer = par->color_trc;
    out->color_matrix = par->color_space;
    const AVDictionaryEntry *language = av_dict_get(s->metadata, "language", NULL, 0);
    if (language && language->value && strcmp(language->value, "und") != 0)
        snprintf(out->language, sizeof out->language, "%s", language->value);
    return 0;
}

static AVDictionary *metadata_of(const mc_reader *reader, int track) {
    if (track < 0) return reader->format->metadata;
    return track < (int)reader->format->nb_streams ? reader->format->streams[track]->metadata : NULL;
}

int mc_metadata_count(const mc_reader *reader, int track) { return av_dict_count(metadata_of(reader, track)); }

static const AVDictionaryEntry *entry_at(const mc_reader *reader, int track, int i) {
    const AVDictionaryEntry *e = NULL;
    AVDictionary *d = metadata_of(reader, track);
    for (int k = 0; k <= i; k++) if (!(e = av_dict_get(d, "", e, AV_DICT_IGNORE_SUFFIX))) return NULL;
    return e;
}

const char *mc_metadata_key(const mc_reader *reader, int track, int i) {
    const AVDictionaryEntry *e = entry_at(reader, track, i);
    return e ? e->key : NULL;
}

const char *mc_metadata_value(const mc_reader *reader, int track, int i) {
    const AVDictionaryEntry *e = entry_at(reader, track, i);
    return e ? e->value : NULL;
}

int mc_start_video(mc_reader *reader, int track, int width, int height, int bits, int64_t max_pixels,
                   char *message, size_t capacity) {
    stop_video(reader);
    if (track < 0 || track >= (int)reader->format->nb_streams || reader->format->streams[track]->codecpar->codec_type != AVMEDIA_TYPE_VIDEO)
        return fail(message, capacity, -3, "the track is not a video track", 0);
    AVStream *stream = reader->format->streams[track];
    const AVCodecParameters *par = stream->codecpar;
    if (par->width <= 0 || par->height <= 0 || (int64_t)par->width * par->height > max_pixels) {
        snprintf(message, capacity, "the video's frames are %dx%d pixels, outside the limit of %lld pixels",
                 par->width, par->height, (long long)max_pixels);
        return -4;
    }
    if (width <= 0 || height <= 0) { width = par->width; height = par->height; }
    if ((int64_t)width * height > max_pixels) return fail(message, capacity, -4, "the requested frame size is outside the limit", 0);
    const AVCodec *codec = avcodec_find_decoder(par->codec_id);
    if (!codec) return fail(message, capacity, -3, "FFmpeg has no decoder for the video's codec", 0);
    int status;
    if (!(reader->decoder = avcodec_alloc_context3(codec)) || !(reader->packet = av_packet_alloc()) || !(reader->frame = av_frame_alloc())
        || !(reader->held = av_frame_alloc()) || !(reader->native = av_frame_alloc())) {
        stop_video(reader);
        return fail(message, capacity, -5, "out of memory", 0);
    }
    reader->decoder->pkt_timebase = stream->time_base;
    reader->decoder->thread_count = 0;   // as many threads as cores
    if ((status = avcodec_parameters_to_context(reader->decoder, par)) < 0 || (status = avcodec_open2(reader->decoder, codec, NULL)) < 0) {
        stop_video(reader);
        return fail(message, capacity, -5, "FFmpeg cannot open the video decoder", status);
    }
    for (unsigned i = 0; i < reader->format->nb_streams; i++)
        reader->format->streams[i]->discard = (int)i == track ? AVDISCARD_DEFAULT : AVDISCARD_ALL;
    reader->video = track;
    reader->out_width = width;
    reader->out_height = height;
    reader->out_bits = bits > 8 ? 16 : 8;
    reader->max_pixels = max_pixels;
    reader->skip_before = INT64_MIN;
    reader->draining = reader->finished = 0;
    return 0;
}

int mc_seek(mc_reader *reader, int64_t pts, int exact, char *message, size_t capacity) {
    if (reader->video < 0) return fail(message, capacity, -3, "no video track is being decoded", 0);
    int status = av_seek_frame(reader->format, reader->video, pts, AVSEEK_FLAG_BACKWARD);
    if (status < 0) status = mc_seek_to_first(reader->format, reader->video);
    if (status < 0) return fail(message, capacity, -6, "FFmpeg cannot seek in the movie", status);
    avcodec_flush_buffers(reader->decoder);
    av_frame_unref(reader->held);
    reader->skip_before = exact ? pts : INT64_MIN;
    reader->draining = reader->finished = 0;
    return 0;
}

static int64_t frame_duration(const mc_reader *reader, const AVFrame *frame) {
#if LIBAVUTIL_VERSION_MAJOR >= 58
    int64_t d = frame->duration;
#else
    int64_t d = frame->pkt_duration;
#endif
    if (d > 0) return d;
    AVStream *s = reader->format->streams[reader->video];
    AVRational rate = s->avg_frame_rate.num > 0 && s->avg_frame_rate.den > 0 ? s->avg_frame_rate : s->r_frame_rate;
    if (rate.num <= 0 || rate.den <= 0) return 0;
    return av_rescale_q(1, av_inv_q(rate), s->time_base);
}

/// The matrix coefficients for libswscale: the frame's own, else BT.709 for HD and BT.601 below.
static int colorspace_of(const AVFrame *frame) {
    switch (frame->colorspace) {
    case AVCOL_SPC_BT709: return SWS_CS_ITU709;
    case AVCOL_SPC_BT2020_NCL: case AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020;
    case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M;
    case AVCOL_SPC_BT470BG: case AVCOL_SPC_SMPTE170M: return SWS_CS_ITU601;
    case AVCOL_SPC_FCC: return SWS_CS_FCC;
    default: return frame->height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601;
    }
}

// Kr and Kb of a libswscale colour space.
static void luma_coefficients(int colorspace, double *kr, double *kb) {
    switch (colorspace) {
    case SWS_CS_ITU709: *kr = 0.2126; *kb = 0.0722; return;
    case SWS_CS_BT2020: *kr = 0.2627; *kb = 0.0593; return;
    case SWS_CS_SMPTE240M: *kr = 0.212; *kb = 0.087; return;
    case SWS_CS_FCC: *kr = 0.30; *kb = 0.11; return;
    default: *kr = 0.299; *kb = 0.114; return;
    }
}

static int full_range(const AVFrame *frame) {
    return frame->color_range == AVCOL_RANGE_JPEG || frame->format == AV_PIX_FMT_YUVJ420P || frame->format == AV_PIX_FMT_YUVJ422P
        || frame->format == AV_PIX_FMT_YUVJ444P;
}

static int convert(mc_reader *reader, AVFrame *frame, mc_frame *out, char *message, size_t capacity) {
    if (frame->width <= 0 || frame->height <= 0 || (int64_t)frame->width * frame->height > reader->max_pixels) {
        snprintf(message, capacity, "a decoded frame is %dx%d pixels, outside the limit", frame->width, frame->height);
        return -4;
    }
    size_t row = (size_t)reader->out_width * (reader->out_bits == 16 ? 8 : 4);
    size_t needed = row * (size_t)reader->out_height;
    uint8_t *pixels = reader->target && reader->target_size >= needed ? reader->target : NULL;
    if (!pixels && needed > reader->pixels_size) {
        free(reader->pixels);
        if (!(reader->pixels = malloc(needed))) { reader->pixels_size = 0; return fail(message, capacity, -5, "out of memory", 0); }
        reader->pixels_size = needed;
    }
    if (!pixels) pixels = reader->pixels;
    out->pixels = pixels;
    out->width = reader->out_width;
    out->height = reader->out_height;
    out->bytes_per_row = row;
    out->pts = frame->best_effort_timestamp == AV_NOPTS_VALUE ? 0 : frame->best_effort_timestamp;
    out->duration = frame_duration(reader, frame);
    if ((frame->format == AV_PIX_FMT_YUV420P || frame->format == AV_PIX_FMT_YUVJ420P) && reader->out_bits != 16
        && reader->out_width == frame->width && reader->out_height == frame->height) {
        double kr, kb;
        luma_coefficients(colorspace_of(frame), &kr, &kb);
        const uint8_t *const planes[3] = { frame->data[0], frame->data[1], frame->data[2] };
        const int strides[3] = { frame->linesize[0], frame->linesize[1], frame->linesize[2] };
        if (mc_yuv420_to_rgba(planes, strides, frame->width, frame->height, full_range(frame), kr, kb, pixels, (long)row) == 0) return 1;
    }
    enum AVPixelFormat target = reader->out_bits == 16 ? AV_PIX_FMT_RGBA64LE : AV_PIX_FMT_RGBA;
    reader->scaler = sws_getCachedContext(reader->scaler, frame->width, frame->height, (enum AVPixelFormat)frame->format,
                                          reader->out_width, reader->out_height, target, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                          NULL, NULL, NULL);
    if (!reader->scaler) return fail(message, capacity, -7, "libswscale cannot convert the frame's pixel format", 0);
    const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get((enum AVPixelFormat)frame->format);
    if (desc && !(desc->flags & AV_PIX_FMT_FLAG_RGB)) {
        const int *coefficients = sws_getCoefficients(colorspace_of(frame));
        sws_setColorspaceDetails(reader->scaler, coefficients, full_range(frame), sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
    }
    uint8_t *planes[4] = { pixels, NULL, NULL, NULL };
    int strides[4] = { (int)row, 0, 0, 0 };
    sws_scale(reader->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    return 1;
}

/// Decodes the next frame in presentation order (skipping frames before a sought time) into `*result` (the
/// reader's `frame` or `held`, which the caller unrefs). 1: a frame; 0: the end; negative: an error.
static int decode_next(mc_reader *reader, AVFrame **result, char *message, size_t capacity) {
    *result = NULL;
    if (reader->video < 0) return fail(message, capacity, -3, "no video track is being decoded", 0);
    if (reader->finished) return 0;
    int status;
    for (;;) {
        while ((status = avcodec_receive_frame(reader->decoder, reader->frame)) >= 0) {
            int64_t pts = reader->frame->best_effort_timestamp == AV_NOPTS_VALUE ? 0 : reader->frame->best_effort_timestamp;
            int64_t duration = frame_duration(reader, reader->frame);
            // After a seek, skip the frames that stop showing before the sought time.
            if (reader->skip_before != INT64_MIN && (duration > 0 ? pts + duration <= reader->skip_before : pts < reader->skip_before)) {
                av_frame_unref(reader->held);
                av_frame_move_ref(reader->held, reader->frame);
                continue;
            }
            reader->skip_before = INT64_MIN;
            av_frame_unref(reader->held);
            *result = reader->frame;
            return 1;
        }
        if (status == AVERROR_EOF) {
            reader->finished = 1;
            if (reader->skip_before == INT64_MIN || !reader->held->buf[0]) return 0;
            reader->skip_before = INT64_MIN;   // sought past the end: the last frame is the one showing
            *result = reader->held;
            return 1;
        }
        if (status != AVERROR(EAGAIN)) return fail(message, capacity, -6, "FFmpeg cannot decode the video", status);
        if (reader->draining) { reader->finished = 1; return 0; }
        status = av_read_frame(reader->format, reader->packet);
        if (status < 0) {   // the end, or a damaged tail: the movie ends where the readable frames end, as in players
            reader->draining = 1;
            avcodec_send_packet(reader->decoder, NULL);
            continue;
        }
        if (reader->packet->stream_index == reader->video) {
            status = avcodec_send_packet(reader->decoder, reader->packet);
            if (status < 0 && status != AVERROR(EAGAIN) && status != AVERROR_INVALIDDATA) {
                av_packet_unref(reader->packet);
                return fail(message, capacity, -6, "FFmpeg cannot decode the video", status);
            }
        }
        av_packet_unref(reader->packet);
    }
}

int mc_next_frame(mc_reader *reader, mc_frame *out, char *message, size_t capacity) {
    memset(out, 0, sizeof *out);
    av_frame_unref(reader->native);
    AVFrame *frame = NULL;
    int status = decode_next(reader, &frame, message, capacity);
    if (status != 1) return status;
    int result = convert(reader, frame, out, message, capacity);
    av_frame_unref(frame);
    return result;
}

int mc_next_frame_into(mc_reader *reader, mc_frame *out, uint8_t *target, size_t target_size, char *message, size_t capacity) {
    reader->target = target;
    reader->target_size = target_size;
    int status = mc_next_frame(reader, out, message, capacity);
    reader->target = NULL;
    reader->target_size = 0;
    return status;
}

int mc_next_native(mc_reader *reader, int64_t *pts, int64_t *duration, char *message, size_t capacity) {
    av_frame_unref(reader->native);
    AVFrame *frame = NULL;
    int status = decode_next(reader, &frame, message, capacity);
    if (status != 1) return status;
    if (frame->width <= 0 || frame->height <= 0 || (int64_t)frame->width * frame->height > reader->max_pixels) {
        av_frame_unref(frame);
        return fail(message, capacity, -4, "a decoded frame is outside the size limit", 0);
    }
    *pts = frame->best_effort_timestamp == AV_NOPTS_VALUE ? 0 : frame->best_effort_timestamp;
    *duration = frame_duration(reader, frame);
    av_frame_move_ref(reader->native, frame);
    return 1;
}

const AVFrame *mc_reader_native_frame(const mc_reader *reader) { return reader->native && reader->native->buf[0] ? reader->native : NULL; }

int mc_reader_colorspace(const AVFrame *frame) { return colorspace_of(frame); }

AVFormatContext *mc_reader_format(const mc_reader *reader) { return reader->format; }

/// Seeks `source` so reading `track` starts at its first packet; negative on failure. (FFmpeg 5.1's QuickTime
/// demuxer lands on the second key frame of a video track whose first decode time is negative — B-frames — when
/// asked for INT64_MIN, losing the first group of pictures; the index's first entry is exact.)
int mc_seek_to_first(AVFormatContext *source, int track) {
    const AVIndexEntry *first = avformat_index_get_entry(source->streams[track], 0);
    if (first && av_seek_frame(source, track, first->timestamp, AVSEEK_FLAG_BACKWARD) >= 0) return 0;
    if (first && av_seek_frame(source, track, first->timestamp, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY) >= 0) return 0;
    return av_seek_frame(source, track, INT64_MIN, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY);
}

static int compare_times(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

int64_t *mc_packet_times(mc_reader *reader, int track, int64_t limit, int64_t *count) {
    *count = 0;
    if (track < 0 || track >= (int)reader->format->nb_streams || reader->video >= 0) return NULL;
    AVPacket *packet = av_packet_alloc();
    int64_t capacity = 256, n = 0;
    int64_t *times = malloc((size_t)capacity * sizeof *times);
    if (!packet || !times) { av_packet_free(&packet); free(times); return NULL; }
    int *saved = malloc(reader->format->nb_streams * sizeof *saved);
    for (unsigned i = 0; saved && i < reader->format->nb_streams; i++) {
        saved[i] = reader->format->streams[i]->discard;
        reader->format->streams[i]->discard = (int)i == track ? AVDISCARD_DEFAULT : AVDISCARD_ALL;
    }
    while (n < limit && av_read_frame(reader->format, packet) >= 0) {
        if (packet->stream_index == track) {
            int64_t pts = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
            if (pts != AV_NOPTS_VALUE) {
                if (n == capacity) {
                    int64_t *grown = realloc(times, (size_t)(capacity *= 2) * sizeof *times);
                    if (!grown) { av_packet_unref(packet); break; }
                    times = grown;
                }
                times[n++] = pts;
            }
        }
        av_packet_unref(packet);
    }
    av_packet_free(&packet);
    for (unsigned i = 0; saved && i < reader->format->nb_streams; i++) reader->format->streams[i]->discard = saved[i];
    free(saved);
    mc_seek_to_first(reader->format, track);
    qsort(times, (size_t)n, sizeof *times, compare_times);
    *count = n;
    return times;
}

void mc_free(void *pointer) { free(pointer); }
