/* http.c: libmicrohttpd glue: paths under /api/ go to api_handle(), the
 * others to the web pages (web_handle()).
 *
 * Threading: MHD's own thread pool (one worker per core by default) with
 * epoll.  Each worker thread runs its requests to the end, so a request
 * never waits for another request's SQLite work on the same thread, and
 * epoll keeps the cost of idle keep-alive connections flat; that is the
 * fastest of MHD's modes for short JSON requests (STYLE: libmicrohttpd).
 * Per-request state (the body buffer, the start time) lives in the
 * connection closure and is freed in the completion callback. */
#include "autoconfig.h"
#include "http/http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "http/web.h"
#include "xfcc/xfcc.h"

struct http_server {
	struct MHD_Daemon *mhd;
	struct app *app;
	int fd;
	atomic_int inflight;
};

struct request {
	struct timespec start;
	char *body; /* grows up to API_BODY_MAX, NUL-terminated */
	size_t len, cap;
	bool too_big;
	int status;
	char path[256];
	char method[16];
};

static double ms_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
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

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version, const char *upload_data,
				  size_t *upload_data_size, void **con_cls)
{
	(void)version;
	http_server *srv = cls;
	struct request *r = *con_cls;
	if (!r) {
		r = calloc(1, sizeof *r);
		if (!r)
			return MHD_NO;
		clock_gettime(CLOCK_MONOTONIC, &r->start);
		snprintf(r->path, sizeof r->path, "%s", url);
		snprintf(r->method, sizeof r->method, "%s", method);
		const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
							     MHD_HTTP_HEADER_CONTENT_LENGTH);
		if (cl && strtoull(cl, NULL, 10) > API_BODY_MAX)
			r->too_big = true;
		atomic_fetch_add(&srv->inflight, 1);
		*con_cls = r;
		return MHD_YES;
	}
	if (*upload_data_size) {
		append_body(r, upload_data, *upload_data_size);
		*upload_data_size = 0;
		return MHD_YES;
	}

	struct api_req rq;
	memset(&rq, 0, sizeof rq);
	rq.method = method;
	rq.path = url;
	rq.body = r->body ? r->body : "";
	rq.body_len = r->len;
	rq.body_too_big = r->too_big;
	rq.authorization = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
						       MHD_HTTP_HEADER_AUTHORIZATION);
	MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect_query, &rq);
	struct api_resp rs;
	memset(&rs, 0, sizeof rs);
	bool xfcc = strcmp(url, XFCC_PATH) == 0;
	bool web = !xfcc && web_owns_path(url);
	if (xfcc) {
		/* The Xfcc SOAP interface (issue 14): no API JSON, its own XML. */
		struct xfcc_http_req xr = {
			.method = method,
			.content_type = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
								    MHD_HTTP_HEADER_CONTENT_TYPE),
			.soap_action = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "SOAPAction"),
			.body = rq.body,
			.len = rq.body_len,
			.too_big = rq.body_too_big,
		};
		xfcc_handle(srv->app, &xr, &rs);
	} else if (web)
		web_handle(srv->app->cfg->static_dir, &rq, &rs);
	else
		api_handle(srv->app, &rq, &rs);

	struct MHD_Response *resp =
	    MHD_create_response_from_buffer(rs.len, rs.body ? rs.body : (void *)"",
					    rs.body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
	if (!resp) {
		free(rs.body);
		return MHD_NO;
	}
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE,
				rs.content_type ? rs.content_type : "application/json");
	if (web)
		for (int i = 0; web_headers[i][0]; i++)
			MHD_add_response_header(resp, web_headers[i][0], web_headers[i][1]);
	else
		MHD_add_response_header(resp, "Cache-Control", "no-store");
	if (rs.allow[0])
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, rs.allow);
	r->status = rs.status;
	enum MHD_Result ret = MHD_queue_response(conn, (unsigned)rs.status, resp);
	MHD_destroy_response(resp);
	return ret;
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

/* One log line per request: method, path, status, milliseconds. */
static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
			 enum MHD_RequestTerminationCode toe)
{
	(void)conn;
	http_server *srv = cls;
	struct request *r = *con_cls;
	if (!r)
		return;
	if (toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
		log_msg(LOG_INFO, "%s %s %d %.1fms", r->method, r->path, r->status, ms_since(&r->start));
	else
		log_msg(LOG_INFO, "%s %s aborted (%d) %.1fms", r->method, r->path, (int)toe,
			ms_since(&r->start));
	free(r->body);
	free(r);
	*con_cls = NULL;
	atomic_fetch_sub(&srv->inflight, 1);
}

/* HOST:PORT is bound here rather than by MHD, so a taken port or a bad
 * address gives its own clear message; MHD then serves that socket. */
int http_listen(const char *listen_on, char *err, size_t errlen)
{
	char host[256];
	const char *colon = strrchr(listen_on, ':');
	if (!colon || colon == listen_on || !colon[1] || (size_t)(colon - listen_on) >= sizeof host) {
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
	if (bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 1024) != 0) {
		snprintf(err, errlen, "cannot listen on %s: %s", listen_on, strerror(errno));
		close(fd);
		freeaddrinfo(ai);
		return -1;
	}
	freeaddrinfo(ai);
	return fd;
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
	if (threads < 1 || threads > 256)
		threads = 2;
	srv->mhd = MHD_start_daemon(
	    MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_TURBO, 0, NULL,
	    NULL, on_request, srv, MHD_OPTION_LISTEN_SOCKET, srv->fd, MHD_OPTION_THREAD_POOL_SIZE,
	    (unsigned)threads, MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60, MHD_OPTION_CONNECTION_LIMIT, (unsigned)2000,
	    MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL, MHD_OPTION_END);
	if (!srv->mhd) {
		snprintf(err, errlen, "cannot start the HTTP server (libmicrohttpd refused)");
		close(fd);
		free(srv);
		return NULL;
	}
	return srv;
}

void http_stop(http_server *srv, int grace_ms)
{
	if (!srv)
		return;
	/* Stop accepting; MHD hands the listening socket back to us. */
	MHD_socket fd = MHD_quiesce_daemon(srv->mhd);
	if (fd != MHD_INVALID_SOCKET)
		close(fd);
	for (int waited = 0; atomic_load(&srv->inflight) > 0 && waited < grace_ms; waited += 10) {
		struct timespec ts = {0, 10 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	MHD_stop_daemon(srv->mhd);
	free(srv);
}
