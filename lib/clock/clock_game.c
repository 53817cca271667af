/* clock/clock_game.c: clock_compute(), a whole game walked once with one cursor
 * (DSU 6.3, 6.8; DSU 6.3). */
#include "clock/stops.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * A whole game
 */

#define NEVER INT64_MAX

/* Running state of one player during clock_compute(). */
struct side {
	int moves;        /* moves made so far */
	int invalid_seen; /* invalid moves so far (postal: the repeat costs 6) */
	int64_t thinking; /* thinking days */
	int64_t penalty;  /* penalty days */
	size_t pen_next;  /* next TL penalty (clock_game.penalties) to look at */
	/* an open run of accepted series moves (DSU 6.3.3.2) */
	bool run_open;
	bool run_covers;  /* it contains a control move */
	int run_m;        /* the last accepted move number */
	int32_t run_sent; /* its date */
	size_t run_ply;   /* its half-move index */
	/* the first failed check */
	bool forfeited;
	int forfeit_move;
	int32_t forfeit_on;
};

struct game_ctx {
	const struct clock_game *g;
	const struct clock_profile *p;
	struct stopset stops;
	int transit;
};

/* What one half-move costs: thinking days, the penalty, and the inputs of
 * the penalty (for the forfeit date search). */
struct ply_cost {
	int64_t days;
	int64_t fixed;    /* invalid-move penalties (6.3.5.1, 6.8.6) */
	int64_t silence;  /* reminder/TL penalties (6.3.4) */
	int64_t tlpen;    /* TL penalties charged with it (6.3.5.1, 6.8.6) */
	int32_t tlpen_on; /* the latest of their dates */
	int thr;          /* days above which silence is punished */
	int64_t rem_eff;  /* from this date a reply counts as reminded, or NEVER */
	int64_t tl_eff;   /* ... as TL told, or NEVER */
};

static enum clock_side side_of(const struct clock_game *g, size_t i)
{
	return (enum clock_side)(((size_t)g->first_side + i) & 1);
}

static const char *side_name(enum clock_side s)
{
	return s == CLOCK_WHITE ? "white" : "black";
}

/* The received and sent dates of half-move i, derived and checked: the
 * first move counts from the start date (DSU 6.3.1), a missing date
 * follows the receipt rule (6.3.2.2 a), and received >= the opponent's
 * sent >= ... >= start, sent >= received.  CC_ERR_INVALID / CC_ERR_RANGE
 * with the move named. */
static int ply_dates(const struct game_ctx *x, size_t i, int number, int32_t *rcv, int32_t *snt,
                     char *err, size_t errlen)
{
	char b1[CALENDAR_ISO_LEN], b2[CALENDAR_ISO_LEN];
	const struct clock_game *g = x->g;
	const struct clock_move *m = &g->moves[i];
	const char *who = side_name(side_of(g, i));
	int32_t prev = i == 0 ? g->start : g->moves[i - 1].sent;
	int32_t r = m->received;

	if (!in_range(m->sent) || (r != CLOCK_NO_DATE && !in_range(r))) {
		set_err(err, errlen, "%s's move %d: a date lies outside %d..%d", who, number,
		        CALENDAR_MIN_YEAR, CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	if (i == 0) {
		/* DSU 6.3.1, API: the first move counts from the start date */
		if (r != CLOCK_NO_DATE && r != g->start) {
			set_err(err, errlen,
			        "%s's move %d: received %s, but the first move counts from the "
			        "start date %s",
			        who, number, iso(r, b1), iso(g->start, b2));
			return CC_ERR_INVALID;
		}
		r = g->start;
	} else if (r == CLOCK_NO_DATE) {
		if (x->p->receipt == CLOCK_RECEIPT_STATED) {
			set_err(err, errlen,
			        "%s's move %d: the received date is missing (postal: the "
			        "receiver states it)",
			        who, number);
			return CC_ERR_INVALID;
		}
		r = x->p->receipt == CLOCK_RECEIPT_NEXT_DAY ? prev + 1 : prev;
		if (!in_range(r)) {
			set_err(err, errlen, "%s's move %d: received after %d", who, number,
			        CALENDAR_MAX_YEAR);
			return CC_ERR_RANGE;
		}
	} else if (r < prev) {
		set_err(err, errlen,
		        "%s's move %d: received %s is before the opponent sent it (%s)", who,
		        number, iso(r, b1), iso(prev, b2));
		return CC_ERR_INVALID;
	}
	/* DSU 6.3.2.2 a, 6.8.6: an e-mail move "kan betragtes som modtaget
	   dagen efter"; a reply sent on the opponent's own date is valid and
	   costs 0 days (vector E2) */
	bool same_day = x->p->receipt == CLOCK_RECEIPT_NEXT_DAY && i > 0 && m->sent == prev &&
	                r == prev + 1;
	if (m->sent < r && !same_day) {
		set_err(err, errlen, "%s's move %d: sent %s is before received %s", who, number,
		        iso(m->sent, b1), iso(r, b2));
		return CC_ERR_INVALID;
	}
	*rcv = r;
	*snt = m->sent < r ? r : m->sent; /* the date the cost runs to */
	return CC_OK;
}

/* Invalid-move penalties for n more invalid moves by a player who has sent
 * `seen` before: the first of the game costs penalty_invalid, each later
 * one penalty_invalid_repeat (DSU 6.3.5.1 "i gentagelsestilfælde 6";
 * 6.8.6: 3 each). */
static int64_t invalid_penalty(const struct clock_profile *p, int seen, int n)
{
	if (n <= 0)
		return 0;
	int first = seen == 0 ? 1 : 0;
	return (int64_t)first * p->penalty_invalid +
	       (int64_t)(n - first) * p->penalty_invalid_repeat;
}

/* The silence-penalty dates of a move received on r with its records
 * (DSU 6.3.4: recorded events only): a recorded reminder makes
 * the +3 apply to a move sent on or after its date (a date before r
 * counts from r), a recorded TL notice the +6 likewise; without a record,
 * never - the calendar alone charges nothing (vector P1) - and never
 * after a notice of a longer think. */
static void silence_eff(const struct clock_profile *p, int32_t r, int announced, unsigned flags,
                        int32_t rem_on, int32_t tl_on, struct ply_cost *pc)
{
	int64_t rem = NEVER, tl = NEVER;
	pc->thr = p->reminder_days;
	if (announced > 0) {
		/* DSU 6.3.4: the penalties are for "mere end 14 dages
		   betænkningstid ... uden at have underrettet sin modstander
		   herom": a player who gave notice is never charged them for
		   that move (issue 21) */
	} else if (flags & CLOCK_MOVE_TL_TOLD) {
		tl = max64(r, tl_on);
		/* the TL notice implies the reminder before it */
		rem = (flags & CLOCK_MOVE_REMINDED) ? min64(max64(r, rem_on), tl) : tl;
	} else if (flags & CLOCK_MOVE_REMINDED) {
		rem = max64(r, rem_on);
	}
	pc->rem_eff = rem;
	pc->tl_eff = tl > rem ? tl : rem; /* the TL comes after the reminder */
}

/* Penalty of a move with thinking time `days` sent on `sent`: DSU 6.3.4,
 * "bruger ... mere end 14 dages betænkningstid ... og denne har sendt
 * rykkerskrivelse": +3, and +6 more when the TL had to be told. */
static int64_t silence_penalty(const struct clock_profile *p, const struct ply_cost *pc,
                               int64_t days, int64_t sent)
{
	if (days <= pc->thr)
		return 0;
	return (sent >= pc->rem_eff ? p->penalty_reminder : 0) +
	       (sent >= pc->tl_eff ? p->penalty_tl : 0);
}

/* Costs half-move i (dates r, s) for player st with the shared,
 * date-ordered cursor c (valid at r; it moves on to s).  The reminder
 * dates are only computed when the move took longer than the threshold,
 * so the usual move costs O(intervals met). */
static void ply_eval(const struct game_ctx *x, size_t i, int32_t r, int32_t s, struct cursor *c,
                     struct side *st, struct ply_cost *pc)
{
	const struct clock_game *g = x->g;
	const struct clock_move *m = &g->moves[i];
	enum clock_side who = side_of(g, i);
	pc->days = cost(x->p, c, r, s);
	pc->fixed = invalid_penalty(x->p, st->invalid_seen, m->invalid);
	st->invalid_seen += m->invalid;
	/* TL penalties dated up to this move's sending are charged with it */
	pc->tlpen = 0;
	pc->tlpen_on = r;
	while (st->pen_next < g->npenalties && g->penalties[st->pen_next].on <= m->sent) {
		const struct clock_penalty *e = &g->penalties[st->pen_next++];
		if (e->side != who)
			continue;
		pc->tlpen += e->days;
		if (e->on > pc->tlpen_on)
			pc->tlpen_on = e->on;
	}
	int thr = x->p->reminder_days; /* DSU 6.3.4: "mere end 14 dages" */
	pc->silence = 0;
	pc->thr = thr;
	pc->rem_eff = pc->tl_eff = NEVER;
	if (pc->days > thr && m->announced == 0) {
		silence_eff(x->p, r, m->announced, m->flags, m->reminded_on, m->tl_on, pc);
		pc->silence = silence_penalty(x->p, pc, pc->days, s);
	}
}

/* The first date D >= r on which a move received on r, on top of `base`
 * used days, would bring the total over `limit`, where the total is
 * base + cost(D) + silence penalty(D).  The total is monotone in D, and it
 * exceeds the limit exactly when one of three monotone conditions holds:
 * over without penalty; reminded and over with +3; TL told and over with
 * +3+6.  The answer is the earliest of their first dates, each found by
 * inversion (cost_after), so O(intervals passed). */
static int64_t first_over(const struct game_ctx *x, const struct cursor *at, int32_t r,
                          int64_t base, int64_t limit, const struct ply_cost *pc)
{
	const struct clock_profile *p = x->p;
	int64_t best = cost_after(p, at, r, limit - base + 1);
	if (pc->rem_eff != NEVER) {
		int64_t over_thr = cost_after(p, at, r, (int64_t)pc->thr + 1);
		int64_t d = max64(max64(over_thr, pc->rem_eff),
		                  cost_after(p, at, r, limit - base - p->penalty_reminder + 1));
		best = min64(best, d);
		if (pc->tl_eff != NEVER) {
			d = max64(
			        max64(over_thr, pc->tl_eff),
			        cost_after(p, at, r,
			                   limit - base - p->penalty_reminder - p->penalty_tl + 1));
			best = min64(best, d);
		}
	}
	return best;
}

/* A check failed for player `who` at the limit `limit`, covering his
 * moves up to half-move `upto`: finds the move on which his used time
 * first went over the limit and the date it did.  Replays that player's
 * moves (a rare path: once per game at most).  Returns the date. */
static int32_t forfeit_date_of(const struct game_ctx *x, enum clock_side who, int64_t limit,
                               size_t upto)
{
	struct side st = {0};
	struct ply_cost pc;
	struct cursor c;
	int64_t used = 0;
	cursor_init(&c, &x->stops, x->p->holidays, x->g->start);
	for (size_t i = 0; i <= upto; i++) {
		int32_t r = x->g->start, s = x->g->start;
		if (side_of(x->g, i) != who)
			continue;
		ply_dates(x, i, 0, &r, &s, NULL, 0); /* already validated */
		struct cursor at = c;
		ply_eval(x, i, r, s, &c, &st, &pc);
		int64_t total = used + pc.fixed + pc.tlpen + pc.days + pc.silence;
		if (total > limit) {
			/* over by the move itself, or with the TL penalty from its
			   date on */
			int64_t d = first_over(x, &at, r, used + pc.fixed, limit, &pc);
			if (pc.tlpen > 0)
				d = min64(d, max64(first_over(x, &at, r, used + pc.fixed + pc.tlpen,
				                              limit, &pc),
				                   pc.tlpen_on));
			return (int32_t)(d < r ? r : d > s ? s : d);
		}
		used = total;
	}
	return CLOCK_NO_DATE; /* not reached: the check found used > limit */
}

/* The check of one control (DSU 6.3.3.1: "har brugt flere end 30 dage og
 * ikke afsendt sit 10. træk"): over when used > allowance(move).  Only the
 * first failure is kept.  O(1), or one replay of the player's moves on
 * the first failure. */
static void control_check(const struct game_ctx *x, struct side *st, enum clock_side who, int move,
                          size_t upto)
{
	if (st->forfeited)
		return;
	int32_t limit = allowance(x->p, move);
	if (st->thinking + st->penalty > limit) {
		st->forfeited = true;
		st->forfeit_move = move;
		st->forfeit_on = forfeit_date_of(x, who, limit, upto);
	}
}

/* The check after any move of a player not in a run (DSU 6.3.3.1): the
 * forfeit is there as soon as he has used more than the allowance of the
 * control he has not passed yet ("og ikke afsendt sit 10. træk"), so a
 * move after his forfeit date never makes him not forfeited. */
static void move_check(const struct game_ctx *x, struct side *st, enum clock_side who, size_t upto)
{
	control_check(x, st, who, clock_next_control(x->p, st->moves), upto);
}

/* Closes player who's run of accepted series moves, counting his moves up
 * to half-move upto (already added): DSU 6.3.3.2, if the run covers a
 * control move the check is at its last accepted move m, with the
 * allowance m * days / moves.  upto is the answer that broke the series
 * off ("totalt før besvarelsen", vector S3), or the last accepted move
 * when the series was used up.  Then the usual check of his control. */
static void close_run(const struct game_ctx *x, struct side *st, enum clock_side who, size_t upto)
{
	if (st->run_open && st->run_covers)
		control_check(x, st, who, st->run_m, upto);
	st->run_open = false;
	move_check(x, st, who, upto);
}

/* Checks the parts of a game that need no dates in order: the profile,
 * the start and today, first_side, the sizes, the pending move's numbers.
 * The move dates are checked move by move in ply_dates().  O(nmoves). */
static int validate_game(const struct clock_game *g, char *err, size_t errlen)
{
	int rc;
	if (g == NULL) {
		set_err(err, errlen, "no game");
		return CC_ERR_INVALID;
	}
	if ((rc = clock_profile_check(g->profile, err, errlen)) != CC_OK)
		return rc;
	if (!in_range(g->start) || (g->today != CLOCK_NO_DATE && !in_range(g->today))) {
		set_err(err, errlen, "the start date or today lies outside %d..%d",
		        CALENDAR_MIN_YEAR, CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	if (g->first_side != CLOCK_WHITE && g->first_side != CLOCK_BLACK) {
		set_err(err, errlen, "first_side is neither white nor black");
		return CC_ERR_INVALID;
	}
	if (g->nmoves > MAX_PLIES) {
		set_err(err, errlen, "too many moves (%zu)", g->nmoves);
		return CC_ERR_RANGE;
	}
	if (g->nmoves > 0 && g->moves == NULL) {
		set_err(err, errlen, "move list missing");
		return CC_ERR_INVALID;
	}
	if (g->pending.announced < 0 || g->pending.announced > 3660 || g->pending.invalid < 0 ||
	    g->pending.invalid > 1000 || g->pending.series_last < 0 ||
	    g->pending.series_last > MAX_PLIES || g->transit_days > 60) {
		set_err(err, errlen, "pending move or transit out of range");
		return CC_ERR_RANGE;
	}
	for (size_t i = 0; i < g->nmoves; i++)
		if (g->moves[i].announced < 0) {
			set_err(err, errlen, "move %zu: negative announced days", i + 1);
			return CC_ERR_RANGE;
		}
	if (g->npenalties > MAX_PLIES || (g->npenalties > 0 && g->penalties == NULL)) {
		set_err(err, errlen, "penalty list missing or too long");
		return CC_ERR_INVALID;
	}
	for (size_t i = 0; i < g->npenalties; i++) {
		const struct clock_penalty *e = &g->penalties[i];
		if ((e->side != CLOCK_WHITE && e->side != CLOCK_BLACK) || e->days < 0 ||
		    e->days > 1000 || !in_range(e->on) ||
		    (i > 0 && e->on < g->penalties[i - 1].on)) {
			set_err(err, errlen,
			        "penalty %zu: side, days (0..1000) or date (in order) out of range",
			        i + 1);
			return CC_ERR_INVALID;
		}
	}
	return CC_OK;
}

/* Whether a day lies in a mandatory holiday (DSU 6.3.6.2).  O(1). */
static bool in_holiday(int32_t day)
{
	int y, mo, d;
	struct clock_interval h[2];
	calendar_to_ymd(day, &y, &mo, &d);
	if (clock_holidays(y, h) != CC_OK)
		return false;
	return (day >= h[0].first && day <= h[0].last) || (day >= h[1].first && day <= h[1].last);
}

/* Charges player who's TL penalties that no move of his carried (dated
 * after his last move): they count from their dates against the control
 * he has not passed yet (allowance `limit` at move `control`); the first
 * that brings him over dates the forfeit.  Returns their sum and the
 * latest date (*on, left alone when there are none).  O(penalties). */
static int64_t charge_leftover(const struct game_ctx *x, struct side *st, enum clock_side who,
                               int control, int64_t limit, int32_t *on)
{
	const struct clock_game *g = x->g;
	int64_t sum = 0;
	for (; st->pen_next < g->npenalties; st->pen_next++) {
		const struct clock_penalty *e = &g->penalties[st->pen_next];
		if (e->side != who)
			continue;
		sum += e->days;
		st->penalty += e->days;
		*on = e->on;
		if (!st->forfeited && st->thinking + st->penalty > limit) {
			st->forfeited = true;
			st->forfeit_move = control;
			st->forfeit_on = e->on;
		}
	}
	return sum;
}

/* The clock of the side to move: next control (with a pending series
 * covering it, DSU 6.3.3.2), forfeit date, silence dates, running days. */
static int pending_clock(const struct game_ctx *x, struct side *st, struct clock_player *out,
                         struct clock_result *res, char *err, size_t errlen)
{
	char b1[CALENDAR_ISO_LEN], b2[CALENDAR_ISO_LEN];
	const struct clock_game *g = x->g;
	const struct clock_profile *p = x->p;
	int32_t last = g->nmoves == 0 ? g->start : g->moves[g->nmoves - 1].sent;
	int32_t r = g->pending.received;

	if (r == CLOCK_NO_DATE) {
		if (g->nmoves == 0)
			r = g->start; /* DSU 6.3.1: the first move counts from the start */
		else if (p->receipt == CLOCK_RECEIPT_NEXT_DAY)
			r = last + 1;
		else if (p->receipt == CLOCK_RECEIPT_SAME_DAY)
			r = last;
		else
			r = last + x->transit; /* postal: not stated yet, estimated */
	} else if (!in_range(r)) {
		set_err(err, errlen, "the pending received date lies outside the calendar");
		return CC_ERR_RANGE;
	} else if (r < last) {
		set_err(err, errlen, "the pending received date %s is before %s", iso(r, b1),
		        iso(last, b2));
		return CC_ERR_INVALID;
	}
	res->pending_received = r;

	int k = st->moves + 1;
	int control = clock_next_control(p, k);
	/* DSU 6.3.3.2: a series reaching a control move, or one whose
	   accepted moves have passed a control already, is judged at its last
	   proposed move (the run is open only while the series goes on). */
	if (g->pending.series_last >= control || (st->run_open && st->run_covers))
		control = g->pending.series_last;
	int32_t limit = allowance(p, control);
	out->next_control = control;
	out->limit_days = limit;

	struct ply_cost pc = {0};
	struct cursor at; /* one positioned cursor for all the questions below */
	cursor_init(&at, &x->stops, p->holidays, r);
	/* DSU 6.3.3.2: a run judged at this control may be over already
	   (the series ran out after accepted moves that used too much) */
	if (!st->forfeited && st->thinking + st->penalty > limit)
		control_check(x, st, (enum clock_side)res->to_move, control, g->nmoves - 1);
	int32_t pen_on = r;
	int64_t before = st->thinking + st->penalty +
	                 invalid_penalty(p, st->invalid_seen, g->pending.invalid);
	int64_t tlpen =
	        charge_leftover(x, st, (enum clock_side)res->to_move, control, limit, &pen_on);
	int64_t base = before + tlpen;
	silence_eff(p, r, g->pending.announced, g->pending.flags, g->pending.reminded_on,
	            g->pending.tl_on, &pc);
	int64_t rem, tl;
	struct cursor from; /* 6.8.3: the silence counts from the opponent's mail */
	int32_t opp_sent = last < r ? last : r;
	cursor_init(&from, &x->stops, p->holidays, opp_sent);
	silence(p, &at, &from, r, opp_sent, g->pending.announced, x->transit, &rem, &tl);
	/* DSU 6.3.4: "senest 7 dage efter gentagelsen" - counted from the
	   reminder actually recorded */
	if ((g->pending.flags & CLOCK_MOVE_REMINDED) && g->pending.reminded_on > r &&
	    g->pending.reminded_on <= CALENDAR_MAX_DAY)
		tl = plain_after(&at, g->pending.reminded_on, p->tl_days);
	int64_t fd = first_over(x, &at, r, before, limit, &pc);
	if (tlpen > 0) /* the TL penalty counts from its date (6.3.5.1) */
		fd = min64(fd, max64(first_over(x, &at, r, base, limit, &pc), pen_on));
	if (fd > CALENDAR_MAX_DAY || tl > CALENDAR_MAX_DAY) {
		set_err(err, errlen, "the %s clock runs past the year %d",
		        side_name((enum clock_side)res->to_move), CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	out->forfeit_date = (int32_t)fd;
	out->reminder_date = (int32_t)rem;
	out->tl_date = (int32_t)tl;
	/* DSU 6.3.6.2 (our reading of DSU 6.3.6.2): with the play-on agreement
	   nobody is reminded about a move made in the holidays; the forfeit
	   date stands */
	if ((g->flags & CLOCK_GAME_HOLIDAY_PLAY) && p->holidays && in_holiday(r))
		out->reminder_date = out->tl_date = CLOCK_NO_DATE;
	if (g->today != CLOCK_NO_DATE && g->today >= r) {
		struct cursor c = at;
		out->running_days = (int32_t)cost(p, &c, r, g->today);
	}
	/* DSU 6.3.3.1: over the limit before the control move was sent */
	if (!st->forfeited && g->today != CLOCK_NO_DATE && g->today >= fd) {
		st->forfeited = true;
		st->forfeit_move = control;
		st->forfeit_on = (int32_t)fd;
	}
	return CC_OK;
}

/* ------------------------------------------------------------------------
 * The memo (clock.h clock_compute_memo()): the state of the single pass
 * after n plies and every input that state came from.  The pass over ply
 * i reads only the profile, the start, the first side, the transit, the
 * stops, the TL penalties and plies 0..i: never today, the pending move or
 * the game's flags, which only the part after the pass reads.  So a memo
 * whose inputs equal g's, byte for byte, is the state the pass over g
 * reaches at its ply n.
 */
struct clock_memo {
	const struct clock_profile *profile;
	int32_t start;
	enum clock_side first_side;
	int transit;
	size_t nstops, npen, n;
	struct clock_interval *stops;
	struct clock_penalty *pens;
	struct clock_move *moves;
	struct clock_ply *plies;
	struct side sd[2];
	struct cursor c; /* its stops pointer is the computation's own: set again */
};

void clock_memo_free(struct clock_memo *m)
{
	if (!m)
		return;
	free(m->stops);
	free(m->pens);
	free(m->moves);
	free(m->plies);
	free(m);
}

size_t clock_memo_bytes(const struct clock_memo *m)
{
	return m ? sizeof *m + m->nstops * sizeof *m->stops + m->npen * sizeof *m->pens +
	                       m->n * (sizeof *m->moves + sizeof *m->plies)
	         : 0;
}

/* A new array of n elements of size sz copied from src (n == 0: a valid
 * pointer to nothing); NULL when out of memory. */
static void *dup_array(const void *src, size_t n, size_t sz)
{
	void *p = malloc(n ? n * sz : 1);
	if (p && n)
		memcpy(p, src, n * sz);
	return p;
}

/* m with its arrays copied from the given ones; NULL (and m freed) when
 * out of memory. */
static struct clock_memo *memo_fill(struct clock_memo *m, const struct clock_interval *stops,
                                    const struct clock_penalty *pens,
                                    const struct clock_move *moves, const struct clock_ply *plies)
{
	m->stops = dup_array(stops, m->nstops, sizeof *stops);
	m->pens = dup_array(pens, m->npen, sizeof *pens);
	m->moves = dup_array(moves, m->n, sizeof *moves);
	m->plies = dup_array(plies, m->n, sizeof *plies);
	if (!m->stops || !m->pens || !m->moves || !m->plies) {
		clock_memo_free(m);
		return NULL;
	}
	return m;
}

struct clock_memo *clock_memo_dup(const struct clock_memo *m)
{
	if (!m)
		return NULL;
	struct clock_memo *d = malloc(sizeof *d);
	if (!d)
		return NULL;
	*d = *m;
	d->stops = NULL;
	d->pens = NULL;
	d->moves = NULL;
	d->plies = NULL;
	return memo_fill(d, m->stops, m->pens, m->moves, m->plies);
}

/* The memo of the pass over all of g's plies (state sd, c; plies filled),
 * or NULL when out of memory. */
static struct clock_memo *memo_make(const struct game_ctx *x, const struct side sd[2],
                                    const struct cursor *c, const struct clock_ply *plies)
{
	const struct clock_game *g = x->g;
	struct clock_memo *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->profile = g->profile;
	m->start = g->start;
	m->first_side = g->first_side;
	m->transit = x->transit;
	m->nstops = g->nstops;
	m->npen = g->npenalties;
	m->n = g->nmoves;
	m->sd[0] = sd[0];
	m->sd[1] = sd[1];
	m->c = *c;
	return memo_fill(m, g->stops, g->penalties, g->moves, plies);
}

/* How many plies of g the pass may skip with memo m: m->n when every
 * input of m equals g's (its plies the first of g's), else 0. */
static size_t memo_resumes(const struct clock_memo *m, const struct game_ctx *x)
{
	const struct clock_game *g = x->g;
	if (!m || m->profile != g->profile || m->start != g->start ||
	    m->first_side != g->first_side || m->transit != x->transit || m->n > g->nmoves ||
	    m->nstops != g->nstops || m->npen != g->npenalties)
		return 0;
	if ((m->nstops && memcmp(m->stops, g->stops, m->nstops * sizeof *m->stops) != 0) ||
	    (m->npen && memcmp(m->pens, g->penalties, m->npen * sizeof *m->pens) != 0) ||
	    (m->n && memcmp(m->moves, g->moves, m->n * sizeof *m->moves) != 0))
		return 0;
	return m->n;
}

int clock_compute(const struct clock_game *g, struct clock_result *res, struct clock_ply *plies,
                  char *err, size_t errlen)
{
	return clock_compute_memo(g, res, plies, NULL, err, errlen);
}

/* The single pass: each half-move is dated, costed with the shared
 * cursor, added to its player, and checked at the controls; runs of
 * accepted series moves defer their check to the run's end (including a
 * reply sent the same day).  Then the side to move gets its dates. */
int clock_compute_memo(const struct clock_game *g, struct clock_result *res,
                       struct clock_ply *plies, struct clock_memo **memo, char *err, size_t errlen)
{
	struct game_ctx x;
	struct side sd[2];
	struct cursor c;
	int rc = validate_game(g, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (res == NULL) {
		set_err(err, errlen, "no result struct");
		return CC_ERR_INVALID;
	}
	x.g = g;
	x.p = g->profile;
	x.transit = g->transit_days >= 0 ? g->transit_days : g->profile->transit_days;
	if ((rc = clock_stopset_build(&x.stops, g->stops, g->nstops, err, errlen)) != CC_OK)
		return rc;
	memset(sd, 0, sizeof sd);
	memset(res, 0, sizeof *res);
	cursor_init(&c, &x.stops, x.p->holidays, g->start);
	if (!plies)
		memo = NULL; /* (a memo keeps the plies: none to keep) */
	size_t from = memo ? memo_resumes(*memo, &x) : 0;
	if (from) {
		/* the state after ply `from` as the pass reached it before */
		const struct clock_memo *m = *memo;
		sd[0] = m->sd[0];
		sd[1] = m->sd[1];
		c = m->c;
		c.v = x.stops.v;
		c.nv = x.stops.n;
		memcpy(plies, m->plies, from * sizeof *plies);
	}

	const int per = x.p->moves_per_period;
	for (size_t i = from; i < g->nmoves; i++) {
		enum clock_side who = side_of(g, i);
		struct side *st = &sd[who];
		const struct clock_move *m = &g->moves[i];
		int32_t r = 0, s = 0;
		struct ply_cost pc;
		if ((rc = ply_dates(&x, i, st->moves + 1, &r, &s, err, errlen)) != CC_OK)
			goto fail;
		bool accepted = (m->flags & CLOCK_MOVE_ACCEPTED) != 0;
		/* DSU 6.3.3.2: an answer that breaks the series off (or is sent
		   with the accepted moves, one card) belongs to the run's check;
		   after a series used up, the run is judged without it */
		bool with_run = false;
		if (st->run_open && !accepted) {
			if ((m->flags & CLOCK_MOVE_BROKE) || s == st->run_sent)
				with_run = true;
			else
				close_run(&x, st, who, st->run_ply);
		}
		ply_eval(&x, i, r, s, &c, st, &pc);
		st->thinking += pc.days;
		st->penalty += pc.fixed + pc.tlpen + pc.silence;
		st->moves++;
		if (plies != NULL) {
			plies[i].side = who;
			plies[i].number = st->moves;
			plies[i].received = r;
			plies[i].sent = m->sent;
			plies[i].days = (int32_t)pc.days;
			plies[i].penalty = (int32_t)(pc.fixed + pc.tlpen + pc.silence);
			plies[i].used = (int32_t)min64(st->thinking + st->penalty, INT32_MAX);
		}
		if (accepted) {
			if (!st->run_open) {
				st->run_open = true;
				st->run_covers = false;
			}
			st->run_m = st->moves;
			st->run_sent = s;
			st->run_ply = i;
			if (st->moves % per == 0)
				st->run_covers = true;
		} else if (with_run) {
			close_run(&x, st, who, i); /* the answer ends the run (6.3.3.2) */
		} else {
			move_check(&x, st, who, i); /* DSU 6.3.3.1 */
		}
	}
	if (memo) {
		/* before the part after the pass, which changes sd */
		clock_memo_free(*memo);
		*memo = memo_make(&x, sd, &c, plies);
	}
	bool finished = (g->flags & CLOCK_GAME_FINISHED) != 0;
	int to_move = finished ? -1 : (int)side_of(g, g->nmoves);
	for (int w = 0; w < 2; w++) {
		/* DSU 6.3.3.2: while the series still proposes later moves of
		   the side to move, his run is not over: its check waits for
		   the answer (pending_clock judges it).  A series used up is
		   judged at its last accepted move. */
		if (w == to_move && sd[w].run_open && g->pending.series_last > sd[w].moves)
			continue;
		if (sd[w].run_open)
			close_run(&x, &sd[w], (enum clock_side)w, sd[w].run_ply);
	}
	res->to_move = to_move;
	res->pending_received = CLOCK_NO_DATE;
	for (int w = 0; w < 2; w++) {
		struct clock_player *o = &res->player[w];
		o->next_control = clock_next_control(x.p, sd[w].moves + 1);
		o->limit_days = allowance(x.p, o->next_control);
		o->forfeit_date = o->reminder_date = o->tl_date = CLOCK_NO_DATE;
		o->running_days = 0;
	}
	if (!finished) {
		int w = res->to_move;
		if ((rc = pending_clock(&x, &sd[w], &res->player[w], res, err, errlen)) != CC_OK)
			goto fail;
	}
	for (int w = 0; w < 2; w++) {
		if (w == res->to_move)
			continue; /* pending_clock() charged them */
		int control = clock_next_control(x.p, sd[w].moves + 1);
		int32_t on = CLOCK_NO_DATE;
		charge_leftover(&x, &sd[w], (enum clock_side)w, control, allowance(x.p, control),
		                &on);
	}
	for (int w = 0; w < 2; w++) {
		struct clock_player *o = &res->player[w];
		int64_t used = sd[w].thinking + sd[w].penalty;
		if (used > INT32_MAX) {
			set_err(err, errlen, "the %s clock overflows",
			        side_name((enum clock_side)w));
			rc = CC_ERR_RANGE;
			goto fail;
		}
		o->moves = sd[w].moves;
		o->thinking_days = (int32_t)sd[w].thinking;
		o->penalty_days = (int32_t)sd[w].penalty;
		o->used_days = (int32_t)used;
		o->left_days = o->limit_days - o->used_days;
		o->forfeited = sd[w].forfeited;
		o->forfeit_move = sd[w].forfeited ? sd[w].forfeit_move : 0;
		o->forfeit_on = sd[w].forfeited ? sd[w].forfeit_on : CLOCK_NO_DATE;
	}
	/* DSU 6.2.7: unfinished after 18 months, the TL may call it in */
	if (calendar_add_months(g->start, x.p->adjudication_months, &res->adjudication_date) !=
	    CC_OK)
		res->adjudication_date = CALENDAR_MAX_DAY;
	res->adjudication_due =
	        !finished && g->today != CLOCK_NO_DATE && g->today >= res->adjudication_date;
	clock_stopset_free(&x.stops);
	return CC_OK;
fail:
	if (memo) {
		clock_memo_free(*memo);
		*memo = NULL;
	}
	clock_stopset_free(&x.stops);
	return rc;
}

/* The 6.3.3.4 question, from the computed clocks: for each forfeited
 * player the first own move sent on or after his forfeit_on (the card
 * with the over-limit time on it), then the opponent's first own move
 * after it.  The forfeit that showed first decides.  O(nmoves). */
int clock_played_on(const struct clock_game *g, const struct clock_result *res,
                    struct clock_played_on *out)
{
	if (g == NULL || res == NULL || out == NULL || (g->nmoves > 0 && g->moves == NULL))
		return CC_ERR_INVALID;
	memset(out, 0, sizeof *out);
	out->forfeiter = -1;
	out->shown_ply = g->nmoves;
	out->on = CLOCK_NO_DATE;
	size_t best_shown = SIZE_MAX;
	for (int w = 0; w < 2; w++) {
		const struct clock_player *pl = &res->player[w];
		if (!pl->forfeited)
			continue;
		size_t shown = g->nmoves;
		for (size_t i = 0; i < g->nmoves; i++)
			if ((int)side_of(g, i) == w && g->moves[i].sent >= pl->forfeit_on) {
				shown = i;
				break;
			}
		if (best_shown != SIZE_MAX && shown >= best_shown)
			continue;
		best_shown = shown;
		out->forfeiter = w;
		out->shown_ply = shown;
		out->both_lose = false;
		out->on = CLOCK_NO_DATE;
		for (size_t i = shown + 1; i < g->nmoves; i++)
			if ((int)side_of(g, i) != w && !(g->moves[i].flags & CLOCK_MOVE_AUTO)) {
				out->both_lose = true;
				out->ply = i;
				out->on = g->moves[i].sent;
				break;
			}
	}
	return CC_OK;
}
