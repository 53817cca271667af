/* store/health.c: the database's side of /healthz and /metrics. */
#include "autoconfig.h"
#include "store/health.h"

#include "store/internal.h"

/* The one integer a count query gives, into *out. */
static int count(store *s, const char *sql, long *out)
{
	struct store_q q;
	store_q_open(&q, s, sql, "health");
	*out = store_q_row(&q) ? (long)sqlite3_column_int64(q.st, 0) : 0;
	return store_q_end(&q);
}

int store_health_ping(store *s)
{
	static const char sql[] = "SELECT count(*) FROM schema_migrations";
	long n;
	return count(s, sql, &n) == STORE_OK && n > 0 ? STORE_OK : STORE_ERROR;
}

int store_health_gauges(store *s, long *active_games, long *mails_queued, long *mails_failed)
{
	/* Kept by the triggers of migration 0017: one row, however many
	 * games (a count(*) of the active ones grew with them: issue 25). */
	static const char games[] = "SELECT value FROM counters WHERE name = 'active_games'";
	static const char queued[] =
	        "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND refused_at IS NULL";
	static const char failed[] = "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL"
	                             " AND refused_at IS NULL AND attempts > 0";
	if (count(s, games, active_games) || count(s, queued, mails_queued) ||
	    count(s, failed, mails_failed))
		return STORE_ERROR;
	return STORE_OK;
}
