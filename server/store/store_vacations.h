/* store/store_vacations.h: the vacations table (API.md "Vacations"; DSU 6.3.6,
 * 6.8.8) and what the vacation rules read of a player's games. */
#ifndef CORRCHESS_STORE_VACATIONS_H
#define CORRCHESS_STORE_VACATIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "clock/vacation_rules.h"
#include "store/store.h"

/* One stored period of a player. */
struct store_period {
	int64_t id;
	struct clock_interval iv;         /* first and last day, both stopped */
	enum clock_stop_kind kind;        /* CLOCK_VACATION or CLOCK_SPECIAL_LEAVE */
	char notice_on[CALENDAR_ISO_LEN]; /* the day it was asked for */
	int64_t tournament;               /* the tournament it belongs to, 0 = all games */
};

/* The tournaments of user's active games (issue 9, DSU 6.3.6: each
 * allowance counts from its own start), in id order, at most max into
 * out.  STORE_OK or STORE_ERROR. */
int store_vacations_tournaments(store *s, int64_t user, struct clock_vacation_tournament *out,
                                size_t max, size_t *n);

/* Tournament id, if user plays in it: STORE_OK and *t; STORE_NOT_FOUND;
 * STORE_ERROR. */
int store_vacations_tournament(store *s, int64_t id, int64_t user,
                               struct clock_vacation_tournament *t);

/* One active game a period of a player would stop: who leads it and whom
 * he plays in it (docs/AUTHORITY.md: a TL grants a period only on games
 * he leads, and none on a game he plays). */
struct store_reach {
	int64_t leader;   /* the TL of its tournament, else the TL who made it; 0: nobody */
	int64_t opponent; /* the player's opponent in it */
};

/* The active games of user that a period of tournament (0: of all his
 * games) stops, at most max into out, in game order.  STORE_OK (with *n;
 * *more when there were more than max) or STORE_ERROR. */
int store_vacations_reach(store *s, int64_t user, int64_t tournament, struct store_reach *out,
                          size_t max, size_t *n, bool *more);

/* What a vacation of user was decided on: his periods and active games
 * (their count and newest id each).  Read before the decision and again
 * inside the write: a difference means another write came first. */
struct store_vacation_mark {
	int64_t periods, last_period, games, last_game;
};

/* Fills *m for user.  STORE_OK or STORE_ERROR. */
int store_vacations_mark(store *s, int64_t user, struct store_vacation_mark *m);

/* The vacations and special leave of two players (a game's stops) that
 * count in tournament (0: a game of none): those of that tournament and
 * those of all games (issue 9), in any order (new array, free() it; NULL
 * when none).  STORE_OK, or STORE_ERROR when a read fails: never a short
 * list. */
int store_vacations_stops(store *s, int64_t a, int64_t b, int64_t tournament,
                          struct clock_interval **out, size_t *n);

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
