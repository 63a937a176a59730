// Loading a group of optional libraries on first use, and the register-preserving entry the stubs call. Nothing
// here may call a function of a lazy group (it would re-enter the binder): only libc, libdl and pthreads.
#define _GNU_SOURCE
#include "include/lazy_libraries.h"
#include "lazy_libraries_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NOT_TRIED = 0, LOADED = 1, FAILED = -1 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int states[LAZY_GROUP_COUNT];
static char errors[LAZY_GROUP_COUNT][768];

/// Whether PHOTOKIT_UNAVAILABLE_LIBRARIES (a comma-separated list of group names, for tests and for checking how a
/// machine without a library behaves) names the group.
static int marked_unavailable(const char *name) {
    const char *list = getenv("PHOTOKIT_UNAVAILABLE_LIBRARIES");
    if (!list) return 0;
    size_t length = strlen(name);
    for (const char *p = list; *p; ) {
        const char *end = strchr(p, ',');
        size_t word = end ? (size_t)(end - p) : strlen(p);
        if (word == length && strncmp(p, name, length) == 0) return 1;
        if (!end) break;
        p = end + 1;
    }
    return 0;
}

/// Records why one of the group's libraries cannot be loaded, naming the package that provides it.
static int unloadable(int group, const char *soname, const char *reason) {
    const struct lazy_group *g = &lazy_groups[group];
    snprintf(errors[group], sizeof errors[group], "%s need %s, which cannot be loaded (%s); install it with: apt-get install %s",
             g->purpose, soname, reason, g->packages);
    return FAILED;
}

static int load_locked(int group) {
    const struct lazy_group *g = &lazy_groups[group];
    if (marked_unavailable(g->name)) return unloadable(group, g->sonames[0], "marked unavailable by PHOTOKIT_UNAVAILABLE_LIBRARIES");
    void *handles[8] = {0};
    size_t opened = 0;
    for (; opened < 8 && g->sonames[opened]; opened++) {
        handles[opened] = dlopen(g->sonames[opened], RTLD_NOW | RTLD_LOCAL);
        if (!handles[opened]) {
            const char *reason = dlerror();
            unloadable(group, g->sonames[opened], reason ? reason : "not found");   /* before dlclose reuses dlerror's text */
            for (size_t i = 0; i < opened; i++) dlclose(handles[i]);
            return FAILED;
        }
    }
    void **found = calloc(g->count ? g->count : 1, sizeof *found);
    if (!found) {
        snprintf(errors[group], sizeof errors[group], "%s: out of memory binding %s", g->purpose, g->sonames[0]);
        return FAILED;
    }
    for (size_t s = 0; s < g->count; s++) {
        for (size_t i = 0; i < opened && !found[s]; i++) found[s] = dlsym(handles[i], g->symbols[s]);
        if (!found[s]) {
            snprintf(errors[group], sizeof errors[group], "%s need %s from %s, which this version of the library does not have; "
                     "install the version the program was built with (apt-get install %s)",
                     g->purpose, g->symbols[s], g->sonames[0], g->packages);
            free(found);
            return FAILED; /* handles stay open: dlclose of a half-used library is not worth the risk */
        }
    }
    for (size_t s = 0; s < g->count; s++) __atomic_store_n(&g->slots[s], found[s], __ATOMIC_RELEASE);
    free(found);
    return LOADED;
}

int lazy_library_load(int group) {
    if (group < 0 || group >= LAZY_GROUP_COUNT) return -1;
    if (__atomic_load_n(&states[group], __ATOMIC_ACQUIRE) == LOADED) return 0;
    pthread_mutex_lock(&lock);
    if (states[group] == NOT_TRIED) __atomic_store_n(&states[group], load_locked(group), __ATOMIC_RELEASE);
    int state = states[group];
    pthread_mutex_unlock(&lock);
    return state == LOADED ? 0 : -1;
}

int lazy_library_is_loaded(int group) {
    return group >= 0 && group < LAZY_GROUP_COUNT && __atomic_load_n(&states[group], __ATOMIC_ACQUIRE) == LOADED;
}

const char *lazy_library_error(int group) {
    if (group < 0 || group >= LAZY_GROUP_COUNT) return "no such library group";
    return __atomic_load_n(&states[group], __ATOMIC_ACQUIRE) == FAILED ? errors[group] : NULL;
}

const char *lazy_library_name(int group) {
    return group >= 0 && group < LAZY_GROUP_COUNT ? lazy_groups[group].name : NULL;
}

void lazy_library_bind_or_abort(int group) {
    int saved = errno;
    if (lazy_library_load(group) != 0) {
        fprintf(stderr, "%s: %s\n", program_invocation_short_name, lazy_library_error(group));
        abort();
    }
    errno = saved;
}

// The stubs' slow path: save every register that may carry an argument, bind the group whose number is in
// r11 (x17 on arm64), restore them and return to the stub, which jumps through its slot again.
#if defined(__x86_64__)
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".globl lazy_bind_preserving_arguments\n"
    ".hidden lazy_bind_preserving_arguments\n"
    ".type lazy_bind_preserving_arguments, @function\n"
    "lazy_bind_preserving_arguments:\n"
    "    pushq %rbp\n"
    "    movq %rsp, %rbp\n"
    "    pushq %rdi\n    pushq %rsi\n    pushq %rdx\n    pushq %rcx\n"
    "    pushq %r8\n    pushq %r9\n    pushq %rax\n    pushq %r10\n"
    "    subq $128, %rsp\n"
    "    movdqu %xmm0, 0(%rsp)\n    movdqu %xmm1, 16(%rsp)\n    movdqu %xmm2, 32(%rsp)\n    movdqu %xmm3, 48(%rsp)\n"
    "    movdqu %xmm4, 64(%rsp)\n    movdqu %xmm5, 80(%rsp)\n    movdqu %xmm6, 96(%rsp)\n    movdqu %xmm7, 112(%rsp)\n"
    "    andq $-16, %rsp\n"
    "    movl %r11d, %edi\n"
    "    call lazy_library_bind_or_abort\n"
    "    movdqu -192(%rbp), %xmm0\n    movdqu -176(%rbp), %xmm1\n    movdqu -160(%rbp), %xmm2\n    movdqu -144(%rbp), %xmm3\n"
    "    movdqu -128(%rbp), %xmm4\n    movdqu -112(%rbp), %xmm5\n    movdqu -96(%rbp), %xmm6\n    movdqu -80(%rbp), %xmm7\n"
    "    movq -8(%rbp), %rdi\n    movq -16(%rbp), %rsi\n    movq -24(%rbp), %rdx\n    movq -32(%rbp), %rcx\n"
    "    movq -40(%rbp), %r8\n    movq -48(%rbp), %r9\n    movq -56(%rbp), %rax\n    movq -64(%rbp), %r10\n"
    "    leave\n"
    "    ret\n"
    ".size lazy_bind_preserving_arguments, .-lazy_bind_preserving_arguments\n"
);
#elif defined(__aarch64__)
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".globl lazy_bind_preserving_arguments\n"
    ".hidden lazy_bind_preserving_arguments\n"
    ".type lazy_bind_preserving_arguments, %function\n"
    "lazy_bind_preserving_arguments:\n"
    "    stp x29, x30, [sp, #-224]!\n"
    "    mov x29, sp\n"
    "    stp x0, x1, [sp, #16]\n    stp x2, x3, [sp, #32]\n    stp x4, x5, [sp, #48]\n    stp x6, x7, [sp, #64]\n"
    "    str x8, [sp, #80]\n"
    "    stp q0, q1, [sp, #96]\n    stp q2, q3, [sp, #128]\n    stp q4, q5, [sp, #160]\n    stp q6, q7, [sp, #192]\n"
    "    mov w0, w17\n"
    "    bl lazy_library_bind_or_abort\n"
    "    ldp q0, q1, [sp, #96]\n    ldp q2, q3, [sp, #128]\n    ldp q4, q5, [sp, #160]\n    ldp q6, q7, [sp, #192]\n"
    "    ldr x8, [sp, #80]\n"
    "    ldp x0, x1, [sp, #16]\n    ldp x2, x3, [sp, #32]\n    ldp x4, x5, [sp, #48]\n    ldp x6, x7, [sp, #64]\n"
    "    ldp x29, x30, [sp], #224\n"
    "    ret\n"
    ".size lazy_bind_preserving_arguments, .-lazy_bind_preserving_arguments\n"
);
#else
#error "lazy library stubs exist for x86_64 and aarch64 only"
#endif
