/* bench_deadlines: the cost of the daily sweep and the TL overview by
 * what is due, not by what is active (issue 16; docs/BENCHMARKS.md).
 *
 *   bench_deadlines [ACTIVE...]        (default: 10000 1000000)
 *
 * with CORRCHESS and CORRCHESSD from the environment (as `make bench`
 * sets them).  For each size it makes a temporary database with a TL and
 * 1,000 players (`corrchess user add`, then rows), and writes ACTIVE
 * server-profile games directly with SQLite (one transaction, no HTTP):
 * BENCH_DUE (default 1,000) of them silent past their reminder date, the rest started
 * two days ago.  Their game_deadlines rows are what lib/corr
 * corr_deadlines() gives for each start date (the same function the store
 * calls at every write).  Then, in the same run:
 *   - `corrchess sweep` (first run of the day: 1,000 reminders recorded,
 *     their mail queued);
 *   - GET /api/v1/tl/overview, every page (limit 500), median of RUNS;
 *   - the daemon's RSS (VmRSS, VmHWM of /proc) after those requests;
 *   - GET /api/v1/games/1 over one kept-alive connection, N times, against
 *     a bare libmicrohttpd handler (same flags, same thread count) answering
 *     the same bytes: the ratio of the two rates.
 * The ratios between the sizes are printed at the end.  Only loopback
 * traffic; every size's files are removed. */
#include "autoconfig.h"

#include <curl/curl.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
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
#include "clock/calendar.h"
#include "clock/clock.h"
#include "corr/corr.h"
#include "corr/corr_deadlines.h"
#include "util/status.h"

#include "bench_util.h"

const char *bench_name = "bench_deadlines";

#define TODAY       "2027-09-01"
#define DUE_DEFAULT 1000
#define PLAYERS     1000
#define RUNS        3
#define GETS        3000
#define MAXSIZES    4

/* The games due: BENCH_DUE (issue 25's 10,000 among 1,000,000), else
 * 1,000. */
static long due_n = DUE_DEFAULT;

struct buf {
	char *data;
	size_t len, cap;
};

static size_t on_data(char *p, size_t size, size_t n, void *userdata)
{
	struct buf *b = userdata;
	size_t k = size * n;
	if (b->len + k + 1 > b->cap) {
		size_t nc = (b->len + k + 1) * 2;
		char *nd = realloc(b->data, nc);
		if (!nd)
			return 0;
		b->data = nd;
		b->cap = nc;
	}
	memcpy(b->data + b->len, p, k);
	b->len += k;
	b->data[b->len] = '\0';
	return k;
}

/* Writes the players, `active` games and their dates straight into db. */
static double generate(const char *path, long active)
{
	double t0 = bench_now();
	struct bench_gen b;
	bench_gen_open(&b, path, PLAYERS);
	int64_t first = b.first;
	/* due_n games silent 15 days (reminder due yesterday), the rest 2 days. */
	const char *starts[2] = {"2027-08-17", "2027-08-30"};
	struct corr_deadline rows[2][CORR_DEADLINES_MAX];
	int nrows[2] = {bench_template_rows(starts[0], rows[0]),
	                bench_template_rows(starts[1], rows[1])};
	/* Games 1..active; the due ones spread evenly over the ids. */
	long step = active / due_n;
	for (long id = 1; id <= active; id++) {
		int t = (id - 1) % step == 0 && (id - 1) / step < due_n ? 0 : 1;
		int64_t w = first + id % PLAYERS, bl = first + (id + 1 + id / PLAYERS) % PLAYERS;
		if (bl == w)
			bl = first + (id + 2) % PLAYERS;
		bench_gen_game(&b, id, starts[t], w, bl, rows[t], nrows[t]);
	}
	bench_gen_close(&b, path);
	return bench_now() - t0;
}

static double run(const char *cmd)
{
	double t0 = bench_now();
	int rc = system(cmd);
	if (rc != 0) {
		fprintf(stderr, "bench_deadlines: `%s` exited %d\n", cmd, rc);
		exit(1);
	}
	return bench_now() - t0;
}

/* The header lists of the handles, freed once a size is measured. */
static struct curl_slist *headers[8];
static int nheaders;

static void free_headers(void)
{
	while (nheaders > 0)
		curl_slist_free_all(headers[--nheaders]);
}

static CURL *easy(const char *token, struct buf *b)
{
	CURL *c = curl_easy_init();
	if (!c)
		bench_die("curl");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, b);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	if (token) {
		char auth[256];
		snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
		/* Kept for the handle's life (free_headers() after the size). */
		struct curl_slist *h = curl_slist_append(NULL, auth);
		if (!h || nheaders == (int)(sizeof headers / sizeof headers[0]))
			bench_die("curl headers");
		headers[nheaders++] = h;
		curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	}
	return c;
}

static long get(CURL *c, struct buf *b, const char *url)
{
	long code = 0;
	b->len = 0;
	curl_easy_setopt(c, CURLOPT_URL, url);
	if (curl_easy_perform(c) != CURLE_OK)
		return -1;
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
	return code;
}

/* A JSON string member's value of a small object, into out. */
static int json_str(const char *json, const char *key, char *out, size_t len)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":\"", key);
	const char *p = strstr(json, pat);
	if (!p)
		return -1;
	p += strlen(pat);
	const char *q = strchr(p, '"');
	if (!q || (size_t)(q - p) >= len)
		return -1;
	memcpy(out, p, (size_t)(q - p));
	out[q - p] = '\0';
	return 0;
}

/* ---- the bare libmicrohttpd handler ---- */

static struct buf bare_body;

static enum MHD_Result bare(void *cls, struct MHD_Connection *conn, const char *url,
                            const char *method, const char *version, const char *data, size_t *size,
                            void **ctx)
{
	(void)cls, (void)url, (void)method, (void)version, (void)data;
	/* The answer on the second call, as corrchessd gives it: queued on
	 * the first, libmicrohttpd closes the connection after it
	 * ("Connection: close"), and every request paid for a new one. */
	static int first;
	if (!*ctx) {
		*ctx = &first;
		return MHD_YES;
	}
	if (*size) {
		*size = 0;
		return MHD_YES;
	}
	struct MHD_Response *r = MHD_create_response_from_buffer(bare_body.len, bare_body.data,
	                                                         MHD_RESPMEM_PERSISTENT);
	MHD_add_response_header(r, "Content-Type", "application/json");
	enum MHD_Result ok = MHD_queue_response(conn, 200, r);
	MHD_destroy_response(r);
	return ok;
}

/* GETS requests of url over one connection: requests per second. */
static double rate(CURL *c, struct buf *b, const char *url)
{
	double t0 = bench_now();
	for (int i = 0; i < GETS; i++)
		if (get(c, b, url) != 200)
			bench_die("a GET failed");
	return GETS / (bench_now() - t0);
}

struct result {
	long active;
	double gen_s, sweep_s, overview_ms, rss_mb, hwm_mb, game_rate, bare_rate;
	int silent;
};

static void rss_of(pid_t pid, double *rss, double *hwm)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	*rss = *hwm = -1;
	while (f && fgets(line, sizeof line, f)) {
		long kb;
		if (sscanf(line, "VmRSS: %ld", &kb) == 1)
			*rss = kb / 1024.0;
		if (sscanf(line, "VmHWM: %ld", &kb) == 1)
			*hwm = kb / 1024.0;
	}
	if (f)
		fclose(f);
}

/* The database of one size in dir (room for 32 bytes). */
static void prepare(const char *cc, long active, struct result *res, char dir[32])
{
	char db[256], cmd[1024];
	snprintf(dir, 32, "/tmp/bench_deadlines.XXXXXX");
	if (!mkdtemp(dir))
		bench_die("mkdtemp");
	snprintf(db, sizeof db, "%s/bench.db", dir);
	res->active = active;
	snprintf(cmd, sizeof cmd,
	         "printf 'tl-password\\n' | CORRCHESS_FAST_HASH=1 '%s' --db %s user add --name tl"
	         " --email tl@example.org --role tl --password-stdin >/dev/null 2>&1",
	         cc, db);
	run(cmd);
	res->gen_s = generate(db, active);
}

/* Every measurement of one prepared size; its files removed after. */
static void measure(const char *cc, const char *ccd, const char dir[32], struct result *res)
{
	char db[256], cmd[1024], url[256];
	snprintf(db, sizeof db, "%s/bench.db", dir);

	if (getenv("BENCH_KEEP")) { /* the database before the sweep, to profile it again */
		snprintf(cmd, sizeof cmd, "sqlite3 %s \".backup %s/unswept.db\"", db, dir);
		run(cmd);
	}
	snprintf(cmd, sizeof cmd, "CORRCHESS_TODAY=%s '%s' --db %s sweep >%s/sweep.out 2>/dev/null",
	         TODAY, cc, db, dir);
	res->sweep_s = run(cmd);

	int port = bench_free_port();
	pid_t pid = bench_daemon(ccd, db, TODAY, port);
	struct buf b = {0};
	CURL *c = easy(NULL, &b);
	snprintf(url, sizeof url, "http://127.0.0.1:%d/api/v1/session", port);
	int up = 0;
	for (int i = 0; i < 200 && !up; i++) {
		curl_easy_setopt(c, CURLOPT_URL, url);
		curl_easy_setopt(c, CURLOPT_POSTFIELDS,
		                 "{\"login\":\"tl\",\"password\":\"tl-password\"}");
		b.len = 0;
		up = curl_easy_perform(c) == CURLE_OK;
		if (!up)
			usleep(50000);
	}
	char token[128];
	if (!up || json_str(b.data, "token", token, sizeof token) != 0)
		bench_die("corrchessd did not start or the TL cannot sign in");
	curl_easy_cleanup(c);
	c = easy(token, &b);

	double t[RUNS];
	for (int r = 0; r < RUNS; r++) {
		char after[256] = "";
		int silent = 0;
		double t0 = bench_now();
		for (;;) {
			snprintf(url, sizeof url,
			         "http://127.0.0.1:%d/api/v1/tl/overview?limit=500%s%s", port,
			         after[0] ? "&after=" : "", after);
			if (get(c, &b, url) != 200)
				bench_die("the overview failed");
			for (const char *p = strstr(b.data, "\"silent\":[");
			     p && (p = strstr(p, "\"since\"")); p++) {
				const char *end = strstr(b.data, "\"forfeits\"");
				if (end && p > end)
					break;
				silent++;
			}
			if (json_str(b.data, "next", after, sizeof after) != 0)
				break;
		}
		t[r] = (bench_now() - t0) * 1000;
		res->silent = silent;
	}
	qsort(t, RUNS, sizeof t[0], bench_cmp_double);
	res->overview_ms = t[RUNS / 2];

	/* One game GET, then the same bytes from a bare handler. */
	snprintf(url, sizeof url, "http://127.0.0.1:%d/api/v1/games/1", port);
	if (get(c, &b, url) != 200)
		bench_die("GET /games/1 failed");
	free(bare_body.data);
	bare_body.data = malloc(b.len + 1);
	memcpy(bare_body.data, b.data, b.len + 1);
	bare_body.len = b.len;
	char game_url[256];
	snprintf(game_url, sizeof game_url, "%s", url);
	rss_of(pid, &res->rss_mb, &res->hwm_mb);

	/* The bare handler in a process of its own, as corrchessd is, with
	 * its flags and thread count (server/http/http.c). */
	int bport = bench_free_port();
	pid_t bpid = fork();
	if (bpid == 0) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;
		struct sockaddr_in a = {.sin_family = AF_INET,
		                        .sin_port = htons((uint16_t)bport),
		                        .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
		    listen(fd, 1024) != 0)
			_exit(1);
		struct MHD_Daemon *d = MHD_start_daemon(
		        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC |
		                MHD_USE_TURBO,
		        0, NULL, NULL, bare, NULL, MHD_OPTION_LISTEN_SOCKET, fd,
		        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)2, MHD_OPTION_CONNECTION_TIMEOUT,
		        (unsigned)60, MHD_OPTION_CONNECTION_LIMIT, (unsigned)2000, MHD_OPTION_END);
		if (!d)
			_exit(1);
		for (;;)
			pause();
	}
	curl_easy_cleanup(c);
	c = easy(token, &b);
	snprintf(url, sizeof url, "http://127.0.0.1:%d/api/v1/games/1", bport);
	for (int i = 0; i < 200 && get(c, &b, url) != 200; i++)
		usleep(20000);
	/* Interleaved, best of three each: the machine is shared. */
	CURL *cg = easy(token, &b);
	res->game_rate = res->bare_rate = 0;
	for (int r = 0; r < 3; r++) {
		double g = rate(cg, &b, game_url), x = rate(c, &b, url);
		res->game_rate = g > res->game_rate ? g : res->game_rate;
		res->bare_rate = x > res->bare_rate ? x : res->bare_rate;
	}
	curl_easy_cleanup(cg);
	kill(bpid, SIGTERM);
	waitpid(bpid, NULL, 0);
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	curl_easy_cleanup(c);
	free_headers();
	free(b.data);
	if (getenv("BENCH_KEEP")) {
		fprintf(stderr, "bench_deadlines: kept %s\n", db);
		return;
	}
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	run(cmd);
}

int main(int argc, char **argv)
{
	const char *cc = getenv("CORRCHESS"), *ccd = getenv("CORRCHESSD");
	if (!cc || !ccd)
		bench_die("CORRCHESS and CORRCHESSD must name the programs");
	long sizes[MAXSIZES] = {10000, 1000000};
	int n = 2;
	const char *due = getenv("BENCH_DUE");
	if (due && (due_n = strtol(due, NULL, 10)) < 1)
		bench_die("BENCH_DUE is a number of games, at least 1");
	if (argc > 1) {
		n = 0;
		for (int i = 1; i < argc && n < MAXSIZES; i++) {
			sizes[n] = strtol(argv[i], NULL, 10);
			if (sizes[n] < due_n)
				bench_die("each size is at least the number due (BENCH_DUE, 1000)");
			n++;
		}
	}
	curl_global_init(CURL_GLOBAL_DEFAULT);
	struct result res[MAXSIZES];
	char dirs[MAXSIZES][32];
	/* Every database first, then the measurements back to back, so the
	 * ratios compare minutes of one machine's load, not hours. */
	for (int i = 0; i < n; i++)
		prepare(cc, sizes[i], &res[i], dirs[i]);
	for (int i = 0; i < n; i++) {
		measure(cc, ccd, dirs[i], &res[i]);
		struct result *r = &res[i];
		printf("%ld active, %ld due: generated in %.1f s; sweep %.0f ms; overview %.1f ms "
		       "(%d silent listed, median of %d); daemon RSS %.1f MB (peak %.1f MB); "
		       "GET game %.0f/s, bare libmicrohttpd %.0f/s, ratio %.2f\n",
		       r->active, due_n, r->gen_s, r->sweep_s * 1000, r->overview_ms, r->silent,
		       RUNS, r->rss_mb, r->hwm_mb, r->game_rate, r->bare_rate,
		       r->game_rate / r->bare_rate);
		fflush(stdout);
	}
	for (int i = 1; i < n; i++)
		printf("ratio %ld / %ld active: sweep %.2f, overview %.2f\n", res[i].active,
		       res[0].active, res[i].sweep_s / res[0].sweep_s,
		       res[i].overview_ms / res[0].overview_ms);
	curl_global_cleanup();
	return 0;
}
