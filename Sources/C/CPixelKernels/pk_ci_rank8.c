// Rank filters on 8-bit RGBA stored values (four bytes a pixel), for renders whose order statistics commute with
// the colour conversions around them (an opaque sRGB source rendered to sRGB: the conversions are monotonic per
// channel, so a rank of the stored values is the stored value of the rank). The algorithms are pk_ci_rank.c's
// (pk_ci_rank_generic.h); byte comparisons vectorise 32 at a time with AVX2. Strides here are in bytes.
#include "pk_ci.h"
#include "pk_cpu.h"
#include "pk_dispatch.h"

#define RANK_T uint8_t
#define RANK(name) name##_u8
#include "pk_ci_rank_generic.h"

#define morphology_u8_body morphology_body_u8
PK_DISPATCH(morphology_u8, (const uint8_t *src, long src_row, uint8_t *dst, long dst_row, int width, int height,
                            const int *half_widths, int rows, int max_half, int maximum, int cached, uint8_t *scratch),
            (src, src_row, dst, dst_row, width, height, half_widths, rows, max_half, maximum, cached, scratch))
void pk_ci_morphology8(const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height,
                       const int *half_widths, int rows, int max_half, int maximum, uint8_t *scratch) {
    PK_PICK(morphology_u8)(src, src_stride, dst, dst_stride, width, height, half_widths, rows, max_half, maximum, 1, scratch);
}

long pk_ci_morphology8_scratch(int width, const int *half_widths, int rows, int max_half) {
    return morphology_scratch_u8(width, half_widths, rows, max_half, 1);
}

#define median3x3_u8_body median3x3_body_u8
PK_DISPATCH(median3x3_u8, (const uint8_t *src, long src_row, uint8_t *dst, long dst_row, int width, int height, uint8_t *scratch),
            (src, src_row, dst, dst_row, width, height, scratch))
void pk_ci_median3x3_8(const uint8_t *src, long src_stride, uint8_t *dst, long dst_stride, int width, int height, uint8_t *scratch) {
    PK_PICK(median3x3_u8)(src, src_stride, dst, dst_stride, width, height, scratch);
}
