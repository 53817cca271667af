/* svc_ratings.c: svc_ratings_update(), the finished groups rated in
 * finishing order (svc/svc_ratings.h).  The rules are in lib/rating; the SQL in
 * store/store_ratings.c. */
#include "svc/svc_ratings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "rating/rating.h"
#include "rating/rating_coord.h"
#include "rating/rating_input.h"
#include "rating/rating_register.h"
#include "store/store_foreign.h"
#include "util/status.h"

#define MAX_USER_ID 50000000 /* user ids the in-memory maps accept */

/* A rating a player reached, and the day the group that gave it finished
 * (a foreign result: the day it was reported; an adjustment: its date). */
struct mark {
	int32_t day; /* a day number (clock/calendar.h) */
	int rating;
	bool result; /* a rated result (a group or a foreign result), not an
	                adjustment (DSU 4.5.5.1 item 4: "sidste ratede resultat") */
};

/* One player's ratings over time, in finishing order. */
struct hist {
	struct mark *v;
	int n, cap;
};

/* The state of one update: per user id, his start rating, his registered
 * (current) rating and his history. */
struct state {
	int64_t max_id;
	int *start;
	int *current;
	bool *foreign; /* DSU 4.5.5.2: a foreign player */
	struct hist *hist;
};

/* "2027-09-01" as a day number; INT32_MIN when malformed. */
static int32_t day_of(const char *d)
{
	int32_t day;
	return calendar_parse(d, &day, NULL, 0) == CC_OK ? day : INT32_MIN;
}

static int push(struct hist *h, int32_t day, int rating, bool result)
{
	if (h->n == h->cap) {
		int ncap = h->cap ? 2 * h->cap : 8;
		struct mark *nv = realloc(h->v, (size_t)ncap * sizeof *nv);
		if (!nv)
			return -1;
		h->v = nv;
		h->cap = ncap;
	}
	h->v[h->n++] = (struct mark){day, rating, result};
	return 0;
}

static int take_start(void *ctx, int64_t user, int start, bool foreign)
{
	struct state *s = ctx;
	if (user < 1 || user > s->max_id)
		return -1;
	s->start[user] = start == STORE_NO_RATING ? RATING_NONE : start;
	s->current[user] = s->start[user];
	s->foreign[user] = foreign;
	return 0;
}

static int take_mark(void *ctx, int64_t user, const char *date, int rating, bool result)
{
	struct state *s = ctx;
	if (user < 1 || user > s->max_id)
		return -1;
	s->current[user] = rating;
	return push(&s->hist[user], day_of(date), rating, result);
}

/* The highest user id (one pass over the start ratings). */
static int find_max(void *ctx, int64_t user, int start, bool foreign)
{
	(void)start;
	(void)foreign;
	int64_t *m = ctx;
	if (user > *m)
		*m = user;
	return 0;
}

/* DSU 4.5.4.1 a: the start rating of a group is the rating registered when
 * it started: the last rating the player reached in a group that finished
 * before that day, else his start rating. */
static int rating_at(const struct state *s, int64_t user, int32_t day)
{
	const struct hist *h = &s->hist[user];
	for (int i = h->n - 1; i >= 0; i--)
		if (h->v[i].day < day)
			return h->v[i].rating;
	return s->start[user];
}

/* DSU 4.5.5.1 items 4-5: whether a player back on `day` starts afresh,
 * his last rated result before that day being more than 5 years old.  He
 * is then rated as a newcomer (items 1-3: his start rating, else the
 * entry rating of his class), his archived rating not carried on. */
static bool afresh(const struct state *s, int64_t user, int32_t day)
{
	const struct hist *h = &s->hist[user];
	for (int i = h->n - 1; i >= 0; i--)
		if (h->v[i].result && h->v[i].day < day)
			return rating_starts_afresh(h->v[i].day, day);
	return false;
}

/* For a player who starts afresh on `day`: the rating registered now
 * when it came from a result after that day (another group of his
 * return that finished first: R-22 adds to it), else RATING_NONE (the
 * archived rating, not carried). */
static int since_return(const struct state *s, int64_t user, int32_t day)
{
	const struct hist *h = &s->hist[user];
	return h->n && h->v[h->n - 1].day >= day ? s->current[user] : RATING_NONE;
}

/* The class a newcomer of this group entered (4.5.5.1). */
static enum rating_entry_class class_of(const char *cls)
{
	static const struct {
		const char *name;
		enum rating_entry_class c;
	} classes[] = {{"\xc3\x85", RATING_ENTRY_AA},
	               {"K", RATING_ENTRY_K},
	               {"M", RATING_ENTRY_M},
	               {"DM", RATING_ENTRY_DM}};
	for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
		if (strcmp(cls, classes[i].name) == 0)
			return classes[i].c;
	return RATING_ENTRY_NONE;
}

static const char *method_name(enum rating_method m)
{
	return m == RATING_METHOD_AVERAGE      ? "average"
	       : m == RATING_METHOD_DIFFERENCE ? "difference"
	                                       : "none";
}

/* Rates one group and stores its steps; 0, or -1 on a storage error (a
 * group that cannot be rated is recorded, and is not an error). */
static int rate_one(store *st, struct state *s, const struct store_rating_group *grp)
{
	int64_t users[RATING_MAX_PLAYERS];
	struct rating_player pl[RATING_MAX_PLAYERS];
	struct rating_player_result *out = NULL;
	struct store_rating_game *sg = NULL;
	struct rating_game *games = NULL;
	size_t ng = 0;
	int n = 0, rc = -1;
	char why[256] = "";
	int many = store_ratings_group_players(st, grp->tournament, users, RATING_MAX_PLAYERS, &n);
	if (many < 0 || store_ratings_group_games(st, grp->tournament, &sg, &ng) != 0)
		goto fail;
	if (many) { /* recorded, not fatal: the later groups are still rated */
		rc = store_ratings_group_done(st, grp->tournament, NULL,
		                              "more players than one group can have");
		goto fail;
	}
	out = calloc((size_t)(n ? n : 1), sizeof *out);
	games = calloc(ng ? ng : 1, sizeof *games);
	if (!out || !games)
		goto fail;
	/* DSU 4.5.4.2 (lib/rating/rating_input.c): each game as the rating
	 * counts it, and the points of the standings for the winners (I-13) */
	int score2[RATING_MAX_PLAYERS] = {0};
	bool counted = false;
	size_t k = 0;
	for (size_t i = 0; i < ng; i++) {
		int a = -1, b = -1, st2[2];
		for (int p = 0; p < n; p++) {
			if (users[p] == sg[i].white)
				a = p;
			if (users[p] == sg[i].black)
				b = p;
		}
		struct rating_stored in = {sg[i].result, sg[i].how, sg[i].termination, sg[i].nmoves,
		                           sg[i].played};
		if (a < 0 || b < 0 || rating_stored_game(&in, &games[k], st2, NULL, 0) != CC_OK)
			continue; /* a game of someone no longer seated: not part of the group */
		games[k].a = a;
		games[k].b = b;
		score2[a] += st2[0];
		score2[b] += st2[1];
		counted = true;
		k++;
	}
	int32_t day = day_of(grp->start_date);
	bool newcomer_ok = true, fresh[RATING_MAX_PLAYERS];
	for (int p = 0; p < n; p++) {
		if (users[p] < 1 || users[p] > s->max_id)
			goto fail;
		fresh[p] = afresh(s, users[p], day);
		int ro = fresh[p] ? s->start[users[p]] : rating_at(s, users[p], day);
		int cur = fresh[p] ? since_return(s, users[p], day) : s->current[users[p]];
		/* DSU 4.5.5: a player without any rating: a foreign player's
		 * performance rating (4.5.5.2 item 3), a Danish newcomer's entry
		 * rating by the class he entered (4.5.5.1) */
		enum rating_start_source src = RATING_START_K;
		if (ro == RATING_NONE && newcomer_ok &&
		    rating_start_of(RATING_NONE, RATING_NONE, s->foreign[users[p]],
		                    class_of(grp->cls), &ro, &src, why, sizeof why) != CC_OK) {
			newcomer_ok = false;
			char who[64];
			snprintf(who, sizeof who, "user %lld: ", (long long)users[p]);
			size_t wl = strlen(who), yl = strlen(why);
			if (wl + yl < sizeof why) {
				memmove(why + wl, why, yl + 1);
				memcpy(why, who, wl);
			}
		}
		pl[p].performance = src == RATING_START_PERFORMANCE;
		pl[p].ro = ro == RATING_NONE ? 0 : ro;
		/* the increment is added to the rating registered now; an
		 * entry rating is the registered one too */
		pl[p].registered = cur != RATING_NONE && cur != ro ? cur : RATING_NONE;
		pl[p].absent = false;
		/* I-13: the highest score of the standings, no tie-breaks */
		pl[p].winner = false;
	}
	int best = -1;
	for (int p = 0; p < n; p++)
		if (score2[p] > best)
			best = score2[p];
	for (int p = 0; p < n && counted && !grp->team; p++)
		pl[p].winner = score2[p] == best;
	struct rating_group g = {n, pl, k, games, grp->team};
	struct rating_group_result res;
	if (n == 0 || !newcomer_ok || rating_group_rate(&g, &res, out, why, sizeof why) != CC_OK) {
		if (!*why)
			snprintf(why, sizeof why, "the group has no players");
		log_msg(LOG_INFO, "tournament %lld not rated: %s", (long long)grp->tournament, why);
		rc = store_ratings_group_done(st, grp->tournament, NULL, why);
		goto fail;
	}
	for (int p = 0; p < n; p++) {
		const struct rating_player_result *r = &out[p];
		if (r->games == 0 || !r->has_rating)
			continue;
		struct store_rating_step x;
		memset(&x, 0, sizeof x);
		x.tournament = grp->tournament;
		x.user = users[p];
		x.seq = grp->seq;
		snprintf(x.finished_on, sizeof x.finished_on, "%s", grp->finished_on);
		x.ro = r->ro;
		int before = fresh[p] ? since_return(s, users[p], day) : s->current[users[p]];
		x.old = before == RATING_NONE ? STORE_NO_RATING : before;
		x.new_rating = r->new_rating;
		x.games = r->games;
		x.w2 = r->w2;
		x.we = r->we;
		x.k = r->k;
		x.b = r->b;
		snprintf(x.method, sizeof x.method, "%s", method_name(res.method));
		snprintf(x.source, sizeof x.source, "%s", r->performance ? "performance" : "rated");
		if (store_ratings_step_add(st, &x) != 0)
			goto fail;
		s->current[users[p]] = r->new_rating;
		if (push(&s->hist[users[p]], day_of(grp->finished_on), r->new_rating, true) != 0)
			goto fail;
	}
	rc = store_ratings_group_done(st, grp->tournament, method_name(res.method), NULL);
fail:
	free(out);
	free(games);
	free(sg);
	return rc;
}

/* DSU 4.5.4.3: rates one foreign result as the group it came from, from
 * the rating registered when it was reported (4.5.4.1 a: "det ratingtal,
 * der er gældende, når turneringen indberettes"), and records its
 * figures.  0, or -1 on a storage error (a result that cannot be rated
 * is recorded, and is not an error). */
static int rate_foreign(store *st, struct state *s, struct store_foreign *f)
{
	struct store_foreign_game sg[STORE_FOREIGN_GAMES];
	struct rating_foreign_game g[RATING_FOREIGN_MAX];
	size_t n = 0;
	int64_t u = f->user;
	if (u < 1 || u > s->max_id || store_foreign_games(st, f->id, sg, STORE_FOREIGN_GAMES, &n))
		return -1;
	for (size_t i = 0; i < n && i < RATING_FOREIGN_MAX; i++)
		g[i] = (struct rating_foreign_game){sg[i].rating, strcmp(sg[i].result, "1") == 0 ? 2
		                                                  : strcmp(sg[i].result, "1/2") == 0
		                                                          ? 1
		                                                          : 0};
	int32_t day = day_of(f->reported_on);
	/* afresh unless a result of his return came first */
	bool fresh = afresh(s, u, day) && since_return(s, u, day) == RATING_NONE;
	int ro = fresh ? s->start[u] : s->current[u];
	struct rating_group_result res;
	struct rating_player_result r;
	f->rated = false;
	f->error[0] = '\0';
	if (ro == RATING_NONE)
		snprintf(f->error, sizeof f->error,
		         "user %lld has no rating to rate it from (DSU 4.5.5.1: an entry rating "
		         "first)",
		         (long long)u);
	else if (rating_foreign_rate(ro, RATING_NONE, g, (int)n, f->round_robin, f->winner, &res,
	                             &r, f->error, sizeof f->error) != CC_OK &&
	         !f->error[0])
		snprintf(f->error, sizeof f->error, "it cannot be rated");
	if (f->error[0]) {
		log_msg(LOG_INFO, "foreign result %lld not rated: %s", (long long)f->id, f->error);
		return store_foreign_done(st, f) == STORE_OK ? 0 : -1;
	}
	f->rated = true;
	f->ro = r.ro;
	f->old = fresh || s->current[u] == RATING_NONE ? STORE_NO_RATING : s->current[u];
	f->new_rating = r.new_rating;
	f->games = r.games;
	f->w2 = r.w2;
	f->we = r.we;
	f->k = r.k;
	f->b = r.b;
	snprintf(f->method, sizeof f->method, "%s", method_name(res.method));
	if (store_foreign_done(st, f) != STORE_OK)
		return -1;
	s->current[u] = r.new_rating;
	return push(&s->hist[u], day, r.new_rating, true);
}

/* Applies one coordination with the Elo list (DSU 4.5.6) at its place in
 * the order: the Danish ratings registered on 1 June (dsu_date) against
 * the Elo list it recorded; the covered players' ratings registered now
 * move by the scale.  0, or -1 on a storage error. */
static int coordinate(store *st, struct state *s, struct store_rating_coord *c)
{
	struct store_rating_coord_row *rows = NULL;
	struct rating_coord_player *in = NULL;
	struct rating_coord_player_result *out = NULL;
	size_t n = 0;
	int rc = -1;
	if (store_ratings_coord_rows(st, c->id, &rows, &n) != 0)
		goto fail;
	in = calloc(n ? n : 1, sizeof *in);
	out = calloc(n ? n : 1, sizeof *out);
	if (!in || !out)
		goto fail;
	/* "de samme spilleres danske ratingtal af 1. juni": registered that day */
	int32_t june = day_of(c->dsu_date) + 1;
	for (size_t i = 0; i < n; i++) {
		int64_t u = rows[i].user;
		int dsu = u >= 1 && u <= s->max_id ? rating_at(s, u, june) : RATING_NONE;
		int cur = u >= 1 && u <= s->max_id ? s->current[u] : RATING_NONE;
		/* a player without a rating is not covered (4.5.6.1 a: over 2100) */
		in[i] = (struct rating_coord_player){dsu == RATING_NONE ? 0 : dsu, rows[i].elo,
		                                     rows[i].elo_games,
		                                     cur == RATING_NONE ? 0 : cur};
	}
	struct rating_coord_result res;
	char why[256];
	if (rating_coord_run(in, n, &res, out, why, sizeof why) != CC_OK) {
		log_msg(LOG_ERROR, "coordination %lld: %s", (long long)c->id, why);
		goto fail;
	}
	c->covered = res.covered;
	c->sum_dsu = res.sum_dsu;
	c->sum_elo = res.sum_elo;
	c->n = res.n;
	c->direction = res.direction;
	if (store_ratings_coord_done(st, c) != 0)
		goto fail;
	for (size_t i = 0; i < n; i++) {
		if (!out[i].adjusted)
			continue;
		int64_t u = rows[i].user;
		if (store_ratings_adjustment_add(st, c->id, u, c->position, c->on_date, out[i].from,
		                                 out[i].by, out[i].to) != 0)
			goto fail;
		s->current[u] = out[i].to;
		if (push(&s->hist[u], day_of(c->on_date), out[i].to, false) != 0)
			goto fail;
	}
	rc = 0;
fail:
	free(rows);
	free(in);
	free(out);
	return rc;
}

int svc_ratings_update(store *st, char *err, size_t errlen)
{
	struct state s = {0, NULL, NULL, NULL, NULL};
	struct store_rating_group *groups = NULL;
	struct store_rating_coord *coords = NULL;
	struct store_foreign *foreign = NULL;
	size_t ngroups = 0, ncoords = 0, nforeign = 0;
	int64_t from;
	int rc = -1;
	if (store_ratings_pending(st, &from) != 0) {
		snprintf(err, errlen, "the ratings cannot be read");
		return -1;
	}
	if (from == 0)
		return 0; /* current */
	if (store_begin(st) != STORE_OK) {
		snprintf(err, errlen, "the database is busy");
		return -1;
	}
	/* read again inside the write lock: another thread may have done it */
	if (store_ratings_pending(st, &from) != 0)
		goto fail;
	if (from == 0) {
		rc = 0;
		goto fail;
	}
	if (store_ratings_starts(st, find_max, &s.max_id) != 0 || s.max_id > MAX_USER_ID)
		goto fail;
	s.start = calloc((size_t)s.max_id + 1, sizeof *s.start);
	s.current = calloc((size_t)s.max_id + 1, sizeof *s.current);
	s.hist = calloc((size_t)s.max_id + 1, sizeof *s.hist);
	s.foreign = calloc((size_t)s.max_id + 1, sizeof *s.foreign);
	if (!s.start || !s.current || !s.hist || !s.foreign)
		goto fail;
	for (int64_t i = 0; i <= s.max_id; i++)
		s.start[i] = s.current[i] = RATING_NONE;
	if (store_ratings_starts(st, take_start, &s) != 0 ||
	    store_foreign_marks_before(st, from, take_mark, &s) != 0 ||
	    store_ratings_clear_from(st, from) != 0 || store_foreign_clear_from(st, from) != 0 ||
	    store_ratings_groups_from(st, from, &groups, &ngroups) != 0 ||
	    store_ratings_coords_from(st, from, &coords, &ncoords) != 0 ||
	    store_foreign_from(st, from, &foreign, &nforeign) != 0)
		goto fail;
	/* I-19: in the order the groups finished, each coordination with the
	 * Elo list and each foreign result at its place among them (at one
	 * place: the coordination, the foreign results, then the group) */
	size_t ci = 0, fi = 0, gi = 0;
	while (ci < ncoords || fi < nforeign || gi < ngroups) {
		int64_t kc = ci < ncoords ? 3 * coords[ci].position : INT64_MAX;
		int64_t kf = fi < nforeign ? 3 * foreign[fi].position + 1 : INT64_MAX;
		int64_t kg = gi < ngroups ? 3 * groups[gi].seq + 2 : INT64_MAX;
		int step = kc <= kf && kc <= kg ? coordinate(st, &s, &coords[ci++])
		           : kf <= kg           ? rate_foreign(st, &s, &foreign[fi++])
		                                : rate_one(st, &s, &groups[gi++]);
		if (step != 0)
			goto fail;
	}
	if (store_ratings_clean(st) != 0)
		goto fail;
	if (store_commit(st) != STORE_OK) {
		snprintf(err, errlen, "the ratings could not be stored");
		rc = -1;
		goto out;
	}
	rc = 0;
	goto out;
fail:
	if (rc != 0)
		snprintf(err, errlen, "the ratings could not be brought up to date");
	store_rollback(st);
out:
	if (s.hist)
		for (int64_t i = 0; i <= s.max_id; i++)
			free(s.hist[i].v);
	free(s.hist);
	free(s.start);
	free(s.current);
	free(s.foreign);
	free(groups);
	free(coords);
	free(foreign);
	return rc;
}

/* ---- foreign results (DSU 4.5.4.3) ---- */

struct foreign_write {
	struct store_foreign f;
	const struct svc_foreign_in *in;
};

static int write_foreign(struct app *app, void *ctx)
{
	struct foreign_write *w = ctx;
	return store_foreign_add(app->st, &w->f, w->in->games, w->in->ngames);
}

int svc_rating_foreign_add(struct app *app, const struct user *who, const struct svc_foreign_in *in,
                           struct store_foreign *out, struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.subject = in->player};
	struct corr_error e;
	char iso[CALENDAR_ISO_LEN], err[256];
	int32_t today, day;
	if (auth_check(&a, AUTH_FOREIGN_RESULT, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	if (in->player < 1)
		return svc_fail(o, SVC_REFUSED, "invalid_field", "player must be a user id");
	size_t el = strlen(in->event);
	if (el < 1 || el > 200)
		return svc_fail(o, SVC_REFUSED, "invalid_field", "event: 1 to 200 bytes");
	if (svc_today(app, iso, &today, o))
		return o->status;
	if (calendar_parse(in->finished_on, &day, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "finished_on: %s", err);
	if (day > today)
		return svc_fail(o, SVC_REFUSED, "invalid_date",
		                "finished_on: on or before today, not after");
	if (in->ngames < 1 || in->ngames > STORE_FOREIGN_GAMES)
		return svc_fail(o, SVC_REFUSED, "invalid_field", "games: 1 to %d games",
		                STORE_FOREIGN_GAMES);
	for (size_t i = 0; i < in->ngames; i++) {
		const struct store_foreign_game *g = &in->games[i];
		if (g->rating < RATING_MIN || g->rating > RATING_MAX)
			return svc_fail(o, SVC_REFUSED, "invalid_field",
			                "games[%zu].rating: the opponent's rating, %d..%d (DSU "
			                "4.5.5.2; RK estimates a missing one, item 4)",
			                i, RATING_MIN, RATING_MAX);
		if (strcmp(g->result, "1") != 0 && strcmp(g->result, "1/2") != 0 &&
		    strcmp(g->result, "0") != 0)
			return svc_fail(o, SVC_REFUSED, "invalid_field",
			                "games[%zu].result: 1, 1/2 or 0 (the player's score)", i);
	}
	struct foreign_write w = {.in = in};
	w.f.user = in->player;
	w.f.entered_by = a.id;
	w.f.round_robin = in->round_robin;
	w.f.winner = in->winner;
	snprintf(w.f.event, sizeof w.f.event, "%s", in->event);
	snprintf(w.f.finished_on, sizeof w.f.finished_on, "%s", in->finished_on);
	snprintf(w.f.reported_on, sizeof w.f.reported_on, "%s", iso);
	int rc = svc_write(app, write_foreign, &w);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld",
		                (long long)in->player);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy",
		                "the database is busy; nothing was changed; try again");
	/* rated at once (the readers would do it anyway) */
	if (svc_ratings_update(app->st, err, sizeof err) != 0)
		log_msg(LOG_ERROR, "ratings: %s", err);
	if (store_foreign_get(app->st, w.f.id, out) != STORE_OK)
		*out = w.f;
	return svc_ok(o);
}

/* A store status of foreign result id as the outcome: true (o set) for
 * STORE_NOT_FOUND and the failures, false for STORE_OK. */
static bool foreign_store_failed(int rc, int64_t id, struct svc_outcome *o)
{
	if (rc == STORE_NOT_FOUND)
		svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no foreign result %lld",
		         (long long)id);
	else if (rc != STORE_OK)
		svc_fail(o, SVC_BUSY, "busy",
		         "the database is busy; nothing was changed; try again");
	return rc != STORE_OK;
}

static int delete_foreign(struct app *app, void *ctx)
{
	return store_foreign_delete(app->st, *(const int64_t *)ctx);
}

int svc_rating_foreign_delete(struct app *app, const struct user *who, int64_t id,
                              struct svc_outcome *o)
{
	struct store_foreign f;
	char err[256];
	if (foreign_store_failed(store_foreign_get(app->st, id, &f), id, o))
		return o->status;
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.subject = f.user};
	struct corr_error e;
	if (auth_check(&a, AUTH_FOREIGN_RESULT, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	if (foreign_store_failed(svc_write(app, delete_foreign, &id), id, o))
		return o->status;
	if (svc_ratings_update(app->st, err, sizeof err) != 0)
		log_msg(LOG_ERROR, "ratings: %s", err);
	return svc_ok(o);
}
