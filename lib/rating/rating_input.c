/* rating_input.c: stored games and players as rating inputs (see
 * rating_input.h; DSU 4.5.4.2, 4.5.5). */
#include "rating/rating_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/status.h"

static bool is(const char *s, const char *t)
{
	return s != NULL && strcmp(s, t) == 0;
}

/* The standings points of a finished result, half points; -1 unknown. */
static int standing(const char *result, int *w2, int *b2)
{
	static const struct {
		const char *text;
		int w2, b2;
	} results[] = {{"1-0", 2, 0}, {"0-1", 0, 2}, {"1/2-1/2", 1, 1}, {"0-0", 0, 0}};
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
		if (is(result, results[i].text)) {
			*w2 = results[i].w2;
			*b2 = results[i].b2;
			return 0;
		}
	return -1;
}

int rating_stored_game(const struct rating_stored *in, struct rating_game *rated, int standing2[2],
                       char *err, size_t errlen)
{
	int w2, b2;
	char q[CC_QUOTE_BUF];
	if (standing(in->result, &w2, &b2) != 0)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "%s is not a finished result",
		               cc_quote(in->result ? in->result : "(none)", q));
	if (standing2) {
		standing2[0] = w2;
		standing2[1] = b2;
	}
	rated->a2 = w2;
	rated->b2 = b2;
	rated->kind = RATING_GAME_UNPLAYED;
	/* DSU 4.5.4.2 via 4.1.2 §16 e: 6.2.8 changed the standings of a
	 * finished game, the rating takes the game as played */
	if (in->played && *in->played) {
		char why[160];
		if (rating_result_parse(in->played, NULL, rated, why, sizeof why) != CC_OK)
			return cc_fail(CC_ERR_MALFORMED, err, errlen, "the game as played: %s",
			               why);
		return CC_OK;
	}
	if (w2 + b2 != 2) /* 0-0, lost for both (6.3.3.4): not rated */
		return CC_OK;
	if (is(in->how, "scored")) /* 6.2.8, unplayed: the standings only */
		return CC_OK;
	if (is(in->how, "reported") || is(in->how, "adjudicated")) {
		rated->kind = RATING_GAME_PLAYED; /* "Alle spillede partier rates" */
		return CC_OK;
	}
	if (in->how && *in->how && !is(in->how, "played"))
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "%s is not how a result came about (played, reported, adjudicated, "
		               "scored)",
		               cc_quote(in->how, q));
	/* endings a player or the board made: the game was played */
	static const char *const by_play[] = {"checkmate",   "stalemate", "dead_position",
	                                      "resignation", "agreement", "threefold",
	                                      "fifty_moves", NULL};
	bool played = in->nmoves > 0;
	for (const char *const *t = by_play; *t && !played; t++)
		played = is(in->termination, *t);
	if (played)
		rated->kind = RATING_GAME_PLAYED;
	else if (is(in->termination, "time_forfeit") && w2 != 1)
		rated->kind = RATING_GAME_NOSHOW; /* never sent a first move: udeblivelse */
	/* else a TL decision without a move, stored before result_how: not rated */
	return CC_OK;
}

int rating_played_token(const struct rating_stored *in, char out[RATING_PLAYED_MAX], char *err,
                        size_t errlen)
{
	struct rating_game g;
	out[0] = '\0';
	int rc = rating_stored_game(in, &g, NULL, err, errlen);
	if (rc != CC_OK)
		return rc;
	const char *t = "";
	if (g.kind == RATING_GAME_PLAYED)
		t = g.a2 == 2 ? "1-0" : g.b2 == 2 ? "0-1" : "1/2-1/2";
	else if (g.kind == RATING_GAME_NOSHOW)
		t = g.a2 == 2 ? "+-" : "-+";
	snprintf(out, RATING_PLAYED_MAX, "%s", t);
	return CC_OK;
}

int rating_entry_rating(enum rating_entry_class cls)
{
	switch (cls) {
	case RATING_ENTRY_DM:
	case RATING_ENTRY_M:
		return 2100; /* 4.5.5.1 item 1; 6.5.3.2 d: M from 2100 */
	case RATING_ENTRY_K:
		return 1900; /* item 2 (1800-1999); 6.5.3.2 d: K from 1900 */
	case RATING_ENTRY_AA:
		return 1700; /* item 3: the highest a club chairman assigns */
	default:
		return RATING_NONE;
	}
}

int rating_start_of(int k_rating, int otb_rating, bool foreign, enum rating_entry_class cls,
                    int *ro, enum rating_start_source *src, char *err, size_t errlen)
{
	if (k_rating != RATING_NONE) {
		*ro = k_rating;
		*src = RATING_START_K;
	} else if (otb_rating != RATING_NONE) {
		*ro = otb_rating; /* 6.7.6.2: "sidst kendte nærskakratingtal" */
		*src = RATING_START_OTB;
	} else if (foreign) {
		*ro = RATING_NONE; /* 4.5.5.2 item 3: a performance rating */
		*src = RATING_START_PERFORMANCE;
	} else if (rating_entry_rating(cls) != RATING_NONE) {
		*ro = rating_entry_rating(cls); /* 4.5.5.1: an assigned entry rating */
		*src = RATING_START_CLASS;
	} else {
		*ro = RATING_NONE;
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "a Danish newcomer needs an entry rating (DSU 4.5.5.1; only a "
		               "foreign player gets a performance rating, 4.5.5.2)");
	}
	if (*ro != RATING_NONE && (*ro < RATING_MIN || *ro > RATING_MAX))
		return cc_fail(CC_ERR_RANGE, err, errlen, "a rating must lie in %d..%d", RATING_MIN,
		               RATING_MAX);
	return CC_OK;
}

int rating_foreign_rate(int ro, int registered, const struct rating_foreign_game *g, int n,
                        bool round_robin, bool winner, struct rating_group_result *res,
                        struct rating_player_result *out, char *err, size_t errlen)
{
	if (n < 1 || n > RATING_FOREIGN_MAX)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a foreign result has 1 to %d games",
		               RATING_FOREIGN_MAX);
	struct rating_player pl[RATING_FOREIGN_MAX + 1];
	/* the player's games, then (all-play-all) the opponents' among
	 * themselves, scheduled and not rated */
	size_t k = 0;
	struct rating_game *gv = calloc((size_t)n * (size_t)(n + 1) / 2, sizeof *gv);
	struct rating_player_result *all = calloc((size_t)n + 1, sizeof *all);
	if (!gv || !all) {
		free(gv);
		free(all);
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	}
	pl[0] = (struct rating_player){ro, registered, false, winner, false};
	for (int i = 0; i < n; i++) {
		if (g[i].mine2 < 0 || g[i].mine2 > 2) {
			free(gv);
			free(all);
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "game %d: the result must be 1, ½ or 0", i + 1);
		}
		pl[i + 1] = (struct rating_player){g[i].rating, RATING_NONE, false, false, false};
		gv[k++] = (struct rating_game){0, i + 1, RATING_GAME_PLAYED, g[i].mine2,
		                               2 - g[i].mine2};
	}
	for (int i = 1; round_robin && i <= n; i++)
		for (int j = i + 1; j <= n; j++)
			gv[k++] = (struct rating_game){i, j, RATING_GAME_UNPLAYED, 0, 0};
	struct rating_group grp = {n + 1, pl, k, gv, false};
	int rc = rating_group_rate(&grp, res, all, err, errlen);
	free(gv);
	if (rc == CC_OK)
		*out = all[0];
	free(all);
	return rc;
}
