/* dsu_common.c: results, classes and exact percentages shared by the DSU
 * tournament modules (see dsu_common.h). */
#include "tourney/dsu_common.h"

#include <stdio.h>
#include <string.h>

#include "util/status.h"

static const char *const result_names[] = {"*", "1-0", "0-1", "1/2-1/2", "0-0"};

int dsu_result_parse(const char *text, enum dsu_result *out)
{
	for (size_t i = 0; text && i < sizeof result_names / sizeof result_names[0]; i++)
		if (strcmp(text, result_names[i]) == 0) {
			*out = (enum dsu_result)i;
			return CC_OK;
		}
	return CC_ERR_MALFORMED;
}

const char *dsu_result_name(enum dsu_result r)
{
	if ((unsigned)r >= sizeof result_names / sizeof result_names[0])
		return "?";
	return result_names[r];
}

bool dsu_result_finished(enum dsu_result r)
{
	return r != DSU_UNFINISHED;
}

int dsu_result_points2(enum dsu_result r, int side)
{
	switch (r) {
	case DSU_WHITE_WON:
		return side == 0 ? 2 : 0;
	case DSU_BLACK_WON:
		return side == 1 ? 2 : 0;
	case DSU_DRAW:
		return 1;
	default:
		return 0; /* R11: 0-0 and unfinished score nothing */
	}
}

static const char *const class_names[] = {"\xc3\x85", "K", "M", "DM"};

int dsu_class_parse(const char *text, enum dsu_class *out)
{
	static const struct {
		const char *text;
		enum dsu_class cls;
	} names[] = {
	        {"\xc3\x85", DSU_CLASS_AA}, {"AA", DSU_CLASS_AA}, {"A", DSU_CLASS_AA},
	        {"K", DSU_CLASS_K},         {"M", DSU_CLASS_M},   {"DM", DSU_CLASS_DM},
	};
	for (size_t i = 0; text && i < sizeof names / sizeof names[0]; i++)
		if (strcmp(text, names[i].text) == 0) {
			*out = names[i].cls;
			return CC_OK;
		}
	return CC_ERR_MALFORMED;
}

const char *dsu_class_name(enum dsu_class c)
{
	if ((unsigned)c >= DSU_CLASS_COUNT)
		return "?";
	return class_names[c];
}

void dsu_place_text(int lo, int hi, char out[DSU_PLACE_MAX])
{
	if (lo == hi)
		snprintf(out, DSU_PLACE_MAX, "%d", lo);
	else
		snprintf(out, DSU_PLACE_MAX, "%d-%d", lo, hi);
}

bool dsu_pct_at_least(int points2, int games, int pct)
{
	if (games <= 0)
		return false;
	/* I-24: points * 100 >= pct * games, in half points */
	return (int64_t)points2 * 100 >= (int64_t)pct * 2 * games;
}

void dsu_sort_desc(int *ids, int k, const int64_t *key)
{
	for (int i = 1; i < k; i++) {
		int v = ids[i], j = i;
		while (j > 0 && key[ids[j - 1]] < key[v]) {
			ids[j] = ids[j - 1];
			j--;
		}
		ids[j] = v;
	}
}

int dsu_mark_blocks(const int *ids, int k, const int64_t *key, bool *cut)
{
	int blocks = 1;
	for (int i = 1; i < k; i++)
		if (key[ids[i]] != key[ids[i - 1]]) {
			cut[i] = true;
			blocks++;
		}
	return blocks;
}

int dsu_block_end(const bool *cut, int k, int s)
{
	int e = s + 1;
	while (e < k && !cut[e])
		e++;
	return e;
}

int dsu_seats_check(size_t i, int n, int white, int black, bool team, char *err, size_t errlen)
{
	if (white < 0 || white >= n || black < 0 || black >= n)
		return cc_fail(CC_ERR_INVALID, err, errlen, "game %zu: a %s is not in the group",
		               i + 1, team ? "team" : "player");
	if (white == black)
		return cc_fail(CC_ERR_INVALID, err, errlen, "game %zu: a %s cannot play %s", i + 1,
		               team ? "team" : "player", team ? "itself" : "himself");
	return CC_OK;
}

int dsu_games_check(int n, const struct dsu_game *games, size_t ngames, char *err, size_t errlen)
{
	if (n < 1 || n > DSU_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a group has 1 to %d players, not %d",
		               DSU_MAX_PLAYERS, n);
	if (ngames > DSU_MAX_GAMES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d games, not %zu",
		               DSU_MAX_GAMES, ngames);
	for (size_t i = 0; i < ngames; i++) {
		const struct dsu_game *g = &games[i];
		int rc = dsu_seats_check(i, n, g->white, g->black, false, err, errlen);
		if (rc != CC_OK)
			return rc;
		if ((unsigned)g->result > DSU_BOTH_LOST)
			return cc_fail(CC_ERR_INVALID, err, errlen, "game %zu: unknown result",
			               i + 1);
	}
	return CC_OK;
}
