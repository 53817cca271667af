/* xfcc_game.h: the one adapter between the Xfcc interface and the game
 * code (issue 14).
 *
 * Every call from server/xfcc/ into the games, the moves, the clocks and
 * the users goes through these functions (docs/ARCHITECTURE.md: xfcc/
 * stands beside api/, over svc/).  A move, a draw offer or acceptance, a
 * claim and a resignation are the commands of server/svc/svc_game.c, the
 * ones the API's handlers call: the same authority, checks, clocks,
 * series, forfeits, transactions and notices apply as over the API.  The
 * adapter reads the game first for Xfcc's own checks (the move count) and
 * calls the command at the revision it read; the outcome's code (an
 * error code of docs/API.md) is mapped to the Xfcc result codes. */
#ifndef CORRCHESS_XFCC_GAME_H
#define CORRCHESS_XFCC_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/app.h"
#include "svc/svc.h"

#define XFCC_LIST_MAX  500 /* games in one GetMyGames answer */
#define XFCC_KEEP_DAYS 30  /* finished games stay listed this many days */

/* The outcome of a login. */
enum xfcc_login {
	XFCC_LOGIN_OK = 0,
	XFCC_LOGIN_FAILED = 1,    /* unknown login or wrong password */
	XFCC_LOGIN_THROTTLED = 2, /* too many failed attempts (API.md "Operations") */
	XFCC_LOGIN_ERROR = -1,    /* the database failed */
};

/* Checks login (name or e-mail) and password as POST /api/v1/session
 * does, the same cost for an unknown login as for a wrong password.
 * peer: the client's address (for the throttling), may be NULL.  On
 * XFCC_LOGIN_OK *u is the user.  Cost: one argon2id verification. */
int xfcc_game_login(struct app *app, const char *login, const char *password, const char *peer,
                    struct user *u, int *wait);

/* The GetMyGames answer for u: his active games and those finished in
 * the last XFCC_KEEP_DAYS days, oldest first, at most XFCC_LIST_MAX.
 * 0 and *xml (new) with *len; -1 on a database error or out of memory.
 * Cost: one game load and one clock computation per game. */
int xfcc_game_list(struct app *app, const struct user *u, char **xml, size_t *len);

/* One MakeAMove call, as read from the request. */
struct xfcc_move {
	int64_t game; /* gameId */
	bool resign, accept_draw, offer_draw, claim_draw;
	bool has_movecount;
	int64_t movecount;   /* the full-move number of the move sent */
	const char *move;    /* myMove (borrowed), "" when none */
	const char *message; /* myMessage (borrowed), "" when none */
};

/* Carries out mv for u and returns its Xfcc result code ("Success",
 * "NotYourTurn", ...; static storage).  Nothing changes unless the result
 * is "Success".  Cost: one game load, the lib/corr operation and one
 * write transaction (two for a move with a draw offer). */
const char *xfcc_game_move(struct app *app, const struct user *u, const struct xfcc_move *mv);

#endif
