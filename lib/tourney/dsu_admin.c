/* dsu_admin.c: withdrawal, the e-mail withdrawal triggers, the TL's
 * deadlines and transcripts (see dsu_admin.h). */
#include "tourney/dsu_admin.h"

#include <string.h>

#include "clock/calendar.h"
#include "util/status.h"

int dsu_withdraw(int n, const struct dsu_game *games, size_t ngames, int player, bool valid_reason,
                 struct dsu_game *scored, bool *adjudicate, struct dsu_withdrawal *out, char *err,
                 size_t errlen)
{
	int rc = dsu_games_check(n, games, ngames, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (player < 0 || player >= n)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "the withdrawing player is not in the group");
	memset(out, 0, sizeof *out);
	for (size_t g = 0; g < ngames; g++)
		if (games[g].white == player || games[g].black == player) {
			out->games++;
			out->finished += dsu_result_finished(games[g].result);
		}
	if (out->games == 0)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "the withdrawing player has no games in the group");
	/* DSU 6.2.8 / I-14: "højst halvdelen ... færdigspillede" */
	out->all_lost = out->finished * 2 <= out->games;
	for (size_t g = 0; g < ngames; g++) {
		scored[g] = games[g];
		if (adjudicate)
			adjudicate[g] = false;
		if (games[g].white != player && games[g].black != player)
			continue;
		if (out->all_lost) {
			scored[g].result = games[g].white == player ? DSU_BLACK_WON : DSU_WHITE_WON;
		} else if (!dsu_result_finished(games[g].result)) {
			out->to_adjudicate++; /* 6.2.8: transcript and diagram to the TL */
			if (adjudicate)
				adjudicate[g] = true;
		}
	}
	out->prize_right = valid_reason; /* 6.2.8 "mistet sin præmieret" */
	out->quarantine_may_be_imposed = !valid_reason;
	return CC_OK;
}

int dsu_withdraw_adjudicate(int n, const struct dsu_game *scored, size_t ngames,
                            const bool *adjudicate, const struct dsu_game *decided, size_t ndecided,
                            struct dsu_game *out, char *err, size_t errlen)
{
	int rc = dsu_games_check(n, scored, ngames, err, errlen);
	if (rc != CC_OK)
		return rc;
	for (size_t g = 0; g < ngames; g++)
		out[g] = scored[g];
	for (size_t k = 0; k < ndecided; k++) {
		const struct dsu_game *d = &decided[k];
		if (!dsu_result_finished(d->result))
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "adjudication %zu: the TL decides a result, not \"*\"",
			               k + 1);
		size_t g = 0;
		while (g < ngames &&
		       !(scored[g].white == d->white && scored[g].black == d->black && adjudicate &&
		         adjudicate[g] && out[g].result == DSU_UNFINISHED))
			g++;
		if (g == ngames)
			return cc_fail(
			        CC_ERR_INVALID, err, errlen,
			        "adjudication %zu: no unfinished game of the withdrawn player "
			        "with these colours is left for the TL (DSU 6.2.8)",
			        k + 1);
		out[g].result = d->result; /* DSU 6.2.8: "til bedømmelse" */
	}
	return CC_OK;
}

/* a + days, checked against the calendar's range. */
static int add_days(int32_t a, int days, int32_t *out, char *err, size_t errlen)
{
	if (a == DSU_NO_DATE) {
		*out = DSU_NO_DATE;
		return CC_OK;
	}
	int64_t r = (int64_t)a + days;
	if (a < CALENDAR_MIN_DAY || r > CALENDAR_MAX_DAY)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a date is out of range");
	*out = (int32_t)r;
	return CC_OK;
}

int dsu_connection_lost(int32_t lost, int32_t restored, int32_t today, int32_t *restore_by,
                        int32_t *effective, char *err, size_t errlen)
{
	int32_t from = DSU_NO_DATE;
	if (lost == DSU_NO_DATE || today == DSU_NO_DATE)
		return cc_fail(CC_ERR_INVALID, err, errlen, "the day lost and today are needed");
	int rc = add_days(lost, 30, restore_by, err, errlen); /* DSU 6.8.1: 30 days */
	if (rc == CC_OK)
		rc = add_days(lost, 31, &from, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (restored != DSU_NO_DATE && restored < lost)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "the connection cannot be restored before it was lost");
	*effective = DSU_NO_DATE;
	bool in_time = restored != DSU_NO_DATE && restored <= *restore_by;
	if (in_time || today < from) /* I-15: withdrawn from lost + 31 */
		return 0;
	*effective = from;
	return 1;
}

bool dsu_no_answer_withdrawn(bool tl_declares)
{
	return tl_declares; /* "kan dømmes": the TL's choice */
}

/* day + months (I-25: clamped to the month's end). */
static int add_months(int32_t day, int months, int32_t *out, char *err, size_t errlen)
{
	if (day == DSU_NO_DATE) {
		*out = DSU_NO_DATE;
		return CC_OK;
	}
	if (calendar_add_months(day, months, out) != CC_OK)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a date is out of range");
	return CC_OK;
}

int dsu_deadlines(const struct dsu_deadline_input *in, struct dsu_deadlines *out, char *err,
                  size_t errlen)
{
	int rc = add_days(in->game_end, 8, &out->report_by, err, errlen); /* 6.2.6 */
	if (rc == CC_OK)                                                  /* 6.2.7, I-25 */
		rc = add_months(in->group_start, 18, &out->adjudication_callable_from, err, errlen);
	if (rc == CC_OK) /* 6.4.5.1: objections within 14 days */
		rc = add_days(in->published, 14, &out->objection_by, err, errlen);
	if (rc == CC_OK) /* 6.4.5.1: prizes within 3 weeks */
		rc = add_days(in->published, 21, &out->prizes_sent_by, err, errlen);
	if (rc == CC_OK) /* 6.2.3: until 14 days after publication */
		rc = add_days(in->published, 14, &out->keep_correspondence_until, err, errlen);
	if (rc == CC_OK) /* 6.4.3: appeal within 3 weeks */
		rc = add_days(in->decision_notified, 21, &out->appeal_by, err, errlen);
	if (rc == CC_OK) /* 6.7.4.3: 14 days, the first one included */
		rc = add_days(in->reserve_stop, 13, &out->reserve_stop_last_day, err, errlen);
	return rc;
}

int dsu_postal_reporter(enum dsu_result r)
{
	switch (r) {
	case DSU_WHITE_WON:
		return 0;
	case DSU_BLACK_WON:
		return 1;
	case DSU_DRAW:
	case DSU_BOTH_LOST:
		return 0; /* 6.2.6 "ved remis hvid"; 0-0 likewise */
	default:
		return CC_ERR_INVALID;
	}
}

int dsu_transcripts_required(const char *event)
{
	static const struct {
		const char *name;
		int required;
	} events[] = {
	        {"dm", 1},
	        {"cup_final", 1},
	        {"team_division_1", 1},
	        {"emt_m", 0},
	        {"emt_k", 0},
	        {"emt_aa", 0},
	        {"cup_prelim", 0},
	        {"cup_semi", 0},
	        {"team_division_2", 0},
	        {"team_division_3", 0},
	};
	for (size_t i = 0; event && i < sizeof events / sizeof events[0]; i++)
		if (strcmp(event, events[i].name) == 0)
			return events[i].required; /* DSU 6.2.9 a-c */
	return CC_ERR_MALFORMED;
}

/* ---- the register (4.1.1 §19) ---- */

/* True when day d falls "indenfor 1 år efter en karantænes udløb" of a
 * quarantine whose last day is `end` (I-17: "udløb" is the day after its
 * last day; the year runs from it to the same date a year later). */
static bool within_year_after(int32_t d, int32_t end)
{
	int32_t until;
	if (calendar_add_years(end + 1, 1, &until) != CC_OK)
		until = CALENDAR_MAX_DAY;
	return d > end && d <= until;
}

/* Fills a quarantine of m months from start into a (I-17). */
static int quarantine(struct dsu_sanction_applied *a, int32_t start, int m, char *err,
                      size_t errlen)
{
	int32_t after;
	a->kind = DSU_QUARANTINE;
	a->months = m;
	a->start = start;
	/* §19 "Karantæner forbliver i kartoteket i 1 år efter udløbet": a year
	 * from the day after its last day (I-17) */
	if (calendar_add_months(start, m, &after) != CC_OK ||
	    calendar_add_years(after, 1, &a->valid_until) != CC_OK)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a quarantine leaves the calendar");
	a->end = after - 1; /* the day before the same date m months later */
	return CC_OK;
}

int dsu_register_apply(const struct dsu_sanction *s, size_t n, struct dsu_sanction_applied *out,
                       char *err, size_t errlen)
{
	if (n > DSU_MAX_SANCTIONS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d sanctions",
		               DSU_MAX_SANCTIONS);
	for (size_t i = 0; i < n; i++) {
		struct dsu_sanction_applied *a = &out[i];
		int32_t d = s[i].date;
		memset(a, 0, sizeof *a);
		a->start = a->end = DSU_NO_DATE;
		if (d < CALENDAR_MIN_DAY || d > CALENDAR_MAX_DAY)
			return cc_fail(CC_ERR_RANGE, err, errlen, "sanction %zu: date out of range",
			               i + 1);
		if (i > 0 && d < s[i - 1].date)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "sanction %zu is dated before the one above it", i + 1);
		bool warned = false, after_q = false;
		for (size_t j = 0; j < i; j++) {
			if (out[j].kind == DSU_WARNING && d <= out[j].valid_until)
				warned = true;
			if (out[j].kind == DSU_QUARANTINE &&
			    (within_year_after(d, out[j].end) ||
			     (d >= out[j].start && d <= out[j].end)))
				after_q = true;
		}
		int rc;
		if (s[i].kind == DSU_WARNING) {
			if (s[i].tournament_end == DSU_NO_DATE ||
			    s[i].tournament_end < CALENDAR_MIN_DAY)
				return cc_fail(
				        CC_ERR_INVALID, err, errlen,
				        "sanction %zu: a warning needs its tournament's last "
				        "playing day",
				        i + 1);
			if (warned || after_q) { /* §19: automatically 3 months */
				rc = quarantine(a, d, 3, err, errlen);
				a->converted = true;
			} else {
				a->kind = DSU_WARNING;
				rc = calendar_add_years(s[i].tournament_end, 1, &a->valid_until) ==
				                     CC_OK
				             ? CC_OK
				             : cc_fail(CC_ERR_RANGE, err, errlen,
				                       "sanction %zu: date out of range", i + 1);
			}
		} else if (s[i].kind == DSU_QUARANTINE) {
			if (s[i].months < 1 || s[i].months > 120)
				return cc_fail(
				        CC_ERR_RANGE, err, errlen,
				        "sanction %zu: a quarantine of 1 to 120 months, not %d",
				        i + 1, s[i].months);
			rc = quarantine(a, d, after_q ? 2 * s[i].months : s[i].months, err, errlen);
			a->doubled = after_q; /* §19: doubled within a year of the last */
		} else {
			return cc_fail(CC_ERR_INVALID, err, errlen, "sanction %zu: unknown kind",
			               i + 1);
		}
		if (rc != CC_OK)
			return rc;
	}
	return CC_OK;
}
