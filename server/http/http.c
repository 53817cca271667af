/* http.c: libmicrohttpd glue: paths under /api/ go to api_handle(), the
 * others to the web pages (web_handle()).
 *
 * Threading: MHD's own thread pool (one worker per core by default) with
 * epoll.  Each worker thread runs its requests to the end, so a request
 * never waits for another request's SQLite work on the same thread, and
 * epoll keeps the cost of idle keep-alive connections flat; that is the
 * fastest of MHD's modes for short JSON requests (docs/SCALING.md).
 * Per-request state (the body buffer, the start time) lives in the
 * connection closure and is freed in the completion callback. */
#include "autoconfig.h"
#include "http/http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "base/metrics.h"
#include "base/workpool.h"
#include "api/ops.h"
#include "http/negotiate.h"
#include "http/web.h"
#include "xfcc/xfcc.h"
#include "store/store.h"

/* The numbers of docs/OPERATIONS.md. */
#define HTTP_CONN_LIMIT    2000 /* connections at once (key max_connections) */
#define HTTP_IDLE_TIMEOUT  10   /* seconds without a byte: the connection is closed */
#define HTTP_HEAD_DEADLINE 20   /* seconds for a request line and headers, in all */
#define HTTP_BODY_DEADLINE 30   /* seconds from the headers to the end of the body */
#define HTTP_REAP_MS       250  /* how often the deadlines are looked at */
#define HTTP_HASH_THREADS  2    /* workers for the argon2id requests */
#define HTTP_HASH_QUEUE    256  /* such requests waiting at most (then 503) */

/* Issue 20, slow clients: MHD's timeout is per silence, so headers
 * trickled a byte every few seconds held a connection for ever, and 34
 * addresses held all 2,000.  Every connection is tracked here from its
 * start (MHD_OPTION_NOTIFY_CONNECTION): the reaper thread ends one whose
 * line and headers take longer than the head deadline in all, or whose
 * body takes longer than the body deadline; and when the connections
 * near the limit, each new one ends the oldest connection that has not
 * sent its headers yet, so a fresh client always finds a slot.  A
 * connection is ended with shutdown(): MHD then sees the end of the
 * stream and closes it itself.  That is safe because MHD tells the
 * connection's end (NOTIFY_CLOSED, which unlinks it here under the lock)
 * before it closes the descriptor. */
enum conn_phase {
	PHASE_HEAD, /* waiting for a request line and headers (or the next, kept alive) */
	PHASE_BODY, /* headers in, reading the body */
	PHASE_BUSY  /* being answered: no deadline here */
};

struct conn {
	struct conn *prev, *next; /* the server's list, oldest first */
	int fd;
	enum conn_phase phase;
	struct timespec since; /* the phase's start (CLOCK_MONOTONIC) */
	bool ended;            /* shut down by us; MHD will close it */
};

struct http_server {
	struct MHD_Daemon *mhd;
	struct app *app;
	int fd;
	atomic_int inflight;
	/* Requests being answered (from their last byte in to their answer
	 * queued), suspended ones among them.  MHD_stop_daemon() aborts the
	 * process while a connection is suspended (MHD_PANIC), so http_stop()
	 * waits for none to be held, and once stopping is set a new request
	 * is refused rather than suspended.  draining: after SIGTERM every
	 * answer closes its connection. */
	atomic_int held;
	atomic_bool draining, stopping;
	workpool *pool; /* the slow requests (password hashing) */
	char proxy[64]; /* the trusted reverse proxy's address, or "" */
	/* The connections (struct conn), under conns_lock. */
	pthread_mutex_t conns_lock;
	struct conn *head, *tail;
	unsigned nconns;         /* in the list and not ended */
	unsigned max_conns;      /* MHD's limit */
	unsigned high_water;     /* past this many, a new one ends the oldest unfinished */
	double head_ms, body_ms; /* the deadlines */
	pthread_t reaper;
	pthread_cond_t reaper_wake;
	bool reaper_stop, reaper_running;
	pthread_t acceptor; /* acceptor(): the connections to MHD's event threads */
	int accept_stop[2]; /* a byte written to [1] stops it */
	bool acceptor_running;
	/* The slots, for acceptor(): connections MHD holds (started, not yet
	 * closed: ended ones count until MHD closes them), the ones it
	 * started so far, and the acceptor's own count of those it handed
	 * over and of those presumed refused after the hand-over. */
	atomic_uint live;
	atomic_ullong started;
	unsigned long long handed, lost;
	atomic_ullong ended_slow, ended_crowded; /* /metrics and the log */
	atomic_uint event_threads;               /* numbered as they first take a request */
};

/* REQ_QUEUED: suspended, on the worker pool or waiting for its flush;
 * REQ_WRITING: suspended, its write step with the writer thread (the
 * asynchronous write step, svc_async); REQ_FINISH: that step answered,
 * the rest of the request runs on the next call; REQ_DONE: the answer is
 * ready to send. */
enum { REQ_NEW, REQ_QUEUED, REQ_WRITING, REQ_FINISH, REQ_DONE };

struct request {
	struct timespec start;
	char *body; /* grows up to API_BODY_MAX, NUL-terminated */
	size_t len, cap;
	bool too_big;
	bool web;                    /* a web page, not the API */
	bool xfcc;                   /* the Xfcc SOAP interface (xfcc/xfcc.h) */
	const char *soap_ctype;      /* its Content-Type and SOAPAction (MHD's, valid */
	const char *soap_action;     /* while the request lives) */
	const char *if_none_match;   /* the headers negotiate() reads (MHD's, */
	const char *accept_encoding; /* valid while the request lives) */
	const char *origin;          /* Origin, for the CORS allow-list */
	int status;
	char path[256];
	char method[16];
	char addr[64];     /* the client's address (see client_address()) */
	_Atomic int state; /* REQ_*: on the worker pool, and back */
	bool held;         /* counted in srv->held (the event thread's) */
	http_server *srv;
	struct MHD_Connection *conn;
	struct api_req rq; /* kept for a request answered on the pool */
	struct api_resp rs;
	struct svc_async async; /* its write step, when handed over */
};

static double ms_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Ends c (under conns_lock): MHD sees the stream end and closes it. */
static void conn_end(http_server *srv, struct conn *c)
{
	if (c->ended)
		return;
	c->ended = true;
	srv->nconns--;
	shutdown(c->fd, SHUT_RDWR);
}

/* MHD_OPTION_NOTIFY_CONNECTION: a connection starts or ends. */
static void on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
	http_server *srv = cls;
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		atomic_fetch_add(&srv->started, 1);
		struct conn *c = calloc(1, sizeof *c);
		const union MHD_ConnectionInfo *ci =
		        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
		if (!c || !ci) {
			free(c);
			*socket_context = NULL;
			return;
		}
		atomic_fetch_add(&srv->live, 1);
		c->fd = ci->connect_fd;
		c->phase = PHASE_HEAD;
		clock_gettime(CLOCK_MONOTONIC, &c->since);
		pthread_mutex_lock(&srv->conns_lock);
		c->prev = srv->tail;
		if (srv->tail)
			srv->tail->next = c;
		else
			srv->head = c;
		srv->tail = c;
		srv->nconns++;
		/* Crowded: the oldest connection still sending its headers goes,
		 * so the slots are never all held by slow clients. */
		if (srv->nconns > srv->high_water) {
			struct conn *old = NULL;
			for (struct conn *o = srv->head; o && o != c; o = o->next)
				if (!o->ended && o->phase == PHASE_HEAD &&
				    (!old || o->since.tv_sec < old->since.tv_sec ||
				     (o->since.tv_sec == old->since.tv_sec &&
				      o->since.tv_nsec < old->since.tv_nsec)))
					old = o;
			if (old) {
				conn_end(srv, old);
				atomic_fetch_add(&srv->ended_crowded, 1);
			}
		}
		pthread_mutex_unlock(&srv->conns_lock);
		*socket_context = c;
		return;
	}
	struct conn *c = *socket_context; /* MHD_CONNECTION_NOTIFY_CLOSED */
	if (!c)
		return;
	atomic_fetch_sub(&srv->live, 1);
	pthread_mutex_lock(&srv->conns_lock);
	if (c->prev)
		c->prev->next = c->next;
	else
		srv->head = c->next;
	if (c->next)
		c->next->prev = c->prev;
	else
		srv->tail = c->prev;
	if (!c->ended)
		srv->nconns--;
	pthread_mutex_unlock(&srv->conns_lock);
	free(c);
	*socket_context = NULL;
}

/* The request on conn enters phase p (its deadline counts from now). */
static void conn_phase(http_server *srv, struct MHD_Connection *conn, enum conn_phase p)
{
	const union MHD_ConnectionInfo *ci =
	        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct conn *c = ci ? ci->socket_context : NULL;
	if (!c)
		return;
	pthread_mutex_lock(&srv->conns_lock);
	c->phase = p;
	clock_gettime(CLOCK_MONOTONIC, &c->since);
	pthread_mutex_unlock(&srv->conns_lock);
}

/* The reaper: every HTTP_REAP_MS, ends the connections past their
 * phase's deadline.  Cost: one walk of the list (at most the limit). */
static void *reaper(void *arg)
{
	http_server *srv = arg;
	log_thread_name("cc-reaper");
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_mutex_lock(&srv->conns_lock);
	while (!srv->reaper_stop) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += HTTP_REAP_MS * 1000000L;
		until.tv_sec += until.tv_nsec / 1000000000L;
		until.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&srv->reaper_wake, &srv->conns_lock, &until);
		for (struct conn *c = srv->head; c; c = c->next) {
			if (c->ended || c->phase == PHASE_BUSY)
				continue;
			double limit = c->phase == PHASE_HEAD ? srv->head_ms : srv->body_ms;
			if (ms_since(&c->since) > limit) {
				conn_end(srv, c);
				atomic_fetch_add(&srv->ended_slow, 1);
			}
		}
	}
	pthread_mutex_unlock(&srv->conns_lock);
	return NULL;
}

static enum MHD_Result collect_query(void *cls, enum MHD_ValueKind kind, const char *key,
                                     const char *value)
{
	(void)kind;
	struct api_req *rq = cls;
	if (rq->nquery < API_MAX_QUERY && key) {
		rq->query[rq->nquery].key = key;
		rq->query[rq->nquery].value = value ? value : "";
		rq->nquery++;
	}
	return MHD_YES;
}

/* Appends an upload chunk; past the limit the rest is dropped and the
 * request answered with 413 once it is complete. */
static void append_body(struct request *r, const char *data, size_t n)
{
	if (r->too_big)
		return;
	if (r->len + n > API_BODY_MAX) {
		r->too_big = true;
		return;
	}
	if (r->len + n + 1 > r->cap) {
		size_t cap = r->cap ? r->cap : 1024;
		while (cap < r->len + n + 1)
			cap *= 2;
		char *b = realloc(r->body, cap);
		if (!b) {
			r->too_big = true;
			return;
		}
		r->body = b;
		r->cap = cap;
	}
	memcpy(r->body + r->len, data, n);
	r->len += n;
	r->body[r->len] = '\0';
}

/* The requests that hash a password (argon2id, ~0.1 s of CPU): they run
 * on the worker pool, so the event threads keep serving reads during a
 * login flood (issue 10), each address within its share of the pool
 * (workpool_submit_from(), issue 20). */
static bool is_slow(const char *method, const char *url)
{
	/* POST /api/v1/password-reset hashes nothing: it is only queued
	 * (issue 20). */
	static const char *const paths[] = {"/api/v1/session",
	                                    "/api/v1/users",
	                                    "/api/v1/users/me/password",
	                                    "/api/v1/password-reset/confirm",
	                                    "/xfcc",
	                                    NULL};
	if (strcmp(method, "POST") != 0)
		return false;
	for (int i = 0; paths[i]; i++)
		if (strcmp(url, paths[i]) == 0)
			return true;
	return false;
}

/* src into dst (n bytes), cut to n - 1 and ended. */
static void copy_cut(char *dst, size_t n, const char *src)
{
	size_t len = strlen(src);
	if (len >= n)
		len = n - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

/* An IPv4 address as inet_ntop() writes it ("192.0.2.1"), at a tenth of
 * its cost: every request formats its client's address (the access log,
 * the pool's fairness, the sign-in limits). */
void http_ipv4_text(const struct in_addr *a, char *out, size_t n)
{
	const unsigned char *b = (const unsigned char *)&a->s_addr; /* network order */
	char t[INET_ADDRSTRLEN], *p = t;
	for (int i = 0; i < 4; i++) {
		unsigned v = b[i];
		if (v >= 100)
			*p++ = (char)('0' + v / 100);
		if (v >= 10)
			*p++ = (char)('0' + v / 10 % 10);
		*p++ = (char)('0' + v % 10);
		*p++ = i < 3 ? '.' : '\0';
	}
	copy_cut(out, n, t);
}

/* The client's address as text: the TCP peer, or, when the peer is the
 * trusted reverse proxy (key trusted_proxy), the last address of its
 * X-Forwarded-For (the one the proxy itself added). */
static void client_address(http_server *srv, struct MHD_Connection *conn, char *out, size_t n)
{
	out[0] = '\0';
	const union MHD_ConnectionInfo *ci =
	        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	if (!ci || !ci->client_addr)
		return;
	const struct sockaddr *sa = ci->client_addr;
	if (sa->sa_family == AF_INET)
		http_ipv4_text(&((const struct sockaddr_in *)(const void *)sa)->sin_addr, out, n);
	else if (sa->sa_family == AF_INET6)
		inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr,
		          out, (socklen_t)n);
	if (!srv->proxy[0] || strcmp(out, srv->proxy) != 0)
		return;
	const char *xff = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Forwarded-For");
	if (!xff)
		return;
	const char *last = strrchr(xff, ',');
	last = last ? last + 1 : xff;
	while (*last == ' ')
		last++;
	char cand[64];
	size_t k = 0;
	while (last[k] && last[k] != ' ' && k < sizeof cand - 1) {
		cand[k] = last[k];
		k++;
	}
	cand[k] = '\0';
	unsigned char bin[16];
	if (inet_pton(AF_INET, cand, bin) == 1 || inet_pton(AF_INET6, cand, bin) == 1)
		snprintf(out, n, "%s", cand);
}

/* The headers of issue 23 (docs/HTTP.md): the entity tag, gzip, Vary,
 * the Bearer challenge of a 401 (RFC 6750 §3, RFC 9110 §11.6.1) and the
 * CORS allow-list's answer. */
static void add_negotiated(struct MHD_Response *resp, const struct request *r,
                           const struct negotiate_out *no)
{
	if (no->etag[0])
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ETAG, no->etag);
	if (no->gzip)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
	bool cors = !r->xfcc && !r->web &&
	            negotiate_cors_allowed(r->srv->app->cfg->cors_origins, r->origin);
	if (no->vary_encoding || cors)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY,
		                        no->vary_encoding && cors ? "Accept-Encoding, Origin"
		                        : cors                    ? "Origin"
		                                                  : "Accept-Encoding");
	if (cors) {
		MHD_add_response_header(resp, "Access-Control-Allow-Origin", r->origin);
		MHD_add_response_header(resp, "Access-Control-Expose-Headers",
		                        "ETag, Retry-After, WWW-Authenticate");
		if (strcmp(r->method, "OPTIONS") == 0 && r->rs.status == 204) {
			MHD_add_response_header(resp, "Access-Control-Allow-Methods",
			                        "GET, HEAD, POST, PUT, DELETE");
			MHD_add_response_header(resp, "Access-Control-Allow-Headers",
			                        "Authorization, Content-Type, If-None-Match");
			MHD_add_response_header(resp, "Access-Control-Max-Age", "600");
		}
	}
	if (r->rs.status == 401 && !r->xfcc) {
		/* error="invalid_token" only when a Bearer token came (RFC 6750
		 * §3.1: a request without credentials gets no error code). */
		const char *a = r->rq.authorization;
		bool bearer = a && strncasecmp(a, "Bearer", 6) == 0;
		MHD_add_response_header(
		        resp, MHD_HTTP_HEADER_WWW_AUTHENTICATE,
		        bearer ? "Bearer realm=\"corrchess\", error=\"invalid_token\""
		               : "Bearer realm=\"corrchess\"");
	}
}

/* The request's answer is queued, or it ended: it can no longer be
 * suspended (see http_server.held). */
static void release(struct request *r)
{
	if (r->held) {
		r->held = false;
		atomic_fetch_sub(&r->srv->held, 1);
	}
}

/* Queues the response of r (r->rs, stolen). */
static enum MHD_Result send_response(struct MHD_Connection *conn, struct request *r)
{
	struct api_resp *rs = &r->rs;
	release(r);
	struct negotiate_out no = {0};
	if (!r->xfcc) {
		struct negotiate_in ni = {r->method, r->if_none_match, r->accept_encoding,
		                          rs->tag[0] ? rs->tag : NULL};
		negotiate(&ni, rs->status, &rs->body, &rs->len, &no);
		if (no.not_modified)
			rs->status = 304;
	}
	struct MHD_Response *resp = MHD_create_response_from_buffer(
	        rs->len, rs->body ? rs->body : (void *)"",
	        rs->body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
	if (!resp) {
		free(rs->body);
		rs->body = NULL;
		return MHD_NO;
	}
	rs->body = NULL; /* the response owns it */
	if (!no.not_modified)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE,
		                        rs->content_type ? rs->content_type : "application/json");
	add_negotiated(resp, r, &no);
	if (r->web)
		for (int i = 0; web_headers[i][0]; i++)
			MHD_add_response_header(resp, web_headers[i][0], web_headers[i][1]);
	else
		MHD_add_response_header(resp, "Cache-Control", "no-store");
	if (rs->allow[0])
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, rs->allow);
	if (rs->retry_after > 0) {
		char ra[16];
		snprintf(ra, sizeof ra, "%d", rs->retry_after);
		MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, ra);
	}
	if (atomic_load(&r->srv->draining)) /* stopping: no next request on it */
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
	r->status = rs->status;
	enum MHD_Result ret = MHD_queue_response(conn, (unsigned)rs->status, resp);
	MHD_destroy_response(resp);
	return ret;
}

/* A committed request's answer waits for its WAL flush (group commit,
 * synchronous = full); then the connection goes back to the event thread,
 * which sends it.  A failed flush turns the answer into a 500: the write
 * is stored but may not survive a power cut, and the client must know. */
static void flush_checked(struct request *r, int status)
{
	if (status != 0) {
		free(r->rs.body);
		r->rs.body = NULL;
		api_error(&r->rs, "internal",
		          "the change was stored but the disk did not confirm it; check it before "
		          "going on");
	}
}

static void synced(void *arg, int status)
{
	struct request *r = arg;
	flush_checked(r, status);
	atomic_store(&r->state, REQ_DONE);
	MHD_resume_connection(r->conn);
}

/* svc_async: the write step of r is queued (the connection waits
 * without its thread) and answered (back to the event thread, which runs
 * the rest: api_resume()).  ready() comes on the writer's thread once the
 * step is committed; the answer, rendered meanwhile, waits for the
 * commit's flush in handle_deferred(). */
static void write_suspend(void *arg)
{
	struct request *r = arg;
	atomic_store(&r->state, REQ_WRITING);
	MHD_suspend_connection(r->conn);
}

static void write_ready(void *arg)
{
	struct request *r = arg;
	atomic_store(&r->state, REQ_FINISH);
	MHD_resume_connection(r->conn);
}

/* Runs the API handler (or, with finish, the rest of a request whose
 * write step was answered) on the event thread without blocking it for
 * the writer or the group commit's flush: returns true when the answer
 * must wait (the connection is then suspended until write_ready() or
 * synced()). */
static bool handle_deferred(http_server *srv, struct MHD_Connection *conn, struct request *r,
                            bool finish)
{
	store *st = srv->app->st;
	store_defer_sync(st, 1);
	if (finish) {
		api_resume(srv->app, &r->rq, &r->rs, &r->async);
	} else {
		r->async = (struct svc_async){
		        .suspend = write_suspend, .ready = write_ready, .arg = r};
		svc_async_offer(&r->async);
		api_handle(srv->app, &r->rq, &r->rs);
		svc_async_offer(NULL);
	}
	unsigned long long ticket = store_pending_sync(st);
	store_defer_sync(st, 0);
	/* Handed over: suspended already.  A ticket taken before it is
	 * older than the step's commit, whose flush covers it. */
	if (!finish && r->async.job)
		return true;
	/* Back from the writer: the step's commit may still be being
	 * flushed while its answer was rendered (svc.h struct svc_async);
	 * tickets grow, so the newer of the two covers both. */
	if (finish && r->async.ticket > ticket)
		ticket = r->async.ticket;
	if (!ticket)
		return false;
	int status = 0;
	if (store_sync_done(st, ticket, &status)) { /* on disk already: answered now */
		flush_checked(r, status);
		return false;
	}
	atomic_store(&r->state, REQ_QUEUED);
	MHD_suspend_connection(conn);
	if (store_sync_notify(st, ticket, synced, r, &status) == 0)
		return true;
	synced(r, status); /* already on disk: resumes at once */
	return true;
}

/* On a worker: the request's handler, then its connection goes back to
 * the event thread, which sends the answer. */
static void run_on_pool(void *arg)
{
	struct request *r = arg;
	if (r->xfcc) {
		const char *keys[API_MAX_QUERY];
		for (int i = 0; i < r->rq.nquery; i++)
			keys[i] = r->rq.query[i].key;
		struct xfcc_http_req xr = {
		        .method = r->rq.method,
		        .content_type = r->soap_ctype,
		        .soap_action = r->soap_action,
		        .body = r->rq.body,
		        .len = r->rq.body_len,
		        .too_big = r->rq.body_too_big,
		        .peer = r->addr[0] ? r->addr : NULL,
		        .wsdl = xfcc_wants_wsdl(keys, r->rq.nquery),
		};
		xfcc_handle(r->srv->app, &xr, &r->rs);
		r->rs.route = XFCC_PATH; /* for the access log and /metrics */
		return;
	}
	api_handle(r->srv->app, &r->rq, &r->rs);
}

static void back_from_pool(void *arg)
{
	struct request *r = arg;
	atomic_store(&r->state, REQ_DONE);
	MHD_resume_connection(r->conn);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
	(void)version;
	http_server *srv = cls;
	struct request *r = *con_cls;
	if (!r) {
		static _Thread_local unsigned event_thread; /* 1 + its number; 0: none yet */
		if (!event_thread)
			event_thread = atomic_fetch_add(&srv->event_threads, 1) + 1;
		if (srv->app->metrics)
			metrics_event_thread_request(srv->app->metrics, event_thread - 1);
		r = calloc(1, sizeof *r);
		if (!r)
			return MHD_NO;
		clock_gettime(CLOCK_MONOTONIC, &r->start);
		copy_cut(r->path, sizeof r->path, url);
		copy_cut(r->method, sizeof r->method, method);
		client_address(srv, conn, r->addr, sizeof r->addr);
		r->srv = srv;
		r->conn = conn;
		const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
		                                             MHD_HTTP_HEADER_CONTENT_LENGTH);
		if (cl && strtoull(cl, NULL, 10) > API_BODY_MAX)
			r->too_big = true;
		atomic_fetch_add(&srv->inflight, 1);
		*con_cls = r;
		conn_phase(srv, conn, PHASE_BODY); /* the headers are in */
		return MHD_YES;
	}
	int state = atomic_load(&r->state);
	if (state == REQ_DONE)
		return send_response(conn, r); /* back from the pool */
	if (state == REQ_QUEUED || state == REQ_WRITING)
		return MHD_YES;
	if (state == REQ_FINISH) { /* its write step answered */
		atomic_store(&r->state, REQ_NEW);
		if (handle_deferred(srv, conn, r, true))
			return MHD_YES;
		return send_response(conn, r);
	}
	if (*upload_data_size) {
		/* A body that takes longer than the body deadline ends the
		 * connection: a slow sender cannot hold it for ever (the reaper
		 * ends one that stalls, too). */
		if (ms_since(&r->start) > srv->body_ms)
			return MHD_NO;
		append_body(r, upload_data, *upload_data_size);
		*upload_data_size = 0;
		return MHD_YES;
	}

	conn_phase(srv, conn, PHASE_BUSY); /* the request is complete: answered now */
	/* Counted before stopping is read, as http_stop() sets stopping
	 * before it reads the count: one of the two sees the other. */
	r->held = true;
	atomic_fetch_add(&srv->held, 1);
	if (atomic_load(&srv->stopping)) {
		r->rs.route = "none";
		api_error(&r->rs, "busy", "the server is stopping; try again shortly");
		r->rs.retry_after = 5;
		return send_response(conn, r);
	}
	struct api_req *rq = &r->rq;
	rq->method = method;
	rq->path = url;
	rq->body = r->body ? r->body : "";
	rq->body_len = r->len;
	rq->body_too_big = r->too_big;
	rq->authorization =
	        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
	rq->client_addr = r->addr[0] ? r->addr : NULL;
	r->if_none_match =
	        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
	r->accept_encoding =
	        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING);
	r->origin = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ORIGIN);
	MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect_query, rq);
	/* GET /healthz and GET /metrics (API.md "Operations"): outside the
	 * API's route table (they are not under /api/v1), answered here. */
	bool ops = strcmp(url, "/healthz") == 0 || strcmp(url, "/metrics") == 0;
	r->xfcc = strcmp(url, XFCC_PATH) == 0;
	r->web = !ops && !r->xfcc && web_owns_path(url);
	if (ops) {
		r->rs.route = url[1] == 'h' ? "/healthz" : "/metrics";
		if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
			api_error(&r->rs, "method_not_allowed",
			          "%s is not allowed on %s (allowed: GET)", method, url);
			snprintf(r->rs.allow, sizeof r->rs.allow, "GET");
		} else if (url[1] == 'h') {
			api_ops_healthz(srv->app, rq, &r->rs);
		} else {
			api_ops_metrics(srv->app, rq, &r->rs);
		}
	} else if (strcmp(method, "OPTIONS") == 0 && strncmp(url, "/api/", 5) == 0 &&
	           negotiate_cors_allowed(srv->app->cfg->cors_origins, r->origin) &&
	           MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
	                                       "Access-Control-Request-Method")) {
		/* A CORS preflight from an allowed origin (docs/HTTP.md). */
		r->rs.status = 204;
		r->rs.route = "preflight";
	} else if (r->web) {
		web_handle(srv->app->cfg->static_dir, rq, &r->rs);
	} else if (srv->pool && (r->xfcc || is_slow(method, url))) {
		/* The Xfcc interface checks a password on every call (issue 14):
		 * it hashes like a sign-in, so it runs on the pool too. */
		r->soap_ctype = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
		                                            MHD_HTTP_HEADER_CONTENT_TYPE);
		r->soap_action = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "SOAPAction");
		atomic_store(&r->state, REQ_QUEUED);
		MHD_suspend_connection(conn);
		if (workpool_submit_from(srv->pool, r->addr, run_on_pool, back_from_pool, r) == 0)
			return MHD_YES;
		/* The queue is full: answered at once, on the next call. */
		api_error(&r->rs, "busy",
		          "the server is busy signing people in; try again shortly");
		r->rs.retry_after = 1;
		atomic_store(&r->state, REQ_DONE);
		MHD_resume_connection(conn);
		return MHD_YES;
	} else if (handle_deferred(srv, conn, r, false)) {
		return MHD_YES; /* answered when its commit is on disk */
	}
	return send_response(conn, r);
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decodes %HH in paths and query arguments, except %00: a NUL would cut
 * the text short ("/games/1%00/resign" read as "/games/1"), so it stays
 * as the three characters and the request finds no route or no match. */
static size_t unescape(void *cls, struct MHD_Connection *conn, char *s)
{
	(void)cls;
	(void)conn;
	char *out = s;
	for (const char *in = s; *in; in++) {
		int hi, lo;
		if (in[0] == '%' && (hi = hexval(in[1])) >= 0 && (lo = hexval(in[2])) >= 0 &&
		    (hi | lo) != 0) {
			*out++ = (char)(hi * 16 + lo);
			in += 2;
		} else {
			*out++ = *in;
		}
	}
	*out = '\0';
	return (size_t)(out - s);
}

/* The structured access log: one line a request, key=value pairs in a
 * fixed order (method, route: the pattern of the route table, or "web"
 * or "none"; the path, quoted; status, 0 when the client went away
 * first; ms; the client's address).  A '"' in the path is written %22;
 * log_msg() escapes control bytes.  The same figures go to /metrics. */
static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
	http_server *srv = cls;
	struct request *r = *con_cls;
	if (!r)
		return;
	double ms = ms_since(&r->start);
	const char *route = r->rs.route ? r->rs.route : r->web ? "web" : "none";
	int status = toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? r->status : 0;
	char path[sizeof r->path * 3];
	size_t k = 0;
	for (const char *p = r->path; *p && k + 4 < sizeof path; p++) {
		if (*p == '"') {
			memcpy(path + k, "%22", 3);
			k += 3;
		} else {
			path[k++] = *p;
		}
	}
	path[k] = '\0';
	log_msg(LOG_INFO, "access method=%s route=%s path=\"%s\" status=%d ms=%.1f addr=%s%s",
	        r->method, route, path, status, ms, r->addr[0] ? r->addr : "-",
	        status ? "" : " aborted=1");
	if (srv->app->metrics)
		metrics_request(srv->app->metrics, r->method, route, status, ms / 1000.0);
	release(r);
	free(r->rs.body);
	free(r->body);
	free(r);
	*con_cls = NULL;
	atomic_fetch_sub(&srv->inflight, 1);
	conn_phase(srv, conn, PHASE_HEAD); /* kept alive: the next request's headers */
}

/* HOST:PORT is bound here rather than by MHD, so a taken port or a bad
 * address gives its own clear message at once; MHD then serves that
 * socket.  It is only bound: http_start() calls listen(), after the
 * start-up work (issue 19), so no client connects before the daemon
 * can answer it. */
int http_listen(const char *listen_on, char *err, size_t errlen)
{
	char host[256];
	const char *colon = strrchr(listen_on, ':');
	if (!colon || colon == listen_on || !colon[1] ||
	    (size_t)(colon - listen_on) >= sizeof host) {
		snprintf(err, errlen, "--listen wants HOST:PORT, not \"%s\"", listen_on);
		return -1;
	}
	memcpy(host, listen_on, (size_t)(colon - listen_on));
	host[colon - listen_on] = '\0';
	if (host[0] == '[' && host[strlen(host) - 1] == ']') {
		memmove(host, host + 1, strlen(host));
		host[strlen(host) - 1] = '\0';
	}
	char *end;
	long port = strtol(colon + 1, &end, 10);
	if (*end || port < 0 || port > 65535) {
		snprintf(err, errlen, "--listen: \"%s\" is not a port number", colon + 1);
		return -1;
	}
	struct addrinfo hints, *ai = NULL;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	int gai = getaddrinfo(host, colon + 1, &hints, &ai);
	if (gai != 0) {
		snprintf(err, errlen, "cannot resolve \"%s\": %s", host, gai_strerror(gai));
		return -1;
	}
	int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a socket: %s", strerror(errno));
		freeaddrinfo(ai);
		return -1;
	}
	int one = 1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (bind(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
		snprintf(err, errlen, "cannot listen on %s: %s", listen_on, strerror(errno));
		close(fd);
		freeaddrinfo(ai);
		return -1;
	}
	freeaddrinfo(ai);
	return fd;
}

/* The acceptor thread: takes each new connection off the listening
 * socket and hands it to MHD (MHD_add_connection()), which gives it to
 * one of its event threads by the socket's number, so the connections
 * spread evenly over them.  Left to themselves, the event threads each
 * accept from the shared socket up to ten at a time, and a crowd that
 * connects at once landed mostly on one of them: 0.59 of a core against
 * 0.12 under the move bench (docs/BENCHMARKS.md, "The move path, eighth
 * pass").  MHD applies its per-address limit to a connection added as to
 * one it accepted.  The limit of all connections is the acceptor's: a
 * connection MHD refused at its limit would be closed, where its own
 * accept left it waiting in the listen queue; so while every slot is
 * held (the connections MHD holds and those handed over but not started
 * yet), the acceptor takes none, until one closes.  The crowded rule of
 * on_connection() makes room among the slow ones, as before. */
static void *acceptor(void *arg)
{
	http_server *srv = arg;
	log_thread_name("cc-accept");
	struct timespec mark;
	clock_gettime(CLOCK_MONOTONIC, &mark);
	unsigned long long handed_at_mark = 0;
	for (;;) {
		unsigned long long started = atomic_load(&srv->started);
		/* A connection MHD refused after the hand-over (out of memory in
		 * its event thread) never starts: each second, those handed over
		 * before the last mark and still not started count as gone. */
		if (ms_since(&mark) >= 1000) {
			if (handed_at_mark > started + srv->lost)
				srv->lost = handed_at_mark - started;
			clock_gettime(CLOCK_MONOTONIC, &mark);
			handed_at_mark = srv->handed;
		}
		unsigned long long waiting = srv->handed - srv->lost;
		waiting = waiting > started ? waiting - started : 0;
		bool room = atomic_load(&srv->live) + waiting < srv->max_conns;
		struct pollfd p[2] = {{.fd = room ? srv->fd : -1, .events = POLLIN},
		                      {.fd = srv->accept_stop[0], .events = POLLIN}};
		if (poll(p, 2, room ? -1 : 10) < 0) {
			if (errno == EINTR)
				continue;
			log_msg(LOG_ERROR, "the acceptor cannot wait: %s", strerror(errno));
			break;
		}
		if (p[1].revents)
			break;
		if (!(p[0].revents & POLLIN))
			continue;
		for (unsigned i = 0;
		     i < 64 && atomic_load(&srv->live) + waiting + i < srv->max_conns; i++) {
			struct sockaddr_storage a;
			socklen_t len = sizeof a;
			int c = accept4(srv->fd, (struct sockaddr *)&a, &len,
			                SOCK_CLOEXEC | SOCK_NONBLOCK);
			if (c < 0) {
				if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
				    errno == ENOMEM) {
					/* Out of descriptors: the waiting ones stay queued
					 * until connections end. */
					struct timespec pause = {0, 20 * 1000 * 1000};
					nanosleep(&pause, NULL);
				}
				break;
			}
			srv->handed++;
			if (MHD_add_connection(srv->mhd, c, (struct sockaddr *)&a, len) != MHD_YES)
				srv->lost++; /* refused at once (per address): closed by MHD */
		}
	}
	return NULL;
}

/* Stops the acceptor; the connections it handed over stay MHD's. */
static void acceptor_stop(http_server *srv)
{
	if (!srv->acceptor_running)
		return;
	char b = 1;
	while (write(srv->accept_stop[1], &b, 1) < 0 && errno == EINTR)
		;
	pthread_join(srv->acceptor, NULL);
	srv->acceptor_running = false;
	close(srv->accept_stop[0]);
	close(srv->accept_stop[1]);
}

/* Stops the reaper thread (after MHD: no connection is left). */
static void reaper_stop(http_server *srv)
{
	if (!srv->reaper_running)
		return;
	pthread_mutex_lock(&srv->conns_lock);
	srv->reaper_stop = true;
	pthread_cond_signal(&srv->reaper_wake);
	pthread_mutex_unlock(&srv->conns_lock);
	pthread_join(srv->reaper, NULL);
	srv->reaper_running = false;
}

http_server *http_start(struct app *app, int fd, int threads, char *err, size_t errlen)
{
	http_server *srv = calloc(1, sizeof *srv);
	if (!srv) {
		snprintf(err, errlen, "out of memory");
		close(fd);
		return NULL;
	}
	srv->app = app;
	srv->fd = fd;
	atomic_init(&srv->inflight, 0);
	atomic_init(&srv->held, 0);
	atomic_init(&srv->draining, false);
	atomic_init(&srv->stopping, false);
	if (threads < 1 || threads > 256)
		threads = 2;
	long per_addr = app->cfg->conn_per_addr ? strtol(app->cfg->conn_per_addr, NULL, 10) : 64;
	if (per_addr < 1 || per_addr > HTTP_CONN_LIMIT)
		per_addr = 64;
	snprintf(srv->proxy, sizeof srv->proxy, "%s",
	         app->cfg->trusted_proxy ? app->cfg->trusted_proxy : "");
	long max_conns = app->cfg->max_connections ? strtol(app->cfg->max_connections, NULL, 10)
	                                           : HTTP_CONN_LIMIT;
	if (max_conns < 2 || max_conns > 100000)
		max_conns = HTTP_CONN_LIMIT;
	long head_s = app->cfg->header_timeout ? strtol(app->cfg->header_timeout, NULL, 10) : 0;
	long body_s = app->cfg->body_timeout ? strtol(app->cfg->body_timeout, NULL, 10) : 0;
	srv->max_conns = (unsigned)max_conns;
	/* A reserve of 1/16 of the slots (at least one) stays for new clients. */
	srv->high_water = srv->max_conns - srv->max_conns / 16 - 1;
	srv->head_ms = (head_s >= 1 && head_s <= 3600 ? head_s : HTTP_HEAD_DEADLINE) * 1000.0;
	srv->body_ms = (body_s >= 1 && body_s <= 3600 ? body_s : HTTP_BODY_DEADLINE) * 1000.0;
	pthread_mutex_init(&srv->conns_lock, NULL);
	pthread_cond_init(&srv->reaper_wake, NULL);
	if (pthread_create(&srv->reaper, NULL, reaper, srv) != 0) {
		snprintf(err, errlen, "cannot start the connection reaper thread");
		close(fd);
		free(srv);
		return NULL;
	}
	srv->reaper_running = true;
	if (listen(fd, 1024) != 0) {
		snprintf(err, errlen, "cannot listen: %s", strerror(errno));
		reaper_stop(srv);
		close(fd);
		free(srv);
		return NULL;
	}
	srv->pool = workpool_start(HTTP_HASH_THREADS, HTTP_HASH_QUEUE);
	if (!srv->pool) {
		snprintf(err, errlen, "cannot start the worker threads");
		reaper_stop(srv);
		close(fd);
		free(srv);
		return NULL;
	}
	/* issue 10: one address may hold at most conn_per_addr connections,
	 * so it cannot take all HTTP_CONN_LIMIT; a connection silent for
	 * HTTP_IDLE_TIMEOUT seconds (half-sent headers, an idle keep-alive)
	 * is closed.  MHD divides its connection limit among its event
	 * threads; each may hold them all here, as the limit of all is the
	 * acceptor's (acceptor()).  Each connection's memory pool is 16 KB,
	 * not libmicrohttpd's 32: it is cleared after every request (a
	 * quarter of the memset()s of a move request, issue 19); it holds
	 * the request's headers (12 KB pass, tests/integration/test_http.py)
	 * and the read buffer of a body, which our handlers copy out. */
	srv->mhd = MHD_start_daemon(
	        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_TURBO |
	                MHD_ALLOW_SUSPEND_RESUME | MHD_USE_NO_LISTEN_SOCKET,
	        0, NULL, NULL, on_request, srv, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads,
	        MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv, MHD_OPTION_CONNECTION_TIMEOUT,
	        (unsigned)HTTP_IDLE_TIMEOUT, MHD_OPTION_CONNECTION_LIMIT,
	        srv->max_conns * (unsigned)threads, MHD_OPTION_NOTIFY_CONNECTION, on_connection,
	        srv, MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)per_addr,
	        MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
	        (size_t)16384, MHD_OPTION_END);
	if (!srv->mhd) {
		snprintf(err, errlen, "cannot start the HTTP server (libmicrohttpd refused)");
		workpool_stop(srv->pool);
		reaper_stop(srv);
		close(fd);
		free(srv);
		return NULL;
	}
	int fl = fcntl(fd, F_GETFL);
	sigset_t all, old;
	sigfillset(&all);
	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0 ||
	    pipe2(srv->accept_stop, O_CLOEXEC) != 0) {
		snprintf(err, errlen, "cannot set up the listening socket: %s", strerror(errno));
		goto no_acceptor;
	}
	pthread_sigmask(SIG_BLOCK, &all, &old); /* signals are the main thread's */
	int rc = pthread_create(&srv->acceptor, NULL, acceptor, srv);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start the acceptor thread");
		close(srv->accept_stop[0]);
		close(srv->accept_stop[1]);
		goto no_acceptor;
	}
	srv->acceptor_running = true;
	return srv;
no_acceptor:
	MHD_stop_daemon(srv->mhd);
	workpool_stop(srv->pool);
	reaper_stop(srv);
	close(fd);
	free(srv);
	return NULL;
}

void http_stop(http_server *srv, int grace_ms)
{
	if (!srv)
		return;
	/* Stop accepting: the acceptor ends (MHD has no listening socket of
	 * its own).  The socket stays open until the end, so a client that
	 * connects meanwhile waits in its queue and is refused at the close,
	 * as before. */
	acceptor_stop(srv);
	atomic_store(&srv->draining, true);
	struct timespec tick = {0, 10 * 1000 * 1000};
	for (int waited = 0; atomic_load(&srv->inflight) > 0 && waited < grace_ms; waited += 10)
		nanosleep(&tick, NULL);
	/* No request is suspended from here on, and those that are come
	 * back: the pool, the writer thread and the group commit's flush
	 * all still run, and each answers what it holds.  Without a bound:
	 * a move answered 201 is on disk, and one held here will be. */
	atomic_store(&srv->stopping, true);
	for (int waited = 0; atomic_load(&srv->held) > 0; waited += 10) {
		if (waited && waited % 5000 == 0)
			log_msg(LOG_WARN, "stopping: %d requests still being answered",
			        atomic_load(&srv->held));
		nanosleep(&tick, NULL);
	}
	/* The jobs still queued run now and hand their connections back
	 * before MHD closes them. */
	workpool_stop(srv->pool);
	MHD_stop_daemon(srv->mhd);
	close(srv->fd);
	reaper_stop(srv);
	unsigned long long slow = atomic_load(&srv->ended_slow),
	                   crowded = atomic_load(&srv->ended_crowded);
	if (slow || crowded)
		log_msg(LOG_INFO, "connections ended: %llu past their deadline, %llu for room",
		        slow, crowded);
	pthread_mutex_destroy(&srv->conns_lock);
	pthread_cond_destroy(&srv->reaper_wake);
	free(srv);
}
