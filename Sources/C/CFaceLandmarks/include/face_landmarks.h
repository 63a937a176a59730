// Face detection and landmarks through dlib (Debian libdlib-dev, model from libdlib-data): dlib's HOG frontal
// face detector and its 68-point shape predictor, behind a C interface for Swift.
#ifndef FACE_LANDMARKS_H
#define FACE_LANDMARKS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One face: the box (pixels, top-left origin, y down), the detector's confidence, and 68 landmark points
/// (x, y pairs in the same coordinates; iBUG 300-W order) when the shape model was loaded.
typedef struct {
    double left, top, width, height;
    double confidence;
    int has_landmarks;
    double landmarks[136];
} fl_face;

typedef struct fl_detector fl_detector;

/// A detector; `model_path` (may be NULL) names dlib's shape_predictor_68_face_landmarks.dat. Returns NULL when
/// dlib fails to set up; a model that fails to load leaves a detector without landmarks (`fl_has_landmarks`).
fl_detector *fl_create(const char *model_path);
void fl_destroy(fl_detector *detector);
int fl_has_landmarks(const fl_detector *detector);

/// Detects faces in an 8-bit grey image (`stride` bytes per row, top row first). `upsample` doubles the image
/// first (finds faces down to about 40 px instead of 80). `threshold` adjusts the detector's threshold (0 is dlib's
/// default; higher finds fewer). Writes up to `capacity` faces, most confident first; returns how many were found
/// (may exceed `capacity`), or -1 with `error` (size `error_size`) set when dlib throws.
int fl_detect(fl_detector *detector, const uint8_t *gray, int width, int height, int stride, int upsample,
              double threshold, fl_face *faces, int capacity, char *error, int error_size);

#ifdef __cplusplus
}
#endif

#endif
