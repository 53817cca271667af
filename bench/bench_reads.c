/* bench_reads: the reads of issue 25 against a bare libmicrohttpd
 * handler sending the same bytes, in the same run (docs/BENCHMARKS.md).
 *
 *   bench_reads [ACTIVE...]        (default: 10000 1000000)
 *
 * with CORRCHESS and CORRCHESSD from the environment (as `make bench`
 * sets them); BENCH_REQS requests a measurement (default 20000),
 * BENCH_CONNS keep-alive connections (default 32), BENCH_ROUNDS rounds
 * (default 3).  For each size it makes a temporary database with a TL,
 * two players who sign in and 1,000 more (rows), and ACTIVE server games
 * written directly with SQLite (as bench_deadlines does; games 2..51 are
 * one player's, the list); then, through the daemon, a game of 80 plies
 * (moves chosen by lib/chess, sent over HTTP) and a round robin of 50 of
 * the players (its 1,225 games).  Then, for each of
 *   GET /api/v1/games/1                       (0 plies)
 *   GET /api/v1/games/{the 80-ply game}
 *   GET /api/v1/games?player=P&view=summary&limit=50
 *   GET /api/v1/tournaments/{the round robin} (the crosstable of 50)
 *   GET /metrics
 * it captures corrchessd's answer, and a bare libmicrohttpd handler (its
 * own process, corrchessd's flags and 2 threads) answers those bytes for
 * that path.  A raw-socket client in one thread keeps BENCH_CONNS
 * connections busy (a request each, the next as soon as the answer is
 * read); each round measures corrchessd and then the bare handler for
 * every path; the medians of the rounds and their ratio are printed.  For
 * /metrics also the median latency of 200 requests on one connection,
 * compared between the sizes.  Only loopback; every size's files removed. */
#include "autoconfig.h"

#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "corr/corr_deadlines.h"
#include "notation/san.h"
#include "util/status.h"

#include "bench_util.h"

const char *bench_name = "bench_reads";

#define TODAY     "2027-09-01"
#define PLAYERS   1000
#define NPATHS    5
#define MAXSIZES  4
#define MAXCONNS  256
#define LIST_FROM 2 /* games 2..51: the list's player's */
#define LIST_N    50
#define RR_N      50
#define PLIES     80

static long reqs = 20000, rounds = 3;
static pid_t children[2]; /* the daemon and the bare handler, killed at exit */

static void kill_children(void)
{
	for (int i = 0; i < 2; i++)
		if (children[i] > 0) {
			kill(children[i], SIGTERM);
			waitpid(children[i], NULL, 0);
			children[i] = 0;
		}
}
static int conns = 32;

static void run(const char *cmd)
{
	int rc = system(cmd);
	if (rc != 0) {
		fprintf(stderr, "bench_reads: `%s` exited %d\n", cmd, rc);
		exit(1);
	}
}

/* ---- HTTP over raw sockets ---- */

static int connect_to(int port)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;
	struct sockaddr_in a = {.sin_family = AF_INET,
	                        .sin_port = htons((uint16_t)port),
	                        .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return fd;
}

struct conn {
	int fd;
	char *buf;
	size_t len, cap;
	size_t want; /* header + body bytes of the answer being read; 0: not known yet */
	int status;
};

/* Reads what fd has into c; returns 1 when a whole answer is in (c->len
 * >= c->want), 0 for more, -1 on error or close. */
static int read_some(struct conn *c)
{
	if (c->cap - c->len < 65536) {
		size_t nc = c->cap ? c->cap * 2 : 131072;
		char *nb = realloc(c->buf, nc);
		if (!nb)
			return -1;
		c->buf = nb;
		c->cap = nc;
	}
	ssize_t k = read(c->fd, c->buf + c->len, c->cap - c->len - 1);
	if (k <= 0)
		return -1;
	c->len += (size_t)k;
	c->buf[c->len] = '\0';
	if (!c->want) {
		char *end = strstr(c->buf, "\r\n\r\n");
		if (!end)
			return 0;
		char *cl = strcasestr(c->buf, "\r\ncontent-length:");
		if (!cl || cl > end)
			bench_die("an answer without Content-Length");
		c->want = (size_t)(end + 4 - c->buf) + strtoul(cl + 17, NULL, 10);
		c->status = atoi(c->buf + 9);
	}
	return c->len >= c->want;
}

static void send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);
		if (k <= 0)
			bench_die("a request could not be sent");
		p += k;
		n -= (size_t)k;
	}
}

static char token[128];

static size_t request_text(char *out, size_t len, const char *method, const char *path,
                           const char *body)
{
	int n = body ? snprintf(out, len,
	                        "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
	                        "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
	                        method, path, token, strlen(body), body)
	             : snprintf(out, len,
	                        "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
	                        "%s\r\n\r\n",
	                        method, path, token);
	if (n < 0 || (size_t)n >= len)
		bench_die("a request too long");
	return (size_t)n;
}

/* One request on a fresh connection; the answer's body (new) and status. */
static char *http(int port, const char *method, const char *path, const char *body, int *status,
                  size_t *blen)
{
	static char req[1 << 16];
	size_t n = request_text(req, sizeof req, method, path, body);
	struct conn c = {.fd = connect_to(port)};
	if (c.fd < 0)
		return NULL;
	send_all(c.fd, req, n);
	int rc;
	while ((rc = read_some(&c)) == 0)
		;
	close(c.fd);
	if (rc < 0) {
		free(c.buf);
		return NULL;
	}
	*status = c.status;
	char *start = strstr(c.buf, "\r\n\r\n") + 4;
	*blen = c.len - (size_t)(start - c.buf);
	memmove(c.buf, start, *blen + 1);
	return c.buf;
}

/* reqs GETs of path over `conns` connections, kept busy: requests per
 * second.  Every answer must be 200 with the length of the first. */
static double rate(int port, const char *path)
{
	static char req[4096];
	size_t rlen = request_text(req, sizeof req, "GET", path, NULL);
	struct conn c[MAXCONNS];
	struct pollfd p[MAXCONNS];
	memset(c, 0, sizeof c);
	for (int i = 0; i < conns; i++) {
		if ((c[i].fd = connect_to(port)) < 0)
			bench_die("cannot connect");
		p[i].fd = c[i].fd;
		p[i].events = POLLIN;
	}
	long sent = 0, done = 0;
	double t0 = bench_now();
	for (int i = 0; i < conns && sent < reqs; i++, sent++)
		send_all(c[i].fd, req, rlen);
	while (done < reqs) {
		if (poll(p, (nfds_t)conns, 10000) <= 0)
			bench_die("no answer in 10 s");
		for (int i = 0; i < conns; i++) {
			if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			int rc = read_some(&c[i]);
			if (rc < 0) {
				fprintf(stderr,
				        "bench_reads: GET %s on port %d: connection %d closed "
				        "after %ld"
				        " answers (%zu bytes read: %.200s)\n",
				        path, port, i, done, c[i].len, c[i].buf ? c[i].buf : "");
				exit(1);
			}
			if (rc == 0)
				continue;
			if (c[i].status != 200 || c[i].len != c[i].want)
				bench_die("an answer that is not one whole 200");
			done++;
			c[i].len = c[i].want = 0;
			if (sent < reqs) {
				send_all(c[i].fd, req, rlen);
				sent++;
			}
		}
	}
	double dt = bench_now() - t0;
	for (int i = 0; i < conns; i++) {
		close(c[i].fd);
		free(c[i].buf);
	}
	return (double)reqs / dt;
}

/* The median latency (ms) of n GETs of path on one connection. */
static double latency_ms(int port, const char *path, int n)
{
	static char req[4096];
	size_t rlen = request_text(req, sizeof req, "GET", path, NULL);
	double *t = malloc((size_t)n * sizeof *t);
	struct conn c = {.fd = connect_to(port)};
	if (!t || c.fd < 0)
		bench_die("latency");
	for (int i = 0; i < n; i++) {
		double t0 = bench_now();
		send_all(c.fd, req, rlen);
		int rc;
		while ((rc = read_some(&c)) == 0)
			;
		if (rc < 0 || c.status != 200)
			bench_die("a /metrics GET failed");
		c.len = c.want = 0;
		t[i] = (bench_now() - t0) * 1000;
	}
	close(c.fd);
	free(c.buf);
	qsort(t, (size_t)n, sizeof *t, bench_cmp_double);
	double m = t[n / 2];
	free(t);
	return m;
}

/* ---- the bare handler ---- */

struct page {
	char path[256];
	const char *type;
	char *body;
	size_t len;
};
static struct page pages[NPATHS];

static enum MHD_Result bare(void *cls, struct MHD_Connection *conn, const char *url,
                            const char *method, const char *version, const char *data, size_t *size,
                            void **ctx)
{
	(void)cls, (void)method, (void)version, (void)data;
	/* The answer on the second call, as corrchessd gives it (after the
	 * request is read): queued on the first, libmicrohttpd closes the
	 * connection after it ("Connection: close"). */
	static int first;
	if (!*ctx) {
		*ctx = &first;
		return MHD_YES;
	}
	if (*size) {
		*size = 0;
		return MHD_YES;
	}
	const struct page *pg = &pages[0];
	for (int i = 0; i < NPATHS; i++) {
		size_t n = strcspn(pages[i].path, "?");
		if (strncmp(url, pages[i].path, n) == 0 && url[n] == '\0') {
			pg = &pages[i];
			break;
		}
	}
	struct MHD_Response *r =
	        MHD_create_response_from_buffer(pg->len, pg->body, MHD_RESPMEM_PERSISTENT);
	MHD_add_response_header(r, "Content-Type", pg->type);
	enum MHD_Result ok = MHD_queue_response(conn, 200, r);
	MHD_destroy_response(r);
	return ok;
}

static pid_t start_bare(int port)
{
	pid_t pid = fork();
	if (pid != 0)
		return pid;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;
	struct sockaddr_in a = {.sin_family = AF_INET,
	                        .sin_port = htons((uint16_t)port),
	                        .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 1024) != 0)
		_exit(1);
	/* corrchessd's flags and thread count (server/http/http.c) */
	struct MHD_Daemon *d = MHD_start_daemon(
	        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_TURBO, 0,
	        NULL, NULL, bare, NULL, MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_THREAD_POOL_SIZE,
	        (unsigned)2, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
	        MHD_OPTION_CONNECTION_LIMIT, (unsigned)2000, MHD_OPTION_END);
	if (!d)
		_exit(1);
	for (;;)
		pause();
}

/* ---- the database ---- */

/* players, `active` games and their dates straight into the database. */
static void generate(const char *path, long active)
{
	struct bench_gen b;
	bench_gen_open(&b, path, PLAYERS);
	int64_t first = b.first;
	const char *start = "2027-08-30";
	struct corr_deadline rows[CORR_DEADLINES_MAX];
	int nrows = bench_template_rows(start, rows);
	for (long id = 1; id <= active; id++) {
		int64_t w = first + id % PLAYERS, bl = first + (id + 1 + id / PLAYERS) % PLAYERS;
		if (id >= LIST_FROM && id < LIST_FROM + LIST_N)
			w = first; /* p0: the list's player */
		if (bl == w)
			bl = first + (id + 2) % PLAYERS;
		bench_gen_game(&b, id, start, w, bl, rows, nrows);
	}
	/* the counters of migration 0017 (the triggers counted the rows) */
	bench_gen_close(&b, path);
}

/* A JSON member's integer value (the first "key":N), or -1. */
static long long json_int(const char *json, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":", key);
	const char *p = json ? strstr(json, pat) : NULL;
	return p ? strtoll(p + strlen(pat), NULL, 10) : -1;
}

static void sign_in(int port, const char *name, char *out, size_t len)
{
	char body[256];
	int status;
	size_t n;
	snprintf(body, sizeof body, "{\"login\":\"%s\",\"password\":\"pw-%s-secret\"}", name, name);
	token[0] = '\0';
	char *r = http(port, "POST", "/api/v1/session", body, &status, &n);
	const char *p = r ? strstr(r, "\"token\":\"") : NULL;
	if (!p || status != 201)
		bench_die("a sign-in failed");
	p += 9;
	size_t k = strcspn(p, "\"");
	if (k >= len)
		bench_die("a long token");
	memcpy(out, p, k);
	out[k] = '\0';
	free(r);
}

/* A game of PLIES plies between the two signed-in players, its moves
 * chosen by lib/chess (none ending the game), sent over HTTP: its id. */
static long long long_game(int port, const char *tl, const char *white, const char *black,
                           long long wid, long long bid)
{
	char body[512], path[128];
	int status;
	size_t n;
	snprintf(token, sizeof token, "%s", tl);
	snprintf(body, sizeof body,
	         "{\"white\":%lld,\"black\":%lld,\"profile\":\"server\",\"start_date\":\"%s\"}",
	         wid, bid, TODAY);
	char *r = http(port, "POST", "/api/v1/games", body, &status, &n);
	long long id = json_int(r, "id");
	free(r);
	if (status != 201 || id <= 0)
		bench_die("the long game could not be made");
	position pos;
	fen_parse(&pos, FEN_STARTPOS, NULL, 0);
	snprintf(path, sizeof path, "/api/v1/games/%lld/moves", id);
	for (int ply = 0; ply < PLIES; ply++) {
		move list[MAX_MOVES];
		int k = movegen_legal(&pos, list), pick = -1;
		for (int t = 0; t < k && pick < 0; t++) {
			int i = (ply * 13 + 5 + t) % k;
			position next = pos;
			undo u;
			position_do_move(&next, list[i], &u);
			if (game_status(&next) == GAME_ONGOING)
				pick = i;
		}
		if (pick < 0)
			bench_die("no move keeps the long game going");
		char san[SAN_MAX];
		san_write(&pos, list[pick], san);
		undo u;
		position_do_move(&pos, list[pick], &u);
		snprintf(token, sizeof token, "%s", ply % 2 ? black : white);
		snprintf(body, sizeof body, "{\"move\":\"%s\"}", san);
		r = http(port, "POST", path, body, &status, &n);
		free(r);
		if (status != 201) {
			fprintf(stderr, "bench_reads: move %d (%s) answered %d\n", ply + 1, san,
			        status);
			exit(1);
		}
	}
	snprintf(token, sizeof token, "%s", tl);
	return id;
}

/* A round robin of RR_N of the generated players: its id. */
static long long round_robin(int port, long long first)
{
	char body[4096];
	int at = snprintf(body, sizeof body,
	                  "{\"name\":\"Bench %d\",\"kind\":\"round_robin\",\"profile\":\"server\","
	                  "\"start_date\":\"%s\",\"players\":[",
	                  RR_N, TODAY);
	for (int i = 0; i < RR_N; i++)
		at += snprintf(body + at, sizeof body - (size_t)at, "%s%lld", i ? "," : "",
		               first + 100 + i);
	snprintf(body + at, sizeof body - (size_t)at, "]}");
	int status;
	size_t n;
	char *r = http(port, "POST", "/api/v1/tournaments", body, &status, &n);
	long long id = json_int(r, "id");
	if (status != 201 || id <= 0) {
		fprintf(stderr, "bench_reads: the round robin: %d %.300s\n", status, r ? r : "");
		exit(1);
	}
	free(r);
	return id;
}

struct result {
	long active;
	double ours[NPATHS], bare[NPATHS];
	size_t bytes[NPATHS];
	double metrics_ms;
};

static const char *const names[NPATHS] = {"game GET, 0 plies", "game GET, 80 plies",
                                          "list summary, 50 games", "crosstable, 50 players",
                                          "/metrics"};

static void measure(const char *cc, const char *ccd, long active, struct result *res)
{
	char dir[64] = "/tmp/bench_reads.XXXXXX", db[128], cmd[1024];
	if (!mkdtemp(dir))
		bench_die("mkdtemp");
	snprintf(db, sizeof db, "%s/bench.db", dir);
	res->active = active;
	const char *users[3][2] = {{"tl", "tl"}, {"wp", "player"}, {"bp", "player"}};
	for (int i = 0; i < 3; i++) {
		snprintf(cmd, sizeof cmd,
		         "printf 'pw-%s-secret\\n' | CORRCHESS_FAST_HASH=1 '%s' --db %s user add"
		         " --name %s --email %s@example.org --role %s --password-stdin >/dev/null "
		         "2>&1",
		         users[i][0], cc, db, users[i][0], users[i][0], users[i][1]);
		run(cmd);
	}
	double t0 = bench_now();
	generate(db, active);
	fprintf(stderr, "bench_reads: %ld games generated in %.1f s\n", active, bench_now() - t0);

	int port = bench_free_port();
	pid_t pid = bench_daemon(ccd, db, TODAY, port);
	children[0] = pid;
	int status;
	size_t n;
	char *r = NULL;
	for (int i = 0; i < 400 && !r; i++) {
		token[0] = '\0';
		if (!(r = http(port, "GET", "/healthz", NULL, &status, &n)))
			usleep(50000);
	}
	if (!r)
		bench_die("corrchessd did not start");
	free(r);
	char tl[128], wp[128], bp[128];
	sign_in(port, "tl", tl, sizeof tl);
	sign_in(port, "wp", wp, sizeof wp);
	sign_in(port, "bp", bp, sizeof bp);
	/* the users: tl 1, wp 2, bp 3, then p0.. */
	long long g80 = long_game(port, tl, wp, bp, 2, 3);
	long long rr = round_robin(port, 4);
	snprintf(pages[0].path, sizeof pages[0].path, "/api/v1/games/1");
	snprintf(pages[1].path, sizeof pages[1].path, "/api/v1/games/%lld", g80);
	snprintf(pages[2].path, sizeof pages[2].path,
	         "/api/v1/games?player=4&view=summary&limit=%d", LIST_N);
	snprintf(pages[3].path, sizeof pages[3].path, "/api/v1/tournaments/%lld", rr);
	snprintf(pages[4].path, sizeof pages[4].path, "/metrics");
	for (int i = 0; i < NPATHS; i++) {
		free(pages[i].body);
		pages[i].body = http(port, "GET", pages[i].path, NULL, &status, &pages[i].len);
		if (!pages[i].body || status != 200) {
			fprintf(stderr, "bench_reads: GET %s answered %d\n", pages[i].path, status);
			exit(1);
		}
		pages[i].type =
		        i == 4 ? "text/plain; version=0.0.4; charset=utf-8" : "application/json";
		res->bytes[i] = pages[i].len;
	}
	if (json_int(pages[2].body, "plies") < 0 || !strstr(pages[3].body, "\"standings\""))
		bench_die("the list or the crosstable is not what was asked for");
	int bport = bench_free_port();
	pid_t bpid = start_bare(bport);
	children[1] = bpid;
	for (int i = 0; i < 200; i++) {
		if ((r = http(bport, "GET", pages[0].path, NULL, &status, &n)))
			break;
		usleep(20000);
	}
	if (!r)
		bench_die("the bare handler did not start");
	free(r);

	double ours[NPATHS][16], base[NPATHS][16];
	for (long k = 0; k < rounds; k++)
		for (int i = 0; i < NPATHS; i++) {
			ours[i][k] = rate(port, pages[i].path);
			base[i][k] = rate(bport, pages[i].path);
		}
	for (int i = 0; i < NPATHS; i++) {
		qsort(ours[i], (size_t)rounds, sizeof(double), bench_cmp_double);
		qsort(base[i], (size_t)rounds, sizeof(double), bench_cmp_double);
		res->ours[i] = ours[i][rounds / 2];
		res->bare[i] = base[i][rounds / 2];
	}
	res->metrics_ms = latency_ms(port, "/metrics", 200);
	kill_children();
	if (getenv("BENCH_KEEP")) {
		fprintf(stderr, "bench_reads: kept %s\n", db);
		return;
	}
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	run(cmd);
}

int main(int argc, char **argv)
{
	const char *cc = getenv("CORRCHESS"), *ccd = getenv("CORRCHESSD"), *v;
	if (!cc || !ccd)
		bench_die("CORRCHESS and CORRCHESSD must name the programs");
	if ((v = getenv("BENCH_REQS")) && (reqs = strtol(v, NULL, 10)) < 1)
		bench_die("BENCH_REQS is a number of requests");
	if ((v = getenv("BENCH_ROUNDS")) && ((rounds = strtol(v, NULL, 10)) < 1 || rounds > 16))
		bench_die("BENCH_ROUNDS is 1..16");
	if ((v = getenv("BENCH_CONNS")) && ((conns = atoi(v)) < 1 || conns > MAXCONNS))
		bench_die("BENCH_CONNS is 1..256");
	long sizes[MAXSIZES] = {10000, 1000000};
	int ns = 2;
	if (argc > 1) {
		ns = 0;
		for (int i = 1; i < argc && ns < MAXSIZES; i++)
			if ((sizes[ns++] = strtol(argv[i], NULL, 10)) < LIST_FROM + LIST_N)
				bench_die("each size is at least 52 games");
	}
	signal(SIGPIPE, SIG_IGN);
	atexit(kill_children);
	struct result res[MAXSIZES];
	printf("%ld requests a measurement, %d keep-alive connections, median of %ld rounds\n",
	       reqs, conns, rounds);
	for (int s = 0; s < ns; s++) {
		measure(cc, ccd, sizes[s], &res[s]);
		for (int i = 0; i < NPATHS; i++)
			printf("%ld active: %-24s %6zu bytes: corrchessd %8.0f/s, bare "
			       "libmicrohttpd "
			       "%8.0f/s, ratio %.3f\n",
			       res[s].active, names[i], res[s].bytes[i], res[s].ours[i],
			       res[s].bare[i], res[s].ours[i] / res[s].bare[i]);
		printf("%ld active: /metrics median latency %.3f ms (one connection, 200 GETs)\n",
		       res[s].active, res[s].metrics_ms);
		fflush(stdout);
	}
	for (int s = 1; s < ns; s++)
		printf("ratio %ld / %ld active: /metrics latency %.2f, /metrics rate %.2f\n",
		       res[s].active, res[0].active, res[s].metrics_ms / res[0].metrics_ms,
		       res[0].ours[4] / res[s].ours[4]);
	return 0;
}
