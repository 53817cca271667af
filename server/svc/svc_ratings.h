/* svc/svc_ratings.h: keeps the ratings current (issue 12; docs/RATING.md "On the
 * server").  The triggers of migrations/0006_ratings.sql put every group
 * whose last game ended into the finishing order and mark the place from
 * which the steps are stale (a corrected result, a changed start rating);
 * svc_ratings_update() rates every group from there on, in that order, with
 * lib/rating, so the list depends only on the start ratings, the results
 * and the finishing order, never on the order corrections came in. */
#ifndef CORRCHESS_SVC_RATINGS_H
#define CORRCHESS_SVC_RATINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "store/store_foreign.h"
#include "store/store_ratings.h"
#include "svc/svc.h"

/* Brings the steps up to date in one write transaction (nothing to do
 * costs one SELECT).  Cost: O(groups from the stale place, their games);
 * a whole 10,000-group history takes about 0.8 s (docs/BENCHMARKS.md).
 * A group that cannot be rated (docs/RATING.md O-3) is recorded with the
 * reason and changes nobody's rating.  Returns 0, or -1 with a sentence in
 * err (the transaction rolled back, nothing changed). */
int svc_ratings_update(store *s, char *err, size_t errlen);

/* A foreign tournament's result as the player reported it (DSU 4.5.4.3). */
struct svc_foreign_in {
	int64_t player;
	const char *event;       /* 1..200 bytes */
	const char *finished_on; /* its last day, not after today */
	bool round_robin;        /* a single all-play-all: each opponent met once */
	bool winner;             /* he won it (4.5.2.5) */
	size_t ngames;           /* 1..STORE_FOREIGN_GAMES */
	struct store_foreign_game games[STORE_FOREIGN_GAMES]; /* result "1", "1/2" or "0" */
};

/* DSU 4.5.4.3: the kc (or an admin) enters a foreign result; it takes
 * its place in the rating order now (reported today, 4.5.4.1 a) and is
 * rated at once, as the group it came from (lib/rating
 * rating_foreign_rate()).  SVC_OK with *out (its figures, or its error
 * when it cannot be rated, e.g. a player without any rating yet), or a
 * refusal: forbidden, unknown_user, invalid_field, invalid_date; busy. */
int svc_rating_foreign_add(struct app *app, const struct user *who, const struct svc_foreign_in *in,
                           struct store_foreign *out, struct svc_outcome *o);

/* Deletes foreign result id (entered wrongly; the kc, an admin); the
 * ratings are computed again from its place.  SVC_OK, or a refusal
 * (forbidden), SVC_NOT_FOUND, busy. */
int svc_rating_foreign_delete(struct app *app, const struct user *who, int64_t id,
                              struct svc_outcome *o);

#endif
