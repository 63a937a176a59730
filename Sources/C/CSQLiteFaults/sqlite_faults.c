#include "csqlitefaults.h"
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int operation;
    long nth;
    int sticky;
    int error;
    atomic_long calls;
} csf_rule;

static csf_rule rules[8];
static atomic_int rule_count;
static sqlite3_vfs *real_vfs;
static sqlite3_vfs fault_vfs;
static atomic_int installed;
static atomic_int armed;

void csf_arm(void) { atomic_store(&armed, 1); }

void csf_add_rule(int operation, long nth, int sticky, int sqlite_error) {
    int index = atomic_fetch_add(&rule_count, 1);
    if (index >= 8) { atomic_fetch_sub(&rule_count, 1); return; }
    rules[index].operation = operation;
    rules[index].nth = nth;
    rules[index].sticky = sticky;
    rules[index].error = sqlite_error;
    atomic_store(&rules[index].calls, 0);
}

/// The error a call of `operation` fails with, or SQLITE_OK.
static int csf_fault(int operation, const char *what) {
    int result = SQLITE_OK;
    if (!atomic_load(&armed)) return SQLITE_OK;
    int count = atomic_load(&rule_count);
    for (int i = 0; i < count; i++) {
        if (rules[i].operation != operation) continue;
        long call = atomic_fetch_add(&rules[i].calls, 1) + 1;
        if (call == rules[i].nth || (rules[i].sticky && call > rules[i].nth)) {
            if (result == SQLITE_OK) result = rules[i].error;
            fprintf(stderr, "PHOTOS_IO_FAULT %s\n", what);
        }
    }
    return result;
}

typedef struct {
    sqlite3_file base;
    sqlite3_file *real;
} csf_file;

#define REAL(file) (((csf_file *)(file))->real)

static int csf_close(sqlite3_file *f) { return REAL(f)->pMethods->xClose(REAL(f)); }
static int csf_read(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    return REAL(f)->pMethods->xRead(REAL(f), buffer, amount, offset);
}
static int csf_write(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    int fault = csf_fault(CSF_WRITE, "sqlite-write");
    if (fault != SQLITE_OK) return fault;
    return REAL(f)->pMethods->xWrite(REAL(f), buffer, amount, offset);
}
static int csf_truncate(sqlite3_file *f, sqlite3_int64 size) { return REAL(f)->pMethods->xTruncate(REAL(f), size); }
static int csf_sync(sqlite3_file *f, int flags) {
    int fault = csf_fault(CSF_SYNC, "sqlite-sync");
    if (fault != SQLITE_OK) return fault;
    return REAL(f)->pMethods->xSync(REAL(f), flags);
}
static int csf_file_size(sqlite3_file *f, sqlite3_int64 *size) { return REAL(f)->pMethods->xFileSize(REAL(f), size); }
static int csf_lock(sqlite3_file *f, int level) { return REAL(f)->pMethods->xLock(REAL(f), level); }
static int csf_unlock(sqlite3_file *f, int level) { return REAL(f)->pMethods->xUnlock(REAL(f), level); }
static int csf_check_reserved_lock(sqlite3_file *f, int *out) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out); }
static int csf_file_control(sqlite3_file *f, int op, void *arg) { return REAL(f)->pMethods->xFileControl(REAL(f), op, arg); }
static int csf_sector_size(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int csf_device_characteristics(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int csf_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    return REAL(f)->pMethods->xShmMap(REAL(f), region, size, extend, out);
}
static int csf_shm_lock(sqlite3_file *f, int offset, int n, int flags) { return REAL(f)->pMethods->xShmLock(REAL(f), offset, n, flags); }
static void csf_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int csf_shm_unmap(sqlite3_file *f, int delete_flag) { return REAL(f)->pMethods->xShmUnmap(REAL(f), delete_flag); }
static int csf_fetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
    return REAL(f)->pMethods->xFetch(REAL(f), offset, amount, out);
}
static int csf_unfetch(sqlite3_file *f, sqlite3_int64 offset, void *pointer) { return REAL(f)->pMethods->xUnfetch(REAL(f), offset, pointer); }

static const sqlite3_io_methods csf_methods = {
    3, csf_close, csf_read, csf_write, csf_truncate, csf_sync, csf_file_size, csf_lock, csf_unlock,
    csf_check_reserved_lock, csf_file_control, csf_sector_size, csf_device_characteristics,
    csf_shm_map, csf_shm_lock, csf_shm_barrier, csf_shm_unmap, csf_fetch, csf_unfetch,
};

static int csf_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    csf_file *wrapper = (csf_file *)file;
    wrapper->real = (sqlite3_file *)&wrapper[1];
    memset(wrapper->real, 0, (size_t)real_vfs->szOsFile);
    int rc = real_vfs->xOpen(real_vfs, name, wrapper->real, flags, out_flags);
    // SQLite calls xClose whenever pMethods is set, even after a failed open: mirror the real file.
    wrapper->base.pMethods = wrapper->real->pMethods ? &csf_methods : NULL;
    return rc;
}
static int csf_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) { (void)vfs; return real_vfs->xDelete(real_vfs, name, sync_dir); }
static int csf_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) { (void)vfs; return real_vfs->xAccess(real_vfs, name, flags, out); }
static int csf_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs; return real_vfs->xFullPathname(real_vfs, name, size, out);
}
static void *csf_dl_open(sqlite3_vfs *vfs, const char *name) { (void)vfs; return real_vfs->xDlOpen(real_vfs, name); }
static void csf_dl_error(sqlite3_vfs *vfs, int size, char *out) { (void)vfs; real_vfs->xDlError(real_vfs, size, out); }
static void (*csf_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) { (void)vfs; return real_vfs->xDlSym(real_vfs, handle, symbol); }
static void csf_dl_close(sqlite3_vfs *vfs, void *handle) { (void)vfs; real_vfs->xDlClose(real_vfs, handle); }
static int csf_randomness(sqlite3_vfs *vfs, int size, char *out) { (void)vfs; return real_vfs->xRandomness(real_vfs, size, out); }
static int csf_sleep(sqlite3_vfs *vfs, int microseconds) { (void)vfs; return real_vfs->xSleep(real_vfs, microseconds); }
static int csf_current_time(sqlite3_vfs *vfs, double *out) { (void)vfs; return real_vfs->xCurrentTime(real_vfs, out); }
static int csf_last_error(sqlite3_vfs *vfs, int size, char *out) { (void)vfs; return real_vfs->xGetLastError(real_vfs, size, out); }
static int csf_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) { (void)vfs; return real_vfs->xCurrentTimeInt64(real_vfs, out); }
static int csf_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    (void)vfs; return real_vfs->xSetSystemCall(real_vfs, name, call);
}
static sqlite3_syscall_ptr csf_get_system_call(sqlite3_vfs *vfs, const char *name) { (void)vfs; return real_vfs->xGetSystemCall(real_vfs, name); }
static const char *csf_next_system_call(sqlite3_vfs *vfs, const char *name) { (void)vfs; return real_vfs->xNextSystemCall(real_vfs, name); }

int csf_install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return SQLITE_OK;
    real_vfs = sqlite3_vfs_find(NULL);
    if (!real_vfs) return SQLITE_ERROR;
    fault_vfs.iVersion = 3;
    fault_vfs.szOsFile = (int)sizeof(csf_file) + real_vfs->szOsFile;
    fault_vfs.mxPathname = real_vfs->mxPathname;
    fault_vfs.zName = "photokit-faults";
    fault_vfs.xOpen = csf_open;
    fault_vfs.xDelete = csf_delete;
    fault_vfs.xAccess = csf_access;
    fault_vfs.xFullPathname = csf_full_pathname;
    fault_vfs.xDlOpen = csf_dl_open;
    fault_vfs.xDlError = csf_dl_error;
    fault_vfs.xDlSym = csf_dl_sym;
    fault_vfs.xDlClose = csf_dl_close;
    fault_vfs.xRandomness = csf_randomness;
    fault_vfs.xSleep = csf_sleep;
    fault_vfs.xCurrentTime = csf_current_time;
    fault_vfs.xGetLastError = csf_last_error;
    fault_vfs.xCurrentTimeInt64 = csf_current_time_int64;
    fault_vfs.xSetSystemCall = csf_set_system_call;
    fault_vfs.xGetSystemCall = csf_get_system_call;
    fault_vfs.xNextSystemCall = csf_next_system_call;
    return sqlite3_vfs_register(&fault_vfs, 1);
}
