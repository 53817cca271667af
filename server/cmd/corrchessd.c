/* corrchessd: the correspondence-chess HTTP daemon (API.md).
 *
 *   corrchessd --db FILE --listen HOST:PORT [--config FILE] [--log-level L]
 *
 * Start-up failures (bad flag, unreadable database, port taken) print one
 * line and exit 1.  Start-up (issue 19): the port is bound first (a taken
 * one fails at once), then the migrations and the deadline fill run, the
 * threads start, and only then does the socket listen; GET /healthz says
 * ready and systemd hears READY=1 (Type=notify) when all is done.
 * SIGTERM/SIGINT: STOPPING=1, stop accepting, finish requests in flight,
 * exit 0. */
#include "autoconfig.h"

#include <arpa/inet.h>
#include <malloc.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/api.h"
#include "base/config.h"
#include "base/auth.h"
#include "http/http.h"
#include "jobs/outbox.h"
#include "base/log.h"
#include "base/sdnotify.h"
#include "store/store.h"
#include "svc/svc.h"

static void usage(void)
{
	puts("usage: corrchessd [--config FILE] [--db FILE] [--listen HOST:PORT] [--KEY VALUE]...\n"
	     "Serves the corrchess HTTP API and web pages until SIGTERM or SIGINT.\n"
	     "Every setting can come from --config FILE (key = value lines), the\n"
	     "environment (CORRCHESS_KEY) or a flag (--key VALUE); flags win.\n"
	     "Keys: db, listen, smtp_url, smtp_user, smtp_password, mail_from, base_url,\n"
	     "      static_dir, log_level (error|warn|info|debug), threads, session_days, today,\n"
	     "      timezone (default Europe/Copenhagen), conn_per_addr (1..2000, default 64),\n"
	     "      trusted_proxy (the reverse proxy's address, whose X-Forwarded-For is "
	     "believed),\n"
	     "      login_failures (0..1000, default 5), address_failures (0..1000, default 20),\n"
	     "      name_failures (0..1000, default 100), address_hashes (0..1000, default 60),\n"
	     "      synchronous (full|normal, default full), mail_retry (seconds, default 60),\n"
	     "      mail_retention_days (days a sent mail keeps its body, default 30),\n"
	     "      max_connections (2..100000, default 2000),\n"
	     "      header_timeout (seconds for a request's line and headers, default 20),\n"
	     "      body_timeout (seconds for a request's body, default 30)\n"
	     "corrchessd --routes prints every route it serves.");
}

static void print_route(const char *method, const char *pattern, void *ctx)
{
	(void)ctx;
	printf("%s %s\n", method, pattern);
}

int main(int argc, char **argv)
{
	struct config cfg;
	char err[512];
	int next;
	int status = 1;
	store *st = NULL;
	throttle *logins = NULL;
	metrics *counters = NULL;
	http_server *srv = NULL;
	int fd = -1;
	/* The GAME of a long game and the copies of a cached one are blocks
	 * of 100-200 KB made and freed at every request: with glibc's
	 * sliding thresholds each came from mmap() or went back to the kernel
	 * when freed (madvise), and every request paid page faults to have
	 * them zeroed again (issue 19, docs/BENCHMARKS.md "The move path,
	 * sixth pass").  Fixed thresholds keep them in the heap. */
	mallopt(M_MMAP_THRESHOLD, 4 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
	/* Signals are taken by sigwait() below, never by another thread.
	 * They are blocked before any thread starts (the checkpointer, the
	 * HTTP pool), since threads inherit the mask: a SIGTERM delivered to
	 * a thread that had it unblocked would kill the process outright.  A
	 * signal that comes during start-up waits, pending, for sigwait(). */
	sigset_t sigs;
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	log_set_program("corrchessd");
	if (config_load(&cfg, argc, argv, &next, err, sizeof err) != 0) {
		fprintf(stderr, "corrchessd: %s\n", err);
		return 1;
	}
	if (next < argc) {
		if (strcmp(argv[next], "--help") == 0) {
			usage();
			status = 0;
		} else if (strcmp(argv[next], "--routes") == 0) {
			/* Every route served, one "METHOD /pattern" a line: the
			 * test that docs/openapi.yaml covers them reads this. */
			api_list_routes(print_route, NULL);
			status = 0;
		} else if (strcmp(argv[next], "--version") == 0) {
			puts("corrchessd " PACKAGE_VERSION);
			status = 0;
		} else {
			fprintf(stderr, "corrchessd: unexpected argument \"%s\" (see --help)\n",
			        argv[next]);
		}
		goto out;
	}
	if (log_set_level(cfg.log_level) != 0) {
		fprintf(stderr, "corrchessd: log_level must be error, warn, info or debug\n");
		goto out;
	}
	char *end;
	long threads = strtol(cfg.threads, &end, 10);
	long days = strtol(cfg.session_days, &end, 10);
	if (threads < 1 || threads > 256 || days < 1 || days > 3650) {
		fprintf(stderr, "corrchessd: threads must be 1..256 and session_days 1..3650\n");
		goto out;
	}
	long per_addr = strtol(cfg.conn_per_addr, &end, 10);
	if (*end || per_addr < 1 || per_addr > 2000) {
		fprintf(stderr, "corrchessd: conn_per_addr must be 1..2000\n");
		goto out;
	}
	long max_conns = strtol(cfg.max_connections, &end, 10);
	long head_s = *end ? -1 : strtol(cfg.header_timeout, &end, 10);
	long body_s = *end ? -1 : strtol(cfg.body_timeout, &end, 10);
	if (*end || max_conns < 2 || max_conns > 100000 || head_s < 1 || head_s > 3600 ||
	    body_s < 1 || body_s > 3600) {
		fprintf(stderr, "corrchessd: max_connections must be 2..100000, header_timeout and "
		                "body_timeout 1..3600 seconds\n");
		goto out;
	}
	long per_login = strtol(cfg.login_failures, &end, 10);
	long per_ip = *end ? -1 : strtol(cfg.address_failures, &end, 10);
	long per_name = *end ? -1 : strtol(cfg.name_failures, &end, 10);
	long per_hash = *end ? -1 : strtol(cfg.address_hashes, &end, 10);
	if (*end || per_login < 0 || per_login > THROTTLE_MAX || per_ip < 0 ||
	    per_ip > THROTTLE_MAX || per_name < 0 || per_name > THROTTLE_MAX || per_hash < 0 ||
	    per_hash > THROTTLE_MAX) {
		fprintf(stderr,
		        "corrchessd: login_failures, address_failures, name_failures and "
		        "address_hashes must be 0..%d (0: no limit)\n",
		        THROTTLE_MAX);
		goto out;
	}
	unsigned char bin[16];
	if (cfg.trusted_proxy && *cfg.trusted_proxy &&
	    inet_pton(AF_INET, cfg.trusted_proxy, bin) != 1 &&
	    inet_pton(AF_INET6, cfg.trusted_proxy, bin) != 1) {
		fprintf(stderr, "corrchessd: trusted_proxy must be an IP address, not \"%s\"\n",
		        cfg.trusted_proxy);
		goto out;
	}
	if (auth_init() != 0) { /* logged */
		goto out;
	}
	fd = http_listen(cfg.listen, err, sizeof err);
	if (fd < 0) {
		fprintf(stderr, "corrchessd: %s\n", err);
		goto out;
	}
	st = svc_open(cfg.db, err, sizeof err);
	if (!st) {
		fprintf(stderr, "corrchessd: %s\n", err);
		goto out;
	}
	if (store_start_checkpointer(st, 100) != 0) {
		fprintf(stderr, "corrchessd: cannot start the checkpoint thread\n");
		goto out;
	}
	if (strcmp(cfg.synchronous, "full") == 0 && store_start_syncer(st) != 0) {
		fprintf(stderr, "corrchessd: cannot start the WAL sync thread\n");
		goto out;
	}
	struct throttle_limits limits = {(int)per_login, (int)per_ip, (int)per_name, (int)per_hash};
	logins = throttle_new(&limits);
	counters = metrics_new();
	if (!logins || !counters) {
		fprintf(stderr, "corrchessd: out of memory\n");
		goto out;
	}
	struct app app = {.cfg = &cfg,
	                  .st = st,
	                  .session_days = (int)days,
	                  .logins = logins,
	                  .metrics = counters};

	/* One writer thread makes the transactions of every request
	 * (svc_write(): several requests' writes in one). */
	if (svc_writer_start(&app) != 0) {
		fprintf(stderr, "corrchessd: cannot start the writer thread\n");
		goto out;
	}
	srv = http_start(&app, fd, (int)threads, err, sizeof err);
	fd = -1; /* the server owns it now */
	if (!srv) {
		fprintf(stderr, "corrchessd: %s\n", err);
		goto out;
	}
	/* The mail outbox is delivered by a thread of its own (docs/NOTIFY.md). */
	if (outbox_start(&app) != 0) {
		fprintf(stderr, "corrchessd: cannot start the mail thread\n");
		goto out;
	}
	atomic_store(&app.ready, 1);
	if (sdnotify_send("READY=1\nSTATUS=serving") < 0)
		log_msg(LOG_WARN, "cannot tell systemd the daemon is ready ($NOTIFY_SOCKET)");
	log_msg(LOG_INFO, "serving http://%s/ with database %s (schema %d)", cfg.listen, cfg.db,
	        store_schema_version(st));
	int sig = 0;
	sigwait(&sigs, &sig);
	atomic_store(&app.ready, -1);
	sdnotify_send("STOPPING=1");
	log_msg(LOG_INFO, "%s: finishing requests in flight",
	        sig == SIGTERM ? "SIGTERM" : "SIGINT");
	http_stop(srv, 10000);
	srv = NULL;
	status = 0;
out:
	outbox_stop();     /* after its current mail; a no-op when it never started */
	svc_writer_stop(); /* after the last request; before the store closes */
	if (srv)
		http_stop(srv, 10000);
	if (fd >= 0)
		close(fd);
	store_close(st);
	throttle_free(logins);
	metrics_free(counters);
	config_free(&cfg);
	return status;
}
