/*
 * The forked child, up to execve. Async-signal-safe only: raw syscalls and the helpers in csb_text.c.
 * Any failure writes a csb_child_report into the close-on-exec status pipe and exits with 126.
 */
#define _GNU_SOURCE
#include "csb_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Noreturn void fail(int status_w, int step, int err, const char *detail) {
    struct csb_child_report report;
    csb_report_fill(&report, step, err, detail);
    ssize_t ignored = write(status_w, &report, sizeof report);
    (void)ignored;
    _exit(126);
}

/* A close-on-exec copy at 3 or above, so the dup2s onto 0-2 cannot clobber it. */
static int lift(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 3); }

static int close_range_fallback(unsigned first, unsigned last) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, first, last, 0) == 0) return 0;
    if (errno != ENOSYS) return -1;
#endif
    struct rlimit limit;
    unsigned top = 65536;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < top)
        top = (unsigned)limit.rlim_cur;
    if (last > top) last = top;
    for (unsigned fd = first; fd <= last && fd >= first; fd++) close((int)fd);
    return 0;
}

static void reset_signals(void) {
    struct sigaction dfl;
    for (size_t i = 0; i < sizeof dfl; i++) ((char *)&dfl)[i] = 0;
    dfl.sa_handler = SIG_DFL;
    for (int sig = 1; sig < _NSIG; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) (void)sigaction(sig, &dfl, NULL); /* EINVAL for libc-internal ones */
    }
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
}

static void setup_stdio(int *status_w, int out_w, int err_w) {
    int status = lift(*status_w);
    if (status < 0) fail(*status_w, CSB_STEP_STDIO, errno, "status pipe");
    *status_w = status;
    int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null_fd < 0) fail(status, CSB_STEP_STDIO, errno, "/dev/null");
    int in = lift(null_fd), out = lift(out_w), err = lift(err_w);
    if (in < 0 || out < 0 || err < 0) fail(status, CSB_STEP_STDIO, errno, "dup");
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) fail(status, CSB_STEP_STDIO, errno, "dup2");
    /* Everything but 0-2 and the status pipe goes (the status pipe closes itself at exec). */
    if (status > 3 && close_range_fallback(3, (unsigned)status - 1) != 0) fail(status, CSB_STEP_CLOSE_FDS, errno, "");
    if (close_range_fallback((unsigned)status + 1, ~0U) != 0) fail(status, CSB_STEP_CLOSE_FDS, errno, "");
}

static void setup_limits(int status_w, long long max_file_size) {
    struct rlimit none = { 0, 0 };
    if (setrlimit(RLIMIT_CORE, &none) != 0) fail(status_w, CSB_STEP_RLIMIT, errno, "RLIMIT_CORE");
    if (max_file_size >= 0) {
        struct rlimit size = { (rlim_t)max_file_size, (rlim_t)max_file_size };
        if (setrlimit(RLIMIT_FSIZE, &size) != 0) fail(status_w, CSB_STEP_RLIMIT, errno, "RLIMIT_FSIZE");
    }
}

static void setup_network(int status_w, const struct csb_spec *spec, int abi) {
    if (!spec->deny_network) return;
    int err = 0;
    int netns = CSB_NETNS_UNAVAILABLE;
    if (spec->use_network_namespace) {
        netns = csb_child_enter_network_namespace(&err);
        if (netns == CSB_NETNS_BROKEN) fail(status_w, CSB_STEP_NETWORK, err, "user namespace id mapping");
    }
    /* Without a namespace, Landlock's TCP rules (ABI 4) still deny bind and connect. */
    if (netns != CSB_NETNS_ENTERED && abi < 4 && spec->require_network_isolation)
        fail(status_w, CSB_STEP_NETWORK_UNAVAILABLE, err, "neither a network namespace nor Landlock TCP rules (ABI 4) are available");
}

_Noreturn void csb_child_main(const struct csb_spec *spec, int abi, int parent_pid,
                              int out_w, int err_w, int status_w) {
    if (setpgid(0, 0) != 0) fail(status_w, CSB_STEP_PROCESS_GROUP, errno, "");
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail(status_w, CSB_STEP_PARENT_DEATH, errno, "");
    if (getppid() != parent_pid) _exit(126); /* the host died before the line above */
    reset_signals();
    setup_stdio(&status_w, out_w, err_w);
    setup_limits(status_w, spec->max_file_size);
    if (spec->cwd && chdir(spec->cwd) != 0) fail(status_w, CSB_STEP_CHDIR, errno, spec->cwd);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail(status_w, CSB_STEP_NO_NEW_PRIVS, errno, "");
    setup_network(status_w, spec, abi);
    if (abi >= 1) {
        int err = 0;
        char detail[200];
        detail[0] = '\0';
        int step = csb_child_apply_landlock(spec, abi, &err, detail, sizeof detail);
        if (step != CSB_OK) fail(status_w, step, err, detail);
    }
    execve(spec->executable, spec->argv, spec->envp);
    fail(status_w, CSB_STEP_EXEC, errno, spec->executable);
}
