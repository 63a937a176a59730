// photokit-raw-probe: runs LibRaw on bytes from standard input in a process of its own, so that a file LibRaw
// crashes on (Debian's LibRaw 0.20 has wild reads and a strcat overflow in its TIFF parsers, found by fuzzing)
// stops this process and not the library, the importer or the service that asked (LibRawProbe.swift).
//
//   photokit-raw-probe open|unpack|thumbnail|develop < FILE
//
// Exit status: 0 LibRaw read the file that far; 10 + step when LibRaw refused it with an error at that step
// (open 10, unpack 11, thumbnail 12, develop 13); 2 usage or input errors. A signal means LibRaw crashed.
#include <libraw/libraw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void quiet_data_error(void *data, const char *file, const int offset) { (void)data; (void)file; (void)offset; }
static void quiet_memory_error(void *data, const char *file, const char *where) { (void)data; (void)file; (void)where; }

// The whole of standard input, at most `limit` bytes (NULL when larger or unreadable).
static unsigned char *read_all(size_t limit, size_t *count) {
    size_t capacity = 1 << 20, used = 0;
    unsigned char *buffer = malloc(capacity);
    if (!buffer) return NULL;
    for (;;) {
        if (used == capacity) {
            if (capacity >= limit) { free(buffer); return NULL; }
            capacity = capacity * 2 > limit ? limit : capacity * 2;
            unsigned char *grown = realloc(buffer, capacity);
            if (!grown) { free(buffer); return NULL; }
            buffer = grown;
        }
        ssize_t n = read(0, buffer + used, capacity - used);
        if (n < 0) { free(buffer); return NULL; }
        if (n == 0) break;
        used += (size_t)n;
    }
    *count = used;
    return buffer;
}

int main(int argc, char **argv) {
    static const char *steps[] = {"open", "unpack", "thumbnail", "develop"};
    int step = -1;
    for (int i = 0; argc == 2 && i < 4; i++) if (strcmp(argv[1], steps[i]) == 0) step = i;
    if (step < 0) { fprintf(stderr, "usage: photokit-raw-probe open|unpack|thumbnail|develop < FILE\n"); return 2; }
    size_t count = 0;
    unsigned char *bytes = read_all((size_t)4 << 30, &count);
    if (!bytes) { fprintf(stderr, "photokit-raw-probe: cannot read standard input\n"); return 2; }

    libraw_data_t *raw = libraw_init(LIBRAW_OPIONS_NO_MEMERR_CALLBACK | LIBRAW_OPIONS_NO_DATAERR_CALLBACK);
    if (!raw) return 2;
    libraw_set_dataerror_handler(raw, quiet_data_error, NULL);
    libraw_set_memerror_handler(raw, quiet_memory_error, NULL);
    if (libraw_open_buffer(raw, bytes, count) != LIBRAW_SUCCESS) return 10;
    if (step == 1 || step == 3) {
        if (libraw_unpack(raw) != LIBRAW_SUCCESS) return 11;
    }
    if (step == 2) {
        if (libraw_unpack_thumb(raw) != LIBRAW_SUCCESS) return 12;
        int error = 0;
        libraw_processed_image_t *thumb = libraw_dcraw_make_mem_thumb(raw, &error);
        if (thumb) libraw_dcraw_clear_mem(thumb);
    }
    if (step == 3) {
        raw->params.use_camera_wb = 1;
        if (libraw_dcraw_process(raw) != LIBRAW_SUCCESS) return 13;
        int error = 0;
        libraw_processed_image_t *image = libraw_dcraw_make_mem_image(raw, &error);
        if (!image) return 13;
        libraw_dcraw_clear_mem(image);
    }
    libraw_close(raw);
    free(bytes);
    return 0;
}
