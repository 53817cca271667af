/* check_deadlines.c: lib/corr corr_deadlines() and corr_deadlines_from()
 * (corr/corr_deadlines.h), the
 * dates the store keeps at every write (issue 16).  The sweep and the TL
 * overview look only at games with a date on or before today, so the
 * property that must hold is: on every day, every finding of
 * corr_findings() has a date of its kind and side on or before that day,
 * and the time-trouble alarm falls due exactly on its date.  Checked day
 * by day over games with moves, vacations and special leave, on the
 * server and e-mail profiles; the alarm against the test of
 * server/jobs/notify.c written out again here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "corr/corr_deadlines.h"
#include "testutil.h"
#include "util/status.h"

static int32_t day(const char *iso)
{
	int32_t d;
	ck_assert_int_eq(calendar_parse(iso, &d, NULL, 0), CC_OK);
	return d;
}

static void new_game(struct corr_game *g, const char *profile, const char *start)
{
	position pos;
	struct corr_error e;
	ck_assert_int_eq(fen_parse(&pos, FEN_STARTPOS, NULL, 0), CC_OK);
	ck_assert_int_eq(corr_game_init(g, &pos, clock_profile_find(profile), day(start), &e),
	                 CC_OK);
}

static void play(struct corr_game *g, const char *text, int32_t today)
{
	struct corr_move_request rq = {.text = text};
	struct corr_delta d;
	struct corr_error e = {0};
	int rc = corr_play(g, corr_to_move(g), &rq, today, &d, &e);
	ck_assert_msg(rc == CC_OK, "%s: %s %s", text, e.code, e.message);
	ck_assert_int_eq(corr_apply(g, &d, &e), CC_OK);
}

/* docs/NOTIFY.md as server/jobs/notify.c tests it on day `today`. */
static bool alarm_on(const struct corr_game *g, int32_t today)
{
	struct clock_result res;
	struct corr_error e;
	if (corr_clock(g, today, &res, NULL, &e) != CC_OK || res.to_move < 0)
		return false;
	const struct clock_player *p = &res.player[res.to_move];
	int32_t used = p->used_days + p->running_days, limit = p->limit_days;
	struct clock_days cd;
	if (p->forfeit_date != CLOCK_NO_DATE && p->forfeit_date - 1 >= today &&
	    clock_move_days(g->profile, today, p->forfeit_date - 1, g->stops, g->nstops, &cd, NULL,
	                    0) == CC_OK &&
	    cd.days <= limit)
		used = limit - cd.days;
	if (p->forfeited || limit <= 0 || (int64_t)used * 5 < (int64_t)limit * 4 ||
	    (p->forfeit_date != CLOCK_NO_DATE && today >= p->forfeit_date))
		return false;
	return true;
}

/* The property, day by day from `from` for `days` days. */
static void check_days(const struct corr_game *g, int32_t from, int days, const char *what)
{
	struct corr_deadline dl[CORR_DEADLINES_MAX];
	struct corr_error e;
	int n = corr_deadlines(g, dl, &e);
	ck_assert_msg(n >= 0, "%s: %s", what, e.message);
	int32_t alarm = CLOCK_NO_DATE;
	for (int i = 0; i < n; i++)
		if (dl[i].kind == CORR_DEADLINE_TIME_TROUBLE)
			alarm = dl[i].due;
	int findings_seen = 0;
	for (int32_t d = from; d < from + days; d++) {
		struct corr_finding f[CORR_FINDINGS_MAX];
		int nf = corr_findings(g, d, f, &e);
		ck_assert_msg(nf >= 0, "%s: %s", what, e.message);
		findings_seen += nf;
		for (int k = 0; k < nf; k++) {
			bool covered = false;
			for (int i = 0; i < n; i++)
				covered |= (int)dl[i].kind == (int)f[k].kind &&
				           dl[i].side == f[k].side && dl[i].due <= d;
			ck_assert_msg(covered,
			              "%s: day %d: %s of side %d has no date on or before it", what,
			              d - from, corr_finding_name(f[k].kind), f[k].side);
			/* The date is the finding's own day (the overview orders by it). */
			for (int i = 0; i < n; i++)
				if ((int)dl[i].kind == (int)f[k].kind && dl[i].side == f[k].side)
					ck_assert_int_eq(dl[i].due, f[k].due);
		}
		/* issue 19: the dates from the clock of any day are the dates
		 * computed without a day (corr_deadlines_from()), also on the
		 * days the side to move is already over his limit */
		struct clock_result res;
		struct corr_deadline from_day[CORR_DEADLINES_MAX];
		ck_assert_int_eq(corr_clock(g, d, &res, NULL, &e), CC_OK);
		ck_assert_int_eq(corr_deadlines_from(g, &res, from_day, &e), n);
		for (int i = 0; i < n; i++)
			ck_assert_msg(from_day[i].kind == dl[i].kind &&
			                      from_day[i].side == dl[i].side &&
			                      from_day[i].due == dl[i].due,
			              "%s: day %d: date %d differs from the clock of that day",
			              what, d - from, i);
		bool on = alarm_on(g, d);
		ck_assert_msg(!on || (alarm != CLOCK_NO_DATE && d >= alarm),
		              "%s: day %d: the alarm is on before its date", what, d - from);
		if (alarm != CLOCK_NO_DATE && d == alarm)
			ck_assert_msg(on, "%s: the alarm is not on on its date", what);
	}
	ck_assert_msg(findings_seen > 0, "%s: the days checked hold findings", what);
}

START_TEST(test_server_game_silent_from_the_start)
{
	struct corr_game g;
	new_game(&g, "server", "2027-01-01");
	check_days(&g, day("2026-12-25"), 700, "server, no move");
	struct corr_deadline dl[CORR_DEADLINES_MAX];
	struct corr_error e;
	int n = corr_deadlines(&g, dl, &e);
	int32_t rem = CLOCK_NO_DATE;
	for (int i = 0; i < n; i++)
		if (dl[i].kind == CORR_DEADLINE_REMINDER)
			rem = dl[i].due;
	ck_assert_int_eq(rem, day("2027-01-15")); /* DSU 6.3.4: 14 days */
	corr_game_free(&g);
}
END_TEST

START_TEST(test_moves_and_stops)
{
	static const char *const line[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"};
	for (int stops = 0; stops < 3; stops++) {
		struct corr_game g;
		new_game(&g, _i ? "dsu-email" : "server", "2027-03-01");
		int32_t d = day("2027-03-01");
		for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
			d += (int32_t)(3 + 5 * (i % 3)); /* 3, 8, 13 days a move */
			play(&g, line[i], d);
		}
		/* DSU 6.3.6: a vacation ahead, or special leave over past moves too. */
		struct clock_interval iv[2] = {{d + 5, d + 19},
		                               {day("2027-03-04"), day("2027-03-10")}};
		struct corr_error e;
		if (stops)
			ck_assert_int_eq(corr_game_set_stops(&g, iv, (size_t)stops, &e), CC_OK);
		char what[64];
		snprintf(what, sizeof what, "%s, %d stops", g.profile->name, stops);
		check_days(&g, d - 2, 620, what);
		corr_game_free(&g);
	}
}
END_TEST

START_TEST(test_finished_game_has_none)
{
	struct corr_game g;
	struct corr_deadline dl[CORR_DEADLINES_MAX];
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "server", "2027-01-01");
	ck_assert_int_eq(corr_resign(&g, WHITE, day("2027-01-02"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_int_eq(corr_deadlines(&g, dl, &e), 0);
	corr_game_free(&g);
}
END_TEST

START_TEST(test_names)
{
	for (int k = 0; k < CORR_DEADLINE_KINDS; k++)
		ck_assert_int_eq(corr_deadline_kind_of(corr_deadline_name(k)), k);
	ck_assert_ptr_null(corr_deadline_name(CORR_DEADLINE_KINDS));
	ck_assert_int_eq(corr_deadline_kind_of("recheck"), -1);
	ck_assert_int_eq(corr_deadline_kind_of(NULL), -1);
	/* The first four share the numbers of the findings. */
	ck_assert_str_eq(corr_deadline_name(CORR_DEADLINE_FORFEIT),
	                 corr_finding_name(CORR_FINDING_FORFEIT));
	ck_assert_str_eq(corr_deadline_name(CORR_DEADLINE_ADJUDICATION),
	                 corr_finding_name(CORR_FINDING_ADJUDICATION));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("deadlines");
	TCase *tc = tu_case(s, "dates", 60);
	TU_ADD(tc, test_server_game_silent_from_the_start);
	tcase_add_loop_test(tc, test_moves_and_stops, 0, 2);
	TU_ADD(tc, test_finished_game_has_none, test_names);
	return tu_run(s);
}
