// Lossless JPEG (ITU T.81 process 14, "LJ92") as DNG stores Bayer samples: one strip or tile a stream, Huffman
// coded differences from predictors 1–7, one or more interleaved components written out in order.
// Decodes what LibRaw 0.20 decodes for the same stream (its rules for which Huffman table a component uses, the
// DNG 1.1 rule for 16-bit differences, 16-bit wrap-around, the point transform lowering only the predictor's
// start) and refuses — for LibRaw to unpack — what it decodes differently from the standard.
#include "pk_raw.h"
#include <stdlib.h>
#include <string.h>

#define FAST_BITS 12

// A fast entry: when the code and its difference bits fit in FAST_BITS, the difference itself (bits 16–31,
// signed) and the bits both take (bits 0–4), with FULL set; else the code's length (bits 0–4, 0 when longer than
// FAST_BITS) and its symbol (bits 8–15).
#define FULL 0x20u

typedef struct {
    int defined;
    uint32_t fast[1 << FAST_BITS];
    int32_t maxcode[18];             // largest code of each length, −1 when none
    int32_t offset[17];              // index into values of a length's first code, minus that code
    uint8_t values[256];
} huffman;

typedef struct {
    const uint8_t *data;
    long size, pos;          // the stream and the next byte to read
    uint64_t buffer;         // right-aligned bits not yet consumed
    int bits;                // how many
    int stopped;             // a marker or the end was reached: zeros are fed from there
    int padding;             // of the buffered bits, how many are such zeros
} bitreader;

static void refill(bitreader *r) {
    // Whole bytes at a time while none of the next eight is 0xFF (stuffing or a marker needs the byte loop).
    if (!r->stopped && r->pos + 8 <= r->size) {
        uint64_t word;
        memcpy(&word, r->data + r->pos, 8);
        uint64_t inverted = ~word;   // a 0xFF byte becomes a zero byte
        if (!((inverted - 0x0101010101010101ull) & ~inverted & 0x8080808080808080ull)) {
            int take = (64 - r->bits) >> 3;
            if (take == 0) return;
            uint64_t bigEndian = __builtin_bswap64(word);
            r->buffer = take == 8 ? bigEndian : (r->buffer << (take * 8)) | (bigEndian >> (64 - take * 8));
            r->bits += take * 8;
            r->pos += take;
            return;
        }
    }
    while (r->bits <= 56) {
        unsigned byte = 0;
        if (!r->stopped && r->pos < r->size) {
            byte = r->data[r->pos];
            if (byte != 0xFF) r->pos++;
            else if (r->pos + 1 < r->size && r->data[r->pos + 1] == 0) r->pos += 2;   // stuffed 0xFF
            else { r->stopped = 1; byte = 0; }                                        // a marker
        } else {
            r->stopped = 1;
        }
        if (r->stopped) r->padding += 8;
        r->buffer = r->buffer << 8 | byte;
        r->bits += 8;
    }
}

static inline unsigned peek(bitreader *r, int n) {
    if (r->bits < n) refill(r);
    return (unsigned)(r->buffer >> (r->bits - n)) & ((1u << n) - 1);
}

// Whether bits past the real data were consumed: the zeros fed are the newest bits, so some of them are gone
// once fewer bits than them remain.
static inline int overran(const bitreader *r) { return r->bits < r->padding; }

static int build(huffman *h, const uint8_t counts[16], const uint8_t *symbols, int total) {
    memset(h, 0, sizeof *h);
    if (total > 256) return 0;
    memcpy(h->values, symbols, (size_t)total);
    int code = 0, k = 0;
    for (int length = 1; length <= 16; length++) {
        h->offset[length] = k - code;
        if (counts[length - 1]) {
            for (int i = 0; i < counts[length - 1]; i++, k++, code++) {
                if (length <= FAST_BITS) {
                    int shift = FAST_BITS - length, symbol = symbols[k];
                    for (int fill = 0; fill < 1 << shift; fill++) {
                        uint32_t entry = (uint32_t)(length | symbol << 8);
                        // The difference's bits follow the code; with both in the window the entry is the difference.
                        if (symbol < 16 && length + symbol <= FAST_BITS) {
                            int bits = symbol ? (fill >> (shift - symbol)) & ((1 << symbol) - 1) : 0;
                            int diff = symbol == 0 ? 0 : ((bits & (1 << (symbol - 1))) ? bits : bits - ((1 << symbol) - 1));
                            entry = (uint32_t)(length + symbol) | FULL | (uint32_t)(uint16_t)(int16_t)diff << 16;
                        }
                        h->fast[(code << shift) | fill] = entry;
                    }
                }
            }
            h->maxcode[length] = code - 1;
        } else {
            h->maxcode[length] = -1;
        }
        if (code > (1 << length)) return 0;   // more codes than the length allows
        code <<= 1;
    }
    h->maxcode[17] = 0x7FFFFFFF;
    h->defined = 1;
    return 1;
}

// The next symbol, or −1 for a code no table entry has.
static inline int decode_symbol(bitreader *r, const huffman *h) {
    unsigned look = peek(r, FAST_BITS);
    unsigned entry = h->fast[look];
    if (entry & 31) { r->bits -= (int)(entry & 31); return (int)((entry >> 8) & 0xFF); }
    for (int length = FAST_BITS + 1; length <= 16; length++) {
        int code = (int)peek(r, length);
        if (h->maxcode[length] >= 0 && code <= h->maxcode[length]) {
            r->bits -= length;
            return h->values[h->offset[length] + code];
        }
    }
    return -1;
}

// The next difference (LibRaw's rules: a length of 16 is −32,768 without further bits from DNG 1.1 on); nonzero
// for a code no table entry has.
static inline __attribute__((always_inline)) int next_difference(bitreader *r, const huffman *h, int dng11Differences, int *out) {
    if (r->bits < 32) refill(r);
    uint32_t entry = h->fast[(r->buffer >> (r->bits - FAST_BITS)) & ((1u << FAST_BITS) - 1)];
    if (entry & FULL) {
        r->bits -= (int)(entry & 31);
        *out = (int16_t)(entry >> 16);
        return 0;
    }
    int length = decode_symbol(r, h);
    if (length < 0 || length > 16) return 1;
    int diff;
    if (length == 16 && dng11Differences) diff = -32768;
    else if (length == 0) diff = 0;
    else {
        if (r->bits < length) refill(r);
        diff = (int)((r->buffer >> (r->bits - length)) & ((1u << length) - 1));
        r->bits -= length;
        if ((diff & (1 << (length - 1))) == 0) diff -= (1 << length) - 1;
    }
    *out = diff;
    return 0;
}

typedef struct {
    int bits, high, wide, components, predictor, restart;
    int table[4];          // the Huffman table each component uses
    long entropy;          // where the coded data starts
} frame;

// Reads the markers up to the start of the scan. 0 on success, else PK_LJPEG_UNSUPPORTED / PK_LJPEG_CORRUPT.
static int read_header(const uint8_t *data, long size, frame *f, huffman tables[4]) {
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return PK_LJPEG_CORRUPT;
    long pos = 2;
    int sof = 0, selectors[4] = {0, 0, 0, 0}, scanComponents = 0;
    f->restart = 0;
    for (int count = 0; ; count++) {
        if (count > 1024 || pos + 4 > size) return PK_LJPEG_CORRUPT;
        unsigned tag = (unsigned)data[pos] << 8 | data[pos + 1];
        long length = (long)((unsigned)data[pos + 2] << 8 | data[pos + 3]) - 2;
        if (tag <= 0xFF00 || length < 0 || pos + 4 + length > size) return PK_LJPEG_CORRUPT;
        const uint8_t *s = data + pos + 4;
        pos += 4 + length;
        switch (tag) {
        case 0xFFC3:
            if (length < 6) return PK_LJPEG_CORRUPT;
            f->bits = s[0];
            f->high = s[1] << 8 | s[2];
            f->wide = s[3] << 8 | s[4];
            f->components = s[5];
            if (length < 6 + 3 * f->components) return PK_LJPEG_CORRUPT;
            // Sampling other than 1×1 is LibRaw's sRAW path, not the standard's.
            for (int c = 0; c < f->components; c++) if (s[7 + 3 * c] != 0x11) return PK_LJPEG_UNSUPPORTED;
            sof = 1;
            break;
        case 0xFFC0: case 0xFFC1: case 0xFFC2: case 0xFFC5: case 0xFFC6: case 0xFFC7:
        case 0xFFC9: case 0xFFCA: case 0xFFCB: case 0xFFCD: case 0xFFCE: case 0xFFCF:
            return PK_LJPEG_UNSUPPORTED;   // lossy or arithmetic coded
        case 0xFFC4: {
            long at = 0;
            while (at < length) {
                int id = s[at++];
                if (id & ~0x13) return PK_LJPEG_UNSUPPORTED;   // LibRaw stops reading tables here
                if (at + 16 > length) return PK_LJPEG_CORRUPT;
                int total = 0;
                for (int i = 0; i < 16; i++) total += s[at + i];
                if (at + 16 + total > length) return PK_LJPEG_CORRUPT;
                if (id & 0x10) return PK_LJPEG_UNSUPPORTED;     // an AC table: not part of a lossless stream
                if (!build(&tables[id & 3], s + at, s + at + 16, total)) return PK_LJPEG_CORRUPT;
                at += 16 + total;
            }
            break;
        }
        case 0xFFDD:
            if (length < 2) return PK_LJPEG_CORRUPT;
            f->restart = s[0] << 8 | s[1];
            break;
        case 0xFFDA:
            if (!sof || length < 1) return PK_LJPEG_CORRUPT;
            scanComponents = s[0];
            if (length < 4 + 2 * scanComponents) return PK_LJPEG_CORRUPT;
            for (int c = 0; c < scanComponents && c < 4; c++) selectors[c] = s[2 + 2 * c] >> 4;
            f->predictor = s[1 + 2 * scanComponents];
            if ((s[3 + 2 * scanComponents] >> 4) != 0) return PK_LJPEG_UNSUPPORTED;   // successive approximation
            f->bits -= s[3 + 2 * scanComponents] & 15;                                 // the point transform
            f->entropy = pos;
            goto scan;
        default:
            break;   // APPn, comments, quantisation tables: nothing for a lossless decoder
        }
    }
scan:
    if (f->bits < 1 || f->bits > 16 || f->high < 1 || f->wide < 1 || f->components < 1 || f->components > 4)
        return PK_LJPEG_CORRUPT;
    if (scanComponents != f->components) return PK_LJPEG_UNSUPPORTED;
    if (f->predictor < 1 || f->predictor > 7) return PK_LJPEG_UNSUPPORTED;
    if (f->restart && f->restart % f->wide) return PK_LJPEG_UNSUPPORTED;   // restarts inside a row
    // LibRaw keeps predicting from the row above across a restart, the standard does not.
    if (f->restart && f->predictor != 1) return PK_LJPEG_UNSUPPORTED;
    if (!tables[0].defined) return PK_LJPEG_CORRUPT;
    // LibRaw gives component c table c, or the closest defined one below it; the scan must say the same.
    for (int c = 0; c < f->components; c++) {
        int t = c;
        while (t > 0 && !tables[t].defined) t--;
        if (selectors[c] != t) return PK_LJPEG_UNSUPPORTED;
        f->table[c] = t;
    }
    return 0;
}

// The position just past the first marker 0xFFD0–0xFFDF from `from`, or −1.
static long next_marker(const uint8_t *data, long size, long from) {
    for (long p = from; p + 1 < size; p++) {
        const uint8_t *hit = memchr(data + p, 0xFF, (size_t)(size - 1 - p));
        if (!hit) return -1;
        p = hit - data;
        if ((data[p + 1] & 0xF0) == 0xD0) return p + 2;
    }
    return -1;
}

static int decode(const uint8_t *data, long size, long tileColumns, long rows, long columns, uint16_t *destination,
                  long stride, const uint16_t *curve, int dng11Differences, const frame *fp, huffman tables[4],
                  uint16_t *scratch);

int pk_raw_unpack_ljpeg(const uint8_t *data, long size, long tileColumns, long rows, long columns,
                        uint16_t *destination, long stride, const uint16_t *curve, int dng11Differences) {
    huffman *tables = malloc(4 * sizeof(huffman));
    if (!tables) return PK_LJPEG_UNSUPPORTED;
    for (int t = 0; t < 4; t++) tables[t].defined = 0;
    frame f;
    int status = read_header(data, size, &f, tables);
    if (status == 0) {
        uint16_t *scratch = malloc(2 * (size_t)f.wide * (size_t)f.components * sizeof(uint16_t));
        status = scratch ? decode(data, size, tileColumns, rows, columns, destination, stride, curve, dng11Differences, &f, tables, scratch)
                         : PK_LJPEG_UNSUPPORTED;
        free(scratch);
    }
    free(tables);
    return status;
}

static int decode(const uint8_t *data, long size, long tileColumns, long rows, long columns, uint16_t *destination,
                  long stride, const uint16_t *curve, int dng11Differences, const frame *fp, huffman tables[4],
                  uint16_t *scratch) {
    const frame f = *fp;
    const int n = f.components;
    const long samples = (long)f.wide * n;
    // LibRaw writes the samples of a row in order, wrapping at the tile's width.
    if (tileColumns < 1) return PK_LJPEG_CORRUPT;

    bitreader r = {data, size, f.entropy, 0, 0, 0, 0};
    const huffman *tab[4];
    for (int c = 0; c < n; c++) tab[c] = &tables[f.table[c]];
    long restartFrom = f.entropy;
    int vpred[4];
    long emitted = 0, limit = rows * tileColumns, outRow = 0, outColumn = 0;
    for (long jrow = 0; jrow < f.high; jrow++) {
        if (jrow == 0 || (f.restart && (jrow * f.wide) % f.restart == 0)) {
            if (jrow > 0) {
                if (overran(&r)) return PK_LJPEG_CORRUPT;
                long next = next_marker(data, size, restartFrom);
                if (next < 0) return PK_LJPEG_CORRUPT;
                r.pos = restartFrom = next;
                r.buffer = 0; r.bits = 0; r.stopped = 0; r.padding = 0;
            }
            for (int c = 0; c < 4; c++) vpred[c] = 1 << (f.bits - 1);
        }
        uint16_t *row = scratch + (jrow & 1) * samples, *above = scratch + ((jrow + 1) & 1) * samples;
        // Column 0 predicts from the row above (the first row from the predictor's start), the others from
        // the left and, with predictors 2–7 below the first row, from the row above.
        for (int c = 0; c < n; c++) {
            int diff;
            if (next_difference(&r, tab[c], dng11Differences, &diff)) return PK_LJPEG_CORRUPT;
            int pred = vpred[c];
            vpred[c] += diff;
            row[c] = (uint16_t)(pred + diff);
        }
        const int predictor = jrow ? f.predictor : 1;
        for (long col = 1; col < f.wide; col++) {
            for (int c = 0; c < n; c++) {
                int diff;
                if (next_difference(&r, tab[c], dng11Differences, &diff)) return PK_LJPEG_CORRUPT;
                long i = col * n + c;
                int pred = row[i - n];
                if (predictor != 1) {
                    int up = above[i], upLeft = above[i - n];
                    switch (predictor) {
                    case 2: pred = up; break;
                    case 3: pred = upLeft; break;
                    case 4: pred = pred + up - upLeft; break;
                    case 5: pred = pred + ((up - upLeft) >> 1); break;
                    case 6: pred = up + ((pred - upLeft) >> 1); break;
                    default: pred = (pred + up) >> 1; break;
                    }
                }
                row[i] = (uint16_t)(pred + diff);
            }
        }
        // Out, in order, wrapping at the tile's width; only what lies inside the image is kept.
        if (samples == tileColumns && outColumn == 0 && emitted < limit) {
            uint16_t *out = destination + outRow * stride;
            if (curve) for (long k = 0; k < columns; k++) out[k] = curve[row[k]];
            else memcpy(out, row, (size_t)columns * sizeof *out);
            emitted += samples;
            outRow++;
        } else {
            for (long k = 0; k < samples && emitted < limit; k++, emitted++) {
                if (outColumn < columns) destination[outRow * stride + outColumn] = curve ? curve[row[k]] : row[k];
                if (++outColumn == tileColumns) { outColumn = 0; outRow++; }
            }
        }
    }
    if (overran(&r)) return PK_LJPEG_CORRUPT;   // the coded data ended early
    return emitted < limit ? PK_LJPEG_CORRUPT : 0;
}
