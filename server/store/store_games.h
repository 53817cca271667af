/* store/store_games.h: the games and moves tables (and the vacations that stop
 * a game's clocks), as struct corr_game values of lib/corr.
 *
 * store_games_load() reads a game row, its moves and both players'
 * vacations in one read transaction, and replays every stored move from
 * the start position through lib/ (so a stored game can always be
 * rebuilt; one that does not replay, or whose replay disagrees with the
 * stored FEN, is reported as corrupt rather than served).  The replayed
 * moves are kept by (id, rev) (store/game_cache.h): a game read again at
 * the same revision replays nothing; its row, series, vacations and
 * records are read every time.
 * store_games_write() writes a delta of lib/corr under the revision it
 * was computed from: UPDATE ... WHERE id = ? AND rev = ?, so a write
 * validated on a snapshot can never overwrite newer state.  Table access
 * only: what a change brings besides (its deadline rows, its mail) is
 * written by the command of server/svc that makes it. */
#ifndef CORRCHESS_STORE_GAMES_H
#define CORRCHESS_STORE_GAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/calendar.h"
#include "corr/corr.h"
#include "store/store.h"

#define STORE_NAME_MAX    128 /* a user's name, 1..100 bytes, and the NUL */
#define STORE_ROLE_MAX    8   /* "player", "tl", "admin" */
#define STORE_PROFILE_MAX 16

/* A stored game: the lib/corr value and what the GAME object shows
 * besides. */
struct store_game {
	int64_t id;
	char *event; /* new, or NULL */
	char profile[STORE_PROFILE_MAX];
	char start_date[CALENDAR_ISO_LEN];
	int64_t white, black; /* user ids */
	char white_name[STORE_NAME_MAX], black_name[STORE_NAME_MAX];
	char white_role[STORE_ROLE_MAX], black_role[STORE_ROLE_MAX];
	int64_t tournament; /* games.tournament_id, 0 = none */
	int64_t leader;     /* who leads it (docs/AUTHORITY.md): its tournament's TL, else the
	                       TL who made it; 0 = nobody (admins only) */
	struct corr_game g; /* the game value (owned) */
	/* The clock of g on day clock.on, kept by whoever computed it for
	 * this value of g, so the readers of the same value do not compute
	 * it again (issue 19: the move path computes it once after the
	 * change; the deadlines, the mail and the GAME answer read it).
	 * clock.days: each move's thinking days as that clock counts them
	 * (g.nmoves entries, owned); NULL: no clock kept.  Whoever changes g
	 * drops it (store_games_clock_drop()). */
	struct store_game_clock {
		int32_t on;
		struct clock_result res;
		int32_t *days;
		/* the memo of the last computation of g's clock (lib/clock
		 * clock_compute_memo()): kept even when g changes, it is only
		 * used for the plies it holds (issue 19); owned, NULL: none */
		struct clock_memo *memo;
	} clock;
};

/* Loads game id.  STORE_OK (free with store_games_free()), STORE_NOT_FOUND,
 * STORE_CORRUPT (err says what does not replay) or STORE_ERROR. */
int store_games_load(store *s, int64_t id, struct store_game *out, char *err, size_t errlen);

/* Frees what store_games_load() allocated; a zeroed struct is a no-op. */
void store_games_free(struct store_game *sg);

/* The clock kept in sg for day `on` (sg->clock), or NULL. */
const struct store_game_clock *store_games_clock(const struct store_game *sg, int32_t on);

/* Forgets the clock kept in sg (g changed). */
void store_games_clock_drop(struct store_game *sg);

/* The side user plays in sg (WHITE/BLACK), or CORR_NOBODY. */
int store_games_side_of(const struct store_game *sg, int64_t user);

/* A new game row (the caller checked every value): STORE_OK and *id, or
 * STORE_ERROR.  Inside the caller's transaction or on its own. */
struct store_new_game {
	int64_t white, black;
	const char *profile, *start_date, *fen, *event; /* event may be NULL */
	bool series_cancellable;
	int64_t tournament; /* 0 = none */
	int64_t led_by;     /* a standalone game: the TL who made it (0 = none) */
};
int store_games_insert(store *s, const struct store_new_game *ng, int64_t *id);

/* The game a delta was computed on: its id, its revision, its moves then,
 * its players (the reminder rows name the user). */
struct store_game_ref {
	int64_t id, rev;
	size_t nmoves;
	int64_t white, black;
	/* The ending as it was (a move of an active game leaves it, and the
	 * write then leaves its columns alone). */
	enum corr_status status;
	char result[CORR_RESULT_MAX], termination[CORR_TERMINATION_MAX];
	char how[CORR_HOW_MAX], played[CORR_RESULT_MAX]; /* result_how, played_result */
	int32_t finished_on;
};
struct store_game_ref store_games_ref(const struct store_game *sg);

/* Writes delta d of the game at ref (computed from it at that revision),
 * inside the caller's write transaction: appends the move rows, the
 * record, the corrected dates, replaces the state, bumps games.rev and
 * writes the audit line (as user `actor`, 0 = the server).  STORE_OK;
 * STORE_STALE when the game changed meanwhile (then the caller rolls back:
 * nothing of it stays); STORE_ERROR. */
int store_games_write(store *s, const struct store_game_ref *ref, const struct corr_delta *d,
                      int64_t actor);

/* The ids of the active games in id order (new array, free() it; *n of
 * them), read in one statement: STORE_OK or STORE_ERROR (then *ids is
 * NULL). */
int store_games_active(store *s, int64_t **ids, size_t *n);

/* A game that ended by a time forfeit (the TL overview). */
struct store_forfeit {
	int64_t id, white, black;
	char result[CORR_RESULT_MAX];
	char since[CALENDAR_ISO_LEN]; /* finished_on, else the start date */
};

/* Which games of a player (issue 26: every "games of a player" is this). */
struct store_games_filter {
	int64_t player;
	int64_t before;     /* only ids below it (a page's cursor); 0: any */
	bool active;        /* only the active games */
	int64_t tournament; /* only this tournament's; 0: any */
	const char *since;  /* only the active ones and those finished on or after
	                       this date (a finished game without finished_on: its start
	                       date); NULL: any */
	bool oldest_first;  /* in id order; else newest first */
};

/* The ids of the games f selects, at most max (SIZE_MAX: all), into a
 * new array (free() it; NULL when none): STORE_OK and *n, or STORE_ERROR. */
int store_games_of(store *s, const struct store_games_filter *f, size_t max, int64_t **ids,
                   size_t *n);

/* What a list of games shows (GET /games?view=summary, API.md), read
 * from the rows, no move replayed. */
struct store_game_summary {
	int64_t id, rev, tournament; /* tournament 0: none */
	bool has_event;
	char event[808]; /* 200 characters of UTF-8 */
	char profile[STORE_PROFILE_MAX];
	char start_date[CALENDAR_ISO_LEN];
	int64_t white, black;
	char white_name[STORE_NAME_MAX], black_name[STORE_NAME_MAX];
	char white_role[STORE_ROLE_MAX], black_role[STORE_ROLE_MAX];
	bool active;
	char result[CORR_RESULT_MAX], termination[CORR_TERMINATION_MAX];
	int draw_offer; /* WHITE, BLACK or CORR_NOBODY */
	int to_move;    /* WHITE or BLACK, from the FEN */
	int plies;      /* the moves played; 0: none */
	char last_san[SAN_MAX], last_iccf[ICCF_MAX];
	char last_sent[CALENDAR_ISO_LEN];
	int32_t forfeit_on; /* the stored forfeit date of the side to move
	                       (game_deadlines), CLOCK_NO_DATE: none */
};

/* The summaries of the games f selects, at most max, into a new array
 * (free() it): STORE_OK and *n, or STORE_ERROR. */
int store_games_summaries(store *s, const struct store_games_filter *f, size_t max,
                          struct store_game_summary **out, size_t *n);

/* What a game's GET shows changes only with one of these (migrations
 * 0039 to 0041): its players and revision (the games row, its moves),
 * both players' list revisions (any write of the games row, a stored
 * move changed, a forfeit date, a vacation of either player, a reminder
 * or TL notice of the sweep; the records of a rules delta come with an
 * UPDATE of the games row), and the names' revision.  Read in the GET's
 * read transaction; server/api/game_json.c keeps the GAME by it. */
struct store_game_shown {
	int64_t white, black, rev;
	int64_t white_rev, black_rev, names_rev;
};

/* STORE_OK, STORE_NOT_FOUND (no such game) or STORE_ERROR. */
int store_games_shown(store *s, int64_t id, struct store_game_shown *out);

/* The revision of what player's game list shows (migration 0039): the
 * player's own (0 before his first game) and the names' (every user's
 * name and role).  Read in the transaction of the list it keys. */
int store_games_listed_rev(store *s, int64_t player, int64_t *mine, int64_t *names);

/* The cache of replayed games (store/game_cache.h) as /metrics shows it. */
struct store_games_cache {
	unsigned long long hits, misses;
	size_t entries, bytes, budget;
};
void store_games_cache_stats(store *s, struct store_games_cache *out);

/* Keeps the moves of sg, a game just committed at sg->g.rev (its delta
 * applied in memory, svc/svc_game.c), in the cache of replayed games, so
 * the next read of that revision (the next move's load) replays nothing.
 * Never inside a write transaction.  The key is (id, rev) and the
 * position: a game that is not what the database holds at that rev is
 * never read from it. */
void store_games_cache_keep(store *s, const struct store_game *sg);

/* Bumps the revision of game id without another change (its clocks
 * changed: a vacation stored), inside the caller's write transaction.
 * STORE_OK or STORE_ERROR. */
int store_games_touch(store *s, int64_t id);

#endif
