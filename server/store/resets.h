/* store/resets.h: password changes and one-time reset links (API.md
 * "Operations"; migrations/0009_password_reset.sql, 0023_reset_secrets.sql). */
#ifndef CORRCHESS_STORE_RESETS_H
#define CORRCHESS_STORE_RESETS_H

#include <stddef.h>
#include <stdint.h>

#include "store/store_notify.h"
#include "store/store.h"

#define STORE_RESET_GAP  900 /* seconds before a user gets another reset mail */
#define STORE_RESET_HASH 32  /* bytes of a token's hash */

/* Inside the caller's transaction: a reset token (its hash, STORE_RESET_HASH bytes)
 * for user uid, valid until expires, and its mail in the outbox (mail,
 * whose kind must be "password_reset": the sender removes the link from
 * the body once it is sent); *mail_id gets the mail's row.  STORE_OK,
 * STORE_CONFLICT when the user got a link less than STORE_RESET_GAP
 * seconds ago that is still unused (nothing written: no mail flood), or
 * STORE_ERROR (the caller rolls back). */
int store_resets_create(store *s, const uint8_t hash[STORE_RESET_HASH], int64_t uid, int64_t now,
                        int64_t expires, const struct store_outbox_row *mail, int64_t *mail_id);

/* A read: the token whose hash is hash, when it is unused and not
 * expired at now: STORE_OK with its user (*uid) and the stored hash
 * (stored, for the caller's constant-time compare), STORE_NOT_FOUND, or
 * STORE_ERROR.  No write, so a wrong token costs one index lookup. */
int store_resets_find(store *s, const uint8_t hash[STORE_RESET_HASH], int64_t now, int64_t *uid,
                      uint8_t stored[STORE_RESET_HASH]);

/* In one transaction: when the token (hash) is still known, unused and
 * not expired at now, sets its user's password hash, marks it and every
 * other unused token of the user used, and ends every session of the
 * user.  STORE_OK and *uid, STORE_NOT_FOUND (no such usable token), or
 * STORE_ERROR. */
int store_resets_use(store *s, const uint8_t hash[STORE_RESET_HASH], int64_t now,
                     const char *password_hash, int64_t *uid);

/* In one transaction: user uid's new password hash; every unused reset
 * token of the user ends (marked used at now), and every session of the
 * user but the one whose token hash is keep (len bytes) ends.  STORE_OK,
 * STORE_NOT_FOUND or STORE_ERROR. */
int store_users_set_password(store *s, int64_t uid, const char *password_hash, const void *keep,
                             size_t len, int64_t now);

#endif
