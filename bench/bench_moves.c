/* bench_moves: move submissions per second over HTTP, with latency
 * percentiles, with synchronous = normal and full (group commit) in
 * alternating rounds, and in the same run the raw SQLite single-row
 * commit rates (WAL, synchronous=NORMAL and FULL), so they can be
 * compared on the same noisy machine.
 *
 *   bench_moves [CLIENTS] [MOVES_PER_CLIENT]      (BENCH_ROUNDS=N: rounds, default 3)
 *
 * with the programs from the environment: CORRCHESS, CORRCHESSD (as
 * `make bench` sets them).
 * It makes a temporary database, a TL and two players per client, one
 * server-profile game per client, starts corrchessd on a free loopback
 * port, and lets CLIENTS concurrent connections (libcurl multi, keep-alive)
 * play knight moves back and forth (Nf3 Nf6 Ng1 Ng8 ...) until each game
 * has MOVES_PER_CLIENT moves.  Only loopback traffic; bounded in count. */
#include "autoconfig.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CLIENTS 256
#define MAX_ROUNDS  9

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void die(const char *msg)
{
	fprintf(stderr, "bench_moves: %s\n", msg);
	exit(1);
}

struct buf {
	char data[1 << 16];
	size_t len;
};

static size_t on_data(char *p, size_t size, size_t n, void *userdata)
{
	struct buf *b = userdata;
	size_t k = size * n;
	if (b->len + k < sizeof b->data) {
		memcpy(b->data + b->len, p, k);
		b->len += k;
		b->data[b->len] = '\0';
	}
	return k;
}

static int port;

/* The day the games start and the daemon plays on: CORRCHESS_TODAY when
 * set, else today (the games of a fixed old date are lost on time: every
 * move would answer 409 lost_on_time). */
static char today[11];

static void set_today(void)
{
	const char *t = getenv("CORRCHESS_TODAY");
	if (t && strlen(t) == 10) {
		memcpy(today, t, 11);
	} else {
		time_t now = time(NULL);
		struct tm tm;
		localtime_r(&now, &tm);
		strftime(today, sizeof today, "%Y-%m-%d", &tm);
	}
	setenv("CORRCHESS_TODAY", today, 1); /* the daemon's today: the same day all run */
}

/* A blocking request; returns the HTTP status, body in *b. */
static long request(const char *method, const char *path, const char *token, const char *body,
                    struct buf *b)
{
	CURL *c = curl_easy_init();
	char url[256], auth[128];
	snprintf(url, sizeof url, "http://127.0.0.1:%d%s", port, path);
	struct curl_slist *h = curl_slist_append(NULL, "Content-Type: application/json");
	if (token) {
		snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
		h = curl_slist_append(h, auth);
	}
	b->len = 0;
	b->data[0] = '\0';
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	if (body)
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, b);
	long status = 0;
	if (curl_easy_perform(c) == CURLE_OK)
		curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	curl_slist_free_all(h);
	curl_easy_cleanup(c);
	return status;
}

/* Pulls "key":"value" out of a flat JSON text (enough for a token). */
static int json_str(const char *json, const char *key, char *out, size_t n)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":\"", key);
	const char *p = strstr(json, pat);
	if (!p)
		return -1;
	p += strlen(pat);
	size_t i = 0;
	while (p[i] && p[i] != '"' && i + 1 < n) {
		out[i] = p[i];
		i++;
	}
	out[i] = '\0';
	return 0;
}

static long json_int(const char *json, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":", key);
	const char *p = strstr(json, pat);
	return p ? strtol(p + strlen(pat), NULL, 10) : -1;
}

static int free_port(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a;
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t len = sizeof a;
	if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) != 0)
		die("no free port");
	int p = ntohs(a.sin_port);
	close(fd);
	return p;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The raw rate of single-row INSERT commits on a WAL database with
 * synchronous=sync (NORMAL or FULL), one commit after the other: the
 * floor under a move submission of that durability without grouping. */
static double sqlite_commit_rate(const char *dir, int n, const char *sync)
{
	char path[512], pragmas[200];
	snprintf(path, sizeof path, "%s/raw-%s.db", dir, sync);
	snprintf(pragmas, sizeof pragmas,
	         "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s;"
	         "CREATE TABLE t (id INTEGER PRIMARY KEY, game INTEGER, ply INTEGER, mv TEXT)",
	         sync);
	sqlite3 *db;
	if (sqlite3_open(path, &db) != SQLITE_OK)
		die("cannot open the raw database");
	sqlite3_exec(db, pragmas, NULL, NULL, NULL);
	sqlite3_stmt *st;
	sqlite3_prepare_v2(db, "INSERT INTO t (game, ply, mv) VALUES (?, ?, '6163')", -1, &st,
	                   NULL);
	double t0 = now_s();
	for (int i = 0; i < n; i++) {
		sqlite3_bind_int(st, 1, i % 64);
		sqlite3_bind_int(st, 2, i);
		if (sqlite3_step(st) != SQLITE_DONE)
			die("raw insert failed");
		sqlite3_reset(st);
	}
	double dt = now_s() - t0;
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n / dt;
}

/* The bare loop of issue 19: only the games row and the move row of
 * each move, with the schema's own tables (a copy of the bench's
 * database), `batch` moves a transaction, WAL with synchronous=FULL (each
 * commit flushed), games rotating over `games` rows.  Moves per second. */
static double sqlite_two_row_rate(const char *db_path, const char *dir, int n, int batch, int games)
{
	char path[700], cmd[3000];
	snprintf(path, sizeof path, "%s/bare.db", dir);
	snprintf(cmd, sizeof cmd, "cp '%s' '%s' && rm -f '%s-wal' '%s-shm'", db_path, path, path,
	         path);
	if (system(cmd) != 0)
		die("cannot copy the database for the bare loop");
	sqlite3 *db;
	if (sqlite3_open(path, &db) != SQLITE_OK)
		die("cannot open the bare database");
	sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", NULL, NULL, NULL);
	sqlite3_stmt *ins, *upd, *mv;
	if (sqlite3_prepare_v2(
	            db,
	            "INSERT INTO games (id, profile, start_date, white, black, start_fen, fen)"
	            " VALUES (?1 + 1000000, 'server', '2026-01-01', 2, 3, 'x', 'x')",
	            -1, &ins, NULL) ||
	    sqlite3_prepare_v2(db,
	                       "UPDATE games SET fen = ?2, rev = rev + 1 WHERE id = ?1 + 1000000",
	                       -1, &upd, NULL) ||
	    sqlite3_prepare_v2(
	            db,
	            "INSERT INTO moves (game_id, ply, iccf, san, uci, received, sent, days)"
	            " VALUES (?1 + 1000000, ?2, '7163', 'Nf3', 'g1f3', '2026-01-01',"
	            " '2026-01-01', 0)",
	            -1, &mv, NULL))
		die(sqlite3_errmsg(db));
	sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
	for (int g = 0; g < games; g++) {
		sqlite3_bind_int(ins, 1, g);
		if (sqlite3_step(ins) != SQLITE_DONE)
			die(sqlite3_errmsg(db));
		sqlite3_reset(ins);
	}
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	double t0 = now_s();
	for (int i = 0; i < n; i++) {
		if (i % batch == 0)
			sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
		int g = i % games;
		sqlite3_bind_int(upd, 1, g);
		sqlite3_bind_text(upd, 2,
		                  "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", -1,
		                  SQLITE_STATIC);
		sqlite3_bind_int(mv, 1, g);
		sqlite3_bind_int(mv, 2, i / games + 1);
		if (sqlite3_step(upd) != SQLITE_DONE || sqlite3_step(mv) != SQLITE_DONE)
			die(sqlite3_errmsg(db));
		sqlite3_reset(upd);
		sqlite3_reset(mv);
		if (i % batch == batch - 1 || i == n - 1)
			sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	}
	double dt = now_s() - t0;
	sqlite3_finalize(ins);
	sqlite3_finalize(upd);
	sqlite3_finalize(mv);
	sqlite3_close(db);
	return n / dt;
}

/* One mode's figures. */
struct result {
	double rate, p50, p99;
	size_t moves, errors;
	double flushes;              /* corrchess_wal_flushes_total at the end, or -1 */
	double frames;               /* WAL pages the load's commits wrote */
	double writes, transactions; /* the writer thread's steps and transactions */
	double wal_mb;               /* the WAL file's size at the end */
};

/* The value of one sample of the /metrics text, or -1. */
static double metric_value(const char *text, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, name, n) == 0 && p[n] == ' ')
			return strtod(p + n + 1, NULL);
	return -1;
}

/* The moves each game plays, over and over (both loads): knights out and back. */
static const char *const cycle[4] = {"Nf3", "Nf6", "Ng1", "Ng8"};

/* The load with libcurl's multi interface: each client plays its
 * game's next move as soon as the last one is answered.  The latency of
 * each move answered 201 goes to lat[]; returns the seconds it took. */
static double curl_load(int clients, int per_client, char (*tokens)[80], const long *game,
                        double *lat, size_t *nlat_out, size_t *errors_out)
{
	static CURL *easy[MAX_CLIENTS];
	static struct curl_slist *hdr[MAX_CLIENTS][2];
	static struct buf bodies[MAX_CLIENTS];
	static char urls[MAX_CLIENTS][128], posts[MAX_CLIENTS][64];
	static int done[MAX_CLIENTS];
	memset(done, 0, sizeof done);
	static double started[MAX_CLIENTS];
	size_t total = (size_t)clients * (size_t)per_client, nlat = 0, errors = 0;
	CURLM *multi = curl_multi_init();
	curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)clients);
	for (int c = 0; c < clients; c++) {
		for (int side = 0; side < 2; side++) {
			char auth[128];
			snprintf(auth, sizeof auth, "Authorization: Bearer %s",
			         tokens[1 + 2 * c + side]);
			hdr[c][side] = curl_slist_append(
			        curl_slist_append(NULL, "Content-Type: application/json"), auth);
		}
		snprintf(urls[c], sizeof urls[c], "http://127.0.0.1:%d/api/v1/games/%ld/moves",
		         port, game[c]);
		easy[c] = curl_easy_init();
		curl_easy_setopt(easy[c], CURLOPT_URL, urls[c]);
		curl_easy_setopt(easy[c], CURLOPT_WRITEFUNCTION, on_data);
		curl_easy_setopt(easy[c], CURLOPT_WRITEDATA, &bodies[c]);
		curl_easy_setopt(easy[c], CURLOPT_PRIVATE, (void *)(long)c);
	}
	double t0 = now_s();
	for (int c = 0; c < clients; c++) {
		snprintf(posts[c], sizeof posts[c], "{\"move\":\"%s\"}", cycle[0]);
		curl_easy_setopt(easy[c], CURLOPT_POSTFIELDS, posts[c]);
		curl_easy_setopt(easy[c], CURLOPT_HTTPHEADER, hdr[c][0]);
		bodies[c].len = 0;
		started[c] = now_s();
		curl_multi_add_handle(multi, easy[c]);
	}
	int running = clients;
	while (running > 0 || nlat + errors < total) {
		int still;
		curl_multi_perform(multi, &still);
		CURLMsg *msg;
		int left;
		while ((msg = curl_multi_info_read(multi, &left))) {
			if (msg->msg != CURLMSG_DONE)
				continue;
			CURL *e = msg->easy_handle;
			long c;
			curl_easy_getinfo(e, CURLINFO_PRIVATE, (char **)&c);
			long status = 0;
			curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
			curl_multi_remove_handle(multi, e);
			if (msg->data.result != CURLE_OK || status != 201) {
				errors++;
				if (errors < 5)
					fprintf(stderr, "bench_moves: move failed (%ld): %.200s\n",
					        status, bodies[c].data);
			} else {
				lat[nlat++] = now_s() - started[c];
			}
			done[c]++;
			if (done[c] < per_client) {
				int ply = done[c];
				snprintf(posts[c], sizeof posts[c], "{\"move\":\"%s\"}",
				         cycle[ply % 4]);
				curl_easy_setopt(e, CURLOPT_POSTFIELDS, posts[c]);
				curl_easy_setopt(e, CURLOPT_HTTPHEADER, hdr[c][ply % 2]);
				bodies[c].len = 0;
				started[c] = now_s();
				curl_multi_add_handle(multi, e);
			} else {
				running--;
			}
		}
		if (running > 0)
			curl_multi_poll(multi, NULL, 0, 100, NULL);
		if (now_s() - t0 > 300)
			die("the load ran for more than 300 s; stopping");
	}
	double elapsed = now_s() - t0;
	for (int c = 0; c < clients; c++) {
		curl_easy_cleanup(easy[c]);
		curl_slist_free_all(hdr[c][0]);
		curl_slist_free_all(hdr[c][1]);
	}
	curl_multi_cleanup(multi);
	*nlat_out = nlat;
	*errors_out = errors;
	return elapsed;
}

/* The load again with a client of raw sockets: one keep-alive
 * connection a game, the request written whole with one send(), the
 * answer read until its Content-Length is in, poll() over all of them in
 * one thread.  It does what the libcurl client does with a fraction of
 * its CPU (docs/BENCHMARKS.md, "The move path, eighth pass": the libcurl
 * client took 0.36-0.44 of the 2 cores, the daemon's share), so the
 * daemon's own rate shows more of itself.  Every answer must be a whole
 * HTTP/1.1 answer with a Content-Length; a 201 counts, anything else is
 * an error (printed, the first few). */
struct raw_conn {
	int fd;
	char out[1024];
	size_t out_len, out_off;
	char *in;
	size_t in_len, in_cap, head_len, body_len; /* head_len 0: the head is not in yet */
	int status;
};

/* Fills c->out with the request of move for game id, signed with token. */
static void raw_request(struct raw_conn *c, long id, const char *token, const char *move)
{
	char body[64];
	int bl = snprintf(body, sizeof body, "{\"move\":\"%s\"}", move);
	int n = snprintf(c->out, sizeof c->out,
	                 "POST /api/v1/games/%ld/moves HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
	                 "Authorization: Bearer %s\r\nContent-Type: application/json\r\n"
	                 "Content-Length: %d\r\n\r\n%s",
	                 id, port, token, bl, body);
	if (n < 0 || (size_t)n >= sizeof c->out)
		die("a raw request does not fit");
	c->out_len = (size_t)n;
	c->out_off = 0;
	c->in_len = 0;
	c->head_len = 0;
	c->body_len = 0;
	c->status = 0;
}

/* Sends what is left of c's request (at once, as a rule: it is small);
 * then p waits for the answer, else for room to send the rest. */
static void raw_send(struct raw_conn *c, struct pollfd *p)
{
	ssize_t n = send(c->fd, c->out + c->out_off, c->out_len - c->out_off, MSG_NOSIGNAL);
	if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
		die("the raw client's send failed");
	if (n > 0)
		c->out_off += (size_t)n;
	p->events = c->out_off == c->out_len ? POLLIN : POLLOUT;
}

/* Whether c's answer is complete; parses its head once it is in. */
static bool raw_answered(struct raw_conn *c)
{
	if (!c->head_len) {
		char *end = c->in_len >= 4 ? memmem(c->in, c->in_len, "\r\n\r\n", 4) : NULL;
		if (!end)
			return false;
		*end = '\0'; /* (the head's own bytes: the body starts after it) */
		if (strncmp(c->in, "HTTP/1.1 ", 9) != 0)
			die("the raw client got no HTTP/1.1 answer");
		c->status = atoi(c->in + 9);
		const char *cl = strcasestr(c->in, "\r\ncontent-length:");
		if (!cl)
			die("the raw client got an answer without Content-Length");
		c->body_len = strtoul(cl + 17, NULL, 10);
		c->head_len = (size_t)(end - c->in) + 4;
	}
	if (c->in_len > c->head_len + c->body_len)
		die("the raw client got more than one answer");
	return c->in_len == c->head_len + c->body_len;
}

static void raw_load(int clients, int per_client, char (*tokens)[80], const long *game, double *lat,
                     size_t *nlat, size_t *errors)
{
	static struct raw_conn conn[MAX_CLIENTS];
	static struct pollfd pfd[MAX_CLIENTS];
	static double started[MAX_CLIENTS];
	static int done[MAX_CLIENTS];
	for (int c = 0; c < clients; c++) {
		struct raw_conn *k = &conn[c];
		struct sockaddr_in a = {.sin_family = AF_INET,
		                        .sin_port = htons((uint16_t)port),
		                        .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
		k->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		int one = 1;
		if (k->fd < 0 || connect(k->fd, (struct sockaddr *)&a, sizeof a) != 0 ||
		    setsockopt(k->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0 ||
		    fcntl(k->fd, F_SETFL, O_NONBLOCK) != 0)
			die("the raw client cannot connect");
		k->in_cap = 1 << 16;
		k->in = malloc(k->in_cap + 1);
		if (!k->in)
			die("out of memory");
		done[c] = 0;
		raw_request(k, game[c], tokens[1 + 2 * c], cycle[0]);
		pfd[c] = (struct pollfd){.fd = k->fd, .events = POLLOUT};
	}
	for (int c = 0; c < clients; c++) {
		started[c] = now_s();
		raw_send(&conn[c], &pfd[c]);
	}
	double t0 = now_s();
	int running = clients;
	while (running > 0) {
		if (poll(pfd, (nfds_t)clients, 1000) < 0)
			die("poll failed");
		for (int c = 0; c < clients; c++) {
			struct raw_conn *k = &conn[c];
			if (pfd[c].fd < 0 || !pfd[c].revents)
				continue;
			if (k->out_off < k->out_len) {
				raw_send(k, &pfd[c]);
				continue;
			}
			if (k->in_len == k->in_cap) {
				k->in_cap *= 2;
				k->in = realloc(k->in, k->in_cap + 1);
				if (!k->in)
					die("out of memory");
			}
			ssize_t n = recv(k->fd, k->in + k->in_len, k->in_cap - k->in_len, 0);
			if (n == 0)
				die("the server closed a raw client's connection");
			if (n < 0)
				continue; /* (EAGAIN: a spurious wake) */
			k->in_len += (size_t)n;
			if (!raw_answered(k))
				continue;
			if (k->status != 201) {
				if (++*errors < 5)
					fprintf(stderr,
					        "bench_moves: raw move failed (%d): %.200s\n",
					        k->status, k->in + k->head_len);
			} else {
				lat[(*nlat)++] = now_s() - started[c];
			}
			int ply = ++done[c];
			if (ply < per_client) {
				raw_request(k, game[c], tokens[1 + 2 * c + ply % 2],
				            cycle[ply % 4]);
				started[c] = now_s();
				raw_send(k, &pfd[c]);
			} else {
				pfd[c].fd = -1;
				running--;
			}
		}
		if (now_s() - t0 > 300)
			die("the load ran for more than 300 s; stopping");
	}
	for (int c = 0; c < clients; c++) {
		close(conn[c].fd);
		free(conn[c].in);
	}
}

/* Starts corrchessd on db with synchronous = mode, signs everyone in,
 * makes one game per client and plays the load; the daemon is stopped
 * again.  Returns the figures in *out. */
static void run_mode(const char *daemon, const char *db, const char *mode, bool raw, int clients,
                     int per_client, struct result *out)
{
	port = free_port();
	char listen_on[64];
	snprintf(listen_on, sizeof listen_on, "127.0.0.1:%d", port);
	pid_t dpid = fork();
	if (dpid == 0) {
		setenv("CORRCHESS_LOG_LEVEL", "warn", 1);
		setenv("CORRCHESS_SYNCHRONOUS", mode, 1);
		/* All clients come from 127.0.0.1: lift the per-address limit
		 * (64 by default), which would refuse the 65th connection. */
		setenv("CORRCHESS_CONN_PER_ADDR", "2000", 1);
		/* ... and the hashing budget of an address (60 sign-ins a
		 * minute by default, issue 20): the bench signs in 2 CLIENTS + 1. */
		setenv("CORRCHESS_ADDRESS_HASHES", "0", 1);
		execl(daemon, daemon, "--db", db, "--listen", listen_on, (char *)NULL);
		_exit(127);
	}
	static struct buf b;
	/* Ready is what /healthz says (issue 19): 200 once start-up is done. */
	for (int tries = 0; request("GET", "/healthz", NULL, NULL, &b) != 200; tries++) {
		if (tries > 200)
			die("corrchessd did not start");
		usleep(50000);
	}

	static char tokens[2 * MAX_CLIENTS + 1][80];
	for (int i = -1; i < 2 * clients; i++) {
		char body[128];
		snprintf(body, sizeof body, "{\"login\":\"%s%d\",\"password\":\"benchpassword\"}",
		         i < 0 ? "tl" : "p", i);
		if (i < 0)
			snprintf(body, sizeof body,
			         "{\"login\":\"tl\",\"password\":\"benchpassword\"}");
		if (request("POST", "/api/v1/session", NULL, body, &b) != 201 ||
		    json_str(b.data, "token", tokens[i + 1], sizeof tokens[0]) != 0)
			die("login failed");
	}
	static long game[MAX_CLIENTS];
	for (int c = 0; c < clients; c++) {
		char body[256];
		/* user ids: tl = 1, p(2c) = 2c + 2, p(2c+1) = 2c + 3 */
		snprintf(body, sizeof body,
		         "{\"white\":%d,\"black\":%d,\"profile\":\"server\",\"start_date\":\"%s\"}",
		         2 * c + 2, 2 * c + 3, today);
		if (request("POST", "/api/v1/games", tokens[0], body, &b) != 201)
			die("game creation failed");
		game[c] = json_int(b.data, "id");
	}

	size_t total = (size_t)clients * (size_t)per_client, nlat = 0, errors = 0;
	double *lat = calloc(total, sizeof *lat);
	if (!lat)
		die("out of memory");
	/* The counters before the load: the sign-ins and games wrote too. */
	double frames0 = -1, writes0 = -1, trans0 = -1;
	if (request("GET", "/metrics", NULL, NULL, &b) == 200) {
		frames0 = metric_value(b.data, "corrchess_wal_frames_total");
		writes0 = metric_value(b.data, "corrchess_writes_total");
		trans0 = metric_value(b.data, "corrchess_write_transactions_total");
	}
	double elapsed;
	if (raw) {
		double t0 = now_s();
		raw_load(clients, per_client, tokens, game, lat, &nlat, &errors);
		elapsed = now_s() - t0;
	} else {
		elapsed = curl_load(clients, per_client, tokens, game, lat, &nlat, &errors);
	}
	qsort(lat, nlat, sizeof *lat, cmp_double);
	out->p50 = nlat ? lat[nlat / 2] * 1e3 : 0;
	out->p99 = nlat ? lat[(nlat * 99) / 100] * 1e3 : 0;
	out->rate = (double)nlat / elapsed;
	out->moves = nlat;
	out->errors = errors;
	int got = request("GET", "/metrics", NULL, NULL, &b) == 200;
	out->flushes = got ? metric_value(b.data, "corrchess_wal_flushes_total") : -1;
	/* -1 for a daemon without the counters (an older build) */
	double f1 = got ? metric_value(b.data, "corrchess_wal_frames_total") : -1;
	double w1 = got ? metric_value(b.data, "corrchess_writes_total") : -1;
	double t1 = got ? metric_value(b.data, "corrchess_write_transactions_total") : -1;
	out->frames = f1 >= 0 && frames0 >= 0 ? f1 - frames0 : -1;
	out->writes = w1 >= 0 && writes0 >= 0 ? w1 - writes0 : -1;
	out->transactions = t1 >= 0 && trans0 >= 0 ? t1 - trans0 : -1;
	char wal[640];
	snprintf(wal, sizeof wal, "%s-wal", db);
	struct stat sb;
	out->wal_mb = stat(wal, &sb) == 0 ? (double)sb.st_size / 1e6 : 0;
	kill(dpid, SIGTERM);
	int st;
	waitpid(dpid, &st, 0);
	free(lat);
}

int main(int argc, char **argv)
{
	const char *cli = getenv("CORRCHESS"), *daemon = getenv("CORRCHESSD");
	if (!cli || !daemon)
		die("set CORRCHESS and CORRCHESSD to the programs (make bench does)");
	int clients = argc > 1 ? atoi(argv[1]) : 64;
	/* 100 plies: a 50-move game, longer than most correspondence games. */
	int per_client = argc > 2 ? atoi(argv[2]) : 100;
	if (clients < 1 || clients > MAX_CLIENTS || per_client < 1 || per_client > 1900)
		die("CLIENTS is 1..256 and MOVES_PER_CLIENT 1..1900");
	setenv("CORRCHESS_FAST_HASH", "1", 1);
	set_today();
	char dir[] = "/tmp/corrchess-bench-XXXXXX";
	if (!mkdtemp(dir))
		die("cannot make a temporary directory");
	char db[600];
	snprintf(db, sizeof db, "%s/bench.db", dir);

	/* Users: a TL and two players per client, added with the CLI. */
	char name[64], email[96];
	for (int i = -1; i < 2 * clients; i++) {
		if (i < 0)
			snprintf(name, sizeof name, "tl");
		else
			snprintf(name, sizeof name, "p%d", i);
		snprintf(email, sizeof email, "%s@bench.invalid", name);
		int fds[2];
		if (pipe(fds) != 0)
			die("pipe");
		pid_t pid = fork();
		if (pid == 0) {
			dup2(fds[0], 0);
			close(fds[1]);
			int devnull = open("/dev/null", 1);
			dup2(devnull, 1);
			execl(cli, cli, "--db", db, "user", "add", "--name", name, "--email", email,
			      "--role", i < 0 ? "tl" : "player", "--password-stdin", (char *)NULL);
			_exit(127);
		}
		close(fds[0]);
		if (write(fds[1], "benchpassword\n", 14) != 14)
			die("write");
		close(fds[1]);
		int st;
		waitpid(pid, &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
			die("corrchess user add failed");
	}

	curl_global_init(CURL_GLOBAL_ALL);
	/* issue 10: synchronous = normal (a power cut may lose the last
	 * commits) against full (group commit: each move on disk before it is
	 * answered), and issue 19's reference, the bare two-row loop (the
	 * games row and the move row, 64 moves a transaction, FULL), in
	 * alternating rounds on the same database, so the noise of the shared
	 * machine hits all three; then full once more with the raw-socket
	 * client (raw_load()), whose own CPU is a fraction of libcurl's. */
	static const char *const modes[3] = {"normal", "full", "full"};
	static const char *const labels[3] = {"synchronous=normal", "synchronous=full  ",
	                                      "raw client, full  "};
	const char *rv = getenv("BENCH_ROUNDS");
	int rounds = rv ? atoi(rv) : 3;
	if (rounds < 1 || rounds > MAX_ROUNDS)
		die("BENCH_ROUNDS is 1..9");
	size_t total = (size_t)clients * (size_t)per_client;
	int bare_n = total * 3 < 2000 ? 2000 : total * 3 > 60000 ? 60000 : (int)total * 3;
	struct result r[3][MAX_ROUNDS];
	double bare[MAX_ROUNDS];
	for (int round = 0; round < rounds; round++) {
		for (int m = 0; m < 3; m++)
			run_mode(daemon, db, modes[m], m == 2, clients, per_client, &r[m][round]);
		bare[round] = sqlite_two_row_rate(db, dir, bare_n, 64, clients);
	}
	double raw = sqlite_commit_rate(dir, total < 5000 ? 2000 : 20000, "NORMAL");
	double raw_full = sqlite_commit_rate(dir, total < 5000 ? 200 : 2000, "FULL");

	size_t errors = 0, moves = 0;
	double med[3], p99[3];
	printf("HTTP move submissions: %d clients x %d moves, %d rounds a mode\n", clients,
	       per_client, rounds);
	for (int m = 0; m < 3; m++) {
		double rates[MAX_ROUNDS], p99s[MAX_ROUNDS];
		for (int round = 0; round < rounds; round++) {
			struct result *x = &r[m][round];
			errors += x->errors;
			moves += x->moves;
			rates[round] = x->rate;
			p99s[round] = x->p99;
			printf("  %s moves/s: %6.0f   latency p50 %6.2f ms   p99 %6.2f ms",
			       labels[m], x->rate, x->p50, x->p99);
			if (x->flushes > 0)
				printf("   %.0f flushes, %.1f moves a flush", x->flushes,
				       (double)x->moves / x->flushes);
			if (x->moves && x->frames >= 0)
				printf("   %.1f WAL pages a move", x->frames / (double)x->moves);
			if (x->transactions > 0)
				printf("   %.1f writes a transaction", x->writes / x->transactions);
			printf("   WAL %.0f MB%s\n", x->wal_mb, x->errors ? "   ERRORS" : "");
		}
		qsort(rates, (size_t)rounds, sizeof rates[0], cmp_double);
		qsort(p99s, (size_t)rounds, sizeof p99s[0], cmp_double);
		med[m] = rates[rounds / 2];
		p99[m] = p99s[rounds / 2];
	}
	for (int round = 0; round < rounds; round++)
		printf("  bare two-row loop (games row + move row, 64 a transaction, FULL): %6.0f "
		       "moves/s\n",
		       bare[round]);
	qsort(bare, (size_t)rounds, sizeof bare[0], cmp_double);
	double bare_med = bare[rounds / 2];
	printf("medians: normal %.0f moves/s (p99 %.2f ms), full %.0f moves/s (p99 %.2f ms), "
	       "full/normal %.2f\n",
	       med[0], p99[0], med[1], p99[1], med[1] / med[0]);
	printf("bare two-row loop median %.0f moves/s; ratio full / bare: %.3f\n", bare_med,
	       med[1] / bare_med);
	printf("raw client: full %.0f moves/s (p99 %.2f ms); ratio full (raw client) / bare: "
	       "%.3f\n",
	       med[2], p99[2], med[2] / bare_med);
	printf("raw SQLite single-row commits (WAL): synchronous=NORMAL %.0f /s, FULL %.0f /s\n",
	       raw, raw_full);
	printf("moves made: %zu\n", moves);
	char rm[700];
	snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
	if (system(rm) != 0)
		fprintf(stderr, "bench_moves: could not remove %s\n", dir);
	curl_global_cleanup();
	return errors || moves == 0 ? 1 : 0;
}
