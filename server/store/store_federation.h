/* store/store_federation.h: the federation's records around the groups (issue
 * 22; migrations 0025, 0026): a member's fields on users, the fee of an
 * entry, the sanctions among the TL decisions, the appeals and their
 * rulings, a tournament's TL as the KC names him. */
#ifndef CORRCHESS_STORE_FEDERATION_H
#define CORRCHESS_STORE_FEDERATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"
#include "store/store_tournaments.h"

#define STORE_MEMBER_NO_MAX   21  /* 1..20 bytes and the NUL */
#define STORE_CLUB_MAX        101 /* 1..100 bytes and the NUL */
#define STORE_APPEAL_TEXT_MAX 2001

/* What an entry carries of a member (DSU 6.4.4.1 a, d); "" = not given. */
struct store_memberinfo {
	char membership[12]; /* "club", "individual", "none" */
	char member_no[STORE_MEMBER_NO_MAX];
	char club[STORE_CLUB_MAX];
	char birth_date[CALENDAR_ISO_LEN];
};

/* User id's member fields: STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_members_get(store *s, int64_t id, struct store_memberinfo *m);

/* Inside the caller's transaction: sets them ("" clears a field).
 * STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_members_set(store *s, int64_t id, const struct store_memberinfo *m);

/* The groups of the EMT and the cup user has been in, is in or waits
 * for (DSU 6.1.2): tournaments with a class or a cup parent he sits in,
 * and his entries not yet in a group.  STORE_OK and *n, or STORE_ERROR. */
int store_members_groups(store *s, int64_t user, int *n);

/* ---- entries (DSU 6.4.4.1) ---- */

/* Entry id: STORE_OK and *e, STORE_NOT_FOUND or STORE_ERROR. */
int store_entries_get(store *s, int64_t id, struct store_entry *e);

/* Inside the caller's transaction: the fee of entry id (still without
 * one and waiting) received on day.  STORE_OK, STORE_CONFLICT (it has a
 * fee already) or STORE_ERROR. */
int store_entries_set_fee(store *s, int64_t id, const char *day);

/* ---- sanctions (the TL decisions of 0026 with a player) ---- */

/* A decision that sanctions a player (DSU 6.4.2). */
struct store_sanction {
	int64_t decision, tournament;
	char kind[12]; /* "warning", "quarantine", "exclusion" */
	char notified_on[CALENDAR_ISO_LEN];
	int months; /* 0: none given */
	char decided_role[4];
	char about[STORE_DECISION_ABOUT_MAX];
};

/* The sanctions of user by their notified day, then as recorded, at most
 * max: STORE_OK and *n, or STORE_ERROR. */
int store_sanctions_of(store *s, int64_t user, struct store_sanction *out, size_t max, size_t *n);

/* ---- appeals (DSU 6.4.3, 6.8.10) ---- */

struct store_appeal {
	int64_t id, decision, tournament, appellant;
	char body[12]; /* "kc", "skaknaevnet" */
	char filed_on[CALENDAR_ISO_LEN];
	char grounds[STORE_APPEAL_TEXT_MAX];
	char ruling[12]; /* "" while pending, "upheld", "overturned", "changed" */
	char ruling_text[STORE_APPEAL_TEXT_MAX];
	char ruled_on[CALENDAR_ISO_LEN];
};

/* Inside the caller's transaction: a new appeal (a->id set).  STORE_OK or
 * STORE_ERROR. */
int store_appeals_insert(store *s, struct store_appeal *a, int64_t filed_by);

/* Appeal id (with its decision's tournament): STORE_OK, STORE_NOT_FOUND
 * or STORE_ERROR. */
int store_appeals_get(store *s, int64_t id, struct store_appeal *a);

/* The appeals of a decision (decision > 0) or of every decision of user
 * (user > 0) in the order filed, at most max: STORE_OK and *n, or
 * STORE_ERROR. */
int store_appeals_list(store *s, int64_t decision, int64_t user, struct store_appeal *out,
                       size_t max, size_t *n);

/* The appeals still without a ruling, oldest first, after id `after`, at
 * most max: STORE_OK and *n, or STORE_ERROR. */
int store_appeals_pending(store *s, int64_t after, struct store_appeal *out, size_t max, size_t *n);

/* Inside the caller's transaction: the ruling of appeal id (still
 * without one).  STORE_OK, STORE_CONFLICT (ruled already) or STORE_ERROR. */
int store_appeals_rule(store *s, int64_t id, const char *ruling, const char *text, const char *on,
                       int64_t by);

/* Inside the caller's transaction: a changed quarantine's months (the
 * KC's ruling "changed").  STORE_OK or STORE_ERROR. */
int store_decisions_set_months(store *s, int64_t id, int months);

/* Inside the caller's transaction: the TL of tournament id (and of its
 * games: games.led_by).  STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_tournaments_set_tl(store *s, int64_t id, int64_t tl);

/* ---- team captains and reserves (DSU 6.7.2.2, 6.7.4.3; migration 0028) ---- */

/* Inside the caller's transaction: user captains team of tournament t.
 * STORE_OK or STORE_ERROR. */
int store_captains_set(store *s, int64_t t, const char *team, int64_t user, int64_t by);

/* The captain of team: STORE_OK and *user, STORE_NOT_FOUND, STORE_ERROR. */
int store_captains_get(store *s, int64_t t, const char *team, int64_t *user);

struct store_reserve {
	int64_t id, tournament, original, reserve, requested_by;
	char team[STORE_TOURNAMENT_NAME_MAX];
	char requested_on[CALENDAR_ISO_LEN];
	char status[12]; /* "pending", "approved" */
	char approved_on[CALENDAR_ISO_LEN], stop_from[CALENDAR_ISO_LEN], stop_to[CALENDAR_ISO_LEN];
};

/* Inside the caller's transaction: a new request (r->id set).  STORE_OK,
 * STORE_CONFLICT (that reserve is asked for already) or STORE_ERROR. */
int store_reserves_insert(store *s, struct store_reserve *r);

/* Reserve request id: STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_reserves_get(store *s, int64_t id, struct store_reserve *r);

/* The reserves of team (all of tournament t for team NULL), in the order
 * asked, at most max: STORE_OK and *n, or STORE_ERROR. */
int store_reserves_list(store *s, int64_t t, const char *team, struct store_reserve *out,
                        size_t max, size_t *n);

/* Inside the caller's transaction: request id approved on `on`, with its
 * stop; the original's unfinished games of the tournament pass to the
 * reserve (their ids into ids, at most max, *n; each game's rev raised).
 * STORE_OK, STORE_CONFLICT (not pending any more) or STORE_ERROR. */
int store_reserves_approve(store *s, const struct store_reserve *r, int64_t by, int64_t *ids,
                           size_t max, size_t *n);

/* ---- e-mail connection losses (DSU 6.8.1; migration 0029) ---- */

struct store_connection_loss {
	int64_t id, tournament, user;
	char lost_on[CALENDAR_ISO_LEN];
	char restored_on[CALENDAR_ISO_LEN]; /* "" while lost */
};

/* Inside the caller's transaction: a new loss (c->id set), or, when c has
 * restored_on and user has an open loss in the tournament, that one
 * restored (c->id and lost_on set from it).  STORE_OK or STORE_ERROR;
 * STORE_NOT_FOUND for a restoration without an open loss. */
int store_connection_loss_record(store *s, struct store_connection_loss *c, int64_t by);

/* The open losses of user in tournament (for a new one: STORE_OK when
 * one is open, STORE_NOT_FOUND), or STORE_ERROR. */
int store_connection_loss_open(store *s, int64_t tournament, int64_t user,
                               struct store_connection_loss *c);

/* The open losses of the tournaments tl leads (tl 0: every one), oldest
 * first, at most max: STORE_OK and *n, or STORE_ERROR. */
int store_connection_losses_open(store *s, int64_t tl, int64_t tournament,
                                 struct store_connection_loss *out, size_t max, size_t *n);

/* ---- the rating list (DSU 4.5.5.1 items 4-5) ---- */

/* The day user's last rated result ended (the finish of his last rated
 * group, or the report of a rated foreign result, DSU 4.5.4.3) into day (CALENDAR_ISO_LEN; "" when
 * none): STORE_OK or STORE_ERROR. */
int store_members_last_rated(store *s, int64_t user, char *day);

/* ---- editions (DSU 6.5.2, 6.6.3; migration 0027) ---- */

/* The start the KC fixed for the edition of kind ("dm", "cup") in year
 * into start (CALENDAR_ISO_LEN): STORE_OK, STORE_NOT_FOUND (none fixed)
 * or STORE_ERROR. */
int store_editions_get(store *s, const char *kind, int year, char *start);

/* Inside the caller's transaction: fixes it (replacing one fixed before).
 * STORE_OK or STORE_ERROR. */
int store_editions_set(store *s, const char *kind, int year, const char *start, int64_t by);

#endif
