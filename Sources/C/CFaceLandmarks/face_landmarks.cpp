// See face_landmarks.h.
#include "face_landmarks.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <vector>

#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms.h>
#include <dlib/serialize.h>

// dlib's detector keeps scratch state while scanning, so each copy scans one image at a time; a few copies let
// several threads scan at once. The shape predictor is read-only while predicting and is shared.
struct fl_scanner {
    dlib::frontal_face_detector detector;
    std::mutex lock;
};

struct fl_detector {
    std::vector<std::unique_ptr<fl_scanner>> scanners;
    dlib::shape_predictor predictor;
    bool has_predictor = false;
    std::atomic<unsigned> next{0};
};

static const int scanner_count = 4;

extern "C" fl_detector *fl_create(const char *model_path) {
    try {
        auto *d = new fl_detector();
        for (int i = 0; i < scanner_count; i++) {
            auto scanner = std::make_unique<fl_scanner>();
            scanner->detector = dlib::get_frontal_face_detector();
            d->scanners.push_back(std::move(scanner));
        }
        if (model_path) {
            try {
                dlib::deserialize(model_path) >> d->predictor;
                d->has_predictor = true;
            } catch (...) {
                d->has_predictor = false;
            }
        }
        return d;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void fl_destroy(fl_detector *detector) { delete detector; }

extern "C" int fl_has_landmarks(const fl_detector *detector) { return detector && detector->has_predictor ? 1 : 0; }

extern "C" int fl_detect(fl_detector *d, const uint8_t *gray, int width, int height, int stride, int upsample,
                         double threshold, fl_face *faces, int capacity, char *error, int error_size) {
    if (!d || !gray || width <= 0 || height <= 0 || stride < width) {
        if (error && error_size > 0) std::snprintf(error, (size_t)error_size, "invalid image for face detection");
        return -1;
    }
    try {
        dlib::array2d<unsigned char> image(height, width);
        for (int y = 0; y < height; y++) std::memcpy(&image[y][0], gray + (long)y * stride, (size_t)width);
        double scale = 1.0;
        if (upsample) {
            dlib::pyramid_up(image);
            scale = (double)width / (double)image.nc();
        }
        std::vector<dlib::rect_detection> found;
        {
            // A free copy if there is one, else wait for the next in turn.
            fl_scanner *chosen = nullptr;
            for (auto &scanner : d->scanners) {
                if (scanner->lock.try_lock()) { chosen = scanner.get(); break; }
            }
            if (!chosen) {
                chosen = d->scanners[d->next++ % d->scanners.size()].get();
                chosen->lock.lock();
            }
            std::lock_guard<std::mutex> guard(chosen->lock, std::adopt_lock);
            chosen->detector(image, found, threshold);
        }
        std::sort(found.begin(), found.end(),
                  [](const dlib::rect_detection &a, const dlib::rect_detection &b) { return a.detection_confidence > b.detection_confidence; });
        int n = (int)found.size();
        for (int i = 0; i < n && i < capacity; i++) {
            const dlib::rectangle &r = found[(size_t)i].rect;
            fl_face &f = faces[i];
            f.left = r.left() * scale;
            f.top = r.top() * scale;
            f.width = r.width() * scale;
            f.height = r.height() * scale;
            f.confidence = found[(size_t)i].detection_confidence;
            f.has_landmarks = 0;
            if (d->has_predictor) {
                dlib::full_object_detection shape = d->predictor(image, r);
                if (shape.num_parts() == 68) {
                    for (unsigned long k = 0; k < 68; k++) {
                        f.landmarks[2 * k] = (shape.part(k).x() + 0.5) * scale;
                        f.landmarks[2 * k + 1] = (shape.part(k).y() + 0.5) * scale;
                    }
                    f.has_landmarks = 1;
                }
            }
        }
        return n;
    } catch (const std::exception &e) {
        if (error && error_size > 0) std::snprintf(error, (size_t)error_size, "dlib: %s", e.what());
        return -1;
    } catch (...) {
        if (error && error_size > 0) std::snprintf(error, (size_t)error_size, "dlib failed");
        return -1;
    }
}
