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
	struct metrics_gauges g = {1,
	                           7,
	                           2,
	                           1,
	                           42,
	                           1234,
	                           10,
	                           4,
	                           3,
	                           9,
	                           3,
	                           2,
	                           5000,
	                           65536,
	                           {11, 21, 31},
	                           {12, 22, 32},
	                           {13, 23, 33},
	                           {14, 24, 34},
	                           51,
	                           52};
	size_t len;
	char *t = metrics_render(m, &g, &len);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(strlen(t), len);
	const char *gr = "{method=\"GET\",route=\"/api/v1/games/{id}\"";
	char k[256];
	snprintf(k, sizeof k, "corrchess_http_requests_total%s,status=\"200\"}", gr);
	ck_assert_double_eq(sample(t, k), 2);
	snprintf(k, sizeof k, "corrchess_http_requests_total%s,status=\"404\"}", gr);
	ck_assert_double_eq(sample(t, k), 1);
	snprintf(k, sizeof k, "corrchess_http_request_duration_seconds_bucket%s,le=\"0.005\"}", gr);
	ck_assert_double_eq(sample(t, k), 1);
	snprintf(k, sizeof k, "corrchess_http_request_duration_seconds_bucket%s,le=\"0.25\"}", gr);
	ck_assert_double_eq(sample(t, k), 2);
	snprintf(k, sizeof k, "corrchess_http_request_duration_seconds_bucket%s,le=\"10\"}", gr);
	ck_assert_double_eq(sample(t, k), 2);
	snprintf(k, sizeof k, "corrchess_http_request_duration_seconds_bucket%s,le=\"+Inf\"}", gr);
	ck_assert_double_eq(sample(t, k), 3);
	snprintf(k, sizeof k, "corrchess_http_request_duration_seconds_count%s}", gr);
	ck_assert_double_eq(sample(t, k), 3);
	snprintf(k, sizeof k, "corrchess_http_request_duration_seconds_sum%s}", gr);
	ck_assert_double_eq_tol(sample(t, k), 12.203, 1e-9);
	ck_assert_double_eq(sample(t, "corrchess_http_requests_total{method=\"GET\",route=\"none\","
	                              "status=\"404\"}"),
	                    1);
	ck_assert_double_eq(sample(t, "corrchess_moves_total"), 5);
	ck_assert_double_eq(sample(t, "corrchess_game_cache_hits_total"), 9);
	ck_assert_double_eq(sample(t, "corrchess_tournament_answers_hits_total"), 11);
	ck_assert_double_eq(sample(t, "corrchess_list_answers_hits_total"), 21);
	ck_assert_double_eq(sample(t, "corrchess_list_answers_misses_total"), 22);
	ck_assert_double_eq(sample(t, "corrchess_tournament_answers_entries"), 13);
	ck_assert_double_eq(sample(t, "corrchess_list_answers_bytes"), 24);
	ck_assert_double_eq(sample(t, "corrchess_game_answers_hits_total"), 31);
	ck_assert_double_eq(sample(t, "corrchess_game_answers_misses_total"), 32);
	ck_assert_double_eq(sample(t, "corrchess_game_answers_entries"), 33);
	ck_assert_double_eq(sample(t, "corrchess_game_answers_bytes"), 34);
	ck_assert_double_eq(sample(t, "corrchess_game_cache_misses_total"), 3);
	ck_assert_double_eq(sample(t, "corrchess_game_cache_entries"), 2);
	ck_assert_double_eq(sample(t, "corrchess_game_cache_bytes"), 5000);
	ck_assert_double_eq(sample(t, "corrchess_game_cache_budget_bytes"), 65536);
	ck_assert_double_eq(sample(t, "corrchess_wal_frames_total"), 1234);
	ck_assert_double_eq(sample(t, "corrchess_writes_total"), 10);
	ck_assert_double_eq(sample(t, "corrchess_write_transactions_total"), 4);
	ck_assert_double_eq(sample(t, "corrchess_active_games"), 7);
	ck_assert_double_eq(sample(t, "corrchess_mails_queued"), 2);
	ck_assert_double_eq(sample(t, "corrchess_mails_failed"), 1);
	ck_assert_double_eq(sample(t, "corrchess_mails_refused"), 3);
	ck_assert_double_eq(sample(t, "corrchess_database_up"), 1);
	ck_assert_double_eq(sample(t, "corrchess_wal_flushes_total"), 42);
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
