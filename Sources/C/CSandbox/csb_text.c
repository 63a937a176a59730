/* Tiny async-signal-safe string helpers for the child (no snprintf, no allocation). */
#include "csb_internal.h"

void csb_append(char *dst, size_t cap, const char *src) {
    if (cap == 0) return;
    size_t n = 0;
    while (n < cap - 1 && dst[n] != '\0') n++;
    while (src && *src && n < cap - 1) dst[n++] = *src++;
    dst[n] = '\0';
}

void csb_append_number(char *dst, size_t cap, unsigned long value) {
    char digits[24];
    int i = (int)sizeof digits - 1;
    digits[i] = '\0';
    do {
        digits[--i] = (char)('0' + value % 10);
        value /= 10;
    } while (value && i > 0);
    csb_append(dst, cap, digits + i);
}

void csb_report_fill(struct csb_child_report *report, int step, int err, const char *detail) {
    report->step = step;
    report->err = err;
    report->detail[0] = '\0';
    csb_append(report->detail, sizeof report->detail, detail);
}
