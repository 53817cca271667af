/* store/resets.h: password changes and one-time reset links (API.md
 * "Operations"; migrations/0009_password_reset.sql). */
#ifndef CORRCHESS_STORE_RESETS_H
#define CORRCHESS_STORE_RESETS_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define STORE_RESET_GAP 900 /* seconds before a user gets another reset mail */

/* In one transaction: a reset token (its hash, len bytes) for user uid,
 * valid until expires, and its mail in the outbox (to, subject, body,
 * queued on today); *mail_id gets the mail's row.  STORE_OK,
 * STORE_CONFLICT when the user got a link less than STORE_RESET_GAP
 * seconds ago that is still unused (nothing written: no mail flood), or
 * STORE_ERROR. */
int store_resets_create(store *s, const void *hash, size_t len, int64_t uid, int64_t now,
                        int64_t expires, const char *to, const char *subject, const char *body,
                        const char *today, int64_t *mail_id);

/* In one transaction: when the token (hash) is known, unused and not
 * expired at now, sets its user's password hash, marks it used, and ends
 * every session of the user.  STORE_OK and *uid, STORE_NOT_FOUND (no such
 * usable token), or STORE_ERROR. */
int store_resets_use(store *s, const void *hash, size_t len, int64_t now,
                     const char *password_hash, int64_t *uid);

/* In one transaction: user uid's new password hash, and every session of
 * the user but the one whose token hash is keep (len bytes) ends.
 * STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_users_set_password(store *s, int64_t uid, const char *password_hash, const void *keep,
                             size_t len);

#endif
