/* check_metrics.c: the /metrics text (server/metrics.c): counts by route
 * and status, cumulative histogram buckets whose +Inf equals the count,
 * escaped labels, the bounded table, the gauges. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/metrics.h"
#include "testutil.h"

/* The value of the sample line that starts with `series` followed by a
 * space, or -1 when there is none. */
static double sample(const char *text, const char *series)
{
	size_t n = strlen(series);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, series, n) == 0 && p[n] == ' ')
			return strtod(p + n + 1, NULL);
	return -1;
}

START_TEST(test_counts_and_histogram)
{
	metrics *m = metrics_new();
	ck_assert_ptr_nonnull(m);
	metrics_request(m, "GET", "/api/v1/games/{id}", 200, 0.003);
	metrics_request(m, "GET", "/api/v1/games/{id}", 200, 0.2);
	metrics_request(m, "GET", "/api/v1/games/{id}", 404, 12.0);
	metrics_request(m, "POST", "/api/v1/session", 401, 0.0005);
	metrics_request(m, "GET", NULL, 404, 0.0001);
	metrics_add(m, METRICS_MOVES, 3);
	metrics_add(m, METRICS_MOVES, 2);
	struct metrics_gauges g = {1, 7, 2, 1, 42, 1234, 10, 4, 3, 9, 3, 2, 5000, 65536};
	size_t len;
	char *t = metrics_render(m, &g, &len);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(strlen(t), len);
	const char *gr = "{method=\"GET\",route=\"/api/v1/games/{id}\"";
	/* the series of the route, then the route-less ones: name, labels
	 * after the route's, value */
	static const struct {
		const char *name, *labels;
		double want;
	} series[] = {
	        {"corrchess_http_requests_total", ",status=\"200\"}", 2},
	        {"corrchess_http_requests_total", ",status=\"404\"}", 1},
	        {"corrchess_http_request_duration_seconds_bucket", ",le=\"0.005\"}", 1},
	        {"corrchess_http_request_duration_seconds_bucket", ",le=\"0.25\"}", 2},
	        {"corrchess_http_request_duration_seconds_bucket", ",le=\"10\"}", 2},
	        {"corrchess_http_request_duration_seconds_bucket", ",le=\"+Inf\"}", 3},
	        {"corrchess_http_request_duration_seconds_count", "}", 3},
	        {"corrchess_http_requests_total{method=\"GET\",route=\"none\",status=\"404\"}",
	         NULL, 1},
	        {"corrchess_moves_total", NULL, 5},
	        {"corrchess_game_cache_hits_total", NULL, 9},
	        {"corrchess_game_cache_misses_total", NULL, 3},
	        {"corrchess_game_cache_entries", NULL, 2},
	        {"corrchess_game_cache_bytes", NULL, 5000},
	        {"corrchess_game_cache_budget_bytes", NULL, 65536},
	        {"corrchess_wal_frames_total", NULL, 1234},
	        {"corrchess_writes_total", NULL, 10},
	        {"corrchess_write_transactions_total", NULL, 4},
	        {"corrchess_active_games", NULL, 7},
	        {"corrchess_mails_queued", NULL, 2},
	        {"corrchess_mails_failed", NULL, 1},
	        {"corrchess_mails_refused", NULL, 3},
	        {"corrchess_database_up", NULL, 1},
	        {"corrchess_wal_flushes_total", NULL, 42},
	};
	char k[256];
	for (size_t i = 0; i < sizeof series / sizeof series[0]; i++) {
		if (series[i].labels)
			snprintf(k, sizeof k, "%s%s%s", series[i].name, gr, series[i].labels);
		else
			snprintf(k, sizeof k, "%s", series[i].name);
		ck_assert_msg(sample(t, k) == series[i].want, "%s: %g, not %g", k, sample(t, k),
		              series[i].want);
	}
	snprintf(k, sizeof k, "corrchess_http_request_duration_seconds_sum%s}", gr);
	ck_assert_double_eq_tol(sample(t, k), 12.203, 1e-9);
	ck_assert_ptr_nonnull(
	        strstr(t, "# TYPE corrchess_http_request_duration_seconds histogram\n"));
	ck_assert_ptr_nonnull(strstr(t, "# TYPE corrchess_http_requests_total counter\n"));
	/* Every line is a comment or "name{labels} value" / "name value". */
	for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n"))
		ck_assert_msg(line[0] == '#' || strncmp(line, "corrchess_", 10) == 0, "line %s",
		              line);
	free(t);
	metrics_free(m);
}
END_TEST

START_TEST(test_labels_escaped_and_table_bounded)
{
	metrics *m = metrics_new();
	metrics_request(m, "GET", "/a\"b\\c\nd", 200, 0.1);
	char route[32];
	for (int i = 0; i < METRICS_ROUTES + 10; i++) {
		snprintf(route, sizeof route, "/r%d", i);
		metrics_request(m, "GET", route, 200, 0.001);
	}
	size_t len;
	char *t = metrics_render(m, NULL, &len);
	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(strstr(t, "route=\"/a\\\"b\\\\c\\nd\""));
	/* The first METRICS_ROUTES pairs have their own series; 11 more share
	 * route="other". */
	ck_assert_double_eq(sample(t, "corrchess_http_requests_total{method=\"other\",route="
	                              "\"other\",status=\"200\"}"),
	                    11);
	ck_assert_ptr_null(strstr(t, "corrchess_active_games"));
	free(t);
	metrics_free(m);
	metrics_free(NULL);
}
END_TEST

TU_MAIN("metrics", 0, test_counts_and_histogram, test_labels_escaped_and_table_bounded)
