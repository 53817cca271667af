/* corr/play.c: a move (API.md "Moves"; DSU 6.2, 6.3.1-6.3.2, 6.2.5). */
#include "corr/corr.h"

#include <stdio.h>
#include <string.h>

#include "chess/movegen.h"
#include "clock/calendar.h"
#include "notation/notation.h"
#include "util/status.h"

/* The received and sent dates of the move, per profile (DSU 6.3.1,
 * 6.3.2.2, 6.8.6): the start date for the first move, the opponent's date
 * + 1 in e-mail play (6.3.2.2 a), the opponent's date in server play; the
 * player states them by post.  CC_OK, or invalid_date. */
static int move_dates(const struct corr_game *g, const struct corr_move_request *rq, int32_t today,
                      int32_t *received, int32_t *sent, struct corr_error *e)
{
	const struct clock_profile *p = g->profile;
	const struct corr_move *last = g->nmoves ? &g->moves[g->nmoves - 1] : NULL;
	int32_t opp_sent = last ? last->sent : CLOCK_NO_DATE;
	int32_t given_received = 0, given_sent = 0;
	char err[256], want[CALENDAR_ISO_LEN], at[CALENDAR_ISO_LEN];
	if (rq->received && calendar_parse(rq->received, &given_received, err, sizeof err) != CC_OK)
		return corr_fail(e, CC_ERR_INVALID, "invalid_date", "received: %s", err);
	if (rq->sent && calendar_parse(rq->sent, &given_sent, err, sizeof err) != CC_OK)
		return corr_fail(e, CC_ERR_INVALID, "invalid_date", "sent: %s", err);

	int32_t derived = CLOCK_NO_DATE;
	if (!last)
		derived = g->start;
	else if (last->kind == CORR_MOVE_AUTO && p->receipt != CLOCK_RECEIPT_STATED)
		derived = opp_sent; /* DSU 6.2.5: accepted series moves count as made on the
		                       receiver's reply date, so no transmission day */
	else if (p->receipt != CLOCK_RECEIPT_STATED)
		clock_receipt_date(p, opp_sent, &derived, NULL, 0);

	if (p->receipt == CLOCK_RECEIPT_SAME_DAY) {
		if (rq->received || rq->sent)
			return corr_fail(e, CC_ERR_INVALID, "invalid_date",
			                 "in server play the server sets the dates; send no "
			                 "\"received\" or \"sent\"");
		*received = derived;
		*sent = today;
	} else {
		if (derived != CLOCK_NO_DATE && rq->received && given_received != derived) {
			calendar_format(derived, want, sizeof want);
			return corr_fail(e, CC_ERR_INVALID, "invalid_date",
			                 "this move counts as received on %s (%s)", want,
			                 !last ? "the start date"
			                       : "the day after the opponent's date");
		}
		if (derived != CLOCK_NO_DATE)
			*received = derived;
		else
			*received = rq->received ? given_received : today;
		*sent = rq->sent ? given_sent : today;
	}
	/* DSU 6.3.2.2 a: an e-mail move "kan betragtes som modtaget dagen
	 * efter" - may, so a reply on the opponent's own date is valid and
	 * costs 0 days (vector E2), though it counts as received tomorrow */
	bool same_day = p->receipt == CLOCK_RECEIPT_NEXT_DAY && last && *received == opp_sent + 1 &&
	                *sent == opp_sent;
	if (*sent > today || (*received > today && !same_day))
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "a date may not be in the future (today is the server's date)");
	if (*sent < *received && !same_day)
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "the move cannot be sent before it was received");
	if (*received < g->start) {
		calendar_format(g->start, at, sizeof at);
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "the move cannot be received before the game starts (%s)", at);
	}
	if (last && *received < opp_sent) {
		calendar_format(opp_sent, at, sizeof at);
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "the move cannot be received before the opponent sent his (%s)",
		                 at);
	}
	return CC_OK;
}

/* DSU 6.2.1.1, 6.8.4, DSU 6.2.1.1: the request may repeat the opponent's
 * last move; it must be the game's last move, in any notation.  Reads it
 * in the position before that move (one replay of the game). */
static bool reply_matches(const struct corr_game *g, const char *reply_to)
{
	if (g->nmoves == 0)
		return false;
	position pos = *game_start_position(g->chess);
	for (size_t i = 0; i + 1 < g->nmoves; i++) {
		undo u;
		position_do_move(&pos, g->moves[i].m, &u);
	}
	move m;
	return notation_parse(&pos, reply_to, &m, NULL, 0) == CC_OK &&
	       m == g->moves[g->nmoves - 1].m;
}

/* Result and termination of an automatic ending of pos (FIDE 5.1.1,
 * 5.2); false when the game goes on.  One legal move generation. */
static bool automatic_ending(const position *pos, const char **result, const char **termination)
{
	switch (game_status(pos)) {
	case GAME_CHECKMATE:
		*result = pos->side == WHITE ? "0-1" : "1-0";
		*termination = "checkmate";
		return true;
	case GAME_STALEMATE:
		*result = "1/2-1/2";
		*termination = "stalemate";
		return true;
	case GAME_DEAD_POSITION:
		*result = "1/2-1/2";
		*termination = "dead_position";
		return true;
	default:
		return false;
	}
}

/* Fills a row for legal move m of *pos and plays it on *pos. */
static void add_row(struct corr_delta *d, position *pos, move m, enum corr_move_kind kind,
                    int32_t days, int32_t received, int32_t sent)
{
	struct corr_move *r = &d->rows[d->nrows++];
	memset(r, 0, sizeof *r);
	r->m = m;
	r->kind = kind;
	r->days = days;
	r->received = received;
	r->sent = sent;
	iccf_write(m, r->iccf);
	san_write(pos, m, r->san);
	uci_write(m, r->uci);
	undo u;
	position_do_move(pos, m, &u);
}

/* The series the mover proposes, checked from `after` (the position after
 * his own move): DSU 6.2.5, refused whole.  CC_OK or illegal_series. */
static int own_series(const struct corr_move_request *rq, const position *after, move *moves,
                      struct corr_error *e)
{
	size_t bad;
	char err[CORR_MESSAGE_MAX];
	if (series_check(after, rq->series, rq->nseries, moves, &bad, err, sizeof err) != CC_OK)
		return corr_fail(e, CC_ERR_ILLEGAL, "illegal_series", "%s", err);
	return CC_OK;
}

int corr_play(const struct corr_game *g, int side, const struct corr_move_request *rq,
              int32_t today, struct corr_delta *d, struct corr_error *e)
{
	char err[CORR_MESSAGE_MAX];
	int to_move = corr_to_move(g), opp = side == WHITE ? BLACK : WHITE;
	if (g->state.status != CORR_ACTIVE)
		return corr_fail(e, CC_ERR_INVALID, "game_over", "the game is over (%s)",
		                 g->state.result);
	if (side != to_move)
		return corr_fail(e, CC_ERR_INVALID, "not_your_turn", "it is %s's turn",
		                 corr_side_name(to_move));
	if (rq->reply_to && !reply_matches(g, rq->reply_to))
		return corr_fail(e, CC_ERR_INVALID, "stale",
		                 "\"%s\" is not the last move of the game (%s): reload the game",
		                 rq->reply_to,
		                 g->nmoves ? g->moves[g->nmoves - 1].iccf : "no move yet");
	const position *before = corr_position(g);
	move m;
	int rc = notation_parse(before, rq->text, &m, err, sizeof err);
	if (rc != CC_OK)
		return corr_fail(e, rc, rc == CC_ERR_MALFORMED ? "malformed_move" : "illegal_move",
		                 "%s", err);
	if (g->nmoves + 1 > GAME_MAX_PLIES)
		return corr_fail(e, CC_ERR_RANGE, "illegal_move",
		                 "the game has reached the limit of %d moves", GAME_MAX_PLIES);
	int32_t received = 0, sent = 0;
	if ((rc = move_dates(g, rq, today, &received, &sent, e)) != CC_OK)
		return rc;
	struct clock_days cd;
	/* an e-mail reply on the opponent's date costs 0 days (E2) */
	if (clock_move_days(g->profile, received, sent < received ? received : sent, g->stops,
	                    g->nstops, &cd, err, sizeof err) != CC_OK)
		return corr_fail(e, CC_ERR_INVALID, "invalid_date", "%s", err);
	/* DSU 6.3.3.3: under automatic forfeit a move sent on or after the
	 * mover's forfeit date is refused (409 lost_on_time) and the game
	 * ends there as a time forfeit (DSU 6.3.3.3); the delta stores the
	 * end, the answer is the refusal. */
	if (g->profile->auto_forfeit) {
		struct clock_result res;
		if (rq->clock)
			res = *rq->clock;
		else if ((rc = corr_clock(g, today, &res, NULL, e)) != CC_OK)
			return rc;
		const struct clock_player *cp =
		        &res.player[side == WHITE ? CLOCK_WHITE : CLOCK_BLACK];
		if (cp->forfeited ||
		    (cp->forfeit_date != CLOCK_NO_DATE && sent >= cp->forfeit_date)) {
			char fd[CALENDAR_ISO_LEN];
			calendar_format(cp->forfeited ? cp->forfeit_on : cp->forfeit_date, fd,
			                sizeof fd);
			corr_delta_init(d, g);
			corr_delta_finish(d, side == WHITE ? "0-1" : "1-0", "time_forfeit", today);
			snprintf(d->action, sizeof d->action, "lost_on_time");
			snprintf(d->detail, sizeof d->detail,
			         "%s moved on or after the forfeit date %s (move %d, %d days)",
			         corr_side_name(side), fd, cp->next_control, cp->limit_days);
			d->answer_code = "lost_on_time";
			snprintf(d->answer_message, sizeof d->answer_message,
			         "your forfeit date was %s (DSU 6.3.3.3): the move is not played "
			         "and "
			         "the game is lost on time",
			         fd);
			return CC_OK;
		}
	}

	/* The opponent's series, if one waits on this move.  One the mover
	 * cannot see must not change any answer: with a series of his own
	 * his move does not follow it (it breaks it off, as another move
	 * would), so the answer depends on his own request only. */
	const struct corr_state *st = &g->state;
	bool waiting = st->series_by == opp && st->nseries >= 2;
	bool visible = corr_series_visible(g, side);
	move reply = MOVE_NONE;
	bool follows = waiting && (visible || !rq->proposes) &&
	               series_follow(st->series, st->nseries, m, &reply) == SERIES_FOLLOWED;
	/* No room for the automatic reply under the game's length limit: the
	 * move is made, the series ends there. */
	if (follows && g->nmoves + 2 > GAME_MAX_PLIES)
		follows = false;
	if (rq->proposes && follows)
		return corr_fail(e, CC_ERR_INVALID, "series_pending",
		                 "you are following your opponent's series: propose your own once "
		                 "you have left it or it has ended");

	corr_delta_init(d, g);
	position pos = *before;
	/* DSU 6.3.3.2: a move that differs from the one proposed breaks the
	 * series off; its days count with the accepted ones (vector S3).  A
	 * hidden series the mover answers with one of his own is treated
	 * alike whatever his move (it breaks off as any move would). */
	bool broke = waiting && !follows && (visible || !rq->proposes) && st->series[0] != m;
	add_row(d, &pos, m,
	        follows ? CORR_MOVE_ACCEPTED
	        : broke ? CORR_MOVE_BROKE
	                : CORR_MOVE_NORMAL,
	        cd.days, received, sent);
	const char *result = NULL, *termination = NULL;
	bool ended = automatic_ending(&pos, &result, &termination);
	move proposed[SERIES_MAX];
	if (rq->proposes) {
		if (ended)
			return corr_fail(e, CC_ERR_ILLEGAL, "illegal_series",
			                 "the game ends with this move; nothing can follow");
		if ((rc = own_series(rq, &pos, proposed, e)) != CC_OK)
			return rc;
	}
	/* DSU 6.2.5: the proposer's next move follows at once, 0 days for
	 * him, dated the day the move it answers was sent. */
	if (follows && !ended) {
		add_row(d, &pos, reply, CORR_MOVE_AUTO, 0, sent, sent);
		ended = automatic_ending(&pos, &result, &termination);
	}
	fen_write(&pos, d->fen, sizeof d->fen);

	/* FIDE 9.1: an offer lapses when the opponent moves instead. */
	if (st->draw_offer != side)
		d->state.draw_offer = CORR_NOBODY;
	/* What stays of the series afterwards. */
	d->state.series_by = CORR_NOBODY;
	d->state.nseries = 0;
	if (rq->proposes) {
		d->state.series_by = side;
		d->state.nseries = rq->nseries;
		memcpy(d->state.series, proposed, rq->nseries * sizeof *proposed);
	} else if (follows && !ended && st->nseries > 2) {
		d->state.series_by = opp;
		d->state.nseries = st->nseries - 2;
		memcpy(d->state.series, st->series + 2, d->state.nseries * sizeof *st->series);
	}
	if (ended)
		corr_delta_finish(d, result, termination, d->rows[d->nrows - 1].sent);
	return CC_OK;
}
