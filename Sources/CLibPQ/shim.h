#ifndef QUICKACTIOND_CLIBPQ_SHIM_H
#define QUICKACTIOND_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

/// Waits up to `timeout_ms` for `socket` to be readable (the LISTEN connection's wait):
/// 1 readable, 0 timed out, -1 error (errno). A fixed signature, so Swift needs no pollfd.
static inline int qa_pq_wait_readable(int socket, int timeout_ms) {
    struct pollfd fd = {.fd = socket, .events = POLLIN, .revents = 0};
    int rc = poll(&fd, 1, timeout_ms);
    if (rc > 0 && (fd.revents & (POLLERR | POLLHUP | POLLNVAL)) && !(fd.revents & POLLIN)) return -1;
    return rc;
}

/// Waits up to `timeout_ms` for `socket` to be readable (or in error) or `wake` (an eventfd from
/// `qa_wake_create`) to be signalled, and clears `wake`: bit 1 socket ready, bit 2 woken, 0 timed
/// out, -1 error (errno). The writer's pipeline waits so for its results and for new writes at once.
static inline int qa_pq_wait_either(int socket, int wake, int timeout_ms) {
    struct pollfd fds[2] = {{.fd = socket, .events = POLLIN, .revents = 0}, {.fd = wake, .events = POLLIN, .revents = 0}};
    int rc = poll(fds, 2, timeout_ms);
    if (rc <= 0) return rc;
    int ready = 0;
    if (fds[0].revents) ready |= 1;
    if (fds[1].revents & POLLIN) {
        uint64_t count;
        if (read(wake, &count, sizeof count) < 0) { /* already cleared: nothing to do */ }
        ready |= 2;
    }
    return ready;
}

/// A non-blocking eventfd to wake `qa_pq_wait_either`; -1 on error (errno).
static inline int qa_wake_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/// Signals `wake` (a counter: signals before the wait are not lost).
static inline void qa_wake_signal(int wake) {
    uint64_t one = 1;
    if (write(wake, &one, sizeof one) < 0) { /* the counter is full: it is signalled already */ }
}
#endif
