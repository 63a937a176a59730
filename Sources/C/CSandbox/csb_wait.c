/* Waiting for a spawned child and its process group (parent side, ordinary context). */
#define _GNU_SOURCE
#include "csandbox.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int csb_has_exited(int pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int result;
    do {
        result = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
    } while (result < 0 && errno == EINTR);
    if (result < 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}

int csb_reap(int pid, int *kind, int *value) {
    int status = 0;
    pid_t result;
    do {
        result = waitpid(pid, &status, 0);
    } while (result < 0 && errno == EINTR);
    if (result != pid) return -1;
    if (WIFSIGNALED(status)) {
        *kind = CSB_SIGNALLED;
        *value = WTERMSIG(status);
    } else {
        *kind = CSB_EXITED;
        *value = WEXITSTATUS(status);
    }
    return 0;
}

/* Process state and group from /proc/<pid>/stat: "pid (comm) S ppid pgrp ..." (comm may hold ')'). */
static int read_stat(const char *pid, char *state, long *pgrp) {
    char path[64] = "/proc/";
    strncat(path, pid, sizeof path - 12);
    strcat(path, "/stat");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char buffer[512];
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) return -1;
    buffer[n] = '\0';
    char *end = strrchr(buffer, ')');
    if (!end || end[1] == '\0' || end[2] == '\0') return -1;
    *state = end[2];
    char *cursor = end + 3;
    strtol(cursor, &cursor, 10); /* ppid */
    *pgrp = strtol(cursor, NULL, 10);
    return 0;
}

int csb_group_alive(int pgid) {
    if (kill(-pgid, 0) != 0 && errno == ESRCH) return 0;
    DIR *proc = opendir("/proc");
    if (!proc) return 1;
    int alive = 0;
    struct dirent *entry;
    while (!alive && (entry = readdir(proc)) != NULL) {
        if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
        char state;
        long pgrp;
        if (read_stat(entry->d_name, &state, &pgrp) == 0 && pgrp == pgid && state != 'Z' && state != 'X') alive = 1;
    }
    closedir(proc);
    return alive;
}
