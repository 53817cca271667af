/* check_clock.c: the thinking-time engine (lib/clock/clock.h).
 *
 * Three layers: every vector of tests/vectors/time.json, read at run time;
 * hand-made cases for each DSU rule; and property tests over many random
 * inputs (a seeded PRNG, so every run sees the same inputs), most of them
 * against a naive day-by-day reference written here. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "testutil.h"
#include "util/status.h"

/* ---- helpers ---------------------------------------------------------- */

static int32_t D(const char *iso)
{
	int32_t day = 0;
	char err[128];
	if (calendar_parse(iso, &day, err, sizeof err) != CC_OK)
		ck_abort_msg("bad test date %s: %s", iso, err);
	return day;
}

static const struct clock_profile *P(const char *name)
{
	const struct clock_profile *p = clock_profile_find(name);
	ck_assert_ptr_nonnull(p);
	return p;
}

/* Thinking days of one move, asserting success. */
static int32_t days_of(const struct clock_profile *p, int32_t r, int32_t s,
                       const struct clock_interval *stops, size_t n)
{
	struct clock_days d;
	char err[256];
	int rc = clock_move_days(p, r, s, stops, n, &d, err, sizeof err);
	if (rc != CC_OK)
		ck_abort_msg("clock_move_days: %s", err);
	return d.days;
}

/* A game on profile p starting at start, no stops, nothing pending. */
static struct clock_game game(const struct clock_profile *p, int32_t start,
                              const struct clock_move *moves, size_t n)
{
	struct clock_game g;
	memset(&g, 0, sizeof g);
	g.profile = p;
	g.start = start;
	g.today = CLOCK_NO_DATE;
	g.first_side = CLOCK_WHITE;
	g.moves = moves;
	g.nmoves = n;
	g.pending.received = CLOCK_NO_DATE;
	g.transit_days = -1;
	return g;
}

/* Issue 19: clock_compute_memo() from the memo of g's first k plies
 * (k = n, n - 1, n - 2, 0) gives what clock_compute() gave for g (want,
 * wp): the same result and plies, byte for byte; a memo of other stops
 * or penalties is not used (the result stays the same).  Every game of
 * these tests that compute() computes goes through it. */
static void memo_agrees(const struct clock_game *g, const struct clock_result *want,
                        const struct clock_ply *wp)
{
	size_t n = g->nmoves;
	struct clock_ply *p1 = calloc(n + 1, sizeof *p1), *p2 = calloc(n + 1, sizeof *p2);
	ck_assert_ptr_nonnull(p1);
	ck_assert_ptr_nonnull(p2);
	char err[256] = "";
	for (size_t back = 0; back <= 3; back++) {
		size_t k = back == 3 ? 0 : back <= n ? n - back : 0;
		struct clock_game prefix = *g;
		prefix.nmoves = k;
		struct clock_memo *memo = NULL;
		struct clock_result r;
		if (clock_compute_memo(&prefix, &r, p1, &memo, err, sizeof err) != CC_OK) {
			clock_memo_free(memo);
			continue; /* the prefix alone does not hold (its pending move) */
		}
		ck_assert_ptr_nonnull(memo);
		struct clock_game other = *g;
		struct clock_interval none = {0, 0};
		for (int variant = 0; variant < 2; variant++) {
			/* variant 1: the memo of other stops, never used */
			struct clock_memo *m = clock_memo_dup(memo);
			ck_assert_ptr_nonnull(m);
			ck_assert_uint_eq(clock_memo_bytes(m), clock_memo_bytes(memo));
			if (variant == 1) {
				other.stops = g->nstops ? NULL : &none;
				other.nstops = g->nstops ? 0 : 1;
				other.nmoves = k;
				struct clock_memo *o = NULL;
				if (clock_compute_memo(&other, &r, p1, &o, err, sizeof err) !=
				    CC_OK) {
					clock_memo_free(o);
					clock_memo_free(m);
					continue;
				}
				clock_memo_free(m);
				m = o;
			}
			memset(p2, 0x5a, (n + 1) * sizeof *p2);
			int rc = clock_compute_memo(g, &r, p2, &m, err, sizeof err);
			ck_assert_msg(rc == CC_OK, "from the memo of %zu plies: %d %s", k, rc, err);
			ck_assert_msg(memcmp(&r, want, sizeof r) == 0,
			              "the result from the memo of %zu plies (variant %d) differs",
			              k, variant);
			ck_assert_msg(n == 0 || memcmp(p2, wp, n * sizeof *wp) == 0,
			              "the plies from the memo of %zu plies (variant %d) differ", k,
			              variant);
			ck_assert_ptr_nonnull(m);
			ck_assert_uint_ge(clock_memo_bytes(m), n * sizeof *wp);
			ck_assert_uint_eq(clock_memo_bytes(NULL), 0);
			clock_memo_free(m);
		}
		clock_memo_free(memo);
	}
	free(p1);
	free(p2);
}

static struct clock_result compute(const struct clock_game *g, struct clock_ply *plies)
{
	struct clock_result res;
	char err[256] = "";
	struct clock_ply *own = plies ? plies : calloc(g->nmoves + 1, sizeof *own);
	ck_assert_ptr_nonnull(own);
	memset(&res, 0, sizeof res);
	int rc = clock_compute(g, &res, own, err, sizeof err);
	if (rc != CC_OK)
		ck_abort_msg("clock_compute: %d %s", rc, err);
	memo_agrees(g, &res, own);
	if (own != plies)
		free(own);
	return res;
}

/* A move received r days and sent s days after base. */
static struct clock_move mv(int32_t base, int r, int s)
{
	struct clock_move m = {base + r, base + s, 0, 0, 0, 0, 0};
	return m;
}

/* A profile like dsu-post (30 days / 10 moves, stated receipt) without the
 * weekend rule and holidays, so game-logic tests need no calendar care. */
static struct clock_profile post30(void)
{
	struct clock_profile p = *P("dsu-post");
	p.name = "post30";
	p.weekend_rule = false;
	p.holidays = false;
	return p;
}

/* ---- naive references (day by day; fine in a test) -------------------- */

static bool naive_holiday(int32_t day)
{
	int y, m, d;
	calendar_to_ymd(day, &y, &m, &d);
	if (m == 12 && d >= 20)
		return true;
	int e = tu_easter_gauss(y); /* March day; Easter itself = 1 March + e - 1 */
	int32_t march1 = 0;
	calendar_from_ymd(y, 3, 1, &march1);
	int32_t sunday = march1 + e - 1;
	return day >= sunday - 5 && day <= sunday + 2;
}

static bool naive_stopped(const struct clock_profile *p, const struct clock_interval *st, size_t n,
                          int32_t day)
{
	for (size_t i = 0; i < n; i++)
		if (day >= st[i].first && day <= st[i].last)
			return true;
	return p->holidays && naive_holiday(day);
}

static int32_t naive_days(const struct clock_profile *p, int32_t r, int32_t s,
                          const struct clock_interval *st, size_t n)
{
	if (p->weekend_rule && calendar_weekday(s) == CALENDAR_SUNDAY && s - 1 >= r)
		s--;
	int32_t count = 0;
	for (int32_t d = r; d < s; d++)
		count += !naive_stopped(p, st, n, d);
	return count;
}

/* splitmix64: a tiny deterministic PRNG */
static uint64_t rng_state;
static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}
static int rint_(int lo, int hi) /* inclusive */
{
	return lo + (int)(rnd() % (uint64_t)(hi - lo + 1));
}

/* ---- vectors (tests/vectors/time.json) -------------------------------- */

START_TEST(test_vectors_one_move)
{
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "one_move");
	ck_assert(json_is_array(list) && json_array_size(list) >= 9);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		const char *id = json_string_value(json_object_get(v, "id"));
		const struct clock_profile *p = P(json_string_value(json_object_get(v, "profile")));
		struct clock_interval vac[1];
		size_t nvac = 0;
		json_t *va = json_object_get(v, "vacation");
		if (va != NULL) {
			vac[0].first = D(json_string_value(json_array_get(va, 0)));
			vac[0].last = D(json_string_value(json_array_get(va, 1)));
			nvac = 1;
		}
		int32_t r = D(json_string_value(json_object_get(v, "received")));
		int32_t s = D(json_string_value(json_object_get(v, "sent")));
		int want = (int)json_integer_value(json_object_get(v, "days"));
		int got = days_of(p, r, s, vac, nvac);
		ck_assert_msg(got == want, "vector %s: %d days, expected %d", id, got, want);
		ck_assert_msg(naive_days(p, r, s, vac, nvac) == want, "vector %s: naive", id);
	}
	json_decref(root);
}
END_TEST

START_TEST(test_vectors_email_receipt)
{
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "email_receipt");
	ck_assert(json_array_size(list) >= 1);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		const struct clock_profile *p = P(json_string_value(json_object_get(v, "profile")));
		int32_t got = 0;
		ck_assert_int_eq(clock_receipt_date(
		                         p,
		                         D(json_string_value(json_object_get(v, "opponent_sent"))),
		                         &got, NULL, 0),
		                 CC_OK);
		ck_assert_int_eq(got,
		                 D(json_string_value(json_object_get(v, "counts_as_received"))));
		json_t *reply = json_object_get(v, "reply_sent");
		if (reply == NULL)
			continue;
		/* E2 in a game: White's move sent on opponent_sent, Black's
		   reply on reply_sent (6.3.2.2 a: a same-day reply is valid and
		   costs 0 days) */
		int32_t osent = D(json_string_value(json_object_get(v, "opponent_sent")));
		struct clock_move m[] = {
		        {CLOCK_NO_DATE, osent, 0, 0, 0, CLOCK_NO_DATE, CLOCK_NO_DATE},
		        {CLOCK_NO_DATE, D(json_string_value(reply)), 0, 0, 0, CLOCK_NO_DATE,
		         CLOCK_NO_DATE}};
		struct clock_game g = game(p, osent - 3, m, 2);
		struct clock_result res;
		struct clock_ply plies[2];
		char err[256] = "";
		int rc = clock_compute(&g, &res, plies, err, sizeof err);
		bool valid = json_is_true(json_object_get(v, "valid"));
		ck_assert_msg((rc == CC_OK) == valid, "%s: rc %d (%s)",
		              json_string_value(json_object_get(v, "id")), rc, err);
		if (!valid)
			continue;
		ck_assert_int_eq(plies[1].days, json_integer_value(json_object_get(v, "days")));
		ck_assert_int_eq(plies[1].received, got);
		ck_assert_int_eq(plies[1].sent, D(json_string_value(reply)));
		ck_assert_int_eq(res.player[CLOCK_BLACK].used_days,
		                 json_integer_value(json_object_get(v, "days")));
		ck_assert_int_eq(res.to_move, CLOCK_WHITE);
	}
	json_decref(root);
}
END_TEST

/* Builds the game of vectors P1-P3 and F0/F1 on profile p: both sides play
 * moves 1-9 at once on `t`, White spends `days10` days on move 10.  With
 * reminded (tl) the sweep's reminder (TL notice) is recorded on its due
 * date while move 10 is pending.  Returns the number of half-moves (19)
 * and the date move 10 was sent. */
static size_t p_game(const struct clock_profile *p, struct clock_move *m, int32_t t, int days10,
                     bool reminded, bool tl, int32_t *sent10)
{
	size_t n = 0;
	for (int k = 1; k <= 9; k++) {
		m[n++] = (struct clock_move){
		        k == 1 ? CLOCK_NO_DATE : t, t, 0, 0, 0, CLOCK_NO_DATE, CLOCK_NO_DATE};
		m[n++] = (struct clock_move){t, t, 0, 0, 0, CLOCK_NO_DATE, CLOCK_NO_DATE};
	}
	int32_t rem = 0, tld = 0;
	ck_assert_int_eq(
	        clock_silence_dates(p, t, CLOCK_NO_DATE, 0, -1, NULL, 0, &rem, &tld, NULL, 0),
	        CC_OK);
	*sent10 = t + days10;
	m[n] = (struct clock_move){t, *sent10, 0, 0, 0, CLOCK_NO_DATE, CLOCK_NO_DATE};
	if (reminded) {
		ck_assert(rem <= *sent10); /* "recorded before he posted his move" */
		m[n].flags |= CLOCK_MOVE_REMINDED;
		m[n].reminded_on = rem;
	}
	if (tl) {
		ck_assert(tld <= *sent10);
		m[n].flags |= CLOCK_MOVE_TL_TOLD;
		m[n].tl_on = tld;
	}
	return n + 1;
}

/* P1-P3 (DSU 6.3.4): penalties from recorded events only.  The
 * game carries the obsolete automatic-silence flag the server used to
 * set: P1 must still charge nothing. */
START_TEST(test_vectors_penalties)
{
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "penalties");
	ck_assert(json_array_size(list) >= 3);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		const char *id = json_string_value(json_object_get(v, "id"));
		const struct clock_profile *p = P(json_string_value(json_object_get(v, "profile")));
		ck_assert_int_eq(json_integer_value(json_object_get(v, "days_moves_1_to_9")), 0);
		struct clock_move m[32];
		int32_t sent10;
		size_t n = p_game(p, m, D("2027-05-03"),
		                  (int)json_integer_value(json_object_get(v, "days_move_10")),
		                  json_is_true(json_object_get(v, "reminder_recorded")),
		                  json_is_true(json_object_get(v, "tl_notice_recorded")), &sent10);
		struct clock_game g = game(p, D("2027-05-03"), m, n);
		g.flags = CLOCK_GAME_AUTO_SILENCE;
		struct clock_result res = compute(&g, NULL);
		const struct clock_player *w = &res.player[CLOCK_WHITE];
		ck_assert_msg(w->penalty_days ==
		                      json_integer_value(json_object_get(v, "penalty_days")),
		              "%s: penalty %d", id, w->penalty_days);
		ck_assert_msg(w->used_days == json_integer_value(json_object_get(v, "used_days")),
		              "%s: used %d", id, w->used_days);
		bool forfeited = json_is_true(json_object_get(v, "forfeited"));
		ck_assert_msg(w->forfeited == forfeited, "%s: forfeited %d", id, w->forfeited);
		if (forfeited) {
			ck_assert_int_eq(w->forfeit_move, 10);
			ck_assert(w->forfeit_on <= sent10);
		}
	}
	json_decref(root);
}
END_TEST

/* F1/F0 (DSU 6.3.3.3, 6.3.3.4): White's 10th move costs 31 days.  F1:
 * Black answers, White moves again, then the claim: 0-0.  F0: Black
 * claims at once: White loses. */
START_TEST(test_vectors_both_lose)
{
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "both_lose");
	ck_assert(json_array_size(list) >= 2);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		const char *id = json_string_value(json_object_get(v, "id"));
		const struct clock_profile *p = P(json_string_value(json_object_get(v, "profile")));
		struct clock_move m[32];
		int32_t sent10;
		size_t n = p_game(p, m, D("2027-05-03"),
		                  (int)json_integer_value(json_object_get(v, "days_move_10")),
		                  false, false, &sent10);
		bool played_on = json_is_true(json_object_get(v, "opponent_played_on"));
		if (played_on) {
			m[n++] = (struct clock_move){
			        sent10 + 2,    sent10 + 3,   0, 0, 0,
			        CLOCK_NO_DATE, CLOCK_NO_DATE}; /* Black answers */
			m[n++] =
			        (struct clock_move){sent10 + 5,    sent10 + 6,   0, 0, 0,
			                            CLOCK_NO_DATE, CLOCK_NO_DATE}; /* White again */
		}
		struct clock_game g = game(p, D("2027-05-03"), m, n);
		struct clock_result res = compute(&g, NULL);
		ck_assert_msg(res.player[CLOCK_WHITE].forfeited, "%s: white not forfeited", id);
		ck_assert(!res.player[CLOCK_BLACK].forfeited);
		struct clock_played_on po;
		ck_assert_int_eq(clock_played_on(&g, &res, &po), CC_OK);
		ck_assert_int_eq(po.forfeiter, CLOCK_WHITE);
		ck_assert_int_eq(po.shown_ply, 18);
		ck_assert_int_eq(po.both_lose, played_on);
		const char *result = po.both_lose                  ? "0-0"
		                     : po.forfeiter == CLOCK_WHITE ? "0-1"
		                                                   : "1-0";
		ck_assert_str_eq(result, json_string_value(json_object_get(v, "result")));
		if (played_on) {
			ck_assert_int_eq(po.ply, 19);
			ck_assert_int_eq(po.on, sent10 + 3);
		}
	}
	json_decref(root);
}
END_TEST

/* S3 (DSU 6.3.3.2 "totalt før besvarelsen"): White has made 9 moves in 0
 * days; Black's series covers White's moves 10..12; White accepts up to
 * series_accepted_through, one accepted move after another, and breaks off
 * with his answer days_to_answer days after he received the series.  The
 * check is at the last accepted move and counts the answer's days too. */
static struct clock_result s3_game(const struct clock_profile *p, int through, int days,
                                   int32_t start, unsigned answer_flags)
{
	struct clock_move m[64];
	size_t n = 0;
	int32_t t = start;
	for (int k = 1; k <= 9; k++) {
		m[n++] = (struct clock_move){k == 1 ? CLOCK_NO_DATE : t, t, 0, 0, 0, 0, 0};
		m[n++] = (struct clock_move){t, t, 0, 0, 0, 0, 0}; /* B9 carries the series */
	}
	int accepted = through - 9, step = days / (accepted + 1);
	int32_t r = t;
	for (int k = 1; k <= accepted; k++) {
		int32_t s = t + k * step;
		m[n++] = (struct clock_move){r, s, 0, 0, CLOCK_MOVE_ACCEPTED, 0, 0};
		m[n++] = (struct clock_move){s, s, 0, 0, CLOCK_MOVE_AUTO, 0, 0}; /* Black's reply */
		r = s;
	}
	m[n++] = (struct clock_move){r, t + days, 0, 0, (uint8_t)answer_flags,
	                             0, 0}; /* the answer */
	struct clock_game g = game(p, start, m, n);
	return compute(&g, NULL);
}

START_TEST(test_vectors_series_answer)
{
	struct clock_profile p30 = post30();
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "control");
	size_t i, seen = 0;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		if (json_object_get(v, "days_to_answer") == NULL)
			continue;
		seen++;
		const char *id = json_string_value(json_object_get(v, "id"));
		ck_assert_str_eq(json_string_value(json_object_get(v, "profile")), "dsu-post");
		int through =
		        (int)json_integer_value(json_object_get(v, "series_accepted_through"));
		int days = (int)json_integer_value(json_object_get(v, "days_to_answer"));
		int limit = (int)json_integer_value(json_object_get(v, "limit_days"));
		bool forfeited = json_is_true(json_object_get(v, "forfeited"));
		struct clock_result res =
		        s3_game(&p30, through, days, D("2027-05-03"), CLOCK_MOVE_BROKE);
		const struct clock_player *w = &res.player[CLOCK_WHITE];
		ck_assert_int_eq(w->used_days, days);
		ck_assert_msg(w->forfeited == forfeited, "%s: forfeited %d", id, w->forfeited);
		if (forfeited)
			ck_assert_int_eq(w->forfeit_move, through);
		/* the boundary: exactly the allowance up to the answer is fine,
		   one day more is not */
		ck_assert(!s3_game(&p30, through, limit, D("2027-05-03"), CLOCK_MOVE_BROKE)
		                   .player[0]
		                   .forfeited);
		ck_assert(s3_game(&p30, through, limit + 1, D("2027-05-03"), CLOCK_MOVE_BROKE)
		                  .player[0]
		                  .forfeited);
		/* a series used up after the accepted moves (no break): the
		   answer is his own next move, judged at its own control (20),
		   the run at its last accepted move with the days up to it */
		res = s3_game(&p30, through, days, D("2027-05-03"), 0);
		ck_assert_msg(!res.player[0].forfeited, "%s: used up, then answered", id);
	}
	ck_assert_uint_ge(seen, 1);
	json_decref(root);
}
END_TEST

START_TEST(test_vectors_vacation_notice)
{
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "vacation_notice");
	ck_assert(json_array_size(list) >= 1);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		const struct clock_profile *p = P(json_string_value(json_object_get(v, "profile")));
		int32_t notice = D(json_string_value(json_object_get(v, "notice_sent")));
		int32_t earliest = D(json_string_value(json_object_get(v, "earliest_first_day")));
		int32_t start = notice - 100;
		struct clock_vacation_check out;
		struct clock_interval ok = {earliest, earliest + 9};
		struct clock_interval early = {earliest - 1, earliest + 9};
		ck_assert_int_eq(clock_vacation_check(p, CLOCK_VACATION, start, NULL, 0, notice, ok,
		                                      &out, NULL, 0),
		                 CC_OK);
		ck_assert_int_eq(out.earliest_first, earliest);
		ck_assert_int_eq(clock_vacation_check(p, CLOCK_VACATION, start, NULL, 0, notice,
		                                      early, &out, NULL, 0),
		                 CC_ERR_INVALID);
		ck_assert_int_eq(out.verdict, CLOCK_VAC_NOTICE_TOO_SHORT);
	}
	json_decref(root);
}
END_TEST

START_TEST(test_vectors_easter_holiday)
{
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "easter_holiday");
	ck_assert(json_array_size(list) >= 1);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		int year = (int)json_integer_value(json_object_get(v, "year"));
		json_t *h = json_object_get(v, "holiday");
		struct clock_interval span;
		ck_assert_int_eq(clock_easter_holiday(year, &span), CC_OK);
		ck_assert_int_eq(span.first, D(json_string_value(json_array_get(h, 0))));
		ck_assert_int_eq(span.last, D(json_string_value(json_array_get(h, 1))));
		struct clock_interval two[2];
		ck_assert_int_eq(clock_holidays(year, two), CC_OK);
		ck_assert_int_eq(two[0].first, span.first);
	}
	json_decref(root);
}
END_TEST

/* C1-C3 as allowances and as the next control of a player in a game; S1/S2
 * as allowances and as the control of a pending series. */
START_TEST(test_vectors_control)
{
	json_t *root = tu_vectors("time.json");
	json_t *list = json_object_get(root, "control");
	ck_assert(json_array_size(list) >= 5);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		const char *id = json_string_value(json_object_get(v, "id"));
		const struct clock_profile *p = P(json_string_value(json_object_get(v, "profile")));
		int limit = (int)json_integer_value(json_object_get(v, "limit_days"));
		json_t *mv_ = json_object_get(v, "move");
		json_t *ser = json_object_get(v, "series_accepted_through");
		int move = (int)json_integer_value(mv_ != NULL ? mv_ : ser);
		int32_t got;
		ck_assert_int_eq(clock_allowance(p, move, &got), CC_OK);
		ck_assert_msg(got == limit, "%s: allowance %d, expected %d", id, got, limit);

		/* In a game: white has made move-1 moves of 0 days each (or 9
		   with a pending series proposing his moves 10..move). */
		int made = mv_ != NULL ? move - 1 : 9;
		struct clock_move moves[64];
		int32_t start = D("2027-09-01");
		for (int k = 0; k < 2 * made; k++)
			moves[k] = mv(start, k, k);
		struct clock_game g = game(p, start, moves, (size_t)(2 * made));
		if (ser != NULL)
			g.pending.series_last = move;
		struct clock_result res = compute(&g, NULL);
		ck_assert_int_eq(res.to_move, CLOCK_WHITE);
		ck_assert_msg(res.player[CLOCK_WHITE].next_control == move, "%s: next control %d",
		              id, res.player[CLOCK_WHITE].next_control);
		ck_assert_int_eq(res.player[CLOCK_WHITE].limit_days, limit);
	}
	json_decref(root);
}
END_TEST

/* ---- profiles ---------------------------------------------------------- */

START_TEST(test_profiles)
{
	const struct clock_profile *post = clock_profile_find("dsu-post");
	const struct clock_profile *mail = clock_profile_find("dsu-email");
	const struct clock_profile *srv = clock_profile_find("server");
	ck_assert_ptr_nonnull(post);
	ck_assert_ptr_nonnull(mail);
	ck_assert_ptr_nonnull(srv);
	ck_assert_ptr_null(clock_profile_find("dsu-fax"));
	ck_assert_ptr_null(clock_profile_find(""));
	ck_assert_ptr_null(clock_profile_find(NULL));
	ck_assert_ptr_null(clock_profile_find("DSU-POST"));
	/* docs/RULES.md §4 table */
	ck_assert_int_eq(post->days_per_period, 30);
	ck_assert_int_eq(mail->days_per_period, 40);
	ck_assert_int_eq(srv->days_per_period, 40);
	ck_assert(post->weekend_rule && !mail->weekend_rule && !srv->weekend_rule);
	ck_assert(post->holidays && mail->holidays && !srv->holidays);
	ck_assert_int_eq(post->receipt, CLOCK_RECEIPT_STATED);
	ck_assert_int_eq(mail->receipt, CLOCK_RECEIPT_NEXT_DAY);
	ck_assert_int_eq(srv->receipt, CLOCK_RECEIPT_SAME_DAY);
	ck_assert_int_eq(post->vacation_notice, 6);
	ck_assert_int_eq(srv->vacation_notice, 0);
	ck_assert_int_eq(post->penalty_invalid_repeat, 6);
	ck_assert_int_eq(mail->penalty_invalid, 3);
	ck_assert_int_eq(srv->penalty_invalid, 0);
	ck_assert_int_eq(mail->special_leave_days, 30);
	size_t n = 0;
	while (clock_profile_at(n) != NULL) {
		ck_assert_int_eq(clock_profile_check(clock_profile_at(n), NULL, 0), CC_OK);
		ck_assert_ptr_eq(clock_profile_find(clock_profile_at(n)->name),
		                 clock_profile_at(n));
		n++;
	}
	ck_assert_int_eq((int)n, 4);
}
END_TEST

/* Issue 21 item 8, DSU 6.2.1.2 + 6.3.2.2: a game of a postal tournament
 * played by e-mail keeps the postal allowance (30 days per 10 moves,
 * 6.3.1) and rules (holidays, vacations per tournament, 3 and 6 for
 * invalid moves, the post both ways before a reminder), while the move
 * counts as received the day after sending and the weekend rule does not
 * apply (6.3.2.2 a, b). */
START_TEST(test_profile_post_by_email)
{
	const struct clock_profile *pe = P("dsu-post-email");
	ck_assert_int_eq(pe->days_per_period, 30);
	ck_assert_int_eq(pe->moves_per_period, 10);
	ck_assert_int_eq(pe->receipt, CLOCK_RECEIPT_NEXT_DAY);
	ck_assert(!pe->weekend_rule && pe->holidays && !pe->vacation_all_games);
	ck_assert(!pe->auto_forfeit && pe->series_shown && !pe->reminder_from_sent);
	ck_assert_int_eq(pe->penalty_invalid, 3);
	ck_assert_int_eq(pe->penalty_invalid_repeat, 6);
	/* W1 by post is 0 days (Saturday-Sunday one day); by e-mail 1 */
	int32_t sat = D("2027-06-05");
	ck_assert_int_eq(calendar_weekday(sat), CALENDAR_SATURDAY);
	ck_assert_int_eq(days_of(P("dsu-post"), sat, sat + 1, NULL, 0), 0);
	ck_assert_int_eq(days_of(pe, sat, sat + 1, NULL, 0), 1);
	/* received the day after the opponent's date */
	int32_t r;
	ck_assert_int_eq(clock_receipt_date(pe, sat, &r, NULL, 0), CC_OK);
	ck_assert_int_eq(r, sat + 1);
	/* 31 days to White's first move (a Monday): forfeited at move 10's
	   control (30 days) here, not under dsu-email (40) */
	int32_t start = D("2027-05-03");
	struct clock_move m[] = {{CLOCK_NO_DATE, start + 31, 0, 0, 0, 0, 0}};
	struct clock_game g = game(pe, start, m, 1);
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_WHITE].limit_days, 30);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	g.profile = P("dsu-email");
	ck_assert(!compute(&g, NULL).player[CLOCK_WHITE].forfeited);
	/* Black received it the day after (derived) and is silent: 14 days and
	   the e-mail transit both ways (6.3.4): due 16 days after White's
	   mail; the TL 7 days later */
	g.profile = pe;
	m[0].sent = start + 3;
	res = compute(&g, NULL);
	ck_assert_int_eq(res.pending_received, start + 4);
	ck_assert_int_eq(res.player[CLOCK_BLACK].reminder_date, start + 3 + 16);
	ck_assert_int_eq(res.player[CLOCK_BLACK].tl_date, start + 3 + 16 + 7);
	/* the Christmas holiday stops it as by post */
	ck_assert_int_eq(days_of(pe, D("2027-12-18"), D("2028-01-04"), NULL, 0), 5);
}
END_TEST

/* Issue 21 item 10, DSU 6.8.3: "Hvis intet svar foreligger efter 14
 * dage": the e-mail reminder is due 14 days after the waiting player's
 * mail, not 14 days after the day the move counts as received. */
START_TEST(test_email_reminder_day)
{
	const struct clock_profile *mail = P("dsu-email");
	int32_t start = D("2027-05-03"), sent = D("2027-05-10");
	struct clock_move m[] = {{CLOCK_NO_DATE, sent, 0, 0, 0, 0, 0}};
	struct clock_game g = game(mail, start, m, 1);
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.pending_received, sent + 1); /* 6.8.6 */
	ck_assert_int_eq(res.player[CLOCK_BLACK].reminder_date, D("2027-05-24"));
	ck_assert_int_eq(res.player[CLOCK_BLACK].tl_date, D("2027-05-31"));
	int32_t rem, tl;
	ck_assert_int_eq(
	        clock_silence_dates(mail, sent + 1, sent, 0, -1, NULL, 0, &rem, &tl, NULL, 0),
	        CC_OK);
	ck_assert_int_eq(rem, D("2027-05-24"));
	/* a notice of 20 days: his 20 days run from the day after the mail */
	g.pending.announced = 20;
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_BLACK].reminder_date, sent + 1 + 20);
	/* postal play keeps 14 days and the post both ways from the receipt */
	const struct clock_profile *post = P("dsu-post");
	ck_assert_int_eq(
	        clock_silence_dates(post, sent + 2, sent, 0, -1, NULL, 0, &rem, &tl, NULL, 0),
	        CC_OK);
	ck_assert_int_eq(rem, sent + 2 + 14 + 2);
	/* a sent date after the receipt is refused */
	ck_assert_int_eq(
	        clock_silence_dates(mail, sent, sent + 1, 0, -1, NULL, 0, &rem, &tl, NULL, 0),
	        CC_ERR_RANGE);
}
END_TEST

/* Issue 21 item 9, DSU 6.3.4: the penalties are for a player who used
 * more than 14 days "uden at have underrettet sin modstander herom".  He
 * announced 25 days and used 28, reminded and the TL told: no penalty;
 * his notice moved the reminder to the end of the 25 days plus the post. */
START_TEST(test_notice_no_penalty)
{
	const struct clock_profile *post = P("dsu-post");
	int32_t start = D("2027-05-03");
	int32_t r = D("2027-05-10"); /* Black received White's first move */
	struct clock_move m[] = {
	        {CLOCK_NO_DATE, D("2027-05-08"), 0, 0, 0, 0, 0},
	        {r, r + 28, 25, 0, CLOCK_MOVE_REMINDED | CLOCK_MOVE_TL_TOLD, r + 27, r + 27}};
	struct clock_game g = game(post, start, m, 2);
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].thinking_days, 28);
	ck_assert_int_eq(res.player[CLOCK_BLACK].penalty_days, 0);
	m[1].announced = 0; /* without the notice: 3 + 6 */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_BLACK].penalty_days, 9);
	/* pending: the reminder after the 25 days and the post back (2) */
	struct clock_game h = game(post, start, m, 1);
	h.pending.received = r;
	h.pending.announced = 25;
	res = compute(&h, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].reminder_date, r + 25 + 2);
	ck_assert_int_eq(res.player[CLOCK_BLACK].tl_date, r + 25 + 2 + 7);
	/* a reminder recorded anyway does not make the pending move dearer:
	   the forfeit date is the plain one */
	int32_t fd = res.player[CLOCK_BLACK].forfeit_date;
	h.pending.flags = CLOCK_MOVE_REMINDED | CLOCK_MOVE_TL_TOLD;
	h.pending.reminded_on = h.pending.tl_on = r + 16;
	ck_assert_int_eq(compute(&h, NULL).player[CLOCK_BLACK].forfeit_date, fd);
	h.pending.announced = 0;
	ck_assert_int_lt(compute(&h, NULL).player[CLOCK_BLACK].forfeit_date, fd);
}
END_TEST

START_TEST(test_profile_check)
{
	char err[128];
	struct clock_profile p = *P("dsu-email");
	p.name = "custom";
	p.days_per_period = 45;
	p.moves_per_period = 10;
	ck_assert_int_eq(clock_profile_check(&p, err, sizeof err), CC_OK);
	int32_t limit;
	ck_assert_int_eq(clock_allowance(&p, 11, &limit), CC_OK);
	ck_assert_int_eq(limit, 49); /* 11 * 4.5 = 49.5, whole days only */

	p.moves_per_period = 0;
	ck_assert_int_eq(clock_profile_check(&p, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_nonnull(strstr(err, "moves_per_period"));
	p = *P("dsu-email");
	p.days_per_period = -1;
	ck_assert_int_eq(clock_profile_check(&p, err, sizeof err), CC_ERR_INVALID);
	p = *P("dsu-email");
	p.receipt = (enum clock_receipt)7;
	ck_assert_int_eq(clock_profile_check(&p, err, sizeof err), CC_ERR_INVALID);
	p = *P("dsu-email");
	p.penalty_tl = -6;
	ck_assert_int_eq(clock_profile_check(&p, err, sizeof err), CC_ERR_INVALID);
	p = *P("dsu-email");
	p.special_leave_days = -2;
	ck_assert_int_eq(clock_profile_check(&p, err, sizeof err), CC_ERR_INVALID);
	ck_assert_int_eq(clock_profile_check(NULL, err, sizeof err), CC_ERR_INVALID);
	/* a bad custom profile is refused by the computing functions too */
	struct clock_days d;
	p.special_leave_days = -2;
	ck_assert_int_eq(clock_move_days(&p, 0, 1, NULL, 0, &d, err, sizeof err), CC_ERR_INVALID);
}
END_TEST

/* ---- calendar rules ---------------------------------------------------- */

START_TEST(test_holidays)
{
	struct clock_interval h[2];
	ck_assert_int_eq(clock_holidays(2027, h), CC_OK);
	ck_assert_int_eq(h[0].first, D("2027-03-23")); /* H1 */
	ck_assert_int_eq(h[0].last, D("2027-03-30"));
	ck_assert_int_eq(h[1].first, D("2027-12-20"));
	ck_assert_int_eq(h[1].last, D("2027-12-31"));
	ck_assert_int_eq(calendar_weekday(h[0].first), CALENDAR_TUESDAY);
	ck_assert_int_eq(calendar_weekday(h[0].last), CALENDAR_TUESDAY);
	ck_assert_int_eq(clock_holidays(1582, h), CC_ERR_RANGE);
	ck_assert_int_eq(clock_easter_holiday(10000, h), CC_ERR_RANGE);
	/* 1818: Easter 22 March, the holiday starts 17 March */
	ck_assert_int_eq(clock_easter_holiday(1818, h), CC_OK);
	ck_assert_int_eq(h[0].first, D("1818-03-17"));
}
END_TEST

START_TEST(test_receipt_and_weekend)
{
	int32_t r = 0;
	char err[128];
	ck_assert_int_eq(clock_receipt_date(P("dsu-email"), D("2027-12-31"), &r, NULL, 0), CC_OK);
	ck_assert_int_eq(r, D("2028-01-01"));
	ck_assert_int_eq(clock_receipt_date(P("server"), D("2027-08-30"), &r, NULL, 0), CC_OK);
	ck_assert_int_eq(r, D("2027-08-30"));
	ck_assert_int_eq(clock_receipt_date(P("dsu-post"), D("2027-08-30"), &r, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(clock_receipt_date(NULL, D("2027-08-30"), &r, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(clock_receipt_date(P("server"), INT32_MAX, &r, err, sizeof err),
	                 CC_ERR_RANGE);

	/* DSU 6.3.2.1: a Sunday posting counts as Saturday; never before receipt */
	const struct clock_profile *post = P("dsu-post");
	int32_t sat = D("2027-08-07"), sun = D("2027-08-08"), fri = D("2027-08-06");
	ck_assert_int_eq(clock_counted_sent(post, sat, sun), sat);
	ck_assert_int_eq(clock_counted_sent(post, fri, sun), sat);
	ck_assert_int_eq(clock_counted_sent(post, sun, sun), sun);
	ck_assert_int_eq(clock_counted_sent(post, sat, sun + 1), sun + 1);
	ck_assert_int_eq(clock_counted_sent(P("dsu-email"), sat, sun), sun);
	ck_assert_int_eq(days_of(post, fri, sun, NULL, 0), 1); /* Fri-Sat */
	ck_assert_int_eq(days_of(post, sun, sun, NULL, 0), 0); /* received on Sunday */
	ck_assert_int_eq(days_of(post, sun, sun + 1, NULL, 0), 1);
	ck_assert_int_eq(days_of(post, sat, sun + 7, NULL, 0), 7); /* next Sunday = Saturday */
}
END_TEST

/* ---- one move ---------------------------------------------------------- */

START_TEST(test_move_days_rules)
{
	const struct clock_profile *post = P("dsu-post");
	const struct clock_profile *mail = P("dsu-email");
	const struct clock_profile *srv = P("server");
	/* received == sent */
	ck_assert_int_eq(days_of(post, D("2027-06-09"), D("2027-06-09"), NULL, 0), 0);
	/* V3 with the vacation split in two and given in reverse order, and an
	   overlapping vacation of the opponent */
	struct clock_interval split[] = {
	        {D("2027-06-15"), D("2027-06-22")},
	        {D("2027-06-08"), D("2027-06-14")},
	        {D("2027-06-10"), D("2027-06-18")},
	};
	ck_assert_int_eq(days_of(post, D("2027-06-05"), D("2027-06-25"), split, 3), 5);
	/* two players' vacations that only touch: 8-14 and 15-22 still make one */
	ck_assert_int_eq(days_of(post, D("2027-06-05"), D("2027-06-25"), split, 2), 5);
	/* a gap day between two vacations counts */
	struct clock_interval gap[] = {{D("2027-06-08"), D("2027-06-13")},
	                               {D("2027-06-15"), D("2027-06-22")}};
	ck_assert_int_eq(days_of(post, D("2027-06-05"), D("2027-06-25"), gap, 2), 6);
	/* H2, and the same move in e-mail play (no weekend rule, same holidays) */
	ck_assert_int_eq(days_of(post, D("2026-12-18"), D("2027-01-04"), NULL, 0), 5);
	ck_assert_int_eq(days_of(mail, D("2026-12-18"), D("2027-01-04"), NULL, 0), 5);
	ck_assert_int_eq(days_of(srv, D("2026-12-18"), D("2027-01-04"), NULL, 0), 17);
	/* Easter 2027: 23-30 March stopped */
	ck_assert_int_eq(days_of(mail, D("2027-03-20"), D("2027-04-02"), NULL, 0), 13 - 8);
	/* over three years: 1 Jan 2026 to 1 Jan 2029 is 1096 days; holidays
	   2026, 2027, 2028 are 3 * 12 + 3 * 8 = 60 days */
	ck_assert_int_eq(days_of(mail, D("2026-01-01"), D("2029-01-01"), NULL, 0), 1096 - 60);
	/* a vacation overlapping a holiday is not counted twice */
	struct clock_interval xmas[] = {{D("2027-12-15"), D("2028-01-05")}};
	ck_assert_int_eq(days_of(mail, D("2027-12-01"), D("2028-01-10"), xmas, 1), 14 + 4);
	/* a vacation wholly before or after the move has no effect */
	struct clock_interval away[] = {{D("2027-01-01"), D("2027-01-31")},
	                                {D("2027-09-01"), D("2027-09-30")}};
	ck_assert_int_eq(days_of(mail, D("2027-05-03"), D("2027-05-10"), away, 2), 7);
	/* the breakdown */
	struct clock_days d;
	ck_assert_int_eq(
	        clock_move_days(post, D("2027-08-07"), D("2027-08-08"), NULL, 0, &d, NULL, 0),
	        CC_OK);
	ck_assert_int_eq(d.counted_sent, D("2027-08-07"));
	ck_assert_int_eq(d.calendar, 0);
	ck_assert_int_eq(d.stopped, 0);
	ck_assert_int_eq(
	        clock_move_days(post, D("2027-06-05"), D("2027-06-25"), split, 1, &d, NULL, 0),
	        CC_OK);
	ck_assert_int_eq(d.calendar, 20);
	ck_assert_int_eq(d.stopped, 8);
	ck_assert_int_eq(d.days, 12);
}
END_TEST

START_TEST(test_move_days_errors)
{
	const struct clock_profile *post = P("dsu-post");
	struct clock_days d;
	char err[128];
	ck_assert_int_eq(clock_move_days(post, D("2027-06-09"), D("2027-06-08"), NULL, 0, &d, err,
	                                 sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_ptr_nonnull(strstr(err, "before"));
	struct clock_interval bad[] = {{D("2027-06-10"), D("2027-06-01")}};
	ck_assert_int_eq(clock_move_days(post, D("2027-06-01"), D("2027-06-08"), bad, 1, &d, err,
	                                 sizeof err),
	                 CC_ERR_INVALID);
	struct clock_interval far[] = {{D("2027-06-10"), INT32_MAX}};
	ck_assert_int_eq(clock_move_days(post, D("2027-06-01"), D("2027-06-08"), far, 1, &d, err,
	                                 sizeof err),
	                 CC_ERR_RANGE);
	ck_assert_int_eq(clock_move_days(post, D("2027-06-01"), D("2027-06-08"), NULL, 2, &d, err,
	                                 sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(clock_move_days(post, CALENDAR_MIN_DAY - 1, D("2027-06-08"), NULL, 0, &d,
	                                 err, sizeof err),
	                 CC_ERR_RANGE);
	ck_assert_int_eq(clock_move_days(NULL, 0, 1, NULL, 0, &d, err, sizeof err), CC_ERR_INVALID);
}
END_TEST

/* More stops than the stack buffer holds, in scrambled order. */
START_TEST(test_move_days_many_stops)
{
	const struct clock_profile *mail = P("dsu-email");
	struct clock_interval st[200];
	int32_t base = D("2030-01-02");
	for (int i = 0; i < 200; i++) {
		int k = (i * 73) % 200; /* a permutation of 0..199 */
		st[i].first = base + 10 * k;
		st[i].last = base + 10 * k + 2 + (k % 3 == 0 ? 9 : 0); /* some overlap */
	}
	int32_t r = base - 5, s = base + 2100;
	ck_assert_int_eq(days_of(mail, r, s, st, 200), naive_days(mail, r, s, st, 200));
	int32_t when;
	ck_assert_int_eq(clock_date_after(mail, r, 500, st, 200, &when, NULL, 0), CC_OK);
	ck_assert_int_eq(naive_days(mail, r, when, st, 200), 500);
	ck_assert_int_eq(naive_days(mail, r, when - 1, st, 200), 499);
}
END_TEST

START_TEST(test_date_after)
{
	const struct clock_profile *post = P("dsu-post");
	const struct clock_profile *srv = P("server");
	int32_t when;
	char err[128];
	int32_t r = D("2027-08-02"); /* Monday */
	ck_assert_int_eq(clock_date_after(srv, r, 0, NULL, 0, &when, NULL, 0), CC_OK);
	ck_assert_int_eq(when, r);
	ck_assert_int_eq(clock_date_after(srv, r, -5, NULL, 0, &when, NULL, 0), CC_OK);
	ck_assert_int_eq(when, r);
	ck_assert_int_eq(clock_date_after(srv, r, 3, NULL, 0, &when, NULL, 0), CC_OK);
	ck_assert_int_eq(when, r + 3);
	/* postal: 6 days from Monday would be Sunday, which counts as Saturday
	   (5 days), so the first date costing 6 is Monday */
	ck_assert_int_eq(clock_date_after(post, r, 6, NULL, 0, &when, NULL, 0), CC_OK);
	ck_assert_int_eq(when, r + 7);
	ck_assert_int_eq(days_of(post, r, when, NULL, 0), 7);
	ck_assert_int_eq(days_of(post, r, when - 1, NULL, 0), 5);
	/* vacation 8-22 June: from 5 June, 5 days are reached on 25 June (V3) */
	struct clock_interval vac[] = {{D("2027-06-08"), D("2027-06-22")}};
	ck_assert_int_eq(clock_date_after(post, D("2027-06-05"), 5, vac, 1, &when, NULL, 0), CC_OK);
	ck_assert_int_eq(when, D("2027-06-25"));
	/* across the December holiday: from 18 Dec 2026, 3 days on 2 Jan */
	ck_assert_int_eq(clock_date_after(post, D("2026-12-18"), 3, NULL, 0, &when, NULL, 0),
	                 CC_OK);
	ck_assert_int_eq(when, D("2027-01-02"));
	ck_assert_int_eq(
	        clock_date_after(srv, D("9999-12-01"), 100, NULL, 0, &when, err, sizeof err),
	        CC_ERR_RANGE);
	ck_assert_int_eq(clock_date_after(srv, INT32_MIN, 1, NULL, 0, &when, err, sizeof err),
	                 CC_ERR_RANGE);
}
END_TEST

START_TEST(test_allowance_and_controls)
{
	const struct clock_profile *post = P("dsu-post");
	int32_t l;
	ck_assert_int_eq(clock_allowance(post, 30, &l), CC_OK);
	ck_assert_int_eq(l, 90);
	ck_assert_int_eq(clock_allowance(P("dsu-email"), 20, &l), CC_OK);
	ck_assert_int_eq(l, 80);
	ck_assert_int_eq(clock_allowance(post, 0, &l), CC_ERR_RANGE);
	ck_assert_int_eq(clock_allowance(NULL, 10, &l), CC_ERR_RANGE);
	ck_assert_int_eq(clock_next_control(post, 1), 10);
	ck_assert_int_eq(clock_next_control(post, 10), 10);
	ck_assert_int_eq(clock_next_control(post, 11), 20);
	ck_assert_int_eq(clock_next_control(post, 0), 10);
}
END_TEST

/* ---- games ------------------------------------------------------------- */

START_TEST(test_game_simple)
{
	const struct clock_profile *srv = P("server");
	int32_t start = D("2027-01-04");
	struct clock_move m[] = {
	        {CLOCK_NO_DATE, start + 2, 0, 0, 0, 0, 0},
	        {CLOCK_NO_DATE, start + 5, 0, 0, 0, 0, 0},
	        {CLOCK_NO_DATE, start + 6, 0, 0, 0, 0, 0},
	};
	struct clock_game g = game(srv, start, m, 3);
	struct clock_ply plies[3];
	struct clock_result res = compute(&g, plies);
	ck_assert_int_eq(res.to_move, CLOCK_BLACK);
	ck_assert_int_eq(res.player[CLOCK_WHITE].used_days, 3);
	ck_assert_int_eq(res.player[CLOCK_WHITE].moves, 2);
	ck_assert_int_eq(res.player[CLOCK_WHITE].next_control, 10);
	ck_assert_int_eq(res.player[CLOCK_WHITE].limit_days, 40);
	ck_assert_int_eq(res.player[CLOCK_WHITE].left_days, 37);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, CLOCK_NO_DATE);
	ck_assert_int_eq(res.player[CLOCK_BLACK].used_days, 3);
	ck_assert_int_eq(res.pending_received, start + 6);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_date, start + 6 + 38);
	ck_assert_int_eq(res.player[CLOCK_BLACK].reminder_date, start + 6 + 14);
	ck_assert_int_eq(res.player[CLOCK_BLACK].tl_date, start + 6 + 21);
	ck_assert(!res.player[CLOCK_WHITE].forfeited && !res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(plies[0].received, start); /* counts from the start date */
	ck_assert_int_eq(plies[1].received, start + 2);
	ck_assert_int_eq(plies[2].days, 1);
	ck_assert_int_eq(plies[2].number, 2);
	ck_assert_int_eq(plies[2].side, CLOCK_WHITE);
	ck_assert_int_eq(plies[2].used, 3);
	ck_assert_int_eq(res.adjudication_date, D("2028-07-04"));
	ck_assert(!res.adjudication_due);
}
END_TEST

START_TEST(test_game_zero_moves)
{
	const struct clock_profile *post = P("dsu-post");
	int32_t start = D("2027-09-01");
	struct clock_game g = game(post, start, NULL, 0);
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.to_move, CLOCK_WHITE);
	ck_assert_int_eq(res.pending_received, start);
	for (int w = 0; w < 2; w++) {
		ck_assert_int_eq(res.player[w].moves, 0);
		ck_assert_int_eq(res.player[w].used_days, 0);
		ck_assert_int_eq(res.player[w].next_control, 10);
		ck_assert_int_eq(res.player[w].limit_days, 30);
	}
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_date, CLOCK_NO_DATE);
	/* 31 days from Wed 1 Sep 2027: 2 Oct is a Saturday */
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, D("2027-10-02"));
	/* black to move first in a thematic game */
	g.first_side = CLOCK_BLACK;
	res = compute(&g, NULL);
	ck_assert_int_eq(res.to_move, CLOCK_BLACK);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_date, D("2027-10-02"));
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, CLOCK_NO_DATE);
}
END_TEST

START_TEST(test_game_first_side_black)
{
	const struct clock_profile *srv = P("server");
	int32_t start = D("2027-01-04");
	struct clock_move m[] = {{CLOCK_NO_DATE, start + 4, 0, 0, 0, 0, 0},
	                         {CLOCK_NO_DATE, start + 5, 0, 0, 0, 0, 0}};
	struct clock_game g = game(srv, start, m, 2);
	g.first_side = CLOCK_BLACK;
	struct clock_ply plies[2];
	struct clock_result res = compute(&g, plies);
	ck_assert_int_eq(plies[0].side, CLOCK_BLACK);
	ck_assert_int_eq(plies[1].side, CLOCK_WHITE);
	ck_assert_int_eq(res.player[CLOCK_BLACK].used_days, 4);
	ck_assert_int_eq(res.player[CLOCK_WHITE].used_days, 1);
	ck_assert_int_eq(res.to_move, CLOCK_BLACK);
}
END_TEST

/* DSU 6.3.3.1: more than the limit at the control move forfeits; exactly
 * the limit does not. */
START_TEST(test_game_forfeit_control)
{
	const struct clock_profile *srv = P("server"); /* 40 days / 10 moves */
	int32_t start = D("2027-01-04");
	struct clock_move m[20];
	int32_t t = start;
	for (int k = 0; k < 10; k++) { /* white 4 days a move, black instantly */
		m[2 * k] = (struct clock_move){CLOCK_NO_DATE, t + 4, 0, 0, 0, 0, 0};
		t += 4;
		m[2 * k + 1] = (struct clock_move){CLOCK_NO_DATE, t, 0, 0, 0, 0, 0};
	}
	struct clock_game g = game(srv, start, m, 20);
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_WHITE].used_days, 40);
	ck_assert(!res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].next_control, 20);
	ck_assert_int_eq(res.player[CLOCK_WHITE].limit_days, 80);
	ck_assert_int_eq(res.player[CLOCK_WHITE].left_days, 40);

	/* one more day on move 10: forfeit, on the day the 41st day began */
	m[18].sent += 1;
	m[19].sent += 1;
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_move, 10);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, m[18].sent);
	ck_assert(!res.player[CLOCK_BLACK].forfeited);

	/* over already at move 8 (35 + 10 days), moves 9 and 10 instant: the
	   check at 10 fails, dated when move 8's thinking crossed 40 */
	t = start;
	for (int k = 0; k < 10; k++) {
		int cost = k < 7 ? 5 : k == 7 ? 10 : 0;
		m[2 * k] = (struct clock_move){CLOCK_NO_DATE, t + cost, 0, 0, 0, 0, 0};
		t += cost;
		m[2 * k + 1] = (struct clock_move){CLOCK_NO_DATE, t, 0, 0, 0, 0, 0};
	}
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_move, 10);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, start + 35 + 6);
	/* ... and known as soon as move 8 is sent (6.3.3.1: "har brugt flere
	   end 40 dage og ikke afsendt sit 10. træk"): once over, a later move
	   never makes him not forfeited (issue 9) */
	g.nmoves = 16;
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_move, 10);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, start + 35 + 6);
	ck_assert_int_eq(res.player[CLOCK_WHITE].left_days, -5);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, start + 45); /* already past */
	g.today = start + 45;
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
}
END_TEST

/* Black (3 days a move, post30) has used 27 days in 9 moves; white
 * proposes a series covering black's moves 10, 11, 12 (DSU 6.3.3.2). */
static size_t series_game(struct clock_move *m, int32_t start, int think, int accept_through)
{
	size_t n = 0;
	int32_t t = start;
	for (int k = 1; k <= 9; k++) {
		m[n++] = (struct clock_move){
		        k == 1 ? CLOCK_NO_DATE : t, t, 0, 0, 0, 0, 0}; /* W, 0 days */
		m[n++] = (struct clock_move){t, t + 3, 0, 0, 0, 0, 0}; /* B, 3 days */
		t += 3;
	}
	m[n++] = (struct clock_move){t, t, 0, 0, 0, 0, 0}; /* W10 with the series, sent t */
	int32_t r = t, s = t + think;
	/* B10 accepted: carries the whole thinking time */
	m[n++] = (struct clock_move){r, s, 0, 0, CLOCK_MOVE_ACCEPTED, 0, 0};
	for (int k = 11; k <= 13; k++) {
		m[n++] = (struct clock_move){s, s, 0, 0, 0, 0, 0}; /* W auto, 0 days */
		bool acc = k <= accept_through;
		m[n++] = (struct clock_move){s, s, 0, 0, acc ? CLOCK_MOVE_ACCEPTED : 0, 0, 0};
		if (!acc)
			break; /* black's own reply, sent with the accepted moves */
	}
	return n;
}

START_TEST(test_game_series_completed)
{
	struct clock_profile p = post30();
	int32_t start = D("2027-09-01");
	struct clock_move m[40];
	/* S1: accepting moves 10-12 and replying, at most 36 days in all */
	size_t n = series_game(m, start, 9, 12);
	struct clock_game g = game(&p, start, m, n);
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].used_days, 36);
	ck_assert_int_eq(res.player[CLOCK_BLACK].moves, 13);
	ck_assert(!res.player[CLOCK_BLACK].forfeited); /* 36 > 30 at move 10, yet fine */
	n = series_game(m, start, 10, 12);
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 12);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_on, start + 27 + 10);
	/* S2: accepting through 11 and deviating at 12: at most 33 days */
	n = series_game(m, start, 6, 11);
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].moves, 12);
	ck_assert(!res.player[CLOCK_BLACK].forfeited);
	n = series_game(m, start, 7, 11);
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 11);
	/* the reply sent with the accepted moves belongs to the check at 11:
	   an invalid reply first (+3) makes 27 + 3 + 3 = 33, still fine ... */
	n = series_game(m, start, 3, 11);
	m[n - 1].invalid = 1;
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].used_days, 33);
	ck_assert(!res.player[CLOCK_BLACK].forfeited);
	/* ... and with one more day it is 34 > 33 */
	n = series_game(m, start, 4, 11);
	m[n - 1].invalid = 1;
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 11);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_on, m[n - 1].sent);
	/* accepting only move 10 (deviating at 11): the control stays at 10 */
	n = series_game(m, start, 3, 10);
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert(!res.player[CLOCK_BLACK].forfeited);
	n = series_game(m, start, 4, 10);
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 10);
	/* without the series flag the same 9 days fail at move 10 */
	n = series_game(m, start, 9, 12);
	for (size_t i = 0; i < n; i++)
		m[i].flags = 0;
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 10);
}
END_TEST

/* A run of accepted moves that covers no control changes nothing, and a
 * run whose last accepted move is the last move of the list is checked. */
START_TEST(test_game_series_edges)
{
	struct clock_profile p = post30();
	int32_t start = D("2027-09-01");
	struct clock_move m[40];
	size_t n = 0;
	int32_t t = start;
	for (int k = 1; k <= 10; k++) {
		uint8_t f = (k == 4 || k == 5) ? CLOCK_MOVE_ACCEPTED : 0;
		m[n++] = (struct clock_move){k == 1 ? CLOCK_NO_DATE : t, t, 0, 0, 0, 0, 0};
		m[n++] = (struct clock_move){t, t + 3, 0, 0, f, 0, 0};
		t += 3;
	}
	struct clock_game g = game(&p, start, m, n);
	struct clock_result res = compute(&g, NULL);
	ck_assert(!res.player[CLOCK_BLACK].forfeited);
	m[n - 1].sent += 1; /* 31 at move 10 */
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 10);

	/* the list ends inside a run: the series B10 W11 B11 ended with black's
	   move, black accepted it all, white is to move */
	n = series_game(m, start, 6, 12);
	n -= 4; /* drop W12, B12, W13 and B13 */
	g = game(&p, start, m, n);
	res = compute(&g, NULL);
	ck_assert_int_eq(res.to_move, CLOCK_WHITE);
	ck_assert_int_eq(res.player[CLOCK_BLACK].moves, 11);
	ck_assert(!res.player[CLOCK_BLACK].forfeited); /* 33 <= 33 */
	m[n - 3].sent += 1; /* B10 one day longer: later dates shift too */
	for (size_t i = n - 2; i < n; i++)
		m[i].received = m[i].sent = m[n - 3].sent;
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 11);
}
END_TEST

START_TEST(test_game_series_pending)
{
	struct clock_profile p = post30();
	int32_t start = D("2027-09-01");
	struct clock_move m[40];
	size_t n = series_game(m, start, 0, 12) - 7; /* up to W10 */
	struct clock_game g = game(&p, start, m, n);
	g.pending.received = m[n - 1].sent;
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.to_move, CLOCK_BLACK);
	ck_assert_int_eq(res.player[CLOCK_BLACK].next_control, 10);
	ck_assert_int_eq(res.player[CLOCK_BLACK].limit_days, 30);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_date, g.pending.received + 4);
	g.pending.series_last = 12; /* S1 */
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].next_control, 12);
	ck_assert_int_eq(res.player[CLOCK_BLACK].limit_days, 36);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_date, g.pending.received + 10);
	g.pending.series_last = 11; /* S2 */
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].limit_days, 33);
	g.pending.series_last = 9; /* covers no control */
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].next_control, 10);
	ck_assert_int_eq(res.player[CLOCK_BLACK].limit_days, 30);
}
END_TEST

/* DSU 6.3.5.1 (postal 3, then 6 each), 6.8.6 (e-mail 3 each), server 0. */
START_TEST(test_game_penalties_invalid)
{
	int32_t start = D("2027-05-03");
	struct clock_move m[] = {
	        {CLOCK_NO_DATE, start + 1, 0, 1, 0, 0, 0},
	        {start + 2, start + 3, 0, 0, 0, 0, 0},
	        {start + 4, start + 5, 0, 2, 0, 0, 0},
	};
	static const char *const names[] = {"dsu-post", "dsu-email", "server"};
	static const int want[] = {3 + 6 + 6, 3 + 3 + 3, 0};
	for (int i = 0; i < 3; i++) {
		struct clock_game g = game(P(names[i]), start, m, 3);
		struct clock_ply plies[3];
		struct clock_result res = compute(&g, plies);
		ck_assert_int_eq(res.player[CLOCK_WHITE].penalty_days, want[i]);
		ck_assert_int_eq(res.player[CLOCK_WHITE].thinking_days, 2);
		ck_assert_int_eq(res.player[CLOCK_WHITE].used_days, 2 + want[i]);
		ck_assert_int_eq(plies[0].penalty + plies[2].penalty, want[i]);
		ck_assert_int_eq(res.player[CLOCK_BLACK].penalty_days, 0);
	}
	/* a pending invalid move counts against the forfeit date */
	struct clock_game g = game(P("dsu-email"), start, m, 2);
	g.pending.received = start + 4;
	struct clock_result a = compute(&g, NULL);
	g.pending.invalid = 1;
	struct clock_result b = compute(&g, NULL);
	ck_assert_int_eq(a.player[CLOCK_WHITE].forfeit_date - b.player[CLOCK_WHITE].forfeit_date,
	                 3);
}
END_TEST

/* DSU 6.3.4: more than 14 days without notice, and reminded: +3; TL told
 * as well: +6 more - from the recorded reminders only (DSU 6.3.4).  Each
 * case records the reminder and the TL notice on their due dates when the
 * move was not sent before them, as the sweep does; the obsolete
 * automatic-silence flag alone charges nothing (vector P1). */
START_TEST(test_game_silence_recorded)
{
	const struct clock_profile *srv = P("server");
	int32_t start = D("2027-05-03");
	static const struct {
		int sent, announced, penalty;
	} cases[] = {
	        {14, 0, 0},
	        {15, 0, 3},
	        {20, 0, 3},
	        {21, 0, 9},
	        {30, 0, 9},
	        /* DSU 6.3.4 (issue 21): after a notice no penalty at all, even
	           past the days announced and reminded */
	        {20, 20, 0},
	        {21, 20, 0},
	        {26, 20, 0},
	        {27, 20, 0},
	        {10, 5, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int32_t rem, tl;
		ck_assert_int_eq(clock_silence_dates(srv, start, CLOCK_NO_DATE, cases[i].announced,
		                                     -1, NULL, 0, &rem, &tl, NULL, 0),
		                 CC_OK);
		int32_t sent = start + cases[i].sent;
		struct clock_move m[] = {{CLOCK_NO_DATE, sent, (int16_t)cases[i].announced, 0, 0,
		                          CLOCK_NO_DATE, CLOCK_NO_DATE}};
		struct clock_game g = game(srv, start, m, 1);
		g.flags = CLOCK_GAME_AUTO_SILENCE; /* ignored now */
		struct clock_result res = compute(&g, NULL);
		ck_assert_msg(res.player[CLOCK_WHITE].penalty_days == 0,
		              "case %zu: penalty %d from the calendar alone", i,
		              res.player[CLOCK_WHITE].penalty_days);
		if (sent >= rem) { /* the sweep sent the reminder that day or before */
			m[0].flags |= CLOCK_MOVE_REMINDED;
			m[0].reminded_on = rem;
		}
		if (sent >= tl) {
			m[0].flags |= CLOCK_MOVE_TL_TOLD;
			m[0].tl_on = tl;
		}
		res = compute(&g, NULL);
		ck_assert_msg(res.player[CLOCK_WHITE].penalty_days == cases[i].penalty,
		              "case %zu: penalty %d, expected %d", i,
		              res.player[CLOCK_WHITE].penalty_days, cases[i].penalty);
	}
	/* a reminder dated after the move was sent crossed it: nothing */
	struct clock_move x[] = {
	        {CLOCK_NO_DATE, start + 20, 0, 0, CLOCK_MOVE_REMINDED, start + 21, CLOCK_NO_DATE}};
	struct clock_game g = game(srv, start, x, 1);
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 0);
	x[0].reminded_on = start + 20; /* sent the day the reminder went out: +3 */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 3);
	x[0].flags |= CLOCK_MOVE_TL_TOLD; /* the TL notice after the move: still 3 */
	x[0].tl_on = start + 22;
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 3);
	x[0].tl_on = start + 19;
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 9);
}
END_TEST

/* DSU 6.3.4, 6.3.5.1 / 6.8.6: penalty days a TL adds by hand join the
 * player's used time on their date: charged with his next move, or to
 * the clock as it stands, the forfeit date and the checks included. */
START_TEST(test_game_tl_penalties)
{
	const struct clock_profile *srv = P("server"); /* 40 days / 10 moves */
	int32_t start = D("2027-05-03");
	struct clock_penalty pen[] = {{CLOCK_WHITE, start + 5, 3}};
	struct clock_game g = game(srv, start, NULL, 0);
	g.penalties = pen;
	g.npenalties = 1;
	/* White to move: counted at once, the forfeit date 3 days earlier */
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_WHITE].penalty_days, 3);
	ck_assert_int_eq(res.player[CLOCK_WHITE].used_days, 3);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, start + 38);
	/* never before the penalty's own date */
	pen[0].days = 35;
	pen[0].on = start + 20;
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, start + 20);
	ck_assert(!res.player[CLOCK_WHITE].forfeited);
	g.today = start + 20;
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, start + 20);
	g.today = CLOCK_NO_DATE;

	/* charged with the move sent after it */
	struct clock_move m[] = {{CLOCK_NO_DATE, start + 10, 0, 0, 0, 0, 0}};
	struct clock_ply plies[1];
	g.moves = m;
	g.nmoves = 1;
	pen[0] = (struct clock_penalty){CLOCK_WHITE, start + 4, 3};
	res = compute(&g, plies);
	ck_assert_int_eq(plies[0].days, 10);
	ck_assert_int_eq(plies[0].penalty, 3);
	ck_assert_int_eq(res.player[CLOCK_WHITE].used_days, 13);
	/* over with it: dated when the penalty and the days together passed 40 */
	m[0].sent = start + 30;
	pen[0] = (struct clock_penalty){CLOCK_WHITE, start + 20, 15};
	res = compute(&g, plies);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_move, 10);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, start + 26);
	/* a penalty dated after the move waits for the next one: White is
	   not to move, it still counts against his next control */
	pen[0] = (struct clock_penalty){CLOCK_WHITE, start + 31, 11};
	res = compute(&g, plies);
	ck_assert_int_eq(plies[0].penalty, 0);
	ck_assert_int_eq(res.player[CLOCK_WHITE].penalty_days, 11);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, start + 31);
	pen[0].days = 10; /* exactly 40: not over */
	ck_assert(!compute(&g, NULL).player[CLOCK_WHITE].forfeited);
	/* Black's penalty is Black's */
	pen[0] = (struct clock_penalty){CLOCK_BLACK, start + 2, 6};
	res = compute(&g, plies);
	ck_assert_int_eq(res.player[CLOCK_WHITE].penalty_days, 0);
	ck_assert_int_eq(res.player[CLOCK_BLACK].penalty_days, 6);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_date, start + 30 + 35);
	/* bad lists */
	struct clock_penalty bad[] = {{CLOCK_WHITE, start + 5, 3}, {CLOCK_BLACK, start + 4, 3}};
	g.penalties = bad;
	g.npenalties = 2;
	char err[256];
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	bad[1].on = start + 6;
	bad[1].days = -1;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	bad[1].days = 3;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_OK);
	g.penalties = NULL;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
}
END_TEST

/* DSU 6.3.6.2: with the play-on agreement a move made in the
 * holidays brings no reminder; without it, or outside the holidays, the
 * reminder dates are there; the forfeit date is the same either way. */
START_TEST(test_game_holiday_play_on)
{
	const struct clock_profile *mail = P("dsu-email");
	int32_t start = D("2027-12-01");
	struct clock_move m[] = {{CLOCK_NO_DATE, D("2027-12-22"), 0, 0, 0, 0, 0}};
	struct clock_game g = game(mail, start, m, 1); /* Black got it on 23/12 */
	struct clock_result a = compute(&g, NULL);
	ck_assert_int_ne(a.player[CLOCK_BLACK].reminder_date, CLOCK_NO_DATE);
	g.flags = CLOCK_GAME_HOLIDAY_PLAY;
	struct clock_result b = compute(&g, NULL);
	ck_assert_int_eq(b.player[CLOCK_BLACK].reminder_date, CLOCK_NO_DATE);
	ck_assert_int_eq(b.player[CLOCK_BLACK].tl_date, CLOCK_NO_DATE);
	ck_assert_int_eq(b.player[CLOCK_BLACK].forfeit_date, a.player[CLOCK_BLACK].forfeit_date);
	m[0].sent = D("2027-12-10"); /* made before the holidays: reminded as usual */
	b = compute(&g, NULL);
	ck_assert_int_ne(b.player[CLOCK_BLACK].reminder_date, CLOCK_NO_DATE);
	/* Easter 2027: 23-30 March */
	m[0].sent = D("2027-03-24");
	g.start = D("2027-03-01");
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_BLACK].reminder_date, CLOCK_NO_DATE);
}
END_TEST

START_TEST(test_game_silence_flags)
{
	const struct clock_profile *mail = P("dsu-email");
	int32_t start = D("2027-05-03");
	struct clock_move m[] = {{CLOCK_NO_DATE, start + 20, 0, 0, CLOCK_MOVE_REMINDED, 0, 0}};
	struct clock_game g = game(mail, start, m, 1);
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 3);
	m[0].flags = CLOCK_MOVE_TL_TOLD; /* implies the reminder */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 9);
	m[0].sent = start + 14; /* not more than 14 days: no penalty */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 0);
	m[0].sent = start + 25;
	m[0].announced = 30; /* announced: no penalty */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].penalty_days, 0);
}
END_TEST

START_TEST(test_game_pending_dates)
{
	const struct clock_profile *post = P("dsu-post");
	int32_t start = D("2027-05-03");
	struct clock_move m[] = {{CLOCK_NO_DATE, D("2027-05-28"), 0, 0, 0, 0, 0}};
	struct clock_game g = game(post, start, m, 1);
	g.pending.received = D("2027-06-01");
	struct clock_result res = compute(&g, NULL);
	struct clock_player *b = &res.player[CLOCK_BLACK];
	ck_assert_int_eq(res.to_move, CLOCK_BLACK);
	ck_assert_int_eq(b->reminder_date, D("2027-06-17")); /* 14 + transit 2 */
	ck_assert_int_eq(b->tl_date, D("2027-06-24"));
	ck_assert_int_eq(b->forfeit_date, D("2027-07-02")); /* 31 days, a Friday */
	/* a vacation of 8-22 June (either player) pushes everything */
	struct clock_interval vac[] = {{D("2027-06-08"), D("2027-06-22")}};
	g.stops = vac;
	g.nstops = 1;
	res = compute(&g, NULL);
	b = &res.player[CLOCK_BLACK];
	ck_assert_int_eq(b->reminder_date, D("2027-07-02"));
	ck_assert_int_eq(b->tl_date, D("2027-07-09"));
	ck_assert_int_eq(b->forfeit_date, D("2027-07-17"));
	g.today = D("2027-07-01"); /* 30 days less the 15 of the vacation */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_BLACK].running_days, 15);
	g.today = D("2027-05-31"); /* before the move arrived */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_BLACK].running_days, 0);
	g.today = CLOCK_NO_DATE;
	/* announced longer think moves the reminder */
	g.stops = NULL;
	g.nstops = 0;
	g.pending.announced = 21;
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].reminder_date, D("2027-06-24"));
	/* the received date of a postal pending move may be unknown: estimated */
	g.pending.received = CLOCK_NO_DATE;
	g.pending.announced = 0;
	res = compute(&g, NULL);
	ck_assert_int_eq(res.pending_received, D("2027-05-30"));
	/* today: running days and the forfeit once the date is reached */
	g.pending.received = D("2027-06-01");
	g.today = D("2027-07-01");
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_BLACK].running_days, 30);
	ck_assert(!res.player[CLOCK_BLACK].forfeited);
	g.today = D("2027-07-02");
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 10);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_on, D("2027-07-02"));
	ck_assert_int_eq(res.player[CLOCK_WHITE].running_days, 0);
}
END_TEST

/* The recorded reminder and TL notice of the pending move bring the
 * forfeit date forward (32 days + 3 + 6 > 40, server); the calendar alone
 * does not (issue 9, DSU 6.3.4). */
START_TEST(test_game_penalty_forfeit_date)
{
	const struct clock_profile *srv = P("server");
	int32_t start = D("2027-05-03");
	struct clock_game g = game(srv, start, NULL, 0);
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].forfeit_date, start + 41);
	g.flags = CLOCK_GAME_AUTO_SILENCE; /* obsolete: no effect */
	struct clock_result res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, start + 41);
	ck_assert_int_eq(res.player[CLOCK_WHITE].reminder_date, start + 14);
	ck_assert_int_eq(res.player[CLOCK_WHITE].tl_date, start + 21);
	g.flags = 0;
	g.pending.flags = CLOCK_MOVE_REMINDED; /* the reminder went out already */
	g.pending.reminded_on = start + 16;    /* two days late */
	res = compute(&g, NULL);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_date, start + 38);
	ck_assert_int_eq(res.player[CLOCK_WHITE].tl_date, start + 23); /* 7 after it */
	g.pending.flags |= CLOCK_MOVE_TL_TOLD;
	g.pending.tl_on = start + 23;
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].forfeit_date, start + 32);
	g.pending.tl_on = start + 35; /* recorded later: +9 only from then on */
	ck_assert_int_eq(compute(&g, NULL).player[CLOCK_WHITE].forfeit_date, start + 35);
}
END_TEST

START_TEST(test_game_derived_received)
{
	int32_t start = D("2027-05-03");
	struct clock_move m[] = {{CLOCK_NO_DATE, start + 2, 0, 0, 0, 0, 0},
	                         {CLOCK_NO_DATE, start + 6, 0, 0, 0, 0, 0}};
	struct clock_ply plies[2];
	struct clock_game g = game(P("dsu-email"), start, m, 2);
	struct clock_result res = compute(&g, plies);
	ck_assert_int_eq(plies[1].received, start + 3); /* 6.8.6: the day after */
	ck_assert_int_eq(plies[1].days, 3);
	ck_assert_int_eq(res.pending_received, start + 7);
	g = game(P("server"), start, m, 2);
	res = compute(&g, plies);
	ck_assert_int_eq(plies[1].received, start + 2);
	ck_assert_int_eq(res.pending_received, start + 6);
}
END_TEST

START_TEST(test_game_flags_misc)
{
	const struct clock_profile *mail = P("dsu-email");
	int32_t start = D("2027-12-01");
	struct clock_move m[] = {{CLOCK_NO_DATE, D("2027-12-27"), 0, 0, 0, 0, 0}};
	struct clock_game g = game(mail, start, m, 1);
	struct clock_result a = compute(&g, NULL);
	ck_assert_int_eq(a.player[CLOCK_WHITE].used_days, 19);
	/* DSU 6.3.6.2: playing on in the holidays still counts 0 days */
	g.flags = CLOCK_GAME_HOLIDAY_PLAY;
	struct clock_result b = compute(&g, NULL);
	ck_assert_int_eq(b.player[CLOCK_WHITE].used_days, 19);
	ck_assert_int_eq(b.player[CLOCK_BLACK].forfeit_date, a.player[CLOCK_BLACK].forfeit_date);
	/* finished: nobody to move, no dates */
	g.flags = CLOCK_GAME_FINISHED;
	g.today = D("2030-01-01");
	struct clock_result c = compute(&g, NULL);
	ck_assert_int_eq(c.to_move, -1);
	ck_assert_int_eq(c.player[CLOCK_BLACK].forfeit_date, CLOCK_NO_DATE);
	ck_assert_int_eq(c.pending_received, CLOCK_NO_DATE);
	ck_assert(!c.adjudication_due);
	/* DSU 6.2.7: 18 months */
	g.flags = 0;
	g.today = D("2029-05-31");
	ck_assert(!compute(&g, NULL).adjudication_due);
	g.today = D("2029-06-01");
	struct clock_result d = compute(&g, NULL);
	ck_assert_int_eq(d.adjudication_date, D("2029-06-01"));
	ck_assert(d.adjudication_due);
}
END_TEST

START_TEST(test_game_errors)
{
	const struct clock_profile *post = P("dsu-post");
	int32_t start = D("2027-05-03");
	struct clock_result res;
	char err[256];
	/* received before the opponent sent */
	struct clock_move m1[] = {{CLOCK_NO_DATE, start + 5, 0, 0, 0, 0, 0},
	                          {start + 4, start + 6, 0, 0, 0, 0, 0}};
	struct clock_game g = game(post, start, m1, 2);
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_nonnull(strstr(err, "black's move 1"));
	/* sent before received */
	struct clock_move m2[] = {{CLOCK_NO_DATE, start + 5, 0, 0, 0, 0, 0},
	                          {start + 7, start + 6, 0, 0, 0, 0, 0}};
	g = game(post, start, m2, 2);
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	/* postal: the receiver must state the date */
	struct clock_move m3[] = {{CLOCK_NO_DATE, start + 5, 0, 0, 0, 0, 0},
	                          {CLOCK_NO_DATE, start + 6, 0, 0, 0, 0, 0}};
	g = game(post, start, m3, 2);
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_nonnull(strstr(err, "missing"));
	/* the first move counts from the start date */
	struct clock_move m4[] = {{start + 1, start + 5, 0, 0, 0, 0, 0}};
	g = game(post, start, m4, 1);
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	m4[0].received = start; /* stating it explicitly is fine */
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_OK);
	/* first move sent before the start */
	m4[0].sent = start - 1;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	m4[0].sent = INT32_MAX;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_RANGE);
	m4[0].sent = start + 5;
	/* pending received before the last sent */
	g.pending.received = start + 4;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	g.pending.received = CLOCK_NO_DATE;
	g.pending.announced = -1;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_RANGE);
	g.pending.announced = 0;
	/* bad stops, bad shape */
	struct clock_interval bad[] = {{start + 3, start}};
	g.stops = bad;
	g.nstops = 1;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	g.stops = NULL;
	g.nstops = 0;
	g.first_side = (enum clock_side)2;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	g.first_side = CLOCK_WHITE;
	g.moves = NULL;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	g.moves = m4;
	g.profile = NULL;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	g.profile = post;
	g.start = CALENDAR_MAX_DAY + 1;
	ck_assert_int_eq(clock_compute(&g, &res, NULL, err, sizeof err), CC_ERR_RANGE);
	ck_assert_int_eq(clock_compute(NULL, &res, NULL, err, sizeof err), CC_ERR_INVALID);
	g.start = start;
	ck_assert_int_eq(clock_compute(&g, NULL, NULL, err, sizeof err), CC_ERR_INVALID);
	/* a clock running past 9999 */
	struct clock_game late = game(post, D("9999-12-10"), NULL, 0);
	ck_assert_int_eq(clock_compute(&late, &res, NULL, err, sizeof err), CC_ERR_RANGE);
}
END_TEST

START_TEST(test_silence_dates)
{
	const struct clock_profile *post = P("dsu-post");
	int32_t rem, tl;
	char err[128];
	int32_t r = D("2027-06-01");
	ck_assert_int_eq(clock_silence_dates(post, r, CLOCK_NO_DATE, 0, -1, NULL, 0, &rem, &tl, err,
	                                     sizeof err),
	                 CC_OK);
	ck_assert_int_eq(rem, r + 16);
	ck_assert_int_eq(tl, r + 23);
	ck_assert_int_eq(clock_silence_dates(post, r, CLOCK_NO_DATE, 0, 0, NULL, 0, &rem, &tl, err,
	                                     sizeof err),
	                 CC_OK);
	ck_assert_int_eq(rem, r + 14);
	/* e-mail, reminder inside the Christmas holiday: the TL date waits */
	const struct clock_profile *mail = P("dsu-email");
	ck_assert_int_eq(clock_silence_dates(mail, D("2027-12-05"), D("2027-12-04"), 0, -1, NULL, 0,
	                                     &rem, &tl, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(rem, D("2027-12-18")); /* 6.8.3: 4..17 Dec, from the mail, are the 14 */
	ck_assert_int_eq(tl, D("2028-01-06"));  /* 18, 19 Dec + 1..5 Jan */
	ck_assert_int_eq(clock_silence_dates(mail, r, CLOCK_NO_DATE, -1, -1, NULL, 0, &rem, &tl,
	                                     err, sizeof err),
	                 CC_ERR_RANGE);
}
END_TEST

/* ---- vacations --------------------------------------------------------- */

START_TEST(test_tournament_year)
{
	int y;
	struct clock_interval span;
	int32_t start = D("2024-02-29");
	ck_assert_int_eq(clock_tournament_year(start, start, &y, &span), CC_OK);
	ck_assert_int_eq(y, 0);
	ck_assert_int_eq(span.first, start);
	ck_assert_int_eq(span.last, D("2025-02-27"));
	ck_assert_int_eq(clock_tournament_year(start, D("2025-02-28"), &y, &span), CC_OK);
	ck_assert_int_eq(y, 1);
	ck_assert_int_eq(span.last, D("2026-02-27"));
	ck_assert_int_eq(clock_tournament_year(start, D("2028-02-29"), &y, &span), CC_OK);
	ck_assert_int_eq(y, 4);
	ck_assert_int_eq(span.first, D("2028-02-29"));
	ck_assert_int_eq(clock_tournament_year(start, D("2028-02-28"), &y, NULL), CC_OK);
	ck_assert_int_eq(y, 3);
	ck_assert_int_eq(clock_tournament_year(start, start - 1, &y, NULL), CC_ERR_RANGE);
	ck_assert_int_eq(clock_tournament_year(D("9999-06-01"), D("9999-12-31"), &y, &span), CC_OK);
	ck_assert_int_eq(span.last, CALENDAR_MAX_DAY);
}
END_TEST

START_TEST(test_vacation_days)
{
	int32_t days;
	struct clock_interval easter = {D("2027-03-20"), D("2027-04-02")};
	ck_assert_int_eq(clock_vacation_days(P("dsu-post"), easter, &days), CC_OK);
	ck_assert_int_eq(days, 14 - 8); /* DSU 6.3.6.2: holidays use no vacation days */
	ck_assert_int_eq(clock_vacation_days(P("server"), easter, &days), CC_OK);
	ck_assert_int_eq(days, 14);
	struct clock_interval one = {D("2027-06-08"), D("2027-06-08")};
	ck_assert_int_eq(clock_vacation_days(P("dsu-post"), one, &days), CC_OK);
	ck_assert_int_eq(days, 1);
	struct clock_interval bad = {D("2027-06-08"), D("2027-06-07")};
	ck_assert_int_eq(clock_vacation_days(P("dsu-post"), bad, &days), CC_ERR_INVALID);
	ck_assert_int_eq(clock_vacation_days(NULL, one, &days), CC_ERR_INVALID);
}
END_TEST

/* DSU 6.3.6 / 6.8.8: an e-mail vacation covers every tournament of the
 * player, each with its own allowance counted from its own start. */
START_TEST(test_vacation_check_each)
{
	const struct clock_profile *mail = P("dsu-email");
	struct clock_interval t1_taken[] = {{D("2027-05-01"), D("2027-05-30")}}; /* 30 days */
	struct clock_vacation_scope sc[] = {
	        {D("2027-06-01"), NULL, 0},     /* T2: nothing taken yet */
	        {D("2027-01-01"), t1_taken, 1}, /* T1: 5 days left in its first year */
	};
	struct clock_vacation_check out;
	size_t bad = 99;
	char err[256];
	struct clock_interval ten = {D("2027-07-01"), D("2027-07-10")};
	ck_assert_int_eq(clock_vacation_check_each(mail, CLOCK_VACATION, sc, 2, D("2027-06-20"),
	                                           ten, &out, &bad, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_uint_eq(bad, 1);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_TOO_LONG);
	/* T2 alone would grant it */
	ck_assert_int_eq(clock_vacation_check_each(mail, CLOCK_VACATION, sc, 1, D("2027-06-20"),
	                                           ten, &out, &bad, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(out.remaining, 35);
	struct clock_interval five = {D("2027-07-01"), D("2027-07-05")};
	ck_assert_int_eq(clock_vacation_check_each(mail, CLOCK_VACATION, sc, 2, D("2027-06-20"),
	                                           five, &out, &bad, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(out.days, 5);
	ck_assert_int_eq(out.remaining, 5); /* the smaller of 35 and 5 */
	/* T1's second year starts on 1 January 2028: ten days fit both */
	struct clock_interval jan = {D("2028-01-05"), D("2028-01-14")};
	ck_assert_int_eq(clock_vacation_check_each(mail, CLOCK_VACATION, sc, 2, D("2027-12-01"),
	                                           jan, &out, &bad, err, sizeof err),
	                 CC_OK);
	/* the notice rule holds for each (V0: 6 days) */
	ck_assert_int_eq(clock_vacation_check_each(mail, CLOCK_VACATION, sc, 2, D("2027-06-28"),
	                                           five, &out, &bad, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_uint_eq(bad, 0);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_NOTICE_TOO_SHORT);
	ck_assert_int_eq(clock_vacation_check_each(mail, CLOCK_VACATION, sc, 0, D("2027-06-20"),
	                                           five, &out, &bad, err, sizeof err),
	                 CC_ERR_INVALID);
}
END_TEST

START_TEST(test_vacation_check)
{
	const struct clock_profile *post = P("dsu-post");
	int32_t start = D("2027-01-04");
	struct clock_vacation_check out;
	char err[256];
	struct clock_interval req = {D("2027-06-11"), D("2027-06-25")}; /* 15 days */
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, NULL, 0, D("2027-06-05"),
	                                      req, &out, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_OK);
	ck_assert_int_eq(out.days, 15);
	ck_assert_int_eq(out.remaining, 35);
	ck_assert_int_eq(out.year, 0);
	/* DSU 6.3.6.1 */
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, NULL, 0, D("2027-06-06"),
	                                      req, &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_NOTICE_TOO_SHORT);
	ck_assert_ptr_nonnull(strstr(err, "2027-06-12"));
	/* the notice may be skipped (a TL entry) */
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, NULL, 0, CLOCK_NO_DATE,
	                                      req, &out, err, sizeof err),
	                 CC_OK);
	/* DSU 6.3.6: 35 days per year, split allowed */
	struct clock_interval taken[] = {{D("2027-05-01"), D("2027-05-20")}}; /* 20 */
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, taken, 1, CLOCK_NO_DATE,
	                                      req, &out, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(out.remaining, 15);
	req.last += 1;
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, taken, 1, CLOCK_NO_DATE,
	                                      req, &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_TOO_LONG);
	ck_assert_int_eq(out.days, 16);
	/* across a tournament-year boundary (year 1 starts 2028-01-04): 15 Dec
	   to 10 Jan charges 5 + 3 days to year 0 and 7 to year 1 */
	struct clock_interval x = {D("2027-12-15"), D("2028-01-10")};
	struct clock_interval t27[] = {{D("2027-05-01"), D("2027-05-27")}};
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, t27, 1, CLOCK_NO_DATE, x,
	                                      &out, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(out.days, 15);
	t27[0].last += 1; /* 28 + 8 > 35 */
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, t27, 1, CLOCK_NO_DATE, x,
	                                      &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_TOO_LONG);
	ck_assert_ptr_nonnull(strstr(err, "year 1"));
	/* year 1 is full: the part in year 1 fails */
	struct clock_interval t1[] = {{D("2028-05-01"), D("2028-06-04")}}; /* 35 days */
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, t1, 1, CLOCK_NO_DATE, x,
	                                      &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_ptr_nonnull(strstr(err, "year 2"));
	/* overlap, before the start, bad span */
	struct clock_interval own[] = {{D("2027-06-01"), D("2027-06-11")}};
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, own, 1, CLOCK_NO_DATE,
	                                      req, &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_OVERLAP);
	struct clock_interval early = {D("2026-12-28"), D("2027-01-06")};
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, NULL, 0, CLOCK_NO_DATE,
	                                      early, &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_BEFORE_START);
	struct clock_interval backwards = {D("2027-06-10"), D("2027-06-01")};
	ck_assert_int_eq(clock_vacation_check(post, CLOCK_VACATION, start, NULL, 0, CLOCK_NO_DATE,
	                                      backwards, &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_BAD_SPAN);
	/* bad arguments */
	ck_assert_int_eq(clock_vacation_check(post, (enum clock_stop_kind)9, start, NULL, 0,
	                                      CLOCK_NO_DATE, req, &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_OK);
	ck_assert_int_eq(clock_vacation_check(NULL, CLOCK_VACATION, start, NULL, 0, CLOCK_NO_DATE,
	                                      req, &out, err, sizeof err),
	                 CC_ERR_INVALID);
}
END_TEST

START_TEST(test_special_leave)
{
	int32_t start = D("2027-01-04");
	struct clock_vacation_check out;
	char err[256];
	/* e-mail: up to 30 days a year (6.8.8), outside the 35 */
	struct clock_interval taken[] = {{D("2027-03-01"), D("2027-03-20")}}; /* 20 */
	struct clock_interval req = {D("2027-09-01"), D("2027-09-10")};       /* 10 */
	ck_assert_int_eq(clock_vacation_check(P("dsu-email"), CLOCK_SPECIAL_LEAVE, start, taken, 1,
	                                      D("2027-08-31"), req, &out, err, sizeof err),
	                 CC_OK); /* no notice rule for special leave */
	ck_assert_int_eq(out.remaining, 10);
	req.last += 1;
	ck_assert_int_eq(clock_vacation_check(P("dsu-email"), CLOCK_SPECIAL_LEAVE, start, taken, 1,
	                                      D("2027-08-31"), req, &out, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(out.verdict, CLOCK_VAC_TOO_LONG);
	/* postal: at the TL's discretion, no cap */
	struct clock_interval long_leave = {D("2027-02-01"), D("2027-09-30")};
	ck_assert_int_eq(clock_vacation_check(P("dsu-post"), CLOCK_SPECIAL_LEAVE, start, NULL, 0,
	                                      CLOCK_NO_DATE, long_leave, &out, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(out.remaining, -1);
	int32_t rem;
	ck_assert_int_eq(clock_vacation_remaining(P("dsu-post"), CLOCK_SPECIAL_LEAVE, start, NULL,
	                                          0, start, &rem),
	                 CC_OK);
	ck_assert_int_eq(rem, -1);
	ck_assert_int_eq(clock_vacation_remaining(P("dsu-email"), CLOCK_VACATION, start, taken, 1,
	                                          D("2027-12-31"), &rem),
	                 CC_OK);
	ck_assert_int_eq(rem, 15);
	ck_assert_int_eq(clock_vacation_remaining(P("dsu-email"), CLOCK_VACATION, start, taken, 1,
	                                          D("2028-01-04"), &rem),
	                 CC_OK);
	ck_assert_int_eq(rem, 35); /* a new tournament year */
	ck_assert_int_eq(clock_vacation_remaining(P("dsu-email"), CLOCK_VACATION, start, taken, 1,
	                                          start - 1, &rem),
	                 CC_ERR_RANGE);
	ck_assert_int_eq(clock_vacation_remaining(P("dsu-email"), CLOCK_VACATION, start, NULL, 1,
	                                          start, &rem),
	                 CC_ERR_INVALID);
}
END_TEST

/* ---- properties -------------------------------------------------------- */

static const struct clock_profile *random_profile(void)
{
	return clock_profile_at((size_t)rint_(0, 2));
}

static size_t random_stops(struct clock_interval *st, int32_t around, int spread)
{
	size_t n = (size_t)rint_(0, 6);
	for (size_t i = 0; i < n; i++) {
		st[i].first = around + rint_(-40, spread);
		st[i].last = st[i].first + rint_(0, 40);
	}
	return n;
}

/* One move: never negative, never more than the calendar days, monotone
 * in the sent date, a stopped day never counted, the same as the naive
 * day-by-day count, independent of the order of the stops. */
START_TEST(test_prop_one_move)
{
	rng_state = 20270601;
	int32_t lo = D("2000-01-01"), hi = D("2090-01-01");
	for (int it = 0; it < 3000; it++) {
		const struct clock_profile *p = random_profile();
		int32_t r = rint_(lo, hi);
		int32_t s = r + (it % 10 == 0 ? rint_(0, 1200) : rint_(0, 60));
		struct clock_interval st[8], rev[8];
		size_t n = random_stops(st, r, s - r + 40);
		int32_t got = days_of(p, r, s, st, n);
		if (got < 0 || got > s - r)
			ck_abort_msg("it %d: %d days for a span of %d", it, got, s - r);
		int32_t naive = naive_days(p, r, s, st, n);
		if (got != naive)
			ck_abort_msg("it %d (%s): %d, naive %d", it, p->name, got, naive);
		int32_t later = days_of(p, r, s + 1, st, n);
		if (later < got)
			ck_abort_msg("it %d: not monotone (%d then %d)", it, got, later);
		for (size_t i = 0; i < n; i++)
			rev[i] = st[n - 1 - i];
		if (days_of(p, r, s, rev, n) != got)
			ck_abort_msg("it %d: the order of the stops matters", it);
		/* a stopped day adds nothing: compare [r, d) and [r, d + 1) for a
		   day d in a stop (no Sunday involved under the weekend rule) */
		if (n > 0) {
			int32_t d = st[0].first + rint_(0, st[0].last - st[0].first);
			bool sunday = calendar_weekday(d) == CALENDAR_SUNDAY ||
			              calendar_weekday(d + 1) == CALENDAR_SUNDAY;
			if (d >= r && !(p->weekend_rule && sunday) &&
			    days_of(p, r, d + 1, st, n) != days_of(p, r, d, st, n))
				ck_abort_msg("it %d: a vacation day was counted", it);
		}
		if (p->holidays) { /* 24 December is always a holiday */
			int32_t xmas = 0;
			calendar_from_ymd(calendar_year(r), 12, 24, &xmas);
			if (xmas >= r && calendar_weekday(xmas) != CALENDAR_SUNDAY &&
			    calendar_weekday(xmas + 1) != CALENDAR_SUNDAY &&
			    days_of(p, r, xmas + 1, st, n) != days_of(p, r, xmas, st, n))
				ck_abort_msg("it %d: a holiday was counted", it);
		}
	}
}
END_TEST

/* clock_date_after() inverts clock_move_days(): the answer costs at least
 * n days, the day before it less. */
START_TEST(test_prop_inverse)
{
	rng_state = 4242;
	for (int it = 0; it < 3000; it++) {
		const struct clock_profile *p = random_profile();
		int32_t r = rint_(D("2000-01-01"), D("2090-01-01"));
		struct clock_interval st[8];
		size_t n = random_stops(st, r, 300);
		int32_t need = rint_(0, 200), when;
		ck_assert_int_eq(clock_date_after(p, r, need, st, n, &when, NULL, 0), CC_OK);
		if (days_of(p, r, when, st, n) < need)
			ck_abort_msg("it %d: %d days short", it, need);
		if (when > r && days_of(p, r, when - 1, st, n) >= need)
			ck_abort_msg("it %d: not the first date", it);
	}
}
END_TEST

/* A random game; plies/moves/stops are the caller's arrays. */
static struct clock_game random_game(struct clock_move *m, size_t max, struct clock_interval *st,
                                     bool plain)
{
	const struct clock_profile *p = random_profile();
	int32_t start = rint_(D("2000-01-01"), D("2090-01-01"));
	size_t n = (size_t)rint_(0, (int)max);
	int32_t prev = start;
	for (size_t i = 0; i < n; i++) {
		int32_t r;
		if (i == 0)
			r = rint_(0, 1) ? CLOCK_NO_DATE : start;
		else if (p->receipt != CLOCK_RECEIPT_STATED && rint_(0, 1))
			r = CLOCK_NO_DATE;
		else
			r = prev + rint_(0, 4);
		int32_t rr = r != CLOCK_NO_DATE                     ? r
		             : i == 0                               ? start
		             : p->receipt == CLOCK_RECEIPT_NEXT_DAY ? prev + 1
		                                                    : prev;
		int32_t s = rr + (rint_(0, 9) == 0 ? rint_(0, 45) : rint_(0, 6));
		m[i] = (struct clock_move){r, s, 0, 0, 0, 0, 0};
		if (!plain) {
			if (rint_(0, 12) == 0)
				m[i].flags |= CLOCK_MOVE_ACCEPTED;
			if (rint_(0, 20) == 0)
				m[i].invalid = (uint8_t)rint_(1, 2);
			if (rint_(0, 20) == 0)
				m[i].announced = (int16_t)rint_(15, 30);
			if (rint_(0, 25) == 0)
				m[i].flags |= CLOCK_MOVE_REMINDED;
			if (rint_(0, 40) == 0)
				m[i].flags |= CLOCK_MOVE_TL_TOLD;
		}
		prev = s;
	}
	struct clock_game g = game(p, start, m, n);
	g.stops = st;
	g.nstops = random_stops(st, start, (int)n * 6 + 60);
	if (!plain) {
		g.flags = rint_(0, 1) ? CLOCK_GAME_AUTO_SILENCE : 0;
		if (rint_(0, 3) == 0)
			g.pending.received = prev + rint_(0, 3);
		if (rint_(0, 5) == 0)
			g.pending.invalid = rint_(1, 2);
		if (rint_(0, 5) == 0)
			g.pending.announced = rint_(15, 30);
		if (rint_(0, 8) == 0)
			g.pending.flags = CLOCK_MOVE_REMINDED;
		if (rint_(0, 3) == 0)
			g.today = prev + rint_(0, 90);
	}
	return g;
}

/* The one pass agrees with costing every move on its own, and the totals
 * add up. */
START_TEST(test_prop_one_pass_vs_move_by_move)
{
	rng_state = 777;
	struct clock_move m[120];
	struct clock_ply plies[120];
	struct clock_interval st[8];
	for (int it = 0; it < 1500; it++) {
		struct clock_game g = random_game(m, 120, st, false);
		struct clock_result res = compute(&g, plies);
		int64_t think[2] = {0, 0}, pen[2] = {0, 0};
		for (size_t i = 0; i < g.nmoves; i++) {
			int32_t d =
			        days_of(g.profile, plies[i].received, plies[i].sent, st, g.nstops);
			if (d != plies[i].days)
				ck_abort_msg("it %d ply %zu: %d alone, %d in the pass", it, i, d,
				             plies[i].days);
			think[plies[i].side] += d;
			pen[plies[i].side] += plies[i].penalty;
			if (plies[i].used != think[plies[i].side] + pen[plies[i].side])
				ck_abort_msg("it %d ply %zu: running total", it, i);
		}
		for (int w = 0; w < 2; w++) {
			ck_assert_int_eq(res.player[w].thinking_days, think[w]);
			ck_assert_int_eq(res.player[w].penalty_days, pen[w]);
			ck_assert_int_eq(res.player[w].used_days, think[w] + pen[w]);
			ck_assert_int_eq(res.player[w].left_days,
			                 res.player[w].limit_days - res.player[w].used_days);
		}
		/* computing the game move by move: each prefix's totals are the
		   running totals of the whole */
		if (g.nmoves > 0) {
			struct clock_game h = g;
			h.nmoves = (size_t)rint_(0, (int)g.nmoves - 1);
			h.pending = (struct clock_pending){CLOCK_NO_DATE, 0, 0, 0, 0, 0, 0};
			h.today = CLOCK_NO_DATE;
			struct clock_result pre = compute(&h, NULL);
			for (int w = 0; w < 2; w++) {
				int32_t used = 0;
				for (size_t i = 0; i < h.nmoves; i++)
					if ((int)plies[i].side == w)
						used = plies[i].used;
				ck_assert_int_eq(pre.player[w].used_days, used);
			}
		}
	}
}
END_TEST

/* The forfeit date means what it says: the pending move sent that day
 * brings the mover over the limit, sent the day before it does not. */
START_TEST(test_prop_forfeit_date)
{
	rng_state = 99;
	struct clock_move m[122];
	struct clock_ply plies[122];
	struct clock_interval st[8];
	for (int it = 0; it < 1500; it++) {
		struct clock_game g = random_game(m, 120, st, false);
		g.today = CLOCK_NO_DATE;
		struct clock_result res = compute(&g, NULL);
		int w = res.to_move;
		int32_t fd = res.player[w].forfeit_date;
		int32_t limit = res.player[w].limit_days;
		int32_t r = res.pending_received;
		ck_assert(fd >= r);
		struct clock_game h = g;
		h.pending = (struct clock_pending){CLOCK_NO_DATE, 0, 0, 0, 0, 0, 0};
		m[g.nmoves] = (struct clock_move){g.nmoves == 0 ? CLOCK_NO_DATE : r,
		                                  fd,
		                                  (int16_t)g.pending.announced,
		                                  (uint8_t)g.pending.invalid,
		                                  (uint8_t)g.pending.flags,
		                                  g.pending.reminded_on,
		                                  g.pending.tl_on};
		h.nmoves = g.nmoves + 1;
		compute(&h, plies);
		if (plies[g.nmoves].used <= limit)
			ck_abort_msg("it %d: sent on the forfeit date, %d <= %d", it,
			             plies[g.nmoves].used, limit);
		if (fd > r) {
			m[g.nmoves].sent = fd - 1;
			compute(&h, plies);
			if (plies[g.nmoves].used > limit)
				ck_abort_msg("it %d: already over the day before", it);
		}
	}
}
END_TEST

/* Plain games (no series, no penalties) against a naive reference of the
 * controls: the first control k with a day-by-day total over k * 3 (or 4),
 * and the first day on which the total went over. */
START_TEST(test_prop_controls_naive)
{
	rng_state = 31337;
	struct clock_move m[200];
	struct clock_ply plies[200];
	struct clock_interval st[8];
	int forfeits = 0;
	for (int it = 0; it < 800; it++) {
		struct clock_game g = random_game(m, 200, st, true);
		struct clock_result res = compute(&g, plies);
		const struct clock_profile *p = g.profile;
		for (int w = 0; w < 2; w++) {
			int32_t used = 0, limit = 0;
			int moves = 0, fmove = 0;
			for (size_t i = 0; i < g.nmoves && fmove == 0; i++) {
				if ((int)plies[i].side != w)
					continue;
				used += naive_days(p, plies[i].received, plies[i].sent, st,
				                   g.nstops);
				/* 6.3.3.1: over the allowance of the control not yet
				   passed, after any move */
				int per = p->moves_per_period;
				int control = (++moves + per - 1) / per * per;
				limit = control / per * p->days_per_period;
				if (used > limit)
					fmove = control;
			}
			ck_assert_int_eq(res.player[w].forfeited, fmove != 0);
			if (fmove == 0)
				continue;
			forfeits++;
			ck_assert_int_eq(res.player[w].forfeit_move, fmove);
			/* the first move whose running total passed the limit, and
			   day by day the first sent date that would have passed it */
			int32_t total = 0, fon = CLOCK_NO_DATE;
			for (size_t i = 0; i < g.nmoves && fon == CLOCK_NO_DATE; i++) {
				if ((int)plies[i].side != w)
					continue;
				int32_t r = plies[i].received;
				for (int32_t d = r; d <= plies[i].sent; d++)
					if (total + naive_days(p, r, d, st, g.nstops) > limit) {
						fon = d;
						break;
					}
				total += naive_days(p, r, plies[i].sent, st, g.nstops);
			}
			ck_assert_int_eq(res.player[w].forfeit_on, fon);
		}
	}
	ck_assert_msg(forfeits > 20, "only %d forfeits: the test lacks bite", forfeits);
}
END_TEST

/* One move from 1583 to 9999: 8417 years of holidays, no day loop. */
START_TEST(test_long_span)
{
	const struct clock_profile *mail = P("dsu-email");
	struct clock_interval st[] = {{D("1700-01-01"), D("1750-12-31")},
	                              {D("2027-06-08"), D("2027-06-22")}};
	int32_t got = days_of(mail, CALENDAR_MIN_DAY, CALENDAR_MAX_DAY, st, 2);
	ck_assert_int_eq(got, naive_days(mail, CALENDAR_MIN_DAY, CALENDAR_MAX_DAY, st, 2));
	int32_t when;
	ck_assert_int_eq(clock_date_after(mail, CALENDAR_MIN_DAY, got, st, 2, &when, NULL, 0),
	                 CC_OK);
	ck_assert(when <= CALENDAR_MAX_DAY);
	ck_assert_int_eq(days_of(mail, CALENDAR_MIN_DAY, when, st, 2), got);
}
END_TEST

/* DSU 6.3.3.2 on the server, where accepted series moves are made one at
 * a time: Black has used 27 days over 9 moves, receives a series for his
 * moves 10-12 and accepts move 10 after 9 more days (36 in all).  While
 * the series still proposes his moves 11 and 12 he is not over the limit:
 * the check waits for the last move he accepts (12 -> 36 days, vector S1).
 * Once the series is gone (he left it), the run ends at move 10: 36 > 30. */
/* DSU 6.2.5: a series is in the letter by post and e-mail, so the
 * opponent sees it; the server profile hides it, as ICCF does. */
START_TEST(test_series_shown_by_profile)
{
	ck_assert(clock_profile_find("dsu-post")->series_shown);
	ck_assert(clock_profile_find("dsu-email")->series_shown);
	ck_assert(!clock_profile_find("server")->series_shown);
}
END_TEST

START_TEST(test_series_run_still_open)
{
	/* dsu-post without the weekend rule, so every day counts plainly */
	struct clock_profile prof = *clock_profile_find("dsu-post");
	prof.weekend_rule = false;
	struct clock_move mv[21];
	memset(mv, 0, sizeof mv);
	int32_t day = D("2027-01-04");
	for (int i = 0; i < 21; i++) {
		int black = i % 2;
		mv[i].received = black ? day + 1 : day; /* a day in the post */
		/* White answers the same day; Black takes 3 days, 9 on his 10th
		 * move (ply 19), which accepts the first move of a series; ply 20
		 * is White's automatic reply from the series. */
		mv[i].sent = mv[i].received + (black ? (i == 19 ? 9 : 3) : 0);
		if (i == 19)
			mv[i].flags = CLOCK_MOVE_ACCEPTED;
		if (i == 20)
			mv[i].received = mv[i].sent = mv[19].sent;
		day = mv[i].sent;
	}
	struct clock_game g;
	memset(&g, 0, sizeof g);
	g.profile = &prof;
	g.start = D("2027-01-04");
	g.today = day;
	g.first_side = CLOCK_WHITE;
	g.moves = mv;
	g.nmoves = 21;
	g.pending.received = day;
	g.pending.series_last = 12; /* the series still proposes Black's 11 and 12 */
	g.transit_days = -1;
	struct clock_result res;
	char err[256];
	ck_assert_msg(clock_compute(&g, &res, NULL, err, sizeof err) == CC_OK, "%s", err);
	const struct clock_player *b = &res.player[CLOCK_BLACK];
	ck_assert_int_eq(b->used_days, 36);
	ck_assert(!b->forfeited);
	ck_assert_int_eq(b->next_control, 12);
	ck_assert_int_eq(b->limit_days, 36);

	/* The series is gone: the run of one accepted move is judged at 10. */
	g.pending.series_last = 0;
	ck_assert_msg(clock_compute(&g, &res, NULL, err, sizeof err) == CC_OK, "%s", err);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_move, 10);
	/* dated on the day move 10 went over 30 (27 + 4), not when it was noticed,
	   and whether or not there is a today */
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_on, mv[19].received + 4);
	g.today = CLOCK_NO_DATE;
	ck_assert_msg(clock_compute(&g, &res, NULL, err, sizeof err) == CC_OK, "%s", err);
	ck_assert(res.player[CLOCK_BLACK].forfeited);
	ck_assert_int_eq(res.player[CLOCK_BLACK].forfeit_on, mv[19].received + 4);
}
END_TEST

/* S1 (DSU 6.3.3.2, 6.2.5 "or the last move of his own"): accepting the
 * whole series for moves 10-12 he may use 36 days up to his move 12; his
 * answer after the series is his own move 13, judged at move 20. */
START_TEST(test_series_whole_then_answer)
{
	struct clock_profile p30 = post30();
	int32_t start = D("2027-05-03"), t = start;
	struct clock_move m[40];
	size_t n = 0;
	for (int k = 1; k <= 9; k++) {
		m[n++] = (struct clock_move){k == 1 ? CLOCK_NO_DATE : t, t, 0, 0, 0, 0, 0};
		m[n++] = (struct clock_move){t, t, 0, 0, 0, 0, 0};
	}
	for (int k = 10; k <= 12; k++) { /* White accepts 10, 11, 12: 12 days each */
		m[n++] = (struct clock_move){t, t + 12, 0, 0, CLOCK_MOVE_ACCEPTED, 0, 0};
		t += 12;
		m[n++] = (struct clock_move){t, t, 0, 0, CLOCK_MOVE_AUTO, 0, 0};
	}
	struct clock_game g = game(&p30, start, m, n);
	g.pending.received = t;
	struct clock_result res = compute(&g, NULL);
	const struct clock_player *w = &res.player[CLOCK_WHITE];
	ck_assert_int_eq(res.to_move, CLOCK_WHITE);
	ck_assert(!w->forfeited); /* 36 of 36 */
	ck_assert_int_eq(w->used_days, 36);
	ck_assert_int_eq(w->next_control, 20);
	ck_assert_int_eq(w->limit_days, 60);
	ck_assert_int_eq(w->forfeit_date, t + 25);
	/* the answer 20 days later is in time: the check at 12 is over */
	m[n] = (struct clock_move){t, t + 20, 0, 0, 0, 0, 0};
	g.nmoves = n + 1;
	g.pending.received = CLOCK_NO_DATE;
	res = compute(&g, NULL);
	ck_assert(!res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].used_days, 56);
	/* ... but if it broke off a series still going on, it counts: 56 > 36 */
	m[n].flags = CLOCK_MOVE_BROKE;
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_move, 12);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, t + 1);
	/* one day more on the accepted moves: over at 12 either way */
	m[n].flags = 0;
	m[n - 2].sent += 1;
	m[n - 1].received = m[n - 1].sent = m[n - 2].sent;
	m[n].received = m[n - 2].sent;
	m[n].sent = m[n].received + 1;
	res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_move, 12);
}
END_TEST

/* Issue 9: a move after one's own forfeit date never shows the player as
 * not forfeited, also when it is no control move and the opponent is to
 * move now; and the opponent's answer after it is playing on (6.3.3.4). */
START_TEST(test_game_forfeit_sticky)
{
	const struct clock_profile *srv = P("server"); /* 40 days / 10 moves */
	int32_t start = D("2027-05-03");
	struct clock_move m[] = {
	        {CLOCK_NO_DATE, start + 1, 0, 0, 0, 0, 0},
	        {CLOCK_NO_DATE, start + 1, 0, 0, 0, 0, 0},
	        {CLOCK_NO_DATE, start + 2, 0, 0, 0, 0, 0},
	        {CLOCK_NO_DATE, start + 3, 0, 0, 0, 0, 0},
	        {CLOCK_NO_DATE, start + 45, 0, 0, 0, 0, 0}, /* White's 3rd: 42 days */
	        {CLOCK_NO_DATE, start + 46, 0, 0, 0, 0, 0}, /* Black answers */
	        {CLOCK_NO_DATE, start + 47, 0, 0, 0, 0, 0},
	};
	struct clock_game g = game(srv, start, m, 4);
	g.today = start + 44; /* before White's 3rd: forfeited while to move */
	struct clock_result res = compute(&g, NULL);
	ck_assert(res.player[CLOCK_WHITE].forfeited);
	ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, start + 3 + 39);
	struct clock_played_on po;
	ck_assert_int_eq(clock_played_on(&g, &res, &po), CC_OK);
	ck_assert_int_eq(po.forfeiter, CLOCK_WHITE);
	ck_assert_int_eq(po.shown_ply, 4); /* nothing shown yet */
	ck_assert(!po.both_lose);
	for (size_t n = 5; n <= 7; n++) {
		g.nmoves = n;
		g.today = CLOCK_NO_DATE; /* the moves alone decide */
		res = compute(&g, NULL);
		ck_assert_msg(res.player[CLOCK_WHITE].forfeited, "%zu moves: not forfeited", n);
		ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_move, 10);
		ck_assert_int_eq(res.player[CLOCK_WHITE].forfeit_on, start + 3 + 39);
		ck_assert(!res.player[CLOCK_BLACK].forfeited);
		ck_assert_int_eq(clock_played_on(&g, &res, &po), CC_OK);
		ck_assert_int_eq(po.shown_ply, 4);
		ck_assert_int_eq(po.both_lose, n >= 6);
	}
	ck_assert_int_eq(po.ply, 5);
	ck_assert_int_eq(po.on, start + 46);
	/* an automatic series move of Black is no playing on */
	m[5].flags = CLOCK_MOVE_AUTO;
	g.nmoves = 6;
	res = compute(&g, NULL);
	ck_assert_int_eq(clock_played_on(&g, &res, &po), CC_OK);
	ck_assert(!po.both_lose);
	ck_assert_int_eq(clock_played_on(NULL, &res, &po), CC_ERR_INVALID);
}
END_TEST

TU_MAIN("clock", 120, test_vectors_one_move, test_series_run_still_open,
        test_series_whole_then_answer, test_game_forfeit_sticky, test_series_shown_by_profile,
        test_vectors_email_receipt, test_vectors_vacation_notice, test_vectors_easter_holiday,
        test_vectors_control, test_vectors_penalties, test_vectors_both_lose,
        test_vectors_series_answer, test_profiles, test_profile_post_by_email,
        test_email_reminder_day, test_notice_no_penalty, test_profile_check, test_holidays,
        test_receipt_and_weekend, test_move_days_rules, test_move_days_errors,
        test_move_days_many_stops, test_date_after, test_allowance_and_controls, test_silence_dates,
        test_game_simple, test_game_zero_moves, test_game_first_side_black,
        test_game_forfeit_control, test_game_series_completed, test_game_series_edges,
        test_game_series_pending, test_game_penalties_invalid, test_game_silence_recorded,
        test_game_tl_penalties, test_game_holiday_play_on, test_game_silence_flags,
        test_game_pending_dates, test_game_penalty_forfeit_date, test_game_derived_received,
        test_game_flags_misc, test_game_errors, test_tournament_year, test_vacation_days,
        test_vacation_check, test_vacation_check_each, test_special_leave, test_prop_one_move,
        test_prop_inverse, test_prop_one_pass_vs_move_by_move, test_prop_forfeit_date,
        test_prop_controls_naive, test_long_span)
