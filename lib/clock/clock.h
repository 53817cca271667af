/* clock.h: the day-based thinking-time engine of the DSU correspondence
 * rules (Reglement for DSU's korrespondanceskak-turneringer, July 2005,
 * sections 6.3 and 6.8; DSU 6.3).
 *
 * Everything is counted in whole calendar days, with dates as calendar.h
 * day numbers.  A move's thinking time is the number of days d with
 * received <= d < sent that are not stopped; a day is stopped when it lies
 * in a vacation of either player, in TL special leave, or (if the profile
 * has them) in a mandatory holiday.
 *
 * Cost: stopped days are never visited one by one.  Vacations are sorted
 * and merged once; holidays are generated as two intervals per year; a
 * count is "span minus the overlap with the merged intervals".  So every
 * function here costs O(number of stop intervals + number of years
 * spanned), whatever the number of days, and clock_compute() walks the
 * moves and the intervals once, side by side.
 *
 * Pure library code: no I/O, only libc.  Inputs are plain structs owned by
 * the caller and only read; outputs go into caller-provided structs.  No
 * function keeps a pointer past its return.  Failing functions return a
 * negative enum cc_status (status.h) and write a sentence into err (which
 * may be NULL when errlen is 0).
 */
#ifndef CORRCHESS_CLOCK_H
#define CORRCHESS_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/calendar.h"

/* "No date": an input to derive, or an output that does not apply. */
#define CLOCK_NO_DATE INT32_MIN

/* A closed span of days, both ends included (a vacation "8/6-22/6 begge
 * dage inkl.", DSU 6.3.6.3). */
struct clock_interval {
	int32_t first; /* first stopped day */
	int32_t last;  /* last stopped day, >= first */
};

/* ------------------------------------------------------------------------
 * Time profiles (DSU 6.3, 6.8.6; docs/RULES.md).  A tournament picks one.
 */

/* When a move counts as received by the player who must answer it. */
enum clock_receipt {
	CLOCK_RECEIPT_STATED = 0,   /* postal: the date the receiver states (6.2.1.1 b) */
	CLOCK_RECEIPT_NEXT_DAY = 1, /* e-mail: the day after the sender's date (6.3.2.2 a, 6.8.6) */
	CLOCK_RECEIPT_SAME_DAY = 2, /* server: the day the move was made */
};

struct clock_profile {
	const char *name;           /* "dsu-post", ...; borrowed */
	int days_per_period;        /* days of each control period (30) */
	int moves_per_period;       /* moves of each control period (10) */
	enum clock_receipt receipt; /* see enum clock_receipt */
	bool weekend_rule;          /* a Sunday posting counts as Saturday (6.3.2.1) */
	bool holidays;              /* the mandatory holidays stop the clocks (6.3.6.2) */
	int vacation_days;          /* vacation allowance per tournament year (35) */
	int vacation_notice;        /* first vacation day >= notice date + this (6) */
	bool vacation_all_games;    /* a vacation covers all of the player's games (server
	                               play); false: all remaining games of its own
	                               tournament (6.3.6.1, 6.8.8); the caller applies
	                               it, the engine only reports it */
	int special_leave_days;     /* TL special leave per tournament year, -1 = no cap */
	int reminder_days;          /* silence before the reminder (14, 6.3.4) */
	bool reminder_from_sent;    /* the silence counts from the waiting player's own
	                               mail ("efter 14 dage", 6.8.3), no post added;
	                               otherwise from the mover's received date plus
	                               the post back (6.3.4 "14 dage + posttid begge
	                               veje") */
	int transit_days;           /* postal transit one way, added to the reminder
	                               ("14 dage + posttid begge veje"); 0 otherwise */
	int tl_days;                /* days after the reminder before the TL is told (7) */
	int penalty_reminder;       /* >14 days without notice and reminded (3) */
	int penalty_tl;             /* ... and the TL had to be told too (6 more) */
	int penalty_invalid;        /* an impossible or illegible move sent (3) */
	int penalty_invalid_repeat; /* each later one in the same game (postal 6) */
	int adjudication_months;    /* TL may call the game in after this (18, 6.2.7) */
	bool series_shown;          /* the opponent sees a pending move series: yes by
	                               post and e-mail (it is in the letter, 6.2.5),
	                               no on the server (hidden, as ICCF does) */
	bool auto_forfeit;          /* the daily sweep ends a game lost on time by
	                               itself (server); otherwise it is claimed or
	                               set by the TL (DSU 6.3.3.3, 6.8.7) */
};

/* A built-in profile by name: "dsu-post", "dsu-post-email" (a postal
 * game played by e-mail, DSU 6.2.1.2 and 6.3.2.2), "dsu-email" (the
 * e-mail tournaments of 6.8) or "server".
 * Borrowed, static storage; NULL for an unknown name or NULL. */
const struct clock_profile *clock_profile_find(const char *name);

/* The i-th built-in profile (0, 1, 2, ...), NULL past the last one; for
 * listing them. */
const struct clock_profile *clock_profile_at(size_t i);

/* Checks a custom profile: periods and moves positive, no negative day
 * counts, the receipt rule known, sizes small enough that no sum can
 * overflow.  CC_ERR_INVALID (or CC_ERR_RANGE) with the field named in err. */
int clock_profile_check(const struct clock_profile *p, char *err, size_t errlen);

/* ------------------------------------------------------------------------
 * Calendar rules.
 */

/* The Easter holiday of a year: Tuesday before to Tuesday after Easter
 * Sunday, both included (DSU 6.3.6.2).  CC_ERR_RANGE outside the years
 * CALENDAR_MIN_YEAR..CALENDAR_MAX_YEAR. */
int clock_easter_holiday(int year, struct clock_interval *span);

/* Both mandatory holidays of a year in date order: [0] Easter, [1] 20-31
 * December (DSU 6.3.6.2).  CC_ERR_RANGE as above. */
int clock_holidays(int year, struct clock_interval out[2]);

/* The date a move counts as received, given the opponent's sent date:
 * e-mail the day after (6.3.2.2 a), server the same day.  For a postal
 * profile the receiver states the date, so this fails with CC_ERR_INVALID. */
int clock_receipt_date(const struct clock_profile *p, int32_t opponent_sent, int32_t *received,
                       char *err, size_t errlen);

/* The sent date that counts: with the weekend rule a Sunday posting counts
 * as the Saturday before (6.3.2.1), but never earlier than received. */
int32_t clock_counted_sent(const struct clock_profile *p, int32_t received, int32_t sent);

/* ------------------------------------------------------------------------
 * One move.
 */

/* The breakdown of one move's thinking time. */
struct clock_days {
	int32_t days;         /* thinking time charged (DSU 6.3.1) */
	int32_t calendar;     /* counted sent - received: the days before stops */
	int32_t stopped;      /* days of [received, counted sent) that were stopped */
	int32_t counted_sent; /* sent after the weekend rule */
};

/* Thinking time of one move received on `received` and sent on `sent`
 * (DSU 6.3.1, 6.3.2, 6.3.6): days d with received <= d < counted sent that
 * are in none of the stops nor (profile->holidays) a mandatory holiday.
 * stops: vacations of either player and TL special leave, in any order,
 * overlapping or not (n may be 0, stops then may be NULL).
 * Cost O(n log n + years spanned).  Fails with CC_ERR_INVALID (sent before
 * received, a stop with last < first), CC_ERR_RANGE (a date outside
 * CALENDAR_MIN_DAY..CALENDAR_MAX_DAY) or CC_ERR_NOMEM. */
int clock_move_days(const struct clock_profile *p, int32_t received, int32_t sent,
                    const struct clock_interval *stops, size_t nstops, struct clock_days *out,
                    char *err, size_t errlen);

/* The inverse: the first date on which a move received on `received` and
 * sent that day would cost at least `days` days (received itself when
 * days <= 0).  Same stops and rules as clock_move_days(); the answer is
 * never a Sunday under the weekend rule unless it is `received`.
 * Cost O(n log n + years spanned).  Fails like clock_move_days(), and with
 * CC_ERR_RANGE when the date would lie past 9999. */
int clock_date_after(const struct clock_profile *p, int32_t received, int32_t days,
                     const struct clock_interval *stops, size_t nstops, int32_t *date, char *err,
                     size_t errlen);

/* ------------------------------------------------------------------------
 * Time control (DSU 6.3.3, 6.8.6).
 */

/* The allowance for a player's move number m: floor(m * days_per_period /
 * moves_per_period).  At the controls 10, 20, 30 ... this is 30, 60, 90
 * (dsu-post); with a move series accepted through move m it is the
 * series allowance (6.3.3.2: 12 -> 36, 11 -> 33).  CC_ERR_RANGE for m < 1
 * or absurdly large m. */
int clock_allowance(const struct clock_profile *p, int move, int32_t *limit);

/* The first control move >= move (10 for 1..10, 20 for 11..20, ...). */
int clock_next_control(const struct clock_profile *p, int move);

/* ------------------------------------------------------------------------
 * A whole game.
 */

enum clock_side { CLOCK_WHITE = 0, CLOCK_BLACK = 1 };

/* Flags of a move. */
enum {
	/* An accepted move of a series proposed by the opponent (DSU 6.2.5,
	   6.3.3.2): the control moves to the last accepted move of the run.
	   The check counts the receiver's days up to his last accepted move
	   when the series was used up, and up to the answer that broke it
	   off when it was not (CLOCK_MOVE_BROKE, "totalt før besvarelsen");
	   an answer sent the same day as the run (one card) counts too. */
	CLOCK_MOVE_ACCEPTED = 1,
	/* A reminder to the mover was recorded while this move was pending
	   (DSU 6.3.4: "og denne har sendt rykkerskrivelse"); its date is in
	   reminded_on.  Penalties follow recorded events only, never the
	   calendar alone (DSU 6.3.4). */
	CLOCK_MOVE_REMINDED = 2,
	/* ... and the TL notice was recorded as well (implies REMINDED); its
	   date is in tl_on. */
	CLOCK_MOVE_TL_TOLD = 4,
	/* A move the server made for its proposer from his series (0 days
	   for him, DSU 6.2.5): not a decision of his, so it never counts as
	   "playing on" after the opponent's forfeit (6.3.3.4). */
	CLOCK_MOVE_AUTO = 8,
	/* The receiver's move that broke off a series proposed to him: it
	   differs from the move proposed (6.2.5); its days belong to the
	   check of the accepted moves before it (6.3.3.2, vector S3). */
	CLOCK_MOVE_BROKE = 16,
};

/* One half-move as the clock sees it.  Moves alternate sides, starting
 * with clock_game.first_side.
 *
 * Silence penalties (DSU 6.3.4) need a record: the flag says a
 * reminder (TL notice) was recorded while the move was pending, the date
 * says when.  The penalty applies when the move took more than 14 days
 * without a notice (announced 0: "uden at have underrettet sin modstander
 * herom"; a move announced is never charged) and was sent on or after the
 * recorded date (a reminder dated after the move was sent crossed it and
 * costs nothing).
 * A date before `received` (CLOCK_NO_DATE, or 0 from a zeroed struct in
 * any game after 1970) counts as "recorded before the move was sent".
 * The two dates are read only when their flag is set. */
struct clock_move {
	int32_t received;    /* when the mover got the opponent's move; CLOCK_NO_DATE
	                        = derive it (start date for the first move, the
	                        profile's receipt rule otherwise; postal must state it) */
	int32_t sent;        /* postmark / sender's date; e-mail (receipt NEXT_DAY):
	                        may be the opponent's own date, a same-day reply that
	                        costs 0 days (6.3.2.2 a, vector E2) */
	int16_t announced;   /* days announced under 6.3.4 ("more than 14"), 0 = none */
	uint8_t invalid;     /* invalid or illegible moves sent before this one (6.3.5.1, 6.8.6) */
	uint8_t flags;       /* CLOCK_MOVE_* */
	int32_t reminded_on; /* with CLOCK_MOVE_REMINDED: the recorded reminder's date */
	int32_t tl_on;       /* with CLOCK_MOVE_TL_TOLD: the recorded TL notice's date */
};

/* The move the side to move has not sent yet. */
struct clock_pending {
	int32_t received;    /* CLOCK_NO_DATE = derive; postal: estimated as the last
	                        sent date + transit */
	int announced;       /* as in clock_move */
	int invalid;         /* invalid moves already sent for this move */
	unsigned flags;      /* CLOCK_MOVE_REMINDED / CLOCK_MOVE_TL_TOLD recorded so far */
	int series_last;     /* a series from the opponent proposes the mover's
	                        moves up to this number (0 = none, 6.3.3.2) */
	int32_t reminded_on; /* as in clock_move: the recorded dates, read only */
	int32_t tl_on;       /* with their flags */
};

/* Flags of a game. */
enum {
	/* Obsolete and ignored (issue 9): it used to derive the silence
	   penalties from the calendar alone, which DSU 6.3.4 does not allow
	   (vector P1).  Kept so that old callers still compile; record the
	   reminders instead (CLOCK_MOVE_REMINDED, CLOCK_MOVE_TL_TOLD). */
	CLOCK_GAME_AUTO_SILENCE = 1,
	/* Both players agreed to play on in the mandatory holidays (6.3.6.2).
	   The days stay 0, so no count changes; a pending move received in a
	   holiday gets no reminder and TL dates (CLOCK_NO_DATE: the sweep
	   sends no reminder about it, DSU 6.3.6.2); its forfeit date stands. */
	CLOCK_GAME_HOLIDAY_PLAY = 2,
	/* The game is over: nobody is to move, no pending move. */
	CLOCK_GAME_FINISHED = 4,
};

/* A penalty a TL added by hand (DSU 6.3.5.1 invalid or illegible postal
 * move: 3, a repeat 6; 6.8.6 e-mail: 3; DSU 6.3.4), with its date. */
struct clock_penalty {
	enum clock_side side; /* who is charged */
	int32_t on;           /* the day the TL recorded it */
	int32_t days;         /* 0..1000 */
};

struct clock_game {
	const struct clock_profile *profile; /* borrowed */
	int32_t start;                       /* game (= tournament) start date */
	int32_t today;                       /* for forfeit and adjudication checks;
	                                        CLOCK_NO_DATE = none */
	enum clock_side first_side;          /* who made moves[0] (White, or Black in
	                                        a thematic game) */
	const struct clock_move *moves;      /* the half-moves made, in order */
	size_t nmoves;
	const struct clock_interval *stops; /* vacations of both players, TL special
	                                       leave; any order, may overlap */
	size_t nstops;
	struct clock_pending pending; /* the side to move's pending move */
	int transit_days;             /* postal transit one way; < 0 = the profile's */
	unsigned flags;               /* CLOCK_GAME_* */
	/* TL penalties, sorted by date (optional: NULL and 0).  One joins
	   its player's used time on its date: it is charged with his first
	   move sent on or after it, else (none yet) to his clock as it
	   stands, the pending move's forfeit date included; a check it
	   fails is dated on the penalty's day at the earliest. */
	const struct clock_penalty *penalties;
	size_t npenalties;
};

/* One player's clock: what the CLOCK object of API.md carries. */
struct clock_player {
	int moves;             /* moves made */
	int32_t thinking_days; /* sum of the moves' thinking time */
	int32_t penalty_days;  /* penalties added (6.3.4, 6.3.5.1, 6.8.6) */
	int32_t used_days;     /* thinking_days + penalty_days */
	int next_control;      /* move number of the next check */
	int32_t limit_days;    /* allowance at that check */
	int32_t left_days;     /* limit_days - used_days (negative when over) */
	int32_t running_days;  /* side to move: what the pending move would cost if
	                          sent `today` (0 without today or not to move) */
	int32_t forfeit_date;  /* side to move: first date a move sent would be
	                          over the limit; else CLOCK_NO_DATE */
	int32_t reminder_date; /* side to move: the reminder is due (6.3.4, 6.8.3) */
	int32_t tl_date;       /* side to move: the TL must be told: tl_days after the
	                          recorded reminder, or after reminder_date when none
	                          is recorded yet */
	bool forfeited;        /* over a limit (6.3.3.1/6.3.3.2); checked after every
	                          move, so once over he stays forfeited whatever he
	                          sends later */
	int forfeit_move;      /* the check that failed, 0 when not forfeited */
	int32_t forfeit_on;    /* first date the player was over that limit */
};

/* Per half-move output of clock_compute(), optional. */
struct clock_ply {
	enum clock_side side;
	int number;       /* the mover's move count: 1, 2, ... */
	int32_t received; /* as used (derived dates filled in) */
	int32_t sent;
	int32_t days;    /* thinking time of this move */
	int32_t penalty; /* penalties charged with it */
	int32_t used;    /* the mover's used_days after it */
};

struct clock_result {
	struct clock_player player[2]; /* [CLOCK_WHITE], [CLOCK_BLACK] */
	int to_move;                   /* CLOCK_WHITE, CLOCK_BLACK, or -1 when finished */
	int32_t pending_received;      /* the side to move's received date, or CLOCK_NO_DATE */
	int32_t adjudication_date;     /* start + adjudication_months (6.2.7) */
	bool adjudication_due;         /* unfinished and today >= adjudication_date */
};

/* Computes both clocks of a game in one pass over its moves and stops:
 * each move's thinking time and penalties, the cumulative used time, the
 * checks at moves 10, 20, 30 ... (6.3.3.1) or at the last accepted move of
 * a series covering a control move (6.3.3.2, allowance m * days / moves),
 * the first forfeit, and for the side to move the next control, the
 * forfeit date, the reminder and TL dates (6.3.4).  Silence penalties
 * come from the recorded reminders and TL notices only (struct
 * clock_move); the forfeit date of the side to move counts the records
 * made so far, so it moves earlier when the sweep records one.  plies may be NULL,
 * else it has room for g->nmoves entries.
 * Cost O(nmoves + nstops log nstops + years spanned).  Fails with
 * CC_ERR_INVALID (a date out of order: received before the opponent's sent
 * or before the start, sent before received; a missing postal received
 * date; a bad stop; a bad profile), CC_ERR_RANGE (a date outside the
 * calendar range) or CC_ERR_NOMEM; err names the move.  res is undefined
 * on failure. */
int clock_compute(const struct clock_game *g, struct clock_result *res, struct clock_ply *plies,
                  char *err, size_t errlen);

/* What clock_compute_memo() keeps of a computation for the next one
 * (issue 19: the move path computed the whole game's clock at every
 * move): the running state after the game's plies and the inputs it came
 * from.  Opaque; owned by the caller. */
struct clock_memo;

/* clock_compute() with plies (not NULL) and a memo: when *memo holds a
 * computation of the same profile, start, first side, transit, stops and
 * penalties whose plies are the first plies of g, byte for byte, the
 * walk goes on from its last ply instead of from the start; either way
 * *memo is then replaced by the memo of this computation (NULL when out
 * of memory; on a failure it may be kept or freed and NULL: it is always
 * the caller's, and always true to what it was computed from).  With
 * plies NULL the memo is neither read nor replaced.  The result is the
 * same as clock_compute()'s (tests/check_clock.c and the date fuzzer
 * compare them).  Cost O(nmoves) to compare and copy, plus the plies
 * after the memo's. */
int clock_compute_memo(const struct clock_game *g, struct clock_result *res,
                       struct clock_ply *plies, struct clock_memo **memo, char *err, size_t errlen);

/* A copy of m (NULL: NULL, or out of memory). */
struct clock_memo *clock_memo_dup(const struct clock_memo *m);

/* Its bytes, for a cache's accounting (0 for NULL). */
size_t clock_memo_bytes(const struct clock_memo *m);

void clock_memo_free(struct clock_memo *m);

/* DSU 6.3.3.4, 6.3.3.3: "Det er ikke lovligt at lade en modstander
 * fortsætte et parti efter dennes tidsoverskridelse ... er partiet tabt for
 * begge spillere." */
struct clock_played_on {
	bool both_lose;   /* the opponent played on: the game is 0-0 */
	int forfeiter;    /* CLOCK_WHITE/CLOCK_BLACK: who forfeited (the one
	                     whose forfeit showed first), -1 = nobody */
	size_t shown_ply; /* his half-move that showed the forfeit (its used
	                     days were over), or nmoves when it ran out while
	                     he was to move and he has not moved since */
	size_t ply;       /* with both_lose: the opponent's first own move
	                     after shown_ply (auto series moves excluded) */
	int32_t on;       /* with both_lose: that move's sent date, else
	                     CLOCK_NO_DATE */
};

/* Whether the opponent of a forfeited player played on after the forfeit
 * was there to see: the forfeit shows with the forfeiter's first move sent
 * on or after his forfeit_on date (the card that carries the over-limit
 * time); a move the opponent sends himself after that one (not a
 * CLOCK_MOVE_AUTO series move) is playing on.  A forfeit that ran out
 * while the forfeiter was to move shows nothing until he moves.  res is
 * clock_compute()'s result for g.  O(nmoves); no allocation.
 * CC_ERR_INVALID for a NULL argument. */
int clock_played_on(const struct clock_game *g, const struct clock_result *res,
                    struct clock_played_on *out);

/* The silence dates of one pending move received on `received`, whose
 * opponent sent the move he answers on `opponent_sent` (DSU 6.3.4,
 * 6.8.3): the reminder is due once the mover has had reminder_days
 * unstopped days plus the transit back (6.3.4, "14 dage + posttid begge
 * veje"), or, with reminder_from_sent (6.8.3), reminder_days unstopped
 * days after opponent_sent; after a notice of `announced` days, not before
 * the mover has had those days plus the transit back ("end of the
 * announced days plus post").  The TL is told after tl_days more unstopped
 * days.  transit < 0 = the profile's; opponent_sent CLOCK_NO_DATE = count
 * from received.  Fails like clock_date_after(). */
int clock_silence_dates(const struct clock_profile *p, int32_t received, int32_t opponent_sent,
                        int announced, int transit, const struct clock_interval *stops,
                        size_t nstops, int32_t *reminder, int32_t *tl, char *err, size_t errlen);

/* ------------------------------------------------------------------------
 * Vacations (DSU 6.3.6, 6.8.8).
 */

enum clock_stop_kind {
	CLOCK_VACATION = 0,      /* the player's own, within the allowance (6.3.6) */
	CLOCK_SPECIAL_LEAVE = 1, /* granted by the TL, outside it (6.3.6.4, 6.8.8) */
};

enum clock_vacation_verdict {
	CLOCK_VAC_OK = 0,
	CLOCK_VAC_BAD_SPAN,         /* last before first, or outside the calendar */
	CLOCK_VAC_BEFORE_START,     /* starts before the tournament */
	CLOCK_VAC_NOTICE_TOO_SHORT, /* first day < notice + vacation_notice (6.3.6.1) */
	CLOCK_VAC_OVERLAP,          /* overlaps one of the player's own periods */
	CLOCK_VAC_TOO_LONG,         /* over the allowance of a tournament year (6.3.6) */
};

struct clock_vacation_check {
	enum clock_vacation_verdict verdict;
	int32_t days;           /* days the request charges (holidays excluded) */
	int32_t earliest_first; /* notice + vacation_notice, or CLOCK_NO_DATE */
	int year;               /* tournament year (0, 1, ...) of the first day */
	int32_t remaining;      /* allowance left in that year before the request;
	                           -1 when there is no cap */
};

/* Tournament year k of a date: years counted from the tournament start
 * (6.3.6: "pr. år, regnet fra turneringsstarten"); year k runs from start +
 * k years to the day before start + k + 1 years (29 February starts
 * become 28 February in common years).  span may be NULL.  CC_ERR_RANGE
 * for a date before the start. */
int clock_tournament_year(int32_t start, int32_t date, int *year, struct clock_interval *span);

/* Days a stop charges against an allowance: its length less the mandatory
 * holiday days inside it (they "do not use up vacation days", DSU 6.3.6.2)
 * when the profile has holidays.  CC_ERR_INVALID for last < first. */
int clock_vacation_days(const struct clock_profile *p, struct clock_interval v, int32_t *days);

/* Checks a requested vacation (or special leave) of one player against
 * his periods already taken of the same kind (non-overlapping, any
 * order): span, tournament start, notice (vacations only; notice may be
 * CLOCK_NO_DATE to skip it, e.g. for a TL entry), overlap, and the
 * allowance of every tournament year the request touches (a request
 * across a year boundary charges each year its own days).  Returns CC_OK
 * when it may be granted, CC_ERR_INVALID with out->verdict and a reason in
 * err when not; out is always filled. */
int clock_vacation_check(const struct clock_profile *p, enum clock_stop_kind kind,
                         int32_t tournament_start, const struct clock_interval *taken,
                         size_t ntaken, int32_t notice, struct clock_interval request,
                         struct clock_vacation_check *out, char *err, size_t errlen);

/* One tournament a vacation is checked against: its start and the
 * player's periods of the same kind already taken in it. */
struct clock_vacation_scope {
	int32_t tournament_start;
	const struct clock_interval *taken; /* borrowed; non-overlapping, any order */
	size_t ntaken;
};

/* A vacation that covers several tournaments at once (e-mail play: "alle
 * resterende partier", DSU 6.8.8): the request must fit each tournament's
 * own allowance, each year counted from that tournament's start (6.3.6).
 * Checks scopes[0..n-1] in order with clock_vacation_check().  CC_OK when
 * every one grants it (out from the first, out->remaining the smallest
 * left); else the first refusal: *failed its index (may be NULL), out and
 * err as clock_vacation_check() left them.  CC_ERR_INVALID for n == 0.
 * Cost: the sum of the single checks. */
int clock_vacation_check_each(const struct clock_profile *p, enum clock_stop_kind kind,
                              const struct clock_vacation_scope *scopes, size_t n, int32_t notice,
                              struct clock_interval request, struct clock_vacation_check *out,
                              size_t *failed, char *err, size_t errlen);

/* Allowance left in the tournament year containing `date`: allowance less
 * the days charged by the taken periods in that year; -1 when the kind
 * has no cap.  CC_ERR_RANGE for a date before the start. */
int clock_vacation_remaining(const struct clock_profile *p, enum clock_stop_kind kind,
                             int32_t tournament_start, const struct clock_interval *taken,
                             size_t ntaken, int32_t date, int32_t *remaining);

#endif
