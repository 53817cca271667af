/* svc_tournaments.c: making a tournament with all its games, and the read
 * of a whole tournament (svc/svc_tournaments.h).
 *
 * svc_tournament_create() checks the whole draft before it writes
 * anything, then stores the tournament, its players, every game and the
 * start letter in one transaction: any failure rolls all of it back. */
#include "autoconfig.h"
#include "svc/svc_tournaments.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "chess/fen.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "corr/corr.h"
#include "store/store_ratings.h"
#include "store/store.h"
#include "store/store_users.h"
#include "svc/svc_game.h"
#include "svc/svc_notify.h"
#include "tourney/dsu_draw.h"
#include "tourney/dsu_group.h"
#include "tourney/dsu_team.h"
#include "util/status.h"

const char *const svc_tournament_kind_names[] = {
        "round_robin", "double_round_robin", "emt_group", "team", "cup", "dm", NULL};

/* ---- the draws (R27) ---- */

static uint32_t sodium_uniform(void *ctx, uint32_t bound)
{
	(void)ctx;
	return randombytes_uniform(bound);
}

static const struct dsu_rng sodium_rng = {sodium_uniform, NULL};

void svc_tournament_draw_seats(struct svc_player *players, int n)
{
	int order[TOURNAMENT_MAX_PLAYERS];
	struct svc_player was[TOURNAMENT_MAX_PLAYERS];
	if (n > TOURNAMENT_MAX_PLAYERS || dsu_draw_order(n, &sodium_rng, order, NULL, 0) != CC_OK)
		return;
	memcpy(was, players, (size_t)n * sizeof *players);
	for (int k = 0; k < n; k++)
		players[k] = was[order[k]];
}

void svc_tournament_draw_users(int64_t *users, int n)
{
	int order[TOURNAMENT_MAX_PLAYERS];
	int64_t was[TOURNAMENT_MAX_PLAYERS];
	if (n > TOURNAMENT_MAX_PLAYERS || dsu_draw_order(n, &sodium_rng, order, NULL, 0) != CC_OK)
		return;
	memcpy(was, users, (size_t)n * sizeof *users);
	for (int k = 0; k < n; k++)
		users[k] = was[order[k]];
}

/* ---- checking the draft ---- */

static int refuse(struct svc_outcome *o, const char *code, const char *msg)
{
	return svc_fail(o, SVC_REFUSED, code, "%s", msg);
}

/* "class" (R23): Å, K or M for an EMT group, DM (or none) for the DM,
 * nothing for the other kinds. */
static int check_class(struct svc_draft *d, struct svc_outcome *o)
{
	enum dsu_class c;
	if (d->kind == SVC_KIND_DM) {
		if (d->cls && strcmp(d->cls, "DM") != 0)
			return refuse(o, "invalid_field", "a DM tournament is of class DM");
		d->cls = "DM";
		return SVC_OK;
	}
	if (!d->cls)
		return SVC_OK;
	if (d->kind != SVC_KIND_EMT)
		return refuse(o, "invalid_field", "only an EMT group or the DM has a class");
	if (dsu_class_parse(d->cls, &c) != CC_OK || c == DSU_CLASS_DM)
		return refuse(o, "invalid_field",
		              "the class of an EMT group is \u00c5, K or M (DSU 6.5.1); the DM is "
		              "kind dm");
	d->cls = dsu_class_name(c); /* "A"/"AA" stored as "Å" */
	return SVC_OK;
}

/* A user who may lead a tournament (DSU 6.1.3): a tl or an admin. */
static int check_leader(struct app *app, int64_t id, const char *what, struct svc_outcome *o)
{
	struct store_user u;
	int rc = store_users_get(app->st, id, &u);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld (%s)",
		                (long long)id, what);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the database is not available; try again");
	if (strcmp(u.role, "tl") != 0 && strcmp(u.role, "admin") != 0)
		return svc_fail(o, SVC_REFUSED, "not_a_tl",
		                "user %lld is not a tournament leader or an admin", (long long)id);
	return SVC_OK;
}

/* The profile and the start date, as for a game (the years
 * CORR_FIRST_YEAR..CORR_LAST_YEAR); DSU 6.2.4, 6.8.4: a series binds in a
 * DSU event. */
static int check_profile_date(const struct svc_draft *d, struct svc_outcome *o)
{
	if (!clock_profile_find(d->profile))
		return refuse(o, "invalid_field",
		              "the profile must be dsu-post, dsu-post-email, dsu-email or server");
	int32_t day;
	char err[256];
	if (calendar_parse(d->start, &day, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "start_date: %s", err);
	int year = calendar_year(day);
	if (year < CORR_FIRST_YEAR || year > CORR_LAST_YEAR)
		return svc_fail(o, SVC_REFUSED, "invalid_date",
		                "start_date: a tournament starts in the years %d to %d",
		                CORR_FIRST_YEAR, CORR_LAST_YEAR);
	/* Issue 21, DSU 6.3.1: the K-skak EMT (a class's group, the DM) is a
	 * postal tournament; the 40 days per 10 moves of 6.8.6 are for the
	 * e-mail tournaments of 6.8 only */
	if ((d->kind == SVC_KIND_DM || (d->kind == SVC_KIND_EMT && d->cls)) &&
	    strcmp(d->profile, "dsu-email") == 0)
		return refuse(o, "invalid_field",
		              "profile: an EMT group of a class and the DM are postal tournaments "
		              "(DSU 6.3.1): dsu-post (or server), never the 40 days of the e-mail "
		              "tournaments (6.8.6)");
	if (d->series_cancellable && strncmp(d->profile, "dsu-", 4) == 0)
		return refuse(o, "invalid_field",
		              "series_cancellable: a series is binding once sent in a DSU "
		              "tournament (6.2.4, 6.8.4); it is an option for other events only");
	return SVC_OK;
}

/* The count of players of the kind: exactly 7 in an EMT group (DSU
 * 6.5.1.1), 2..TOURNAMENT_MAX_TEAMS teams of 4 with different names, at
 * least 2 players. */
static int check_count(const struct svc_draft *d, struct svc_outcome *o)
{
	if (d->kind == SVC_KIND_TEAM) {
		int teams = d->n / TOURNAMENT_BOARDS;
		if (d->n % TOURNAMENT_BOARDS || teams < 2 || teams > TOURNAMENT_MAX_TEAMS)
			return svc_fail(o, SVC_REFUSED, "invalid_player_count",
			                "a team tournament has 2 to %d teams of %d, not %d players",
			                TOURNAMENT_MAX_TEAMS, TOURNAMENT_BOARDS, d->n);
		for (int i = 0; i < teams; i++)
			for (int j = 0; j < i; j++)
				if (strcmp(d->players[i * TOURNAMENT_BOARDS].team,
				           d->players[j * TOURNAMENT_BOARDS].team) == 0)
					return svc_fail(o, SVC_REFUSED, "duplicate_team",
					                "two teams are called \"%s\"",
					                d->players[j * TOURNAMENT_BOARDS].team);
		return SVC_OK;
	}
	if (d->kind == SVC_KIND_EMT && d->n != TOURNAMENT_EMT_PLAYERS)
		return svc_fail(o, SVC_REFUSED, "invalid_player_count",
		                "an EMT group has exactly %d players (DSU 6.5.1.1), not %d",
		                TOURNAMENT_EMT_PLAYERS, d->n);
	if (d->n < 2)
		return svc_fail(o, SVC_REFUSED, "invalid_player_count",
		                "a tournament has at least 2 players, not %d", d->n);
	return SVC_OK;
}

/* Every player once (a cup player twice at most, R44), and every one a
 * user. */
static int check_users(struct app *app, const struct svc_draft *d, struct svc_outcome *o)
{
	int64_t users[TOURNAMENT_MAX_PLAYERS];
	bool semi[TOURNAMENT_MAX_PLAYERS];
	for (int i = 0; i < d->n; i++) {
		users[i] = d->players[i].user;
		semi[i] = d->players[i].strength.wants_semifinal;
	}
	char err[160];
	int bad;
	if (d->kind == SVC_KIND_CUP) {
		if (dsu_cup_entries_check(users, semi, d->n, &bad, err, sizeof err) != CC_OK)
			return svc_fail(o, SVC_REFUSED, "duplicate_player", "%s", err);
	} else {
		for (int i = 0; i < d->n; i++)
			for (int j = 0; j < i; j++)
				if (users[i] == users[j])
					return svc_fail(
					        o, SVC_REFUSED, "duplicate_player",
					        "user %lld is listed twice; each player has one "
					        "seat",
					        (long long)users[i]);
	}
	for (int i = 0; i < d->n; i++) {
		int found = store_users_exists(app->st, users[i]);
		if (found == STORE_ERROR)
			return svc_fail(o, SVC_BUSY, "busy",
			                "the database is not available; try again");
		if (found != STORE_OK)
			return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld",
			                (long long)users[i]);
	}
	return SVC_OK;
}

/* The users' ratings as the cup's strength (DSU 6.6.1.2, I-18: the
 * K-rating, final or provisional (R67: a new player's OTB rating), else
 * the OTB rating; 6.6.1.6: a K-rating of 2000 enters at the semifinal),
 * for every entry that did not give its own; then the preliminary players
 * must split into groups of 7 and 6 (I-19). */
static int cup_strengths(struct app *app, struct svc_draft *d, struct svc_outcome *o)
{
	int sizes[TOURNAMENT_MAX_PLAYERS], prelim = 0;
	char err[160];
	for (int i = 0; i < d->n; i++) {
		struct dsu_cup_entry *e = &d->players[i].strength;
		int k, otb, games;
		if (store_ratings_user(app->st, d->players[i].user, &k, &otb, &games) != STORE_OK)
			return svc_fail(o, SVC_BUSY, "busy",
			                "the ratings cannot be read; try again");
		if (e->k_rating < 0)
			e->k_rating = k == STORE_NO_RATING ? -1 : k;
		if (e->otb_rating < 0)
			e->otb_rating = otb == STORE_NO_RATING ? -1 : otb;
		prelim += !dsu_cup_semifinal_direct(e);
	}
	if (dsu_cup_group_sizes(prelim, sizes, TOURNAMENT_MAX_PLAYERS, err, sizeof err) < 0)
		return svc_fail(o, SVC_REFUSED, "invalid_player_count", "%s", err);
	return SVC_OK;
}

/* "non_citizens" (the DM only): its players who are not Danish citizens
 * and so cannot hold the title (R33, I-4). */
static int check_foreign(const struct svc_draft *d, struct svc_outcome *o)
{
	if (d->nforeign == 0)
		return SVC_OK;
	if (d->kind != SVC_KIND_DM)
		return refuse(o, "invalid_field",
		              "non_citizens is for the DM (its title, DSU 6.5.2)");
	for (int i = 0; i < d->nforeign; i++) {
		bool found = false;
		for (int k = 0; k < d->n; k++)
			found |= d->players[k].user == d->foreign[i];
		if (!found)
			return svc_fail(o, SVC_REFUSED, "invalid_field",
			                "non_citizens[%d] must be a player of the DM", i);
	}
	return SVC_OK;
}

/* The whole draft, in the order a reader finds the fields. */
static int check_draft(struct app *app, struct svc_draft *d, struct svc_outcome *o)
{
	if (check_class(d, o) || (d->tl && check_leader(app, d->tl, "tl", o)))
		return o->status;
	if (d->advance && (d->kind != SVC_KIND_CUP || (d->advance != 2 && d->advance != 3)))
		return refuse(o, "invalid_field",
		              "advance (2 or 3 of each group go on, DSU 6.6.1.3) is for a cup");
	d->advance = d->kind == SVC_KIND_CUP ? (d->advance ? d->advance : 2) : 0;
	if (check_profile_date(d, o) || check_count(d, o) || check_users(app, d, o) ||
	    (d->kind == SVC_KIND_CUP && cup_strengths(app, d, o)) || check_foreign(d, o))
		return o->status;
	return svc_ok(o);
}

/* ---- storing ---- */

/* The pairings of d's kind (new array, caller frees) and their count;
 * NULL when out of memory.  A team tournament's games come from
 * dsu_team_schedule() (R56, R57), each board's players as seats
 * team * TOURNAMENT_BOARDS + board - 1 of d->players. */
static struct dsu_pairing *pairings(const struct svc_draft *d, int *count)
{
	/* DSU 6.5.2.1: the DM is double round robin below 7 players */
	int teams = d->n / TOURNAMENT_BOARDS,
	    cycles = d->kind == SVC_KIND_DRR || (d->kind == SVC_KIND_DM && d->n < 7) ? 2 : 1;
	size_t room = d->kind == SVC_KIND_TEAM ? dsu_round_robin_games(teams, 1) * TOURNAMENT_BOARDS
	                                       : dsu_round_robin_games(d->n, cycles);
	struct dsu_pairing *p = calloc(room ? room : 1, sizeof *p);
	if (!p)
		return NULL;
	char err[256];
	if (d->kind == SVC_KIND_TEAM) {
		struct dsu_team_game *g = calloc(room ? room : 1, sizeof *g);
		*count = g ? dsu_team_schedule(teams, TOURNAMENT_BOARDS, g, room, err, sizeof err)
		           : CC_ERR_NOMEM;
		for (int k = 0; k < *count; k++) {
			p[k].white = g[k].white * TOURNAMENT_BOARDS + g[k].board - 1;
			p[k].black = g[k].black * TOURNAMENT_BOARDS + g[k].board - 1;
		}
		if (!g)
			snprintf(err, sizeof err, "out of memory");
		free(g);
	} else {
		/* An EMT group is a single round robin, 3 Whites each (R28). */
		*count = dsu_round_robin(d->n, cycles, p, room, err, sizeof err);
	}
	if (*count < 0) {
		log_msg(LOG_ERROR, "tournament pairings: %s", err);
		free(p);
		return NULL;
	}
	return p;
}

/* Every game of tournament id, with the tournament's name as the event
 * and its series_cancellable flag (DSU 6.2.5), from the start position:
 * the games are led by the tournament's TL. */
static int insert_games(struct app *app, const struct svc_draft *d, int64_t id,
                        struct svc_outcome *o)
{
	int count;
	struct dsu_pairing *p = pairings(d, &count);
	if (!p)
		return svc_fail(o, SVC_ERROR, "internal",
		                "the pairings could not be made (out of memory)");
	int rc = STORE_OK;
	for (int k = 0; k < count && rc == STORE_OK; k++) {
		struct store_new_game ng = {
		        .white = d->players[p[k].white].user,
		        .black = d->players[p[k].black].user,
		        .profile = d->profile,
		        .start_date = d->start,
		        .fen = FEN_STARTPOS,
		        .event = d->name,
		        .series_cancellable = d->series_cancellable,
		        .tournament = id,
		};
		int64_t gid;
		rc = svc_game_insert(app, &ng, &gid);
		if (rc != STORE_OK)
			svc_fail(o, SVC_BUSY, "busy",
			         "game %d of the tournament could not be stored; try again", k + 1);
	}
	free(p);
	return rc;
}

int svc_tournament_insert(struct app *app, const struct svc_draft *d, int64_t leader,
                          int64_t creator, int64_t *id, struct svc_outcome *o)
{
	struct store_tournament t = {
	        .created_by = creator, .series_cancellable = d->series_cancellable, .tl = leader};
	snprintf(t.name, sizeof t.name, "%s", d->name);
	if (d->kind == SVC_KIND_DM) { /* stored as the round robin it is played as */
		snprintf(t.kind, sizeof t.kind, "%s",
		         svc_tournament_kind_names[d->n < 7 ? SVC_KIND_DRR : SVC_KIND_RR]);
		snprintf(t.dsu_kind, sizeof t.dsu_kind, "dm");
	} else {
		snprintf(t.kind, sizeof t.kind, "%s", svc_tournament_kind_names[d->kind]);
	}
	snprintf(t.cls, sizeof t.cls, "%s", d->cls ? d->cls : "");
	snprintf(t.stage, sizeof t.stage, "%s", d->stage ? d->stage : "");
	t.parent = d->parent;
	t.advance = d->advance;
	snprintf(t.profile, sizeof t.profile, "%s", d->profile);
	snprintf(t.start, sizeof t.start, "%s", d->start);
	if (store_tournaments_insert(app->st, &t) != STORE_OK)
		goto busy;
	*id = t.id;
	for (int i = 0, seat = 0; i < d->n; i++) {
		bool again = false; /* a cup player's second entry (R44): one seat */
		for (int j = 0; j < i; j++)
			again |= d->players[j].user == d->players[i].user;
		if (!again && store_tournaments_add_player(app->st, *id, d->players[i].user, ++seat,
		                                           d->players[i].team,
		                                           d->players[i].board) != STORE_OK)
			goto busy;
	}
	for (int i = 0; i < d->nforeign; i++)
		if (store_tournaments_set_citizen(app->st, *id, d->foreign[i], false) != STORE_OK)
			goto busy;
	return d->kind == SVC_KIND_CUP ? STORE_OK : insert_games(app, d, *id, o);
busy:
	svc_fail(o, SVC_BUSY, "busy", "the tournament could not be stored; try again");
	return STORE_ERROR;
}

int svc_tournament_insert_cup_group(struct app *app, const struct store_tournament *cup,
                                    const char *stage, int number, const int64_t *users, int n,
                                    const char *start, int64_t creator, struct svc_outcome *o)
{
	struct svc_draft *g = calloc(1, sizeof *g);
	char name[STORE_TOURNAMENT_NAME_MAX + 32];
	int64_t id;
	if (!g) {
		svc_fail(o, SVC_ERROR, "internal", "out of memory");
		return STORE_ERROR;
	}
	snprintf(name, sizeof name, "%.100s: %s %d", cup->name, stage, number);
	g->name = name;
	g->profile = cup->profile;
	g->start = start;
	g->kind = SVC_KIND_RR;
	g->series_cancellable = cup->series_cancellable;
	g->parent = cup->id;
	g->stage = stage;
	g->n = n;
	for (int i = 0; i < n; i++)
		g->players[i] = (struct svc_player){.user = users[i]};
	svc_tournament_draw_seats(g->players, n); /* 6.6.1.2 "fri lodtrækning" */
	int rc = svc_tournament_insert(app, g, cup->tl, creator, &id, o);
	free(g);
	return rc;
}

/* A new cup's preliminary groups, dealt before the write. */
struct cup_plan {
	int ngroups;
	int size[TOURNAMENT_MAX_PLAYERS];
	int64_t members[TOURNAMENT_MAX_PLAYERS][7];
};

/* The preliminary groups of a new cup (DSU 6.6.1.1-6.6.1.2): the entries
 * without a semifinal start seeded by strength and dealt in serpentine
 * order into groups of 7, then 6 (I-18, I-19), a player's two entries
 * apart (R44). */
static int plan_cup(const struct svc_draft *d, struct cup_plan *p, struct svc_outcome *o)
{
	int seeds[TOURNAMENT_MAX_PLAYERS], direct[TOURNAMENT_MAX_PLAYERS],
	        refused[TOURNAMENT_MAX_PLAYERS], group[TOURNAMENT_MAX_PLAYERS],
	        sizes[TOURNAMENT_MAX_PLAYERS];
	struct dsu_cup_entry strength[TOURNAMENT_MAX_PLAYERS];
	int64_t seed_user[TOURNAMENT_MAX_PLAYERS];
	int nd, nr;
	char err[160];
	for (int i = 0; i < d->n; i++)
		strength[i] = d->players[i].strength;
	int ns = dsu_cup_seed(strength, d->n, seeds, direct, &nd, refused, &nr, err, sizeof err);
	int ng = ns < 0 ? ns
	                : dsu_cup_group_sizes(ns, sizes, TOURNAMENT_MAX_PLAYERS, err, sizeof err);
	if (ng < 0 || dsu_cup_serpentine(ns, sizes, ng, group, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_player_count", "%s", err);
	for (int s = 0; s < ns; s++)
		seed_user[s] = d->players[seeds[s]].user;
	if (dsu_cup_separate(seed_user, ns, group, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_player_count", "%s", err);
	p->ngroups = ng;
	for (int g = 0; g < ng; g++) {
		p->size[g] = 0;
		for (int s = 0; s < ns && p->size[g] < 7; s++)
			if (group[s] == g)
				p->members[g][p->size[g]++] = seed_user[s];
	}
	return svc_ok(o);
}

/* Inside the write: a new cup's strengths on its seats and its
 * preliminary groups of plan p. */
static int insert_cup(struct app *app, const struct svc_draft *d, const struct cup_plan *p,
                      int64_t id, int64_t leader, int64_t creator, struct svc_outcome *o)
{
	for (int i = 0; i < d->n; i++) {
		int entries = 0;
		for (int j = 0; j < d->n; j++)
			entries += d->players[j].user == d->players[i].user;
		const struct dsu_cup_entry *s = &d->players[i].strength;
		struct store_cup_entry e = {d->players[i].user, s->k_rating, s->otb_rating,
		                            dsu_cup_semifinal_direct(s), entries};
		if (store_tournaments_set_strength(app->st, id, &e) != STORE_OK) {
			svc_fail(o, SVC_BUSY, "busy", "the cup could not be stored; try again");
			return STORE_ERROR;
		}
	}
	struct store_tournament cup = {
	        .id = id, .series_cancellable = d->series_cancellable, .tl = leader};
	snprintf(cup.name, sizeof cup.name, "%s", d->name);
	snprintf(cup.profile, sizeof cup.profile, "%s", d->profile);
	for (int g = 0; g < p->ngroups; g++) {
		int rc = svc_tournament_insert_cup_group(app, &cup, "prelim", g + 1, p->members[g],
		                                         p->size[g], d->start, creator, o);
		if (rc != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

/* What the write of a new tournament needs. */
struct create {
	struct svc_draft *d;
	const struct cup_plan *cup; /* a cup: its groups */
	int64_t leader, creator, id;
	const char *today;
	struct svc_outcome *o;
};

static int write_create(struct app *app, void *ctx)
{
	struct create *c = ctx;
	int rc = svc_tournament_insert(app, c->d, c->leader, c->creator, &c->id, c->o);
	if (rc == STORE_OK && c->d->kind == SVC_KIND_CUP)
		rc = insert_cup(app, c->d, c->cup, c->id, c->leader, c->creator, c->o);
	/* DSU 6.5.2.1: the start letter, written with the group. */
	if (rc == STORE_OK && svc_notify_tournament_started(app, c->id, c->today) != 0) {
		svc_fail(c->o, SVC_BUSY, "busy", "the tournament could not be stored; try again");
		rc = STORE_ERROR;
	}
	return rc;
}

int svc_tournament_create(struct app *app, const struct user *who, struct svc_draft *d, int64_t *id,
                          struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct corr_error e;
	char today[CALENDAR_ISO_LEN];
	int32_t day;
	*id = 0;
	if (auth_check(&a, AUTH_TOURNAMENT_CREATE, NULL, &e) != CC_OK)
		return svc_refused(o, &e);
	if (check_draft(app, d, o) != SVC_OK || svc_today(app, today, &day, o))
		return o->status;
	struct cup_plan *plan = NULL;
	if (d->kind == SVC_KIND_CUP) {
		if (!(plan = calloc(1, sizeof *plan)))
			return svc_fail(o, SVC_ERROR, "internal", "out of memory");
		if (plan_cup(d, plan, o) != SVC_OK) {
			free(plan);
			return o->status;
		}
	}
	/* docs/AUTHORITY.md: led by the TL it names, else by its creator */
	struct create c = {d, plan, d->tl ? d->tl : a.id, a.id, 0, today, o};
	svc_ok(o);
	int rc = svc_write(app, write_create, &c);
	free(plan);
	if (rc != STORE_OK) {
		if (o->status == SVC_OK)
			svc_fail(o, SVC_BUSY, "busy",
			         "the tournament could not be stored; try again");
		return o->status;
	}
	svc_mail_queued(app);
	*id = c.id;
	return svc_ok(o);
}

/* ---- reading a whole tournament ---- */

void svc_tournament_free(struct svc_tournament *t)
{
	free(t->seats);
	free(t->game_ids);
	free(t->games);
	t->seats = NULL;
	t->game_ids = NULL;
	t->games = NULL;
}

int svc_tournament_seat(const struct svc_tournament *t, int64_t user)
{
	for (int i = 0; i < t->n; i++)
		if (t->seats[i].user == user)
			return i;
	/* DSU 6.7.4.3: a reserve continues the original's games on his seat */
	for (int i = 0; user && i < t->n; i++)
		if (t->seats[i].reserve == user)
			return i;
	return -1;
}

/* The games of t in creation order with their results.  0, or -1. */
static int load_games(struct app *app, struct svc_tournament *t)
{
	struct store_tgame *rows;
	size_t n;
	if (store_tournaments_games(app->st, t->t.id, &rows, &n) != STORE_OK)
		return -1;
	t->game_ids = calloc(n ? n : 1, sizeof *t->game_ids);
	t->games = calloc(n ? n : 1, sizeof *t->games);
	if (!t->game_ids || !t->games) {
		free(rows);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct dsu_game g;
		g.white = svc_tournament_seat(t, rows[i].white);
		g.black = svc_tournament_seat(t, rows[i].black);
		if (g.white < 0 || g.black < 0 || g.white == g.black ||
		    dsu_result_parse(rows[i].result, &g.result)) {
			log_msg(LOG_ERROR, "tournament %lld: game %lld does not fit its players",
			        (long long)t->t.id, (long long)rows[i].id);
			continue;
		}
		t->game_ids[t->ngames] = rows[i].id;
		t->games[t->ngames++] = g;
		if (!dsu_result_finished(g.result))
			t->unfinished++;
		else if (strcmp(rows[i].finished_on, t->last_end) > 0)
			snprintf(t->last_end, sizeof t->last_end, "%s", rows[i].finished_on);
	}
	free(rows);
	return 0;
}

/* For a cup semifinal or final group: its cup's started preliminary
 * players (the entries without a semifinal start, R49) and whether a
 * semifinal was held (I-26).  0, or -1 (database). */
static int load_cup_stage(struct app *app, struct svc_tournament *t)
{
	struct store_cup_entry *e;
	struct store_tournament *v;
	size_t ne = 0, nv = 0;
	bool final = strcmp(t->t.stage, "final") == 0;
	if (!t->t.parent || (!final && strcmp(t->t.stage, "semifinal") != 0))
		return 0;
	e = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *e);
	if (!e ||
	    store_tournaments_cup_entries(app->st, t->t.parent, e, TOURNAMENT_MAX_PLAYERS, &ne) !=
	            STORE_OK ||
	    store_tournaments_children(app->st, t->t.parent, &v, &nv) != STORE_OK) {
		free(e);
		return -1;
	}
	t->cup_rights_stage = true;
	t->semifinal_held = !final;
	for (size_t i = 0; i < ne; i++) /* R44: a second entry counts */
		t->prelim_players += e[i].semifinal_direct ? 0 : e[i].entries == 2 ? 2 : 1;
	for (size_t i = 0; i < nv; i++)
		t->semifinal_held |= strcmp(v[i].stage, "semifinal") == 0;
	free(e);
	free(v);
	return 0;
}

/* The DM play-off the TL entered (6.5.2c), by seat.  0, or -1. */
static int load_playoff(struct app *app, struct svc_tournament *t)
{
	struct store_playoff *p;
	if (strcmp(t->t.dsu_kind, "dm") != 0)
		return 0;
	p = calloc(1, sizeof *p);
	if (!p)
		return -1;
	int rc = store_playoff_get(app->st, t->t.id, p);
	if (rc == STORE_OK) {
		t->has_playoff = true;
		for (size_t i = 0; i < p->ngames; i++) {
			struct dsu_game *g = &t->playoff_games[t->playoff.ngames];
			g->white = svc_tournament_seat(t, p->games[i].white);
			g->black = svc_tournament_seat(t, p->games[i].black);
			if (g->white >= 0 && g->black >= 0 &&
			    dsu_result_parse(p->games[i].result, &g->result) == CC_OK)
				t->playoff.ngames++;
		}
		t->playoff.games = t->playoff_games;
		t->playoff.agree_to_share = p->agree_to_share;
	}
	free(p);
	return rc == STORE_OK || rc == STORE_NOT_FOUND ? 0 : -1;
}

const struct dsu_playoff *svc_tournament_playoff(const struct svc_tournament *t)
{
	return t->has_playoff ? &t->playoff : NULL;
}

int svc_tournament_load(struct app *app, int64_t id, struct svc_tournament *t,
                        struct svc_outcome *o)
{
	memset(t, 0, sizeof *t);
	int rc = store_tournaments_get(app->st, id, &t->t);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no tournament %lld",
		                (long long)id);
	size_t n = 0;
	if (rc != STORE_OK || !(t->seats = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *t->seats)) ||
	    store_tournaments_seats(app->st, id, t->seats, TOURNAMENT_MAX_PLAYERS, &n) != STORE_OK)
		goto busy;
	t->n = (int)n;
	if (load_games(app, t) ||
	    store_withdrawals_list(app->st, id, t->withdrawals, TOURNAMENT_MAX_PLAYERS,
	                           &t->nwithdrawals) != STORE_OK ||
	    load_cup_stage(app, t) || load_playoff(app, t))
		goto busy;
	return svc_ok(o);
busy:
	svc_tournament_free(t);
	return svc_fail(o, SVC_BUSY, "busy", "tournament %lld cannot be read now; try again",
	                (long long)id);
}

enum dsu_event svc_tournament_event(const struct store_tournament *t)
{
	if (strcmp(t->dsu_kind, "dm") == 0)
		return DSU_EVENT_DM;
	if (strcmp(t->stage, "final") == 0)
		return DSU_EVENT_CUP_FINAL; /* 6.6.1.5 */
	if (strcmp(t->stage, "semifinal") == 0)
		return DSU_EVENT_CUP_SEMI; /* 6.6.1.4 */
	if (strcmp(t->stage, "prelim") == 0 ||
	    strcmp(t->kind, svc_tournament_kind_names[SVC_KIND_CUP]) == 0)
		return DSU_EVENT_CUP_PRELIM;
	return DSU_EVENT_EMT;
}

int svc_tournament_cup_rights(const struct svc_tournament *t, const struct dsu_standing *s,
                              struct dsu_cup_right *out, int32_t *until)
{
	int score2[TOURNAMENT_MAX_PLAYERS], games[TOURNAMENT_MAX_PLAYERS],
	        lo[TOURNAMENT_MAX_PLAYERS], hi[TOURNAMENT_MAX_PLAYERS];
	int32_t finish;
	char err[128];
	if (!t->cup_rights_stage || t->unfinished || !t->last_end[0] ||
	    calendar_parse(t->last_end, &finish, NULL, 0) != CC_OK)
		return 1;
	if (calendar_add_years(finish, 2, until) != CC_OK) /* 6.6.2.3: 2 years */
		return -1;
	for (int i = 0; i < t->n; i++) {
		score2[i] = s[i].score2;
		games[i] = s[i].games;
		lo[i] = s[i].place_lo;
		hi[i] = s[i].place_hi;
	}
	bool final = strcmp(t->t.stage, "final") == 0;
	if (dsu_cup_rights(final ? DSU_CUP_FINAL : DSU_CUP_SEMIFINAL, t->semifinal_held,
	                   t->prelim_players, score2, games, lo, hi, t->n, out, err,
	                   sizeof err) < 0) {
		log_msg(LOG_ERROR, "tournament %lld: cup rights: %s", (long long)t->t.id, err);
		return -1;
	}
	return 0;
}
