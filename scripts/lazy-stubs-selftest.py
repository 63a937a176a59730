#!/usr/bin/env python3
"""Checks the lazy-library stubs themselves (scripts/lazy-libraries.py's output and CLazyLibraries' binder) on a
small program, natively and, where an arm64 cross compiler and qemu-user are installed, for arm64 too:

- the first call of a group goes through the binder with every argument intact: three doubles in vector
  registers, and a variadic call with ten arguments (integers, doubles, a string; some of them on the stack);
- later calls go straight through the slot;
- a group whose library is missing, or marked unavailable by PHOTOKIT_UNAVAILABLE_LIBRARIES, is an error that
  names the library and its package, and calling its stub prints that and aborts.
"""
import importlib.util, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("lazy", os.path.join(ROOT, "scripts/lazy-libraries.py"))
lazy = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lazy)

GROUPS = [
    (0, "maths", "Self-test maths", ["libm.so.6"], "libc6", ["fma", "ldexp"]),
    (1, "format", "Self-test formatting", ["libc.so.6"], "libc6", ["sprintf"]),  # not one the binder uses itself
    (2, "missing", "Self-test missing library", ["libphotokit-no-such-library.so.7"], "photokit-nothing", ["photokit_selftest_missing"]),
]

MAIN = r'''
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/lazy_libraries.h"
double fma(double, double, double);
double ldexp(double, int);
int sprintf(char *, const char *, ...);
void photokit_selftest_missing(void);

int main(int argc, char **argv) {
    volatile double a = 1.5, b = 2.0, c = 0.25;
    volatile int seven = 7;
    if (argc > 1 && strcmp(argv[1], "missing") == 0) { photokit_selftest_missing(); return 0; }
    if (lazy_library_is_loaded(LAZY_GROUP_MATHS)) { puts("maths loaded before use"); return 1; }
    double first = fma(a, b, c);                      /* binds the group: xmm0-2 / d0-2 must survive */
    if (first != 3.25) { printf("fma gave %g\n", first); return 1; }
    if (!lazy_library_is_loaded(LAZY_GROUP_MATHS)) { puts("maths not loaded after use"); return 1; }
    if (ldexp(a, seven) != 192.0) { puts("ldexp"); return 1; }
    if (getenv("PHOTOKIT_UNAVAILABLE_LIBRARIES")) {
        if (lazy_library_load(LAZY_GROUP_FORMAT) == 0) { puts("format loaded though marked unavailable"); return 1; }
        const char *marked = lazy_library_error(LAZY_GROUP_FORMAT);
        if (!marked || !strstr(marked, "marked unavailable")) { puts("no reason given for a group marked unavailable"); return 1; }
        puts("ok");
        return 0;
    }
    char text[128];  /* the format group's first call: a variadic one, ten arguments, %al counting vector registers */
    int n = sprintf(text, "%d %d %d %d %d %.2f %s %d %.1f %d", 1, 2, 3, 4, 5, 2.5, "x", 8, 9.5, 10);
    if (n < 0 || strcmp(text, "1 2 3 4 5 2.50 x 8 9.5 10") != 0) { printf("sprintf gave \"%s\"\n", text); return 1; }
    if (lazy_library_load(LAZY_GROUP_MISSING) == 0) { puts("a missing library loaded"); return 1; }
    const char *why = lazy_library_error(LAZY_GROUP_MISSING);
    if (!why || !strstr(why, "libphotokit-no-such-library.so.7") || !strstr(why, "apt-get install photokit-nothing")) {
        printf("unclear error: %s\n", why ? why : "(none)"); return 1;
    }
    puts("ok");
    return 0;
}
'''


def build(folder, compiler, flags):
    out = os.path.join(folder, "selftest")
    sources = [os.path.join(folder, name) for name in ["main.c", "lazy_libraries.c", "generated/lazy_groups.c"]]
    sources += [os.path.join(folder, "generated", f"stubs_{name}.c") for _, name, *_ in GROUPS]
    subprocess.run([compiler, "-O2", "-fno-builtin", "-o", out, *sources, "-ldl", "-lpthread", *flags], check=True)
    return out


def check(label, command, environment=None, expect_ok=True, expect_text="ok"):
    result = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **(environment or {})})
    passed = (result.returncode == 0) == expect_ok and expect_text in (result.stdout + result.stderr)
    print(f"  {'ok ' if passed else 'FAIL'} {label}")
    if not passed:
        print(f"     status {result.returncode}\n     {result.stdout.strip()}\n     {result.stderr.strip()[-400:]}")
    return passed


def main():
    folder = tempfile.mkdtemp(prefix="lazy-selftest-")
    try:
        shutil.copy(os.path.join(ROOT, "Sources/C/CLazyLibraries/lazy_libraries.c"), folder)
        shutil.copy(os.path.join(ROOT, "Sources/C/CLazyLibraries/lazy_libraries_internal.h"), folder)
        os.makedirs(os.path.join(folder, "include"))
        os.makedirs(os.path.join(folder, "generated"))
        shutil.copy(os.path.join(ROOT, "Sources/C/CLazyLibraries/include/lazy_libraries.h"), os.path.join(folder, "include"))
        with open(os.path.join(folder, "include/lazy_library_groups.h"), "w") as f:
            f.write(lazy.groups_header_source(GROUPS))
        with open(os.path.join(folder, "generated/lazy_groups.c"), "w") as f:
            f.write(lazy.group_table_source(GROUPS))
        for index, name, purpose, sonames, packages, symbols in GROUPS:
            with open(os.path.join(folder, "generated", f"stubs_{name}.c"), "w") as f:
                f.write(lazy.stubs_source(index, name, symbols))
        with open(os.path.join(folder, "main.c"), "w") as f:
            f.write(MAIN)
        targets = [("native", "cc", [], [])]
        if shutil.which("aarch64-linux-gnu-gcc") and shutil.which("qemu-aarch64"):
            targets.append(("arm64 (qemu)", "aarch64-linux-gnu-gcc", [], ["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"]))
        else:
            print("  arm64 skipped: needs gcc-aarch64-linux-gnu and qemu-user (scripts/setup.sh installs them)")
        passed = True
        for label, compiler, flags, runner in targets:
            program = build(folder, compiler, flags)
            print(f"lazy stubs, {label}:")
            passed &= check("arguments survive the first call; later calls go straight through", runner + [program])
            passed &= check("PHOTOKIT_UNAVAILABLE_LIBRARIES refuses a group", runner + [program], {"PHOTOKIT_UNAVAILABLE_LIBRARIES": "x,format"})
            passed &= check("a stub of a missing library names it and aborts", runner + [program, "missing"], expect_ok=False,
                            expect_text="Self-test missing library need libphotokit-no-such-library.so.7")
        sys.exit(0 if passed else 1)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
