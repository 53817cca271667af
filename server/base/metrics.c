/* metrics.c: request counters and latency histograms for GET /metrics. */
#include "autoconfig.h"
#include "base/metrics.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/textbuf.h"

#define METRICS_TEXT_MAX (4 * 1024 * 1024)
#define NAME_MAX_LEN     96
#define NSTATUS          16 /* distinct status codes a route keeps apart */

/* Upper bounds of the latency buckets, in seconds (+Inf implied). */
static const double bounds[] = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                0.25,  0.5,    1,     2.5,  5,     10};
#define NBUCKETS (sizeof bounds / sizeof bounds[0])

struct series {
	char method[12];
	char route[NAME_MAX_LEN];
	struct {
		int status;
		unsigned long long n;
	} status[NSTATUS];
	int nstatus;
	unsigned long long bucket[NBUCKETS]; /* not cumulative; summed when rendered */
	unsigned long long count;
	double sum;
};

struct metrics {
	pthread_mutex_t lock;
	struct series s[METRICS_ROUTES + 1]; /* the last one is route="other" */
	int n;
	unsigned long long counter[METRICS_NCOUNTERS];
	unsigned long long event_thread[METRICS_EVENT_THREADS];
	unsigned nevent_threads; /* the highest thread counted, plus one */
};

metrics *metrics_new(void)
{
	metrics *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	if (pthread_mutex_init(&m->lock, NULL) != 0) {
		free(m);
		return NULL;
	}
	struct series *o = &m->s[METRICS_ROUTES];
	snprintf(o->method, sizeof o->method, "%s", "other");
	snprintf(o->route, sizeof o->route, "%s", "other");
	return m;
}

void metrics_free(metrics *m)
{
	if (!m)
		return;
	pthread_mutex_destroy(&m->lock);
	free(m);
}

/* The series of method and route, made when new; the shared "other" one
 * when the table is full.  Linear: the table holds the routes of one
 * program, a few dozen. */
static struct series *series_of(metrics *m, const char *method, const char *route)
{
	for (int i = 0; i < m->n; i++)
		if (strcmp(m->s[i].route, route) == 0 && strcmp(m->s[i].method, method) == 0)
			return &m->s[i];
	if (m->n == METRICS_ROUTES || strlen(method) >= sizeof m->s[0].method ||
	    strlen(route) >= sizeof m->s[0].route)
		return &m->s[METRICS_ROUTES];
	struct series *s = &m->s[m->n++];
	strcpy(s->method, method);
	strcpy(s->route, route);
	return s;
}

void metrics_request(metrics *m, const char *method, const char *route, int status, double seconds)
{
	if (!route || !*route)
		route = "none";
	if (!method || !*method)
		method = "none";
	if (seconds < 0)
		seconds = 0;
	pthread_mutex_lock(&m->lock);
	struct series *s = series_of(m, method, route);
	int i = 0;
	while (i < s->nstatus && s->status[i].status != status)
		i++;
	if (i == s->nstatus && s->nstatus < NSTATUS) {
		s->status[i].status = status;
		s->nstatus++;
	} else if (i == s->nstatus) {
		i = NSTATUS - 1; /* more codes than kept: the last one takes them */
	}
	s->status[i].n++;
	size_t b = 0;
	while (b < NBUCKETS && seconds > bounds[b])
		b++;
	if (b < NBUCKETS)
		s->bucket[b]++;
	s->count++;
	s->sum += seconds;
	pthread_mutex_unlock(&m->lock);
}

void metrics_add(metrics *m, enum metrics_counter c, long n)
{
	if ((int)c < 0 || c >= METRICS_NCOUNTERS || n < 0)
		return;
	pthread_mutex_lock(&m->lock);
	m->counter[c] += (unsigned long long)n;
	pthread_mutex_unlock(&m->lock);
}

void metrics_event_thread_request(metrics *m, unsigned thread)
{
	if (thread >= METRICS_EVENT_THREADS)
		return;
	pthread_mutex_lock(&m->lock);
	m->event_thread[thread]++;
	if (thread >= m->nevent_threads)
		m->nevent_threads = thread + 1;
	pthread_mutex_unlock(&m->lock);
}

static void put(struct textbuf *b, const char *s)
{
	textbuf_put(b, s, strlen(s));
}

/* A label value with \, " and newline escaped (exposition format). */
static void put_label(struct textbuf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			textbuf_put(b, "\\", 1);
		if (*s == '\n')
			put(b, "\\n");
		else
			textbuf_put(b, s, 1);
	}
}

static void put_labels(struct textbuf *b, const struct series *s)
{
	put(b, "method=\"");
	put_label(b, s->method);
	put(b, "\",route=\"");
	put_label(b, s->route);
	put(b, "\"");
}

static void put_metric(struct textbuf *b, const char *name, const char *type, const char *help,
                       double v)
{
	char line[256];
	snprintf(line, sizeof line, "# HELP %s %s\n# TYPE %s %s\n%s %.17g\n", name, help, name,
	         type, name, v);
	put(b, line);
}

char *metrics_render(metrics *m, const struct metrics_gauges *g, size_t *len)
{
	struct textbuf b = TEXTBUF_INIT(METRICS_TEXT_MAX);
	char num[128];
	pthread_mutex_lock(&m->lock);
	const struct series *list[METRICS_ROUTES + 1];
	int nl = 0;
	for (int i = 0; i < m->n; i++)
		list[nl++] = &m->s[i];
	if (m->s[METRICS_ROUTES].count)
		list[nl++] = &m->s[METRICS_ROUTES];
	put(&b, "# HELP corrchess_http_requests_total HTTP requests answered, by route and "
	        "status.\n# TYPE corrchess_http_requests_total counter\n");
	for (int i = 0; i < nl; i++) {
		const struct series *s = list[i];
		for (int k = 0; k < s->nstatus; k++) {
			put(&b, "corrchess_http_requests_total{");
			put_labels(&b, s);
			snprintf(num, sizeof num, ",status=\"%d\"} %llu\n", s->status[k].status,
			         s->status[k].n);
			put(&b, num);
		}
	}
	put(&b, "# HELP corrchess_http_request_duration_seconds Time from a request's "
	        "arrival to its answer.\n# TYPE corrchess_http_request_duration_seconds "
	        "histogram\n");
	for (int i = 0; i < nl; i++) {
		const struct series *s = list[i];
		unsigned long long cum = 0;
		for (size_t k = 0; k <= NBUCKETS; k++) {
			put(&b, "corrchess_http_request_duration_seconds_bucket{");
			put_labels(&b, s);
			if (k < NBUCKETS) {
				cum += s->bucket[k];
				snprintf(num, sizeof num, ",le=\"%g\"} %llu\n", bounds[k], cum);
			} else {
				snprintf(num, sizeof num, ",le=\"+Inf\"} %llu\n", s->count);
			}
			put(&b, num);
		}
		put(&b, "corrchess_http_request_duration_seconds_sum{");
		put_labels(&b, s);
		snprintf(num, sizeof num, "} %.9g\n", s->sum);
		put(&b, num);
		put(&b, "corrchess_http_request_duration_seconds_count{");
		put_labels(&b, s);
		snprintf(num, sizeof num, "} %llu\n", s->count);
		put(&b, num);
	}
	if (m->nevent_threads)
		put(&b, "# HELP corrchess_http_event_thread_requests_total Requests taken by "
		        "each HTTP event thread (numbered as they first served one).\n"
		        "# TYPE corrchess_http_event_thread_requests_total counter\n");
	for (unsigned i = 0; i < m->nevent_threads; i++) {
		snprintf(num, sizeof num,
		         "corrchess_http_event_thread_requests_total{thread=\"%u\"} %llu\n", i,
		         m->event_thread[i]);
		put(&b, num);
	}
	unsigned long long c[METRICS_NCOUNTERS];
	memcpy(c, m->counter, sizeof c);
	pthread_mutex_unlock(&m->lock);

	put_metric(&b, "corrchess_moves_total", "counter", "Moves stored.",
	           (double)c[METRICS_MOVES]);
	put_metric(&b, "corrchess_login_failures_total", "counter",
	           "Logins refused for a wrong name or password.", (double)c[METRICS_LOGIN_FAILED]);
	put_metric(&b, "corrchess_login_throttled_total", "counter",
	           "Logins refused with 429 too_many_attempts.",
	           (double)c[METRICS_LOGIN_THROTTLED]);
	if (g) {
		put_metric(&b, "corrchess_database_up", "gauge", "1 when the database answered.",
		           g->db_up);
		put_metric(&b, "corrchess_active_games", "gauge", "Games being played.",
		           (double)g->active_games);
		put_metric(&b, "corrchess_mails_queued", "gauge",
		           "Mails in the outbox, not sent yet.", (double)g->mails_queued);
		put_metric(&b, "corrchess_mails_failed", "gauge",
		           "Mails in the outbox whose last attempt failed.",
		           (double)g->mails_failed);
		put_metric(&b, "corrchess_mails_refused", "gauge",
		           "Mails the relay refused for good (SMTP 5xx), not tried again; "
		           "corrchess mail-status lists them.",
		           (double)g->mails_refused);
		if (g->wal_flushes >= 0)
			put_metric(&b, "corrchess_wal_flushes_total", "counter",
			           "fdatasync calls of the group commit (synchronous = full).",
			           (double)g->wal_flushes);
		if (g->wal_frames >= 0)
			put_metric(&b, "corrchess_wal_frames_total", "counter",
			           "WAL pages written by the commits.", (double)g->wal_frames);
		put_metric(&b, "corrchess_wal_catch_ups_total", "counter",
		           "Checkpoints finished with the writers held off for the last frames, "
		           "so the WAL starts again.",
		           (double)g->wal_catch_ups);
		put_metric(&b, "corrchess_wal_truncates_total", "counter",
		           "TRUNCATE checkpoints: the WAL had passed 16 MB.",
		           (double)g->wal_truncates);
		put_metric(&b, "corrchess_writes_total", "counter",
		           "Write steps run by the writer thread.", (double)g->writes);
		put_metric(&b, "corrchess_write_transactions_total", "counter",
		           "Transactions the writer thread made of them.",
		           (double)g->write_transactions);
		put_metric(&b, "corrchess_game_cache_hits_total", "counter",
		           "Game reads whose moves came from the cache, not replayed.",
		           (double)g->cache_hits);
		put_metric(&b, "corrchess_game_cache_misses_total", "counter",
		           "Game reads that replayed the moves.", (double)g->cache_misses);
		put_metric(&b, "corrchess_game_cache_entries", "gauge", "Games held by the cache.",
		           (double)g->cache_entries);
		put_metric(&b, "corrchess_game_cache_bytes", "gauge", "Bytes held by the cache.",
		           (double)g->cache_bytes);
		put_metric(&b, "corrchess_game_cache_budget_bytes", "gauge",
		           "The most the cache may hold (CORRCHESS_GAME_CACHE_KB).",
		           (double)g->cache_budget);
		static const char *const kept[3][4] = {
		        {"corrchess_tournament_answers_hits_total",
		         "corrchess_tournament_answers_misses_total",
		         "corrchess_tournament_answers_entries",
		         "corrchess_tournament_answers_bytes"},
		        {"corrchess_list_answers_hits_total", "corrchess_list_answers_misses_total",
		         "corrchess_list_answers_entries", "corrchess_list_answers_bytes"},
		        {"corrchess_game_answers_hits_total", "corrchess_game_answers_misses_total",
		         "corrchess_game_answers_entries", "corrchess_game_answers_bytes"}};
		for (int i = 0; i < 3; i++) {
			put_metric(&b, kept[i][0], "counter", "Reads answered from a kept answer.",
			           (double)g->kept_hits[i]);
			put_metric(&b, kept[i][1], "counter",
			           "Reads that wrote the answer (none kept at this revision).",
			           (double)g->kept_misses[i]);
			put_metric(&b, kept[i][2], "gauge", "Answers kept.",
			           (double)g->kept_entries[i]);
			put_metric(&b, kept[i][3], "gauge", "Bytes of the answers kept.",
			           (double)g->kept_bytes[i]);
		}
	}
	if (b.full || !b.p) {
		free(b.p);
		return NULL;
	}
	*len = b.len;
	return b.p;
}
