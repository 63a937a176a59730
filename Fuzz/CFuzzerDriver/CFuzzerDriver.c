#include "CFuzzerDriver.h"

/// libFuzzer's entry for programs with their own `main` (compiler-rt's FuzzerDriver.cpp; LLVM 11 and later).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

static int (*fuzzCallback)(const uint8_t *data, size_t size);

/// The symbol libFuzzer's own `main` needs: `-sanitize=fuzzer` links that `main` whole, and SwiftPM's `main`
/// (`--defsym main=…`) takes precedence over it, so this forwards to the body `photokit_fuzzer_run` was given.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fuzzCallback ? fuzzCallback(data, size) : 0;
}

int photokit_fuzzer_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
    fuzzCallback = callback;
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
