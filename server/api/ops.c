/* api/ops.c: the health check and the metrics. */
#include "autoconfig.h"
#include "api/ops.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "api/api_games.h"
#include "api/game_json.h"
#include "api/tournament_json.h"
#include "store/store_games.h"
#include "store/health.h"
#include "store/store_notify.h"
#include "store/store.h"
#include "svc/svc.h"

int api_ops_healthz(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	(void)rq;
	int ready = atomic_load(&app->ready);
	if (ready != 1)
		return api_json(rs, 503,
		                json_pack("{s:s,s:b}", "status",
		                          ready < 0 ? "stopping" : "starting", "ready", 0));
	if (store_health_ping(app->st) != STORE_OK)
		return api_json(rs, 503,
		                json_pack("{s:s,s:b}", "status", "unavailable", "ready", 0));
	return api_json(rs, 200,
	                json_pack("{s:s,s:b,s:i}", "status", "ok", "ready", 1, "schema",
	                          store_schema_version(app->st)));
}

int api_ops_metrics(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	(void)rq;
	if (!app->metrics)
		return api_error(rs, "not_found", "this program keeps no metrics");
	struct metrics_gauges g = {.wal_flushes = store_wal_flushes(app->st),
	                           .wal_frames = store_wal_frames(app->st)};
	store_wal_checkpoints(app->st, &g.wal_catch_ups, &g.wal_truncates);
	unsigned long long steps, transactions;
	svc_writer_counts(&steps, &transactions);
	g.writes = (long long)steps;
	g.write_transactions = (long long)transactions;
	struct store_games_cache gc;
	store_games_cache_stats(app->st, &gc);
	g.cache_hits = gc.hits;
	g.cache_misses = gc.misses;
	g.cache_entries = (long long)gc.entries;
	g.cache_bytes = (long long)gc.bytes;
	g.cache_budget = (long long)gc.budget;
	struct kept_stats ks[3];
	api_tournament_kept_stats(&ks[0]);
	api_games_kept_stats(&ks[1]);
	game_json_stats(&ks[2]);
	for (int i = 0; i < 3; i++) {
		g.kept_hits[i] = ks[i].hits;
		g.kept_misses[i] = ks[i].misses;
		g.kept_entries[i] = (long long)ks[i].entries;
		g.kept_bytes[i] = (long long)ks[i].bytes;
	}
	g.db_up = store_health_gauges(app->st, &g.active_games, &g.mails_queued, &g.mails_failed) ==
	          STORE_OK;
	struct store_outbox_status out;
	size_t none;
	if (g.db_up && store_outbox_status(app->st, &out, NULL, 0, &none) == STORE_OK)
		g.mails_refused = (long)out.refused;
	size_t len;
	char *text = metrics_render(app->metrics, &g, &len);
	if (!text)
		return api_error(rs, "internal", "out of memory");
	int status = api_text(rs, 200, "text/plain; version=0.0.4; charset=utf-8", text, len);
	free(text);
	return status;
}
