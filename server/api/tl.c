/* tl.c: GET /api/v1/tl/overview, the sweep's findings live (lib/corr's
 * corr_findings(), the same the sweep records). */
#include "autoconfig.h"
#include "api/tl.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "api/tournaments.h"
#include "store/games.h"
#include "store/tournaments.h"
#include "tourney/dsu_admin.h"
#include "util/status.h"

#define OVERVIEW_MAX 5000 /* deadlines shown at most (the other lists come in pages) */

/* DSU 6.1.3: does game id show in u's overview?  An admin sees every
 * game, a TL the games of the tournaments he leads and the games outside
 * any tournament.  1 yes, 0 no, -1 when the database fails. */
static int is_his(struct app *app, const struct user *u, int64_t id)
{
	int64_t tournament, tl;
	if (store_tournaments_of_game(app->st, id, &tournament, &tl) != STORE_OK)
		return -1;
	return !tournament || api_tournaments_may_lead(u, tl);
}

static int add_item(struct app *app, json_t *list, int64_t game_id, int64_t player,
                    const char *since, const char *detail)
{
	json_t *user = api_user_json(app, player);
	json_t *item = json_pack("{s:I, s:o, s:s, s:s}", "game", (json_int_t)game_id, "player",
	                         user ? user : json_null(), "since", since, "detail", detail);
	return item ? json_array_append_new(list, item) : -1;
}

/* A game ended by a time forfeit, when it shows in u's overview: the
 * loser (both on 0-0), since the end.  0, or -1. */
static int add_forfeit(struct app *app, const struct user *u, const struct store_forfeit *f,
                       json_t *list)
{
	int mine = is_his(app, u, f->id);
	if (mine <= 0)
		return mine;
	/* DSU 6.3.3.3: the forfeit loses; 0-0 when lost for both (6.3.3.4). */
	bool white_lost = strcmp(f->result, "0-1") == 0 || strcmp(f->result, "0-0") == 0;
	bool black_lost = strcmp(f->result, "1-0") == 0 || strcmp(f->result, "0-0") == 0;
	char detail[64];
	snprintf(detail, sizeof detail, "lost on time, result %s", f->result);
	int rc = 0;
	if (white_lost)
		rc = add_item(app, list, f->id, f->white, f->since, detail);
	if (black_lost && rc == 0)
		rc = add_item(app, list, f->id, f->black, f->since, detail);
	return rc;
}

/* The findings of one active game into the lists (by kind); 0, or -1
 * when the database or memory fails. */
static int add_game(struct app *app, const struct user *u, int64_t id, int32_t today,
                    json_t *lists[4])
{
	int mine = is_his(app, u, id);
	if (mine <= 0)
		return mine;
	struct store_game sg;
	char err[512];
	int rc = store_games_load(app->st, id, &sg, err, sizeof err);
	if (rc == STORE_NOT_FOUND || rc == STORE_CORRUPT)
		return 0; /* deleted meanwhile, or corrupt (logged) */
	if (rc != STORE_OK)
		return -1; /* a failed read fails the overview, it never drops a game */
	struct corr_finding f[CORR_FINDINGS_MAX];
	struct corr_error e;
	int nf = corr_findings(&sg.g, today, f, &e);
	if (nf < 0)
		log_msg(LOG_ERROR, "overview: game %lld: %s", (long long)sg.id, e.message);
	/* A reminder and a TL notice of one player make one silent item,
	 * since the reminder date; the detail adds the TL date. */
	rc = 0;
	for (int k = 0; k < nf && rc == 0; k++) {
		if (f[k].kind == CORR_FINDING_TL_NOTICE)
			continue;
		char since[CALENDAR_ISO_LEN], tl[CALENDAR_ISO_LEN], detail[260];
		snprintf(detail, sizeof detail, "%s", f[k].detail);
		if (f[k].kind == CORR_FINDING_REMINDER && k + 1 < nf &&
		    f[k + 1].kind == CORR_FINDING_TL_NOTICE &&
		    calendar_format(f[k].tl_date, tl, sizeof tl) == CC_OK)
			snprintf(detail, sizeof detail, "%s; the TL is told since %s", f[k].detail,
			         tl);
		if (calendar_format(f[k].due, since, sizeof since) != CC_OK)
			continue;
		rc = add_item(app, lists[f[k].kind], sg.id,
		              f[k].side == WHITE ? sg.white : sg.black, since, detail);
	}
	store_games_free(&sg);
	return rc;
}

/* Adds one tournament deadline {"game": null, "tournament", "what",
 * "date", "detail"} when day is today or later.  0, or -1. */
static int add_tdate(json_t *list, int64_t tournament, const char *what, int32_t day, int32_t today,
                     const char *detail)
{
	char date[CALENDAR_ISO_LEN];
	if (day == DSU_NO_DATE || day < today || json_array_size(list) >= OVERVIEW_MAX ||
	    calendar_format(day, date, sizeof date) != CC_OK)
		return 0;
	json_t *item =
	        json_pack("{s:n, s:I, s:s, s:s, s:s}", "game", "tournament", (json_int_t)tournament,
	                  "what", what, "date", date, "detail", detail);
	return item ? json_array_append_new(list, item) : -1;
}

#define DECISIONS_MAX 64

/* The dates after a tournament's publication (R12-R13, DSU 6.4.5.1,
 * 6.2.3) and its decisions (R19, 6.4.3, 6.8.10) still to come.  0, or
 * -1. */
static int add_tournament_dates(struct app *app, const struct store_tournament *t, int32_t today,
                                json_t *list)
{
	struct dsu_deadline_input in = {DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE,
	                                DSU_NO_DATE};
	struct dsu_deadlines d;
	int rc = 0;
	if (t->published[0] && calendar_parse(t->published, &in.published, NULL, 0) == CC_OK &&
	    dsu_deadlines(&in, &d, NULL, 0) == CC_OK) {
		rc |= add_tdate(list, t->id, "objections", d.objection_by, today,
		                "objections to the published results reach the TL by this day "
		                "(DSU 6.4.5.1)");
		rc |= add_tdate(list, t->id, "prizes", d.prizes_sent_by, today,
		                "the prizes are sent by this day (DSU 6.4.5.1)");
		if (strcmp(t->profile, "dsu-post") == 0)
			rc |= add_tdate(list, t->id, "keep_correspondence",
			                d.keep_correspondence_until, today,
			                "the players keep their correspondence until this day (DSU "
			                "6.2.3)");
	}
	struct store_decision *v = calloc(DECISIONS_MAX, sizeof *v);
	size_t n = 0;
	if (!v || store_decisions_list(app->st, t->id, v, DECISIONS_MAX, &n) != STORE_OK) {
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
		rc = add_tdate(list, t->id, "appeal", d.appeal_by, today, detail);
	}
	free(v);
	return rc ? -1 : 0;
}

/* The dates the TL tracks in the tournaments u leads (R12, R14; DSU
 * 6.2.6, 6.2.7): unfinished games callable for adjudication (18 months
 * after the start, I-25) and, in postal play, finished games whose result
 * report (8 days, by the winner or White) is still due.  Items {"game",
 * "tournament", "what", "date", "detail"}.  0, or -1. */
static int add_deadlines(struct app *app, const struct user *u, int32_t today, json_t *list)
{
	struct store_tournament *v;
	size_t n;
	if (store_tournaments_list(app->st, 0, 500, &v, &n) != STORE_OK)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		if (!api_tournaments_may_lead(u, v[i].tl))
			continue;
		struct store_tgame *g;
		size_t ng;
		if (store_tournaments_games(app->st, v[i].id, &g, &ng) != STORE_OK) {
			rc = -1;
			break;
		}
		bool postal = strcmp(v[i].profile, "dsu-post") == 0;
		for (size_t k = 0; k < ng && rc == 0 && json_array_size(list) < OVERVIEW_MAX; k++) {
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
			    d.adjudication_callable_from <= today) {
				what = "adjudication_callable";
				calendar_format(d.adjudication_callable_from, date, sizeof date);
				snprintf(detail, sizeof detail,
				         "not finished 18 months after the start: the TL may call it "
				         "in for adjudication (DSU 6.2.7)");
			} else if (done && d.report_by != DSU_NO_DATE && d.report_by >= today) {
				what = "result_report";
				calendar_format(d.report_by, date, sizeof date);
				snprintf(detail, sizeof detail,
				         "%s: the winner (White if drawn) reports it in writing by this "
				         "day (DSU 6.2.6)",
				         g[k].result);
			}
			if (!what)
				continue;
			json_t *item = json_pack("{s:I, s:I, s:s, s:s, s:s}", "game",
			                         (json_int_t)g[k].id, "tournament", (json_int_t)v[i].id,
			                         "what", what, "date", date, "detail", detail);
			rc = item ? json_array_append_new(list, item) : -1;
		}
		free(g);
		if (rc == 0)
			rc = add_tournament_dates(app, &v[i], today, list);
	}
	free(v);
	return rc;
}

/* GET /api/v1/tl/overview, a page at a time (API.md "Lists"): a page
 * covers `limit` games (the active ones and those lost on time) in id
 * order after the cursor, and "next" goes on after its last game; every
 * finding of a game is on the game's page, nothing is cut.  The deadlines
 * of the TL's tournaments come on the first page. */
int api_tl_overview(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct api_page page;
	if (api_page_read(rq, rs, &page))
		return rs->status;
	int32_t today;
	if (api_today_day(app, &today, rs))
		return rs->status;
	json_t *overdue = json_array(), *silent = json_array(), *forfeits = json_array(),
	       *adjudication = json_array(), *deadlines = json_array();
	json_t *lists[4] = {silent, silent, overdue, adjudication}; /* by enum corr_finding_kind */
	size_t na = 0, nf = 0, want = (size_t)page.limit + 1;
	int64_t *ids = malloc(want * sizeof *ids);
	struct store_forfeit *f = NULL;
	int rc = overdue && silent && forfeits && adjudication && deadlines && ids ? 0 : -1;
	if (rc == 0 && (store_games_active_page(app->st, page.cursor, ids, want, &na) != STORE_OK ||
	                store_games_forfeits(app->st, page.cursor, want, &f, &nf) != STORE_OK))
		rc = -1;
	/* Merge the two id-ordered lists, one game at a time, up to limit. */
	size_t ia = 0, jf = 0;
	int taken = 0;
	int64_t last = 0;
	while (rc == 0 && taken < page.limit && (ia < na || jf < nf)) {
		bool active = jf >= nf || (ia < na && ids[ia] < f[jf].id);
		if (active) {
			last = ids[ia];
			rc = add_game(app, &rq->user, ids[ia++], today, lists);
		} else {
			last = f[jf].id;
			rc = add_forfeit(app, &rq->user, &f[jf++], forfeits);
		}
		taken++;
	}
	if (rc == 0 && (ia < na || jf < nf))
		api_page_set_next(&page, last);
	free(ids);
	free(f);
	if (rc == 0 && page.cursor == 0)
		rc = add_deadlines(app, &rq->user, today, deadlines);
	if (rc != 0) {
		json_decref(overdue);
		json_decref(silent);
		json_decref(forfeits);
		json_decref(adjudication);
		json_decref(deadlines);
		return api_error(rs, "internal", "the overview cannot be read");
	}
	return api_json(rs, 200,
	                json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "overdue", overdue, "silent",
	                          silent, "forfeits", forfeits, "adjudication_due", adjudication,
	                          "deadlines", deadlines, "next",
	                          page.next[0] ? json_string(page.next) : json_null()));
}
