/* bench/trigger_load.c: POST /trigger at a fixed rate, each a favorite's item drawn from Zipf.
 *
 *     trigger_load PORT IDS_FILE RATE CONNECTIONS ZIPF_S STOP_FILE MAX_SECONDS SAMPLES_FILE
 *
 * An open-loop generator (wrk2's way): request i is due at start + i / RATE, whatever the
 * answers before it took, spread over CONNECTIONS keep-alive connections, one thread each
 * (connection c sends the requests i with i % CONNECTIONS == c). A request's latency runs from
 * the moment it was due to its answer's last byte, so a server that falls behind shows the
 * queueing it causes. The contact ids are read from IDS_FILE (one per line); the id of rank r
 * (Zipf, exponent ZIPF_S) is the id at a fixed pseudo-random place, so the popular favorites are
 * spread over the list. Runs until STOP_FILE exists or MAX_SECONDS have passed, then writes one
 * line per request to SAMPLES_FILE ("due_ms latency_us status", due_ms from the start; status 0:
 * a socket error) and one JSON summary line to stdout.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    uint32_t due_ms;
    uint32_t latency_us;
    uint16_t status;
} sample_t;

static int port, connections;
static double rate, max_seconds;
static const char *stop_file;
static char **ids;
static size_t id_count;
static double *cdf;          /* cumulative Zipf weights by rank */
static size_t *rank_to_id;   /* the fixed permutation */
static struct timespec start;
static volatile int stopping;

typedef struct {
    int index;
    sample_t *samples;
    size_t count, capacity;
    uint64_t rng;
} worker_t;

static double since_start(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9;
}

static uint64_t next_random(uint64_t *state) { /* splitmix64 */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static size_t zipf_rank(uint64_t *state) {
    double u = (double)(next_random(state) >> 11) / 9007199254740992.0 * cdf[id_count - 1];
    size_t low = 0, high = id_count - 1;
    while (low < high) {
        size_t middle = (low + high) / 2;
        if (cdf[middle] < u) low = middle + 1; else high = middle;
    }
    return low;
}

static int connect_server(void) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct timeval timeout = {10, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Sends `request` and reads one answer; returns its status, or 0 on a socket error. */
static int exchange(int fd, const char *request, size_t length) {
    size_t sent = 0;
    while (sent < length) {
        ssize_t n = send(fd, request + sent, length - sent, MSG_NOSIGNAL);
        if (n <= 0) return 0;
        sent += (size_t)n;
    }
    char buffer[16384];
    size_t have = 0;
    char *end = NULL;
    while (!end) {
        if (have == sizeof buffer - 1) return 0;
        ssize_t n = recv(fd, buffer + have, sizeof buffer - 1 - have, 0);
        if (n <= 0) return 0;
        have += (size_t)n;
        buffer[have] = 0;
        end = strstr(buffer, "\r\n\r\n");
    }
    int status = 0;
    if (sscanf(buffer, "HTTP/1.%*d %d", &status) != 1) return 0;
    size_t body = 0;
    char *field = strcasestr(buffer, "\r\ncontent-length:");
    if (field && field < end) body = strtoul(field + 17, NULL, 10);
    size_t total = (size_t)(end + 4 - buffer) + body;
    while (have < total) {
        char sink[16384];
        size_t want = total - have < sizeof sink ? total - have : sizeof sink;
        ssize_t n = recv(fd, sink, want, 0);
        if (n <= 0) return 0;
        have += (size_t)n;
    }
    return status;
}

static void *work(void *argument) {
    worker_t *worker = argument;
    int fd = connect_server();
    char request[512];
    for (uint64_t i = (uint64_t)worker->index; !stopping; i += (uint64_t)connections) {
        double due = (double)i / rate;
        if (due >= max_seconds) break;
        double wait = due - since_start();
        if (wait > 0) {
            struct timespec pause = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
            nanosleep(&pause, NULL);
        }
        if (stopping) break;
        const char *id = ids[rank_to_id[zipf_rank(&worker->rng)]];
        char body[160];
        int body_length = snprintf(body, sizeof body, "{\"type\":\"FavoriteAction\",\"userInfo\":{\"contactId\":\"%s\"}}", id);
        int length = snprintf(request, sizeof request,
                              "POST /trigger HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                              "Content-Length: %d\r\n\r\n%s", body_length, body);
        int status = fd >= 0 ? exchange(fd, request, (size_t)length) : 0;
        if (status == 0) { /* reconnect for the next one */
            if (fd >= 0) close(fd);
            fd = connect_server();
        }
        double latency = since_start() - due;
        if (worker->count == worker->capacity) {
            worker->capacity = worker->capacity ? worker->capacity * 2 : 4096;
            worker->samples = realloc(worker->samples, worker->capacity * sizeof(sample_t));
            if (!worker->samples) { perror("realloc"); exit(1); }
        }
        worker->samples[worker->count++] =
            (sample_t){(uint32_t)(due * 1000), (uint32_t)(latency * 1e6), (uint16_t)status};
    }
    if (fd >= 0) close(fd);
    return NULL;
}

static int by_latency(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 9) {
        fprintf(stderr, "usage: trigger_load PORT IDS_FILE RATE CONNECTIONS ZIPF_S STOP_FILE MAX_SECONDS SAMPLES_FILE\n");
        return 64;
    }
    port = atoi(argv[1]);
    rate = atof(argv[3]);
    connections = atoi(argv[4]);
    double s = atof(argv[5]);
    stop_file = argv[6];
    max_seconds = atof(argv[7]);
    if (port <= 0 || rate <= 0 || connections <= 0 || s <= 0 || max_seconds <= 0) {
        fprintf(stderr, "trigger_load: bad arguments\n");
        return 64;
    }
    FILE *file = fopen(argv[2], "r");
    if (!file) { perror(argv[2]); return 1; }
    char line[256];
    size_t capacity = 0;
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        if (id_count == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            ids = realloc(ids, capacity * sizeof *ids);
        }
        ids[id_count++] = strdup(line);
    }
    fclose(file);
    if (id_count == 0) { fprintf(stderr, "trigger_load: no ids\n"); return 1; }
    cdf = malloc(id_count * sizeof *cdf);
    rank_to_id = malloc(id_count * sizeof *rank_to_id);
    double sum = 0;
    for (size_t r = 0; r < id_count; r++) {
        sum += 1.0 / pow((double)(r + 1), s);
        cdf[r] = sum;
        rank_to_id[r] = r;
    }
    uint64_t shuffle = 42;
    for (size_t r = id_count - 1; r > 0; r--) { /* Fisher-Yates, fixed seed */
        size_t j = (size_t)(next_random(&shuffle) % (r + 1));
        size_t t = rank_to_id[r]; rank_to_id[r] = rank_to_id[j]; rank_to_id[j] = t;
    }

    worker_t *workers = calloc((size_t)connections, sizeof *workers);
    pthread_t *threads = calloc((size_t)connections, sizeof *threads);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int c = 0; c < connections; c++) {
        workers[c].index = c;
        workers[c].rng = 1000 + (uint64_t)c;
        pthread_create(&threads[c], NULL, work, &workers[c]);
    }
    while (since_start() < max_seconds) {
        if (access(stop_file, F_OK) == 0) break;
        usleep(100000);
    }
    stopping = 1;
    for (int c = 0; c < connections; c++) pthread_join(threads[c], NULL);
    double elapsed = since_start();

    FILE *out = fopen(argv[8], "w");
    if (!out) { perror(argv[8]); return 1; }
    size_t total = 0, ok = 0, failed = 0, other = 0;
    for (int c = 0; c < connections; c++) total += workers[c].count;
    uint32_t *latencies = malloc((total ? total : 1) * sizeof *latencies);
    size_t k = 0;
    for (int c = 0; c < connections; c++) {
        for (size_t i = 0; i < workers[c].count; i++) {
            sample_t *x = &workers[c].samples[i];
            fprintf(out, "%u %u %u\n", x->due_ms, x->latency_us, x->status);
            latencies[k++] = x->latency_us;
            if (x->status == 200) ok++; else if (x->status == 0) failed++; else other++;
        }
    }
    fclose(out);
    qsort(latencies, total, sizeof *latencies, by_latency);
#define PICK(q) (total ? latencies[(size_t)((q) * (double)(total - 1))] / 1000.0 : 0.0)
    printf("{\"rate\": %.0f, \"connections\": %d, \"zipf_s\": %.2f, \"ids\": %zu, \"seconds\": %.1f, \"requests\": %zu, "
           "\"ok\": %zu, \"socket_errors\": %zu, \"other_status\": %zu, \"achieved_per_s\": %.1f, "
           "\"p50_ms\": %.2f, \"p99_ms\": %.2f, \"max_ms\": %.2f}\n",
           rate, connections, s, id_count, elapsed, total, ok, failed, other, (double)total / elapsed,
           PICK(0.5), PICK(0.99), total ? latencies[total - 1] / 1000.0 : 0.0);
    return 0;
}
