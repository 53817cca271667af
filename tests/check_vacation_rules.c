/* check_vacation_rules.c: lib/clock/vacation_rules.c, table-driven: where
 * a request lands, whether it is granted (notice, overlap of either kind,
 * the allowance of every tournament and profile), and what is left
 * (DSU 6.3.6, 6.8.8; vector V0 of tests/vectors/time.json). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/vacation_rules.h"
#include "testutil.h"
#include "util/status.h"

static int32_t D(const char *iso)
{
	int32_t d;
	char err[128];
	ck_assert_msg(calendar_parse(iso, &d, err, sizeof err) == CC_OK, "%s: %s", iso, err);
	return d;
}

static const struct clock_profile *P(const char *name)
{
	const struct clock_profile *p = clock_profile_find(name);
	ck_assert_msg(p != NULL, "no profile %s", name);
	return p;
}

#define MAXN 4

struct tour {
	int64_t id;
	const char *start, *profile;
};

struct per {
	const char *first, *last;
	enum clock_stop_kind kind;
	int64_t tournament;
};

static size_t periods(const struct per *in, struct clock_period *out)
{
	size_t n = 0;
	for (; n < MAXN && in[n].first; n++)
		out[n] = (struct clock_period){
		        {D(in[n].first), D(in[n].last)}, in[n].kind, in[n].tournament};
	return n;
}

static size_t tournaments(const struct tour *in, struct clock_vacation_tournament *out)
{
	size_t n = 0;
	for (; n < MAXN && in[n].id; n++)
		out[n] = (struct clock_vacation_tournament){in[n].id, D(in[n].start),
		                                            P(in[n].profile)};
	return n;
}

/* ---- where a request lands ---- */

/* clang-format off */
static const struct {
	const char *what;
	struct tour active[MAXN];
	struct tour named; /* id 0: none named */
	int rc;
	int64_t belongs;
	int64_t check[MAXN]; /* the tournaments checked, 0-terminated */
} places[] = {
	{"no tournament: all his games, no allowance of a tournament",
	 {{0}}, {0}, CC_OK, 0, {0}},
	{"his only tournament is postal: it belongs to it (DSU 6.3.6)",
	 {{7, "2027-01-10", "dsu-post"}}, {0}, CC_OK, 7, {7}},
	/* issue 21: an e-mail vacation belongs to its tournament as a postal
	   one does (6.8.8, 6.3.6.1); only server play takes all his games */
	{"his only tournament is e-mail: it belongs to it (6.8.8)",
	 {{7, "2027-01-10", "dsu-email"}}, {0}, CC_OK, 7, {7}},
	{"postal in one of two, none named: he must say which",
	 {{7, "2027-01-10", "dsu-post"}, {8, "2027-03-01", "dsu-email"}}, {0}, CC_ERR_INVALID, 0,
	 {0}},
	{"e-mail in one of two, none named: he must say which (6.8.8)",
	 {{7, "2027-01-10", "dsu-email"}, {8, "2027-03-01", "server"}}, {0}, CC_ERR_INVALID, 0,
	 {0}},
	{"two server tournaments: all games, both allowances",
	 {{7, "2027-01-10", "server"}, {8, "2027-03-01", "server"}}, {0}, CC_OK, 0, {7, 8}},
	{"a postal tournament named among several: that one alone",
	 {{7, "2027-01-10", "dsu-post"}, {8, "2027-03-01", "dsu-post"}},
	 {8, "2027-03-01", "dsu-post"}, CC_OK, 8, {8}},
	{"an e-mail tournament named, no active game: that one",
	 {{0}}, {9, "2027-05-01", "dsu-email"}, CC_OK, 9, {9}},
	{"an e-mail tournament named among several: that one alone (6.8.8)",
	 {{7, "2027-01-10", "dsu-email"}, {8, "2027-03-01", "dsu-post"}},
	 {7, "2027-01-10", "dsu-email"}, CC_OK, 7, {7}},
	{"a server tournament named among several: all of them",
	 {{7, "2027-01-10", "server"}, {8, "2027-03-01", "dsu-post"}},
	 {7, "2027-01-10", "server"}, CC_OK, 0, {7, 8}},
};
/* clang-format on */

START_TEST(place)
{
	struct clock_vacation_tournament active[MAXN], named, check[MAXN];
	size_t n = tournaments(places[_i].active, active), ncheck = 99;
	struct tour one[2] = {places[_i].named, {0}};
	bool has_named = tournaments(one, &named) == 1;
	int64_t belongs = -1;
	char err[300] = "";
	int rc = clock_vacation_place(active, n, has_named ? &named : NULL, &belongs, check,
	                              &ncheck, err, sizeof err);
	ck_assert_msg(rc == places[_i].rc, "%s: rc %d (%s)", places[_i].what, rc, err);
	if (rc != CC_OK) {
		ck_assert_msg(strstr(err, "say which") != NULL, "%s: %s", places[_i].what, err);
		return;
	}
	ck_assert_msg(belongs == places[_i].belongs, "%s: belongs %lld", places[_i].what,
	              (long long)belongs);
	size_t want = 0;
	while (want < MAXN && places[_i].check[want])
		want++;
	ck_assert_msg(ncheck == want, "%s: %zu checked, want %zu", places[_i].what, ncheck, want);
	for (size_t i = 0; i < want; i++)
		ck_assert_msg(check[i].id == places[_i].check[i], "%s: check[%zu] %lld",
		              places[_i].what, i, (long long)check[i].id);
}
END_TEST

/* ---- whether it is granted ---- */

#define V CLOCK_VACATION
#define L CLOCK_SPECIAL_LEAVE

/* clang-format off */
static const struct {
	const char *what;
	const char *all[3]; /* the profiles of all his games; {NULL}: it belongs to a tournament */
	const char *all_start;
	struct tour tours[MAXN];
	struct per taken[MAXN];
	enum clock_stop_kind kind;
	const char *first, *last, *notice;
	enum clock_vacation_verdict verdict;
	int32_t days;       /* when granted */
	const char *saying; /* a word of the refusal */
} decisions[] = {
	/* DSU 6.3.6.1, vector V0: notice 5/6, first day 11/6 at the earliest */
	{"V0: one day short of the notice", {"dsu-post"}, "2027-06-01", {{0}}, {{0}},
	 V, "2027-06-10", "2027-06-14", "2027-06-05", CLOCK_VAC_NOTICE_TOO_SHORT, 0, "2027-06-11"},
	{"V0: the earliest first day", {"dsu-post"}, "2027-06-01", {{0}}, {{0}},
	 V, "2027-06-11", "2027-06-14", "2027-06-05", CLOCK_VAC_OK, 4, NULL},
	{"the strictest notice of his profiles", {"server", "dsu-post"}, "2027-06-01", {{0}}, {{0}},
	 V, "2027-06-07", "2027-06-09", "2027-06-05", CLOCK_VAC_NOTICE_TOO_SHORT, 0,
	 "dsu-post rules"},
	{"server play takes no notice", {"server"}, "2027-06-01", {{0}}, {{0}},
	 V, "2027-06-05", "2027-06-06", "2027-06-05", CLOCK_VAC_OK, 2, NULL},
	/* DSU 6.3.6: 35 days a tournament year */
	{"20 + 16 days are more than 35", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-07-01", "2027-07-20", V, 0}},
	 V, "2027-08-01", "2027-08-16", "2027-06-05", CLOCK_VAC_TOO_LONG, 0, "15 of 35"},
	{"20 + 15 days are 35", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-07-01", "2027-07-20", V, 0}},
	 V, "2027-08-01", "2027-08-15", "2027-06-05", CLOCK_VAC_OK, 15, NULL},
	{"across the year's end the old year is charged too", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-07-01", "2027-07-20", V, 0}, {"2027-08-01", "2027-08-15", V, 0}},
	 V, "2028-01-09", "2028-01-12", "2027-06-05", CLOCK_VAC_TOO_LONG, 0, "year 1"},
	{"the next tournament year has its own 35 days", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-07-01", "2027-07-20", V, 0}, {"2027-08-01", "2027-08-15", V, 0}},
	 V, "2028-01-10", "2028-02-13", "2027-06-05", CLOCK_VAC_OK, 35, NULL},
	/* DSU 6.3.6.2: the mandatory holidays use up no vacation days */
	{"Christmas is not charged", {"dsu-post"}, "2027-01-10", {{0}}, {{0}},
	 V, "2027-12-15", "2028-01-05", "2027-06-05", CLOCK_VAC_OK, 10, NULL},
	{"the most any profile charges", {"dsu-post", "server"}, "2027-01-10", {{0}}, {{0}},
	 V, "2027-12-15", "2028-01-05", "2027-06-05", CLOCK_VAC_OK, 22, NULL},
	/* a period overlaps none of his, of either kind */
	{"a vacation over a vacation", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-08-01", "2027-08-10", V, 0}},
	 V, "2027-08-10", "2027-08-12", "2027-06-05", CLOCK_VAC_OVERLAP, 0, "2027-08-10"},
	{"special leave over a vacation", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-08-01", "2027-08-10", V, 0}},
	 L, "2027-08-05", "2027-08-06", "2027-06-05", CLOCK_VAC_OVERLAP, 0,
	 "overlaps the vacation"},
	{"a vacation over special leave", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-06-05", "2027-07-24", L, 0}},
	 V, "2027-07-20", "2027-07-30", "2027-06-05", CLOCK_VAC_OVERLAP, 0,
	 "overlaps the special leave"},
	{"the notice is heard before the overlap", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-06-08", "2027-06-09", L, 0}},
	 V, "2027-06-07", "2027-06-09", "2027-06-05", CLOCK_VAC_NOTICE_TOO_SHORT, 0, NULL},
	{"the overlap is heard before the allowance", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-07-01", "2027-07-30", V, 0}, {"2027-08-01", "2027-08-02", L, 0}},
	 V, "2027-08-01", "2027-08-10", "2027-06-05", CLOCK_VAC_OVERLAP, 0, NULL},
	{"a period of another tournament does not overlap", {NULL}, NULL,
	 {{1, "2027-01-10", "dsu-post"}}, {{"2027-08-01", "2027-08-10", V, 2}},
	 V, "2027-08-05", "2027-08-06", "2027-06-05", CLOCK_VAC_OK, 2, NULL},
	/* DSU 6.3.6.4, 6.8.8: special leave */
	{"special leave takes no notice, by post no cap", {"dsu-post"}, "2027-01-10", {{0}}, {{0}},
	 L, "2027-06-05", "2027-07-24", "2027-06-05", CLOCK_VAC_OK, 50, NULL},
	{"e-mail: 20 + 11 days of special leave are more than 30", {"dsu-email"}, "2027-06-01",
	 {{0}}, {{"2027-06-10", "2027-06-29", L, 0}},
	 L, "2027-07-01", "2027-07-11", "2027-06-05", CLOCK_VAC_TOO_LONG, 0, "dsu-email rules"},
	{"e-mail: 20 + 10 days of special leave are 30", {"dsu-email"}, "2027-06-01", {{0}},
	 {{"2027-06-10", "2027-06-29", L, 0}, {"2027-07-01", "2027-07-05", V, 0}},
	 L, "2027-07-06", "2027-07-15", "2027-06-05", CLOCK_VAC_OK, 10, NULL},
	{"special leave leaves the vacation days alone", {"dsu-post"}, "2027-01-10", {{0}},
	 {{"2027-06-05", "2027-07-24", L, 0}},
	 V, "2027-08-01", "2027-09-04", "2027-06-05", CLOCK_VAC_OK, 35, NULL},
	{"before his earliest game starts", {"server"}, "2027-07-01", {{0}}, {{0}},
	 V, "2027-06-20", "2027-06-25", "2027-06-05", CLOCK_VAC_BEFORE_START, 0, "2027-07-01"},
	/* issue 9: each tournament's own allowance, periods and start */
	{"a postal tournament counts its own and all-games periods", {NULL}, NULL,
	 {{1, "2027-01-10", "dsu-post"}},
	 {{"2027-07-01", "2027-07-30", V, 2}, {"2027-08-01", "2027-08-05", V, 0}},
	 V, "2027-09-01", "2027-09-30", "2027-06-05", CLOCK_VAC_OK, 30, NULL},
	{"... and 31 more days do not fit", {NULL}, NULL, {{1, "2027-01-10", "dsu-post"}},
	 {{"2027-07-01", "2027-07-30", V, 2}, {"2027-08-01", "2027-08-05", V, 0}},
	 V, "2027-09-01", "2027-10-01", "2027-06-05", CLOCK_VAC_TOO_LONG, 0, NULL},
	{"a tournament that starts later: before its start", {"dsu-email"}, "2027-01-10",
	 {{1, "2027-01-10", "dsu-email"}, {2, "2027-07-01", "dsu-email"}}, {{0}},
	 V, "2027-06-25", "2027-06-28", "2027-06-05", CLOCK_VAC_BEFORE_START, 0, NULL},
	{"every tournament's allowance from its own start", {"dsu-email"}, "2027-01-10",
	 {{1, "2027-01-10", "dsu-email"}, {2, "2027-07-01", "dsu-email"}},
	 {{"2027-07-01", "2027-07-30", V, 1}},
	 V, "2027-08-01", "2027-08-10", "2027-06-05", CLOCK_VAC_TOO_LONG, 0, "5 of 35"},
};
/* clang-format on */

START_TEST(decide)
{
	struct clock_vacation_rules all = {0};
	bool has_all = decisions[_i].all[0] != NULL;
	if (has_all) {
		all.start = D(decisions[_i].all_start);
		for (size_t i = 0; i < 3 && decisions[_i].all[i]; i++)
			all.prof[all.nprof++] = P(decisions[_i].all[i]);
	}
	struct clock_vacation_tournament t[MAXN];
	struct clock_period v[MAXN];
	size_t nt = tournaments(decisions[_i].tours, t), nv = periods(decisions[_i].taken, v);
	struct clock_vacation_request rq = {decisions[_i].kind,
	                                    {D(decisions[_i].first), D(decisions[_i].last)},
	                                    D(decisions[_i].notice)};
	struct clock_vacation_decision d;
	char err[512] = "";
	int rc = clock_vacation_decide(has_all ? &all : NULL, t, nt, v, nv, &rq, &d, err,
	                               sizeof err);
	const char *what = decisions[_i].what;
	ck_assert_msg(d.verdict == decisions[_i].verdict, "%s: verdict %d, want %d (%s)", what,
	              d.verdict, decisions[_i].verdict, err);
	if (decisions[_i].verdict == CLOCK_VAC_OK) {
		ck_assert_msg(rc == CC_OK, "%s: rc %d (%s)", what, rc, err);
		ck_assert_msg(d.days == decisions[_i].days, "%s: %d days, want %d", what, d.days,
		              decisions[_i].days);
	} else {
		ck_assert_msg(rc == CC_ERR_INVALID, "%s: rc %d", what, rc);
		ck_assert_msg(!decisions[_i].saying || strstr(err, decisions[_i].saying),
		              "%s: \"%s\" does not say \"%s\"", what, err, decisions[_i].saying);
	}
}
END_TEST

START_TEST(decide_bad_arguments)
{
	struct clock_vacation_request rq = {V, {D("2027-07-01"), D("2027-07-02")}, D("2027-06-01")};
	struct clock_vacation_decision d;
	struct clock_vacation_rules none = {0};
	char err[200];
	/* neither the rules of all games nor a tournament */
	ck_assert_int_eq(clock_vacation_decide(NULL, NULL, 0, NULL, 0, &rq, &d, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(d.verdict, CLOCK_VAC_OK);
	/* rules without a profile */
	ck_assert_int_eq(clock_vacation_decide(&none, NULL, 0, NULL, 0, &rq, &d, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(d.verdict, CLOCK_VAC_OK);
	/* a reversed span is the rules' refusal */
	struct clock_vacation_rules r = {D("2027-01-01"), {P("server")}, 1};
	rq.iv = (struct clock_interval){D("2027-07-02"), D("2027-07-01")};
	ck_assert_int_eq(clock_vacation_decide(&r, NULL, 0, NULL, 0, &rq, &d, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(d.verdict, CLOCK_VAC_BAD_SPAN);
}
END_TEST

/* tests/vectors/time.json "vacation_notice" (DSU 6.3.6.1), every case,
 * through the whole decision: the earliest first day is granted, the day
 * before refused. */
static void notice_case(json_t *c, size_t i, void *ctx)
{
	(void)i;
	(void)ctx;
	const char *id = json_string_value(json_object_get(c, "id"));
	const char *prof = json_string_value(json_object_get(c, "profile"));
	int32_t notice = D(json_string_value(json_object_get(c, "notice_sent")));
	int32_t earliest = D(json_string_value(json_object_get(c, "earliest_first_day")));
	struct clock_vacation_rules r = {notice - 30, {P(prof)}, 1};
	struct clock_vacation_decision d;
	char err[300];
	struct clock_vacation_request rq = {V, {earliest - 1, earliest + 3}, notice};
	ck_assert_int_eq(clock_vacation_decide(&r, NULL, 0, NULL, 0, &rq, &d, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_msg(d.verdict == CLOCK_VAC_NOTICE_TOO_SHORT, "%s: a day early", id);
	rq.iv.first = earliest;
	ck_assert_msg(clock_vacation_decide(&r, NULL, 0, NULL, 0, &rq, &d, err, sizeof err) ==
	                      CC_OK,
	              "%s: the earliest day: %s", id, err);
}

START_TEST(notice_vectors)
{
	tu_each_vector("time.json", "vacation_notice", 1, notice_case, NULL);
}
END_TEST

/* ---- what is left ---- */

/* clang-format off */
static const struct {
	const char *what;
	const char *prof[3];
	const char *start;
	struct per taken[MAXN];
	const char *date;
	int32_t vacation, leave;
	const char *year_first, *year_last;
} lefts[] = {
	{"35 days used", {"dsu-post"}, "2027-01-10",
	 {{"2027-07-01", "2027-07-20", V, 0}, {"2027-08-01", "2027-08-15", V, 0}},
	 "2027-09-01", 0, -1, "2027-01-10", "2028-01-09"},
	{"the year of today counts", {"dsu-post"}, "2027-01-10",
	 {{"2027-07-01", "2027-07-20", V, 0}},
	 "2028-02-01", 35, -1, "2028-01-10", "2029-01-09"},
	{"before the start: the first year", {"server"}, "2027-07-01",
	 {{"2027-07-05", "2027-07-09", V, 0}},
	 "2027-06-01", 30, 30, "2027-07-01", "2028-06-30"},
	{"e-mail special leave used up", {"dsu-email"}, "2027-06-01",
	 {{"2027-06-10", "2027-06-29", L, 0}, {"2027-07-01", "2027-07-10", L, 0}},
	 "2027-07-15", 35, 0, "2027-06-01", "2028-05-31"},
	{"overdrawn: none left, never less", {"server"}, "2027-01-01",
	 {{"2027-03-01", "2027-04-09", V, 0}},
	 "2027-05-01", 0, 30, "2027-01-01", "2027-12-31"},
	{"the smallest left under a cap", {"dsu-post", "server"}, "2027-01-10",
	 {{"2027-12-15", "2028-01-05", V, 0}, {"2027-03-01", "2027-03-05", L, 0}},
	 "2027-12-01", 13, 25, "2027-01-10", "2028-01-09"},
};
/* clang-format on */

START_TEST(left)
{
	struct clock_vacation_rules r = {D(lefts[_i].start), {NULL}, 0};
	for (size_t i = 0; i < 3 && lefts[_i].prof[i]; i++)
		r.prof[r.nprof++] = P(lefts[_i].prof[i]);
	struct clock_period v[MAXN];
	size_t n = periods(lefts[_i].taken, v);
	struct clock_vacation_left out;
	char err[200];
	ck_assert_int_eq(clock_vacation_left(&r, v, n, D(lefts[_i].date), &out, err, sizeof err),
	                 CC_OK);
	const char *what = lefts[_i].what;
	ck_assert_msg(out.vacation == lefts[_i].vacation, "%s: %d vacation days left", what,
	              out.vacation);
	ck_assert_msg(out.special_leave == lefts[_i].leave, "%s: %d special leave days left", what,
	              out.special_leave);
	ck_assert_msg(out.year.first == D(lefts[_i].year_first) &&
	                      out.year.last == D(lefts[_i].year_last),
	              "%s: the year", what);
}
END_TEST

START_TEST(charged_and_periods_in)
{
	struct clock_vacation_rules r = {D("2027-01-10"), {P("dsu-post"), P("server")}, 2};
	int32_t days;
	/* DSU 6.3.6.2: 10 days by post, 22 on the server: the most */
	ck_assert_int_eq(
	        clock_vacation_charged(
	                &r, (struct clock_interval){D("2027-12-15"), D("2028-01-05")}, &days),
	        CC_OK);
	ck_assert_int_eq(days, 22);
	ck_assert_int_ne(
	        clock_vacation_charged(
	                &r, (struct clock_interval){D("2027-12-15"), D("2027-12-14")}, &days),
	        CC_OK);
	struct per in[MAXN] = {{"2027-01-01", "2027-01-02", V, 0},
	                       {"2027-02-01", "2027-02-02", V, 5},
	                       {"2027-03-01", "2027-03-02", L, 6},
	                       {"2027-04-01", "2027-04-02", L, 5}};
	struct clock_period v[MAXN];
	size_t n = periods(in, v);
	ck_assert_uint_eq(n, 4);
	/* in place, in order */
	ck_assert_uint_eq(clock_periods_in(v, n, 5, v), 3);
	ck_assert_int_eq(v[0].tournament, 0);
	ck_assert_int_eq(v[1].iv.first, D("2027-02-01"));
	ck_assert_int_eq(v[2].iv.first, D("2027-04-01"));
	ck_assert_uint_eq(clock_periods_in(v, 3, 0, v), 1);
	ck_assert(clock_vacation_per_tournament(P("dsu-post")));
	ck_assert(clock_vacation_per_tournament(P("dsu-post-email")));
	ck_assert(clock_vacation_per_tournament(P("dsu-email"))); /* issue 21 */
	ck_assert(!clock_vacation_per_tournament(P("server")));
	ck_assert(!clock_vacation_per_tournament(NULL));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("vacation_rules");
	TCase *tc = tu_case(s, "rules", 0);
	tcase_add_loop_test(tc, place, 0, sizeof places / sizeof places[0]);
	tcase_add_loop_test(tc, decide, 0, sizeof decisions / sizeof decisions[0]);
	TU_ADD(tc, decide_bad_arguments, notice_vectors);
	tcase_add_loop_test(tc, left, 0, sizeof lefts / sizeof lefts[0]);
	TU_ADD(tc, charged_and_periods_in);
	return tu_run(s);
}
