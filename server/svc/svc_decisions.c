/* svc_decisions.c: a tournament leader's decisions on a tournament
 * (svc/svc_decisions.h). */
#include "autoconfig.h"
#include "svc/svc_decisions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "store/store.h"
#include "svc/svc_game.h"
#include "svc/svc_ratings.h"
#include "svc/svc_tournaments.h"
#include "tourney/dsu_admin.h"
#include "util/status.h"

int svc_tournament_get(struct app *app, int64_t id, struct svc_tournament **t,
                       struct svc_outcome *o)
{
	*t = calloc(1, sizeof **t);
	if (!*t)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	if (svc_tournament_load(app, id, *t, o) != SVC_OK) {
		free(*t);
		*t = NULL;
	}
	return o->status;
}

void svc_tournament_put(struct svc_tournament *t)
{
	if (t)
		svc_tournament_free(t);
	free(t);
}

/* The policy for command c on t with its parties. */
static int authorize(const struct user *who, enum auth_cmd c, const struct svc_tournament *t,
                     const int64_t *parties, size_t nparties, struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct auth_target target = {.leader = t->t.tl, .parties = parties, .nparties = nparties};
	struct corr_error e;
	if (auth_check(&a, c, &target, &e) != CC_OK)
		return svc_refused(o, &e);
	return svc_ok(o);
}

int svc_past_day(const struct app *app, const char *text, const char *what, int32_t *day,
                 struct svc_outcome *o)
{
	char iso[CALENDAR_ISO_LEN], err[128];
	int32_t today;
	if (svc_today(app, iso, &today, o))
		return o->status;
	if (calendar_parse(text, day, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "%s: %s", what, err);
	if (*day > today)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "%s: on or before today, not after",
		                what);
	return svc_ok(o);
}

/* ---- the withdrawal (DSU 6.2.8) ---- */

/* The games a withdrawal rescores, loaded and decided before the write. */
struct rescore {
	int64_t tournament, actor;
	struct store_withdrawal w;
	size_t n;
	struct store_game *games;
	struct corr_delta *deltas;
	const char *today;
};

static int write_withdrawal(struct app *app, void *ctx)
{
	struct rescore *r = ctx;
	int rc = store_withdrawals_insert(app->st, r->tournament, &r->w, r->actor);
	/* the games scored as lost, through the TL result of lib/corr, in the
	 * transaction of the record */
	for (size_t i = 0; rc == STORE_OK && i < r->n; i++)
		rc = svc_game_write_in(app, r->actor, &r->games[i], &r->deltas[i], r->today);
	return rc;
}

/* The games of seat p whose result differs from scored[], loaded, each
 * with the TL result (adjudication, the reason naming 6.2.8) that scores
 * it.  SVC_OK, or the outcome. */
static int prepare_rescore(struct app *app, const struct svc_tournament *t, int p,
                           const struct dsu_game *scored, int32_t today, const char *why,
                           struct rescore *r, struct svc_outcome *o)
{
	r->games = calloc(t->ngames ? t->ngames : 1, sizeof *r->games);
	r->deltas = calloc(t->ngames ? t->ngames : 1, sizeof *r->deltas);
	if (!r->games || !r->deltas)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	for (size_t i = 0; i < t->ngames; i++) {
		if ((t->games[i].white != p && t->games[i].black != p) ||
		    scored[i].result == t->games[i].result)
			continue;
		char err[256];
		struct corr_error e;
		struct store_game *sg = &r->games[r->n];
		if (store_games_load(app->st, t->game_ids[i], sg, err, sizeof err) != STORE_OK)
			return svc_fail(o, SVC_BUSY, "busy",
			                "game %lld cannot be read: nothing was changed; try again",
			                (long long)t->game_ids[i]);
		r->n++;
		/* DSU 6.2.8: scored, not played; a finished game keeps its
		 * result as played for the rating (4.5.4.2, issue 21) */
		if (corr_tl_result(&sg->g, dsu_result_name(scored[i].result), "adjudication",
		                   "scored", why, today, &r->deltas[r->n - 1], &e) != CC_OK)
			return svc_fail(o, SVC_ERROR, "internal",
			                "game %lld could not be rescored: %s; nothing was changed",
			                (long long)t->game_ids[i], e.message);
	}
	return svc_ok(o);
}

/* Rates the groups again after a change of results (docs/RATING.md "On
 * the server"); its own transaction: the change stands whatever becomes
 * of it. */
static void rate(struct app *app)
{
	char err[256];
	if (svc_ratings_update(app->st, err, sizeof err) != 0)
		log_msg(LOG_ERROR, "ratings: %s", err);
}

int svc_withdrawal(struct app *app, const struct user *who, int64_t id, int64_t player,
                   const char *reason, const char *on, struct svc_outcome *o)
{
	char today_s[CALENDAR_ISO_LEN];
	int32_t today, on_day;
	if (svc_today(app, today_s, &today, o))
		return o->status;
	struct svc_tournament *t;
	if (svc_tournament_get(app, id, &t, o) != SVC_OK)
		return o->status;
	struct dsu_game *scored = calloc(t->ngames ? t->ngames : 1, sizeof *scored);
	int64_t *parties = calloc(t->ngames + 1, sizeof *parties);
	struct rescore r = {.tournament = id, .actor = svc_actor(who).id, .today = today_s};
	struct dsu_withdrawal w = {0};
	int p = svc_tournament_seat(t, player);
	bool known = false, computed = false;
	size_t np = 0;
	char err[256];
	if (!scored || !parties) {
		svc_fail(o, SVC_ERROR, "internal", "out of memory");
		goto done;
	}
	for (size_t i = 0; i < t->nwithdrawals; i++)
		known |= t->withdrawals[i].user == player;
	if (p >= 0 && !known)
		computed = dsu_withdraw(t->n, t->games, t->ngames, p, strcmp(reason, "valid") == 0,
		                        scored, NULL, &w, err, sizeof err) == CC_OK;
	/* docs/AUTHORITY.md rule 3: the player and every opponent whose game
	 * it rescores */
	parties[np++] = player;
	for (size_t i = 0; computed && w.all_lost && i < t->ngames; i++)
		if ((t->games[i].white == p || t->games[i].black == p) &&
		    scored[i].result != t->games[i].result)
			parties[np++] = t->seats[t->games[i].white == p ? t->games[i].black
			                                                : t->games[i].white]
			                        .user;
	if (authorize(who, AUTH_WITHDRAWAL, t, parties, np, o) != SVC_OK ||
	    (on && svc_past_day(app, on, "on", &on_day, o) != SVC_OK))
		goto done;
	if (p < 0) {
		svc_fail(o, SVC_REFUSED, "not_in_tournament",
		         "user %lld does not play in tournament %lld", (long long)player,
		         (long long)id);
		goto done;
	}
	if (known) {
		svc_fail(o, SVC_REFUSED, "already_withdrawn",
		         "user %lld has already withdrawn from tournament %lld", (long long)player,
		         (long long)id);
		goto done;
	}
	if (!computed) {
		svc_fail(o, SVC_REFUSED, "not_in_tournament", "%s", err);
		goto done;
	}
	r.w = (struct store_withdrawal){.user = player, .all_lost = w.all_lost};
	snprintf(r.w.reason, sizeof r.w.reason, "%s", reason);
	snprintf(r.w.on, sizeof r.w.on, "%s", on ? on : today_s);
	char why[STORE_NAME_MAX + 96];
	snprintf(why, sizeof why,
	         "scored (DSU 6.2.8): %s withdrew with %d of his %d games finished",
	         t->seats[p].name, w.finished, w.games);
	if (w.all_lost && prepare_rescore(app, t, p, scored, today, why, &r, o) != SVC_OK)
		goto done;
	int rc = svc_write(app, write_withdrawal, &r);
	if (rc == STORE_CONFLICT)
		svc_fail(o, SVC_REFUSED, "already_withdrawn", "user %lld has already withdrawn",
		         (long long)player);
	else if (rc == STORE_STALE)
		svc_fail(o, SVC_STALE, "stale",
		         "a game of user %lld changed meanwhile: nothing was changed; try again",
		         (long long)player);
	else if (rc != STORE_OK)
		svc_fail(o, SVC_BUSY, "busy", "the withdrawal could not be stored; try again");
	else
		svc_ok(o);
	if (rc == STORE_OK && r.n) {
		svc_mail_queued(app);
		rate(app); /* his games' results changed */
	}
done:
	for (size_t i = 0; i < r.n; i++)
		store_games_free(&r.games[i]);
	free(r.games);
	free(r.deltas);
	free(scored);
	free(parties);
	svc_tournament_put(t);
	return o->status;
}

/* ---- the DM play-off (6.5.2c, R33c) ---- */

/* DSU 6.5.2c: two players tied for 1st play 2 games, one with each
 * colour, against each other; three or more play the TL's format (I-3)
 * among themselves.  tied[] by seat. */
static int check_playoff_format(const struct dsu_game *g, size_t n, const bool *tied, int ntied,
                                struct svc_outcome *o)
{
	for (size_t i = 0; i < n; i++)
		if (!tied[g[i].white] || !tied[g[i].black])
			return svc_fail(
			        o, SVC_REFUSED, "invalid_playoff",
			        "games[%zu]: only the players tied for 1st play the play-off "
			        "(DSU 6.5.2c)",
			        i);
	if (ntied == 2 && (n != 2 || g[0].white != g[1].black || g[0].black != g[1].white))
		return svc_fail(o, SVC_REFUSED, "invalid_playoff",
		                "two players tied for 1st play 2 games, one with each colour (DSU "
		                "6.5.2c)");
	if (n == 0)
		return svc_fail(o, SVC_REFUSED, "invalid_playoff",
		                "a play-off has at least one game");
	return svc_ok(o);
}

/* The play-off's games p (user ids) as seats of t into g. */
static int playoff_seats(const struct svc_tournament *t, const struct store_playoff *p,
                         struct dsu_game *g, struct svc_outcome *o)
{
	for (size_t i = 0; i < p->ngames; i++) {
		g[i].white = svc_tournament_seat(t, p->games[i].white);
		g[i].black = svc_tournament_seat(t, p->games[i].black);
		if (g[i].white < 0 || g[i].black < 0 || g[i].white == g[i].black)
			return svc_fail(o, SVC_REFUSED, "invalid_playoff",
			                "games[%zu]: two different players of the DM", i);
		if (dsu_result_parse(p->games[i].result, &g[i].result) != CC_OK ||
		    !dsu_result_finished(g[i].result))
			return svc_fail(o, SVC_REFUSED, "invalid_field",
			                "games[%zu].result must be 1-0, 0-1, 1/2-1/2 or 0-0", i);
	}
	return svc_ok(o);
}

struct playoff_write {
	int64_t tournament, actor;
	const struct store_playoff *p;
};

static int write_playoff(struct app *app, void *ctx)
{
	struct playoff_write *w = ctx;
	return store_playoff_insert(app->st, w->tournament, w->p, w->actor);
}

int svc_playoff(struct app *app, const struct user *who, int64_t id, const struct store_playoff *p,
                struct svc_outcome *o)
{
	struct svc_tournament *t;
	if (svc_tournament_get(app, id, &t, o) != SVC_OK)
		return o->status;
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	struct dsu_game g[STORE_PLAYOFF_MAX];
	bool tied[TOURNAMENT_MAX_PLAYERS] = {false};
	int64_t parties[TOURNAMENT_MAX_PLAYERS];
	int ntied = 0;
	struct dsu_table_info info = {0};
	char err[256];
	bool dm = strcmp(t->t.dsu_kind, "dm") == 0, table = false;
	if (!s) {
		svc_fail(o, SVC_ERROR, "internal", "out of memory");
		goto done;
	}
	/* docs/AUTHORITY.md rule 3: its parties are the players tied for 1st */
	if (dm && !t->unfinished)
		table = dsu_standings(DSU_EVENT_DM, t->n, t->games, t->ngames, NULL, s, &info, err,
		                      sizeof err) == CC_OK;
	for (int i = 0; table && info.playoff_needed && i < t->n; i++)
		if (s[i].place_lo == 1) {
			tied[s[i].player] = true;
			parties[ntied++] = t->seats[s[i].player].user;
		}
	if (authorize(who, AUTH_PLAYOFF, t, parties, (size_t)ntied, o) != SVC_OK)
		goto done;
	if (!dm) {
		svc_fail(o, SVC_REFUSED, "not_a_dm",
		         "tournament %lld is not a DM: only the DM has a play-off (DSU 6.5.2c)",
		         (long long)id);
	} else if (t->has_playoff) {
		svc_fail(o, SVC_REFUSED, "playoff_entered",
		         "the play-off of tournament %lld is entered already", (long long)id);
	} else if (t->unfinished) {
		svc_fail(o, SVC_REFUSED, "not_finished",
		         "tournament %lld has %d games still running: the play-off comes after the "
		         "last game",
		         (long long)id, t->unfinished);
	} else if (!table) {
		svc_fail(o, SVC_ERROR, "internal", "the standings cannot be computed: %s", err);
	} else if (!info.playoff_needed) {
		svc_fail(o, SVC_REFUSED, "no_playoff_needed",
		         "1st place is decided by the points, SB or the mutual games: no play-off "
		         "(DSU 6.5.2c)");
	} else if (p->agree_to_share ||
	           (playoff_seats(t, p, g, o) == SVC_OK &&
	            check_playoff_format(g, p->ngames, tied, ntied, o) == SVC_OK)) {
		struct dsu_playoff check = {g, p->agree_to_share ? 0 : p->ngames,
		                            p->agree_to_share};
		if (dsu_standings(DSU_EVENT_DM, t->n, t->games, t->ngames, &check, s, NULL, err,
		                  sizeof err) != CC_OK) {
			svc_fail(o, SVC_REFUSED, "invalid_playoff", "%s", err);
			goto done;
		}
		struct playoff_write w = {id, svc_actor(who).id, p};
		int rc = svc_write(app, write_playoff, &w);
		if (rc == STORE_CONFLICT)
			svc_fail(o, SVC_REFUSED, "playoff_entered",
			         "the play-off is entered already");
		else if (rc != STORE_OK)
			svc_fail(o, SVC_BUSY, "busy",
			         "the play-off could not be stored; try again");
		else
			svc_ok(o);
	}
done:
	free(s);
	svc_tournament_put(t);
	return o->status;
}

/* ---- publication and decisions (R12-R13, R19) ---- */

struct note_write {
	int64_t tournament, actor;
	const char *on;
	struct store_decision *d; /* a decision, or NULL: the publication */
};

static int write_note(struct app *app, void *ctx)
{
	struct note_write *w = ctx;
	if (!w->d)
		return store_tournaments_set_published(app->st, w->tournament, w->on);
	return store_decisions_insert(app->st, w->d, w->actor);
}

/* The TL's note on tournament id (publication, or decision d): load ->
 * authorize (command c) -> the rule -> write. */
static int note(struct app *app, const struct user *who, enum auth_cmd c, int64_t id,
                const char *on, const char *what, struct store_decision *d, struct svc_outcome *o)
{
	int32_t day;
	struct svc_tournament *t;
	if (svc_tournament_get(app, id, &t, o) != SVC_OK)
		return o->status;
	int unfinished = t->unfinished;
	int rc = authorize(who, c, t, NULL, 0, o);
	svc_tournament_put(t);
	if (rc != SVC_OK || svc_past_day(app, on, what, &day, o) != SVC_OK)
		return o->status;
	if (!d && unfinished)
		return svc_fail(o, SVC_REFUSED, "not_finished",
		                "tournament %lld has %d games still running: its results are "
		                "published when it is finished (DSU 6.4.5.1)",
		                (long long)id, unfinished);
	struct note_write w = {id, svc_actor(who).id, on, d};
	if (svc_write(app, write_note, &w) != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the %s could not be stored; try again",
		                d ? "decision" : "publication");
	return svc_ok(o);
}

int svc_publication(struct app *app, const struct user *who, int64_t id, const char *on,
                    struct svc_outcome *o)
{
	return note(app, who, AUTH_PUBLICATION, id, on, "on", NULL, o);
}

int svc_decision(struct app *app, const struct user *who, int64_t id, const char *notified_on,
                 const char *about, struct svc_outcome *o)
{
	struct store_decision d = {.tournament = id};
	snprintf(d.notified_on, sizeof d.notified_on, "%s", notified_on);
	snprintf(d.about, sizeof d.about, "%s", about);
	return note(app, who, AUTH_DECISION, id, notified_on, "notified_on", &d, o);
}
