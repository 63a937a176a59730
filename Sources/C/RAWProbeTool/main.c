// photokit-raw-probe: runs LibRaw on bytes from standard input in a process of its own, so that a file LibRaw
// crashes on (Debian's LibRaw 0.20 has wild reads and a strcat overflow in its TIFF parsers, found by fuzzing)
// stops this process and not the library, the importer or the service that asked (LibRawProbe.swift).
//
//   photokit-raw-probe open|unpack|thumbnail|develop < FILE
//   photokit-raw-probe sensor MAX_BYTES [open] < FILE > SENSOR
//
// Exit status: 0 LibRaw read the file that far; 10 + step when LibRaw refused it with an error at that step
// (open 10, unpack 11, thumbnail 12, develop 13); 2 usage or input errors. A signal means LibRaw crashed.
//
// `sensor` does LibRaw's whole part of a development here, so the library's process never runs LibRaw on the
// file: it opens the file, and unpacks it when it is an RGB 2×2 Bayer mosaic whose unpacking needs at most
// MAX_BYTES (raw width × height × 4) — not with `open`, for files the library unpacks itself (DNGUnpacker.swift) —
// then writes (native byte order, read by RAWSensorPackage.swift):
//   "PKRAWS02", int32 open status, int32 unpack status (1 = not unpacked), uint64 sizeof(libraw_data_t),
//   libraw_data_t, int8 colour[8][8] (libraw_COLOR), char decoder[64] (libraw_unpack_function_name, NUL-padded),
//   uint64 byte count, the raw image (raw_pitch × raw_height).
// It exits 0 whenever it wrote that.
#include <libraw/libraw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

static void quiet_data_error(void *data, const char *file, const int offset) { (void)data; (void)file; (void)offset; }
static void quiet_memory_error(void *data, const char *file, const char *where) { (void)data; (void)file; (void)where; }

// The whole of standard input, at most `limit` bytes (NULL when larger or unreadable): mapped when it is a
// regular file (as the library passes it), else read.
static unsigned char *read_all(size_t limit, size_t *count) {
    struct stat info;
    if (fstat(0, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0 && (size_t)info.st_size <= limit) {
        void *mapped = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, 0, 0);
        if (mapped != MAP_FAILED) { *count = (size_t)info.st_size; return mapped; }
    }
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

static int write_all(const void *data, size_t count) {
    const unsigned char *p = data;
    while (count > 0) {
        ssize_t n = write(1, p, count);
        if (n <= 0) return -1;
        p += n;
        count -= (size_t)n;
    }
    return 0;
}

static int sensor(unsigned char *bytes, size_t count, unsigned long long max_bytes, int unpack) {
    libraw_data_t *raw = libraw_init(LIBRAW_OPIONS_NO_MEMERR_CALLBACK | LIBRAW_OPIONS_NO_DATAERR_CALLBACK);
    if (!raw) return 2;
    libraw_set_dataerror_handler(raw, quiet_data_error, NULL);
    libraw_set_memerror_handler(raw, quiet_memory_error, NULL);
    int open_status = libraw_open_buffer(raw, bytes, count), unpack_status = 1;
    if (open_status == LIBRAW_SUCCESS) {
        unsigned long long needed = (unsigned long long)raw->sizes.raw_width * raw->sizes.raw_height * 4;
        unsigned filters = raw->idata.filters;
        if (unpack && needed <= max_bytes && filters >= 1000 && raw->idata.colors == 3) unpack_status = libraw_unpack(raw);
    }
    signed char colour[8][8] = {{0}};
    char decoder[64] = {0};
    if (open_status == LIBRAW_SUCCESS) {
        for (int row = 0; row < 8; row++) for (int column = 0; column < 8; column++) colour[row][column] = (signed char)libraw_COLOR(raw, row, column);
        const char *name = libraw_unpack_function_name(raw);
        if (name) strncpy(decoder, name, sizeof decoder - 1);
    }
    unsigned long long image_bytes = 0;
    const void *image = NULL;
    if (unpack_status == LIBRAW_SUCCESS && raw->rawdata.raw_image) {
        image = raw->rawdata.raw_image;
        image_bytes = (unsigned long long)raw->sizes.raw_pitch * raw->sizes.raw_height;
    }
    unsigned long long struct_size = sizeof(libraw_data_t);
    if (write_all("PKRAWS02", 8) || write_all(&open_status, 4) || write_all(&unpack_status, 4)
        || write_all(&struct_size, 8) || write_all(raw, sizeof(libraw_data_t)) || write_all(colour, 64) || write_all(decoder, 64)
        || write_all(&image_bytes, 8) || (image_bytes && write_all(image, image_bytes))) return 2;
    return 0;
}

int main(int argc, char **argv) {
    static const char *steps[] = {"open", "unpack", "thumbnail", "develop"};
    int step = -1;
    for (int i = 0; argc == 2 && i < 4; i++) if (strcmp(argv[1], steps[i]) == 0) step = i;
    if ((argc == 3 || (argc == 4 && strcmp(argv[3], "open") == 0)) && strcmp(argv[1], "sensor") == 0) {
        size_t count = 0;
        unsigned char *bytes = read_all((size_t)4 << 30, &count);
        if (!bytes) { fprintf(stderr, "photokit-raw-probe: cannot read standard input\n"); return 2; }
        return sensor(bytes, count, strtoull(argv[2], NULL, 10), argc == 3);
    }
    if (step < 0) { fprintf(stderr, "usage: photokit-raw-probe open|unpack|thumbnail|develop < FILE, or sensor MAX_BYTES [open] < FILE\n"); return 2; }
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
    return 0;   // the input (mapped or read) goes with the process
}
