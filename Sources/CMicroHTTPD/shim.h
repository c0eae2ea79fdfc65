#ifndef QUICKACTIOND_CMICROHTTPD_SHIM_H
#define QUICKACTIOND_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <string.h>
#include <strings.h>
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

/// What the connection-notify callback stored for this connection when it was accepted, or NULL.
static inline void *qa_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// Number of connections currently open on the daemon, or -1.
static inline long qa_mhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? -1 : (long)info->num_connections;
}
/*
 * The request head's header fields, gathered in C so that no string is made per field.
 * qa_mhd_summarize_headers measures them and finds what framing needs; qa_mhd_copy_headers
 * then copies them, in order, into one buffer of exactly `summary.packed_bytes`: per field, the
 * name's length and the value's length (uint32_t each, native order), then their bytes.
 * Both passes run the same callback; only the second has somewhere to copy to.
 */
struct qa_header_summary {
    size_t fields;
    /* Bytes qa_mhd_copy_headers needs. */
    size_t packed_bytes;
    /* Bytes of the fields as sent ("name: value\r\n" each). */
    size_t head_bytes;
    unsigned content_lengths;
    unsigned transfer_encodings;
    unsigned hosts;
    unsigned authorizations;
    /* Fields whose name is not an RFC 9110 token (white space before the colon, for one). */
    unsigned bad_names;
    /* Fields libmicrohttpd unfolded from an obs-fold continuation line (see qa_header_was_folded). */
    unsigned folded;
    /* The first Content-Length and Transfer-Encoding values (in the connection's memory: valid
       during the request). */
    const char *content_length;
    size_t content_length_size;
    const char *transfer_encoding;
    size_t transfer_encoding_size;
};

struct qa_header_pass {
    struct qa_header_summary summary;
    /* Where the next field is copied (NULL: measure only), and the end of that buffer. */
    unsigned char *next;
    unsigned char *end;
};

static inline int qa_header_name_is(const char *key, size_t key_size, const char *lower, size_t lower_size) {
    if (key_size != lower_size) return 0;
    for (size_t i = 0; i < key_size; i++) {
        char c = key[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c + ('a' - 'A'));
        if (c != lower[i]) return 0;
    }
    return 1;
}

/* RFC 9110 tchar: the characters of a token (a method or a field name). */
static inline int qa_is_tchar(unsigned char c) {
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return 1;
    switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+': case '-': case '.':
    case '^': case '_': case '`': case '|': case '~':
        return 1;
    default:
        return 0;
    }
}

/// Whether `text` (of `size` bytes) is a non-empty token.
static inline int qa_is_token(const char *text, size_t size) {
    if (size == 0) return 0;
    for (size_t i = 0; i < size; i++) {
        if (!qa_is_tchar((unsigned char)text[i])) return 0;
    }
    return 1;
}

/*
 * libmicrohttpd 0.9.75 accepts obs-fold (a header line continued on the next line after white
 * space) and, instead of refusing it as RFC 9112 asks, appends the continuation to the field's
 * *name* in a new pool allocation. Every other field is parsed in place in the read buffer: the
 * name, a NUL where the colon was, optional white space, the value. So a field whose value does
 * not follow its name that way was folded. (A test sends an obs-fold and fails if this stops
 * holding; libmicrohttpd 1.0 refuses obs-fold itself in strict mode.)
 */
static inline int qa_header_was_folded(const char *key, size_t key_size, const char *value) {
    if (value == NULL) return 0;
    const char *after = key + key_size + 1;
    if (value < after || value - after > 4096) return 1;
    for (const char *c = after; c < value; c++) {
        if (*c != ' ' && *c != '\t') return 1;
    }
    return 0;
}

static inline enum MHD_Result qa_header_field(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                              const char *value, size_t value_size) {
    (void)kind;
    struct qa_header_pass *pass = cls;
    if (key == NULL) return MHD_YES;
    if (value == NULL) value_size = 0;
    size_t packed = 2 * sizeof(uint32_t) + key_size + value_size;
    struct qa_header_summary *summary = &pass->summary;
    summary->fields += 1;
    summary->packed_bytes += packed;
    summary->head_bytes += key_size + value_size + 4;
    if (qa_header_name_is(key, key_size, "content-length", 14)) {
        if (summary->content_lengths++ == 0) {
            summary->content_length = value == NULL ? "" : value;
            summary->content_length_size = value_size;
        }
    } else if (qa_header_name_is(key, key_size, "transfer-encoding", 17)) {
        if (summary->transfer_encodings++ == 0) {
            summary->transfer_encoding = value == NULL ? "" : value;
            summary->transfer_encoding_size = value_size;
        }
    } else if (qa_header_name_is(key, key_size, "host", 4)) {
        summary->hosts += 1;
    } else if (qa_header_name_is(key, key_size, "authorization", 13)) {
        summary->authorizations += 1;
    }
    if (pass->next == NULL) {
        /* Checked on the measuring pass only: the copying pass reads the same fields. */
        if (!qa_is_token(key, key_size)) summary->bad_names += 1;
        if (qa_header_was_folded(key, key_size, value)) summary->folded += 1;
    }
    if (pass->next == NULL) return MHD_YES;
    if (key_size > UINT32_MAX || value_size > UINT32_MAX) return MHD_NO;
    if ((size_t)(pass->end - pass->next) < packed) return MHD_NO;
    uint32_t sizes[2] = {(uint32_t)key_size, (uint32_t)value_size};
    memcpy(pass->next, sizes, sizeof sizes);
    memcpy(pass->next + sizeof sizes, key, key_size);
    if (value_size > 0) memcpy(pass->next + sizeof sizes + key_size, value, value_size);
    pass->next += packed;
    return MHD_YES;
}

/// Measures the request's header fields (see qa_header_summary).
static inline void qa_mhd_summarize_headers(struct MHD_Connection *connection, struct qa_header_summary *summary) {
    struct qa_header_pass pass;
    memset(&pass, 0, sizeof pass);
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, qa_header_field, &pass);
    *summary = pass.summary;
}

/// Copies the request's header fields into `buffer` (see above); returns the bytes written.
static inline size_t qa_mhd_copy_headers(struct MHD_Connection *connection, unsigned char *buffer, size_t capacity) {
    struct qa_header_pass pass;
    memset(&pass, 0, sizeof pass);
    pass.next = buffer;
    pass.end = buffer + capacity;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, qa_header_field, &pass);
    return (size_t)(pass.next - buffer);
}
/*
 * Rewriting one header field's value of a response in place. libmicrohttpd keeps every field's
 * name and value in copies of its own (MHD_add_response_header duplicates them, with their
 * lengths) and writes the response head from them each time it sends the response. A value
 * replaced by one of the same length therefore leaves the response as consistent as deleting
 * the field and adding it again would, without the three frees and three allocations. Only for
 * a response that no connection is sending (see ConnectionState).
 */
struct qa_header_rewrite {
    const char *name;
    const char *old_value;
    const char *found;
};

static inline enum MHD_Result qa_header_rewrite_find(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    struct qa_header_rewrite *rewrite = cls;
    if (kind == MHD_HEADER_KIND && strcasecmp(key, rewrite->name) == 0 && value != NULL && strcmp(value, rewrite->old_value) == 0) {
        rewrite->found = value;
        return MHD_NO;
    }
    return MHD_YES;
}

/// Replaces the value `old_value` of `response`'s header field `name` by `new_value`, in place;
/// returns 1 if it did, 0 if the two values differ in length or no such field is there (the
/// caller then deletes the field and adds it).
static inline int qa_mhd_rewrite_header(struct MHD_Response *response, const char *name, const char *old_value, const char *new_value) {
    size_t size = strlen(new_value);
    if (strlen(old_value) != size) return 0;
    struct qa_header_rewrite rewrite = {name, old_value, NULL};
    MHD_get_response_headers(response, qa_header_rewrite_find, &rewrite);
    if (rewrite.found == NULL) return 0;
    memcpy((char *)rewrite.found, new_value, size);
    return 1;
}
#endif
