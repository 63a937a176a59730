#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (flags, corpus directories, reproducer files, as `-help=1` lists) over `callback`,
/// which gets each input. Returns the driver's exit status. Linked only with `-sanitize=fuzzer`.
int photokit_fuzzer_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));

#endif
