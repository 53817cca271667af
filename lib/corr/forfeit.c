/* corr/forfeit.c: the one forfeit test (DSU 6.3.3) and the findings of
 * the daily sweep that share it (docs/SWEEP.md). */
#include "corr/corr.h"

#include <stdio.h>
#include <string.h>

#include "clock/calendar.h"
#include "util/status.h"

const char *corr_finding_name(enum corr_finding_kind k)
{
	static const char *const names[] = {"reminder", "tl_notice", "forfeit", "adjudication"};
	return (unsigned)k < 4 ? names[k] : "?";
}

/* A day as ISO text for the sentences; "?" for none. */
static void iso(int32_t day, char out[CALENDAR_ISO_LEN])
{
	if (day == CLOCK_NO_DATE || calendar_format(day, out, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(out, CALENDAR_ISO_LEN, "?");
}

void corr_forfeit_test(const struct corr_game *g, const struct clock_result *res, int32_t today,
                       struct corr_forfeit out[2])
{
	for (int side = CLOCK_WHITE; side <= CLOCK_BLACK; side++) {
		const struct clock_player *p = &res->player[side];
		struct corr_forfeit *f = &out[side];
		memset(f, 0, sizeof *f);
		f->since = CLOCK_NO_DATE;
		f->limit = p->limit_days;
		f->control = p->next_control;
		if (p->forfeited) {
			/* DSU 6.3.3.1, 6.3.3.2: a check already made failed. */
			f->over = true;
			f->since = p->forfeit_on;
			f->control = p->forfeit_move;
			if (clock_allowance(g->profile, f->control, &f->limit) != CC_OK)
				f->limit = p->limit_days;
		} else if (res->to_move == side && p->forfeit_date != CLOCK_NO_DATE &&
		           today >= p->forfeit_date) {
			/* DSU 6.3.3.3: he can no longer send his move in time. */
			f->over = true;
			f->since = p->forfeit_date;
		}
	}
}

/* Adds a finding of kind for side to out[*n]; returns it. */
static struct corr_finding *add(struct corr_finding *out, int *n, enum corr_finding_kind kind,
                                const struct corr_game *g, int side, int32_t due)
{
	struct corr_finding *f = &out[(*n)++];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->side = side;
	f->ply = kind == CORR_FINDING_ADJUDICATION ? 0 : (int)g->nmoves;
	f->due = due;
	f->received = CLOCK_NO_DATE;
	f->tl_date = CLOCK_NO_DATE;
	return f;
}

/* One clock computation, then the forfeit test, the silence dates of the
 * side to move and the adjudication date; O(moves + stops). */
int corr_findings(const struct corr_game *g, int32_t today, struct corr_finding *out,
                  struct corr_error *e)
{
	struct clock_result res;
	int rc = corr_clock(g, today, &res, NULL, e);
	if (rc != CC_OK)
		return rc;
	struct corr_forfeit ff[2];
	corr_forfeit_test(g, &res, today, ff);
	int n = 0;
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN], start[CALENDAR_ISO_LEN];
	for (int side = CLOCK_WHITE; side <= CLOCK_BLACK; side++) {
		if (!ff[side].over)
			continue;
		struct corr_finding *f =
		        add(out, &n, CORR_FINDING_FORFEIT, g, side, ff[side].since);
		iso(ff[side].since, a);
		snprintf(f->detail, sizeof f->detail,
		         "over the limit of %d days before move %d since %s", (int)ff[side].limit,
		         ff[side].control, a);
	}
	/* DSU 6.3.4, 6.8.3: silence of the player to move. */
	int s = res.to_move;
	if (s >= 0 && !ff[s].over) {
		const struct clock_player *p = &res.player[s];
		iso(res.pending_received, a);
		if (p->reminder_date != CLOCK_NO_DATE && today >= p->reminder_date) {
			struct corr_finding *f =
			        add(out, &n, CORR_FINDING_REMINDER, g, s, p->reminder_date);
			f->received = res.pending_received;
			f->tl_date = p->tl_date;
			iso(p->reminder_date, b);
			snprintf(f->detail, sizeof f->detail, "silent since %s, reminder due %s", a,
			         b);
		}
		/* DSU 6.3.4 "senest 7 dage efter gentagelsen": the TL notice only
		 * after a recorded reminder (the clock dates it 7 days after that
		 * one), never together with a late reminder */
		bool reminded = false;
		for (size_t i = 0; i < g->nrecords; i++)
			reminded |= g->records[i].kind == CORR_REC_REMINDER &&
			            g->records[i].ply == (int)g->nmoves;
		if (reminded && p->tl_date != CLOCK_NO_DATE && today >= p->tl_date) {
			struct corr_finding *f =
			        add(out, &n, CORR_FINDING_TL_NOTICE, g, s, p->tl_date);
			f->received = res.pending_received;
			f->tl_date = p->tl_date;
			iso(p->tl_date, b);
			snprintf(f->detail, sizeof f->detail, "silent since %s, TL due %s", a, b);
		}
	}
	/* DSU 6.2.7: unfinished after 18 months. */
	if (res.adjudication_due && s >= 0) {
		struct corr_finding *f =
		        add(out, &n, CORR_FINDING_ADJUDICATION, g, s, res.adjudication_date);
		iso(res.adjudication_date, b);
		iso(g->start, start);
		snprintf(f->detail, sizeof f->detail,
		         "to move; game started %s, due for adjudication since %s", start, b);
	}
	return n;
}
