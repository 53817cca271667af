/* corr.h: the correspondence game as a value, and the pure operations on
 * it (DSU 6.2-6.3, 6.8; DSU 6.2.5, 6.3).
 *
 * A struct corr_game is everything the rules look at: the time profile,
 * the start date, the dated moves, the pending move series, the draw
 * offer, the status and result, and the revision the store keeps it
 * under.  It owns its arrays (free with corr_game_free()).
 *
 * Every operation (a move, a claim, resigning, the draw actions,
 * cancelling a series, a TL result, the sweep's forfeit) reads the game
 * and answers a struct corr_delta: the move rows to append and the whole
 * new state, plus the audit line the store keeps.  It never changes the
 * game: the caller stores the delta (server/store: one UPDATE ... WHERE
 * rev = ?) and then, if it wants the new value in memory, corr_apply()s
 * it.  A refusal changes nothing and fills a struct corr_error: a stable
 * code (the "code" of API.md errors, e.g. "not_your_turn") and a
 * sentence.  The HTTP status of a code is the server's business (one
 * table in server/api/reply.c).
 *
 * Adding a field (the notices, reminders and penalties of the rules
 * issue): put it into struct corr_state (the delta then carries it), read
 * and write it in server/store/store_games.c, show it in server/api/game_json.c.
 *
 * Pure library code: no I/O, only libc and lib/.  Dates are calendar.h
 * day numbers; sides are WHITE and BLACK of chess/position.h, CORR_NOBODY
 * for none. */
#ifndef CORRCHESS_CORR_H
#define CORRCHESS_CORR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/fen.h"
#include "chess/game.h"
#include "chess/position.h"
#include "clock/clock.h"
#include "corr/series.h"
#include "notation/iccf.h"
#include "notation/san.h"
#include "notation/uci.h"

#define CORR_NOBODY          (-1)
#define CORR_RESULT_MAX      8   /* "1/2-1/2" and the NUL */
#define CORR_TERMINATION_MAX 16  /* "dead_position" and the NUL */
#define CORR_HOW_MAX         12  /* "adjudicated" and the NUL */
#define CORR_MESSAGE_MAX     512 /* a refusal's sentence */
#define CORR_ACTION_MAX      32  /* an audit action: "claim_time_forfeit" */
#define CORR_DETAIL_MAX      2100
#define CORR_DELTA_ROWS      2 /* a move and the series reply it triggers */
#define CORR_FINDINGS_MAX    6
#define CORR_FIRST_YEAR      1900 /* the years a game may start in: the clocks */
#define CORR_LAST_YEAR       2999 /* look years ahead, the calendar ends in 9999 */

/* The values of the moves.series column. */
enum corr_move_kind {
	CORR_MOVE_NORMAL = 0,   /* made by its player */
	CORR_MOVE_AUTO = 1,     /* made for the proposer from his series (DSU 6.2.5), 0 days */
	CORR_MOVE_ACCEPTED = 2, /* the receiver's move that followed the opponent's series
	                           (6.3.3.2: the control moves to the last one of a run) */
	CORR_MOVE_BROKE = 3,    /* the receiver's move that broke the series off: its days
	                           belong to the series check (6.3.3.2, vector S3) */
};

/* A recorded event of the rules (issue 9; DSU 6.3.4, docs/RULES.md),
 * loaded with the game; the clock's penalties follow these only. */
enum corr_record_kind {
	CORR_REC_REMINDER = 0,  /* a reminder to `side` was sent (the sweep's, or posted by
	                           his opponent and recorded; DSU 6.3.4) */
	CORR_REC_TL_NOTICE = 1, /* ... and the TL was told */
	CORR_REC_NOTICE = 2,    /* `side` announced `days` for his move (6.3.4 ¶1) */
	CORR_REC_PENALTY = 3,   /* a TL added `days` to `side` (6.3.5.1, 6.8.6) */
};

#define CORR_REASON_MAX 512

struct corr_record {
	enum corr_record_kind kind;
	int side;       /* WHITE / BLACK: the player it concerns */
	int ply;        /* reminders, notices: the moves made then (the pending move) */
	int32_t on;     /* the day it was sent / given */
	int32_t due;    /* reminders: the day it was due */
	int days;       /* notices, penalties */
	bool by_player; /* a reminder the waiting player posted himself */
	char reason[CORR_REASON_MAX]; /* penalties */
};

/* One dated move. */
struct corr_move {
	move m;
	enum corr_move_kind kind;
	int32_t received;    /* when its player got the opponent's move */
	int32_t sent;        /* when he sent it */
	int32_t days;        /* thinking days when it was made (moves.days); what the
	                        GAME shows is the clock's figure now (corr_clock()) */
	char iccf[ICCF_MAX]; /* "5254", "5758(1)" */
	char san[SAN_MAX];   /* "e4", "exd8=Q+" */
	char uci[UCI_MAX];   /* "e2e4" */
};

enum corr_status { CORR_ACTIVE = 0, CORR_FINISHED = 1 };

/* The part of a game an operation replaces whole (the delta's new state).
 * The notices, reminders and penalties of the rules issue go here. */
struct corr_state {
	enum corr_status status;
	char result[CORR_RESULT_MAX];           /* "*", "1-0", "0-1", "1/2-1/2", "0-0" */
	char termination[CORR_TERMINATION_MAX]; /* "" when none */
	int32_t finished_on;                    /* CLOCK_NO_DATE while active */
	int draw_offer;                         /* the side offering, or CORR_NOBODY */
	int series_by;                          /* the proposer of the pending series, or
	                                           CORR_NOBODY */
	size_t nseries;                         /* its moves, the first one proposed to the
	                                           side to move (the proposer's opponent) */
	move series[SERIES_MAX];
	bool holiday_play;            /* both agreed to play on in the mandatory
	                                 holidays (DSU 6.3.6.2) */
	char how[CORR_HOW_MAX];       /* how the result came about (GAME result_how):
	                                 "played" (on the board, or a claim, the sweep),
	                                 "reported", "adjudicated", "scored" (a TL,
	                                 corr_tl_result()); "" while active, or for a
	                                 result stored before the distinction */
	char played[CORR_RESULT_MAX]; /* a game 6.2.8 scored after it had finished:
	                                 the result as played, for the rating
	                                 (rating_played_token(); 4.5.4.2); "" else */
};

struct corr_game {
	int64_t rev;                         /* games.rev: every stored change bumps it */
	const struct clock_profile *profile; /* borrowed, static */
	int32_t start;                       /* the start date */
	bool series_cancellable;             /* DSU 6.2.5: the proposer may cancel */
	game *chess;                         /* new: the start position and every move */
	size_t nmoves, cap;
	struct corr_move *moves;      /* new, nmoves entries */
	struct clock_interval *stops; /* new: vacations and special leave of both
	                                 players (DSU 6.3.6), nstops entries */
	size_t nstops;
	struct corr_record *records; /* new: reminders, notices, penalties, in the order
	                                recorded; nrecords entries */
	size_t nrecords, rcap;
	struct corr_state state;
};

/* A refusal: a stable code (static storage) and a sentence. */
struct corr_error {
	const char *code;
	char message[CORR_MESSAGE_MAX];
};

/* A corrected date of a stored move (DSU 6.2.1.1 c): ply 1, 2, ... */
struct corr_fix {
	size_t ply;
	int32_t received, sent;
};

#define CORR_DELTA_FIXES 2 /* the move and the one whose received date follows it */

/* What an operation changes: rows appended to the moves, then the whole
 * new state, and the audit line (action "" = none); a record to add and
 * dates to correct (issue 9).  answer_code: stored, yet the request is
 * answered with this refusal (409 lost_on_time: the game ends, the move
 * is not played). */
struct corr_delta {
	size_t nrows;
	struct corr_move rows[CORR_DELTA_ROWS];
	struct corr_state state;
	char fen[FEN_MAX]; /* the position after the rows */
	char action[CORR_ACTION_MAX];
	char detail[CORR_DETAIL_MAX];
	bool has_record;
	struct corr_record record;
	size_t nfixes;
	struct corr_fix fixes[CORR_DELTA_FIXES];
	const char *answer_code; /* NULL: answer with the game */
	char answer_message[CORR_MESSAGE_MAX];
};

/* ---- the value ---- */

/* Starts an empty game from *start: active, no moves, rev 0.  CC_OK, or
 * CC_ERR_INVALID (no profile) / CC_ERR_NOMEM with e filled; on failure
 * there is nothing to free. */
int corr_game_init(struct corr_game *g, const position *start, const struct clock_profile *p,
                   int32_t start_day, struct corr_error *e);

/* Frees what g owns; a zeroed struct is a no-op. */
void corr_game_free(struct corr_game *g);

/* A deep copy of src into *dst (its moves, stops and records; the
 * profile is shared, static).  CC_OK, or CC_ERR_NOMEM with nothing to
 * free.  O(moves + stops + records), no move replayed. */
int corr_game_copy(struct corr_game *dst, const struct corr_game *src, struct corr_error *e);

/* The bytes g holds (its struct and what it owns). */
size_t corr_game_bytes(const struct corr_game *g);

/* Replays a stored move: mv->uci is parsed from the current position and
 * played (its texts and dates are kept as given).  CC_OK, or
 * CC_ERR_ILLEGAL ("corrupt": it does not replay) / CC_ERR_NOMEM.
 * Cost: three legal move generations. */
int corr_game_push(struct corr_game *g, const struct corr_move *mv, struct corr_error *e);

/* Sets the pending series from its stored texts (any notation, usually
 * ICCF), read from the current position: the first one is proposed to
 * the side to move.  CC_OK, or CC_ERR_INVALID (does not parse; e says
 * which) with the state unchanged. */
int corr_game_set_series(struct corr_game *g, int by, const char *const *texts, size_t n,
                         struct corr_error *e);

/* Stores the vacations of both players (copied).  CC_OK or CC_ERR_NOMEM. */
int corr_game_set_stops(struct corr_game *g, const struct clock_interval *stops, size_t n,
                        struct corr_error *e);

/* Appends a stored record (copied).  CC_OK or CC_ERR_NOMEM. */
int corr_game_add_record(struct corr_game *g, const struct corr_record *r, struct corr_error *e);

/* The side to move (WHITE/BLACK), and the position now (borrowed). */
int corr_to_move(const struct corr_game *g);
const position *corr_position(const struct corr_game *g);

/* Applies a delta the store accepted: plays its rows, takes its state,
 * bumps rev.  CC_OK, or CC_ERR_ILLEGAL / CC_ERR_NOMEM (then g is only
 * good for corr_game_free()). */
int corr_apply(struct corr_game *g, const struct corr_delta *d, struct corr_error *e);

/* DSU 6.2.5: who sees the pending series: its proposer always, the
 * opponent (and anyone else) only where the profile shows it (post and
 * e-mail: it is in the letter; the server hides it, as ICCF does).
 * viewer: the viewer's seat in the game (auth_seat()) or CORR_NOBODY;
 * never his role (docs/AUTHORITY.md). */
bool corr_series_visible(const struct corr_game *g, int viewer);

/* Both clocks as of today (lib/clock), with the recorded reminders and TL
 * notices (the silence penalties follow them only, DSU 6.3.4), the notices
 * of a longer think, the TL penalties and the holiday agreement.  plies:
 * NULL, or room for g->nmoves
 * entries (each move's thinking days as the clock counts them now, after
 * any special leave or corrected date).  CC_OK, or a lib status with e
 * filled. */
int corr_clock(const struct corr_game *g, int32_t today, struct clock_result *res,
               struct clock_ply *plies, struct corr_error *e);

/* corr_clock() with each move's thinking days as that clock counts them
 * (DSU 6.3.6: the figure now) in *days, a new array of g->nmoves entries
 * (at least one; free it).  CC_OK; CC_ERR_NOMEM; or the clock's status
 * with e filled (*days NULL). */
int corr_clock_days(const struct corr_game *g, int32_t today, struct clock_result *res,
                    int32_t **days, struct corr_error *e);

/* corr_clock_days() with a memo of an earlier computation (lib/clock
 * clock_compute_memo(), issue 19): kept by the caller with the game, so
 * the clock after a move walks the new plies only; *memo is replaced by
 * this computation's.  The same result as corr_clock_days(). */
int corr_clock_days_memo(const struct corr_game *g, int32_t today, struct clock_result *res,
                         int32_t **days, struct clock_memo **memo, struct corr_error *e);

/* Everything corr_clock(g, today) reads, as bytes into key (room for
 * CORR_CLOCK_KEY_MAX(g)): two games with the same key on the same day
 * have the same clock, so a clock computed once may be kept under its
 * key and used for any game value with that key (issue 19).  Returns the
 * key's length. */
#define CORR_CLOCK_KEY_MAX(g) (64 + (g)->nmoves * 9 + (g)->nrecords * 21 + (g)->nstops * 8)
size_t corr_clock_key(const struct corr_game *g, int32_t today, unsigned char *key);

/* ---- the forfeit test and the sweep's findings ---- */

/* One side's standing against the time limit. */
struct corr_forfeit {
	bool over;     /* lost on time as of today */
	int32_t since; /* the first day he was over */
	int control;   /* the move number of the check he failed */
	int32_t limit; /* the allowance at that check */
};

/* DSU 6.3.3.1-6.3.3.3: THE forfeit test (claims, the sweep and the TL
 * overview all use it): a side is over when a check he made failed, or
 * when he is to move and can no longer send his move in time.  res is
 * corr_clock() of the same day.  O(1). */
void corr_forfeit_test(const struct corr_game *g, const struct clock_result *res, int32_t today,
                       struct corr_forfeit out[2]);

enum corr_finding_kind {
	CORR_FINDING_REMINDER = 0,     /* DSU 6.3.4, 6.8.3 */
	CORR_FINDING_TL_NOTICE = 1,    /* ... and the TL is told */
	CORR_FINDING_FORFEIT = 2,      /* 6.3.3.3-6.3.3.5, 6.8.7 */
	CORR_FINDING_ADJUDICATION = 3, /* 6.2.7 */
};

/* "reminder", "tl_notice", "forfeit", "adjudication" (static). */
const char *corr_finding_name(enum corr_finding_kind k);

struct corr_finding {
	enum corr_finding_kind kind;
	int side;         /* WHITE or BLACK: the player concerned */
	int ply;          /* moves made in the game; 0 for adjudication */
	int32_t due;      /* the day the rule made it due */
	int32_t received; /* silence: the day the pending move was received */
	int32_t tl_date;  /* reminder, tl_notice: the day the TL is to be told */
	char detail[200]; /* a sentence for a person */
};

/* What the rules make due in active game g as of today: at most
 * CORR_FINDINGS_MAX findings in the order forfeit, reminder, tl_notice,
 * adjudication; a player over his time gets a forfeit and no silence
 * finding.  Returns their number, or a negative lib status with e. */
int corr_findings(const struct corr_game *g, int32_t today, struct corr_finding *out,
                  struct corr_error *e);

/* ---- the operations ---- */

/* A move request as the player sent it (API.md "Moves"). */
struct corr_move_request {
	const char *text;          /* the move, any notation */
	const char *reply_to;      /* the opponent's last move as the player saw it, or NULL */
	const char *received;      /* YYYY-MM-DD or NULL (absent) */
	const char *sent;          /* YYYY-MM-DD or NULL */
	bool proposes;             /* a series came with the move */
	const char *const *series; /* its moves, alternately the opponent's and his own;
	                              only the first SERIES_MAX are read */
	size_t nseries;
	/* corr_clock(g, today) of the game the move is made in, when the
	 * caller has it (issue 19: kept from the last change of the same
	 * game value, corr_clock_key()); NULL: computed here. */
	const struct clock_result *clock;
};

/* POST .../moves by `side` on `today`: the turn, reply_to (409 stale),
 * the notation and legality, the dates of the profile (DSU 6.3.1,
 * 6.3.2.2, 6.8.6), the opponent's series followed or broken off (6.2.5:
 * a matching move makes the proposer's next series move at once, dated
 * the day the move it answers was sent, 0 days), a series of his own,
 * the automatic endings (FIDE 5.1.1, 5.2).  A series the mover cannot
 * see (the server profile) never changes an answer: when he sends a
 * series of his own, his move does not follow the hidden one, which is
 * broken off as by any other move (docs/ARCHITECTURE.md).  Codes:
 * not_your_turn, game_over, stale, malformed_move, illegal_move,
 * invalid_date, series_pending, illegal_series, internal. */
int corr_play(const struct corr_game *g, int side, const struct corr_move_request *rq,
              int32_t today, struct corr_delta *d, struct corr_error *e);

/* POST .../resign by side: the opponent wins (codes game_over). */
int corr_resign(const struct corr_game *g, int side, int32_t today, struct corr_delta *d,
                struct corr_error *e);

enum corr_draw_action { CORR_DRAW_OFFER, CORR_DRAW_ACCEPT, CORR_DRAW_DECLINE };

/* POST .../draw (FIDE 9.1: an offer stands until accepted, declined or a
 * move is made).  Codes game_over, draw_offered, no_draw_offer. */
int corr_draw(const struct corr_game *g, int side, enum corr_draw_action action, int32_t today,
              struct corr_delta *d, struct corr_error *e);

enum corr_claim_type { CORR_CLAIM_THREEFOLD, CORR_CLAIM_FIFTY, CORR_CLAIM_TIME_FORFEIT };

/* POST .../claim: FIDE 9.2, 9.3 by the side to move, optionally on the
 * position after its intended move `text`; DSU 6.3.3 time forfeit of the
 * opponent (corr_forfeit_test()).  Codes game_over, not_your_turn,
 * invalid_field, malformed_move, illegal_move, claim_rejected, internal. */
int corr_claim(const struct corr_game *g, int side, enum corr_claim_type type, const char *text,
               int32_t today, struct corr_delta *d, struct corr_error *e);

/* DELETE .../series by side (DSU 6.2.5): only where the game
 * allows it, only its proposer, only before the opponent answered.
 * side CORR_NOBODY: not a player.  Codes forbidden, game_over,
 * series_binding, no_series, series_answered. */
int corr_series_cancel(const struct corr_game *g, int side, struct corr_delta *d,
                       struct corr_error *e);

/* POST .../result: a TL records a result, also correcting a finished
 * game; result and termination checked by the caller's reader
 * (corr_result_valid()).  how (corr_how_valid(); NULL: "reported"): the
 * players' report of a game played, its moves on the server or not
 * (6.2.6, 6.8.9), his adjudication (6.2.7), or a game scored without
 * being played out (6.2.8).  Reported and adjudicated results are rated,
 * scored ones count in the standings only; a finished game that is
 * scored keeps the result as played in state.played (the rating takes
 * it, 4.5.4.2).  Codes invalid_field (how). */
int corr_tl_result(const struct corr_game *g, const char *result, const char *termination,
                   const char *how, const char *reason, int32_t today, struct corr_delta *d,
                   struct corr_error *e);

/* True for "1-0", "0-1", "1/2-1/2", "0-0". */
bool corr_result_valid(const char *result);

/* True for the ways a TL's result came about: "reported", "adjudicated",
 * "scored". */
bool corr_how_valid(const char *how);

/* The sweep ends a game lost on time by itself where the profile says so
 * (DSU 6.3.3.3); f is a CORR_FINDING_FORFEIT of g.  Codes
 * game_over, invalid_field (not a forfeit, or the profile does not end
 * games). */
int corr_sweep_forfeit(const struct corr_game *g, const struct corr_finding *f, int32_t today,
                       struct corr_delta *d, struct corr_error *e);

/* DSU 6.3.3.4: whether the opponent of a forfeited player played on after
 * the forfeit was there to see (clock_played_on()) as of today.  CC_OK
 * with *po, or a lib status with e. */
int corr_played_on(const struct corr_game *g, int32_t today, struct clock_played_on *po,
                   struct corr_error *e);

/* ---- the rules of issue 9 (lib/corr/rules.c; docs/RULES.md) ---- */

/* POST .../notice by side (the player to move): days 15..366, one notice a
 * move (DSU 6.3.4 ¶1), dated `on` (a postal player states the day he
 * posted it: not in the future, not before the move it answers was
 * sent) or CLOCK_NO_DATE (today; the only choice outside postal play).
 * A player who gave notice is charged no silence penalty for that move,
 * unless a reminder to him was dated before his notice (corr_clock()).
 * Codes game_over, not_your_turn, invalid_field, invalid_date,
 * notice_given. */
int corr_notice(const struct corr_game *g, int side, int days, int32_t on, int32_t today,
                struct corr_delta *d, struct corr_error *e);

/* POST .../reminder by side (the waiting player, postal play), posted on
 * `sent`: not before the clock's reminder date (DSU 6.3.4: 14 days, or
 * the days announced, and the post both ways), once a move.  Codes
 * game_over, your_turn, not_postal, too_early, invalid_date,
 * already_reminded, internal. */
int corr_reminder(const struct corr_game *g, int side, int32_t sent, int32_t today,
                  struct corr_delta *d, struct corr_error *e);

/* POST .../penalty by a TL: days 1..1000 to side (DSU 6.3.5.1, 6.8.6).
 * Codes game_over, invalid_field. */
int corr_penalty(const struct corr_game *g, int side, int days, const char *reason, int32_t today,
                 struct corr_delta *d, struct corr_error *e);

/* PATCH .../moves/{ply} by a TL (DSU 6.2.1.1 c): received and/or sent
 * (CLOCK_NO_DATE: unchanged); where the profile derives the received date
 * the next move's received date follows a corrected sent date.  Received
 * is stated by post; by e-mail it may be corrected to a longer
 * transmission than the normal day (6.8.2), never earlier; on the server
 * it is the server's.  The corrected game must satisfy the clock.  Codes
 * not_found, invalid_field, invalid_date, missing_field. */
int corr_move_dates(const struct corr_game *g, size_t ply, int32_t received, int32_t sent,
                    const char *reason, int32_t today, struct corr_delta *d, struct corr_error *e);

/* POST .../holiday_play by a TL (DSU 6.3.6.2): both players agreed (or
 * no longer).  Codes game_over. */
int corr_holiday_play(const struct corr_game *g, bool agreed, const char *reason,
                      struct corr_delta *d, struct corr_error *e);

#define CORR_MESSAGE_CHARS 1000 /* characters of a message to the opponent */

/* A message to the opponent (POST .../messages, API.md "Messages"): only
 * the game's two players write one (seat WHITE or BLACK; the game may be
 * over), 1..CORR_MESSAGE_CHARS characters of UTF-8, not all blank, no
 * control character (C0, DEL, C1) but the line feed.  CC_OK, or a refusal
 * with the codes not_a_player, invalid_field.  O(length). */
int corr_message(const struct corr_game *g, int seat, const char *text, struct corr_error *e);

/* For the operations: a delta that changes nothing yet (no rows, the
 * state as it is, the FEN of the position now, no audit line). */
void corr_delta_init(struct corr_delta *d, const struct corr_game *g);

/* For the operations: the delta ends the game on `day` with result and
 * termination ("" none), played on the board (state.how "played"); the
 * draw offer and a pending series end with it. */
void corr_delta_finish(struct corr_delta *d, const char *result, const char *termination,
                       int32_t day);

/* Sets e and returns status: the one way lib/corr refuses. */
int corr_fail(struct corr_error *e, int status, const char *code, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

/* "white" / "black" (static); "" for CORR_NOBODY. */
const char *corr_side_name(int side);

#endif
