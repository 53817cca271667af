/* svc_deadlines.c: a game's dates kept with its changes
 * (svc/svc_deadlines.h). */
#include "autoconfig.h"
#include "svc/svc_deadlines.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/log.h"
#include "store/store_deadlines.h"
#include "store/store_games.h"
#include "util/status.h"

int svc_deadlines_of(const struct corr_game *g, struct corr_deadline *d)
{
	return svc_deadlines_from(g, NULL, d);
}

int svc_deadlines_from(const struct corr_game *g, const struct clock_result *now,
                       struct corr_deadline *d)
{
	if (g->state.status != CORR_ACTIVE)
		return 0;
	struct corr_error e;
	int n = corr_deadlines_from(g, now, d, &e);
	return n < 0 ? -1 : n;
}

/* The dates game id should have now, from the store (as the caller's
 * transaction sees it): their number as svc_deadlines_of() answers, 0
 * for a missing game; *ok false on a database error. */
static int dates_now(store *s, int64_t id, struct corr_deadline *d, bool *ok)
{
	struct store_game sg;
	char err[512];
	*ok = true;
	int rc = store_games_load(s, id, &sg, err, sizeof err);
	if (rc == STORE_NOT_FOUND)
		return 0;
	if (rc == STORE_ERROR) {
		*ok = false;
		return 0;
	}
	if (rc == STORE_CORRUPT)
		return -1; /* not judged, never dropped: rechecked every day */
	int n = svc_deadlines_of(&sg.g, d);
	store_games_free(&sg);
	return n;
}

int svc_deadlines_reload(store *s, int64_t id)
{
	struct corr_deadline d[CORR_DEADLINES_MAX];
	bool ok;
	int n = dates_now(s, id, d, &ok);
	if (!ok)
		return STORE_ERROR;
	return store_deadlines_set(s, id, d, n);
}

int svc_deadlines_stops_changed(store *s, int64_t user, int64_t tournament)
{
	int64_t *ids;
	size_t n;
	struct store_games_filter f = {
	        .player = user, .active = true, .tournament = tournament, .oldest_first = true};
	if (store_games_of(s, &f, SIZE_MAX, &ids, &n) != STORE_OK)
		return STORE_ERROR;
	int rc = STORE_OK;
	for (size_t i = 0; i < n && rc == STORE_OK; i++) {
		rc = store_games_touch(s, ids[i]);
		if (rc == STORE_OK)
			rc = svc_deadlines_reload(s, ids[i]);
	}
	free(ids);
	return rc;
}

int svc_deadlines_fill(store *s, size_t *done)
{
	*done = 0;
	for (;;) {
		int64_t *ids;
		size_t n;
		if (store_begin(s) != STORE_OK)
			return STORE_ERROR;
		if (store_deadlines_pending(s, &ids, &n) != STORE_OK)
			goto fail;
		int rc = STORE_OK;
		for (size_t i = 0; i < n && rc == STORE_OK; i++) {
			rc = svc_deadlines_reload(s, ids[i]);
			if (rc == STORE_OK)
				rc = store_deadlines_pending_done(s, ids[i]);
		}
		free(ids);
		if (rc != STORE_OK)
			goto fail;
		if (store_commit(s) != STORE_OK)
			return STORE_ERROR;
		*done += n;
		if (n < 500)
			break;
	}
	if (*done)
		log_msg(LOG_INFO, "computed the dates of %zu games", *done);
	return STORE_OK;
fail:
	store_rollback(s);
	return STORE_ERROR;
}

int svc_deadlines_verify(store *s, int64_t id, bool fix, char *diff, size_t difflen)
{
	struct corr_deadline d[CORR_DEADLINES_MAX];
	bool ok;
	int n = dates_now(s, id, d, &ok);
	if (!ok)
		return STORE_ERROR;
	return store_deadlines_verify(s, id, d, n, fix, diff, difflen);
}
