/* store/store_xfcc.h: the tables and queries of the Xfcc interface (issue 14):
 * the game messages (migration 0011) and a player's current games.
 * Storage layer: the SQL stays here (docs/ARCHITECTURE.md). */
#ifndef CORRCHESS_STORE_XFCC_H
#define CORRCHESS_STORE_XFCC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define STORE_MESSAGE_MAX 2000 /* bytes of one message (messages.text CHECK) */

/* Stores a message of user in game (text 1..STORE_MESSAGE_MAX bytes of
 * UTF-8, checked by the caller), sent with the game at `ply` moves on
 * `on` (YYYY-MM-DD), by `via` ("xfcc"), in its own statement; *id (may be
 * NULL) gets the new message's id and at the
 * time it was stored ("YYYY-MM-DDTHH:MM:SSZ", UTC, into at, atlen bytes;
 * at may be NULL): STORE_OK or STORE_ERROR. */
int store_messages_insert(store *s, int64_t game, int64_t user, int ply, const char *on,
                          const char *via, const char *text, int64_t *id, char *at, size_t atlen);

/* One stored message as store_messages_each() hands it over; the strings
 * are borrowed until the callback returns. */
struct store_message {
	int64_t id, user;
	int ply;
	const char *on, *via, *text;
	const char *at;          /* stored at, "YYYY-MM-DDTHH:MM:SSZ" (UTC) */
	const char *name, *role; /* the sender's */
};

/* Calls fn for the messages of game in the order they were sent: all of
 * them (from 0) or only those of user `from`; only the newest one when
 * last_only.  STORE_OK and *n (how many), or STORE_ERROR. */
int store_messages_each(store *s, int64_t game, int64_t from, bool last_only,
                        void (*fn)(const struct store_message *m, void *ctx), void *ctx, size_t *n);

#endif
