/*
 * bench/sqlite_loop.c: the reference for durable writes. One thread, one connection, WAL with
 * synchronous=FULL, one single-row INSERT + COMMIT per row (each commit fsyncs the WAL),
 * for SECONDS seconds, into the `contacts` table of DB_PATH. On a copy of quickactiond's
 * database that is the server's own insert (its indexes and the trigram index's trigger run
 * too); on a new file the table is created with the same columns and unique id index and
 * nothing else (a plain table). Prints one JSON line.
 *
 *   sqlite_loop DB_PATH SECONDS
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void check(int rc, sqlite3 *db, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s DB_PATH SECONDS\n", argv[0]);
        return 2;
    }
    double seconds = atof(argv[2]);
    sqlite3 *db;
    check(sqlite3_open(argv[1], &db), db, "open");
    check(sqlite3_exec(db,
                       "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                       "CREATE TABLE IF NOT EXISTS contacts ("
                       " seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,"
                       " name TEXT NOT NULL, email TEXT, favorite INTEGER NOT NULL,"
                       " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,"
                       " revision INTEGER NOT NULL, search_key TEXT NOT NULL);",
                       NULL, NULL, NULL),
          db, "setup");
    sqlite3_stmt *begin, *insert, *commit;
    check(sqlite3_prepare_v2(db, "BEGIN IMMEDIATE", -1, &begin, NULL), db, "prepare begin");
    check(sqlite3_prepare_v2(db, "COMMIT", -1, &commit, NULL), db, "prepare commit");
    check(sqlite3_prepare_v2(db,
                             "INSERT INTO contacts (id, name, email, favorite, created_ms, updated_ms,"
                             " revision, search_key) VALUES (?, ?, ?, 0, ?, ?, 1, ?)",
                             -1, &insert, NULL),
          db, "prepare insert");
    long rows = 0;
    double start = now(), elapsed = 0;
    char id[48], name[64], email[64], key[160];
    while (elapsed < seconds) {
        /* Unique across runs on one file, and increasing like quickactiond's time-ordered ids. */
        snprintf(id, sizeof id, "loop%010d%012ld", (int)getpid(), rows);
        snprintf(name, sizeof name, "Bench Writer %ld", rows);
        snprintf(email, sizeof email, "writer%ld@example.com", rows);
        snprintf(key, sizeof key, "bench writer %ld\x1fwriter%ld@example.com", rows, rows);
        long long ms = (long long)(time(NULL)) * 1000;
        check(sqlite3_step(begin), db, "begin");
        sqlite3_reset(begin);
        sqlite3_bind_text(insert, 1, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 2, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 3, email, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(insert, 4, ms);
        sqlite3_bind_int64(insert, 5, ms);
        sqlite3_bind_text(insert, 6, key, -1, SQLITE_TRANSIENT);
        check(sqlite3_step(insert), db, "insert");
        sqlite3_reset(insert);
        check(sqlite3_step(commit), db, "commit");
        sqlite3_reset(commit);
        rows++;
        elapsed = now() - start;
    }
    printf("{\"rows\": %ld, \"seconds\": %.3f, \"rows_per_s\": %.1f}\n", rows, elapsed, rows / elapsed);
    sqlite3_finalize(begin);
    sqlite3_finalize(insert);
    sqlite3_finalize(commit);
    sqlite3_close(db);
    return 0;
}
