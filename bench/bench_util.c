/* bench_util.c: see bench_util.h. */
#include "autoconfig.h"
#include "bench_util.h"

#include <arpa/inet.h>
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
