#include "autoconfig.h"
#include "base/config.h"

#include "clock/calendar.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const config_keys[] = {"db",
                                   "listen",
                                   "smtp_url",
                                   "smtp_user",
                                   "smtp_password",
                                   "mail_from",
                                   "base_url",
                                   "static_dir",
                                   "log_level",
                                   "threads",
                                   "session_days",
                                   "today",
                                   "mail_retry",
                                   "timezone",
                                   "conn_per_addr",
                                   "trusted_proxy",
                                   "login_failures",
                                   "address_failures",
                                   "synchronous",
                                   "mail_retention_days",
                                   "name_failures",
                                   "address_hashes",
                                   "cors_origins",
                                   "max_connections",
                                   "header_timeout",
                                   "body_timeout",
                                   NULL};

#define NKEYS (sizeof config_keys / sizeof config_keys[0] - 1)

/* The field of each key, in the order of config_keys. */
static const size_t offsets[] = {
        offsetof(struct config, db),
        offsetof(struct config, listen),
        offsetof(struct config, smtp_url),
        offsetof(struct config, smtp_user),
        offsetof(struct config, smtp_password),
        offsetof(struct config, mail_from),
        offsetof(struct config, base_url),
        offsetof(struct config, static_dir),
        offsetof(struct config, log_level),
        offsetof(struct config, threads),
        offsetof(struct config, session_days),
        offsetof(struct config, today),
        offsetof(struct config, mail_retry),
        offsetof(struct config, timezone),
        offsetof(struct config, conn_per_addr),
        offsetof(struct config, trusted_proxy),
        offsetof(struct config, login_failures),
        offsetof(struct config, address_failures),
        offsetof(struct config, synchronous),
        offsetof(struct config, mail_retention_days),
        offsetof(struct config, name_failures),
        offsetof(struct config, address_hashes),
        offsetof(struct config, cors_origins),
        offsetof(struct config, max_connections),
        offsetof(struct config, header_timeout),
        offsetof(struct config, body_timeout),
};

_Static_assert(sizeof offsets / sizeof offsets[0] == NKEYS, "one offset per key");

static char **field(struct config *cfg, size_t i)
{
	return (char **)(void *)((char *)cfg + offsets[i]);
}

static char **slot(struct config *cfg, const char *key, size_t keylen)
{
	for (size_t i = 0; i < NKEYS; i++)
		if (strlen(config_keys[i]) == keylen && strncmp(config_keys[i], key, keylen) == 0)
			return field(cfg, i);
	return NULL;
}

static int set(struct config *cfg, const char *key, size_t keylen, const char *value)
{
	char **s = slot(cfg, key, keylen);
	if (!s)
		return -1;
	char *copy = strdup(value);
	if (!copy)
		return -1;
	free(*s);
	*s = copy;
	return 0;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Reads `key = value` lines; # starts a comment line. */
static int load_file(struct config *cfg, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot read config file %s: %s", path, strerror(errno));
		return -1;
	}
	char line[4096];
	int lineno = 0, rc = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char *l = trim(line);
		if (*l == '\0' || *l == '#')
			continue;
		char *eq = strchr(l, '=');
		if (!eq) {
			snprintf(err, errlen, "%s:%d: expected 'key = value'", path, lineno);
			rc = -1;
			break;
		}
		*eq = '\0';
		char *key = trim(l), *value = trim(eq + 1);
		if (set(cfg, key, strlen(key), value) != 0) {
			snprintf(err, errlen, "%s:%d: unknown key '%s'", path, lineno, key);
			rc = -1;
			break;
		}
	}
	fclose(f);
	return rc;
}

static int set_default(struct config *cfg, const char *key, const char *value)
{
	return set(cfg, key, strlen(key), value);
}

/* True when --name (flag spelling, '-' for '_') is a known key or --config. */
static bool slot_known(const char *name, size_t len)
{
	if (len == 6 && strncmp(name, "config", 6) == 0)
		return true;
	for (size_t i = 0; i < NKEYS; i++) {
		const char *k = config_keys[i];
		if (strlen(k) != len)
			continue;
		size_t j = 0;
		while (j < len && (name[j] == k[j] || (name[j] == '-' && k[j] == '_')))
			j++;
		if (j == len)
			return true;
	}
	return false;
}

/* A "--key" word that sets something, as opposed to the action flags
 * the programs handle themselves. */
static int is_setting(const char *a)
{
	return strncmp(a, "--", 2) == 0 && strcmp(a, "--help") && strcmp(a, "--version") &&
	       strcmp(a, "--routes");
}

/* True when name is a zone of the tz database on this machine: letters,
 * digits and "/_+-" only, no "..", and the file under $TZDIR (default
 * /usr/share/zoneinfo) is a TZif file.  glibc falls back to UTC without
 * a word for a zone it cannot find, so the check is made here. */
static bool zone_exists(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n > 200 || name[0] == '/' || strstr(name, ".."))
		return false;
	for (const char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("/_+-", *p))
			return false;
	const char *dir = getenv("TZDIR");
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "/usr/share/zoneinfo", name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	char magic[4] = {0};
	size_t got = fread(magic, 1, sizeof magic, f);
	fclose(f);
	return got == 4 && memcmp(magic, "TZif", 4) == 0;
}

/* Key timezone (API.md "Operations"): "today" is the date in this zone
 * (default Europe/Copenhagen: a move at 23:30 UTC in summer is made on
 * the next Danish day).  The process has one zone, so it is set for all
 * of it: TZ and tzset(), then localtime_r() gives the zone's date.  Called
 * from config_load(), before any thread starts. */
static int apply_timezone(const char *zone, char *err, size_t errlen)
{
	if (strcmp(zone, "UTC") != 0 && !zone_exists(zone)) {
		snprintf(err, errlen,
		         "timezone \"%s\" is not a zone of the tz database (such as "
		         "Europe/Copenhagen "
		         "or UTC)",
		         zone);
		return -1;
	}
	if (setenv("TZ", zone, 1) != 0) {
		snprintf(err, errlen, "cannot set the time zone: out of memory");
		return -1;
	}
	tzset();
	return 0;
}

int config_load(struct config *cfg, int argc, char **argv, int *next, char *err, size_t errlen)
{
	memset(cfg, 0, sizeof *cfg);
	if (set_default(cfg, "db", "corrchess.db") ||
	    set_default(cfg, "listen", "127.0.0.1:8080") ||
	    set_default(cfg, "mail_from", "corrchess@localhost") ||
	    set_default(cfg, "base_url", "http://127.0.0.1:8080") ||
	    set_default(cfg, "static_dir", "static") || set_default(cfg, "log_level", "info") ||
	    set_default(cfg, "threads", "2") || set_default(cfg, "session_days", "30") ||
	    set_default(cfg, "mail_retry", "60") || set_default(cfg, "mail_retention_days", "30") ||
	    set_default(cfg, "timezone", "Europe/Copenhagen") ||
	    set_default(cfg, "conn_per_addr", "64") || set_default(cfg, "login_failures", "5") ||
	    set_default(cfg, "address_failures", "20") || set_default(cfg, "synchronous", "full") ||
	    set_default(cfg, "name_failures", "100") || set_default(cfg, "address_hashes", "60") ||
	    set_default(cfg, "max_connections", "2000") ||
	    set_default(cfg, "header_timeout", "20") || set_default(cfg, "body_timeout", "30")) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}

	/* Where the flags end, and which file to read first. */
	int end = 1;
	const char *file = getenv("CORRCHESS_CONFIG");
	while (end < argc && is_setting(argv[end])) {
		const char *a = argv[end] + 2;
		const char *eq = strchr(a, '=');
		if (strncmp(a, "config", 6) == 0 && (a[6] == '\0' || a[6] == '=')) {
			if (eq)
				file = eq + 1;
			else if (end + 1 < argc)
				file = argv[++end];
		} else if (!eq) {
			end++; /* skip the value */
		}
		end++;
	}
	if (file && load_file(cfg, file, err, errlen) != 0)
		goto fail;

	/* The environment. */
	for (size_t i = 0; i < NKEYS; i++) {
		char name[64] = "CORRCHESS_";
		size_t n = strlen(name);
		for (const char *k = config_keys[i]; *k && n < sizeof name - 1; k++)
			name[n++] = (char)toupper((unsigned char)*k);
		name[n] = '\0';
		const char *v = getenv(name);
		if (v && set(cfg, config_keys[i], strlen(config_keys[i]), v) != 0) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
	}

	/* The flags. */
	int i = 1;
	while (i < argc && is_setting(argv[i])) {
		const char *a = argv[i] + 2;
		const char *eq = strchr(a, '=');
		size_t keylen = eq ? (size_t)(eq - a) : strlen(a);
		const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
		if (!value || (!eq && strncmp(value, "--", 2) == 0 && !slot_known(a, keylen))) {
			if (!slot_known(a, keylen))
				snprintf(err, errlen, "unknown option --%.*s (see --help)",
				         (int)keylen, a);
			else
				snprintf(err, errlen, "option --%.*s needs a value", (int)keylen,
				         a);
			goto fail;
		}
		if (!(keylen == 6 && strncmp(a, "config", 6) == 0)) {
			/* the flag spelling may use '-' for '_' (--static-dir) */
			char key[64];
			if (keylen >= sizeof key) {
				snprintf(err, errlen, "unknown option --%.*s", (int)keylen, a);
				goto fail;
			}
			for (size_t j = 0; j < keylen; j++)
				key[j] = a[j] == '-' ? '_' : a[j];
			key[keylen] = '\0';
			if (set(cfg, key, keylen, value) != 0) {
				snprintf(err, errlen, "unknown option --%.*s (see --help)",
				         (int)keylen, a);
				goto fail;
			}
		}
		i += eq ? 1 : 2;
	}
	/* CORRCHESS_TODAY fixes "today" for tests and replays (API.md). */
	int32_t day;
	char derr[200];
	if (cfg->today && *cfg->today && calendar_parse(cfg->today, &day, derr, sizeof derr) != 0) {
		snprintf(err, errlen, "today (CORRCHESS_TODAY): %s", derr);
		goto fail;
	}
	if (apply_timezone(cfg->timezone, err, errlen) != 0)
		goto fail;
	if (strcmp(cfg->synchronous, "full") != 0 && strcmp(cfg->synchronous, "normal") != 0) {
		snprintf(err, errlen, "synchronous must be full or normal, not \"%s\"",
		         cfg->synchronous);
		goto fail;
	}
	char *kend;
	long keep = strtol(cfg->mail_retention_days, &kend, 10);
	if (*kend || kend == cfg->mail_retention_days || keep < 1 || keep > 36500) {
		snprintf(err, errlen, "mail_retention_days must be 1..36500, not \"%s\"",
		         cfg->mail_retention_days);
		goto fail;
	}
	*next = i;
	return 0;
fail:
	config_free(cfg);
	return -1;
}

void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	for (size_t i = 0; i < NKEYS; i++) {
		free(*field(cfg, i));
		*field(cfg, i) = NULL;
	}
}
