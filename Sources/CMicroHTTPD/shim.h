#ifndef QUICKACTIOND_CMICROHTTPD_SHIM_H
#define QUICKACTIOND_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/*
 * Fixed-signature wrappers for libmicrohttpd's variadic functions, which Swift cannot call.
 * Options are passed as one MHD_OPTION_ARRAY terminated by an MHD_OPTION_END item.
 */

/// Starts a daemon with every option in `options` (an array ending with MHD_OPTION_END).
static inline struct MHD_Daemon *qa_mhd_start(unsigned int flags,
                                              MHD_AccessHandlerCallback handler,
                                              void *handler_cls,
                                              struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The socket of a connection, or -1.
static inline int qa_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// Sets a per-connection idle timeout in seconds.
static inline enum MHD_Result qa_mhd_set_connection_timeout(struct MHD_Connection *connection,
                                                            unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// Number of connections currently open on the daemon, or -1.
static inline long qa_mhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? -1 : (long)info->num_connections;
}
#endif
