/* games.h: a stored game, loaded and replayed, and its GAME JSON.
 *
 * games_load() reads a game row and its move rows, replays every stored
 * move from the start position through lib/ (so a stored game can always
 * be rebuilt, and a replay that disagrees with the stored FEN is reported
 * as a corrupt game rather than served), and collects the vacations that
 * stop its clocks.  The handlers of api_games.c, api_export.c and
 * api_vacations.c all work on this struct. */
#ifndef CORRCHESS_GAMES_H
#define CORRCHESS_GAMES_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "api/api.h"
#include "chess/fen.h"
#include "chess/game.h"
#include "chess/position.h"
#include "clock/clock.h"
#include "api/jsonw.h"

#define GAMES_DATE 11 /* YYYY-MM-DD and the NUL */
#define GAMES_FIRST_YEAR 1900 /* the years a game may start in */
#define GAMES_LAST_YEAR 2999

struct games_move {
	int ply;                   /* 1, 2, ... */
	char iccf[8];              /* DSU form: "5254", "5758(1)" */
	char san[12];
	char uci[6];
	char received[GAMES_DATE];
	char sent[GAMES_DATE];
	int days;                  /* thinking days charged when it was made */
	bool series;               /* the proposer's move, made automatically from his
				      series (DSU 6.2.5); moves.series = 1 */
	bool accepted;             /* the receiver's move that followed the opponent's
				      series (6.3.3.2); moves.series = 2 */
	move m;                    /* the move in lib/ form */
};

struct games_game {
	int64_t id;
	char *event;               /* new, or NULL */
	char profile[16];
	const struct clock_profile *prof; /* borrowed, static */
	char start_date[GAMES_DATE];
	int64_t white, black;      /* user ids */
	char white_name[128], black_name[128];
	char white_role[8], black_role[8];
	char start_fen[FEN_MAX];
	char fen[FEN_MAX];         /* the stored FEN (equal to the replay) */
	char status[12];           /* "active" or "finished" */
	char result[8];            /* "*", "1-0", "0-1", "1/2-1/2", "0-0" */
	char termination[16];      /* "" when none */
	char draw_offer[6];        /* "", "white", "black" */
	char series_by[6];         /* "", "white", "black" */
	json_t *series;            /* the pending series: JSON array of ICCF strings, or NULL */
	bool series_cancellable;   /* DSU 6.2.5 (SPEC 3): its proposer may cancel a pending
				      series before the opponent answers it; games.series_cancellable */
	int nmoves;
	int cap;                   /* room in moves */
	struct games_move *moves;  /* new, nmoves entries */
	game *replay;              /* new: the start position and every move played */
	struct clock_interval *stops; /* new: vacations and special leave of both players */
	size_t nstops;
};

/* Loads game id with its moves and stops.  Returns 0; 404 when there is
 * no such game; 500 when the stored moves do not replay (err says where).
 * On success free with games_unload(). */
int games_load(struct app *app, int64_t id, struct games_game *g, char *err, size_t errlen);

/* Appends a move just played in g->replay to g->moves (the stored row's
 * texts and dates); 0, or -1 when out of memory. */
int games_append(struct games_game *g, const struct games_move *m);

/* Frees what games_load() allocated; a zeroed struct is a no-op. */
void games_unload(struct games_game *g);

/* Appends the GAME object of API.md to w, as `viewer` may see it (a
 * pending series is shown to its proposer and TLs always, and to the
 * opponent only outside the server profile).  today: YYYY-MM-DD, for the
 * clocks.  Cost: linear in the moves. */
void games_write_json(struct jsonw *w, const struct games_game *g, const struct user *viewer,
		      const char *today);

/* The values of the moves.series column. */
enum { GAMES_MOVE_NORMAL = 0, GAMES_MOVE_AUTO = 1, GAMES_MOVE_ACCEPTED = 2 };

/* True when viewer may see the pending series of g: its proposer and TLs
 * always, the opponent outside the server profile (DSU 6.2.5). */
bool games_series_visible(const struct games_game *g, const struct user *viewer);

/* The pending series as moves from the current position (n entries, the
 * first one proposed to the side to move); returns n, 0 when there is no
 * series, -1 when a stored series no longer parses (logged). */
int games_pending_series(const struct games_game *g, move *out, size_t room);

/* Computes both clocks (lib/clock) as of `today`.  0, or -1 with err. */
int games_clock(const struct games_game *g, const char *today, struct clock_result *res,
		char *err, size_t errlen);

/* "white" or "black": the side to move, from the replay. */
const char *games_to_move(const struct games_game *g);

/* The colour ("white"/"black") user plays in g, or NULL when not a player. */
const char *games_color_of(const struct games_game *g, int64_t user);

/* Writes an audit line (what a TL, a player's claim or the sweep decided,
 * and why) on the calling thread's connection, inside the caller's
 * transaction.  user 0 = the server itself.  0, or -1 on a database error. */
int games_audit(struct app *app, int64_t user, int64_t game_id, const char *action,
		const char *detail);

/* Ends game id with result and termination (NULL: none) on today, in the
 * caller's transaction: status finished, the draw offer and a pending
 * series dropped.  Only an active game unless `correct` (a TL correcting
 * a result); with plies >= 0 only while it has exactly that many moves.
 * 1 ended, 0 not as expected (ended or moved meanwhile), -1 on a
 * database error. */
int games_end(struct app *app, int64_t id, const char *result, const char *termination,
	      const char *today, int plies, bool correct);

#endif
