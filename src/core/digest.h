/* SHA-256 of bytes, through nettle (Debian's nettle-dev).
 *
 * The one place the game hashes content it must trust to be what it
 * says: every entry of a quest pack carries the SHA-256 of its bytes in
 * the pack's manifest (docs/packs.md), and the online server checks a
 * hosted pack with the same calls. Saves keep their FNV-1a checksum:
 * that one only catches damage, this one names content.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DIGEST_SIZE 32                  /* bytes of a SHA-256 */
#define DIGEST_HEX_SIZE (2 * DIGEST_SIZE + 1) /* lower-case hex and its NUL */

/* A SHA-256 in progress, for bytes that arrive in pieces. */
typedef struct DigestCtx {
    /* nettle's struct sha256_ctx, kept opaque so callers need no nettle
     * header; digest.c checks the size at compile time */
    uint64_t state[16];
} DigestCtx;

void digest_init(DigestCtx *ctx);
void digest_update(DigestCtx *ctx, const void *data, size_t size);
/* Writes the digest and leaves ctx ready for a new one. */
void digest_final(DigestCtx *ctx, uint8_t out[DIGEST_SIZE]);

/* SHA-256 of size bytes. */
void digest_sha256(const void *data, size_t size, uint8_t out[DIGEST_SIZE]);

/* The digest as 64 lower-case hex digits and a NUL. */
void digest_hex(const uint8_t digest[DIGEST_SIZE], char out[DIGEST_HEX_SIZE]);

/* Parses 64 hex digits (either case, nothing else); false otherwise. */
bool digest_parse_hex(const char *hex, uint8_t out[DIGEST_SIZE]);

/* SHA-256 of size bytes as hex, in one call. */
void digest_sha256_hex(const void *data, size_t size, char out[DIGEST_HEX_SIZE]);
