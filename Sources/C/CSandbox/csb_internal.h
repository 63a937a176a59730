/* Internal to CSandbox: shared between the parent-side and child-side translation units. */
#ifndef CSB_INTERNAL_H
#define CSB_INTERNAL_H
#include "csandbox.h"
#include <stdint.h>

/* What a failing child writes into the status pipe before _exit(126); fits in PIPE_BUF. */
struct csb_child_report {
    int32_t step;
    int32_t err;
    char detail[248];
};

/* Async-signal-safe: fills *report and returns; the caller writes it and exits. */
void csb_report_fill(struct csb_child_report *report, int step, int err, const char *detail);

/* Appends src to dst (capacity cap, always NUL-terminated). Async-signal-safe. */
void csb_append(char *dst, size_t cap, const char *src);
/* Appends a non-negative decimal number. Async-signal-safe. */
void csb_append_number(char *dst, size_t cap, unsigned long value);

/* Child side, async-signal-safe. Each returns CSB_OK or the failed step, with *err and detail set. */
enum { CSB_NETNS_ENTERED = 0, CSB_NETNS_UNAVAILABLE = 1 /* nothing changed */, CSB_NETNS_BROKEN = 2 /* half done */ };
int csb_child_enter_network_namespace(int *err);
int csb_child_apply_landlock(const struct csb_spec *spec, int abi, int *err, char *detail, size_t cap);

/* fork without running atfork handlers (which may take locks another thread held): _Fork where glibc has it. */
int csb_fork(void);

/* Runs in the forked child: never returns. */
_Noreturn void csb_child_main(const struct csb_spec *spec, int abi, int parent_pid,
                              int out_w, int err_w, int status_w);
#endif
