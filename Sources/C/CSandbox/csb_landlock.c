/*
 * Landlock: the ruleset (rights handled per ABI version), path-beneath rules and restrict_self.
 * Own definitions of the kernel ABI: the distribution's <linux/landlock.h> may predate ABI 4-7.
 */
#define _GNU_SOURCE
#include "csb_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1

#define LL_FS_EXECUTE (1ULL << 0)
#define LL_FS_WRITE_FILE (1ULL << 1)
#define LL_FS_READ_FILE (1ULL << 2)
#define LL_FS_READ_DIR (1ULL << 3)
#define LL_FS_REMOVE_DIR (1ULL << 4)
#define LL_FS_REMOVE_FILE (1ULL << 5)
#define LL_FS_MAKE_CHAR (1ULL << 6)
#define LL_FS_MAKE_DIR (1ULL << 7)
#define LL_FS_MAKE_REG (1ULL << 8)
#define LL_FS_MAKE_SOCK (1ULL << 9)
#define LL_FS_MAKE_FIFO (1ULL << 10)
#define LL_FS_MAKE_BLOCK (1ULL << 11)
#define LL_FS_MAKE_SYM (1ULL << 12)
#define LL_FS_REFER (1ULL << 13)      /* ABI 2 */
#define LL_FS_TRUNCATE (1ULL << 14)   /* ABI 3 */
#define LL_FS_IOCTL_DEV (1ULL << 15)  /* ABI 5 */

#define LL_NET_BIND_TCP (1ULL << 0)   /* ABI 4 */
#define LL_NET_CONNECT_TCP (1ULL << 1)

#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#define LL_SCOPE_SIGNAL (1ULL << 1)

struct ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

/* Rights that make sense on a non-directory. */
#define LL_FS_FILE_RIGHTS (LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV)

int csb_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

/* Every filesystem right the given ABI knows: all of them are handled, so anything unlisted is denied. */
static uint64_t handled_fs(int abi) {
    uint64_t rights = (LL_FS_MAKE_SYM << 1) - 1; /* ABI 1: bits 0-12 */
    if (abi >= 2) rights |= LL_FS_REFER;
    if (abi >= 3) rights |= LL_FS_TRUNCATE;
    if (abi >= 5) rights |= LL_FS_IOCTL_DEV;
    return rights;
}

static uint64_t rights_for(int access) {
    const uint64_t read = LL_FS_READ_FILE | LL_FS_READ_DIR;
    switch (access) {
    case CSB_ACCESS_READ: return read;
    case CSB_ACCESS_EXECUTE: return read | LL_FS_EXECUTE;
    case CSB_ACCESS_WRITE:
        return read | LL_FS_WRITE_FILE | LL_FS_MAKE_REG | LL_FS_REMOVE_FILE | LL_FS_MAKE_DIR | LL_FS_REMOVE_DIR
             | LL_FS_TRUNCATE | LL_FS_REFER | LL_FS_MAKE_SYM;
    case CSB_ACCESS_DEVICE: return LL_FS_READ_FILE | LL_FS_WRITE_FILE | LL_FS_TRUNCATE;
    default: return 0;
    }
}

static int add_rule(int ruleset, const struct csb_rule *rule, uint64_t handled, int *err) {
    int fd = open(rule->path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        if (rule->optional && (errno == ENOENT || errno == ENOTDIR || errno == EACCES)) return 0;
        *err = errno;
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        *err = errno;
        close(fd);
        return -1;
    }
    uint64_t allowed = rights_for(rule->access) & handled;
    if (!S_ISDIR(st.st_mode)) allowed &= LL_FS_FILE_RIGHTS;
    int result = 0;
    if (allowed != 0) {
        struct ll_path_beneath_attr beneath = { .allowed_access = allowed, .parent_fd = fd };
        if (syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &beneath, 0) != 0) {
            *err = errno;
            result = -1;
        }
    }
    close(fd);
    return result;
}

int csb_child_apply_landlock(const struct csb_spec *spec, int abi, int *err, char *detail, size_t cap) {
    struct ll_ruleset_attr attr = { .handled_access_fs = handled_fs(abi) };
    size_t size = sizeof attr.handled_access_fs;
    if (abi >= 4) {
        size += sizeof attr.handled_access_net;
        /* Handled with no rules: no TCP bind or connect at all. */
        if (spec->deny_network) attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
    }
    if (abi >= 6) {
        size += sizeof attr.scoped;
        /* No signals to, and no abstract unix sockets of, processes outside the sandbox. */
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0) {
        *err = errno;
        return CSB_STEP_LANDLOCK_RULESET;
    }
    for (size_t i = 0; i < spec->rule_count; i++) {
        if (add_rule(ruleset, &spec->rules[i], attr.handled_access_fs, err) != 0) {
            csb_append(detail, cap, spec->rules[i].path);
            close(ruleset);
            return CSB_STEP_LANDLOCK_RULE;
        }
    }
    if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
        *err = errno;
        close(ruleset);
        return CSB_STEP_LANDLOCK_RESTRICT;
    }
    close(ruleset);
    return CSB_OK;
}
