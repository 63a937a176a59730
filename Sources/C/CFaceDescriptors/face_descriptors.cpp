// See face_descriptors.h.
#include "face_descriptors.h"

#include <algorithm>
#include <cstdio>
#include <dlfcn.h>
#include <cstring>
#include <exception>
#include <mutex>

#include <dlib/dnn.h>
#include <dlib/image_processing.h>
#include <dlib/image_transforms.h>

namespace {
// The network of dlib_face_recognition_resnet_model_v1.dat, layer for layer (a ResNet of 29 convolutions ending in a
// 128-wide metric layer). The types must match the file exactly for `deserialize` to accept it.
template <int Filters, template <typename> class Norm, int Stride, typename Input>
using two_convolutions = Norm<dlib::con<Filters, 3, 3, 1, 1, dlib::relu<Norm<dlib::con<Filters, 3, 3, Stride, Stride, Input>>>>>;

template <int Filters, typename Input>
using same_size_block = dlib::relu<dlib::add_prev1<two_convolutions<Filters, dlib::affine, 1, dlib::tag1<Input>>>>;

template <int Filters, typename Input>
using halving_block = dlib::relu<dlib::add_prev2<dlib::avg_pool<2, 2, 2, 2,
    dlib::skip1<dlib::tag2<two_convolutions<Filters, dlib::affine, 2, dlib::tag1<Input>>>>>>>;

template <typename Input> using stage256a = halving_block<256, Input>;
template <typename Input> using stage256b = same_size_block<256, same_size_block<256, halving_block<256, Input>>>;
template <typename Input> using stage128 = same_size_block<128, same_size_block<128, halving_block<128, Input>>>;
template <typename Input> using stage64 = same_size_block<64, same_size_block<64, same_size_block<64, halving_block<64, Input>>>>;
template <typename Input> using stage32 = same_size_block<32, same_size_block<32, same_size_block<32, Input>>>;

using recognition_network = dlib::loss_metric<dlib::fc_no_bias<128, dlib::avg_pool_everything<
    stage256a<stage256b<stage128<stage64<stage32<
    dlib::max_pool<3, 3, 2, 2, dlib::relu<dlib::affine<dlib::con<32, 7, 7, 2, 2,
    dlib::input_rgb_image_sized<150>>>>>>>>>>>>>;

void set_error(char *error, int size, const char *message) {
    if (error && size > 0) std::snprintf(error, (size_t)size, "%s", message);
}
}  // namespace

struct fd_model {
    recognition_network network;
    std::mutex lock;  // the network keeps its activations between calls
};

extern "C" fd_model *fd_create(const char *model_path, char *error, int error_size) {
    if (!model_path) {
        set_error(error, error_size, "no model path");
        return nullptr;
    }
    auto *model = new (std::nothrow) fd_model();
    if (!model) {
        set_error(error, error_size, "out of memory");
        return nullptr;
    }
    // OpenBLAS (Debian's libblas for dlib) starts a thread per core for every matrix product; photos are
    // analysed one per core already, so those threads only contend. One thread per call.
    if (auto set_threads = (void (*)(int))dlsym(RTLD_DEFAULT, "openblas_set_num_threads")) set_threads(1);
    try {
        dlib::deserialize(model_path) >> model->network;
        return model;
    } catch (const std::exception &e) {
        if (error && error_size > 0) std::snprintf(error, (size_t)error_size, "dlib: %s", e.what());
    } catch (...) {
        set_error(error, error_size, "dlib failed to read the model");
    }
    delete model;
    return nullptr;
}

extern "C" void fd_destroy(fd_model *model) { delete model; }

extern "C" int fd_describe(fd_model *model, const uint8_t *rgb, int width, int height, int stride, const double *landmarks,
                           float *descriptor, char *error, int error_size) {
    if (!model || !rgb || !landmarks || !descriptor || width <= 0 || height <= 0 || stride < width * 3) {
        set_error(error, error_size, "invalid image for a face descriptor");
        return -1;
    }
    try {
        dlib::matrix<dlib::rgb_pixel> image(height, width);
        for (int y = 0; y < height; y++) {
            const uint8_t *row = rgb + (long)y * stride;
            for (int x = 0; x < width; x++) image(y, x) = dlib::rgb_pixel(row[3 * x], row[3 * x + 1], row[3 * x + 2]);
        }
        std::vector<dlib::point> parts(68);
        double left = landmarks[0], right = landmarks[0], top = landmarks[1], bottom = landmarks[1];
        for (int k = 0; k < 68; k++) {
            double x = landmarks[2 * k], y = landmarks[2 * k + 1];
            parts[(size_t)k] = dlib::point((long)(x + 0.5), (long)(y + 0.5));
            left = std::min(left, x); right = std::max(right, x); top = std::min(top, y); bottom = std::max(bottom, y);
        }
        dlib::full_object_detection shape(dlib::rectangle((long)left, (long)top, (long)right, (long)bottom), parts);
        dlib::matrix<dlib::rgb_pixel> chip;
        dlib::extract_image_chip(image, dlib::get_face_chip_details(shape, 150, 0.25), chip);
        dlib::matrix<float, 0, 1> result;
        {
            std::lock_guard<std::mutex> guard(model->lock);
            result = model->network(chip);
        }
        if (result.size() != 128) {
            set_error(error, error_size, "the model gave a descriptor of the wrong length");
            return -1;
        }
        for (long i = 0; i < 128; i++) descriptor[i] = result(i);
        return 0;
    } catch (const std::exception &e) {
        if (error && error_size > 0) std::snprintf(error, (size_t)error_size, "dlib: %s", e.what());
        return -1;
    } catch (...) {
        set_error(error, error_size, "dlib failed");
        return -1;
    }
}
