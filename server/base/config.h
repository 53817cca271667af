/* config.h: settings of corrchessd and corrchess (API.md "Configuration").
 *
 * Every key can come from a file given with --config (lines `key = value`,
 * `#` comments), from the environment as CORRCHESS_<KEY>, or from a flag
 * --<key> VALUE / --<key>=VALUE; a flag beats the environment, which beats
 * the file. */
#ifndef CORRCHESS_CONFIG_H
#define CORRCHESS_CONFIG_H

#include <stddef.h>

struct config {
	char *db;       /* SQLite file */
	char *listen;   /* HOST:PORT */
	char *smtp_url; /* smtp://host:port or smtps://... */
	char *smtp_user;
	char *smtp_password;
	char *mail_from;
	char *base_url;            /* for links in mail */
	char *static_dir;          /* the web pages */
	char *log_level;           /* error, warn, info, debug */
	char *threads;             /* HTTP worker threads */
	char *session_days;        /* how long a login lasts */
	char *today;               /* YYYY-MM-DD: fixes "today" (CORRCHESS_TODAY) */
	char *mail_retry;          /* seconds before a failed mail is tried again (doubling) */
	char *mail_retention_days; /* days a sent mail keeps its body (default 30) */
	char *timezone;            /* tz database zone whose date is "today" */
	char *conn_per_addr;       /* connections one client address may hold */
	char *trusted_proxy;       /* the reverse proxy whose X-Forwarded-For is believed */
	char *login_failures;   /* free tries of a (name, address), then growing waits (0: off) */
	char *address_failures; /* free tries of an address, then growing waits (0: off) */
	char *synchronous;      /* "full": a commit is on disk when acknowledged; "normal" */
	char *name_failures;    /* failures of a name an hour that mail its owner (0: off) */
	char *address_hashes;   /* password hashes an address may start a minute (0: off) */
	char *cors_origins;     /* origins that may call the API from a browser (docs/HTTP.md) */
	char *max_connections;  /* connections at once (default 2000) */
	char *header_timeout;   /* seconds a request line and headers may take in all (20) */
	char *body_timeout;     /* seconds a request body may take in all (30) */
};

/* Fills cfg from the defaults, the --config file, the environment and the
 * flags in argv[1..].  Flags are read until the first word that is not an
 * option (a subcommand); *next gets its index (argc when there is none).
 * Returns 0, or -1 with a sentence in err (unknown flag, missing value,
 * unreadable file, bad line, a timezone the tz database does not have).
 * It sets the process's time zone (TZ, tzset()) to the key timezone, so
 * localtime_r() gives the date there: call it before threads start.
 * --help, --version and --routes are left
 * for the caller: they stop the scan like a subcommand.  Free with config_free(). */
int config_load(struct config *cfg, int argc, char **argv, int *next, char *err, size_t errlen);

/* Frees the strings; cfg may then be loaded again.  NULL is a no-op. */
void config_free(struct config *cfg);

/* The known keys, NULL-terminated, for --help texts. */
extern const char *const config_keys[];

#endif
