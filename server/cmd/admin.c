/* admin.c: `corrchess user add`, `corrchess demo` and `corrchess sweep`. */
#include "autoconfig.h"
#include "cmd/admin.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api/api.h"
#include "base/auth.h"
#include "api/api_games.h"
#include "cmd/cmd_store.h"
#include "cmd/demo.h"
#include "api/api_ratings.h"
#include "corr/corr.h"
#include "jobs/sweep.h"
#include "store/store.h"
#include "svc/svc.h"
#include "store/store_users.h"

/* The app a command of this file works in: cfg's database opened by
 * cmd_open_store(); false after its error line. */
static bool open_app(struct config *cfg, struct app *app)
{
	store *st = cmd_open_store(cfg);
	if (!st)
		return false;
	*app = (struct app){.cfg = cfg, .st = st, .session_days = 30};
	return true;
}

/* Reads one line (the password) from stdin without its newline. */
static int read_password(char *buf, size_t len)
{
	if (!fgets(buf, (int)len, stdin))
		return -1;
	size_t n = strlen(buf);
	if (n && buf[n - 1] == '\n')
		buf[--n] = '\0';
	if (n && buf[n - 1] == '\r')
		buf[--n] = '\0';
	return 0;
}

int cmd_user(struct config *cfg, int argc, char **argv)
{
	const char *name = NULL, *email = NULL, *role = "player";
	int from_stdin = 0;
	if (argc < 2 || strcmp(argv[1], "add") != 0) {
		fprintf(stderr, "corrchess: usage: corrchess user add --name NAME --email EMAIL "
		                "--role player|tl|kc|admin --password-stdin\n");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--password-stdin") == 0) {
			from_stdin = 1;
		} else if (i + 1 < argc && strcmp(a, "--name") == 0) {
			name = argv[++i];
		} else if (i + 1 < argc && strcmp(a, "--email") == 0) {
			email = argv[++i];
		} else if (i + 1 < argc && strcmp(a, "--role") == 0) {
			role = argv[++i];
		} else {
			fprintf(stderr, "corrchess: user add: unexpected argument \"%s\"\n", a);
			return 2;
		}
	}
	if (!name || !email || !from_stdin) {
		fprintf(stderr, "corrchess: user add needs --name, --email and --password-stdin\n");
		return 2;
	}
	char password[AUTH_PASSWORD_MAX + 2];
	if (read_password(password, sizeof password) != 0) {
		fprintf(stderr, "corrchess: user add: no password on standard input\n");
		return 2;
	}
	struct app app;
	if (!open_app(cfg, &app))
		return 1;
	store *st = app.st;
	char err[256];
	const char *code;
	int64_t id;
	int status =
	        api_users_insert(&app, name, email, role, password, &id, &code, err, sizeof err);
	memset(password, 0, sizeof password);
	store_close(st);
	if (status) {
		fprintf(stderr, "corrchess: user add: %s\n", err);
		return api_status_of(code) < 500 ? 2 : 1;
	}
	printf("user %lld %s (%s)\n", (long long)id, name, role);
	return 0;
}

/* A readable random password: 12 letters and digits. */
static void random_password(char out[13])
{
	static const char alphabet[] = "abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY345679";
	char hex[AUTH_TOKEN_HEX];
	uint8_t hash[AUTH_TOKEN_HASH];
	auth_new_token(hex, hash);
	for (int i = 0; i < 12; i++)
		out[i] = alphabet[hash[i] % (sizeof alphabet - 1)];
	out[12] = '\0';
}

int cmd_demo(struct config *cfg, int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "corrchess: demo takes no arguments\n");
		return 2;
	}
	struct app app;
	if (!open_app(cfg, &app))
		return 1;
	store *st = app.st;
	int status = 1;
	int64_t users = -1;
	if (store_users_count(st, &users) != STORE_OK || users != 0) {
		fprintf(stderr,
		        "corrchess: demo: %s already has users; the demo only fills an empty "
		        "database\n",
		        cfg->db);
		status = 2;
		goto out;
	}
	char pw[DEMO_USERS][13];
	const char *passwords[DEMO_USERS];
	char err[512];
	if (store_begin(st) != STORE_OK) {
		fprintf(stderr, "corrchess: demo: the database is busy\n");
		goto out;
	}
	for (int i = 0; i < DEMO_USERS; i++) {
		char email[64];
		int64_t id;
		random_password(pw[i]);
		const char *code;
		passwords[i] = pw[i];
		snprintf(email, sizeof email, "%s@demo.invalid", demo_names[i]);
		if (api_users_insert(&app, demo_names[i], email, i == 0 ? "tl" : "player", pw[i],
		                     &id, &code, err, sizeof err) != 0) {
			fprintf(stderr, "corrchess: demo: %s\n", err);
			goto rollback;
		}
	}
	if (store_commit(st) != STORE_OK) {
		fprintf(stderr, "corrchess: demo: the demo could not be stored\n");
		goto rollback;
	}
	/* The tournament's history, through the API (each step commits). */
	long long tournament = 0;
	if (demo_replay(&app, passwords, &tournament, err, sizeof err) != 0) {
		fprintf(stderr,
		        "corrchess: demo: %s\ncorrchess: demo: delete %s and run it again\n", err,
		        cfg->db);
		goto out;
	}
	printf("demo logins (shown this once):\n");
	for (int i = 0; i < DEMO_USERS; i++)
		printf("  %-6s password %s  (%s)\n", demo_names[i], pw[i],
		       i == 0 ? "tl" : "player");
	printf("demo tournament %lld: \"Demo Open\", a round robin of alice, bob, carol, dave and "
	       "erik, 40 days in: /tournaments/%lld\n",
	       tournament, tournament);
	status = 0;
	goto out;
rollback:
	store_rollback(st);
out:
	store_close(st);
	return status;
}

int cmd_sweep(struct config *cfg, int argc, char **argv)
{
	if (argc > 1) {
		fprintf(stderr,
		        "corrchess: sweep takes no arguments (\"%s\"); settings go before "
		        "it, e.g. --smtp_url\n",
		        argv[1]);
		return 2;
	}
	struct app app;
	if (!open_app(cfg, &app))
		return 1;
	store *st = app.st;
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		fprintf(stderr, "corrchess: cannot initialise libcurl\n");
		store_close(st);
		return 1;
	}
	char today[11], err[512] = "";
	api_today(&app, today);
	struct sweep_counts c;
	int status = sweep_run(&app, today, stdout, &c, err, sizeof err);
	api_ratings_refresh(&app); /* the groups whose last game the sweep ended */
	printf("sweep %s: %d games, %d reminders, %d tl_notices, %d forfeits, %d adjudications; "
	       "%d mails queued, %d sent, %d failed\n",
	       today, c.games, c.events[CORR_FINDING_REMINDER], c.events[CORR_FINDING_TL_NOTICE],
	       c.events[CORR_FINDING_FORFEIT], c.events[CORR_FINDING_ADJUDICATION], c.queued,
	       c.sent, c.failed);
	if (status != 0)
		fprintf(stderr, "corrchess: sweep: %s\n", err);
	curl_global_cleanup();
	store_close(st);
	return status;
}
