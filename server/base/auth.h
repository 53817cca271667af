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

#define AUTH_HASH_MAX     128 /* room for an argon2id string */
#define AUTH_TOKEN_HEX    65  /* 64 hex digits and the NUL */
#define AUTH_TOKEN_HASH   32  /* bytes of the stored token hash */
#define AUTH_PASSWORD_MIN 8
#define AUTH_PASSWORD_MAX 1024

/* Initializes libsodium and reads CORRCHESS_FAST_HASH once (logging a
 * loud warning when it is 1); 0 on success, -1 when libsodium fails or
 * CORRCHESS_FAST_HASH has a value other than 1, 0 or empty (either
 * logged as one line, so the caller adds nothing).
 * Call once before threads start. */
int auth_init(void);

/* Hashes a password into out (AUTH_HASH_MAX bytes); 0 or -1 (out of
 * memory).  Cost: about 0.1 s and 64 MiB (libsodium's interactive limits)
 * unless CORRCHESS_FAST_HASH=1 is set, which tests and benchmarks use
 * to take the minimum cost. */
int auth_hash_password(const char *password, char out[AUTH_HASH_MAX]);

/* 1 when password matches the stored hash, 0 otherwise (constant time).
 * stored NULL or "" (no such user) is checked against a dummy hash of the
 * same cost and answers 0, so an unknown login takes as long as a wrong
 * password. */
int auth_check_password(const char *stored, const char *password);

/* 1 when a stored hash (already verified) is weaker than the cost in
 * force, so the login should store a new one (crypto_pwhash_str_needs_
 * rehash); never 1 in fast mode, which never weakens a hash.  A string
 * that is not an argon2id hash also answers 1. */
int auth_needs_rehash(const char *stored);

/* A new random token as hex (out) and its hash (hash). */
void auth_new_token(char out[AUTH_TOKEN_HEX], uint8_t hash[AUTH_TOKEN_HASH]);

/* The hash of a client's token text; -1 when it is not 64 hex digits. */
int auth_token_hash(const char *token, uint8_t hash[AUTH_TOKEN_HASH]);

#endif
