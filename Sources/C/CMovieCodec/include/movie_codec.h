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

#endif
