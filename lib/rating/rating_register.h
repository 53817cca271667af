/* rating_register.h: who is on the rating list (DSU 4.5.5.1 items 4-5,
 * SPEC-rating R-25): a player whose last rated result is more than 3
 * years old is taken off RK's list, his rating archived and used again
 * when he returns; after more than 5 years he may start again with an
 * assigned rating (items 1-3).
 *
 * Pure library code: only libc.  Dates are day numbers (clock/calendar.h). */
#ifndef CORRCHESS_RATING_REGISTER_H
#define CORRCHESS_RATING_REGISTER_H

#include <stdbool.h>
#include <stdint.h>

enum rating_list_status {
	RATING_LISTED = 0,  /* on the list (or no rated result yet) */
	RATING_OFF_LIST,    /* item 4: off the list, the rating archived */
	RATING_FRESH_START, /* item 5: off the list; on return he may start afresh */
};

/* The status on `today` of a player whose last rated result is from day
 * `last` (INT32_MIN: none, RATING_LISTED).  "Mere end 3 år gammelt": off
 * from the day after the same date 3 years later (29 February: 28
 * February); likewise 5 years.  O(1). */
enum rating_list_status rating_list_status(int32_t last, int32_t today);

/* "listed", "off_list", "fresh_start" (static). */
const char *rating_list_status_name(enum rating_list_status s);

/* DSU 4.5.5.1 items 4-5 at a group's start: whether a player whose last
 * rated result ended on day `last` (a day number, clock/calendar.h;
 * INT32_MIN: none) starts afresh on day `start` ("Hvis en spillers
 * sidste ratede resultat er mere end 5 år gammelt, kan spilleren ved
 * reaktivering starte forfra jf. pkt. 1 til 3"): rated then as a
 * newcomer (rating_start_of()), his archived rating not carried. */
bool rating_starts_afresh(int32_t last, int32_t start);

#endif
