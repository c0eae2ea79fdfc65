#ifndef QUICKACTIOND_CCRYPTO_SHIM_H
#define QUICKACTIOND_CCRYPTO_SHIM_H
#include <stddef.h>
/* SHA256() is deprecated in OpenSSL 3 in favour of EVP, but EVP_Digest fetches the algorithm
 * from the provider on every call (a lock, reference counts): for a 39-byte token that cost six
 * times the hash. Suppressed here, in the one place that calls it; nothing else is used. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <sys/random.h>  /* getrandom(2): Swift's Glibc module does not export it */

/*
 * OpenSSL's libcrypto (Debian libssl-dev): the one-shot SHA256() for one buffer (tokens,
 * request digests, most ETags), EVP for a digest over several pieces. Swift calls only these
 * wrappers, so no deprecation reaches a Swift file.
 */

/// SHA-256 of `count` bytes at `data` into `out` (32 bytes); 1 on success.
static inline int qa_sha256(const void *data, size_t count, unsigned char *out) {
    return SHA256((const unsigned char *)data, count, out) != NULL;
}

/// A new SHA-256 computation, or NULL; free it with qa_sha256_free.
static inline EVP_MD_CTX *qa_sha256_begin(void) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context != NULL && EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    return context;
}

/// Adds `count` bytes to the computation; 1 on success.
static inline int qa_sha256_update(EVP_MD_CTX *context, const void *data, size_t count) {
    return EVP_DigestUpdate(context, data, count);
}

/// Writes the digest (32 bytes) to `out`; 1 on success. The computation is then finished.
static inline int qa_sha256_finish(EVP_MD_CTX *context, unsigned char *out) {
    return EVP_DigestFinal_ex(context, out, NULL);
}

static inline void qa_sha256_free(EVP_MD_CTX *context) {
    EVP_MD_CTX_free(context);
}
/// getrandom(2) into `buffer` (`count` bytes); the bytes written, or -1 with errno set. For
/// account tokens: the kernel's CSPRNG, with no file descriptor to open or run out of.
static inline ssize_t qa_getrandom(void *buffer, size_t count) {
    return getrandom(buffer, count, 0);
}
#endif
