// Poster frames: the first frame at or after a time, decoded with FFmpeg and converted to RGBA by libswscale.
#include "video_frames.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *message, size_t capacity, int code, const char *what, int av_error) {
    char reason[128] = "";
    if (av_error < 0) av_strerror(av_error, reason, sizeof reason);
    snprintf(message, capacity, "%s%s%s", what, reason[0] ? ": " : "", reason);
    return code;
}

static int rotation_of(const AVStream *stream) {
    size_t size = 0;
    const uint8_t *matrix = NULL;
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 31, 100)
    const AVPacketSideData *side = av_packet_side_data_get(stream->codecpar->coded_side_data, stream->codecpar->nb_coded_side_data,
                                                          AV_PKT_DATA_DISPLAYMATRIX);
    if (side) { matrix = side->data; size = side->size; }
#else
    matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
#endif
    if (!matrix || size < 9 * sizeof(int32_t)) return 0;
    double degrees = -av_display_rotation_get((const int32_t *)matrix);   // counter-clockwise → clockwise
    if (isnan(degrees)) return 0;
    int rounded = ((int)lround(degrees / 90.0) * 90) % 360;
    return rounded < 0 ? rounded + 360 : rounded;
}

int vf_decode_frame(const char *path, double seconds, int64_t max_pixels, vf_frame *out, char *message, size_t capacity) {
    memset(out, 0, sizeof *out);
    AVFormatContext *format = NULL;
    AVCodecContext *decoder = NULL;
    AVPacket *packet = NULL;
    AVFrame *frame = NULL;
    struct SwsContext *scaler = NULL;
    int result = -1, status;

    if ((status = avformat_open_input(&format, path, NULL, NULL)) < 0) { result = fail(message, capacity, -1, "FFmpeg cannot open the movie", status); goto done; }
    if ((status = avformat_find_stream_info(format, NULL)) < 0) { result = fail(message, capacity, -2, "FFmpeg cannot read the movie's streams", status); goto done; }
    const AVCodec *codec = NULL;
    int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (index < 0 || !codec) { result = fail(message, capacity, -3, "the movie has no video track that can be decoded", index < 0 ? index : 0); goto done; }
    AVStream *stream = format->streams[index];
    if ((int64_t)stream->codecpar->width * stream->codecpar->height > max_pixels || stream->codecpar->width <= 0 || stream->codecpar->height <= 0) {
        snprintf(message, capacity, "the video's frames are %dx%d pixels, outside the limit of %lld pixels", stream->codecpar->width,
                 stream->codecpar->height, (long long)max_pixels);
        result = -4; goto done;
    }
    if (!(decoder = avcodec_alloc_context3(codec))) { result = fail(message, capacity, -5, "out of memory", 0); goto done; }
    if ((status = avcodec_parameters_to_context(decoder, stream->codecpar)) < 0 || (status = avcodec_open2(decoder, codec, NULL)) < 0) {
        result = fail(message, capacity, -5, "FFmpeg cannot open the video decoder", status); goto done;
    }
    if (seconds > 0) {
        int64_t target = (int64_t)(seconds / av_q2d(stream->time_base));
        av_seek_frame(format, index, target, AVSEEK_FLAG_BACKWARD);   // a failed seek decodes from the start
    }
    packet = av_packet_alloc();
    frame = av_frame_alloc();
    if (!packet || !frame) { result = fail(message, capacity, -5, "out of memory", 0); goto done; }
    int have = 0, draining = 0;
    while (!have) {
        if (!draining) {
            status = av_read_frame(format, packet);
            if (status < 0) { draining = 1; avcodec_send_packet(decoder, NULL); }
            else {
                if (packet->stream_index == index) avcodec_send_packet(decoder, packet);
                av_packet_unref(packet);
            }
        }
        while ((status = avcodec_receive_frame(decoder, frame)) >= 0) {
            double time = frame->best_effort_timestamp == AV_NOPTS_VALUE ? 0 : frame->best_effort_timestamp * av_q2d(stream->time_base);
            if (time + 1e-6 >= seconds || draining) { out->time = time; have = 1; break; }
            av_frame_unref(frame);
        }
        if (!have && draining && status == AVERROR_EOF) { result = fail(message, capacity, -6, "the movie has no decodable frame", 0); goto done; }
        if (!have && status < 0 && status != AVERROR(EAGAIN) && status != AVERROR_EOF) {
            result = fail(message, capacity, -6, "FFmpeg cannot decode the video", status); goto done;
        }
    }
    if ((int64_t)frame->width * frame->height > max_pixels || frame->width <= 0 || frame->height <= 0) {
        snprintf(message, capacity, "a decoded frame is %dx%d pixels, outside the limit", frame->width, frame->height);
        result = -4; goto done;
    }
    scaler = sws_getContext(frame->width, frame->height, (enum AVPixelFormat)frame->format, frame->width, frame->height, AV_PIX_FMT_RGBA,
                            SWS_BICUBIC, NULL, NULL, NULL);
    if (!scaler) { result = fail(message, capacity, -7, "libswscale cannot convert the frame's pixel format", 0); goto done; }
    out->pixels = malloc((size_t)frame->width * frame->height * 4);
    if (!out->pixels) { result = fail(message, capacity, -5, "out of memory", 0); goto done; }
    uint8_t *planes[4] = { out->pixels, NULL, NULL, NULL };
    int strides[4] = { frame->width * 4, 0, 0, 0 };
    sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    out->width = frame->width;
    out->height = frame->height;
    out->rotation = rotation_of(stream);
    result = 0;
done:
    if (result != 0 && out->pixels) { free(out->pixels); out->pixels = NULL; }
    sws_freeContext(scaler);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&decoder);
    avformat_close_input(&format);
    return result;
}

void vf_frame_free(vf_frame *frame) {
    free(frame->pixels);
    frame->pixels = NULL;
}
