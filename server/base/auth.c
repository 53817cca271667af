#include "autoconfig.h"
#include "base/auth.h"

#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* CORRCHESS_FAST_HASH=1 takes libsodium's minimum argon2id cost: a test
 * and benchmark switch only (a production daemon never has it: the
 * systemd units unset it).  Any other non-empty value is refused, so a
 * typo cannot leave an operator unsure which cost is in force. */
static int fast_mode = -1; /* -1 not read yet, 0 off, 1 on */

int auth_init(void)
{
	if (sodium_init() < 0) {
		log_msg(LOG_ERROR, "cannot initialise libsodium");
		return -1;
	}
	const char *fast = getenv("CORRCHESS_FAST_HASH");
	if (!fast || !*fast || strcmp(fast, "0") == 0) {
		fast_mode = 0;
	} else if (strcmp(fast, "1") == 0) {
		/* Loud where it matters: each weak hash made is a warning
		 * (auth_hash_password()). */
		fast_mode = 1;
	} else {
		log_msg(LOG_ERROR,
		        "CORRCHESS_FAST_HASH must be 1 (tests only) or unset, not \"%s\"", fast);
		return -1;
	}
	return 0;
}

/* The argon2id cost of new hashes. */
static void limits(unsigned long long *ops, size_t *mem)
{
	if (fast_mode == 1) {
		*ops = crypto_pwhash_OPSLIMIT_MIN;
		*mem = crypto_pwhash_MEMLIMIT_MIN;
	} else {
		*ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
		*mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
	}
}

int auth_hash_password(const char *password, char out[AUTH_HASH_MAX])
{
	_Static_assert(AUTH_HASH_MAX >= crypto_pwhash_STRBYTES, "argon2id string fits");
	unsigned long long ops;
	size_t mem;
	limits(&ops, &mem);
	if (fast_mode == 1)
		log_msg(LOG_WARN, "a password was hashed at the MINIMUM argon2id cost "
		                  "(CORRCHESS_FAST_HASH=1, for tests only)");
	return crypto_pwhash_str_alg(out, password, strlen(password), ops, mem,
	                             crypto_pwhash_ALG_ARGON2ID13) == 0
	               ? 0
	               : -1;
}

/* The hash an unknown login is checked against, made on first use with
 * the cost in force (so the check costs what a real one costs). */
static pthread_once_t dummy_once = PTHREAD_ONCE_INIT;
static char dummy[AUTH_HASH_MAX];

static void make_dummy(void)
{
	uint8_t raw[16];
	char pw[33];
	randombytes_buf(raw, sizeof raw);
	sodium_bin2hex(pw, sizeof pw, raw, sizeof raw);
	unsigned long long ops;
	size_t mem;
	limits(&ops, &mem);
	if (crypto_pwhash_str_alg(dummy, pw, strlen(pw), ops, mem, crypto_pwhash_ALG_ARGON2ID13) !=
	    0)
		dummy[0] = '\0';
	sodium_memzero(pw, sizeof pw);
}

int auth_check_password(const char *stored, const char *password)
{
	if (!stored || strncmp(stored, "$argon2", 7) != 0) {
		/* issue 10: an unknown login costs what a wrong password costs,
		 * so the answer's time does not tell which logins exist. */
		pthread_once(&dummy_once, make_dummy);
		volatile int r =
		        dummy[0] ? crypto_pwhash_str_verify(dummy, password, strlen(password)) : -1;
		(void)r;
		return 0;
	}
	return crypto_pwhash_str_verify(stored, password, strlen(password)) == 0;
}

/* Only ever upwards: in fast mode nothing is rehashed, so a test run
 * never weakens a strong hash; in normal mode a hash below the
 * interactive limits (made with CORRCHESS_FAST_HASH, or by an older
 * libsodium default) needs a new one. */
int auth_needs_rehash(const char *stored)
{
	if (fast_mode == 1)
		return 0;
	unsigned long long ops;
	size_t mem;
	limits(&ops, &mem);
	return crypto_pwhash_str_needs_rehash(stored, ops, mem) != 0;
}

void auth_new_token(char out[AUTH_TOKEN_HEX], uint8_t hash[AUTH_TOKEN_HASH])
{
	uint8_t raw[32];
	randombytes_buf(raw, sizeof raw); /* getrandom(2) underneath */
	sodium_bin2hex(out, AUTH_TOKEN_HEX, raw, sizeof raw);
	crypto_generichash(hash, AUTH_TOKEN_HASH, (const uint8_t *)out, 64, NULL, 0);
	sodium_memzero(raw, sizeof raw);
}

int auth_token_hash(const char *token, uint8_t hash[AUTH_TOKEN_HASH])
{
	size_t n = strlen(token);
	if (n != 64)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char c = token[i];
		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
			return -1;
	}
	crypto_generichash(hash, AUTH_TOKEN_HASH, (const uint8_t *)token, n, NULL, 0);
	return 0;
}
