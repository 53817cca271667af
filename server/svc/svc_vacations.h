/* svc/svc_vacations.h: vacations and TL special leave (docs/API.md
 * "Vacations"; DSU 6.3.6, 6.8.8), the path of every command (svc/svc.h):
 *
 *   load the player, his tournaments, his periods and the games a period
 *   would stop (one read snapshot) -> auth_check() (docs/AUTHORITY.md:
 *   vacation_own for his own, vacation_for for another player's or a
 *   notice dated earlier, special_leave; each a TL act on every game the
 *   period stops) -> the rules (lib/clock/vacation_rules.c) -> one write
 *   transaction: nothing changed since the load (else it is decided
 *   again), the period, the audit line of a TL's act, the dates of the
 *   games it stops (svc_deadlines_stops_changed()), the notice to the
 *   opponents (svc_notify_vacation()) -> wake the sender.
 *
 * A period stops clocks and never ends a game, so no group is rated
 * because of one. */
#ifndef CORRCHESS_SVC_VACATIONS_H
#define CORRCHESS_SVC_VACATIONS_H

#include <stddef.h>
#include <stdint.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "svc/svc.h"

/* A request for a period. */
struct svc_vacation_request {
	int64_t user;              /* the player it is for; 0: the actor himself */
	enum clock_stop_kind kind; /* CLOCK_VACATION or CLOCK_SPECIAL_LEAVE */
	struct clock_interval iv;  /* first and last day (the caller checked first <= last) */
	int64_t tournament;        /* the tournament named; 0: none */
	int32_t notice;            /* the notice date (DSU 6.3.6.1); CLOCK_NO_DATE: today */
};

/* A stored period. */
struct svc_period {
	int64_t id, user;
	struct clock_interval iv;
	int32_t days; /* the days it charges (-1: cannot be counted) */
	enum clock_stop_kind kind;
	char notice_on[CALENDAR_ISO_LEN];
	int64_t tournament; /* 0: all his games */
};

/* POST /vacations: books the period of rq for its player.  SVC_OK and
 * *out; else *o: the policy's refusals (unauthorized, forbidden,
 * not_your_tournament, own_game, own_record), unknown_user,
 * invalid_field (a tournament he does not play in), missing_field (a
 * postal player in several tournaments names none), invalid_date (a
 * notice in the future or a span lib/clock refuses), before_start,
 * notice_too_short, overlap, vacation_too_long, too_many_periods, busy.
 * A refusal stores nothing.  Cost: a few indexed reads, one replay per
 * game the period stops, O(profiles * periods) rules. */
int svc_vacation_book(struct app *app, const struct user *who,
                      const struct svc_vacation_request *rq, struct svc_period *out,
                      struct svc_outcome *o);

/* The periods of a player and what he has left. */
struct svc_vacations {
	int64_t user;
	struct svc_period *v; /* new; in date order */
	size_t n;
	int32_t remaining;       /* vacation days left this tournament year (-1: no cap) */
	int32_t leave_remaining; /* special leave days left (-1: no cap) */
	struct clock_interval year;
};

/* GET /users/{id}/vacations: every period of user (at most the periods
 * a player may hold), counted under the rules of his games, or of
 * tournament (> 0: that tournament's own start and profile, with its
 * periods and those of all games; DSU 6.3.6).  Any signed-in user may
 * read it (his opponents are told of it, DSU 6.3.6.1).  SVC_OK and *out
 * (free it with svc_vacations_free()); SVC_NOT_FOUND (no such user, or
 * he plays in no such tournament), SVC_BUSY, SVC_ERROR. */
int svc_vacations_of(struct app *app, int64_t user, int64_t tournament, struct svc_vacations *out,
                     struct svc_outcome *o);

void svc_vacations_free(struct svc_vacations *v);

#endif
