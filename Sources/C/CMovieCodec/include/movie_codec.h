#ifndef CMOVIECODEC_H
#define CMOVIECODEC_H
// Movies through FFmpeg (libavformat, libavcodec, libswscale): a reader that lists a movie's tracks and
// metadata and decodes one video track frame by frame to RGBA. Used by the Swift core `Movies` only.
#include <stddef.h>
#include <stdint.h>

typedef struct mc_reader mc_reader;

/// What kind of media a track carries.
enum { MC_KIND_OTHER = 0, MC_KIND_VIDEO = 1, MC_KIND_AUDIO = 2, MC_KIND_METADATA = 3, MC_KIND_SUBTITLE = 4 };

/// One track (FFmpeg stream) as the container describes it.
typedef struct mc_track {
    int index;                 ///< FFmpeg's stream index
    int track_id;              ///< the container's track ID (QuickTime tkhd), or index + 1
    int kind;                  ///< MC_KIND_*
    char codec[32];            ///< FFmpeg's codec name ("h264", "hevc", "aac"); "" when unknown
    uint32_t codec_tag;        ///< the sample entry's four-character code, first character in the lowest byte
    int width, height;         ///< coded size of a video track
    int has_matrix;            ///< whether the track has a display matrix
    int32_t matrix[9];         ///< QuickTime's display matrix (16.16 fixed point except [2], [5], [8]: 2.30)
    int time_base_num, time_base_den;
    int64_t start;             ///< first presentation time in time base units (0 when unknown)
    int64_t duration;          ///< in time base units; -1 when unknown
    int rate_num, rate_den;    ///< average frame rate (0/0 when unknown)
    int64_t frame_count;       ///< sample count; 0 when unknown
    int64_t bit_rate;          ///< bits per second; 0 when unknown
    int sample_rate, channels; ///< audio
    int bits_per_sample;       ///< bits per decoded component (8, 10, 12), 0 when unknown
    int color_primaries;       ///< FFmpeg's AVColorPrimaries (1 BT.709, 9 BT.2020; 2 unspecified)
    int color_transfer;        ///< AVColorTransferCharacteristic (1 BT.709, 16 PQ, 18 HLG; 2 unspecified)
    int color_matrix;          ///< AVColorSpace, the YUV matrix (1 BT.709, 9 BT.2020 non-constant; 2 unspecified)
    int attached_picture;      ///< a cover image, not a video track
    int is_default;            ///< the container marks the track enabled/default
    char language[8];          ///< ISO 639-2 code, "" when unknown ("und" is reported as "")
} mc_track;

/// One decoded frame, converted to RGBA (8 bits per component, or 16 little-endian when asked for).
/// `pixels` belongs to the reader and stays valid until the next call on it.
typedef struct mc_frame {
    const uint8_t *pixels;
    int width, height;         ///< output size
    size_t bytes_per_row;
    int64_t pts;               ///< presentation time in the track's time base
    int64_t duration;          ///< in the track's time base (0 when unknown)
} mc_frame;

/// Opens a movie; NULL on failure with the reason in `message`.
mc_reader *mc_open(const char *path, char *message, size_t capacity);
void mc_close(mc_reader *reader);

int mc_track_count(const mc_reader *reader);
/// Fills `out` for track `i`; 0 on success.
int mc_track_info(const mc_reader *reader, int i, mc_track *out);
/// The movie's duration in microseconds, -1 when unknown.
int64_t mc_duration_us(const mc_reader *reader);
/// The number of metadata entries of the container (`track` -1) or of a track, and each key and value.
int mc_metadata_count(const mc_reader *reader, int track);
const char *mc_metadata_key(const mc_reader *reader, int track, int i);
const char *mc_metadata_value(const mc_reader *reader, int track, int i);

/// The presentation times of every packet of `track` (its time base), sorted, read without decoding; at most
/// `limit`. Returns a malloc'd array (free with `mc_free`) and its length in `count`; NULL on failure. The reader's
/// position is back at the start afterwards.
int64_t *mc_packet_times(mc_reader *reader, int track, int64_t limit, int64_t *count);
void mc_free(void *pointer);

/// Prepares decoding of video track `track`, scaled to `width`×`height` (0×0: coded size) with 8 or 16 bits per
/// component. Frames over `max_pixels` (coded or output) are refused before any allocation. 0 on success.
int mc_start_video(mc_reader *reader, int track, int width, int height, int bits, int64_t max_pixels,
                   char *message, size_t capacity);
/// Seeks to the key frame at or before `pts` (in the track's time base). When `exact`, the next frame returned is
/// the one showing at `pts` (the last frame when `pts` is past the end); otherwise it is that key frame. 0 on success.
int mc_seek(mc_reader *reader, int64_t pts, int exact, char *message, size_t capacity);
/// Decodes the next frame in presentation order (skipping frames before a sought time).
/// 1: a frame; 0: the end; negative: an error named in `message`.
int mc_next_frame(mc_reader *reader, mc_frame *out, char *message, size_t capacity);
/// Like mc_next_frame, converting into `target` when it holds the frame (`target_size` bytes; `out->pixels` then
/// points there), else into the reader's own buffer.
int mc_next_frame_into(mc_reader *reader, mc_frame *out, uint8_t *target, size_t target_size, char *message, size_t capacity);
/// Decodes the next frame without converting it (kept in the reader for `mc_writer_write_native`), with its
/// presentation time and duration (track time base). 1: a frame; 0: the end; negative: an error.
int mc_next_native(mc_reader *reader, int64_t *pts, int64_t *duration, char *message, size_t capacity);


/// Gives the C library's freed heap memory back to the system (glibc's malloc_trim).
void mc_return_freed_memory(void);

// ---- Writing ----------------------------------------------------------------------------------------------------

typedef struct mc_writer mc_writer;
/// Told how far a packet loop has come (each packet's presentation time, in the source track's time base);
/// returns 0 to stop the loop, which then fails with -8 ("cancelled"). May be NULL.
typedef int (*mc_progress)(void *context, int64_t ticks);

/// Video encoders a writer can use.
enum { MC_CODEC_H264 = 1, MC_CODEC_HEVC = 2 };

/// How a new video track is encoded.
typedef struct mc_video_settings {
    int codec;                 ///< MC_CODEC_*
    int width, height;         ///< frame size (even numbers; odd sizes are rounded down by one)
    int time_base_num, time_base_den;   ///< timestamps of written frames are in this base
    int rate_num, rate_den;    ///< nominal frame rate (for the encoder's rate control)
    int quality;               ///< CRF (lower is better; 0: the encoder's default)
    int64_t bit_rate;          ///< bits per second, 0 for constant quality
    int has_matrix;            ///< write `matrix` as the track's display matrix
    int32_t matrix[9];
    int bits;                  ///< bits per component of the encoded video: 8 (also 0) or 10
    int color_primaries, color_transfer, color_matrix;   ///< tags written (FFmpeg's values; 0: BT.709)
} mc_video_settings;

/// Creates a movie at `path` (a temporary name: the caller renames it when finished) in `format` ("mov", "mp4",
/// "ipod" for .m4v/.m4a). NULL on failure with the reason in `message`.
mc_writer *mc_writer_open(const char *path, const char *format, char *message, size_t capacity);
/// Adds a video track encoded from RGBA frames; returns its stream index or a negative error.
int mc_writer_add_video(mc_writer *writer, const mc_video_settings *settings, char *message, size_t capacity);
/// Adds a track copied packet for packet from `reader`'s track `track`; returns its stream index or a negative error.
int mc_writer_add_copy(mc_writer *writer, const mc_reader *reader, int track, char *message, size_t capacity);
/// Adds a container metadata entry (QuickTime keys such as com.apple.quicktime.content.identifier are written as
/// `mdta` metadata).
void mc_writer_set_metadata(mc_writer *writer, const char *key, const char *value);
/// Adds a metadata entry to an output track.
void mc_writer_set_track_metadata(mc_writer *writer, int stream, const char *key, const char *value);
/// Writes the header; call after adding every track. `faststart` puts the index before the media (a second pass);
/// without it the index ends the file. 0 on success.
int mc_writer_begin(mc_writer *writer, int faststart, char *message, size_t capacity);
/// Encodes one RGBA frame (8 bits per component, or 16 little-endian) of `length` bytes shown from `pts` (video time
/// base). A frame that does not hold the track's width and height in rows of `bytes_per_row` is refused. 0 on success.
int mc_writer_write_frame(mc_writer *writer, int stream, const uint8_t *pixels, size_t length, size_t bytes_per_row, int bits,
                          int64_t pts, char *message, size_t capacity);
/// Encodes `reader`'s last native frame (`mc_next_native`) shown from `pts`, scaled in YUV straight to the track's
/// size (no RGB round trip). 0 on success.
int mc_writer_write_native(mc_writer *writer, int stream, const mc_reader *reader, int64_t pts, char *message, size_t capacity);
/// Copies `reader`'s packets of `track` whose presentation times lie in [start, end) (the track's time base;
/// end < 0: to the end) into output `stream`, shifted so `start` becomes 0. Video copies start at the key frame
/// at or before `start`. `progress` is told each packet's time. Returns the number of packets copied or a negative
/// error.
int64_t mc_writer_copy_packets(mc_writer *writer, int stream, mc_reader *reader, int track, int64_t start, int64_t end,
                               mc_progress progress, void *context, char *message, size_t capacity);
/// Adds an AAC track encoded from `reader`'s audio track `track` (same channels; same sample rate when the AAC
/// encoder has it, else the nearest it has); returns its stream index or a negative error.
int mc_writer_add_audio(mc_writer *writer, const mc_reader *reader, int track, char *message, size_t capacity);
/// Whether `reader`'s track `track` can be copied packet for packet into the writer's container (FFmpeg's muxer
/// knows a sample entry for its codec): 1 or 0.
int mc_writer_can_copy(const mc_writer *writer, const mc_reader *reader, int track);

/// One stretch of a gain schedule: from `start` (seconds of the source track's timeline) until the next piece's
/// start, the gain is `gain + slope * (t - start)`. Pieces are in start order; the first applies before its start too.
typedef struct mc_gain_piece {
    double start;
    double gain;
    double slope;
} mc_gain_piece;

/// Decodes `reader`'s audio track `track`, keeps the samples presented in [start, end) exactly (track time base;
/// end < 0: to the end), multiplies each by the gain schedule at its source time (`pieces`; none: unchanged) and
/// encodes them into output `stream` from time 0 (a track starting after `start` is preceded by silence). Returns
/// the samples written or a negative error.
int64_t mc_writer_transcode_audio(mc_writer *writer, int stream, mc_reader *reader, int track, int64_t start, int64_t end,
                                  const mc_gain_piece *pieces, int piece_count, mc_progress progress, void *context,
                                  char *message, size_t capacity);
/// Flushes encoders and writes the trailer; 0 on success. The writer is freed either way.
int mc_writer_finish(mc_writer *writer, char *message, size_t capacity);
/// Stops writing without finishing; the file is left incomplete for the caller to delete. Frees the writer.
void mc_writer_abort(mc_writer *writer);

#endif
