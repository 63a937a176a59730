#ifndef CVIDEOFRAMES_H
#define CVIDEOFRAMES_H
#include <stddef.h>
#include <stdint.h>

/// One decoded video frame as 8-bit RGBA (not premultiplied; alpha 255), in stored orientation.
typedef struct vf_frame {
    uint8_t *pixels;      ///< width * height * 4 bytes, rows top first; free with vf_frame_free
    int width;
    int height;
    int rotation;         ///< clockwise degrees the display matrix asks for (0, 90, 180, 270)
    double time;          ///< the frame's presentation time in seconds
} vf_frame;

/// Decodes the first frame at or after `seconds` of the file's best video stream.
/// Returns 0 on success, else a negative code; `message` (size `capacity`) then says why in words.
/// Frames larger than `max_pixels` are refused before any pixel buffer is allocated.
int vf_decode_frame(const char *path, double seconds, int64_t max_pixels, vf_frame *out, char *message, size_t capacity);

/// Frees a frame's pixels.
void vf_frame_free(vf_frame *frame);

#endif
