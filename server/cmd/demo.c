/* demo.c: the demo tournament (see demo.h).  Every step goes through
 * api_handle() as a request of the user who would make it, on the day he
 * would make it: the demo holds nothing the API would refuse, and its
 * clocks are the clocks of a real history. */
#include "autoconfig.h"
#include "cmd/demo.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "base/config.h"

const char *const demo_names[DEMO_USERS] = {"tl", "alice", "bob", "carol", "dave", "erik"};

#define DEMO_START   (-40) /* the tournament starts 40 days before today */
#define DEMO_PLAYERS 5     /* demo_names[1..5] play */

enum demo_op {
	DEMO_MOVE,       /* the side to move plays `move` (with `series`) */
	DEMO_DRAW_OFFER, /* `who` offers a draw */
	DEMO_DRAW_ACCEPT,
	DEMO_RESIGN,   /* `who` resigns */
	DEMO_VACATION, /* `who` books days from..to (offsets from today) */
};

struct demo_step {
	int day;  /* offset from today */
	int a, b; /* the game: the players' indexes in demo_names */
	enum demo_op op;
	int who; /* the acting player's index (not for DEMO_MOVE) */
	const char *move;
	const char *series[2]; /* the proposed continuation, or NULLs */
	int from, to;          /* DEMO_VACATION: the first and last day */
};

enum { TL, ALICE, BOB, CAROL, DAVE, ERIK };

/* The history, day by day.  Colours follow the round robin's seats
 * (alice 1 ... erik 5; of i < j, i has White when i + j is odd). */
static const struct demo_step script[] = {
        /* alice - bob: the scholar's mate. */
        {-39, ALICE, BOB, DEMO_MOVE, 0, "e4", {0}, 0, 0},
        {-38, ALICE, BOB, DEMO_MOVE, 0, "e5", {0}, 0, 0},
        {-37, ALICE, BOB, DEMO_MOVE, 0, "Bc4", {0}, 0, 0},
        {-36, ALICE, BOB, DEMO_MOVE, 0, "Nc6", {0}, 0, 0},
        {-35, ALICE, BOB, DEMO_MOVE, 0, "Qh5", {0}, 0, 0},
        {-34, ALICE, BOB, DEMO_MOVE, 0, "Nf6", {0}, 0, 0},
        {-33, ALICE, BOB, DEMO_MOVE, 0, "Qxf7#", {0}, 0, 0},
        /* carol - dave: Black resigns in the Queen's Gambit. */
        {-39, CAROL, DAVE, DEMO_MOVE, 0, "d4", {0}, 0, 0},
        {-37, CAROL, DAVE, DEMO_MOVE, 0, "d5", {0}, 0, 0},
        {-35, CAROL, DAVE, DEMO_MOVE, 0, "c4", {0}, 0, 0},
        {-32, CAROL, DAVE, DEMO_MOVE, 0, "e6", {0}, 0, 0},
        {-30, CAROL, DAVE, DEMO_MOVE, 0, "Nc3", {0}, 0, 0},
        {-28, CAROL, DAVE, DEMO_RESIGN, DAVE, NULL, {0}, 0, 0},
        /* bob - erik: a Sicilian, drawn by agreement. */
        {-38, BOB, ERIK, DEMO_MOVE, 0, "e4", {0}, 0, 0},
        {-36, BOB, ERIK, DEMO_MOVE, 0, "c5", {0}, 0, 0},
        {-35, BOB, ERIK, DEMO_MOVE, 0, "Nf3", {0}, 0, 0},
        {-33, BOB, ERIK, DEMO_MOVE, 0, "d6", {0}, 0, 0},
        {-33, BOB, ERIK, DEMO_DRAW_OFFER, BOB, NULL, {0}, 0, 0},
        {-31, BOB, ERIK, DEMO_DRAW_ACCEPT, ERIK, NULL, {0}, 0, 0},
        /* carol - alice (carol White): in progress. */
        {-39, ALICE, CAROL, DEMO_MOVE, 0, "d4", {0}, 0, 0},
        {-36, ALICE, CAROL, DEMO_MOVE, 0, "Nf6", {0}, 0, 0},
        {-34, ALICE, CAROL, DEMO_MOVE, 0, "c4", {0}, 0, 0},
        {-30, ALICE, CAROL, DEMO_MOVE, 0, "e6", {0}, 0, 0},
        {-27, ALICE, CAROL, DEMO_MOVE, 0, "Nc3", {0}, 0, 0},
        {-22, ALICE, CAROL, DEMO_MOVE, 0, "Bb4", {0}, 0, 0},
        {-15, ALICE, CAROL, DEMO_MOVE, 0, "Qc2", {0}, 0, 0},
        {-12, ALICE, CAROL, DEMO_MOVE, 0, "O-O", {0}, 0, 0},
        /* alice - dave: 3.Bb5 with a series pending (DSU 6.2.5). */
        {-39, ALICE, DAVE, DEMO_MOVE, 0, "e4", {0}, 0, 0},
        {-30, ALICE, DAVE, DEMO_MOVE, 0, "e5", {0}, 0, 0},
        {-24, ALICE, DAVE, DEMO_MOVE, 0, "Nf3", {0}, 0, 0},
        {-15, ALICE, DAVE, DEMO_MOVE, 0, "Nc6", {0}, 0, 0},
        {-6, ALICE, DAVE, DEMO_MOVE, 0, "Bb5", {"a6", "Ba4"}, 0, 0},
        /* bob - carol: an English, in progress. */
        {-38, BOB, CAROL, DEMO_MOVE, 0, "c4", {0}, 0, 0},
        {-30, BOB, CAROL, DEMO_MOVE, 0, "e5", {0}, 0, 0},
        {-25, BOB, CAROL, DEMO_MOVE, 0, "Nc3", {0}, 0, 0},
        {-18, BOB, CAROL, DEMO_MOVE, 0, "Nf6", {0}, 0, 0},
        {-12, BOB, CAROL, DEMO_MOVE, 0, "g3", {0}, 0, 0},
        {-5, BOB, CAROL, DEMO_MOVE, 0, "d5", {0}, 0, 0},
        /* dave - bob (dave White): a French, in progress. */
        {-37, BOB, DAVE, DEMO_MOVE, 0, "e4", {0}, 0, 0},
        {-29, BOB, DAVE, DEMO_MOVE, 0, "e6", {0}, 0, 0},
        {-20, BOB, DAVE, DEMO_MOVE, 0, "d4", {0}, 0, 0},
        {-9, BOB, DAVE, DEMO_MOVE, 0, "d5", {0}, 0, 0},
        /* erik - alice, erik - carol: moves until erik's vacation; dave -
         * erik: none, dave is silent (the dashboard shows it). */
        {-38, ALICE, ERIK, DEMO_MOVE, 0, "Nf3", {0}, 0, 0},
        {-31, ALICE, ERIK, DEMO_MOVE, 0, "d5", {0}, 0, 0},
        {-24, ALICE, ERIK, DEMO_MOVE, 0, "g3", {0}, 0, 0},
        {-17, ALICE, ERIK, DEMO_MOVE, 0, "Nf6", {0}, 0, 0},
        {-12, ALICE, ERIK, DEMO_MOVE, 0, "Bg2", {0}, 0, 0},
        {-36, CAROL, ERIK, DEMO_MOVE, 0, "e4", {0}, 0, 0},
        {-30, CAROL, ERIK, DEMO_MOVE, 0, "e5", {0}, 0, 0},
        {-13, CAROL, ERIK, DEMO_MOVE, 0, "Nf3", {0}, 0, 0},
        {-3, CAROL, ERIK, DEMO_MOVE, 0, "Nc6", {0}, 0, 0},
        /* erik is on vacation today (booked 20 days ago: DSU 6.3.6.1). */
        {-20, 0, 0, DEMO_VACATION, ERIK, NULL, {0}, -10, 5},
};

struct demo {
	struct app *app;
	char *tokens[DEMO_USERS];                /* new: the sessions, signed out at the end */
	long long ids[DEMO_USERS];               /* the users' ids */
	long long games[DEMO_USERS][DEMO_USERS]; /* game of players i, j (i < j) */
	char *err;
	size_t errlen;
};

/* One request through api_handle() as the user with token (NULL: none);
 * body is stolen (NULL: none).  Returns the answer's JSON (new), or NULL
 * with err set when the answer is not 2xx JSON.  Costs what the handler
 * costs. */
static json_t *call(struct demo *d, const char *token, const char *method, const char *path,
                    json_t *body)
{
	char *text = body ? json_dumps(body, JSON_COMPACT) : NULL;
	char auth[256];
	struct api_req rq;
	struct api_resp rs;
	json_t *out = NULL;
	memset(&rq, 0, sizeof rq);
	memset(&rs, 0, sizeof rs);
	json_decref(body);
	if (body && !text) {
		snprintf(d->err, d->errlen, "%s %s: out of memory", method, path);
		return NULL;
	}
	rq.method = method;
	rq.path = path;
	rq.body = text ? text : "";
	rq.body_len = text ? strlen(text) : 0;
	if (token) {
		snprintf(auth, sizeof auth, "Bearer %s", token);
		rq.authorization = auth;
	}
	api_handle(d->app, &rq, &rs);
	json_error_t jerr;
	out = rs.body ? json_loadb(rs.body, rs.len, 0, &jerr) : NULL;
	if (rs.status < 200 || rs.status > 299 || !out) {
		const char *msg = json_string_value(
		        json_object_get(json_object_get(out, "error"), "message"));
		snprintf(d->err, d->errlen, "%s %s %s: %d %s", method, path, text ? text : "",
		         rs.status, msg ? msg : "(no message)");
		json_decref(out);
		out = NULL;
	}
	free(rs.body);
	free(text);
	return out;
}

/* Sets "today" to today + offset days (in day_buf, which app->cfg->today
 * points at while the demo runs).  Returns 0, or -1 with err set. */
static int set_day(struct demo *d, int32_t today, int offset, char day_buf[11])
{
	if (calendar_format(today + offset, day_buf, 11) != 0) {
		snprintf(d->err, d->errlen, "day %d: no date", offset);
		return -1;
	}
	d->app->cfg->today = day_buf;
	return 0;
}

/* Signs the demo users in: their tokens and ids.  Returns 0 or -1. */
static int sign_in(struct demo *d, const char *const passwords[DEMO_USERS])
{
	for (int i = 0; i < DEMO_USERS; i++) {
		json_t *r = call(
		        d, NULL, "POST", "/api/v1/session",
		        json_pack("{s:s, s:s}", "login", demo_names[i], "password", passwords[i]));
		const char *token = json_string_value(json_object_get(r, "token"));
		d->ids[i] = (long long)json_integer_value(
		        json_object_get(json_object_get(r, "user"), "id"));
		d->tokens[i] = token ? strdup(token) : NULL;
		json_decref(r);
		if (!d->tokens[i] || d->ids[i] <= 0) {
			if (token)
				snprintf(d->err, d->errlen, "signing in %s: no token",
				         demo_names[i]);
			return -1;
		}
	}
	return 0;
}

/* The player index of user id, or -1. */
static int index_of(const struct demo *d, long long id)
{
	for (int i = 0; i < DEMO_USERS; i++)
		if (d->ids[i] == id)
			return i;
	return -1;
}

/* Creates the tournament (as the tl, on its start day) and maps each pair
 * of players to their game.  Returns 0 or -1. */
static int create_tournament(struct demo *d, long long *tournament)
{
	char start[11], path[64];
	snprintf(start, sizeof start, "%s", d->app->cfg->today);
	json_t *players = json_array();
	for (int i = 1; i <= DEMO_PLAYERS; i++)
		json_array_append_new(players, json_integer(d->ids[i]));
	json_t *t = call(d, d->tokens[TL], "POST", "/api/v1/tournaments",
	                 json_pack("{s:s, s:s, s:s, s:s, s:o}", "name", "Demo Open", "kind",
	                           "round_robin", "profile", "server", "start_date", start,
	                           "players", players));
	if (!t)
		return -1;
	*tournament = (long long)json_integer_value(json_object_get(t, "id"));
	json_t *games = json_object_get(t, "games");
	size_t i;
	json_t *v;
	int status = 0;
	json_array_foreach(games, i, v)
	{
		snprintf(path, sizeof path, "/api/v1/games/%lld", (long long)json_integer_value(v));
		json_t *g = call(d, d->tokens[TL], "GET", path, NULL);
		if (!g) {
			status = -1;
			break;
		}
		int w = index_of(
		        d, json_integer_value(json_object_get(json_object_get(g, "white"), "id")));
		int b = index_of(
		        d, json_integer_value(json_object_get(json_object_get(g, "black"), "id")));
		if (w > 0 && b > 0) {
			d->games[w][b] = json_integer_value(v);
			d->games[b][w] = json_integer_value(v);
		}
		json_decref(g);
	}
	json_decref(t);
	return status;
}

/* One step of the script, on its day.  Returns 0 or -1. */
static int play_step(struct demo *d, const struct demo_step *s)
{
	char path[96];
	json_t *r = NULL;
	long long gid = d->games[s->a][s->b];
	if (s->op != DEMO_VACATION && gid <= 0) {
		snprintf(d->err, d->errlen, "no game between %s and %s", demo_names[s->a],
		         demo_names[s->b]);
		return -1;
	}
	switch (s->op) {
	case DEMO_MOVE: {
		snprintf(path, sizeof path, "/api/v1/games/%lld", gid);
		json_t *g = call(d, d->tokens[TL], "GET", path, NULL);
		if (!g)
			return -1;
		const char *side = json_string_value(json_object_get(g, "to_move"));
		int mover = index_of(d, json_integer_value(json_object_get(
		                                json_object_get(g, side ? side : "white"), "id")));
		json_decref(g);
		if (mover <= 0) {
			snprintf(d->err, d->errlen, "game %lld: no player to move", gid);
			return -1;
		}
		json_t *body = json_pack("{s:s}", "move", s->move);
		if (s->series[0]) {
			json_t *series = json_array();
			for (int i = 0; i < 2 && s->series[i]; i++)
				json_array_append_new(series, json_string(s->series[i]));
			json_object_set_new(body, "series", series);
		}
		snprintf(path, sizeof path, "/api/v1/games/%lld/moves", gid);
		r = call(d, d->tokens[mover], "POST", path, body);
		break;
	}
	case DEMO_DRAW_OFFER:
	case DEMO_DRAW_ACCEPT:
		snprintf(path, sizeof path, "/api/v1/games/%lld/draw", gid);
		r = call(d, d->tokens[s->who], "POST", path,
		         json_pack("{s:s}", "action",
		                   s->op == DEMO_DRAW_OFFER ? "offer" : "accept"));
		break;
	case DEMO_RESIGN:
		snprintf(path, sizeof path, "/api/v1/games/%lld/resign", gid);
		r = call(d, d->tokens[s->who], "POST", path, json_object());
		break;
	case DEMO_VACATION: {
		char from[11], to[11];
		int32_t today;
		char cerr[128];
		if (calendar_parse(d->app->cfg->today, &today, cerr, sizeof cerr) != 0 ||
		    calendar_format(today - s->day + s->from, from, sizeof from) != 0 ||
		    calendar_format(today - s->day + s->to, to, sizeof to) != 0) {
			snprintf(d->err, d->errlen, "vacation: no date");
			return -1;
		}
		r = call(d, d->tokens[s->who], "POST", "/api/v1/vacations",
		         json_pack("{s:s, s:s}", "start", from, "end", to));
		break;
	}
	}
	if (!r)
		return -1;
	json_decref(r);
	return 0;
}

int demo_replay(struct app *app, const char *const passwords[DEMO_USERS], long long *tournament,
                char *err, size_t errlen)
{
	struct demo d;
	char today_text[11], day_buf[11], cerr[128];
	int32_t today;
	char *saved = app->cfg->today;
	int status = -1;
	memset(&d, 0, sizeof d);
	d.app = app;
	d.err = err;
	d.errlen = errlen;
	api_today(app, today_text);
	if (calendar_parse(today_text, &today, cerr, sizeof cerr) != 0) {
		snprintf(err, errlen, "today (%s): %s", today_text, cerr);
		goto fail;
	}
	if (sign_in(&d, passwords) != 0 || set_day(&d, today, DEMO_START, day_buf) != 0 ||
	    create_tournament(&d, tournament) != 0)
		goto fail;
	/* Day by day, each day's steps in the script's order. */
	for (int day = DEMO_START + 1; day <= 0; day++) {
		if (set_day(&d, today, day, day_buf) != 0)
			goto fail;
		for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
			if (script[i].day == day && play_step(&d, &script[i]) != 0)
				goto fail;
	}
	status = 0;
fail:
	app->cfg->today = saved;
	/* The demo's own sessions end with it.  A failure here loses nothing
	 * (they expire) and must not hide the error that stopped the demo. */
	char scratch[256];
	d.err = scratch;
	d.errlen = sizeof scratch;
	for (int i = 0; i < DEMO_USERS; i++) {
		if (d.tokens[i])
			json_decref(call(&d, d.tokens[i], "DELETE", "/api/v1/session", NULL));
		free(d.tokens[i]);
	}
	return status;
}
