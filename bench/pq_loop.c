/*
 * bench/pq_loop.c: the reference for durable writes on PostgreSQL. THREADS threads, each with
 * its own libpq connection, each sending one single-row INSERT at a time in autocommit (one
 * COMMIT, so one WAL flush, per row; synchronous_commit=on), for SECONDS seconds. The INSERT is
 * quickactiond's own (same table, columns, RETURNING seq; prepared, parameters bound), into the
 * `contacts` table of the database CONNINFO names after quickactiond migrated it, with
 * `account` -1: an account no request reads (bench/run.sh makes it), so the server's lists do
 * not change. The same number of threads as the POST run's connections: the comparison is at
 * the same concurrency. Prints one JSON line.
 *
 *   pq_loop CONNINFO THREADS SECONDS
 */
#include <libpq-fe.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *conninfo;
static double seconds;

struct worker {
    pthread_t thread;
    int index;
    long rows;
};

static void check(PGconn *db, PGresult *result, ExecStatusType want, const char *what) {
    if (PQresultStatus(result) != want) {
        fprintf(stderr, "%s: %s", what, PQerrorMessage(db));
        exit(1);
    }
    PQclear(result);
}

static void *run(void *argument) {
    struct worker *w = argument;
    PGconn *db = PQconnectdb(conninfo);
    if (PQstatus(db) != CONNECTION_OK) {
        fprintf(stderr, "connect: %s", PQerrorMessage(db));
        exit(1);
    }
    check(db, PQexec(db, "SET synchronous_commit = on"), PGRES_COMMAND_OK, "set");
    check(db,
          PQprepare(db, "insert",
                    "INSERT INTO contacts (account, id, name, email, favorite, created_ms, updated_ms, revision, search_key)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8) RETURNING seq",
                    8, NULL),
          PGRES_COMMAND_OK, "prepare");
    char id[64], name[64], email[64], ms[32], key[160];
    const char *values[8] = {"-1", id, name, email, "false", ms, ms, key};
    double start = now();
    while (now() - start < seconds) {
        /* Unique across threads and runs, and increasing like quickactiond's time-ordered ids. */
        snprintf(id, sizeof id, "pqloop%08d%03d%010ld", (int)getpid(), w->index, w->rows);
        snprintf(name, sizeof name, "Bench Writer %d-%ld", w->index, w->rows);
        snprintf(email, sizeof email, "writer.%d.%ld@bench.example", w->index, w->rows);
        snprintf(ms, sizeof ms, "%lld", (long long)time(NULL) * 1000);
        snprintf(key, sizeof key, "bench writer %d-%ld\x1fwriter.%d.%ld@bench.example", w->index, w->rows, w->index, w->rows);
        check(db, PQexecPrepared(db, "insert", 8, values, NULL, NULL, 0), PGRES_TUPLES_OK, "insert");
        w->rows++;
    }
    PQfinish(db);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s CONNINFO THREADS SECONDS\n", argv[0]);
        return 2;
    }
    conninfo = argv[1];
    int threads = atoi(argv[2]);
    seconds = atof(argv[3]);
    if (threads < 1 || threads > 256 || seconds <= 0) {
        fprintf(stderr, "THREADS must be 1-256 and SECONDS positive\n");
        return 2;
    }
    struct worker *workers = calloc(threads, sizeof *workers);
    double start = now();
    for (int i = 0; i < threads; i++) {
        workers[i].index = i;
        pthread_create(&workers[i].thread, NULL, run, &workers[i]);
    }
    long rows = 0;
    for (int i = 0; i < threads; i++) {
        pthread_join(workers[i].thread, NULL);
        rows += workers[i].rows;
    }
    double elapsed = now() - start;
    printf("{\"rows\": %ld, \"seconds\": %.3f, \"rows_per_s\": %.1f, \"threads\": %d}\n", rows, elapsed, rows / elapsed, threads);
    free(workers);
    return 0;
}
