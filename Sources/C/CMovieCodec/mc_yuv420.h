// 8-bit 4:2:0 YUV to RGBA (see mc_yuv420.c).
#ifndef MC_YUV420_H
#define MC_YUV420_H
#include <stdint.h>

/// Converts planar 8-bit 4:2:0 YUV (planes Y, Cb, Cr with their strides; chroma planes (width + 1) / 2 ×
/// (height + 1) / 2) to RGBA bytes (alpha 255) with the matrix of luma coefficients `kr`, `kb`, in full or video
/// range, chroma interpolated bilinearly between centred samples. Returns 0, or -1 for an empty frame or no memory.
int mc_yuv420_to_rgba(const uint8_t *const planes[3], const int strides[3], int width, int height, int full, double kr,
                      double kb, uint8_t *rgba, long rgba_stride);

#endif
