// The movie writer: libavformat's muxers, libx264/libx265 through libavcodec, RGBA → YUV 4:2:0 (8 or 10 bits) by
// libswscale with the matrix the track is tagged with (BT.709's or BT.2020's), and packet copies for passthrough tracks.
#include <malloc.h>
#include <limits.h>
#include "movie_codec.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/opt.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#define MC_MAX_STREAMS 16

struct mc_reader;   // defined in mc_reader.c; only its AVFormatContext is read here
AVFormatContext *mc_reader_format(const mc_reader *reader);
int mc_seek_to_first(AVFormatContext *source, int track);
const AVFrame *mc_reader_native_frame(const mc_reader *reader);
int mc_reader_colorspace(const AVFrame *frame);

typedef struct output_stream {
    AVStream *stream;
    AVCodecContext *encoder;    // NULL for copied tracks
    AVFrame *frame;
    struct SwsContext *scaler;
    int scaler_width, scaler_height, scaler_bits;
    AVRational source_time_base;
} output_stream;

struct mc_writer {
    AVFormatContext *format;
    AVPacket *packet;
    output_stream streams[MC_MAX_STREAMS];
    int count;
    int started;
};

static int fail(char *message, size_t capacity, int code, const char *what, int av_error) {
    if (!message || capacity == 0) return code;
    char reason[128] = "";
    if (av_error < 0) av_strerror(av_error, reason, sizeof reason);
    snprintf(message, capacity, "%s%s%s", what, reason[0] ? ": " : "", reason);
    return code;
}

mc_writer *mc_writer_open(const char *path, const char *format, char *message, size_t capacity) {
    av_log_set_level(AV_LOG_QUIET);
    mc_writer *writer = calloc(1, sizeof *writer);
    if (!writer) { fail(message, capacity, -1, "out of memory", 0); return NULL; }
    int status = avformat_alloc_output_context2(&writer->format, NULL, format, path);
    if (status < 0 || !writer->format) { fail(message, capacity, -1, "FFmpeg cannot make a movie of this type", status); free(writer); return NULL; }
    if ((status = avio_open(&writer->format->pb, path, AVIO_FLAG_WRITE)) < 0) {
        fail(message, capacity, -1, "the movie file cannot be created", status);
        avformat_free_context(writer->format);
        free(writer);
        return NULL;
    }
    if (!(writer->packet = av_packet_alloc())) { mc_writer_abort(writer); fail(message, capacity, -1, "out of memory", 0); return NULL; }
    return writer;
}

/// Whether `codec` encodes frames of `format`.
static int encoder_takes(const AVCodec *codec, enum AVPixelFormat format) {
    if (!codec->pix_fmts) return 1;
    for (const enum AVPixelFormat *f = codec->pix_fmts; *f != AV_PIX_FMT_NONE; f++) if (*f == format) return 1;
    return 0;
}

/// libswscale's coefficients for the YUV matrix a track is tagged with (BT.2020's, or BT.709's for the rest).
static const int *matrix_coefficients(const AVCodecContext *e) {
    return sws_getCoefficients(e->colorspace == AVCOL_SPC_BT2020_NCL || e->colorspace == AVCOL_SPC_BT2020_CL ? SWS_CS_BT2020 : SWS_CS_ITU709);
}

int mc_writer_add_video(mc_writer *writer, const mc_video_settings *s, char *message, size_t capacity) {
    if (writer->count >= MC_MAX_STREAMS || writer->started) return fail(message, capacity, -2, "no more tracks can be added", 0);
    const char *name = s->codec == MC_CODEC_HEVC ? "libx265" : "libx264";
    const AVCodec *codec = avcodec_find_encoder_by_name(name);
    if (!codec) codec = avcodec_find_encoder(s->codec == MC_CODEC_HEVC ? AV_CODEC_ID_HEVC : AV_CODEC_ID_H264);
    if (!codec) return fail(message, capacity, -3, s->codec == MC_CODEC_HEVC ? "FFmpeg has no HEVC encoder" : "FFmpeg has no H.264 encoder", 0);
    output_stream *out = &writer->streams[writer->count];
    if (!(out->stream = avformat_new_stream(writer->format, NULL)) || !(out->encoder = avcodec_alloc_context3(codec)) || !(out->frame = av_frame_alloc()))
        return fail(message, capacity, -4, "out of memory", 0);
    AVCodecContext *e = out->encoder;
    e->width = s->width & ~1;
    e->height = s->height & ~1;
    if (e->width <= 0 || e->height <= 0) return fail(message, capacity, -2, "the video size is too small", 0);
    if (s->bits != 0 && s->bits != 8 && s->bits != 10) return fail(message, capacity, -2, "video is encoded at 8 or 10 bits", 0);
    e->pix_fmt = s->bits == 10 ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P;
    if (s->bits == 10 && !encoder_takes(codec, e->pix_fmt))
        return fail(message, capacity, -3, s->codec == MC_CODEC_HEVC ? "this FFmpeg's HEVC encoder has no 10-bit support" : "this FFmpeg's H.264 encoder has no 10-bit support", 0);
    e->time_base = (AVRational){ s->time_base_num, s->time_base_den };
    if (s->rate_num > 0 && s->rate_den > 0) e->framerate = (AVRational){ s->rate_num, s->rate_den };
    e->color_primaries = s->color_primaries > 0 ? (enum AVColorPrimaries)s->color_primaries : AVCOL_PRI_BT709;
    e->color_trc = s->color_transfer > 0 ? (enum AVColorTransferCharacteristic)s->color_transfer : AVCOL_TRC_BT709;
    e->colorspace = s->color_matrix > 0 ? (enum AVColorSpace)s->color_matrix : AVCOL_SPC_BT709;
    e->color_range = AVCOL_RANGE_MPEG;
    // One encoder thread per processor, not FFmpeg's automatic 1.5 per processor: the frames are rendered on the
    // same processors, so the extra frame threads finish no sooner and each holds frames (18 MB at 1440 × 1080).
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    e->thread_count = processors > 0 ? (int)(processors < 16 ? processors : 16) : 0;
    if (writer->format->oformat->flags & AVFMT_GLOBALHEADER) e->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary *options = NULL;
    av_dict_set(&options, "preset", "fast", 0);
    if (s->bit_rate > 0) e->bit_rate = s->bit_rate;
    else {
        char crf[16];
        snprintf(crf, sizeof crf, "%d", s->quality > 0 ? s->quality : (s->codec == MC_CODEC_HEVC ? 26 : 21));
        av_dict_set(&options, "crf", crf, 0);
    }
    if (s->codec == MC_CODEC_HEVC) av_dict_set(&options, "x265-params", "log-level=none", 0);
    int status = avcodec_open2(e, codec, &options);
    av_dict_free(&options);
    if (status < 0) return fail(message, capacity, -3, "the video encoder cannot start", status);
    if ((status = avcodec_parameters_from_context(out->stream->codecpar, e)) < 0) return fail(message, capacity, -3, "the video encoder cannot start", status);
    if (s->codec == MC_CODEC_HEVC) out->stream->codecpar->codec_tag = MKTAG('h', 'v', 'c', '1');   // what Apple's players want
    out->stream->time_base = e->time_base;
    if (s->rate_num > 0 && s->rate_den > 0) out->stream->avg_frame_rate = e->framerate;
    if (s->has_matrix) {
        uint8_t *matrix = av_stream_new_side_data(out->stream, AV_PKT_DATA_DISPLAYMATRIX, 9 * sizeof(int32_t));
        if (matrix) memcpy(matrix, s->matrix, 9 * sizeof(int32_t));
    }
    out->frame->format = e->pix_fmt;
    out->frame->width = e->width;
    out->frame->height = e->height;
    if ((status = av_frame_get_buffer(out->frame, 0)) < 0) return fail(message, capacity, -4, "out of memory", status);
    return writer->count++;
}

int mc_writer_add_copy(mc_writer *writer, const mc_reader *reader, int track, char *message, size_t capacity) {
    if (writer->count >= MC_MAX_STREAMS || writer->started) return fail(message, capacity, -2, "no more tracks can be added", 0);
    AVFormatContext *source = mc_reader_format(reader);
    if (track < 0 || track >= (int)source->nb_streams) return fail(message, capacity, -2, "no such track", 0);
    AVStream *in = source->streams[track];
    output_stream *out = &writer->streams[writer->count];
    if (!(out->stream = avformat_new_stream(writer->format, NULL))) return fail(message, capacity, -4, "out of memory", 0);
    int status = avcodec_parameters_copy(out->stream->codecpar, in->codecpar);
    if (status < 0) return fail(message, capacity, -4, "the track cannot be copied", status);
    if (avformat_query_codec(writer->format->oformat, in->codecpar->codec_id, FF_COMPLIANCE_NORMAL) != 1)
        out->stream->codecpar->codec_tag = 0;   // let the muxer choose the tag it knows
    out->stream->time_base = in->time_base;
    out->stream->avg_frame_rate = in->avg_frame_rate;
    out->stream->disposition = in->disposition;
    out->source_time_base = in->time_base;
    size_t size = 0;
    const uint8_t *matrix = av_stream_get_side_data(in, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (matrix && size >= 9 * sizeof(int32_t)) {
        uint8_t *copy = av_stream_new_side_data(out->stream, AV_PKT_DATA_DISPLAYMATRIX, size);
        if (copy) memcpy(copy, matrix, size);
    }
    const AVDictionaryEntry *language = av_dict_get(in->metadata, "language", NULL, 0);
    if (language) av_dict_set(&out->stream->metadata, "language", language->value, 0);
    return writer->count++;
}

void mc_writer_set_metadata(mc_writer *writer, const char *key, const char *value) {
    av_dict_set(&writer->format->metadata, key, value, 0);
}

void mc_writer_set_track_metadata(mc_writer *writer, int stream, const char *key, const char *value) {
    if (stream >= 0 && stream < writer->count) av_dict_set(&writer->streams[stream].stream->metadata, key, value, 0);
}

int mc_writer_begin(mc_writer *writer, int faststart, char *message, size_t capacity) {
    AVDictionary *options = NULL;
    // QuickTime keys (com.apple.quicktime.*) as mdta metadata, and the index before the media for streaming.
    av_dict_set(&options, "movflags", faststart ? "+use_metadata_tags+faststart" : "+use_metadata_tags", 0);
    int status = avformat_write_header(writer->format, &options);
    av_dict_free(&options);
    if (status < 0) return fail(message, capacity, -5, "the movie header cannot be written", status);
    writer->started = 1;
    return 0;
}

static int drain(mc_writer *writer, int stream, char *message, size_t capacity) {
    output_stream *out = &writer->streams[stream];
    int status;
    while ((status = avcodec_receive_packet(out->encoder, writer->packet)) >= 0) {
        av_packet_rescale_ts(writer->packet, out->encoder->time_base, out->stream->time_base);
        writer->packet->stream_index = out->stream->index;
        if ((status = av_interleaved_write_frame(writer->format, writer->packet)) < 0)
            return fail(message, capacity, -6, "the movie cannot be written", status);
    }
    if (status != AVERROR(EAGAIN) && status != AVERROR_EOF) return fail(message, capacity, -7, "the video encoder failed", status);
    return 0;
}

int mc_writer_write_frame(mc_writer *writer, int stream, const uint8_t *pixels, size_t length, size_t bytes_per_row, int bits,
                          int64_t pts, char *message, size_t capacity) {
    if (!writer->started || stream < 0 || stream >= writer->count || !writer->streams[stream].encoder)
        return fail(message, capacity, -2, "no such encoded track", 0);
    output_stream *out = &writer->streams[stream];
    AVCodecContext *e = out->encoder;
    // The scaler reads the track's height in rows of its width: a frame that does not hold them is refused here
    // (libswscale would read past it).
    if (bits != 8 && bits != 16) {
        if (message && capacity) snprintf(message, capacity, "a frame of %d bits per component (8 or 16 are written)", bits);
        return -2;
    }
    size_t pixel = bits > 8 ? 8 : 4, row = (size_t)e->width * pixel;
    if (!pixels || bytes_per_row < row || bytes_per_row > INT_MAX ||
        length < bytes_per_row * (size_t)(e->height - 1) + row) {
        if (message && capacity)
            snprintf(message, capacity, "a frame of %zu bytes in rows of %zu cannot hold %d × %d pixels of %zu bytes (the track's size)",
                     length, bytes_per_row, e->width, e->height, pixel);
        return -2;
    }
    int status = av_frame_make_writable(out->frame);
    if (status < 0) return fail(message, capacity, -4, "out of memory", status);
    enum AVPixelFormat source = bits > 8 ? AV_PIX_FMT_RGBA64LE : AV_PIX_FMT_RGBA;
    out->scaler = sws_getCachedContext(out->scaler, e->width, e->height, source, e->width, e->height, e->pix_fmt,
                                       SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, NULL, NULL, NULL);
    if (!out->scaler) return fail(message, capacity, -7, "libswscale cannot convert the frame", 0);
    const int *coefficients = matrix_coefficients(e);
    sws_setColorspaceDetails(out->scaler, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16);
    const uint8_t *planes[4] = { pixels, NULL, NULL, NULL };
    int strides[4] = { (int)bytes_per_row, 0, 0, 0 };
    sws_scale(out->scaler, planes, strides, 0, e->height, out->frame->data, out->frame->linesize);
    out->frame->pts = pts;
    if ((status = avcodec_send_frame(e, out->frame)) < 0) return fail(message, capacity, -7, "the video encoder failed", status);
    return drain(writer, stream, message, capacity);
}

int mc_writer_write_native(mc_writer *writer, int stream, const mc_reader *reader, int64_t pts, char *message, size_t capacity) {
    if (!writer->started || stream < 0 || stream >= writer->count || !writer->streams[stream].encoder)
        return fail(message, capacity, -2, "no such encoded track", 0);
    const AVFrame *frame = mc_reader_native_frame(reader);
    if (!frame) return fail(message, capacity, -2, "no decoded frame to encode", 0);
    output_stream *out = &writer->streams[stream];
    AVCodecContext *e = out->encoder;
    int status = av_frame_make_writable(out->frame);
    if (status < 0) return fail(message, capacity, -4, "out of memory", status);
    out->scaler = sws_getCachedContext(out->scaler, frame->width, frame->height, (enum AVPixelFormat)frame->format, e->width, e->height,
                                       e->pix_fmt, SWS_BICUBIC, NULL, NULL, NULL);
    if (!out->scaler) return fail(message, capacity, -7, "libswscale cannot convert the frame", 0);
    // From the source's matrix and range to the track's matrix (BT.709 or BT.2020) in limited range.
    int full = frame->color_range == AVCOL_RANGE_JPEG || frame->format == AV_PIX_FMT_YUVJ420P || frame->format == AV_PIX_FMT_YUVJ422P
        || frame->format == AV_PIX_FMT_YUVJ444P;
    sws_setColorspaceDetails(out->scaler, sws_getCoefficients(mc_reader_colorspace(frame)), full, matrix_coefficients(e), 0,
                             0, 1 << 16, 1 << 16);
    sws_scale(out->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, out->frame->data, out->frame->linesize);
    out->frame->pts = pts;
    if ((status = avcodec_send_frame(e, out->frame)) < 0) return fail(message, capacity, -7, "the video encoder failed", status);
    return drain(writer, stream, message, capacity);
}


int64_t mc_writer_copy_packets(mc_writer *writer, int stream, mc_reader *reader, int track, int64_t start, int64_t end,
                               mc_progress progress, void *context, char *message, size_t capacity) {
    if (!writer->started || stream < 0 || stream >= writer->count || writer->streams[stream].encoder)
        return fail(message, capacity, -2, "no such copied track", 0);
    AVFormatContext *source = mc_reader_format(reader);
    if (track < 0 || track >= (int)source->nb_streams) return fail(message, capacity, -2, "no such track", 0);
    for (unsigned i = 0; i < source->nb_streams; i++) source->streams[i]->discard = (int)i == track ? AVDISCARD_DEFAULT : AVDISCARD_ALL;
    AVStream *in = source->streams[track];
    output_stream *out = &writer->streams[stream];
    int is_video = in->codecpar->codec_type == AVMEDIA_TYPE_VIDEO;
    if (start > 0) av_seek_frame(source, track, start, AVSEEK_FLAG_BACKWARD);
    else mc_seek_to_first(source, track);
    int64_t copied = 0, shift = INT64_MIN;
    AVPacket *packet = av_packet_alloc();
    if (!packet) return fail(message, capacity, -4, "out of memory", 0);
    int status;
    while ((status = av_read_frame(source, packet)) >= 0) {
        if (packet->stream_index != track) { av_packet_unref(packet); continue; }
        int64_t pts = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
        if (end >= 0 && pts != AV_NOPTS_VALUE && pts >= end && (!is_video || (packet->flags & AV_PKT_FLAG_KEY))) { av_packet_unref(packet); break; }
        // From the start, audio keeps its priming packets (times before 0, which the muxer's edit list hides).
        if (!is_video && start > 0 && pts != AV_NOPTS_VALUE && pts < start) { av_packet_unref(packet); continue; }
        if (progress && pts != AV_NOPTS_VALUE && !progress(context, pts)) {
            av_packet_free(&packet);
            return fail(message, capacity, -8, "cancelled", 0);
        }
        if (shift == INT64_MIN) shift = is_video ? (packet->dts != AV_NOPTS_VALUE ? packet->dts : pts) : (start > 0 ? start : 0);
        if (is_video && start <= 0) shift = 0;
        if (packet->pts != AV_NOPTS_VALUE) packet->pts -= shift;
        if (packet->dts != AV_NOPTS_VALUE) packet->dts -= shift;
        av_packet_rescale_ts(packet, in->time_base, out->stream->time_base);
        packet->stream_index = out->stream->index;
        packet->pos = -1;
        if ((status = av_interleaved_write_frame(writer->format, packet)) < 0) {
            av_packet_free(&packet);
            return fail(message, capacity, -6, "the movie cannot be written", status);
        }
        copied++;
    }
    av_packet_free(&packet);
    return copied;
}

/// The AAC encoder's sample rate for a source at `rate`: the same when the encoder supports it, else the nearest
/// supported one (the audio is then resampled).
static int aac_sample_rate(const AVCodec *codec, int rate) {
    if (rate <= 0) return 44100;
    if (!codec->supported_samplerates) return rate;
    int best = 0;
    for (const int *r = codec->supported_samplerates; *r; r++) {
        if (*r == rate) return rate;
        if (!best || abs(*r - rate) < abs(best - rate)) best = *r;
    }
    return best ? best : 44100;
}

int mc_writer_add_audio(mc_writer *writer, const mc_reader *reader, int track, char *message, size_t capacity) {
    if (writer->count >= MC_MAX_STREAMS || writer->started) return fail(message, capacity, -2, "no more tracks can be added", 0);
    AVFormatContext *source = mc_reader_format(reader);
    if (track < 0 || track >= (int)source->nb_streams || source->streams[track]->codecpar->codec_type != AVMEDIA_TYPE_AUDIO)
        return fail(message, capacity, -2, "no such audio track", 0);
    const AVCodecParameters *in = source->streams[track]->codecpar;
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_AAC);
    if (!codec) return fail(message, capacity, -3, "FFmpeg has no AAC encoder", 0);
    output_stream *out = &writer->streams[writer->count];
    if (!(out->stream = avformat_new_stream(writer->format, NULL)) || !(out->encoder = avcodec_alloc_context3(codec)))
        return fail(message, capacity, -4, "out of memory", 0);
    AVCodecContext *e = out->encoder;
    e->sample_fmt = AV_SAMPLE_FMT_FLTP;
    e->sample_rate = aac_sample_rate(codec, in->sample_rate);
    int status = av_channel_layout_copy(&e->ch_layout, &in->ch_layout);
    if (status < 0 || e->ch_layout.nb_channels <= 0) av_channel_layout_default(&e->ch_layout, 1);
    if (e->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC) av_channel_layout_default(&e->ch_layout, e->ch_layout.nb_channels);
    // The source's bit rate when it is a compressed one AAC can match; 128 kb/s per stereo pair otherwise (PCM, lossless).
    int lossy = in->codec_id == AV_CODEC_ID_AAC || in->codec_id == AV_CODEC_ID_MP3 || in->codec_id == AV_CODEC_ID_OPUS
        || in->codec_id == AV_CODEC_ID_AC3 || in->codec_id == AV_CODEC_ID_EAC3 || in->codec_id == AV_CODEC_ID_VORBIS;
    int64_t fallback = 64000 * (e->ch_layout.nb_channels < 2 ? 2 : e->ch_layout.nb_channels > 8 ? 8 : e->ch_layout.nb_channels);
    e->bit_rate = lossy && in->bit_rate > 0 && in->bit_rate < 512000 ? in->bit_rate : fallback;
    e->time_base = (AVRational){ 1, e->sample_rate };
    if (writer->format->oformat->flags & AVFMT_GLOBALHEADER) e->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if ((status = avcodec_open2(e, codec, NULL)) < 0) return fail(message, capacity, -3, "the AAC encoder cannot start", status);
    if ((status = avcodec_parameters_from_context(out->stream->codecpar, e)) < 0) return fail(message, capacity, -3, "the AAC encoder cannot start", status);
    out->stream->time_base = e->time_base;
    const AVDictionaryEntry *language = av_dict_get(source->streams[track]->metadata, "language", NULL, 0);
    if (language) av_dict_set(&out->stream->metadata, "language", language->value, 0);
    return writer->count++;
}

int mc_writer_can_copy(const mc_writer *writer, const mc_reader *reader, int track) {
    AVFormatContext *source = mc_reader_format(reader);
    if (track < 0 || track >= (int)source->nb_streams) return 0;
    return avformat_query_codec(writer->format->oformat, source->streams[track]->codecpar->codec_id, FF_COMPLIANCE_NORMAL) == 1;
}

/// The envelope's gain at `t` seconds; `*cursor` remembers the piece last used (sample times mostly grow).
static double gain_at(const mc_gain_piece *pieces, int count, int *cursor, double t) {
    int i = *cursor;
    while (i + 1 < count && pieces[i + 1].start <= t) i++;
    while (i > 0 && pieces[i].start > t) i--;
    *cursor = i;
    return pieces[i].slope == 0 ? pieces[i].gain : pieces[i].gain + pieces[i].slope * (t - pieces[i].start);
}

/// A floating-point sample limited to full scale (-1...1; NaN is silence). FFmpeg's AAC encoder searches its
/// quantisers for minutes on samples far beyond full scale (a volume of 1e9 in the fuzz target movie-export).
static double full_scale(double v) {
    if (!(v == v)) return 0;
    return v > 1 ? 1 : v < -1 ? -1 : v;
}

/// Multiplies samples `from..<from + n` of `frame` by the envelope's gain at each sample's time (sample 0 at `t0`
/// seconds, `rate` per second): float, double and unsigned 8 / signed 16 / 32-bit integer formats, planar or
/// packed; every format saturates at full scale. No pieces: unchanged.
static void apply_gain(AVFrame *frame, int from, int n, double t0, double rate, const mc_gain_piece *pieces, int count) {
    if (count <= 0 || n <= 0) return;
    enum AVSampleFormat format = (enum AVSampleFormat)frame->format;
    enum AVSampleFormat packed = av_get_packed_sample_fmt(format);
    int planar = av_sample_fmt_is_planar(format);
    int channels = frame->ch_layout.nb_channels;
    int planes = planar ? channels : 1, per_plane = planar ? 1 : channels;
    int cursor = 0;
    for (int s = from; s < from + n; s++) {
        double g = gain_at(pieces, count, &cursor, t0 + s / rate);
        if (g == 1.0) continue;
        for (int p = 0; p < planes; p++) {
            uint8_t *data = frame->extended_data[p];
            for (int c = 0; c < per_plane; c++) {
                int k = s * per_plane + c;
                double v;
                switch (packed) {
                case AV_SAMPLE_FMT_FLT: ((float *)data)[k] = (float)full_scale(((float *)data)[k] * g); break;
                case AV_SAMPLE_FMT_DBL: ((double *)data)[k] = full_scale(((double *)data)[k] * g); break;
                case AV_SAMPLE_FMT_U8:
                    v = (data[k] - 128.0) * g + 128.0;
                    data[k] = (uint8_t)(v > 255 ? 255 : v < 0 ? 0 : v);
                    break;
                case AV_SAMPLE_FMT_S16:
                    v = ((int16_t *)data)[k] * g;
                    ((int16_t *)data)[k] = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
                    break;
                case AV_SAMPLE_FMT_S32:
                    v = ((int32_t *)data)[k] * g;
                    ((int32_t *)data)[k] = (int32_t)(v > 2147483647.0 ? 2147483647.0 : v < -2147483648.0 ? -2147483648.0 : v);
                    break;
                default: break;
                }
            }
        }
    }
}

/// Encodes the next `n` samples of `fifo` into audio `stream`, timed from `*written` samples (advanced by `n`).
static int encode_from_fifo(mc_writer *writer, int stream, AVAudioFifo *fifo, AVFrame *chunk, int n, int64_t *written,
                            char *message, size_t capacity) {
    AVCodecContext *e = writer->streams[stream].encoder;
    chunk->nb_samples = n;
    chunk->format = e->sample_fmt;
    chunk->sample_rate = e->sample_rate;
    av_channel_layout_copy(&chunk->ch_layout, &e->ch_layout);
    int status = av_frame_get_buffer(chunk, 0);
    if (status < 0) return fail(message, capacity, -4, "out of memory", status);
    av_audio_fifo_read(fifo, (void **)chunk->data, n);
    chunk->pts = *written;
    *written += n;
    status = avcodec_send_frame(e, chunk);
    av_frame_unref(chunk);
    if (status < 0) return fail(message, capacity, -7, "the AAC encoder failed", status);
    return drain(writer, stream, message, capacity);
}

/// Converts `n` samples (planes in `planes`, NULL with 0 to flush the resampler) into the encoder's format and
/// queues them in `fifo`. 0 or a negative error.
static int queue_converted(struct SwrContext *converter, AVCodecContext *e, AVAudioFifo *fifo, const uint8_t **planes, int n,
                           char *message, size_t capacity) {
    int room = swr_get_out_samples(converter, n);
    if (room <= 0) return 0;
    uint8_t **converted = NULL;
    if (av_samples_alloc_array_and_samples(&converted, NULL, e->ch_layout.nb_channels, room, e->sample_fmt, 0) < 0)
        return fail(message, capacity, -4, "out of memory", 0);
    int got = swr_convert(converter, converted, room, planes, n);
    int result = 0;
    if (got > 0 && av_audio_fifo_write(fifo, (void **)converted, got) < got) result = fail(message, capacity, -4, "out of memory", 0);
    else if (got < 0) result = fail(message, capacity, -3, "the audio cannot be converted", got);
    av_freep(&converted[0]);
    av_freep(&converted);
    return result;
}

/// Queues `n` samples of silence in the encoder's format.
static int queue_silence(AVCodecContext *e, AVAudioFifo *fifo, int64_t n, char *message, size_t capacity) {
    uint8_t **silence = NULL;
    int block = 4096;
    if (av_samples_alloc_array_and_samples(&silence, NULL, e->ch_layout.nb_channels, block, e->sample_fmt, 0) < 0)
        return fail(message, capacity, -4, "out of memory", 0);
    av_samples_set_silence(silence, 0, block, e->ch_layout.nb_channels, e->sample_fmt);
    int result = 0;
    while (n > 0 && result == 0) {
        int now = n < block ? (int)n : block;
        if (av_audio_fifo_write(fifo, (void **)silence, now) < now) result = fail(message, capacity, -4, "out of memory", 0);
        n -= now;
    }
    av_freep(&silence[0]);
    av_freep(&silence);
    return result;
}

int64_t mc_writer_transcode_audio(mc_writer *writer, int stream, mc_reader *reader, int track, int64_t start, int64_t end,
                                  const mc_gain_piece *pieces, int piece_count, mc_progress progress, void *context,
                                  char *message, size_t capacity) {
    if (!writer->started || stream < 0 || stream >= writer->count || !writer->streams[stream].encoder)
        return fail(message, capacity, -2, "no such encoded track", 0);
    AVFormatContext *source = mc_reader_format(reader);
    if (track < 0 || track >= (int)source->nb_streams) return fail(message, capacity, -2, "no such track", 0);
    AVStream *in = source->streams[track];
    output_stream *out = &writer->streams[stream];
    AVCodecContext *e = out->encoder;
    const AVCodec *codec = avcodec_find_decoder(in->codecpar->codec_id);
    if (!codec) return fail(message, capacity, -3, "FFmpeg has no decoder for the audio", 0);
    AVCodecContext *d = avcodec_alloc_context3(codec);
    AVPacket *packet = av_packet_alloc();
    AVFrame *decoded = av_frame_alloc(), *chunk = av_frame_alloc();
    struct SwrContext *converter = NULL;
    AVAudioFifo *fifo = NULL;
    int64_t written = 0, result = 0;
    int status;
    // Sample-exact bounds in seconds of the source timeline; the first sample kept is output time 0.
    double time_base = av_q2d(in->time_base);
    double from_s = start > 0 ? start * time_base : 0, to_s = end >= 0 ? end * time_base : INFINITY;
    double next_time = NAN;     // where the next decoded frame starts when it has no timestamp
    int started = 0;
    if (!d || !packet || !decoded || !chunk) { result = fail(message, capacity, -4, "out of memory", 0); goto done; }
    if ((status = avcodec_parameters_to_context(d, in->codecpar)) < 0) { result = fail(message, capacity, -3, "the audio decoder cannot start", status); goto done; }
    d->pkt_timebase = in->time_base;    // so the decoder's priming skip moves frame times with it
    if ((status = avcodec_open2(d, codec, NULL)) < 0) { result = fail(message, capacity, -3, "the audio decoder cannot start", status); goto done; }
    if (!(fifo = av_audio_fifo_alloc(e->sample_fmt, e->ch_layout.nb_channels, 4096))) { result = fail(message, capacity, -4, "out of memory", 0); goto done; }
    for (unsigned i = 0; i < source->nb_streams; i++) source->streams[i]->discard = (int)i == track ? AVDISCARD_DEFAULT : AVDISCARD_ALL;
    // From a packet a little before the start: a lapped transform's first frame after a seek is only half right.
    int64_t lead = (int64_t)(0.1 / time_base);
    if (start > lead) av_seek_frame(source, track, start - lead, AVSEEK_FLAG_BACKWARD);
    else mc_seek_to_first(source, track);
    int draining = 0, finished = 0;
    while (!finished) {
        if (!draining) {
            status = av_read_frame(source, packet);
            if (status < 0) { draining = 1; avcodec_send_packet(d, NULL); }
            else {
                int64_t pts = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
                int ours = packet->stream_index == track;
                if (ours && end >= 0 && pts != AV_NOPTS_VALUE && pts >= end) { draining = 1; avcodec_send_packet(d, NULL); }
                else if (ours) avcodec_send_packet(d, packet);
                av_packet_unref(packet);
                if (ours && progress && pts != AV_NOPTS_VALUE && !progress(context, pts)) {
                    result = fail(message, capacity, -8, "cancelled", 0);
                    goto done;
                }
            }
        }
        while ((status = avcodec_receive_frame(d, decoded)) >= 0) {
            double rate = decoded->sample_rate > 0 ? decoded->sample_rate : e->sample_rate;
            int64_t pts = decoded->best_effort_timestamp != AV_NOPTS_VALUE ? decoded->best_effort_timestamp : decoded->pts;
            double t0 = pts != AV_NOPTS_VALUE ? pts * time_base : (isnan(next_time) ? from_s : next_time);
            next_time = t0 + decoded->nb_samples / rate;
            // Keep samples whose times lie in [from_s, to_s).
            double first = ceil((from_s - t0) * rate - 1e-6), last = ceil((to_s - t0) * rate - 1e-6);
            int keep_from = first < 0 ? 0 : first > decoded->nb_samples ? decoded->nb_samples : (int)first;
            int keep_to = last > decoded->nb_samples ? decoded->nb_samples : last < keep_from ? keep_from : (int)last;
            int n = keep_to - keep_from;
            if (n > 0) {
                if (!converter) {
                    if ((status = swr_alloc_set_opts2(&converter, &e->ch_layout, e->sample_fmt, e->sample_rate, &decoded->ch_layout,
                                                      (enum AVSampleFormat)decoded->format, decoded->sample_rate, 0, NULL)) < 0
                        || (status = swr_init(converter)) < 0) {
                        result = fail(message, capacity, -3, "the audio cannot be converted", status); goto done;
                    }
                }
                if (!started) {
                    // A track starting after the range's start keeps its place: silence before it.
                    double gap = t0 + keep_from / rate - from_s;
                    if (gap * e->sample_rate >= 1 && gap < 3600) {
                        if ((result = queue_silence(e, fifo, (int64_t)(gap * e->sample_rate + 0.5), message, capacity)) < 0) goto done;
                    }
                    started = 1;
                }
                apply_gain(decoded, keep_from, n, t0, rate, pieces, piece_count);
                const uint8_t *planes[AV_NUM_DATA_POINTERS * 8];
                int planar = av_sample_fmt_is_planar((enum AVSampleFormat)decoded->format);
                int channels = decoded->ch_layout.nb_channels;
                int count = planar ? channels : 1;
                if (count > (int)(sizeof planes / sizeof planes[0])) { result = fail(message, capacity, -3, "the audio has too many channels", 0); goto done; }
                size_t offset = (size_t)keep_from * av_get_bytes_per_sample((enum AVSampleFormat)decoded->format) * (planar ? 1 : channels);
                for (int p = 0; p < count; p++) planes[p] = decoded->extended_data[p] + offset;
                if ((result = queue_converted(converter, e, fifo, planes, n, message, capacity)) < 0) goto done;
            }
            av_frame_unref(decoded);
            // Whole encoder frames as they fill; the remainder after the last packet.
            while (av_audio_fifo_size(fifo) >= e->frame_size) {
                if ((result = encode_from_fifo(writer, stream, fifo, chunk, e->frame_size, &written, message, capacity)) < 0) goto done;
            }
        }
        if (status == AVERROR_EOF) finished = 1;
        else if (status != AVERROR(EAGAIN) && status < 0) { result = fail(message, capacity, -6, "FFmpeg cannot decode the audio", status); goto done; }
    }
    if (converter && (result = queue_converted(converter, e, fifo, NULL, 0, message, capacity)) < 0) goto done;
    while (av_audio_fifo_size(fifo) > 0) {
        int n = av_audio_fifo_size(fifo) < e->frame_size ? av_audio_fifo_size(fifo) : e->frame_size;
        if ((result = encode_from_fifo(writer, stream, fifo, chunk, n, &written, message, capacity)) < 0) goto done;
    }
    result = written;
done:
    swr_free(&converter);
    if (fifo) av_audio_fifo_free(fifo);
    av_frame_free(&decoded);
    av_frame_free(&chunk);
    av_packet_free(&packet);
    avcodec_free_context(&d);
    return result;
}

static void free_streams(mc_writer *writer) {
    for (int i = 0; i < writer->count; i++) {
        avcodec_free_context(&writer->streams[i].encoder);
        av_frame_free(&writer->streams[i].frame);
        sws_freeContext(writer->streams[i].scaler);
    }
}

int mc_writer_finish(mc_writer *writer, char *message, size_t capacity) {
    int result = 0, status;
    if (!writer->started) result = fail(message, capacity, -5, "the movie was never started", 0);
    for (int i = 0; result == 0 && i < writer->count; i++) {
        if (!writer->streams[i].encoder) continue;
        if ((status = avcodec_send_frame(writer->streams[i].encoder, NULL)) < 0) result = fail(message, capacity, -7, "the video encoder failed", status);
        else result = drain(writer, i, message, capacity);
    }
    if (result == 0 && (status = av_write_trailer(writer->format)) < 0) result = fail(message, capacity, -6, "the movie's index cannot be written", status);
    if (result == 0 && (status = avio_closep(&writer->format->pb)) < 0) result = fail(message, capacity, -6, "the movie file cannot be closed", status);
    free_streams(writer);
    if (writer->format->pb) avio_closep(&writer->format->pb);
    avformat_free_context(writer->format);
    av_packet_free(&writer->packet);
    free(writer);
    return result;
}

void mc_writer_abort(mc_writer *writer) {
    if (!writer) return;
    free_streams(writer);
    if (writer->format) {
        if (writer->format->pb) avio_closep(&writer->format->pb);
        avformat_free_context(writer->format);
    }
    av_packet_free(&writer->packet);
    free(writer);
}

void mc_return_freed_memory(void) { malloc_trim(0); }
