/* dsu_rights.c: EMT entry rights from EMT groups and the cup, and the
 * check for a further group (see dsu_rights.h for the rules). */
#include "tourney/dsu_rights.h"

#include "clock/calendar.h"
#include "util/status.h"

/* Checks one history entry; CC_OK or CC_ERR_INVALID / CC_ERR_RANGE. */
static int entry_check(const struct dsu_history_entry *e, char *err, size_t errlen)
{
	if ((unsigned)e->cls >= DSU_CLASS_COUNT)
		return cc_fail(CC_ERR_INVALID, err, errlen, "unknown class");
	if (e->games < 1 || e->games > DSU_MAX_PLAYERS * 2)
		return cc_fail(CC_ERR_RANGE, err, errlen,
		               "a group result needs 1 to %d games, not %d", DSU_MAX_PLAYERS * 2,
		               e->games);
	if (e->score2 < 0 || e->score2 > 2 * e->games)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "%d%s points from %d games is impossible", e->score2 / 2,
		               e->score2 % 2 ? ".5" : "", e->games);
	if (e->finish < CALENDAR_MIN_DAY || e->finish > CALENDAR_MAX_DAY)
		return cc_fail(CC_ERR_RANGE, err, errlen, "the finish date is out of range");
	return CC_OK;
}

/* The last valid day of a window of `years` from `day` (I-6); clamps at
 * the end of the calendar. */
static int32_t window_end(int32_t day, int years)
{
	int32_t out;
	if (calendar_add_years(day, years, &out) != CC_OK)
		return CALENDAR_MAX_DAY;
	return out;
}

/* DSU 6.5.3.2a / 6.5.2.2b: does the result give the class above? */
static bool gives_up(const struct dsu_history_entry *e)
{
	if (e->cls == DSU_CLASS_DM)
		return false;
	if (e->score2 >= 10) /* at least 5 points */
		return true;
	return e->first && e->cls != DSU_CLASS_M; /* I-9: M -> DM needs 5 points */
}

/* DSU 6.5.3.2a (I-8, I-13) / 6.5.2.2a: does it keep the same class? */
static bool gives_same(const struct dsu_history_entry *e)
{
	switch (e->cls) {
	case DSU_CLASS_DM:
		return dsu_pct_at_least(e->score2, e->games, 45);
	case DSU_CLASS_AA:
		return e->score2 <= 9; /* no relegation from Å */
	default:
		return e->score2 >= 4 && e->score2 <= 9;
	}
}

/* DSU 6.5.3.3 / 6.5.2.3a: is it a relegation result? */
static bool relegates(const struct dsu_history_entry *e)
{
	switch (e->cls) {
	case DSU_CLASS_DM:
		return !dsu_pct_at_least(e->score2, e->games, 45);
	case DSU_CLASS_AA:
		return false;
	default:
		return e->score2 < 4;
	}
}

int dsu_group_rights(const struct dsu_history_entry *group, struct dsu_right *out, char *err,
                     size_t errlen)
{
	int rc = entry_check(group, err, errlen);
	if (rc != CC_OK)
		return rc;
	int k = 0;
	if (gives_up(group)) { /* 2 years (6.5.3.2a, 6.5.2.2b) */
		out[k].cls = group->cls + 1;
		out[k++].until = window_end(group->finish, 2);
	}
	if (gives_same(group)) { /* 3 years */
		out[k].cls = group->cls;
		out[k++].until = window_end(group->finish, 3);
	}
	if (relegates(group)) { /* the class below, 3 years (R37 last clause) */
		out[k].cls = group->cls - 1;
		out[k++].until = window_end(group->finish, 3);
	}
	return k;
}

/* Grants class c through `until` (DSU_NO_DATE = no end) in a. */
static void grant(struct dsu_rights_answer *a, enum dsu_class c, int32_t until)
{
	if (!a->may[c]) {
		a->may[c] = true;
		a->until[c] = until;
	} else if (a->until[c] != DSU_NO_DATE && (until == DSU_NO_DATE || until > a->until[c])) {
		a->until[c] = until;
	}
}

/* The n-th (1..) 1 September after day (DSU 6.5.2: the DM starts every
 * September; I-12 counts the editions by their start). */
static int32_t nth_september_after(int32_t day, int nth)
{
	int y, m, d;
	int32_t s;
	calendar_to_ymd(day, &y, &m, &d);
	if (m >= 9) /* 1 September of this year is not after the day */
		y++;
	if (calendar_from_ymd(y + nth - 1, 9, 1, &s) != CC_OK)
		return CALENDAR_MAX_DAY;
	return s;
}

int dsu_entry_rights(const struct dsu_history_entry *history, size_t n,
                     const struct dsu_rights_query *q, struct dsu_rights_answer *out, char *err,
                     size_t errlen)
{
	const struct dsu_history_entry *latest[DSU_CLASS_COUNT] = {NULL};
	const int32_t D = q->date;
	bool emt37 = false, recent = false;
	int rc;
	if (n > DSU_MAX_HISTORY)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d finished groups, not %zu",
		               DSU_MAX_HISTORY, n);
	if (D < CALENDAR_MIN_DAY || D > CALENDAR_MAX_DAY)
		return cc_fail(CC_ERR_RANGE, err, errlen, "the query date is out of range");
	for (int c = 0; c < DSU_CLASS_COUNT; c++) {
		out->may[c] = false;
		out->until[c] = DSU_NO_DATE;
	}
	for (size_t i = 0; i < n; i++) {
		rc = entry_check(&history[i], err, errlen);
		if (rc != CC_OK)
			return rc;
		const struct dsu_history_entry *e = &history[i];
		if (e->finish > D)
			continue;
		if (!latest[e->cls] || e->finish >= latest[e->cls]->finish) /* I-7 */
			latest[e->cls] = e;
		if (D <= window_end(e->finish, 3))
			recent = true;
	}
	/* I-12 / 6.5.2.3b: three DM editions unused relegate to M */
	const struct dsu_history_entry *dm = latest[DSU_CLASS_DM];
	bool nonuse = false;
	int32_t nonuse_on = DSU_NO_DATE;
	if (dm && gives_same(dm)) {
		int skipped = q->dm_editions_skipped;
		if (skipped < 0) /* not given: the editions started since, none entered */
			for (skipped = 0; nth_september_after(dm->finish, skipped + 1) <= D;)
				skipped++;
		if (skipped >= 3) {
			nonuse = true;
			nonuse_on = q->relegated_on != DSU_NO_DATE
			                    ? q->relegated_on
			                    : nth_september_after(dm->finish, 3);
		}
	}
	/* 6.5.3.2a for M, K, Å */
	for (int c = DSU_CLASS_AA; c <= DSU_CLASS_M; c++) {
		const struct dsu_history_entry *e = latest[c];
		if (e && gives_same(e) && D <= window_end(e->finish, 3)) {
			grant(out, (enum dsu_class)c, window_end(e->finish, 3));
			emt37 = true;
		}
		e = c > DSU_CLASS_AA ? latest[c - 1] : NULL;
		if (e && gives_up(e) && D <= window_end(e->finish, 2)) {
			grant(out, (enum dsu_class)c, window_end(e->finish, 2));
			emt37 = true;
		}
		e = latest[c + 1];
		if (e && relegates(e) && D <= window_end(e->finish, 3)) {
			grant(out, (enum dsu_class)c, window_end(e->finish, 3));
			emt37 = true;
		}
	}
	if (nonuse && nonuse_on <= D && D <= window_end(nonuse_on, 3)) {
		grant(out, DSU_CLASS_M, window_end(nonuse_on, 3)); /* I-12 */
		emt37 = true;
	}
	/* 6.5.2.2a: >= 45% in a DM within 3 years, not relegated since */
	if (dm && gives_same(dm) && D <= window_end(dm->finish, 3) && !(nonuse && nonuse_on <= D))
		grant(out, DSU_CLASS_DM, window_end(dm->finish, 3));
	/* 6.5.2.2b / I-10: any M group with 5 points within 2 years, not since
	 * relegated from the DM into M */
	for (size_t i = 0; i < n; i++) {
		const struct dsu_history_entry *e = &history[i];
		if (e->cls != DSU_CLASS_M || e->finish > D || e->score2 < 10 ||
		    D > window_end(e->finish, 2))
			continue;
		bool relegated_since = nonuse && nonuse_on > e->finish && nonuse_on <= D;
		for (size_t j = 0; j < n; j++)
			if (history[j].cls == DSU_CLASS_DM && history[j].finish > e->finish &&
			    history[j].finish <= D && relegates(&history[j]))
				relegated_since = true;
		if (!relegated_since)
			grant(out, DSU_CLASS_DM, window_end(e->finish, 2));
	}
	/* 6.5.3.2d: the OTB table, unless 6.5.3.2a can be applied */
	if (!emt37 && q->otb_rating >= 0)
		grant(out,
		      q->otb_rating >= 2100   ? DSU_CLASS_M
		      : q->otb_rating >= 1900 ? DSU_CLASS_K
		                              : DSU_CLASS_AA,
		      DSU_NO_DATE);
	/* 6.5.3.2f: a first-time participant (none in the last 3 years) */
	out->first_timer = !recent;
	if (out->first_timer)
		grant(out, DSU_CLASS_AA, DSU_NO_DATE);
	for (size_t i = 0; q->extra && i < q->nextra; i++) {
		if ((unsigned)q->extra[i].cls >= DSU_CLASS_COUNT)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "extra right %zu: unknown class", i + 1);
		if (D <= q->extra[i].until)
			grant(out, q->extra[i].cls, q->extra[i].until);
	}
	return CC_OK;
}

bool dsu_may_enter_another_group(enum dsu_class cls, int points2, int total_games)
{
	switch (cls) {
	case DSU_CLASS_AA:
		return true; /* no relegation */
	case DSU_CLASS_DM:
		return dsu_pct_at_least(points2, total_games, 45); /* 6.5.2.2a */
	default:
		return points2 >= 4; /* 6.5.3.3: 2 points */
	}
}

int dsu_cup_rights(enum dsu_cup_stage stage, bool semifinal_held, int prelim_players,
                   const int *score2, const int *games, const int *place_lo, const int *place_hi,
                   int n, struct dsu_cup_right *out, char *err, size_t errlen)
{
	if (n < 1 || n > DSU_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a cup table has 1 to %d players, not %d",
		               DSU_MAX_PLAYERS, n);
	if (prelim_players < 0 || prelim_players > 100000)
		return cc_fail(CC_ERR_RANGE, err, errlen, "%d preliminary players", prelim_players);
	/* I-26: the 40%/60% and the DM places need a semifinal before the final */
	bool after_semi = stage == DSU_CUP_FINAL && semifinal_held;
	int k_pct = after_semi ? 40 : 60, m_pct = after_semi ? 60 : 80;
	for (int i = 0; i < n; i++) {
		if (games[i] < 0 || score2[i] < 0 || score2[i] > 2 * games[i])
			return cc_fail(CC_ERR_INVALID, err, errlen, "line %d: impossible score",
			               i + 1);
		out[i].k = dsu_pct_at_least(score2[i], games[i], k_pct);
		out[i].m = dsu_pct_at_least(score2[i], games[i], m_pct);
		out[i].dm = after_semi && place_lo[i] == 1; /* the cup winner(s) */
		out[i].dm_tl = false;
	}
	if (!after_semi)
		return 0;
	/* 6.6.2.2: one more for each started 50 beyond 100 */
	int extra = prelim_players > 100 ? (prelim_players - 100 + 49) / 50 : 0, left = extra;
	int i = 0;
	while (i < n && place_lo[i] == 1)
		i++;
	while (left > 0 && i < n) {
		int j = i + 1;
		while (j < n && place_lo[j] == place_lo[i])
			j++;
		bool fits = j - i <= left && place_hi[i] - place_lo[i] + 1 == j - i;
		for (int x = i; x < j; x++)
			if (dsu_pct_at_least(score2[x], games[x], 75)) {
				if (fits)
					out[x].dm = true;
				else
					out[x].dm_tl = true; /* I-27: a tie across the cut */
			}
		left = fits ? left - (j - i) : 0;
		i = j;
	}
	return extra;
}
