#ifndef QUICKACTIOND_CSQLITE3_SHIM_H
#define QUICKACTIOND_CSQLITE3_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: it tells SQLite to copy bound text.
static inline sqlite3_destructor_type qa_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic; this fixed-signature wrapper enables defensive mode.
static inline int qa_sqlite_enable_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}
/// sqlite3_config is variadic: this wrapper turns off SQLite's memory statistics, which it
/// otherwise keeps under one mutex for the whole process, taken on every allocation and free of
/// every connection (the HTTP threads' readers then wait on each other). Only valid before
/// SQLite is initialized (the first open); SQLITE_MISUSE after that.
static inline int qa_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
