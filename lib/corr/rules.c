/* corr/rules.c: the rule operations of issue 9 (DSU 6.3.6.2, 4.7;
 * docs/RULES.md): a notice of a longer think, a reminder the waiting
 * player posted, the TL's penalty days, a corrected move date and the
 * holiday play-on agreement.  Each returns a delta (a record to add,
 * dates to correct, or the state) or a refusal, and changes nothing. */
#include "corr/corr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "util/status.h"

static int active(const struct corr_game *g, struct corr_error *e)
{
	if (g->state.status == CORR_ACTIVE)
		return CC_OK;
	return corr_fail(e, CC_ERR_INVALID, "game_over", "the game is over (%s)", g->state.result);
}

static void iso(int32_t day, char out[CALENDAR_ISO_LEN])
{
	if (day == CLOCK_NO_DATE || calendar_format(day, out, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(out, CALENDAR_ISO_LEN, "?");
}

/* A record of kind for side on day, for the pending move. */
static void record(struct corr_delta *d, const struct corr_game *g, enum corr_record_kind kind,
                   int side, int32_t on)
{
	d->has_record = true;
	memset(&d->record, 0, sizeof d->record);
	d->record.kind = kind;
	d->record.side = side;
	d->record.ply = (int)g->nmoves;
	d->record.on = on;
	d->record.due = CLOCK_NO_DATE;
}

/* DSU 6.3.4 ¶1: "Ønsker en spiller at bruge mere end 14 dage til et træk,
 * skal han underrette modstanderen herom."  The first notice of a move
 * counts (the opponent has read it).  A postal player posts it himself
 * and states the day (issue 21); elsewhere the server dates it today.
 * O(records). */
int corr_notice(const struct corr_game *g, int side, int days, int32_t on, int32_t today,
                struct corr_delta *d, struct corr_error *e)
{
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	if (side != corr_to_move(g))
		return corr_fail(e, CC_ERR_INVALID, "not_your_turn",
		                 "only the player to move gives notice of a longer think");
	if (days < 15 || days > 366)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "days: a notice announces 15 to 366 days (more than the 14 of DSU "
		                 "6.3.4), not %d",
		                 days);
	if (on != CLOCK_NO_DATE && g->profile->receipt != CLOCK_RECEIPT_STATED)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "on: in %s play the server dates the notice (only a postal player "
		                 "states the day he posted it)",
		                 g->profile->name);
	if (on == CLOCK_NO_DATE)
		on = today;
	int32_t since = g->nmoves ? g->moves[g->nmoves - 1].sent : g->start;
	if (on > today)
		return corr_fail(
		        e, CC_ERR_INVALID, "invalid_date",
		        "on: a date may not be in the future (today is the server's date)");
	if (on < since) {
		char s1[CALENDAR_ISO_LEN];
		iso(since, s1);
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "on: a notice about this move is posted on or after %s, when the "
		                 "move it answers was sent",
		                 s1);
	}
	for (size_t i = 0; i < g->nrecords; i++) {
		const struct corr_record *r = &g->records[i];
		if (r->kind == CORR_REC_NOTICE && r->ply == (int)g->nmoves) {
			char given[CALENDAR_ISO_LEN];
			iso(r->on, given);
			return corr_fail(e, CC_ERR_INVALID, "notice_given",
			                 "you gave notice of %d days for this move on %s already",
			                 r->days, given);
		}
	}
	corr_delta_init(d, g);
	record(d, g, CORR_REC_NOTICE, side, on);
	d->record.days = days;
	snprintf(d->action, sizeof d->action, "notice");
	snprintf(d->detail, sizeof d->detail, "%s announces %d days for ply %zu (DSU 6.3.4)",
	         corr_side_name(side), days, g->nmoves + 1);
	return CC_OK;
}

/* DSU 6.3.4 ¶2: "Har en spiller ikke i 14 dage + posttid begge veje hørt
 * fra en modstander ... skal spilleren gentage sit sidste træk."  The
 * clock's reminder date is the earliest; one reminder a move (the
 * sweep's or his own).  One clock computation. */
int corr_reminder(const struct corr_game *g, int side, int32_t sent, int32_t today,
                  struct corr_delta *d, struct corr_error *e)
{
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	int silent = corr_to_move(g);
	if (side == silent)
		return corr_fail(e, CC_ERR_INVALID, "your_turn",
		                 "you are to move: a reminder goes to the player who is silent");
	if (g->profile->receipt != CLOCK_RECEIPT_STATED)
		return corr_fail(e, CC_ERR_INVALID, "not_postal",
		                 "in %s play the server sends the reminders itself (DSU 6.8.3)",
		                 g->profile->name);
	if (sent > today)
		return corr_fail(
		        e, CC_ERR_INVALID, "invalid_date",
		        "sent: a date may not be in the future (today is the server's date)");
	if (g->nmoves > 0 && sent < g->moves[g->nmoves - 1].sent)
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "sent: a reminder cannot be posted before the move it repeats");
	for (size_t i = 0; i < g->nrecords; i++)
		if (g->records[i].kind == CORR_REC_REMINDER && g->records[i].ply == (int)g->nmoves)
			return corr_fail(e, CC_ERR_INVALID, "already_reminded",
			                 "a reminder for this move is recorded already");
	struct clock_result res;
	if ((rc = corr_clock(g, today, &res, NULL, e)) != CC_OK)
		return rc;
	const struct clock_player *p = &res.player[silent == WHITE ? CLOCK_WHITE : CLOCK_BLACK];
	char due[CALENDAR_ISO_LEN], at[CALENDAR_ISO_LEN];
	if (p->reminder_date == CLOCK_NO_DATE)
		return corr_fail(e, CC_ERR_INVALID, "too_early",
		                 "no reminder is due about a move made in the holidays (DSU "
		                 "6.3.6.2, the play-on agreement)");
	iso(p->reminder_date, due);
	iso(sent, at);
	if (sent < p->reminder_date)
		return corr_fail(e, CC_ERR_INVALID, "too_early",
		                 "a reminder is due on %s (14 days, or the days announced, and the "
		                 "post both ways; DSU 6.3.4), not %s",
		                 due, at);
	corr_delta_init(d, g);
	record(d, g, CORR_REC_REMINDER, silent, sent);
	d->record.due = p->reminder_date;
	d->record.by_player = true;
	snprintf(d->action, sizeof d->action, "reminder");
	snprintf(d->detail, sizeof d->detail, "%s posted a reminder on %s (due %s; DSU 6.3.4)",
	         corr_side_name(side), at, due);
	return CC_OK;
}

/* DSU 6.3.5.1 (an impossible or illegible postal move: 3, a repeat 6) and
 * 6.8.6 (e-mail: 3): the TL states the days; they join the player's used
 * time today (struct clock_penalty). */
int corr_penalty(const struct corr_game *g, int side, int days, const char *reason, int32_t today,
                 struct corr_delta *d, struct corr_error *e)
{
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	if (side != WHITE && side != BLACK)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "color must be white or black");
	if (days < 1 || days > 1000)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "days: 1 to 1000 (DSU 6.3.5.1: 3, a repeat 6; 6.8.6: 3)");
	corr_delta_init(d, g);
	record(d, g, CORR_REC_PENALTY, side, today);
	d->record.days = days;
	snprintf(d->record.reason, sizeof d->record.reason, "%s", reason);
	snprintf(d->action, sizeof d->action, "tl_penalty");
	snprintf(d->detail, sizeof d->detail, "%s +%d days: %.2000s", corr_side_name(side), days,
	         reason);
	return CC_OK;
}

/* The received date the profile derives for move n answering a move sent
 * on `sent`: the day after by e-mail (6.3.2.2 a, 6.8.6), the same day on
 * the server and for an automatic series reply (no transmission). */
static int32_t derived_received(const struct clock_profile *p, const struct corr_move *n,
                                int32_t sent)
{
	int32_t r = sent;
	if (n->kind != CORR_MOVE_AUTO && p->receipt == CLOCK_RECEIPT_NEXT_DAY)
		clock_receipt_date(p, sent, &r, NULL, 0);
	return r;
}

/* DSU 6.2.1.1 c ("eventuel korrektion af modstanderens tidsberegning"):
 * the corrected dates, the next move's received date where the profile
 * derives it (and an automatic series reply dated with it), checked by
 * the clock on a copy of the game.  By e-mail a TL records a longer
 * transmission than the normal day (6.8.2: "Hvis der angives længere
 * transmissions tid, kan det indberettes til TL til afgørelse"): a
 * received date after the derived one, which a later correction of the
 * move before it keeps.  O(moves). */
int corr_move_dates(const struct corr_game *g, size_t ply, int32_t received, int32_t sent,
                    const char *reason, int32_t today, struct corr_delta *d, struct corr_error *e)
{
	if (received == CLOCK_NO_DATE && sent == CLOCK_NO_DATE)
		return corr_fail(e, CC_ERR_INVALID, "missing_field", "give received, sent or both");
	if (ply < 1 || ply > g->nmoves)
		return corr_fail(e, CC_ERR_INVALID, "not_found", "the game has no move %zu", ply);
	bool stated = g->profile->receipt == CLOCK_RECEIPT_STATED;
	bool email = g->profile->receipt == CLOCK_RECEIPT_NEXT_DAY;
	if (received != CLOCK_NO_DATE && ((!stated && !email) || ply == 1))
		return corr_fail(e, CC_ERR_INVALID, "invalid_field", "received: %s",
		                 ply == 1 ? "the first move counts from the start date"
		                          : "the rules of this profile derive it");
	if ((received != CLOCK_NO_DATE && received > today) ||
	    (sent != CLOCK_NO_DATE && sent > today))
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "a date may not be in the future (today is the server's date)");
	const struct corr_move *m = &g->moves[ply - 1];
	if (received != CLOCK_NO_DATE && email) {
		int32_t normal = derived_received(g->profile, m, g->moves[ply - 2].sent);
		if (received < normal) {
			char n0[CALENDAR_ISO_LEN];
			iso(normal, n0);
			return corr_fail(
			        e, CC_ERR_INVALID, "invalid_date",
			        "received: the move counts as received on %s with the normal "
			        "transmission; a TL records only a longer one (DSU 6.8.2)",
			        n0);
		}
	}
	corr_delta_init(d, g);
	struct corr_fix *f = &d->fixes[d->nfixes++];
	f->ply = ply;
	f->received = received != CLOCK_NO_DATE ? received : m->received;
	f->sent = sent != CLOCK_NO_DATE ? sent : m->sent;
	if (!stated && ply < g->nmoves) {
		const struct corr_move *n = &g->moves[ply];
		struct corr_fix *nf = &d->fixes[d->nfixes++];
		int32_t was = derived_received(g->profile, n, m->sent);
		int32_t now = derived_received(g->profile, n, f->sent);
		nf->ply = ply + 1;
		nf->sent = n->sent;
		/* a longer transmission recorded for it stays (6.8.2) */
		nf->received =
		        email && n->received != was && n->received >= now ? n->received : now;
		if (n->kind == CORR_MOVE_AUTO) /* dated with the move it answers */
			nf->sent = nf->received;
	}
	/* the corrected game through the clock, on a copy of the move list */
	struct corr_game copy = *g;
	struct corr_move *mv = malloc(g->nmoves * sizeof *mv);
	if (!mv)
		return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
	memcpy(mv, g->moves, g->nmoves * sizeof *mv);
	for (size_t i = 0; i < d->nfixes; i++) {
		mv[d->fixes[i].ply - 1].received = d->fixes[i].received;
		mv[d->fixes[i].ply - 1].sent = d->fixes[i].sent;
	}
	copy.moves = mv;
	struct clock_result res;
	struct corr_error ce;
	int rc = corr_clock(&copy, today, &res, NULL, &ce);
	free(mv);
	if (rc != CC_OK)
		return corr_fail(e, CC_ERR_INVALID, "invalid_date",
		                 "the corrected dates do not fit the game: %s", ce.message);
	char r0[CALENDAR_ISO_LEN], s0[CALENDAR_ISO_LEN], r1[CALENDAR_ISO_LEN], s1[CALENDAR_ISO_LEN];
	iso(m->received, r0);
	iso(m->sent, s0);
	iso(f->received, r1);
	iso(f->sent, s1);
	snprintf(d->action, sizeof d->action, "tl_move_dates");
	snprintf(d->detail, sizeof d->detail,
	         "ply %zu: received %s sent %s -> received %s sent %s: %.1900s", ply, r0, s0, r1,
	         s1, reason);
	return CC_OK;
}

/* DSU 6.3.6.2: "Er to spillere enige, kan spillet dog fortsættes i de
 * obligatoriske ferier med 0 dages betænkningstid." */
int corr_holiday_play(const struct corr_game *g, bool agreed, const char *reason,
                      struct corr_delta *d, struct corr_error *e)
{
	int rc = active(g, e);
	if (rc != CC_OK)
		return rc;
	corr_delta_init(d, g);
	d->state.holiday_play = agreed;
	snprintf(d->action, sizeof d->action, "holiday_play");
	snprintf(d->detail, sizeof d->detail, "%s: %.2000s", agreed ? "agreed" : "withdrawn",
	         reason);
	return CC_OK;
}
