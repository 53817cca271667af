/* tl.c: GET /api/v1/tl/overview, the sweep's findings live (lib/corr's
 * corr_findings(), the same the sweep records), read by what is due
 * (issue 16): the rows of game_deadlines whose day has come, each list
 * in date order and paged (API.md "Lists", docs/SWEEP.md). */
#include "autoconfig.h"
#include "api/tl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "api/api_tournaments.h"
#include "store/store_deadlines.h"
#include "store/store_games.h"
#include "store/store_tournaments.h"
#include "tourney/dsu_admin.h"
#include "api/federation.h"
#include "util/grow.h"
#include "util/status.h"

#define LISTS 5 /* overdue, silent, adjudication_due, forfeits, deadlines */

enum { L_OVERDUE, L_SILENT, L_ADJUDICATION, L_FORFEITS, L_DEADLINES };

/* Where a list stands: from its start, after a row, or done. */
struct pos {
	enum { AT_START, AT_ROW, DONE } state;
	char date[CALENDAR_ISO_LEN];
	int64_t game;
	int side; /* WHITE, BLACK, or CORR_NOBODY */
};

/* One request's frame. */
struct ov {
	struct app *app;
	const struct user *u;
	int64_t tournament; /* 0 = every game the user may see */
	char today_iso[CALENDAR_ISO_LEN];
	int32_t today;
	size_t limit;
};

/* DSU 6.1.3: does game id show in u's overview?  An admin sees every
 * game, a TL the games he leads (docs/AUTHORITY.md: of the tournaments
 * he leads, and the standalone games he made).  With ?tournament= the
 * right was checked once.  1 yes, 0 no, -1 when the database fails. */
static int is_his(const struct ov *o, int64_t id)
{
	int64_t tournament, tl;
	if (o->tournament)
		return 1;
	if (store_tournaments_of_game(o->app->st, id, &tournament, &tl) != STORE_OK)
		return -1;
	return api_tournaments_may_lead(o->u, tl);
}

static int add_item(struct app *app, json_t *list, int64_t game_id, int64_t player,
                    const char *since, const char *detail)
{
	json_t *user = api_user_json(app, player);
	json_t *item = json_pack("{s:I, s:o, s:s, s:s}", "game", (json_int_t)game_id, "player",
	                         user ? user : json_null(), "since", since, "detail", detail);
	return item ? json_array_append_new(list, item) : -1;
}

/* The item of finding kind `kind` for `side` of game id, if the game has
 * it today: 1 added, 0 not (finished, corrupt, or nothing due for that
 * side any more), -1 when the database or memory fails. */
static int add_finding(const struct ov *o, int64_t id, enum corr_finding_kind kind, int side,
                       json_t *list)
{
	struct store_game sg;
	char err[512];
	int rc = store_games_load(o->app->st, id, &sg, err, sizeof err);
	if (rc == STORE_NOT_FOUND || rc == STORE_CORRUPT)
		return 0; /* deleted meanwhile, or corrupt (logged) */
	if (rc != STORE_OK)
		return -1; /* a failed read fails the overview, it never drops a game */
	struct corr_finding f[CORR_FINDINGS_MAX];
	struct corr_error e;
	int nf = sg.g.state.status == CORR_ACTIVE ? corr_findings(&sg.g, o->today, f, &e) : 0;
	if (nf < 0)
		log_msg(LOG_ERROR, "overview: game %lld: %s", (long long)sg.id, e.message);
	rc = 0;
	for (int k = 0; k < nf; k++) {
		if (f[k].kind != kind || f[k].side != side)
			continue;
		/* A reminder and a TL notice of one player make one silent
		 * item, since the reminder date; the detail adds the TL date. */
		char since[CALENDAR_ISO_LEN], tl[CALENDAR_ISO_LEN], detail[260];
		snprintf(detail, sizeof detail, "%s", f[k].detail);
		if (f[k].kind == CORR_FINDING_REMINDER && k + 1 < nf &&
		    f[k + 1].kind == CORR_FINDING_TL_NOTICE &&
		    calendar_format(f[k].tl_date, tl, sizeof tl) == CC_OK)
			snprintf(detail, sizeof detail, "%s; the TL is told since %s", f[k].detail,
			         tl);
		if (calendar_format(f[k].due, since, sizeof since) != CC_OK)
			break;
		rc = add_item(o->app, list, sg.id, side == WHITE ? sg.white : sg.black, since,
		              detail) == 0
		             ? 1
		             : -1;
		break;
	}
	store_games_free(&sg);
	return rc;
}

/* A list of the overview read a batch at a time: fetch() reads up to
 * o->limit + 1 rows (of `size` bytes each) after *p into rows (0, or -1);
 * take() moves *p to the row and adds its items to list: 1 when the row
 * counts towards the page, 0 when it is passed over, -1 on failure. */
struct batch {
	size_t size;
	int (*fetch)(const struct ov *o, const void *arg, const struct pos *p, void *rows,
	             size_t *n);
	int (*take)(const struct ov *o, const void *arg, const void *row, struct pos *p,
	            json_t *list);
	const void *arg;
};

/* One page of a batch list from *p on; *p is left at the last row read,
 * or DONE.  Rows passed over do not count, so a page may hold fewer than
 * limit items while more follow.  0 or -1. */
static int page_of(const struct ov *o, const struct batch *b, struct pos *p, json_t *list)
{
	char *rows = calloc(o->limit + 1, b->size);
	if (!rows)
		return -1;
	size_t items = 0;
	int status = 0;
	for (;;) {
		size_t n;
		if (b->fetch(o, b->arg, p, rows, &n) != 0) {
			status = -1;
			goto out;
		}
		size_t take = n < o->limit ? n : o->limit;
		for (size_t i = 0; i < take; i++) {
			int rc = b->take(o, b->arg, rows + i * b->size, p, list);
			if (rc < 0) {
				status = -1;
				goto out;
			}
			items += (size_t)rc;
			if (items == o->limit) {
				if (i + 1 >= n)
					p->state = DONE;
				goto out;
			}
		}
		if (n <= o->limit) {
			p->state = DONE;
			goto out;
		}
	}
out:
	free(rows);
	return status;
}

/* The lists read from game_deadlines: the rows of kind `kind`, each the
 * finding `fk` of its game; rows whose finding is gone (the player over
 * his time has no silence item) are passed over. */
struct due_list {
	const char *kind;
	enum corr_finding_kind fk;
};

static int fetch_due(const struct ov *o, const void *arg, const struct pos *p, void *rows,
                     size_t *n)
{
	const struct due_list *d = arg;
	struct store_deadline_query q = {d->kind,
	                                 o->today_iso,
	                                 o->tournament,
	                                 p->state == AT_ROW ? p->date : "",
	                                 p->state == AT_ROW ? p->game : 0,
	                                 p->state == AT_ROW ? p->side : CORR_NOBODY,
	                                 o->limit};
	return store_deadlines_page(o->app->st, &q, rows, n) == STORE_OK ? 0 : -1;
}

static int take_due(const struct ov *o, const void *arg, const void *row, struct pos *p,
                    json_t *list)
{
	const struct due_list *d = arg;
	const struct store_deadline_row *r = row;
	p->state = AT_ROW;
	snprintf(p->date, sizeof p->date, "%s", r->due);
	p->game = r->game;
	p->side = r->side;
	int mine = is_his(o, r->game);
	return mine > 0 ? add_finding(o, r->game, d->fk, r->side, list) : mine;
}

static int page_due(const struct ov *o, const char *kind, enum corr_finding_kind fk, struct pos *p,
                    json_t *list)
{
	struct due_list d = {kind, fk};
	struct batch b = {sizeof(struct store_deadline_row), fetch_due, take_due, &d};
	return page_of(o, &b, p, list);
}

/* The games ended by a time forfeit (the loser; both on 0-0), in date
 * order. */
static int fetch_forfeits(const struct ov *o, const void *arg, const struct pos *p, void *rows,
                          size_t *n)
{
	(void)arg;
	return store_deadlines_forfeits(
	               o->app->st, o->tournament, p->state == AT_ROW ? p->date : "",
	               p->state == AT_ROW ? p->game : 0, o->limit, rows, n) == STORE_OK
	               ? 0
	               : -1;
}

static int take_forfeit(const struct ov *o, const void *arg, const void *row, struct pos *p,
                        json_t *list)
{
	(void)arg;
	const struct store_forfeit *r = row;
	p->state = AT_ROW;
	snprintf(p->date, sizeof p->date, "%s", r->since);
	p->game = r->id;
	int mine = is_his(o, r->id);
	if (mine <= 0)
		return mine;
	/* DSU 6.3.3.3: the forfeit loses; 0-0 when lost for both (6.3.3.4). */
	bool white_lost = strcmp(r->result, "0-1") == 0 || strcmp(r->result, "0-0") == 0;
	bool black_lost = strcmp(r->result, "1-0") == 0 || strcmp(r->result, "0-0") == 0;
	char detail[64];
	snprintf(detail, sizeof detail, "lost on time, result %s", r->result);
	if ((white_lost && add_item(o->app, list, r->id, r->white, r->since, detail)) ||
	    (black_lost && add_item(o->app, list, r->id, r->black, r->since, detail)))
		return -1;
	return 1;
}

static int page_forfeits(const struct ov *o, struct pos *p, json_t *list)
{
	struct batch b = {sizeof(struct store_forfeit), fetch_forfeits, take_forfeit, NULL};
	return page_of(o, &b, p, list);
}

/* A tournament deadline item and its sort key. */
struct dl_item {
	char date[CALENDAR_ISO_LEN];
	int64_t game;
	json_t *item;
};

static int dl_cmp(const void *a, const void *b)
{
	const struct dl_item *x = a, *y = b;
	int c = strcmp(x->date, y->date);
	return c ? c : (x->game > y->game) - (x->game < y->game);
}

/* The growing list of one page_deadlines() call. */
struct dl_list {
	struct dl_item *v;
	size_t n, cap;
};

/* Adds item (stolen) for `date` and game (0: the tournament's own date)
 * unless the cursor *p says it was on an earlier page.  0, or -1. */
static int dl_push(struct dl_list *l, const struct pos *p, const char *date, int64_t game_id,
                   json_t *item)
{
	if (!item)
		return -1;
	if (p->state == AT_ROW &&
	    (strcmp(date, p->date) < 0 || (strcmp(date, p->date) == 0 && game_id <= p->game))) {
		json_decref(item); /* on an earlier page */
		return 0;
	}
	if (ALLOC_GROW(l->v, l->n + 1, l->cap) != 0) {
		json_decref(item);
		return -1;
	}
	struct dl_item *it = &l->v[l->n++];
	snprintf(it->date, sizeof it->date, "%s", date);
	it->game = game_id;
	it->item = item;
	return 0;
}

/* One tournament date {"game": null, "tournament", "what", "date",
 * "detail"} when day is today or later.  0, or -1. */
static int dl_tdate(struct dl_list *l, const struct pos *p, int64_t tournament, const char *what,
                    int32_t day, int32_t today, const char *detail)
{
	char date[CALENDAR_ISO_LEN];
	if (day == DSU_NO_DATE || day < today || calendar_format(day, date, sizeof date) != CC_OK)
		return 0;
	return dl_push(l, p, date, 0,
	               json_pack("{s:n, s:I, s:s, s:s, s:s}", "game", "tournament",
	                         (json_int_t)tournament, "what", what, "date", date, "detail",
	                         detail));
}

#define DECISIONS_MAX 64

/* The dates after a tournament's publication (R12-R13, DSU 6.4.5.1,
 * 6.2.3) and its decisions (R19, 6.4.3, 6.8.10) still to come.  0, or
 * -1. */
static int dl_tournament_dates(const struct ov *o, const struct store_tournament *t,
                               const struct pos *p, struct dl_list *l)
{
	struct dsu_deadline_input in = {DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE,
	                                DSU_NO_DATE};
	struct dsu_deadlines d;
	int rc = 0;
	if (t->published[0] && calendar_parse(t->published, &in.published, NULL, 0) == CC_OK &&
	    dsu_deadlines(&in, &d, NULL, 0) == CC_OK) {
		rc |= dl_tdate(l, p, t->id, "objections", d.objection_by, o->today,
		               "objections to the published results reach the TL by this day "
		               "(DSU 6.4.5.1)");
		rc |= dl_tdate(l, p, t->id, "prizes", d.prizes_sent_by, o->today,
		               "the prizes are sent by this day (DSU 6.4.5.1)");
		if (strcmp(t->profile, "dsu-post") == 0)
			rc |= dl_tdate(l, p, t->id, "keep_correspondence",
			               d.keep_correspondence_until, o->today,
			               "the players keep their correspondence until this day (DSU "
			               "6.2.3)");
	}
	struct store_decision *v = calloc(DECISIONS_MAX, sizeof *v);
	size_t n = 0;
	if (!v || store_decisions_list(o->app->st, t->id, v, DECISIONS_MAX, &n) != STORE_OK) {
		free(v);
		return -1;
	}
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct dsu_deadline_input di = {DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE,
		                                DSU_NO_DATE};
		char detail[STORE_DECISION_ABOUT_MAX + 96];
		if (calendar_parse(v[i].notified_on, &di.decision_notified, NULL, 0) != CC_OK ||
		    dsu_deadlines(&di, &d, NULL, 0) != CC_OK)
			continue;
		snprintf(detail, sizeof detail,
		         "an appeal against \"%s\" reaches the TL by this day (DSU 6.4.3, 6.8.10)",
		         v[i].about);
		rc = dl_tdate(l, p, t->id, "appeal", d.appeal_by, o->today, detail);
	}
	free(v);
	return rc ? -1 : 0;
}

/* The dates the TL tracks in the tournaments u leads (R12, R14; DSU
 * 6.2.6, 6.2.7): unfinished games callable for adjudication (18 months
 * after the start, I-25) and, in postal play, finished games whose result
 * report (8 days, by the winner or White) is still due.  Items {"game",
 * "tournament", "what", "date", "detail"}, in (date, game) order, one
 * page from *p on.  Cost: the games of the tournaments he leads (only
 * the one asked for with ?tournament=).  0, or -1. */
static int page_deadlines(const struct ov *o, struct pos *p, json_t *list)
{
	struct store_tournament *v = NULL, one;
	struct dl_list all = {NULL, 0, 0};
	size_t n = 0;
	int rc = 0;
	if (o->tournament) {
		if (store_tournaments_get(o->app->st, o->tournament, &one) != STORE_OK)
			return -1;
		v = &one;
		n = 1;
	} else if (store_tournaments_list(o->app->st, 0, 500, &v, &n) != STORE_OK) {
		return -1;
	}
	for (size_t i = 0; i < n && rc == 0; i++) {
		if (!api_tournaments_may_lead(o->u, v[i].tl))
			continue;
		struct store_tgame *g;
		size_t ng;
		if (store_tournaments_games(o->app->st, v[i].id, &g, &ng) != STORE_OK) {
			rc = -1;
			break;
		}
		bool postal = strcmp(v[i].profile, "dsu-post") == 0;
		for (size_t k = 0; k < ng && rc == 0; k++) {
			struct dsu_deadline_input in = {DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE,
			                                DSU_NO_DATE, DSU_NO_DATE};
			struct dsu_deadlines d;
			char date[CALENDAR_ISO_LEN], detail[200];
			const char *what = NULL;
			bool done = strcmp(g[k].result, "*") != 0;
			if (!done)
				calendar_parse(v[i].start, &in.group_start, NULL, 0);
			else if (postal && g[k].finished_on[0])
				calendar_parse(g[k].finished_on, &in.game_end, NULL, 0);
			if (dsu_deadlines(&in, &d, NULL, 0) != CC_OK)
				continue;
			if (!done && d.adjudication_callable_from != DSU_NO_DATE &&
			    d.adjudication_callable_from <= o->today) {
				what = "adjudication_callable";
				calendar_format(d.adjudication_callable_from, date, sizeof date);
				snprintf(detail, sizeof detail,
				         "not finished 18 months after the start: the TL may call "
				         "it "
				         "in for adjudication (DSU 6.2.7)");
			} else if (done && d.report_by != DSU_NO_DATE && d.report_by >= o->today) {
				what = "result_report";
				calendar_format(d.report_by, date, sizeof date);
				snprintf(detail, sizeof detail,
				         "%s: the winner (White if drawn) reports it in writing by "
				         "this "
				         "day (DSU 6.2.6)",
				         g[k].result);
			}
			if (!what)
				continue;
			rc = dl_push(&all, p, date, g[k].id,
			             json_pack("{s:I, s:I, s:s, s:s, s:s}", "game",
			                       (json_int_t)g[k].id, "tournament",
			                       (json_int_t)v[i].id, "what", what, "date", date,
			                       "detail", detail));
		}
		free(g);
		if (rc == 0)
			rc = dl_tournament_dates(o, &v[i], p, &all);
	}
	if (v != &one)
		free(v);
	if (rc == 0 && all.n)
		qsort(all.v, all.n, sizeof *all.v, dl_cmp);
	size_t take = all.n < o->limit ? all.n : o->limit;
	for (size_t i = 0; i < all.n; i++) {
		if (i < take && rc == 0) {
			rc = json_array_append_new(list, all.v[i].item) ? -1 : 0;
			snprintf(p->date, sizeof p->date, "%s", all.v[i].date);
			p->game = all.v[i].game;
			p->state = AT_ROW;
		} else {
			json_decref(all.v[i].item);
		}
	}
	if (all.n <= o->limit)
		p->state = DONE;
	free(all.v);
	return rc;
}

/* The cursor: one part per list joined by '~', each "0" (from the
 * start), "x" (done) or DATE_GAME_SIDE (after that row; side w, b or -).
 * 0, or -1 when it is not one this server wrote. */
static int cursor_read(const char *a, struct pos p[LISTS])
{
	for (int i = 0; i < LISTS; i++) {
		const char *end = strchr(a, '~');
		size_t len = end ? (size_t)(end - a) : strlen(a);
		char part[64], side;
		long long gid;
		int used = 0;
		int32_t day;
		if ((end == NULL) != (i == LISTS - 1) || len == 0 || len >= sizeof part)
			return -1;
		memcpy(part, a, len);
		part[len] = '\0';
		memset(&p[i], 0, sizeof p[i]);
		p[i].side = CORR_NOBODY;
		if (strcmp(part, "0") == 0) {
			p[i].state = AT_START;
		} else if (strcmp(part, "x") == 0) {
			p[i].state = DONE;
		} else {
			if (len < 14 || part[10] != '_')
				return -1;
			part[10] = '\0';
			if (calendar_parse(part, &day, NULL, 0) != CC_OK ||
			    sscanf(part + 11, "%lld_%c%n", &gid, &side, &used) != 2 ||
			    part[11 + used] != '\0' || gid < 0 || !strchr("wb-", side))
				return -1;
			p[i].state = AT_ROW;
			calendar_format(day, p[i].date, sizeof p[i].date);
			p[i].game = gid;
			p[i].side = side == 'w' ? WHITE : side == 'b' ? BLACK : CORR_NOBODY;
		}
		a = end ? end + 1 : a + len;
	}
	return 0;
}

/* The cursor of the next page, or NULL (JSON null) when every list is done. */
static json_t *cursor_write(const struct pos p[LISTS])
{
	char out[LISTS * 40];
	size_t at = 0;
	bool more = false;
	for (int i = 0; i < LISTS; i++) {
		const char *sep = i ? "~" : "";
		if (p[i].state != DONE)
			more = true;
		if (p[i].state == AT_ROW)
			at += (size_t)snprintf(out + at, sizeof out - at, "%s%s_%lld_%c", sep,
			                       p[i].date, (long long)p[i].game,
			                       p[i].side == WHITE   ? 'w'
			                       : p[i].side == BLACK ? 'b'
			                                            : '-');
		else
			at += (size_t)snprintf(out + at, sizeof out - at, "%s%s", sep,
			                       p[i].state == DONE ? "x" : "0");
	}
	return more ? json_string(out) : json_null();
}

/* limit, after and tournament of the query; 0, or -1 with the response. */
static int read_params(struct app *app, struct api_req *rq, struct api_resp *rs, struct ov *o,
                       struct pos p[LISTS])
{
	const char *a = api_query(rq, "after"), *t = api_query(rq, "tournament");
	for (int i = 0; i < LISTS; i++) {
		memset(&p[i], 0, sizeof p[i]);
		p[i].side = CORR_NOBODY;
	}
	int limit;
	if (api_page_limit(rq, rs, &limit))
		return -1;
	o->limit = (size_t)limit;
	if (a && cursor_read(a, p) != 0)
		return api_error(rs, "invalid_field",
		                 "after must be a cursor from a previous page's \"next\""),
		       -1;
	if (t) {
		char *end;
		long long v = strtoll(t, &end, 10);
		struct store_tournament tt;
		if (!*t || *end || v < 1)
			return api_error(rs, "invalid_field", "tournament must be a tournament id"),
			       -1;
		int rc = store_tournaments_get(app->st, v, &tt);
		if (rc == STORE_NOT_FOUND)
			return api_error(rs, "not_found", "there is no tournament %lld", v), -1;
		if (rc != STORE_OK)
			return api_error(rs, "internal", "the overview cannot be read"), -1;
		/* DSU 6.1.3: a TL sees the tournaments he leads. */
		if (!api_tournaments_may_lead(&rq->user, tt.tl))
			return api_error(rs, "not_your_tournament",
			                 "tournament %lld is led by another TL", v),
			       -1;
		o->tournament = v;
	}
	return 0;
}

int api_tl_overview(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct ov o = {.app = app, .u = &rq->user};
	struct pos p[LISTS];
	if (api_today_day(app, &o.today, rs) || read_params(app, rq, rs, &o, p))
		return rs->status;
	calendar_format(o.today, o.today_iso, sizeof o.today_iso);
	json_t *lists[LISTS];
	int rc = 0;
	for (int i = 0; i < LISTS; i++)
		if (!(lists[i] = json_array()))
			rc = -1;
	if (rc == 0 && p[L_OVERDUE].state != DONE)
		rc = page_due(&o, "forfeit", CORR_FINDING_FORFEIT, &p[L_OVERDUE], lists[L_OVERDUE]);
	if (rc == 0 && p[L_SILENT].state != DONE)
		rc = page_due(&o, "reminder", CORR_FINDING_REMINDER, &p[L_SILENT], lists[L_SILENT]);
	if (rc == 0 && p[L_ADJUDICATION].state != DONE)
		rc = page_due(&o, "adjudication", CORR_FINDING_ADJUDICATION, &p[L_ADJUDICATION],
		              lists[L_ADJUDICATION]);
	if (rc == 0 && p[L_FORFEITS].state != DONE)
		rc = page_forfeits(&o, &p[L_FORFEITS], lists[L_FORFEITS]);
	if (rc == 0 && p[L_DEADLINES].state != DONE)
		rc = page_deadlines(&o, &p[L_DEADLINES], lists[L_DEADLINES]);
	if (rc != 0) {
		for (int i = 0; i < LISTS; i++)
			json_decref(lists[i]);
		return api_error(rs, "internal", "the overview cannot be read");
	}
	/* issue 22, DSU 6.8.1: the open connection losses, on the first page
	 * (all of them: a TL has few), each proposing the withdrawal from
	 * the day it takes effect */
	json_t *losses = api_query(rq, "after") ? json_array()
	                                        : api_connection_losses_json(app, &rq->user,
	                                                                     o.tournament, o.today);
	if (!losses) {
		for (int i = 0; i < LISTS; i++)
			json_decref(lists[i]);
		return api_error(rs, "internal", "the overview cannot be read");
	}
	return api_json(rs, 200,
	                json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "overdue",
	                          lists[L_OVERDUE], "silent", lists[L_SILENT], "forfeits",
	                          lists[L_FORFEITS], "adjudication_due", lists[L_ADJUDICATION],
	                          "deadlines", lists[L_DEADLINES], "connection_lost", losses,
	                          "next", cursor_write(p)));
}
