/* metrics.h: the counters behind GET /metrics (API.md "Operations"), in
 * the Prometheus text format (version 0.0.4).
 *
 * Requests are counted by method, route (the pattern of the route table,
 * such as /api/v1/games/{id}, never the raw path, so the series stay
 * few) and status, with one latency histogram a method and route.  The
 * table is bounded: past METRICS_ROUTES pairs further ones count under
 * route="other".  All functions are thread-safe. */
#ifndef CORRCHESS_METRICS_H
#define CORRCHESS_METRICS_H

#include <stddef.h>

#define METRICS_ROUTES 128 /* method and route pairs tracked */

typedef struct metrics metrics;

/* Counters kept besides the requests. */
enum metrics_counter {
	METRICS_MOVES,           /* moves stored */
	METRICS_LOGIN_FAILED,    /* logins refused for a wrong name or password */
	METRICS_LOGIN_THROTTLED, /* logins refused with 429 too_many_attempts */
	METRICS_NCOUNTERS
};

/* What the database says at scrape time (the caller reads it). */
struct metrics_gauges {
	int db_up; /* 1 when the database answered */
	long active_games;
	long mails_queued;     /* in the outbox, not sent yet */
	long mails_failed;     /* in the outbox with a failed attempt */
	long long wal_flushes; /* group-commit flushes so far; -1: synchronous = normal */
	long long wal_frames;  /* WAL pages written by the commits so far; -1: not counted */
	long long writes, write_transactions; /* the writer thread's steps and transactions */
	long mails_refused;                   /* refused for good by the relay (5xx), not retried */
	/* The replayed games kept by (id, rev) (server/store/game_cache.h). */
	unsigned long long cache_hits, cache_misses;
	long long cache_entries, cache_bytes, cache_budget;
	/* The answers kept by revision (server/api/kept.h): [0] the
	 * TOURNAMENTs, [1] the game lists' summary pages, [2] the game GETs
	 * (server/api/game_json.c game_json_kept()). */
	unsigned long long kept_hits[3], kept_misses[3];
	long long kept_entries[3], kept_bytes[3];
	long long wal_catch_ups, wal_truncates; /* the checkpointer's (store_wal_checkpoints()) */
};

/* A new, empty set (metrics_free() it), or NULL when out of memory. */
metrics *metrics_new(void);

/* Frees the set.  NULL is a no-op. */
void metrics_free(metrics *m);

/* One request done: method, route (NULL or "" for a path no route
 * matched: counted as route="none"), status, and its duration. */
void metrics_request(metrics *m, const char *method, const char *route, int status, double seconds);

/* Adds n to a counter. */
void metrics_add(metrics *m, enum metrics_counter c, long n);

/* The HTTP event threads, numbered in the order they first served a
 * request: at most this many are counted one by one. */
#define METRICS_EVENT_THREADS 16

/* One request taken by event thread `thread` (0-based; one past the
 * counted ones is ignored): corrchess_http_event_thread_requests_total,
 * which shows whether the connections are spread evenly (http/http.c
 * acceptor()). */
void metrics_event_thread_request(metrics *m, unsigned thread);

/* The text exposition of everything, with the gauges g (NULL: left out),
 * as a new string (the caller frees) of *len bytes; NULL when out of
 * memory.  Cost: a pass over the table under its lock. */
char *metrics_render(metrics *m, const struct metrics_gauges *g, size_t *len);

#endif
