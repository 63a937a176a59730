// Face descriptors through dlib's ResNet face-recognition model (dlib_face_recognition_resnet_model_v1.dat,
// public domain / CC0, from PyPI's face_recognition_models): 128 numbers per face whose Euclidean distance is
// below about 0.6 for two photos of the same person. A C interface for Swift over dlib's C++ (Debian libdlib-dev).
#ifndef FACE_DESCRIPTORS_H
#define FACE_DESCRIPTORS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fd_model fd_model;

/// Loads the model at `model_path`. Returns NULL with `error` (size `error_size`) set when it cannot be read.
fd_model *fd_create(const char *model_path, char *error, int error_size);
void fd_destroy(fd_model *model);

/// The descriptor of one face in an 8-bit RGB image (3 bytes a pixel, `stride` bytes a row, top row first), given
/// its 68 landmarks (x, y pairs in pixels of that image, iBUG 300-W order): the face is cut out upright at 150×150
/// with a quarter of padding, as the model was trained, and passed through the network. Writes 128 floats to
/// `descriptor`; returns 0, or -1 with `error` set. Calls on one model are serialised.
int fd_describe(fd_model *model, const uint8_t *rgb, int width, int height, int stride, const double *landmarks,
                float *descriptor, char *error, int error_size);

#ifdef __cplusplus
}
#endif

#endif
