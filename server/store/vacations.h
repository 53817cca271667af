/* store/vacations.h: the vacations table (API.md "Vacations"; DSU 6.3.6,
 * 6.8.8) and what the vacation rules read of a player's games. */
#ifndef CORRCHESS_STORE_VACATIONS_H
#define CORRCHESS_STORE_VACATIONS_H

#include <stddef.h>
#include <stdint.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "store/store.h"

#define STORE_VAC_PROFILES_MAX 8 /* distinct profiles among a player's games */

/* One stored period of a player. */
struct store_period {
	int64_t id;
	struct clock_interval iv;         /* first and last day, both stopped */
	enum clock_stop_kind kind;        /* CLOCK_VACATION or CLOCK_SPECIAL_LEAVE */
	char notice_on[CALENDAR_ISO_LEN]; /* the day it was asked for */
};

/* The vacations and special leave of two players (a game's stops), in
 * any order (new array, free() it; NULL when none).  STORE_OK, or
 * STORE_ERROR when a read fails: never a short list. */
int store_vacations_stops(store *s, int64_t a, int64_t b, struct clock_interval **out, size_t *n);

/* The periods of user in date order, at most max (new array, free() it;
 * NULL when none).  A row whose dates do not parse is logged and left
 * out.  STORE_OK or STORE_ERROR. */
int store_vacations_of(store *s, int64_t user, size_t max, struct store_period **out, size_t *n);

/* What the rules of user are measured against: the start date of his
 * earliest active game (*start untouched when he has none; false
 * returned in *has_start) and the distinct profiles of his active games
 * (names resolved; unknown ones logged and left out).  STORE_OK or
 * STORE_ERROR. */
int store_vacations_rules(store *s, int64_t user, int32_t *start, bool *has_start,
                          const struct clock_profile **profiles, size_t max, size_t *n);

/* Stores a period inside the caller's write transaction.  STORE_OK and
 * p->id, or STORE_ERROR. */
int store_vacations_insert(store *s, int64_t user, struct store_period *p);

#endif
