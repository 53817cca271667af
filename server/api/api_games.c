/* games.c: creating, listing and reading games (API.md "Games"), and the
 * steps the handlers of a game share (api/api_games.h). */
#include "autoconfig.h"
#include "api/api_games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/game_json.h"
#include "base/log.h"
#include "chess/fen.h"
#include "clock/calendar.h"
#include "store/store_users.h"
#include "util/status.h"

int api_game_load(struct app *app, struct api_req *rq, struct api_resp *rs, struct store_game *sg)
{
	char err[512];
	int rc = store_games_load(app->st, rq->ids[0], sg, err, sizeof err);
	if (rc == STORE_NOT_FOUND)
		return api_error(rs, "not_found", "%s", err);
	if (rc != STORE_OK)
		return api_error(rs, "internal", "game %lld cannot be read: %s",
		                 (long long)rq->ids[0], err);
	return 0;
}

int api_game_may(struct api_req *rq, struct api_resp *rs, const struct store_game *sg,
                 enum auth_cmd c)
{
	struct auth_actor a = svc_actor(&rq->user);
	struct auth_target t = {.white = sg->white, .black = sg->black, .leader = sg->leader};
	struct corr_error e;
	if (auth_check(&a, c, &t, &e) == CC_OK)
		return 0;
	return api_error(rs, e.code, "%s", e.message);
}

int api_game_rev(struct api_req *rq, struct api_resp *rs, struct svc_rev *rev)
{
	*rev = SVC_ANY_REV;
	if (!rq->json)
		return 0;
	int rc = api_get_int(rq->json, "rev", false, &rev->rev, rs);
	if (rc < 0)
		return rs->status;
	rev->given = rc == 0;
	return 0;
}

int api_outcome_error(struct api_resp *rs, const struct svc_outcome *o)
{
	return api_error(rs, o->code ? o->code : "internal", "%s", o->message);
}

static int api_game_respond(struct app *app, struct api_req *rq, struct api_resp *rs,
                            const struct store_game *sg, int status)
{
	int32_t today;
	if (api_today_day(app, &today, rs))
		return rs->status;
	struct jsonw w;
	jsonw_init(&w);
	game_json_write(&w, sg, &rq->user, today);
	size_t len;
	char *text = jsonw_take(&w, &len);
	return api_json_text(rs, status, text, len);
}

int api_game_outcome(struct app *app, struct api_req *rq, struct api_resp *rs,
                     const struct svc_outcome *o, struct store_game *after, int status)
{
	if (o->status == SVC_PENDING) { /* answered by api_resume() */
		svc_async_current()->status = status;
		return 0;
	}
	int answer = o->status == SVC_OK ? api_game_respond(app, rq, rs, after, status)
	                                 : api_outcome_error(rs, o);
	store_games_free(after);
	return answer;
}

void api_resume(struct app *app, struct api_req *rq, struct api_resp *rs, struct svc_async *a)
{
	struct store_game after;
	struct svc_outcome o;
	svc_game_finish(app, a, &after, &o);
	api_game_outcome(app, rq, rs, &o, &after, a->status);
	store_rollback(app->st); /* as api_handle() ends */
}

static int api_games_new(struct app *app, const struct api_new_game *ng, int64_t *id,
                         const char **code, char *err, size_t errlen)
{
	*code = "invalid_field";
	if (ng->white == ng->black) {
		snprintf(err, errlen, "white and black must be two different players");
		return -1;
	}
	int64_t ids[2] = {ng->white, ng->black};
	for (int i = 0; i < 2; i++) {
		int rc = store_users_exists(app->st, ids[i]);
		if (rc == STORE_NOT_FOUND) {
			*code = "unknown_user";
			snprintf(err, errlen, "there is no user %lld (%s)", (long long)ids[i],
			         i ? "black" : "white");
			return -1;
		}
		if (rc != STORE_OK) {
			*code = "internal";
			snprintf(err, errlen, "the database is not available");
			return -1;
		}
	}
	if (!clock_profile_find(ng->profile)) {
		snprintf(err, errlen,
		         "the profile must be dsu-post, dsu-post-email, dsu-email or server, not "
		         "\"%s\"",
		         ng->profile);
		return -1;
	}
	/* DSU 6.2.4, 6.8.4 (DSU 6.2.5, issue 9): never in a DSU tournament */
	if (ng->series_cancellable && strncmp(ng->profile, "dsu-", 4) == 0) {
		snprintf(err, errlen,
		         "series_cancellable: a series is binding once sent in a DSU tournament "
		         "(6.2.4, 6.8.4); it is an option for other events only");
		return -1;
	}
	int32_t day;
	char derr[256];
	if (calendar_parse(ng->start_date, &day, derr, sizeof derr) != CC_OK) {
		*code = "invalid_date";
		snprintf(err, errlen, "start_date: %s", derr);
		return -1;
	}
	/* The clocks look years ahead (forfeit, adjudication after 18
	 * months), and the calendar ends in 9999: keep games well inside. */
	int year = calendar_year(day);
	if (year < CORR_FIRST_YEAR || year > CORR_LAST_YEAR) {
		*code = "invalid_date";
		snprintf(err, errlen, "start_date: a game starts in the years %d to %d",
		         CORR_FIRST_YEAR, CORR_LAST_YEAR);
		return -1;
	}
	position pos;
	char ferr[300];
	if (fen_parse(&pos, ng->fen ? ng->fen : "startpos", ferr, sizeof ferr) != CC_OK) {
		*code = "invalid_fen";
		snprintf(err, errlen, "%s", ferr);
		return -1;
	}
	if (game_status(&pos) != GAME_ONGOING) {
		*code = "invalid_fen";
		snprintf(err, errlen, "the game would be over before it starts (%s)",
		         game_state_name(game_status(&pos)));
		return -1;
	}
	if (ng->event && strlen(ng->event) > 200) {
		snprintf(err, errlen, "an event name has at most 200 characters");
		return -1;
	}
	char canon[FEN_MAX];
	fen_write(&pos, canon, sizeof canon);
	struct store_new_game row = {
	        .white = ng->white,
	        .black = ng->black,
	        .profile = ng->profile,
	        .start_date = ng->start_date,
	        .fen = canon,
	        .event = ng->event,
	        .series_cancellable = ng->series_cancellable, /* DSU 6.2.5: default binding */
	        .tournament = ng->tournament,
	        .led_by = ng->tournament ? 0 : ng->led_by,
	};
	if (svc_game_insert(app, &row, id) != STORE_OK) {
		*code = "busy";
		snprintf(err, errlen, "the game could not be stored; try again");
		return -1;
	}
	return 0;
}

int api_games_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {
	        "white", "black", "profile", "start_date", "fen", "event", "series_cancellable",
	        NULL};
	json_t *body = api_body_object(rq, rs);
	struct api_new_game ng = {.led_by = rq->user.id}; /* docs/AUTHORITY.md: he leads it */
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_int(body, "white", true, &ng.white, rs) ||
	    api_get_int(body, "black", true, &ng.black, rs) ||
	    api_get_string(body, "profile", true, &ng.profile, rs) ||
	    api_get_string(body, "start_date", true, &ng.start_date, rs) ||
	    api_get_string(body, "fen", false, &ng.fen, rs) < 0 ||
	    api_get_name(body, "event", false, &ng.event, rs) < 0 ||
	    api_get_bool(body, "series_cancellable", false, &ng.series_cancellable, rs) < 0)
		return rs->status;
	int64_t id;
	const char *code;
	char err[512];
	if (api_games_new(app, &ng, &id, &code, err, sizeof err) != 0)
		return api_error(rs, code, "%s", err);
	rq->ids[0] = id;
	struct store_game sg;
	if (api_game_load(app, rq, rs, &sg))
		return rs->status;
	int status = api_game_respond(app, rq, rs, &sg, 201);
	store_games_free(&sg);
	return status;
}

/* GET /api/v1/games/{id}: the GAME kept under the game's revisions
 * (game_json_kept(), nothing loaded), else copied from
 * game_json_answer()'s cache when the loaded rows are as when it was
 * written, else written (issue 25). */
int api_games_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	int32_t today;
	if (api_today_day(app, &today, rs) != 0)
		return rs->status;
	/* First the game's revisions (one row): a GAME kept under them, this
	 * day and this viewer's seat is the GAME the rows would give, and
	 * nothing is loaded (store_games_shown(), in this handler's read
	 * transaction: api/router.c). */
	struct game_json_key key;
	memset(&key, 0, sizeof key);
	bool keyed = store_games_shown(app->st, rq->ids[0], &key.shown) == STORE_OK;
	size_t len;
	char *text;
	if (keyed) {
		struct auth_actor a = svc_actor(&rq->user);
		key.st = app->st;
		key.today = today;
		key.seat = auth_seat(&a, key.shown.white, key.shown.black);
		if ((text = game_json_kept(rq->ids[0], &key, &len, rs->tag)))
			return api_json_text(rs, 200, text, len);
	}
	struct store_game sg;
	if (api_game_load(app, rq, rs, &sg))
		return rs->status;
	text = game_json_answer(&sg, &rq->user, today, &len, rs->tag);
	if (text && keyed && rs->tag[0])
		game_json_remember(sg.id, &key, text, len, rs->tag);
	api_json_text(rs, 200, text, len);
	store_games_free(&sg);
	return rs->status;
}

/* The summary pages kept (api/kept.h): 256 pages, 8 MB in all. */
static struct kept_answer list_slots[256];
static struct kept lists_kept = KEPT_INIT(list_slots, 8u << 20);

void api_games_kept_stats(struct kept_stats *out)
{
	kept_stats(&lists_kept, out);
}

/* GET /api/v1/games?player={id}[&view=summary]: that player's games
 * (default: one's own), newest first, a page at a time (API.md "Lists":
 * limit, after, next); each a GAME, or with view=summary a GAME_SUMMARY
 * read from the rows without a replay (issue 25). */
int api_games_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	int64_t player = rq->user.id;
	const char *q = api_query(rq, "player");
	if (q) {
		char *end;
		long long v = strtoll(q, &end, 10);
		if (*q == '\0' || *end || v <= 0)
			return api_error(rs, "invalid_field",
			                 "player must be a user id, not \"%s\"", q);
		player = v;
		int rc = store_users_exists(app->st, player);
		if (rc == STORE_NOT_FOUND)
			return api_error(rs, "not_found", "there is no user %lld", v);
		if (rc != STORE_OK)
			return api_error(rs, "internal", "the database is not available");
	}
	const char *view = api_query(rq, "view");
	bool summary = view && strcmp(view, "summary") == 0;
	if (view && !summary && strcmp(view, "full") != 0)
		return api_error(
		        rs, "invalid_field",
		        "view is \"full\" (GAME, the default) or \"summary\", not \"%.40s\"", view);
	struct api_page page;
	if (api_page_read(rq, rs, &page))
		return rs->status;
	int32_t today;
	if (api_today_day(app, &today, rs))
		return rs->status;
	/* A summary page is kept by its revision (migration 0039, api/kept.h):
	 * read first, in this handler's one read transaction (api/router.c). */
	struct kept_key key = {.st = app->st, .id = player};
	bool keep = false;
	if (summary) {
		int64_t names;
		keep = store_games_listed_rev(app->st, player, &key.rev, &names) == STORE_OK;
		int32_t limit = page.limit;
		memcpy(key.args, &names, sizeof names);
		memcpy(key.args + 8, &page.cursor, sizeof page.cursor);
		memcpy(key.args + 16, &today, sizeof today);
		memcpy(key.args + 20, &limit, sizeof limit);
		size_t len;
		char *text;
		if (keep && (text = kept_get(&lists_kept, &key, &len)))
			return api_json_text(rs, 200, text, len);
	}
	/* One more than the page, to know whether another page follows. */
	struct store_games_filter f = {.player = player, .before = page.cursor};
	int64_t *ids = NULL;
	struct store_game_summary *sums = NULL;
	size_t n;
	if ((summary ? store_games_summaries(app->st, &f, (size_t)page.limit + 1, &sums, &n)
	             : store_games_of(app->st, &f, (size_t)page.limit + 1, &ids, &n)) != STORE_OK)
		return api_error(rs, "internal", "the database is not available");
	if (n > (size_t)page.limit) {
		n = (size_t)page.limit;
		api_page_set_next(&page, summary ? sums[n - 1].id : ids[n - 1]);
	}
	struct jsonw w;
	jsonw_init(&w);
	jsonw_raw(&w, "{\"games\":[");
	for (size_t i = 0, listed = 0; i < n; i++) {
		if (summary) {
			if (listed++)
				jsonw_raw(&w, ",");
			game_json_summary(&w, &sums[i], today);
			continue;
		}
		struct store_game sg;
		char err[512];
		int rc = store_games_load(app->st, ids[i], &sg, err, sizeof err);
		if (rc == STORE_NOT_FOUND || rc == STORE_CORRUPT)
			continue; /* deleted meanwhile, or corrupt (logged) */
		if (rc != STORE_OK) {
			jsonw_free(&w);
			free(ids);
			return api_error(rs, "internal", "the games cannot be read: %s", err);
		}
		if (listed++)
			jsonw_raw(&w, ",");
		game_json_write(&w, &sg, &rq->user, today);
		store_games_free(&sg);
	}
	free(ids);
	free(sums);
	jsonw_raw(&w, "],\"next\":");
	if (page.next[0]) {
		jsonw_raw(&w, "\"");
		jsonw_raw(&w, page.next);
		jsonw_raw(&w, "\"");
	} else {
		jsonw_raw(&w, "null");
	}
	jsonw_raw(&w, "}");
	size_t len;
	char *text = jsonw_take(&w, &len);
	if (keep && text)
		kept_put(&lists_kept, &key, text, len);
	return api_json_text(rs, 200, text, len);
}
