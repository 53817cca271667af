/* ical.h: an iCalendar (RFC 5545) writer for the calendar feed of API.md
 * "Calendar": a user's forfeit and reminder dates per game, his vacations
 * and the mandatory holidays (DSU 6.3.6.2), as all-day events.
 *
 * Lines end in CRLF and are folded at 75 octets (never inside a UTF-8
 * character), TEXT values are escaped (RFC 5545 3.3.11), dates are
 * VALUE=DATE with an exclusive DTEND (3.6.1).  Nothing here reads a clock:
 * the caller passes DTSTAMP.  Pure library code: only libc.
 */
#ifndef CORRCHESS_ICAL_H
#define CORRCHESS_ICAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ICAL_MAX     (1024 * 1024) /* the largest feed written */
#define ICAL_NO_DATE INT32_MIN     /* the same value as CLOCK_NO_DATE */

/* One all-day event. */
struct ical_event {
	const char *uid;     /* unique in the feed, stable across feeds ("game-7-forfeit-u3-en") */
	int32_t first, last; /* day numbers (calendar.h), both included */
	const char *summary; /* TEXT */
	const char *description; /* TEXT, NULL = none */
	const char *url;         /* URI, NULL = none */
	const char *category;    /* TEXT, NULL = none */
};

/* The feed as a whole. */
struct ical_feed {
	const char *name;   /* X-WR-CALNAME, NULL = none */
	const char *domain; /* after '@' in every UID ("chess.example") */
	int32_t stamp_day;  /* DTSTAMP: the UTC day ... */
	int stamp_seconds;  /* ... and second of that day (0..86399) */
};

/* Writes a VCALENDAR with the n events into *out (new, NUL-terminated;
 * the caller frees).  O(total text).  Fails with CC_ERR_INVALID (an event
 * without uid or summary, last before first, a date outside the calendar,
 * a bad stamp) or CC_ERR_NOMEM (out of memory, over ICAL_MAX); *out is
 * then NULL and err says why. */
int ical_write(const struct ical_feed *f, const struct ical_event *ev, size_t n, char **out,
               char *err, size_t errlen);

/* ---- a user's feed ---- */

struct ical_game {
	long long id;
	const char *white, *black; /* names */
	int32_t forfeit_date;      /* the user's, when he is to move; else ICAL_NO_DATE */
	int32_t reminder_date; /* the reminder due to his opponent (6.3.4), or to him; or none */
	bool user_to_move;     /* the dates above concern him (else his opponent) */
};

struct ical_vacation {
	long long id;
	int32_t first, last; /* both included */
};

struct ical_user {
	const char *name;
	bool danish;          /* summaries in Danish */
	const char *base_url; /* links to the games; NULL or "" = none */
	const struct ical_game *games;
	size_t ngames;
	const struct ical_vacation *vacations;
	size_t nvacations;
	int from_year, to_year; /* the years whose mandatory holidays are listed */
	long long id;           /* the user's id (>= 1), in every UID */
};

/* The feed of user u (events: per game its forfeit date and reminder date,
 * every vacation, and per year in from_year..to_year the Easter holiday
 * (Easter by the computus of calendar.h) and 20-31 December), written by
 * ical_write().  Every UID names the event, the user and the language
 * ("game-7-forfeit-u3-da"): the two players of a game see different dates
 * for it, and a Danish feed other texts than an English one, so a
 * calendar that subscribes to several feeds must not merge their events
 * (RFC 5545 3.8.4.7: a UID is globally unique).  Fails like ical_write();
 * CC_ERR_INVALID also for more than 100 years of holidays or 10000 games,
 * or no user id. */
int ical_user_feed(const struct ical_feed *f, const struct ical_user *u, char **out, char *err,
                   size_t errlen);

#endif
