/* rate.c: `corrchess rate` and `corrchess rating-coordinate` (rate.h).
 * Reading JSON or CSV and printing JSON only; every rule is in
 * lib/rating/. */
#include "cmd/rate.h"
#include "cmd/cmd_ratings.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/json_in.h"
#include "cmd/cmd_fail.h"
#include "rating/rating.h"
#include "rating/rating_coord.h"
#include "rating/rating_input.h"
#include "util/grow.h"
#include "util/status.h"

#define EXIT_FAILED 1
#define EXIT_USAGE  2
#define ID_MAX      64                 /* characters of a player id */
#define INPUT_MAX   (16 * 1024 * 1024) /* bytes of one input file */

static const char rate_usage[] =
        "usage: corrchess rate [FILE|-]\n"
        "\n"
        "Rates one group by the DSU rating system (seed 4.5): reads a case in\n"
        "the input format of tests/vectors/rating.json from FILE (\"-\" or no\n"
        "FILE: stdin), {\"players\": [{\"id\", \"rating\", \"entry\"?, \"foreign\"?,\n"
        "\"registered\"?}], \"crosstable\" | \"games\", \"event\"?, \"winners\"?} or\n"
        "{\"elo_adjustment\": [...]} or a foreign result (DSU 4.5.4.3) {\"foreign\":\n"
        "{\"rating\", \"registered\"?, \"round_robin\"?, \"winner\"?, \"games\":\n"
        "[[opponent's rating, \"1\"|\"1/2\"|\"0\"]]}}, and prints the figures as JSON\n"
        "(method, and per player K, games, W, We, B, delta, Rn, correction, new).\n"
        "Exit status 2 with one line on stderr for bad input.\n";

static const char coord_usage[] =
        "usage: corrchess rating-coordinate --elo FILE\n"
        "\n"
        "The yearly coordination with the Elo list (DSU 4.5.6).  FILE (\"-\":\n"
        "stdin) is CSV with the header line id,dsu,elo,elo_games[,current]:\n"
        "the Danish rating of 1 June, the Elo rating of the 1 July list, the\n"
        "Elo-rated games, and optionally the Danish rating on the adjustment\n"
        "date.  Prints the comparison and every adjustment as JSON\n"
        "(docs/RATING.md).  Exit status 2 with one line on stderr for bad input.\n"
        "\n"
        "usage: corrchess --db DB rating-coordinate --elo FILE --apply [--on DATE]\n"
        "\n"
        "Records the coordination in DB on DATE (default today): FILE is CSV\n"
        "id,elo,elo_games with id a user id; the Danish ratings are DB's of\n"
        "1 June and of DATE.  Every later re-rating applies it again.\n";

/* Reads all of `path` ("-" = stdin) into a new NUL-terminated string
 * (caller frees) of at most INPUT_MAX bytes.  Returns 0, EXIT_FAILED when
 * it cannot be read, EXIT_USAGE when it is too long or holds a NUL; one
 * line on stderr in both cases. */
static int read_input(const char *cmd, const char *path, char **out, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int status = 0;
	if (!f)
		return cmd_fail(cmd, EXIT_FAILED, "cannot open %s: %s", path, strerror(errno));
	for (;;) {
		/* room for 4096 more bytes and the NUL */
		if (ALLOC_GROW(buf, n + 4096 + 1, cap) != 0) {
			status = cmd_fail(cmd, EXIT_FAILED, "out of memory reading %s", path);
			goto fail;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (n > INPUT_MAX) {
			status = cmd_fail(cmd, EXIT_USAGE, "%s is longer than %d bytes", path,
			                  INPUT_MAX);
			goto fail;
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		status = cmd_fail(cmd, EXIT_FAILED, "cannot read %s", path);
		goto fail;
	}
	if (memchr(buf, '\0', n)) {
		status = cmd_fail(cmd, EXIT_USAGE, "%s holds a NUL byte", path);
		goto fail;
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	buf = NULL;
fail:
	free(buf);
	if (f != stdin)
		fclose(f);
	return status;
}

/* A number for the output: an integer when whole, else rounded to 4
 * decimals (exact values are kept in lib/rating; this is display only).
 * New reference. */
static json_t *num(double v)
{
	double r = v * 10000.0;
	long long t = (long long)(r + (r >= 0 ? 0.5 : -0.5));
	if (t % 10000 == 0)
		return json_integer((json_int_t)(t / 10000));
	return json_real((double)t / 10000.0);
}

static json_t *units(int64_t u)
{
	return num((double)u / RATING_UNIT);
}

/* Sets key on obj to a new value (stolen); 0, or -1 when out of memory. */
static int put(json_t *obj, const char *key, json_t *v)
{
	return v == NULL ? -1 : json_object_set_new(obj, key, v);
}

/* A player id: a string of 1..ID_MAX characters.  Borrowed or NULL. */
static const char *id_of(json_t *v)
{
	const char *s = json_string_value(v);
	if (!s || !*s || strlen(s) > ID_MAX)
		return NULL;
	return s;
}

/* A rating: an integer in RATING_MIN..RATING_MAX into *out. */
static bool rating_of(json_t *v, int *out)
{
	if (!json_is_integer(v))
		return false;
	json_int_t r = json_integer_value(v);
	if (r < RATING_MIN || r > RATING_MAX)
		return false;
	*out = (int)r;
	return true;
}

/* The group read from the input. */
struct input {
	int n;
	const char **ids;    /* borrowed from the JSON */
	const char **source; /* "rated", "entry", "foreign", "performance" */
	struct rating_player *players;
	struct rating_game *games;
	size_t ngames;
	bool team;
	bool winners_given;
};

static void input_free(struct input *in)
{
	free(in->ids);
	free(in->source);
	free(in->players);
	free(in->games);
}

/* The index of player id, or -1. */
static int find(const struct input *in, const char *id)
{
	for (int i = 0; i < in->n; i++)
		if (strcmp(in->ids[i], id) == 0)
			return i;
	return -1;
}

/* Reads "players" into in.  EXIT_USAGE with a message on bad input. */
static int read_players(json_t *arr, struct input *in, char *err, size_t errlen)
{
	static const char *const keys[] = {"id",         "rating", "entry",  "foreign",
	                                   "registered", "name",   "absent", NULL};
	if (!json_is_array(arr) || json_array_size(arr) == 0)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "\"players\" must be a non-empty list");
	if (json_array_size(arr) > RATING_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d players", RATING_MAX_PLAYERS);
	in->n = (int)json_array_size(arr);
	in->ids = calloc((size_t)in->n, sizeof *in->ids);
	in->source = calloc((size_t)in->n, sizeof *in->source);
	in->players = calloc((size_t)in->n, sizeof *in->players);
	if (!in->ids || !in->source || !in->players)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	for (int i = 0; i < in->n; i++) {
		json_t *p = json_array_get(arr, (size_t)i);
		struct json_in ji;
		json_in_init(&ji);
		if (!json_is_object(p))
			return cc_fail(CC_ERR_MALFORMED, err, errlen, "player %d is not an object",
			               i + 1);
		if (json_in_only_keys(&ji, p, keys))
			return cc_fail(CC_ERR_MALFORMED, err, errlen, "player %d: %s", i + 1,
			               ji.msg);
		const char *id = id_of(json_object_get(p, "id"));
		if (!id)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "player %d: \"id\" must be a string of 1 to %d characters",
			               i + 1, ID_MAX);
		in->ids[i] = id;
		if (find(in, id) != i)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "player id \"%s\" occurs twice", id);
		static const char *const flags[] = {"entry", "foreign", "absent"};
		bool fl[3] = {false, false, false};
		for (int f = 0; f < 3; f++)
			if (json_in_bool(&ji, p, flags[f], false, &fl[f]) < 0)
				return cc_fail(CC_ERR_MALFORMED, err, errlen, "player %s: %s", id,
				               ji.msg);
		bool entry = fl[0], foreign = fl[1];
		/* DSU 4.5.4.2: absent from the whole group, none of his games rated */
		in->players[i].absent = fl[2];
		json_t *r = json_object_get(p, "rating");
		struct rating_player *pl = &in->players[i];
		pl->registered = RATING_NONE;
		if (json_is_null(r) || !r) {
			/* DSU 4.5.5.2 item 3: only a foreign player may lack a rating */
			if (!foreign)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "player %s has no rating: only a foreign player "
				               "(\"foreign\": true) gets a performance rating",
				               id);
			if (entry)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "player %s: an entry player needs his entry rating",
				               id);
			pl->performance = true;
			in->source[i] = "performance";
		} else if (!rating_of(r, &pl->ro)) {
			return cc_fail(
			        CC_ERR_RANGE, err, errlen,
			        "player %s: \"rating\" must be a whole number from %d to %d or "
			        "null",
			        id, RATING_MIN, RATING_MAX);
		} else {
			in->source[i] = entry ? "entry" : foreign ? "foreign" : "rated";
		}
		json_t *reg = json_object_get(p, "registered");
		if (reg && !json_is_null(reg) && !rating_of(reg, &pl->registered))
			return cc_fail(
			        CC_ERR_RANGE, err, errlen,
			        "player %s: \"registered\" must be a whole number from %d to %d",
			        id, RATING_MIN, RATING_MAX);
	}
	return CC_OK;
}

/* Reads "crosstable" (n rows of n strings) into in->games. */
static int read_crosstable(json_t *rows, struct input *in, char *err, size_t errlen)
{
	int n = in->n;
	const char **cells = NULL;
	int rc;
	if (!json_is_array(rows) || json_array_size(rows) != (size_t)n)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "\"crosstable\" must be a list of %d rows, one per player", n);
	cells = calloc((size_t)n * (size_t)n, sizeof *cells);
	if (!cells) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
		goto fail;
	}
	for (int i = 0; i < n; i++) {
		json_t *row = json_array_get(rows, (size_t)i);
		if (!json_is_array(row) || json_array_size(row) != (size_t)n) {
			rc = cc_fail(CC_ERR_MALFORMED, err, errlen,
			             "crosstable row %d must be a list of %d strings", i + 1, n);
			goto fail;
		}
		for (int j = 0; j < n; j++) {
			cells[i * n + j] = json_string_value(json_array_get(row, (size_t)j));
			if (!cells[i * n + j]) {
				rc = cc_fail(CC_ERR_MALFORMED, err, errlen,
				             "crosstable row %d, column %d is not a string", i + 1,
				             j + 1);
				goto fail;
			}
		}
	}
	/* a cell holds any number of games: count them, then read them */
	size_t max;
	rc = rating_crosstable_games(n, cells, NULL, 0, &max, err, errlen);
	if (rc != CC_OK)
		goto fail;
	in->games = calloc(max ? max : 1, sizeof *in->games);
	if (!in->games) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
		goto fail;
	}
	rc = rating_crosstable_games(n, cells, in->games, max, &in->ngames, err, errlen);
fail:
	free(cells);
	return rc;
}

/* Reads "games" ([white, black, result, flag?] each) into in->games. */
static int read_games(json_t *arr, struct input *in, char *err, size_t errlen)
{
	if (!json_is_array(arr))
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "\"games\" must be a list");
	size_t n = json_array_size(arr);
	if (n > RATING_MAX_GAMES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d games", RATING_MAX_GAMES);
	in->games = calloc(n ? n : 1, sizeof *in->games);
	if (!in->games)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	for (size_t i = 0; i < n; i++) {
		json_t *g = json_array_get(arr, i);
		size_t len = json_array_size(g);
		if (!json_is_array(g) || len < 3 || len > 4)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "game %zu must be [white, black, result] or [white, black, "
			               "result, flag]",
			               i + 1);
		struct rating_game *gm = &in->games[i];
		for (int s = 0; s < 2; s++) {
			const char *id = id_of(json_array_get(g, (size_t)s));
			int idx = id ? find(in, id) : -1;
			if (idx < 0)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "game %zu names a player who is not in \"players\"",
				               i + 1);
			*(s ? &gm->b : &gm->a) = idx;
		}
		json_t *flag = json_array_get(g, 3);
		if (flag && !json_is_string(flag))
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "game %zu: the flag must be a string", i + 1);
		char why[200];
		if (rating_result_parse(json_string_value(json_array_get(g, 2)),
		                        json_string_value(flag), gm, why, sizeof why) != CC_OK)
			return cc_fail(CC_ERR_MALFORMED, err, errlen, "game %zu: %s", i + 1, why);
		in->ngames++;
	}
	return CC_OK;
}

/* Reads a group case (players, crosstable or games, event, winners). */
static int read_group(json_t *root, struct input *in, char *err, size_t errlen)
{
	static const char *const keys[] = {"players", "crosstable", "games",
	                                   "event",   "winners",    NULL};
	struct json_in ji;
	json_in_init(&ji);
	if (json_in_only_keys(&ji, root, keys))
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "%s", ji.msg);
	int rc = read_players(json_object_get(root, "players"), in, err, errlen);
	if (rc != CC_OK)
		return rc;
	json_t *ev = json_object_get(root, "event");
	if (ev) {
		const char *e = json_string_value(ev);
		if (!e || (strcmp(e, "team") != 0 && strcmp(e, "individual") != 0))
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "\"event\" must be \"team\" or \"individual\"");
		in->team = strcmp(e, "team") == 0;
	}
	json_t *ct = json_object_get(root, "crosstable"), *gl = json_object_get(root, "games");
	if ((ct != NULL) == (gl != NULL))
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "give either a \"crosstable\" or a \"games\" list");
	rc = ct ? read_crosstable(ct, in, err, errlen) : read_games(gl, in, err, errlen);
	if (rc != CC_OK)
		return rc;
	json_t *w = json_object_get(root, "winners");
	if (!w) {
		bool *win = calloc((size_t)in->n, sizeof *win);
		if (!win)
			return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
		struct rating_group g = {in->n, in->players, in->ngames, in->games, in->team};
		rating_winners(&g, win); /* I-13: the highest standings score */
		for (int i = 0; i < in->n; i++)
			in->players[i].winner = win[i];
		free(win);
		return CC_OK;
	}
	/* I-13: the standing may differ from W (4.1.2 §16), so winners may be given */
	if (!json_is_array(w))
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "\"winners\" must be a list of ids");
	size_t i;
	json_t *v;
	json_array_foreach(w, i, v)
	{
		const char *id = id_of(v);
		int idx = id ? find(in, id) : -1;
		if (idx < 0)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "\"winners\" names a player who is not in \"players\"");
		in->players[idx].winner = true;
	}
	in->winners_given = true;
	return CC_OK;
}

static const char *method_name(enum rating_method m)
{
	return m == RATING_METHOD_AVERAGE      ? "average"
	       : m == RATING_METHOD_DIFFERENCE ? "difference"
	                                       : "none";
}

/* The figures of one player as JSON (the vectors' "expected" format).
 * New reference or NULL. */
static json_t *player_json(const struct input *in, int p, const struct rating_player_result *r)
{
	json_t *o = json_object();
	int bad = 0;
	if (!o)
		return NULL;
	bad |= put(o, "Ro", r->has_rating ? json_integer(r->ro) : json_null());
	bad |= put(o, "source", json_string(in->source[p]));
	if (in->players[p].registered != RATING_NONE)
		bad |= put(o, "registered", json_integer(in->players[p].registered));
	bad |= put(o, "games", json_integer(r->games));
	if (r->has_rating)
		bad |= put(o, "K", json_integer(r->k));
	if (r->performance && r->has_rating) {
		json_t *pf = json_object(), *passes = json_array();
		bad |= put(o, "performance", pf);
		if (!pf || !passes) {
			json_decref(passes);
			json_decref(o);
			return NULL;
		}
		bad |= put(pf, "P", num(r->perf.p100 / 100.0));
		bad |= put(pf, "D(P)", json_integer(r->perf.dp));
		bad |= put(pf, "Rc", json_integer(r->perf.rc));
		bad |= put(pf, "Rp", json_integer(r->perf.rp));
		for (int k = 0; k < r->perf.npasses; k++)
			bad |= json_array_append_new(passes, json_integer(r->perf.passes[k]));
		bad |= put(pf, "passes", passes);
		bad |= put(pf, "stable", json_boolean(r->perf.stable));
	}
	if (r->games > 0) {
		bad |= put(o, "W", num(r->w2 / 2.0));
		bad |= put(o, "We_raw", num(r->we_raw / 100.0));
		bad |= put(o, "We", num(r->we / 100.0));
		bad |= put(o, "bonus_c", num(r->c / 100.0));
		bad |= put(o, "B", num(r->b / 100.0));
		bad |= put(o, "winner_rule", json_boolean(r->winner_rule));
		bad |= put(o, "delta", units(r->delta));
		bad |= put(o, "Rn", units(r->rn));
		json_t *corr = json_array();
		bad |= put(o, "correction", corr);
		for (int k = 0; corr && k < r->ncorr; k++) {
			json_t *c = json_object();
			bad |= json_array_append_new(corr, c);
			if (!c)
				break;
			bad |= put(c, "limit", json_integer(r->corr[k].limit));
			bad |= put(c, "direction", json_string(r->corr[k].up ? "up" : "down"));
			bad |= put(c, "sigma", units(r->corr[k].sigma));
			bad |= put(c, "Rk", units(r->corr[k].rk));
		}
		bad |= put(o, "floor", json_boolean(r->floor));
	} else { /* no rated game: nothing scored, nothing expected, no change */
		bad |= put(o, "W", json_integer(0));
		bad |= put(o, "We", json_null());
		bad |= put(o, "delta", json_integer(0));
		bad |= put(o, "correction", json_array());
	}
	if (in->players[p].absent)
		bad |= put(o, "absent", json_true());
	bad |= put(o, "winner", json_boolean(r->winner));
	bad |= put(o, "new", r->has_rating ? json_integer(r->new_rating) : json_null());
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Rates the group and builds the output.  New reference or NULL (with a
 * message in err and *status set). */
static json_t *rate_group(const struct input *in, int *status, char *err, size_t errlen)
{
	struct rating_group g = {in->n, in->players, in->ngames, in->games, in->team};
	struct rating_group_result res;
	struct rating_player_result *out = calloc((size_t)in->n, sizeof *out);
	json_t *o = NULL, *players = NULL, *winners = NULL;
	if (!out) {
		*status = EXIT_FAILED;
		cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
		return NULL;
	}
	int rc = rating_group_rate(&g, &res, out, err, errlen);
	if (rc != CC_OK) {
		*status = rc == CC_ERR_NOMEM ? EXIT_FAILED : EXIT_USAGE;
		goto fail;
	}
	*status = EXIT_FAILED;
	o = json_object();
	players = json_object();
	winners = json_array();
	if (!o || !players || !winners)
		goto nomem;
	int bad = 0;
	bad |= put(o, "method", json_string(method_name(res.method)));
	bad |= put(o, "round_robin", json_boolean(res.round_robin));
	if (res.round_robin)
		bad |= put(o, "cycles", json_integer(res.cycles));
	if (res.method != RATING_METHOD_NONE) {
		bad |= put(o, "spread", json_integer(res.spread));
		if (res.method == RATING_METHOD_AVERAGE)
			bad |= put(o, "group_average", json_integer(res.average));
	}
	bad |= put(o, "rated_games", json_integer(res.rated_games));
	bad |= put(o, "event", json_string(in->team ? "team" : "individual"));
	for (int p = 0; p < in->n; p++) {
		if (out[p].winner)
			bad |= json_array_append_new(winners, json_string(in->ids[p]));
		bad |= put(players, in->ids[p], player_json(in, p, &out[p]));
	}
	bad |= put(o, "winners", winners);
	winners = NULL;
	bad |= put(o, "players", players);
	players = NULL;
	if (bad)
		goto nomem;
	free(out);
	*status = 0;
	return o;
nomem:
	cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
fail:
	json_decref(o);
	json_decref(players);
	json_decref(winners);
	free(out);
	return NULL;
}

/* The coordination players and their ids. */
struct coord_input {
	size_t n;
	char (*ids)[ID_MAX + 1];
	struct rating_coord_player *p;
};

/* Runs 4.5.6 and builds the output (the vectors' V14 format).  New
 * reference or NULL with a message in err. */
static json_t *coord_json(const struct coord_input *ci, int *status, char *err, size_t errlen)
{
	struct rating_coord_result res;
	struct rating_coord_player_result *out = calloc(ci->n ? ci->n : 1, sizeof *out);
	json_t *o = NULL;
	*status = EXIT_FAILED;
	if (!out) {
		cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
		return NULL;
	}
	int rc = rating_coord_run(ci->p, ci->n, &res, out, err, errlen);
	if (rc != CC_OK) {
		*status = EXIT_USAGE;
		goto fail;
	}
	o = json_object();
	json_t *covered = json_array(), *adjusted = json_object(), *unchanged = json_array();
	int bad = put(o, "covered", covered) | put(o, "adjusted", adjusted) |
	          put(o, "unchanged", unchanged);
	if (!o || bad)
		goto nomem;
	for (size_t i = 0; i < ci->n; i++) {
		if (!out[i].covered)
			continue;
		bad |= json_array_append_new(covered, json_string(ci->ids[i]));
		if (!out[i].adjusted) {
			bad |= json_array_append_new(unchanged, json_string(ci->ids[i]));
			continue;
		}
		json_t *a = json_object();
		bad |= put(adjusted, ci->ids[i], a);
		if (!a)
			break;
		bad |= put(a, "from", json_integer(out[i].from));
		bad |= put(a, "by", json_integer(out[i].by));
		bad |= put(a, "to", json_integer(out[i].to));
		bad |= put(a, "raised", json_boolean(out[i].raised));
	}
	bad |= put(o, "count", json_integer(res.covered));
	if (res.covered > 0) {
		double c = (double)res.covered;
		bad |= put(o, "avg_dsu", num((double)res.sum_dsu / c));
		bad |= put(o, "avg_elo", num((double)res.sum_elo / c));
		bad |= put(o, "difference", num((double)(res.sum_dsu - res.sum_elo) / c));
	}
	bad |= put(o, "N", json_integer(res.n));
	bad |= put(o, "direction",
	           json_string(res.direction < 0   ? "down"
	                       : res.direction > 0 ? "up"
	                                           : "none"));
	if (bad)
		goto nomem;
	free(out);
	*status = 0;
	return o;
nomem:
	cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
fail:
	json_decref(o);
	free(out);
	return NULL;
}

/* Allocates ci for n players. */
static int coord_alloc(struct coord_input *ci, size_t n)
{
	ci->ids = calloc(n ? n : 1, sizeof *ci->ids);
	ci->p = calloc(n ? n : 1, sizeof *ci->p);
	return ci->ids && ci->p ? 0 : -1;
}

static void coord_free(struct coord_input *ci)
{
	free(ci->ids);
	free(ci->p);
}

/* Checks that id i of ci is new. */
static bool coord_unique(const struct coord_input *ci, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (strcmp(ci->ids[j], ci->ids[i]) == 0)
			return false;
	return true;
}

/* Reads "elo_adjustment" ([{id, dsu, elo, elo_games, current?}]). */
static int read_coord_json(json_t *arr, struct coord_input *ci, char *err, size_t errlen)
{
	static const char *const keys[] = {"id", "dsu", "elo", "elo_games", "current", NULL};
	if (!json_is_array(arr))
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "\"elo_adjustment\" must be a list");
	size_t n = json_array_size(arr);
	if (n > RATING_COORD_MAX)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d players", RATING_COORD_MAX);
	if (coord_alloc(ci, n) != 0)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	ci->n = n;
	for (size_t i = 0; i < n; i++) {
		json_t *p = json_array_get(arr, i);
		struct json_in ji;
		json_in_init(&ji);
		if (!json_is_object(p) || json_in_only_keys(&ji, p, keys))
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "elo_adjustment %zu must be an object with id, dsu, elo, "
			               "elo_games and optionally current",
			               i + 1);
		const char *id = id_of(json_object_get(p, "id"));
		if (!id)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "elo_adjustment %zu: \"id\" must be a string of 1 to %d "
			               "characters",
			               i + 1, ID_MAX);
		snprintf(ci->ids[i], sizeof ci->ids[i], "%s", id);
		if (!coord_unique(ci, i))
			return cc_fail(CC_ERR_MALFORMED, err, errlen, "id \"%s\" occurs twice", id);
		struct rating_coord_player *q = &ci->p[i];
		json_t *cur = json_object_get(p, "current"), *g = json_object_get(p, "elo_games");
		q->current = RATING_NONE;
		if (!rating_of(json_object_get(p, "dsu"), &q->dsu) ||
		    !rating_of(json_object_get(p, "elo"), &q->elo) ||
		    (cur && !rating_of(cur, &q->current)))
			return cc_fail(
			        CC_ERR_RANGE, err, errlen,
			        "%s: dsu, elo and current must be whole numbers from %d to %d", id,
			        RATING_MIN, RATING_MAX);
		if (!json_is_integer(g) || json_integer_value(g) < 0 ||
		    json_integer_value(g) > 1000000)
			return cc_fail(CC_ERR_RANGE, err, errlen,
			               "%s: elo_games must be a whole number from 0 to 1000000",
			               id);
		q->elo_games = (int)json_integer_value(g);
	}
	return CC_OK;
}

/* Prints a result and frees it; 0, or EXIT_FAILED. */
static int print_json(const char *cmd, json_t *o)
{
	char *s = json_dumps(o, JSON_INDENT(1) | JSON_REAL_PRECISION(12) | JSON_PRESERVE_ORDER);
	json_decref(o);
	if (!s)
		return cmd_fail(cmd, EXIT_FAILED, "out of memory");
	int ok = puts(s) >= 0 && fflush(stdout) == 0;
	free(s);
	return ok ? 0 : cmd_fail(cmd, EXIT_FAILED, "cannot write the result");
}

/* ---- a foreign result (DSU 4.5.4.3) ---- */

/* {"rating", "registered"?, "round_robin"?, "winner"?, "games": [[r, "1"]]}
 * rated as the server rates it (rating_foreign_rate()): {"method", "Ro",
 * "K", "games", "W", "We", "B", "winner_rule", "new"}.  New reference,
 * or NULL with err and *status. */
static json_t *rate_foreign(json_t *f, int *status, char *err, size_t errlen)
{
	struct rating_foreign_game g[RATING_FOREIGN_MAX];
	json_t *games = json_object_get(f, "games"), *reg = json_object_get(f, "registered");
	int ro, registered = RATING_NONE;
	size_t n = json_array_size(games);
	*status = EXIT_USAGE;
	if (!json_is_object(f) || !rating_of(json_object_get(f, "rating"), &ro) ||
	    ro == RATING_NONE || (reg && !rating_of(reg, &registered)) || !json_is_array(games) ||
	    n < 1 || n > RATING_FOREIGN_MAX) {
		cc_fail(CC_ERR_MALFORMED, err, errlen,
		        "\"foreign\" needs \"rating\" (0..9999) and 1 to %d \"games\"",
		        RATING_FOREIGN_MAX);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		json_t *x = json_array_get(games, i);
		const char *res = json_string_value(json_array_get(x, 1));
		int mine2 = !res                                                      ? -1
		            : strcmp(res, "1") == 0                                   ? 2
		            : strcmp(res, "1/2") == 0 || strcmp(res, "\xc2\xbd") == 0 ? 1
		            : strcmp(res, "0") == 0                                   ? 0
		                                                                      : -1;
		if (json_array_size(x) != 2 || !rating_of(json_array_get(x, 0), &g[i].rating) ||
		    g[i].rating == RATING_NONE || mine2 < 0) {
			cc_fail(CC_ERR_MALFORMED, err, errlen,
			        "foreign game %zu must be [rating, \"1\"|\"1/2\"|\"0\"]", i + 1);
			return NULL;
		}
		g[i].mine2 = mine2;
	}
	struct rating_group_result res;
	struct rating_player_result r;
	if (rating_foreign_rate(
	            ro, registered, g, (int)n, json_is_true(json_object_get(f, "round_robin")),
	            json_is_true(json_object_get(f, "winner")), &res, &r, err, errlen) != CC_OK)
		return NULL;
	json_t *o = json_pack("{s:s, s:i, s:i, s:i, s:o, s:o, s:o, s:b, s:i}", "method",
	                      method_name(res.method), "Ro", r.ro, "K", r.k, "games", r.games, "W",
	                      num(r.w2 / 2.0), "We", num(r.we / 100.0), "B", num(r.b / 100.0),
	                      "winner_rule", r.winner_rule, "new", r.new_rating);
	if (!o) {
		*status = EXIT_FAILED;
		cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	}
	return o;
}

int cmd_rate(int argc, char **argv)
{
	const char *path = NULL;
	char *text = NULL;
	size_t len = 0;
	json_t *root = NULL, *result = NULL;
	struct input in = {0};
	struct coord_input ci = {0};
	char err[512] = "";
	int status;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			fputs(rate_usage, stdout);
			return 0;
		}
		if (path || (argv[i][0] == '-' && argv[i][1] != '\0'))
			return cmd_fail("rate", EXIT_USAGE,
			                "unexpected argument \"%.40s\" (see --help)", argv[i]);
		path = argv[i];
	}
	status = read_input("rate", path ? path : "-", &text, &len);
	if (status != 0)
		return status;
	struct json_in ji;
	json_in_init(&ji);
	root = json_in_parse(&ji, text, len, false);
	if (!root) {
		status = cmd_fail("rate", EXIT_USAGE, "%s", ji.msg);
		goto out;
	}
	json_t *body = root;
	if (json_is_object(root) && json_object_get(root, "input"))
		body = json_object_get(root, "input"); /* a whole case of the vectors */
	if (!json_is_object(body)) {
		status = cmd_fail("rate", EXIT_USAGE, "the input must be a JSON object");
		goto out;
	}
	json_t *elo = json_object_get(body, "elo_adjustment");
	json_t *foreign = json_object_get(body, "foreign");
	if (foreign) {
		if (json_object_size(body) != 1) {
			status = cmd_fail("rate", EXIT_USAGE,
			                  "a \"foreign\" case has no other fields");
			goto out;
		}
		result = rate_foreign(foreign, &status, err, sizeof err);
	} else if (elo) {
		if (json_object_size(body) != 1) {
			status = cmd_fail("rate", EXIT_USAGE,
			                  "an \"elo_adjustment\" case has no other fields");
			goto out;
		}
		if (read_coord_json(elo, &ci, err, sizeof err) != CC_OK) {
			status = cmd_fail("rate", EXIT_USAGE, "%s", err);
			goto out;
		}
		result = coord_json(&ci, &status, err, sizeof err);
	} else {
		int rc = read_group(body, &in, err, sizeof err);
		if (rc != CC_OK) {
			status = cmd_fail("rate", rc == CC_ERR_NOMEM ? EXIT_FAILED : EXIT_USAGE,
			                  "%s", err);
			goto out;
		}
		result = rate_group(&in, &status, err, sizeof err);
	}
	if (!result) {
		status = cmd_fail("rate", status, "%s", err);
		goto out;
	}
	status = print_json("rate", result);
out:
	input_free(&in);
	coord_free(&ci);
	json_decref(root);
	free(text);
	return status;
}

/* ---- rating-coordinate: CSV ---- */

/* Splits line (modified) at commas into at most max fields; returns the
 * count, or max + 1 when there are more. */
static int split_csv(char *line, char **f, int max)
{
	int n = 0;
	char *s = line;
	for (;;) {
		if (n == max)
			return max + 1;
		f[n++] = s;
		char *c = strchr(s, ',');
		if (!c)
			break;
		*c = '\0';
		s = c + 1;
	}
	for (int i = 0; i < n; i++) { /* trim blanks */
		while (*f[i] == ' ' || *f[i] == '\t')
			f[i]++;
		char *e = f[i] + strlen(f[i]);
		while (e > f[i] && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			*--e = '\0';
	}
	return n;
}

/* A whole number in lo..hi from text; false otherwise. */
static bool csv_int(const char *s, long lo, long hi, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

/* Reads the CSV text (modified) into ci.  EXIT_USAGE-worthy errors as
 * CC_ERR_MALFORMED with the line named. */
static int read_coord_csv(char *text, struct coord_input *ci, char *err, size_t errlen)
{
	size_t lines = 1;
	for (char *c = text; *c; c++)
		lines += *c == '\n';
	if (lines > RATING_COORD_MAX + 1)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d players", RATING_COORD_MAX);
	if (coord_alloc(ci, lines) != 0)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	int cols = 0;
	size_t lineno = 0;
	char *next = text;
	while (next) {
		char *line = next;
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		next = nl ? nl + 1 : NULL;
		char *f[6];
		lineno++;
		if (line[strspn(line, " \t\r")] == '\0' || line[0] == '#')
			continue; /* blank lines and comments */
		int n = split_csv(line, f, 5);
		if (cols == 0) {
			/* DSU 4.5.6: the header names the columns (docs/RATING.md) */
			if ((n != 4 && n != 5) || strcmp(f[0], "id") || strcmp(f[1], "dsu") ||
			    strcmp(f[2], "elo") || strcmp(f[3], "elo_games") ||
			    (n == 5 && strcmp(f[4], "current")))
				return cc_fail(
				        CC_ERR_MALFORMED, err, errlen,
				        "line %zu: the header must be id,dsu,elo,elo_games or "
				        "id,dsu,elo,elo_games,current",
				        lineno);
			cols = n;
			continue;
		}
		if (n != cols)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "line %zu: %d fields, expected %d", lineno, n > 5 ? 6 : n,
			               cols);
		size_t i = ci->n;
		if (!*f[0] || strlen(f[0]) > ID_MAX)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "line %zu: the id must have 1 to %d characters", lineno,
			               ID_MAX);
		snprintf(ci->ids[i], sizeof ci->ids[i], "%s", f[0]);
		if (!coord_unique(ci, i))
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "line %zu: id \"%s\" occurs twice", lineno, ci->ids[i]);
		struct rating_coord_player *q = &ci->p[i];
		q->current = RATING_NONE;
		if (!csv_int(f[1], RATING_MIN, RATING_MAX, &q->dsu) ||
		    !csv_int(f[2], RATING_MIN, RATING_MAX, &q->elo) ||
		    (cols == 5 && *f[4] && !csv_int(f[4], RATING_MIN, RATING_MAX, &q->current)))
			return cc_fail(
			        CC_ERR_RANGE, err, errlen,
			        "line %zu: dsu, elo and current must be whole numbers from %d "
			        "to %d",
			        lineno, RATING_MIN, RATING_MAX);
		if (!csv_int(f[3], 0, 1000000, &q->elo_games))
			return cc_fail(
			        CC_ERR_RANGE, err, errlen,
			        "line %zu: elo_games must be a whole number from 0 to 1000000",
			        lineno);
		ci->n++;
	}
	if (cols == 0)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "the file is empty: it needs the header id,dsu,elo,elo_games");
	return CC_OK;
}

int cmd_rating_coordinate(struct config *cfg, int argc, char **argv)
{
	const char *path = NULL, *on = NULL;
	bool apply = false;
	char *text = NULL;
	size_t len;
	struct coord_input ci = {0};
	char err[512] = "";
	int status;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			fputs(coord_usage, stdout);
			return 0;
		}
		if (strcmp(argv[i], "--apply") == 0) {
			apply = true;
		} else if (strcmp(argv[i], "--on") == 0 && i + 1 < argc && !on) {
			on = argv[++i];
		} else if (strcmp(argv[i], "--elo") == 0 && i + 1 < argc && !path) {
			path = argv[++i];
		} else if (strncmp(argv[i], "--elo=", 6) == 0 && !path) {
			path = argv[i] + 6;
		} else {
			return cmd_fail("rating-coordinate", EXIT_USAGE,
			                "unexpected argument \"%.40s\" (see --help)", argv[i]);
		}
	}
	if (!path || !*path)
		return cmd_fail("rating-coordinate", EXIT_USAGE,
		                "--elo FILE is required (see --help)");
	if (on && !apply)
		return cmd_fail("rating-coordinate", EXIT_USAGE, "--on DATE goes with --apply");
	if (apply)
		return cmd_rating_coordinate_apply(cfg, path, on);
	status = read_input("rating-coordinate", path, &text, &len);
	if (status != 0)
		return status;
	int rc = read_coord_csv(text, &ci, err, sizeof err);
	if (rc != CC_OK) {
		status =
		        cmd_fail("rating-coordinate", rc == CC_ERR_NOMEM ? EXIT_FAILED : EXIT_USAGE,
		                 "%s: %s", path, err);
		goto out;
	}
	json_t *result = coord_json(&ci, &status, err, sizeof err);
	if (!result) {
		status = cmd_fail("rating-coordinate", status, "%s", err);
		goto out;
	}
	status = print_json("rating-coordinate", result);
out:
	coord_free(&ci);
	free(text);
	return status;
}
