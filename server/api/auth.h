/* auth.h: passwords and session tokens.
 *
 * Passwords are stored as argon2id strings (libsodium crypto_pwhash_str,
 * which verifies in constant time).  A session token is 32 random bytes
 * shown to the client once as 64 hex digits; the database keeps only its
 * BLAKE2b-256 hash, so a stolen database opens no sessions. */
#ifndef CORRCHESS_AUTH_H
#define CORRCHESS_AUTH_H

#include <stddef.h>
#include <stdint.h>

#define AUTH_HASH_MAX 128  /* room for an argon2id string */
#define AUTH_TOKEN_HEX 65  /* 64 hex digits and the NUL */
#define AUTH_TOKEN_HASH 32 /* bytes of the stored token hash */
#define AUTH_PASSWORD_MIN 8
#define AUTH_PASSWORD_MAX 1024

/* Initializes libsodium; 0 on success. Call once before threads start. */
int auth_init(void);

/* Hashes a password into out (AUTH_HASH_MAX bytes); 0 or -1 (out of
 * memory).  Cost: about 0.1 s and 64 MiB (libsodium's interactive limits)
 * unless CORRCHESS_FAST_HASH=1 is set, which tests and benchmarks use
 * to take the minimum cost. */
int auth_hash_password(const char *password, char out[AUTH_HASH_MAX]);

/* 1 when password matches the stored hash, 0 otherwise (constant time). */
int auth_check_password(const char *stored, const char *password);

/* A new random token as hex (out) and its hash (hash). */
void auth_new_token(char out[AUTH_TOKEN_HEX], uint8_t hash[AUTH_TOKEN_HASH]);

/* The hash of a client's token text; -1 when it is not 64 hex digits. */
int auth_token_hash(const char *token, uint8_t hash[AUTH_TOKEN_HASH]);

#endif
