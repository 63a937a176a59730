// Unpacking a DNG's stored Bayer samples into 16-bit values: uncompressed rows of packed samples (this file)
// and lossless JPEG (pk_raw_ljpeg.c). The caller (DNGUnpacker.swift) checks every byte range first; these loops
// read only inside the ranges they are given.
#include "pk_raw.h"

// Rows of 12-bit samples, two in three bytes, most significant bits first.
static void unpack12(const uint8_t *source, long columns, uint16_t *out) {
    long pairs = columns / 2;
    for (long i = 0; i < pairs; i++) {
        const uint8_t *p = source + 3 * i;
        out[2 * i] = (uint16_t)(p[0] << 4 | p[1] >> 4);
        out[2 * i + 1] = (uint16_t)((p[1] & 15) << 8 | p[2]);
    }
    if (columns & 1) {
        const uint8_t *p = source + 3 * pairs;
        out[columns - 1] = (uint16_t)(p[0] << 4 | p[1] >> 4);
    }
}

// Any width from 1 to 16 bits, most significant bits first (what TIFF's fill order 1 means).
static void unpack_bits(const uint8_t *source, int bits, long columns, uint16_t *out) {
    uint64_t buffer = 0;
    int available = 0;
    const uint32_t mask = (1u << bits) - 1;
    for (long c = 0; c < columns; c++) {
        while (available < bits) { buffer = buffer << 8 | *source++; available += 8; }
        available -= bits;
        out[c] = (uint16_t)((buffer >> available) & mask);
    }
}

void pk_raw_unpack_packed(const uint8_t *source, long rowBytes, int bits, int bigEndian, long rows, long columns,
                          uint16_t *destination, long destinationStride, const uint16_t *curve) {
    for (long r = 0; r < rows; r++) {
        const uint8_t *in = source + r * rowBytes;
        uint16_t *out = destination + r * destinationStride;
        if (bits == 16) {
            for (long c = 0; c < columns; c++)
                out[c] = bigEndian ? (uint16_t)(in[2 * c] << 8 | in[2 * c + 1]) : (uint16_t)(in[2 * c + 1] << 8 | in[2 * c]);
        } else if (bits == 8) {
            for (long c = 0; c < columns; c++) out[c] = in[c];
        } else if (bits == 12) {
            unpack12(in, columns, out);
        } else {
            unpack_bits(in, bits, columns, out);
        }
        if (curve) for (long c = 0; c < columns; c++) out[c] = curve[out[c]];
    }
}
