/* store/read_memo.h: for the files of server/store only - the answers of
 * two hot queries of a read, kept by one connection for as long as the
 * database is unchanged (issue 25).
 *
 * A kept game GET reads two rows: the session of its token
 * (store_sessions_user()) and the game's revisions (store_games_shown()),
 * about 16,000 of its 65,000 instructions (docs/BENCHMARKS.md).  Between
 * two read transactions of one connection in which nothing was written
 * to the database, by this connection or any other in any process, the
 * same query gives the same row; SQLite tells which is the case by the
 * pager's data version (SQLITE_FCNTL_DATA_VERSION: it changes with every
 * commit that connection sees, its own and others') and by the rows this
 * connection changed (sqlite3_total_changes64()).  The connection's memo
 * therefore holds the rows of one snapshot, numbered: an entry is an
 * answer only while its number is the memo's.  The memo is used inside
 * store_read_begin()'s read transactions only, never after this
 * connection wrote in the transaction (store_read_memo()), so an
 * uncommitted or rolled-back row is never kept. */
#ifndef CORRCHESS_STORE_READ_MEMO_H
#define CORRCHESS_STORE_READ_MEMO_H

#include <stdint.h>

#include "store/store.h"
#include "store/store_games.h"
#include "store/store_users.h"

#define MEMO_SESSIONS 32  /* by the token hash's first bytes */
#define MEMO_SHOWN    128 /* by game id */
#define MEMO_HASH_MAX 32  /* bytes of a token hash kept (base/auth.h) */

struct memo_session {
	uint64_t snap; /* the snapshot it was read in; 0: empty */
	unsigned char hash[MEMO_HASH_MAX];
	int64_t expires_at; /* checked against the caller's now */
	struct store_user user;
};

struct memo_shown {
	uint64_t snap;
	int64_t id;
	struct store_game_shown shown;
};

struct read_memo {
	uint64_t snap; /* the current snapshot's number, from 1 */
	struct memo_session sessions[MEMO_SESSIONS];
	struct memo_shown shown[MEMO_SHOWN];
};

/* The calling thread's memo with its snapshot numbered, inside a read
 * transaction of store_read_begin() in which this connection has written
 * nothing; else NULL (then read the rows and keep nothing).  Starts the
 * read transaction when no statement has yet. */
struct read_memo *store_read_memo(store *s);

#endif
