/* corr/actions.c: the operations that end a game or change its offers -
 * resigning, the draw actions, cancelling a series, a TL's result and the
 * sweep's forfeit. */
#include "corr/corr.h"

#include <stdio.h>
#include <string.h>

#include "rating/rating_input.h"
#include "util/status.h"

/* The game must still be going on: CC_OK or game_over. */
static int active(const struct corr_game *g, struct corr_error *e)
{
	if (g->state.status != CORR_ACTIVE)
		return corr_fail(e, CC_ERR_INVALID, "game_over", "the game is over (%s)",
		                 g->state.result);
	return CC_OK;
}

static void audit(struct corr_delta *d, const char *action, const char *detail)
{
	snprintf(d->action, sizeof d->action, "%s", action);
	snprintf(d->detail, sizeof d->detail, "%s", detail);
}

int corr_resign(const struct corr_game *g, int side, int32_t today, struct corr_delta *d,
                struct corr_error *e)
{
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	corr_delta_init(d, g);
	corr_delta_finish(d, side == WHITE ? "0-1" : "1-0", "resignation", today);
	audit(d, "resigned", corr_side_name(side));
	return CC_OK;
}

int corr_draw(const struct corr_game *g, int side, enum corr_draw_action action, int32_t today,
              struct corr_delta *d, struct corr_error *e)
{
	static const char *const names[] = {"offer", "accept", "decline"};
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	int offer = g->state.draw_offer;
	if (action == CORR_DRAW_OFFER) {
		if (offer != CORR_NOBODY && offer != side)
			return corr_fail(e, CC_ERR_INVALID, "draw_offered",
			                 "your opponent has offered a draw: accept or decline it");
		if (offer == side)
			return corr_fail(e, CC_ERR_INVALID, "draw_offered",
			                 "you have offered a draw already");
		corr_delta_init(d, g);
		d->state.draw_offer = side; /* FIDE 9.1.2 */
		return CC_OK;
	}
	if (offer == CORR_NOBODY || offer == side)
		return corr_fail(e, CC_ERR_INVALID, "no_draw_offer",
		                 "there is no draw offer from your opponent to %s",
		                 names[action == CORR_DRAW_ACCEPT ? 1 : 2]);
	corr_delta_init(d, g);
	if (action == CORR_DRAW_ACCEPT) {
		corr_delta_finish(d, "1/2-1/2", "agreement", today);
		audit(d, "draw_agreed", "draw offer accepted");
	} else {
		d->state.draw_offer = CORR_NOBODY;
	}
	return CC_OK;
}

int corr_series_cancel(const struct corr_game *g, int side, struct corr_delta *d,
                       struct corr_error *e)
{
	const struct corr_state *st = &g->state;
	/* DSU 6.2.5: only the proposer cancels; neither the opponent nor a
	 * TL (a TL decides a game through a result, he does not withdraw a
	 * player's moves). */
	if (side != WHITE && side != BLACK)
		return corr_fail(e, CC_ERR_INVALID, "forbidden",
		                 "only the player who proposed the series may cancel it (DSU "
		                 "6.2.5); you do not play in this game");
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	/* DSU 6.2.4, 6.8.4: "Et afsendt træk kan ikke ændres eller
	 * tilbagekaldes" - no exception in a DSU tournament (DSU 6.2.5). */
	if (strncmp(g->profile->name, "dsu-", 4) == 0)
		return corr_fail(
		        e, CC_ERR_INVALID, "series_binding",
		        "a series is binding once sent (DSU 6.2.4, 6.8.4): never cancelled "
		        "in a DSU tournament (%s)",
		        g->profile->name);
	if (!g->series_cancellable)
		return corr_fail(e, CC_ERR_INVALID, "series_binding",
		                 "a series is binding once sent (DSU 6.2.5): this game does not "
		                 "allow cancelling one");
	if (st->series_by == CORR_NOBODY || st->nseries == 0)
		return corr_fail(e, CC_ERR_INVALID, "no_series", "there is no pending series");
	if (side != st->series_by)
		return corr_fail(
		        e, CC_ERR_INVALID, "forbidden",
		        "only the player who proposed the series may cancel it (DSU 6.2.5)");
	/* Cancellable only before the opponent moved: the last move is the
	 * proposer's own, sent with the series, not one the server played
	 * from it after the opponent accepted a part. */
	const struct corr_move *last = g->nmoves ? &g->moves[g->nmoves - 1] : NULL;
	if (!last || corr_to_move(g) == st->series_by || last->kind == CORR_MOVE_AUTO)
		return corr_fail(e, CC_ERR_INVALID, "series_answered",
		                 "your opponent has already answered the series (DSU 6.2.5): it "
		                 "binds you now");
	corr_delta_init(d, g);
	d->state.series_by = CORR_NOBODY;
	d->state.nseries = 0;
	snprintf(d->action, sizeof d->action, "series_cancelled");
	snprintf(d->detail, sizeof d->detail, "%s withdrew the series sent with ply %zu",
	         corr_side_name(side), g->nmoves);
	return CC_OK;
}

int corr_tl_result(const struct corr_game *g, const char *result, const char *termination,
                   const char *how, const char *reason, int32_t today, struct corr_delta *d,
                   struct corr_error *e)
{
	if (how == NULL)
		how = "reported";
	if (!corr_how_valid(how))
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "how must be reported, adjudicated or scored");
	corr_delta_init(d, g);
	corr_delta_finish(d, result, termination, today);
	snprintf(d->state.how, sizeof d->state.how, "%s", how);
	/* DSU 4.5.4.2 (4.1.2 §16 e): "Alle spillede partier rates" - a game
	 * that had finished keeps, once 6.2.8 scores it, what it was as
	 * played; a game scored before keeps what it kept */
	if (strcmp(how, "scored") == 0 && g->state.status == CORR_FINISHED) {
		if (strcmp(g->state.how, "scored") == 0) {
			snprintf(d->state.played, sizeof d->state.played, "%s", g->state.played);
		} else {
			struct rating_stored was = {g->state.result, g->state.how,
			                            g->state.termination, (int)g->nmoves, NULL};
			char tok[RATING_PLAYED_MAX];
			if (rating_played_token(&was, tok, NULL, 0) == CC_OK)
				snprintf(d->state.played, sizeof d->state.played, "%s", tok);
		}
	}
	snprintf(d->action, sizeof d->action, "tl_result");
	snprintf(d->detail, sizeof d->detail, "%s -> %s (%s, %s): %.2000s", g->state.result, result,
	         termination && *termination ? termination : "-", how, reason);
	return CC_OK;
}

int corr_sweep_forfeit(const struct corr_game *g, const struct corr_finding *f, int32_t today,
                       struct corr_delta *d, struct corr_error *e)
{
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	if (f->kind != CORR_FINDING_FORFEIT)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "only a time forfeit ends a game");
	corr_delta_init(d, g);
	/* DSU 6.3.3.4, 6.3.3.3: the opponent played on after the forfeit was
	 * there to see: lost for both, whatever the profile (vector F1). */
	struct clock_played_on po;
	if ((rc = corr_played_on(g, today, &po, e)) != CC_OK)
		return rc;
	if (po.both_lose && po.forfeiter == f->side) {
		corr_delta_finish(d, "0-0", "time_forfeit", today);
		char detail[300];
		snprintf(detail, sizeof detail, "%s; the opponent played on after it (DSU 6.3.3.4)",
		         f->detail);
		audit(d, "sweep_both_lose", detail);
		return CC_OK;
	}
	if (!g->profile->auto_forfeit)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "only a time forfeit under a profile that ends games ends one");
	/* DSU 6.3.3.3: on the server the sweep ends the game (DSU 6.3.3.3). */
	corr_delta_finish(d, f->side == WHITE ? "0-1" : "1-0", "time_forfeit", today);
	audit(d, "sweep_time_forfeit", f->detail);
	return CC_OK;
}
