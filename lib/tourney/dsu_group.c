/* dsu_group.c: colours, standings and the DM title of a round-robin group
 * (see dsu_group.h for the rules applied). */
#include "tourney/dsu_group.h"

#include <string.h>

#include "util/status.h"

const char *dsu_group_profile(enum dsu_series s, bool by_email)
{
	if (s == DSU_SERIES_EMAIL)
		return "dsu-email";                      /* DSU 6.8.6: 40 days per 10 moves */
	return by_email ? "dsu-post-email" : "dsu-post"; /* 6.2.1.2, 6.3.1 */
}

bool dsu_profile_fits(enum dsu_series s, const char *profile)
{
	if (profile == NULL)
		return false;
	if (s == DSU_SERIES_EMAIL)
		return strcmp(profile, "dsu-email") == 0;
	return strcmp(profile, "dsu-post") == 0 || strcmp(profile, "dsu-post-email") == 0;
}

int dsu_event_parse(const char *text, enum dsu_event *out)
{
	static const struct {
		const char *text;
		enum dsu_event ev;
	} names[] = {
	        {"emt", DSU_EVENT_EMT},
	        {"dm", DSU_EVENT_DM},
	        {"cup_prelim", DSU_EVENT_CUP_PRELIM},
	        {"cup_semi", DSU_EVENT_CUP_SEMI},
	        {"cup_semifinal", DSU_EVENT_CUP_SEMI},
	        {"cup_final", DSU_EVENT_CUP_FINAL},
	};
	for (size_t i = 0; text && i < sizeof names / sizeof names[0]; i++)
		if (strcmp(text, names[i].text) == 0) {
			*out = names[i].ev;
			return CC_OK;
		}
	return CC_ERR_MALFORMED;
}

static int dsu_event_named_places(enum dsu_event ev)
{
	switch (ev) {
	case DSU_EVENT_CUP_PRELIM: /* DSU 6.6.1.4: 1st, 2nd or 3rd */
	case DSU_EVENT_CUP_SEMI:
		return 3;
	case DSU_EVENT_CUP_FINAL:
		return 1; /* DSU 6.6.1.5: 1st */
	default:
		return 2; /* DSU 6.5.4.1 (EMT); 6.5.2 + R33 (DM) */
	}
}

/* ---- colours ---- */

size_t dsu_round_robin_games(int n, int cycles)
{
	if (n < 2 || cycles < 1)
		return 0;
	return (size_t)cycles * (size_t)n * (size_t)(n - 1) / 2;
}

int dsu_round_robin(int n, int cycles, struct dsu_pairing *out, size_t room, char *err,
                    size_t errlen)
{
	if (n < 2 || n > DSU_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen,
		               "a round robin has 2 to %d players, not %d", DSU_MAX_PLAYERS, n);
	if (cycles < 1 || cycles > 2)
		return cc_fail(CC_ERR_RANGE, err, errlen,
		               "a round robin is played once or twice, not %d times", cycles);
	size_t count = dsu_round_robin_games(n, cycles);
	if (room < count)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "room for %zu pairings, %zu needed", room,
		               count);
	size_t k = 0;
	for (int c = 0; c < cycles; c++)
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				/* R28/I-5 on numbers i+1, j+1: the lower has White iff the
				 * sum is odd (the parity of i + j is the same) */
				bool low_white = (i + j) % 2 == 1;
				if (c == 1) /* I-32: the second cycle swaps the colours */
					low_white = !low_white;
				out[k].white = low_white ? i : j;
				out[k].black = low_white ? j : i;
				k++;
			}
	return (int)count;
}

/* ---- standings ---- */

/* What the tie-break steps work on. */
struct table {
	int n;
	const struct dsu_game *games;
	size_t ngames;
	int score2[DSU_MAX_PLAYERS];
	int64_t sb4[DSU_MAX_PLAYERS];
};

/* The half points each of ids[0..k) scored in games[] against the others
 * of ids (I-2 "indbyrdes"), into pts[seat]. */
static void points_among(const struct dsu_game *games, size_t ngames, const int *ids, int k,
                         int64_t *pts)
{
	bool in[DSU_MAX_PLAYERS] = {false};
	for (int i = 0; i < k; i++) {
		in[ids[i]] = true;
		pts[ids[i]] = 0;
	}
	for (size_t g = 0; g < ngames; g++)
		if (in[games[g].white] && in[games[g].black]) {
			pts[games[g].white] += dsu_result_points2(games[g].result, 0);
			pts[games[g].black] += dsu_result_points2(games[g].result, 1);
		}
}

/* DSU 6.5.4.1b / I-2: orders ids[0..k) (tied on points and SB) by the
 * points among them; any strictly smaller group left tied is compared
 * again on its own games.  Block starts go into cut[0..k).  O(k * ngames)
 * per level. */
static void mutual_split(const struct table *t, int *ids, int k, bool *cut)
{
	if (k < 2)
		return;
	int64_t pts[DSU_MAX_PLAYERS];
	points_among(t->games, t->ngames, ids, k, pts);
	dsu_sort_desc(ids, k, pts);
	if (dsu_mark_blocks(ids, k, pts, cut) == 1)
		return; /* no separation: still tied */
	for (int s = 0, e; s < k; s = e) {
		e = dsu_block_end(cut, k, s);
		if (e - s > 1)
			mutual_split(t, ids + s, e - s, cut + s);
	}
}

/* Orders ids[0..k) by SB, then seat: the listing inside a shared place
 * (I-36). */
static void display_order(const struct table *t, int *ids, int k)
{
	int64_t seat_key[DSU_MAX_PLAYERS] = {0};
	for (int i = 0; i < k; i++)
		seat_key[ids[i]] = -(int64_t)ids[i];
	dsu_sort_desc(ids, k, seat_key);
	dsu_sort_desc(ids, k, t->sb4);
}

/* Checks the play-off games: in the DM only, and only between players of
 * the tied block ids[0..k).  CC_OK or CC_ERR_INVALID. */
static int playoff_check(enum dsu_event ev, const struct dsu_playoff *po, int n, const int *ids,
                         int k, char *err, size_t errlen)
{
	if (ev != DSU_EVENT_DM)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "a play-off decides only the DM's 1st place (DSU 6.5.2c)");
	int rc = dsu_games_check(n, po->games, po->ngames, err, errlen);
	if (rc != CC_OK)
		return rc;
	bool in[DSU_MAX_PLAYERS] = {false};
	for (int i = 0; i < k; i++)
		in[ids[i]] = true;
	for (size_t g = 0; g < po->ngames; g++)
		if (!in[po->games[g].white] || !in[po->games[g].black])
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "play-off game %zu is not between players still tied for "
			               "1st after SB and the mutual games (DSU 6.5.2c)",
			               g + 1);
	return CC_OK;
}

int dsu_standings(enum dsu_event ev, int n, const struct dsu_game *games, size_t ngames,
                  const struct dsu_playoff *playoff, struct dsu_standing *out,
                  struct dsu_table_info *info, char *err, size_t errlen)
{
	static struct table zero;
	struct table t = zero;
	int ids[DSU_MAX_PLAYERS];
	bool cut[DSU_MAX_PLAYERS + 1] = {false};
	int64_t score_key[DSU_MAX_PLAYERS] = {0}, po2[DSU_MAX_PLAYERS] = {0};
	int finished[DSU_MAX_PLAYERS] = {0}, listed[DSU_MAX_PLAYERS] = {0};
	int place_lo[DSU_MAX_PLAYERS], place_hi[DSU_MAX_PLAYERS];
	bool po_needed = false, po_used = false;
	int rc = dsu_games_check(n, games, ngames, err, errlen);
	if (rc != CC_OK)
		return rc;
	if ((unsigned)ev > DSU_EVENT_CUP_FINAL)
		return cc_fail(CC_ERR_INVALID, err, errlen, "unknown event");
	t.n = n;
	t.games = games;
	t.ngames = ngames;
	for (size_t g = 0; g < ngames; g++) { /* R11 */
		int w = games[g].white, b = games[g].black;
		t.score2[w] += dsu_result_points2(games[g].result, 0);
		t.score2[b] += dsu_result_points2(games[g].result, 1);
		listed[w]++;
		listed[b]++;
		if (dsu_result_finished(games[g].result)) {
			finished[w]++;
			finished[b]++;
		}
	}
	for (size_t g = 0; g < ngames; g++) { /* R31: per game, on final scores */
		int w = games[g].white, b = games[g].black;
		switch (games[g].result) {
		case DSU_WHITE_WON:
			t.sb4[w] += 2 * t.score2[b];
			break;
		case DSU_BLACK_WON:
			t.sb4[b] += 2 * t.score2[w];
			break;
		case DSU_DRAW:
			t.sb4[w] += t.score2[b];
			t.sb4[b] += t.score2[w];
			break;
		default:
			break;
		}
	}
	for (int i = 0; i < n; i++) {
		ids[i] = i;
		score_key[i] = t.score2[i];
		po2[i] = -1;
	}
	display_order(&t, ids, n);
	dsu_sort_desc(ids, n, score_key);
	int named = dsu_event_named_places(ev);
	for (int a = 0; a < n;) {
		int b = a + 1;
		while (b < n && t.score2[ids[b]] == t.score2[ids[a]])
			b++;
		int k = b - a;
		if (k > 1 && a + 1 <= named) { /* I-1: the tie includes a named place */
			bool *c = cut + a;
			memset(c, 0, (size_t)k * sizeof *c);
			c[0] = true;
			dsu_mark_blocks(ids + a, k, t.sb4, c); /* (a) SB: already sorted */
			for (int s = 0, e; s < k; s = e) {
				e = dsu_block_end(c, k, s);
				if (e - s > 1) /* (b) the mutual game(s) */
					mutual_split(&t, ids + a + s, e - s, c + s);
			}
			int e1 = dsu_block_end(c, k, 0);
			if (ev == DSU_EVENT_DM && a == 0 && e1 > 1) {
				/* DSU 6.5.2c: still tied for 1st: a two-game play-off,
				 * unless they agree to share */
				if (playoff && playoff->ngames > 0) {
					rc = playoff_check(ev, playoff, n, ids, e1, err, errlen);
					if (rc != CC_OK)
						return rc;
					points_among(playoff->games, playoff->ngames, ids, e1, po2);
					dsu_sort_desc(ids, e1, po2);
					dsu_mark_blocks(ids, e1, po2,
					                c); /* (d) still tied: shared */
					po_used = true;
				} else if (!playoff || !playoff->agree_to_share) {
					po_needed = true;
				}
			}
			for (int s = 0; s < k;) {
				if (a + s + 1 > named) { /* I-1: past the named places: shared */
					display_order(&t, ids + a + s, k - s);
					for (int i = s; i < k; i++) {
						place_lo[a + i] = a + s + 1;
						place_hi[a + i] = b;
					}
					break;
				}
				int e = dsu_block_end(c, k, s);
				for (int i = s; i < e; i++) {
					place_lo[a + i] = a + s + 1;
					place_hi[a + i] = a + e;
				}
				s = e;
			}
		} else { /* one player, or a tie no rule breaks: shared */
			for (int i = a; i < b; i++) {
				place_lo[i] = a + 1;
				place_hi[i] = b;
			}
		}
		a = b;
	}
	if (playoff && playoff->ngames > 0 && !po_used)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "a play-off was given but 1st place is not tied after SB and the "
		               "mutual games (DSU 6.5.2c)");
	for (int i = 0; i < n; i++) {
		int p = ids[i];
		out[i].player = p;
		out[i].score2 = t.score2[p];
		out[i].sb4 = t.sb4[p];
		out[i].finished = finished[p];
		out[i].games = listed[p];
		out[i].place_lo = place_lo[i];
		out[i].place_hi = place_hi[i];
		out[i].playoff2 = (int)po2[p];
	}
	if (info) {
		int f = 1;
		while (f < n && t.score2[ids[f]] == t.score2[ids[0]])
			f++;
		info->first_on_points = n > 0 ? f : 0;
		info->playoff_needed = po_needed;
	}
	return CC_OK;
}

int dsu_dm_title(const struct dsu_standing *table, int n, const bool *danish, bool *title)
{
	int best = 0, count = 0;
	for (int i = 0; i < n; i++)
		title[table[i].player] = false;
	for (int i = 0; i < n; i++) /* I-4: the best place a Danish citizen holds */
		if (danish[table[i].player] && (best == 0 || table[i].place_lo < best))
			best = table[i].place_lo;
	for (int i = 0; i < n; i++)
		if (best && danish[table[i].player] && table[i].place_lo == best) {
			title[table[i].player] = true;
			count++;
		}
	return count;
}
