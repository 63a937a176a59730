#ifndef CZINT_SHIM_H
#define CZINT_SHIM_H
#include <zint.h>

/* Whether the module at (row, column) of an encoded symbol is dark. libzint packs each row of
   `encoded_data` eight modules to a byte, least significant bit first; Swift sees the 200 x 144 array as a
   tuple, so the lookup lives here. */
static inline int czint_module_is_dark(const struct zint_symbol *symbol, int row, int column) {
    return (symbol->encoded_data[row][column >> 3] >> (column & 7)) & 1;
}

/* The largest row and column counts `encoded_data` holds. */
static inline int czint_max_rows(void) { return 200; }
static inline int czint_max_columns(void) { return 144 * 8; }

#endif
