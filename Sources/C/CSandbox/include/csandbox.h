#ifndef CSANDBOX_H
#define CSANDBOX_H
/*
 * Spawning an untrusted program in a sandbox (Linux).
 *
 * Everything between fork and exec happens in csb_spawn, in C, using only async-signal-safe calls
 * (raw syscalls, no allocation): the caller prepares every string and array before the call.
 * The child gets its own process group, /dev/null as stdin, pipes as stdout/stderr, no other file
 * descriptors, RLIMIT_CORE 0 (and RLIMIT_FSIZE when asked), no_new_privs, death with the forking
 * thread (PR_SET_PDEATHSIG, SIGKILL), optionally an empty network namespace, and a Landlock domain
 * that allows only the listed paths. Setup or exec failures come back through a close-on-exec status
 * pipe, so csb_spawn returns only after the exec succeeded or failed.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a path rule grants beneath its path (files get the file subset of these rights). */
enum csb_access {
    CSB_ACCESS_READ = 1,     /* read files, list directories */
    CSB_ACCESS_EXECUTE = 2,  /* READ plus execute */
    CSB_ACCESS_WRITE = 3,    /* READ plus create, write, truncate, rename, delete files and directories */
    CSB_ACCESS_DEVICE = 4,   /* read, write and truncate an existing file (for /dev/null) */
};

/* One Landlock path-beneath rule. `optional` rules are skipped when the path does not exist. */
struct csb_rule {
    const char *path;
    int access;   /* enum csb_access */
    int optional;
};

/* Everything the child needs, prepared before the fork. */
struct csb_spec {
    const char *executable;        /* absolute path, executed as is (no PATH search) */
    char *const *argv;             /* NULL-terminated, argv[0] included */
    char *const *envp;             /* NULL-terminated, exactly the child's environment */
    const char *cwd;               /* NULL: inherit the host's current directory */
    const struct csb_rule *rules;
    size_t rule_count;
    int require_landlock;          /* fail with CSB_STEP_UNAVAILABLE when Landlock is absent */
    int deny_network;              /* deny TCP bind/connect (Landlock ABI >= 4) and try a new netns */
    int use_network_namespace;     /* with deny_network: try unshare(CLONE_NEWNET) (user ns when not root) */
    int require_network_isolation; /* with deny_network: fail when neither netns nor Landlock TCP rules apply */
    long long max_file_size;       /* RLIMIT_FSIZE in bytes; negative: unlimited */
};

/* The step that failed; csb_spawn returns one of these (CSB_OK on success). */
enum csb_step {
    CSB_OK = 0,
    CSB_STEP_UNAVAILABLE = 1,      /* Landlock required but absent */
    CSB_STEP_PIPE = 2,
    CSB_STEP_FORK = 3,
    CSB_STEP_PROCESS_GROUP = 4,
    CSB_STEP_PARENT_DEATH = 5,
    CSB_STEP_STDIO = 7,
    CSB_STEP_CLOSE_FDS = 8,
    CSB_STEP_RLIMIT = 9,
    CSB_STEP_CHDIR = 10,
    CSB_STEP_NO_NEW_PRIVS = 11,
    CSB_STEP_NETWORK = 12,
    CSB_STEP_LANDLOCK_RULESET = 13,
    CSB_STEP_LANDLOCK_RULE = 14,
    CSB_STEP_LANDLOCK_RESTRICT = 15,
    CSB_STEP_EXEC = 16,
    CSB_STEP_NETWORK_UNAVAILABLE = 17, /* network denied but neither netns nor Landlock TCP rules work */
};

/*
 * Forks and execs spec->executable in the sandbox. On success returns CSB_OK with the child's pid
 * (also its process-group id) and the read ends of its stdout/stderr pipes (close-on-exec). On failure
 * returns the failed step, sets *out_errno (0 when not an errno failure) and writes a message naming the
 * step and path into err; a child that was forked has been reaped.
 * Call it from a thread that outlives the child: the child is SIGKILLed when that thread exits.
 */
int csb_spawn(const struct csb_spec *spec, int *out_pid, int *stdout_fd, int *stderr_fd,
              int *out_errno, char *err, size_t errlen);

/* The Landlock ABI version the kernel offers, 0 when none (ENOSYS, EOPNOTSUPP: disabled at boot). */
int csb_landlock_abi(void);

/*
 * Whether a child can enter a new empty network namespace here (unshare(CLONE_NEWNET), or together
 * with a new user namespace when not root). Forks a short-lived probe child and reaps it.
 */
int csb_network_namespace_available(void);

/* pidfd_open(2); -1 with errno when unavailable. */
int csb_pidfd_open(int pid);

/* Whether the child `pid` has exited, without reaping it (waitid WNOHANG|WNOWAIT): 1 yes, 0 no, -1 error. */
int csb_has_exited(int pid);

/* How a reaped child ended. */
enum csb_exit_kind { CSB_EXITED = 0, CSB_SIGNALLED = 1 };

/* Reaps the child `pid` (waitpid, retrying on EINTR); 0 with *kind and *value (status or signal), -1 on error. */
int csb_reap(int pid, int *kind, int *value);

/* Whether any process in group `pgid` is still alive (zombies waiting for a reaper do not count). */
int csb_group_alive(int pgid);

#ifdef __cplusplus
}
#endif
#endif
