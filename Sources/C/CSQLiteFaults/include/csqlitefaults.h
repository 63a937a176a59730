#ifndef CSQLITEFAULTS_H
#define CSQLITEFAULTS_H

/// A test-only SQLite VFS that wraps the default one and fails chosen writes or flushes of every database file
/// (main file, WAL, journal), so tests can check that a failing disk leaves the library as it was.
/// Installed as the process's default VFS only when PhotoLibrary sees `sqlite-write` or `sqlite-sync` rules in
/// `PHOTOS_IO_FAULTS`.

/// Which call a rule fails.
enum csf_operation { CSF_WRITE = 0, CSF_SYNC = 1 };

/// Adds a rule: the `nth` call (1-based) of `operation` fails with `sqlite_error` (an SQLite result code such as
/// SQLITE_FULL or SQLITE_IOERR_WRITE); when `sticky`, every later call fails too. Up to 8 rules.
void csf_add_rule(int operation, long nth, int sticky, int sqlite_error);

/// Registers the VFS as the default (once; later calls do nothing). Returns an SQLite result code.
int csf_install(void);

/// Starts counting calls against the rules (nothing fails before): PhotoLibrary arms the faults once a library
/// has opened, so they hit the operation under test rather than the open's own housekeeping.
void csf_arm(void);

#endif
