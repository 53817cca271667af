/* bench_util.c: see bench_util.h. */
#include "autoconfig.h"
#include "bench_util.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "chess/fen.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "util/status.h"

double bench_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void bench_die(const char *msg)
{
	fprintf(stderr, "%s: %s\n", bench_name, msg);
	exit(1);
}

int bench_free_port(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof a;
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) != 0)
		bench_die("no free port");
	close(fd);
	return ntohs(a.sin_port);
}

void bench_exec(sqlite3 *db, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "%s: %s: %s\n", bench_name, sql, msg ? msg : "?");
		exit(1);
	}
}

int bench_template_rows(const char *start, struct corr_deadline *d)
{
	struct corr_game g;
	struct corr_error e;
	position pos;
	int32_t day;
	if (calendar_parse(start, &day, NULL, 0) != CC_OK ||
	    fen_parse(&pos, FEN_STARTPOS, NULL, 0) != CC_OK ||
	    corr_game_init(&g, &pos, clock_profile_find("server"), day, &e) != CC_OK)
		bench_die("template game");
	int n = corr_deadlines(&g, d, &e);
	corr_game_free(&g);
	if (n < 0)
		bench_die(e.message);
	return n;
}

int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void bench_gen_open(struct bench_gen *b, const char *path, int players)
{
	if (sqlite3_open(path, &b->db) != SQLITE_OK)
		bench_die("open the database");
	bench_exec(b->db, "PRAGMA synchronous=OFF; BEGIN");
	if (sqlite3_prepare_v2(b->db,
	                       "INSERT INTO users (name, email, role, password_hash)"
	                       " VALUES (?1, ?1 || '@example.org', 'player', 'x')",
	                       -1, &b->user, NULL) ||
	    sqlite3_prepare_v2(b->db,
	                       /* led by the TL: his overview shows the
	                          standalone games he leads (docs/AUTHORITY.md) */
	                       "INSERT INTO games (id, profile, start_date, white, black,"
	                       " start_fen, fen, led_by) VALUES (?, 'server', ?, ?, ?, ?, ?,"
	                       " (SELECT id FROM users WHERE name = 'tl'))",
	                       -1, &b->game, NULL) ||
	    sqlite3_prepare_v2(b->db,
	                       "INSERT INTO game_deadlines (game_id, kind, side, due)"
	                       " VALUES (?, ?, ?, ?)",
	                       -1, &b->row, NULL))
		bench_die(sqlite3_errmsg(b->db));
	b->first = 0;
	for (int i = 0; i < players; i++) {
		char name[32];
		snprintf(name, sizeof name, "p%d", i);
		sqlite3_bind_text(b->user, 1, name, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(b->user) != SQLITE_DONE)
			bench_die(sqlite3_errmsg(b->db));
		sqlite3_reset(b->user);
		if (i == 0)
			b->first = sqlite3_last_insert_rowid(b->db);
	}
}

void bench_gen_game(struct bench_gen *b, long id, const char *start, int64_t w, int64_t bl,
                    const struct corr_deadline *rows, int n)
{
	sqlite3_bind_int64(b->game, 1, id);
	sqlite3_bind_text(b->game, 2, start, -1, SQLITE_STATIC);
	sqlite3_bind_int64(b->game, 3, w);
	sqlite3_bind_int64(b->game, 4, bl);
	sqlite3_bind_text(b->game, 5, FEN_STARTPOS, -1, SQLITE_STATIC);
	sqlite3_bind_text(b->game, 6, FEN_STARTPOS, -1, SQLITE_STATIC);
	if (sqlite3_step(b->game) != SQLITE_DONE)
		bench_die(sqlite3_errmsg(b->db));
	sqlite3_reset(b->game);
	for (int k = 0; k < n; k++) {
		sqlite3_bind_int64(b->row, 1, id);
		sqlite3_bind_int(b->row, 2, (int)rows[k].kind);
		sqlite3_bind_int(b->row, 3, rows[k].side);
		sqlite3_bind_int64(b->row, 4, rows[k].due);
		if (sqlite3_step(b->row) != SQLITE_DONE)
			bench_die(sqlite3_errmsg(b->db));
		sqlite3_reset(b->row);
	}
}

void bench_gen_close(struct bench_gen *b, const char *path)
{
	sqlite3_finalize(b->user);
	sqlite3_finalize(b->game);
	sqlite3_finalize(b->row);
	bench_exec(b->db, "COMMIT; PRAGMA wal_checkpoint(TRUNCATE)");
	sqlite3_close(b->db);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fsync(fd) != 0)
		bench_die("cannot sync the generated database");
	close(fd);
}

pid_t bench_daemon(const char *ccd, const char *db, const char *today, int port)
{
	pid_t pid = fork();
	if (pid == 0) {
		char listen[64];
		snprintf(listen, sizeof listen, "127.0.0.1:%d", port);
		setenv("CORRCHESS_TODAY", today, 1);
		setenv("CORRCHESS_FAST_HASH", "1", 1);
		execl(ccd, ccd, "--db", db, "--listen", listen, "--log-level", "warn",
		      (char *)NULL);
		_exit(127);
	}
	return pid;
}
