/*
 * An empty network namespace for the child (only a loopback device that is down): as root
 * unshare(CLONE_NEWNET); otherwise together with a new user namespace that maps the caller's own
 * uid and gid, so file ownership and access stay as they were.
 */
#define _GNU_SOURCE
#include "csb_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t length = strlen(text); /* async-signal-safe (POSIX.1-2016) */
    ssize_t written = write(fd, text, length);
    int saved = errno;
    close(fd);
    errno = saved;
    return written == (ssize_t)length ? 0 : -1;
}

/* "<id> <id> 1": map the id to itself. */
static void map_line(char *buffer, size_t cap, unsigned long id) {
    buffer[0] = '\0';
    csb_append_number(buffer, cap, id);
    csb_append(buffer, cap, " ");
    csb_append_number(buffer, cap, id);
    csb_append(buffer, cap, " 1");
}

int csb_child_enter_network_namespace(int *err) {
    if (unshare(CLONE_NEWNET) == 0) return CSB_NETNS_ENTERED;
    *err = errno;
    if (errno != EPERM || geteuid() == 0) return CSB_NETNS_UNAVAILABLE;
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0) {
        *err = errno;
        return CSB_NETNS_UNAVAILABLE;
    }
    /* From here on the process is in the new namespaces: a failure cannot be undone. */
    char line[64];
    map_line(line, sizeof line, uid);
    if (write_file("/proc/self/uid_map", line) != 0) {
        *err = errno;
        return CSB_NETNS_BROKEN;
    }
    (void)write_file("/proc/self/setgroups", "deny");
    map_line(line, sizeof line, gid);
    if (write_file("/proc/self/gid_map", line) != 0) {
        *err = errno;
        return CSB_NETNS_BROKEN;
    }
    return CSB_NETNS_ENTERED;
}

int csb_network_namespace_available(void) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = csb_fork();
    if (pid == 0) {
        int err = 0;
        _exit(csb_child_enter_network_namespace(&err) == CSB_NETNS_ENTERED ? 0 : 1);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pid < 0) return 0;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int csb_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
