/* store_xfcc.h: the SQL of the Xfcc interface and of game messages
 * (issue 14): a user's credentials by login, a player's game ids, and the
 * messages table of migration 0011.  Storage layer only: every statement
 * runs on the calling thread's connection (store_stmt()). */
#ifndef CORRCHESS_STORE_XFCC_H
#define CORRCHESS_STORE_XFCC_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

#define STORE_MESSAGE_MAX 2000 /* bytes of one message (messages.text CHECK) */
#define STORE_HASH_MAX    256  /* room for a stored password hash */

/* The user whose name or e-mail is login (as POST /api/v1/session finds
 * him): 1 and *id, name, role, hash filled; 0 when there is none; -1 on a
 * database error. */
int store_user_by_login(store *s, const char *login, int64_t *id, char name[128], char role[8],
                        char hash[STORE_HASH_MAX]);

/* The ids of user's games that are active or finished on or after
 * `since` (YYYY-MM-DD), oldest first, at most max: the count, or -1 on a
 * database error. */
int store_player_game_ids(store *s, int64_t user, const char *since, int64_t *ids, int max);

/* Stores a message of user in game (text 1..STORE_MESSAGE_MAX bytes, UTF-8
 * checked by the caller), sent with the game at `ply` moves on `on`
 * (YYYY-MM-DD), in its own statement (autocommit unless the caller holds
 * a transaction).  0, or -1 on a database error. */
int store_message_add(store *s, int64_t game, int64_t user, int ply, const char *on,
                      const char *via, const char *text);

/* One stored message, as store_messages_each() hands it over; the
 * strings are borrowed until the callback returns. */
struct store_message {
	int64_t id, user;
	int ply;
	const char *on, *via, *text, *at;
};

/* Calls fn for each message of game in the order they were sent (only
 * those of `from` when from > 0; only the last one when last_only).
 * Returns the number of messages, or -1 on a database error. */
int store_messages_each(store *s, int64_t game, int64_t from, int last_only,
                        void (*fn)(const struct store_message *m, void *ctx), void *ctx);

#endif
