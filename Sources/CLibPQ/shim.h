#ifndef QUICKACTIOND_CLIBPQ_SHIM_H
#define QUICKACTIOND_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#include <poll.h>

/// Waits up to `timeout_ms` for `socket` to be readable (the LISTEN connection's wait):
/// 1 readable, 0 timed out, -1 error (errno). A fixed signature, so Swift needs no pollfd.
static inline int qa_pq_wait_readable(int socket, int timeout_ms) {
    struct pollfd fd = {.fd = socket, .events = POLLIN, .revents = 0};
    int rc = poll(&fd, 1, timeout_ms);
    if (rc > 0 && (fd.revents & (POLLERR | POLLHUP | POLLNVAL)) && !(fd.revents & POLLIN)) return -1;
    return rc;
}
#endif
