#ifndef QUICKACTIOND_CCRYPTO_SHIM_H
#define QUICKACTIOND_CCRYPTO_SHIM_H
#include <stddef.h>
/* SHA256_Init/Update/Final are deprecated in OpenSSL 3 in favour of EVP, but EVP_Digest (and
 * OpenSSL 3's one-shot SHA256(), which calls EVP_Q_digest) fetches the algorithm from the
 * provider on every call (a lock, reference counts): for a 39-byte token that cost several times
 * the hash, on every request. Suppressed here, in the one place that calls them. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#include <sys/random.h>  /* getrandom(2): Swift's Glibc module does not export it */

/*
 * OpenSSL's libcrypto (Debian libssl-dev): SHA256_CTX for one buffer (tokens,
 * request digests, most ETags) and for a digest over several pieces. Swift calls only these
 * wrappers, so no deprecation reaches a Swift file.
 */

/// SHA-256 of `count` bytes at `data` into `out` (32 bytes); 1 on success.
static inline int qa_sha256(const void *data, size_t count, unsigned char *out) {
    SHA256_CTX context;
    return SHA256_Init(&context) == 1 && SHA256_Update(&context, data, count) == 1 && SHA256_Final(out, &context) == 1;
}

/// Starts a SHA-256 computation in `context` (the caller's); 1 on success.
static inline int qa_sha256_begin(SHA256_CTX *context) {
    return SHA256_Init(context);
}

/// Adds `count` bytes to the computation; 1 on success.
static inline int qa_sha256_update(SHA256_CTX *context, const void *data, size_t count) {
    return SHA256_Update(context, data, count);
}

/// Writes the digest (32 bytes) to `out`; 1 on success. The computation is then finished.
static inline int qa_sha256_finish(SHA256_CTX *context, unsigned char *out) {
    return SHA256_Final(out, context);
}

/// getrandom(2) into `buffer` (`count` bytes); the bytes written, or -1 with errno set. For
/// account tokens: the kernel's CSPRNG, with no file descriptor to open or run out of.
static inline ssize_t qa_getrandom(void *buffer, size_t count) {
    return getrandom(buffer, count, 0);
}
#endif
