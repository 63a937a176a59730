/* The parent side of csb_spawn: pipes, fork with signals blocked, and the exec status pipe. */
#define _GNU_SOURCE
#include "csb_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int csb_fork(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return (int)_Fork();
#else
    return (int)fork();
#endif
}

static const char *step_phrase(int step) {
    switch (step) {
    case CSB_STEP_PROCESS_GROUP: return "setpgid";
    case CSB_STEP_PARENT_DEATH: return "prctl(PR_SET_PDEATHSIG)";
    case CSB_STEP_STDIO: return "redirecting standard input/output";
    case CSB_STEP_CLOSE_FDS: return "closing inherited file descriptors";
    case CSB_STEP_RLIMIT: return "setrlimit";
    case CSB_STEP_CHDIR: return "changing to the working directory";
    case CSB_STEP_NO_NEW_PRIVS: return "prctl(PR_SET_NO_NEW_PRIVS)";
    case CSB_STEP_NETWORK: return "isolating the network:";
    case CSB_STEP_NETWORK_UNAVAILABLE: return "isolating the network:";
    case CSB_STEP_LANDLOCK_RULESET: return "creating the Landlock ruleset";
    case CSB_STEP_LANDLOCK_RULE: return "adding the Landlock rule for";
    case CSB_STEP_LANDLOCK_RESTRICT: return "landlock_restrict_self";
    case CSB_STEP_EXEC: return "executing";
    default: return "sandbox setup";
    }
}

static void close_pair(int fds[2]) {
    if (fds[0] >= 0) close(fds[0]);
    if (fds[1] >= 0) close(fds[1]);
}

/* Reads the child's report; 0 bytes (EOF at exec) means the exec succeeded. */
static ssize_t read_report(int fd, struct csb_child_report *report) {
    size_t got = 0;
    while (got < sizeof *report) {
        ssize_t n = read(fd, (char *)report + got, sizeof *report - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

int csb_spawn(const struct csb_spec *spec, int *out_pid, int *stdout_fd, int *stderr_fd,
              int *out_errno, char *err, size_t errlen) {
    *out_errno = 0;
    if (errlen) err[0] = '\0';
    int abi = csb_landlock_abi();
    if (abi < 1 && spec->require_landlock) {
        snprintf(err, errlen, "Landlock is not available: editing extensions cannot be isolated");
        return CSB_STEP_UNAVAILABLE;
    }
    int out[2] = { -1, -1 }, errp[2] = { -1, -1 }, status[2] = { -1, -1 };
    if (pipe2(out, O_CLOEXEC) != 0 || pipe2(errp, O_CLOEXEC) != 0 || pipe2(status, O_CLOEXEC) != 0) {
        *out_errno = errno;
        snprintf(err, errlen, "creating pipes: %s", strerror(errno));
        close_pair(out), close_pair(errp), close_pair(status);
        return CSB_STEP_PIPE;
    }
    /* Signals stay blocked across fork so no host handler runs in the child before it resets them. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int parent = (int)getpid();
    pid_t pid = csb_fork();
    if (pid == 0) csb_child_main(spec, abi, parent, out[1], errp[1], status[1]);
    int fork_errno = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(out[1]), close(errp[1]), close(status[1]);
    if (pid < 0) {
        *out_errno = fork_errno;
        snprintf(err, errlen, "fork: %s", strerror(fork_errno));
        close(out[0]), close(errp[0]), close(status[0]);
        return CSB_STEP_FORK;
    }
    (void)setpgid(pid, pid); /* also done by the child; whichever runs first wins */
    struct csb_child_report report;
    ssize_t got = read_report(status[0], &report);
    close(status[0]);
    if (got == 0) {
        *out_pid = (int)pid;
        *stdout_fd = out[0];
        *stderr_fd = errp[0];
        return CSB_OK;
    }
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    close(out[0]), close(errp[0]);
    if (got != (ssize_t)sizeof report) {
        snprintf(err, errlen, "sandbox setup: the child exited without a complete report");
        return CSB_STEP_EXEC;
    }
    report.detail[sizeof report.detail - 1] = '\0';
    *out_errno = report.err;
    const char *separator = report.detail[0] ? " " : "";
    if (report.err)
        snprintf(err, errlen, "%s%s%s: %s", step_phrase(report.step), separator, report.detail, strerror(report.err));
    else
        snprintf(err, errlen, "%s%s%s", step_phrase(report.step), separator, report.detail);
    return report.step;
}
