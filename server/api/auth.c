#include "autoconfig.h"
#include "api/auth.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

int auth_init(void)
{
	return sodium_init() < 0 ? -1 : 0;
}

static void limits(unsigned long long *ops, size_t *mem)
{
	const char *fast = getenv("CORRCHESS_FAST_HASH");
	if (fast && strcmp(fast, "1") == 0) {
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
	return crypto_pwhash_str_alg(out, password, strlen(password), ops, mem,
				     crypto_pwhash_ALG_ARGON2ID13) == 0
		   ? 0
		   : -1;
}

int auth_check_password(const char *stored, const char *password)
{
	return crypto_pwhash_str_verify(stored, password, strlen(password)) == 0;
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
