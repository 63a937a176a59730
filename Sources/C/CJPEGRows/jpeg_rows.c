// A part of a JPEG decoded with libjpeg-turbo's libjpeg API (jpeg_rows.h).
#include "jpeg_rows.h"
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int warned;
} failure;

static void fail(j_common_ptr info) { longjmp(((failure *)info->err)->jump, 1); }

// Warnings (corrupt data libjpeg carries on past) count as failures: the caller then decodes the whole image the
// usual way, which reports them.
static void note(j_common_ptr info, int level) { if (level < 0) ((failure *)info->err)->warned = 1; }
static void quiet(j_common_ptr info) { (void)info; }

int jpeg_decode_rows(const unsigned char *data, size_t size, int first, int count, unsigned char *out, long pitch, int gray) {
    struct jpeg_decompress_struct info;
    failure error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = fail;
    error.manager.emit_message = note;
    error.manager.output_message = quiet;
    error.warned = 0;
    volatile int result = JPEG_ROWS_FAILED;
    jpeg_create_decompress(&info);
    if (setjmp(error.jump)) { jpeg_destroy_decompress(&info); return JPEG_ROWS_FAILED; }
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.progressive_mode || jpeg_has_multiple_scans(&info)) { jpeg_destroy_decompress(&info); return JPEG_ROWS_NOT_SPLITTABLE; }
    info.out_color_space = gray ? JCS_GRAYSCALE : JCS_EXT_RGBX;
    info.dct_method = JDCT_ISLOW;
    info.do_fancy_upsampling = TRUE;
    jpeg_start_decompress(&info);
    if (first < 0 || count < 0 || (unsigned)(first + count) > info.output_height) longjmp(error.jump, 1);
    if (first > 0 && jpeg_skip_scanlines(&info, (JDIMENSION)first) != (JDIMENSION)first) longjmp(error.jump, 1);
    int done = 0;
    while (done < count) {
        JSAMPROW row = out + (long)done * pitch;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) longjmp(error.jump, 1);
        done++;
    }
    result = error.warned ? JPEG_ROWS_FAILED : JPEG_ROWS_DONE;
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    return result;
}
