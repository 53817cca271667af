/* svc/svc_ratings.h: keeps the ratings current (issue 12; docs/RATING.md "On the
 * server").  The triggers of migrations/0006_ratings.sql put every group
 * whose last game ended into the finishing order and mark the place from
 * which the steps are stale (a corrected result, a changed start rating);
 * svc_ratings_update() rates every group from there on, in that order, with
 * lib/rating, so the list depends only on the start ratings, the results
 * and the finishing order, never on the order corrections came in. */
#ifndef CORRCHESS_SVC_RATINGS_H
#define CORRCHESS_SVC_RATINGS_H

#include <stddef.h>

#include "store/store_ratings.h"

/* Brings the steps up to date in one write transaction (nothing to do
 * costs one SELECT).  Cost: O(groups from the stale place, their games);
 * a whole 10,000-group history takes about 0.8 s (docs/BENCHMARKS.md).
 * A group that cannot be rated (docs/RATING.md O-3) is recorded with the
 * reason and changes nobody's rating.  Returns 0, or -1 with a sentence in
 * err (the transaction rolled back, nothing changed). */
int svc_ratings_update(store *s, char *err, size_t errlen);

#endif
