/* svc/svc_entries.h: EMT entries and entry rights (docs/API.md
 * "Tournaments", docs/TOURNAMENTS.md "Entries"; DSU 6.4.4, 6.5.1-6.5.3):
 * the rights a player has today, and an entry, whose 7th of a class
 * starts a group led by the class's TL (docs/AUTHORITY.md rule 2, never
 * the entrant) under the class's profile (svc/svc_classes.h). */
#ifndef CORRCHESS_SVC_ENTRIES_H
#define CORRCHESS_SVC_ENTRIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store_federation.h"
#include "svc/svc.h"
#include "tourney/dsu_rights.h"

#define SVC_HISTORY_MAX 256 /* classed groups of one player looked at */
#define SVC_EXTRA_MAX   64  /* rights from the cup and the TL looked at */

/* A group with a class the player still plays (R25, DSU 6.5.1.2). */
struct svc_running {
	int64_t id;
	enum dsu_class cls;
	int score2, games; /* his points so far, his games in it */
};

/* What a player may enter today (R35-R41), and why. */
struct svc_rights {
	struct dsu_rights_answer a;
	size_t nrun; /* his running groups with a class */
	struct svc_running run[SVC_HISTORY_MAX];
	size_t nextra; /* the rights from outside the EMT (the cup, a TL's grant) */
	struct dsu_right extra[SVC_EXTRA_MAX];
	const char *why[SVC_EXTRA_MAX]; /* static text */
};

/* The rights of user today (from his finished groups with a class, the
 * OTB table of his otb_rating, the cup's finished semifinals and finals
 * and the rights a TL granted) into *r (a large struct: allocate it).
 * SVC_OK, or SVC_BUSY / SVC_ERROR. */
int svc_rights_of(struct app *app, int64_t user, struct svc_rights *r, struct svc_outcome *o);

/* Why the right to class c through r->a.until[c] exists (static text). */
const char *svc_right_why(const struct svc_rights *r, enum dsu_class c);

/* An entry made. */
struct svc_entered {
	int64_t id, player;
	char cls[4];
	int64_t group;            /* the group it started or joined, 0: waiting */
	char fee_received_on[11]; /* valid from (DSU 6.4.4.1); "": waits for its fee */
	char proof[301];          /* the proof of the class (6.4.4.1 b), "" */
};

/* POST /entries: player enters class cls ("Å", "K", "M", "DM"; "A",
 * "AA"): himself (entry_own) or, by the class's TL or an admin, another
 * player (entry_for).  Refused without the right (no_right), while a
 * running group still carries the risk of relegation (relegation_risk,
 * R25), twice for a class (already_entered).  The 7th waiting entry of a
 * class (not DM) starts a group of those seven at once (DSU 6.5.1.1):
 * seats by lot, the class's profile, led by the class's TL (none named:
 * only an admin leads it), the start letter with it.
 *
 * Issue 22: an entry is valid from the day its fee was received (DSU
 * 6.4.4.1): fee (YYYY-MM-DD, not after today) is the TL's to give
 * (entry_fee: a player's own entry waits for it; the TL's or an admin's
 * entry of another player without it is valid today); only valid entries
 * start a group.  proof (NULL: none) is the proof of the class (6.4.4.1
 * b).  Refused during a quarantine (quarantined, DSU 6.4.2, 4.1.1 §19)
 * and for a non-member who has had his one group (member_only, 6.1.2).
 * member (NULL: none) with member_given[] (membership, member_no, club,
 * birth_date) are the member fields the entry carries (6.4.4.1 a, d),
 * stored on the player with it (member_set) and read for 6.1.2. */
int svc_entry(struct app *app, const struct user *who, int64_t player, const char *cls,
              const char *fee, const char *proof, const struct store_memberinfo *member,
              const bool member_given[4], struct svc_entered *out, struct svc_outcome *o);

/* POST /entries/{id}/fee: the fee of waiting entry id received on `on`
 * (NULL: today; never after), by the class's TL or an admin (entry_fee):
 * the entry is valid from that day, and the 7th valid one of its class
 * starts the group (DSU 6.4.4.1, 6.5.1.1).  409 fee_recorded when it has
 * one; quarantined and member_only as svc_entry(). */
int svc_entry_fee(struct app *app, const struct user *who, int64_t id, const char *on,
                  struct svc_entered *out, struct svc_outcome *o);

#endif
