/* corr/claim.c: the claims of a player (FIDE 9.2, 9.3; DSU 6.3.3). */
#include "corr/corr.h"

#include <stdio.h>
#include <string.h>

#include "clock/calendar.h"
#include "notation/notation.h"
#include "util/status.h"

/* DSU 6.3.3.3: the opponent lost on time (corr_forfeit_test()); 6.3.3.4:
 * once one player played on after the other's forfeit, the game is lost
 * for both, whoever asks first. */
static int claim_forfeit(const struct corr_game *g, int side, int32_t today, struct corr_delta *d,
                         struct corr_error *e)
{
	struct clock_result res;
	struct corr_forfeit ff[2];
	int rc = corr_clock(g, today, &res, NULL, e);
	if (rc != CC_OK)
		return rc;
	int opp = side == WHITE ? CLOCK_BLACK : CLOCK_WHITE;
	/* DSU 6.3.3.4: "Konstateres sådanne tilfælde, er partiet tabt for
	 * begge spillere" - whichever of them asks: the one who played on
	 * (vector F1), or the one who forfeited first, even when the other
	 * is over too (issue 21) */
	struct clock_played_on po;
	if ((rc = corr_played_on(g, today, &po, e)) != CC_OK)
		return rc;
	if (po.both_lose) {
		char on[CALENDAR_ISO_LEN];
		int first = po.forfeiter == CLOCK_WHITE ? WHITE : BLACK;
		calendar_format(po.on, on, sizeof on);
		corr_delta_init(d, g);
		corr_delta_finish(d, "0-0", "time_forfeit", today);
		snprintf(d->action, sizeof d->action, "claim_both_lose");
		snprintf(d->detail, sizeof d->detail,
		         "%s claimed; %s played on (ply %zu sent %s) after %s's forfeit (DSU "
		         "6.3.3.4)",
		         corr_side_name(side), corr_side_name(first == WHITE ? BLACK : WHITE),
		         po.ply + 1, on, corr_side_name(first));
		return CC_OK;
	}
	corr_forfeit_test(g, &res, today, ff);
	if (!ff[opp].over) {
		const struct clock_player *p = &res.player[opp];
		return corr_fail(e, CC_ERR_INVALID, "claim_rejected",
		                 "your opponent has used %d of the %d days allowed before move %d: "
		                 "no time forfeit",
		                 p->used_days + (res.to_move == opp ? p->running_days : 0),
		                 p->limit_days, p->next_control);
	}
	corr_delta_init(d, g);
	/* DSU 6.3.3.3: a time forfeit loses the game. */
	corr_delta_finish(d, opp == CLOCK_WHITE ? "0-1" : "1-0", "time_forfeit", today);
	snprintf(d->action, sizeof d->action, "claim_time_forfeit");
	snprintf(d->detail, sizeof d->detail, "%s", corr_side_name(side));
	return CC_OK;
}

int corr_claim(const struct corr_game *g, int side, enum corr_claim_type type, const char *text,
               int32_t today, struct corr_delta *d, struct corr_error *e)
{
	char err[CORR_MESSAGE_MAX];
	if (g->state.status != CORR_ACTIVE)
		return corr_fail(e, CC_ERR_INVALID, "game_over", "the game is over (%s)",
		                 g->state.result);
	if (type == CORR_CLAIM_TIME_FORFEIT) {
		if (text)
			return corr_fail(e, CC_ERR_INVALID, "invalid_field",
			                 "a time forfeit claim takes no move");
		return claim_forfeit(g, side, today, d, e);
	}
	bool threefold = type == CORR_CLAIM_THREEFOLD;
	/* FIDE 9.2, 9.3: the player having the move claims. */
	if (side != corr_to_move(g))
		return corr_fail(e, CC_ERR_INVALID, "not_your_turn",
		                 "only the player to move can claim a draw (FIDE 9.2, 9.3)");
	move intended = MOVE_NONE;
	if (text) {
		int rc = notation_parse(corr_position(g), text, &intended, err, sizeof err);
		if (rc != CC_OK)
			return corr_fail(e, rc,
			                 rc == CC_ERR_MALFORMED ? "malformed_move" : "illegal_move",
			                 "%s", err);
	}
	bool holds = threefold ? game_can_claim_threefold(g->chess, intended)
	                       : game_can_claim_fifty(g->chess, intended);
	if (!holds) {
		if (threefold)
			return corr_fail(e, CC_ERR_INVALID, "claim_rejected",
			                 "the position %s has occurred %d time(s), not three",
			                 text ? "after that move" : "on the board",
			                 game_repetitions(g->chess, intended));
		return corr_fail(e, CC_ERR_INVALID, "claim_rejected",
		                 "%s: fewer than 50 moves by each side without a pawn move or a "
		                 "capture",
		                 text ? "after that move" : "on the board");
	}
	corr_delta_init(d, g);
	corr_delta_finish(d, "1/2-1/2", threefold ? "threefold" : "fifty_moves", today);
	snprintf(d->action, sizeof d->action, "%s",
	         threefold ? "claim_threefold" : "claim_fifty_moves");
	snprintf(d->detail, sizeof d->detail, "%s", text ? text : "-");
	return CC_OK;
}
