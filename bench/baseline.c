/*
 * bench/baseline.c: the floor that quickactiond's GET /shortcuts is compared against.
 *
 * A plain C libmicrohttpd server that answers every request with the same status, headers
 * and body that quickactiond sent for GET /shortcuts (captured with curl by bench/run.sh),
 * the way quickactiond answers: on the SECOND access-handler call, with
 * INTERNAL_POLLING_THREAD | EPOLL | ITC and a thread pool of 2, on its own listening socket at
 * 127.0.0.1 (port 0 = ephemeral). The body is never copied (MHD_RESPMEM_PERSISTENT).
 *
 * Two ways to answer, chosen by the environment variable BASELINE_RESPONSE:
 *   per-request (default): the idiomatic libmicrohttpd handler. Each request gets its own
 *     response (from the same body buffer) with the captured headers, except X-Request-Id,
 *     which is generated per request as quickactiond does (8 characters fixed per process,
 *     then a 12-character base32 counter): the same bytes quickactiond sends.
 *   persistent: ONE response made at start and queued for every request, so every answer
 *     carries the captured X-Request-Id. Not the same bytes (ids repeat), but the least work
 *     libmicrohttpd can do per request: an absolute floor.
 *
 *   baseline HEADERS_FILE BODY_FILE [PORT]
 *
 * HEADERS_FILE holds "Name: Value" lines, in the order to send them (Date and
 * Content-Length are added by libmicrohttpd, as for quickactiond). Prints
 * "baseline listening on http://127.0.0.1:PORT" and runs until SIGTERM or SIGINT.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

static struct MHD_Response *response; /* persistent mode */
static int request_marker;
#define MAX_HEADERS 32
static const char *names[MAX_HEADERS], *values[MAX_HEADERS];
static int header_count, request_id_header = -1;
static const char *body;
static size_t body_length;
static char id_prefix[9];
static unsigned long long counter;

/* The per-request answer: a response of its own, with a fresh X-Request-Id. */
static enum MHD_Result answer_per_request(struct MHD_Connection *connection) {
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
    char id[21];
    unsigned long long value = __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED);
    memcpy(id, id_prefix, 8);
    for (int i = 19; i >= 8; i--) {
        id[i] = alphabet[value & 31];
        value >>= 5;
    }
    id[20] = 0;
    struct MHD_Response *made = MHD_create_response_from_buffer(body_length, (void *)body, MHD_RESPMEM_PERSISTENT);
    if (!made) return MHD_NO;
    for (int i = 0; i < header_count; i++) {
        MHD_add_response_header(made, names[i], i == request_id_header ? id : values[i]);
    }
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, made);
    MHD_destroy_response(made);
    return result;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*con_cls == NULL) { /* first call: headers only; answering now would close keep-alive */
        *con_cls = &request_marker;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* ignore any body */
        *upload_data_size = 0;
        return MHD_YES;
    }
    return response ? MHD_queue_response(connection, MHD_HTTP_OK, response) : answer_per_request(connection);
}

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    size_t capacity = 4096, used = 0;
    char *data = malloc(capacity + 1);
    size_t n;
    while ((n = fread(data + used, 1, capacity - used, file)) > 0) {
        used += n;
        if (used == capacity) { capacity *= 2; data = realloc(data, capacity + 1); }
    }
    fclose(file);
    data[used] = 0;
    *length = used;
    return data;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s HEADERS_FILE BODY_FILE [PORT]\n", argv[0]);
        return 2;
    }
    size_t headers_length;
    body = read_file(argv[2], &body_length);
    char *headers = read_file(argv[1], &headers_length);
    for (char *line = strtok(headers, "\r\n"); line; line = strtok(NULL, "\r\n")) {
        char *colon = strchr(line, ':');
        if (!colon || header_count == MAX_HEADERS) continue;
        *colon = 0;
        char *value = colon + 1;
        while (*value == ' ') value++;
        if (strcasecmp(line, "X-Request-Id") == 0) request_id_header = header_count;
        names[header_count] = line;
        values[header_count++] = value;
    }
    const char *mode = getenv("BASELINE_RESPONSE");
    if (mode && strcmp(mode, "persistent") == 0) {
        response = MHD_create_response_from_buffer(body_length, (void *)body, MHD_RESPMEM_PERSISTENT);
        for (int i = 0; i < header_count; i++) {
            if (MHD_add_response_header(response, names[i], values[i]) != MHD_YES) {
                fprintf(stderr, "cannot add header %s\n", names[i]);
                return 2;
            }
        }
    } else if (mode && strcmp(mode, "per-request") != 0) {
        fprintf(stderr, "BASELINE_RESPONSE must be per-request or persistent, not %s\n", mode);
        return 2;
    }
    /* 8 characters fixed for this process, like quickactiond's request ids. */
    snprintf(id_prefix, sizeof id_prefix, "%08x", (unsigned)getpid() * 2654435761u);
    for (int i = 0; i < 8; i++) id_prefix[i] = "abcdefghijklmnopqrstuvwxyz234567"[id_prefix[i] % 32];

    int listener = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(argc > 3 ? atoi(argv[3]) : 0)};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1024) != 0) {
        perror("bind/listen 127.0.0.1");
        return 1;
    }
    socklen_t address_length = sizeof address;
    getsockname(listener, (struct sockaddr *)&address, &address_length);

    /* Block the stop signals in every thread (MHD's inherit the mask); main waits for them. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);

    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG, 0, NULL, NULL,
        handle, NULL,
        MHD_OPTION_LISTEN_SOCKET, listener,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)2,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
        MHD_OPTION_END);
    if (!daemon) {
        fprintf(stderr, "MHD_start_daemon failed\n");
        return 1;
    }
    printf("baseline listening on http://127.0.0.1:%d\n", ntohs(address.sin_port));
    fflush(stdout);

    int signal_number;
    sigwait(&stop, &signal_number);
    MHD_stop_daemon(daemon);
    if (response) MHD_destroy_response(response);
    free((void *)body);
    free(headers);
    return 0;
}
