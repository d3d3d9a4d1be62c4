#include "digest.h"

#include <nettle/sha2.h>

#include <string.h>

_Static_assert(sizeof(struct sha256_ctx) <= sizeof(DigestCtx), "DigestCtx too small for nettle");
_Static_assert(SHA256_DIGEST_SIZE == DIGEST_SIZE, "SHA-256 is 32 bytes");

static struct sha256_ctx *nettle_ctx(DigestCtx *ctx)
{
    return (struct sha256_ctx *)(void *)ctx->state;
}

void digest_init(DigestCtx *ctx)
{
    sha256_init(nettle_ctx(ctx));
}

void digest_update(DigestCtx *ctx, const void *data, size_t size)
{
    if (size)
        sha256_update(nettle_ctx(ctx), size, data);
}

void digest_final(DigestCtx *ctx, uint8_t out[DIGEST_SIZE])
{
    sha256_digest(nettle_ctx(ctx), DIGEST_SIZE, out);
}

void digest_sha256(const void *data, size_t size, uint8_t out[DIGEST_SIZE])
{
    DigestCtx ctx;
    digest_init(&ctx);
    digest_update(&ctx, data, size);
    digest_final(&ctx, out);
}

void digest_hex(const uint8_t digest[DIGEST_SIZE], char out[DIGEST_HEX_SIZE])
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < DIGEST_SIZE; i++) {
        out[2 * i] = hex[digest[i] >> 4];
        out[2 * i + 1] = hex[digest[i] & 15];
    }
    out[2 * DIGEST_SIZE] = '\0';
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool digest_parse_hex(const char *hex, uint8_t out[DIGEST_SIZE])
{
    if (strlen(hex) != 2 * DIGEST_SIZE)
        return false;
    for (int i = 0; i < DIGEST_SIZE; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

void digest_sha256_hex(const void *data, size_t size, char out[DIGEST_HEX_SIZE])
{
    uint8_t d[DIGEST_SIZE];
    digest_sha256(data, size, d);
    digest_hex(d, out);
}
