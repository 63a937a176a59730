// Rank filters on working pixels (the 3 × 3 median, flat morphology), AVX2 at run time; the algorithms are in
// pk_ci_rank_generic.h, shared with the 8-bit versions (pk_ci_rank8.c). Strides here are in pixels.
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"

#define RANK_T float
#define RANK(name) name##_f32
#include "pk_ci_rank_generic.h"

#define median3x3_f32_body median3x3_body_f32
PK_DISPATCH(median3x3_f32, (const float *src, long src_row, float *dst, long dst_row, int width, int height, float *scratch),
            (src, src_row, dst, dst_row, width, height, scratch))
void pk_ci_median3x3(const float *src, long src_stride, float *dst, long dst_stride, int width, int height, float *scratch) {
    PK_PICK(median3x3_f32)(src, src_stride * 4, dst, dst_stride * 4, width, height, scratch);
}

#define morphology_f32_body morphology_body_f32
PK_DISPATCH(morphology_f32, (const float *src, long src_row, float *dst, long dst_row, int width, int height,
                             const int *half_widths, int rows, int max_half, int maximum, int cached, float *scratch),
            (src, src_row, dst, dst_row, width, height, half_widths, rows, max_half, maximum, cached, scratch))
void pk_ci_morphology(const float *src, long src_stride, float *dst, long dst_stride, int width, int height,
                      const int *half_widths, int rows, int max_half, int maximum, int cached, float *scratch) {
    PK_PICK(morphology_f32)(src, src_stride * 4, dst, dst_stride * 4, width, height, half_widths, rows, max_half, maximum, cached, scratch);
}

long pk_ci_morphology_scratch(int width, const int *half_widths, int rows, int max_half, int cached) {
    return morphology_scratch_f32(width, half_widths, rows, max_half, cached);
}
