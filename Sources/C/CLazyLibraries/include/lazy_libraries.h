#ifndef LAZY_LIBRARIES_H
#define LAZY_LIBRARIES_H

#include "lazy_library_groups.h"

/// Heavy optional C libraries (FFmpeg, libheif, LibRaw, Tesseract, …) are not linked: the functions our code calls
/// are stubs that load their group with dlopen on first use (scripts/lazy-libraries.py makes them). Call
/// `lazy_library_load` before the first use of a group to turn a missing library into an error; a stub reached
/// while its group cannot load prints the same message and aborts.

/// Loads the group's libraries and binds all its stubs, once. Returns 0 when the group is usable, -1 when it is
/// not (then `lazy_library_error` says which library is missing and which package provides it). Thread-safe.
int lazy_library_load(int group);

/// Whether the group's libraries are loaded (without trying to load them).
int lazy_library_is_loaded(int group);

/// Why the group could not be loaded, or NULL when it was not tried or succeeded.
const char *lazy_library_error(int group);

/// The group's short name ("ffmpeg", "heif", …), or NULL for an unknown group.
const char *lazy_library_name(int group);

#endif
