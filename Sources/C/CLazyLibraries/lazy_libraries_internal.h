#ifndef LAZY_LIBRARIES_INTERNAL_H
#define LAZY_LIBRARIES_INTERNAL_H

#include <stddef.h>
#include "include/lazy_library_groups.h"

/// One group of libraries loaded together, and the stubs that reach them.
struct lazy_group {
    const char *name;          /* "ffmpeg" */
    const char *purpose;       /* "Movies and Live Photo videos" */
    const char *packages;      /* Debian packages that provide the libraries */
    const char *const *sonames;/* loaded in order, NULL-terminated */
    const char *const *symbols;/* the functions the stubs stand for */
    void **slots;              /* each function's address once bound; NULL before */
    size_t count;
};

extern const struct lazy_group lazy_groups[LAZY_GROUP_COUNT] __attribute__((visibility("hidden")));

/// Called by the stubs' slow path with every argument register saved: loads the group or aborts with the reason.
void lazy_library_bind_or_abort(int group) __attribute__((visibility("hidden")));

#endif
