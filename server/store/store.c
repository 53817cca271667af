/* store.c: SQLite connections, the statement cache, transactions, the
 * checked helpers of store/internal.h, and migrations. */
#include "autoconfig.h"
#include "store/store.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"
#include "store/game_cache.h"
#include "store/walsync.h"
#include "clock/calendar.h"
#include "store/internal.h"
#include "store/migrations.h"
#include "store/read_memo.h"
#include "util/status.h"

/* The WAL's bounds (issue 20: a burst left a 194 MB WAL for a 2.4 MB
 * database, for good).  journal_size_limit: when SQLite starts the WAL
 * again from its beginning, it cuts the file back to this.  Past
 * WAL_TRUNCATE_BYTES the checkpointer runs a TRUNCATE checkpoint, which
 * empties the file (docs/OPERATIONS.md "The WAL"). */
#define WAL_LIMIT_TEXT       "16777216"           /* 16 MB */
#define WAL_TRUNCATE_BYTES   (16LL * 1024 * 1024) /* 16 MB */
#define WAL_TRUNCATE_WAIT_MS 200                  /* how long it waits for readers, a try */
/* Past WAL_CATCH_UP_BYTES the checkpointer finishes a PASSIVE checkpoint
 * with the writers held off for the last frames (catch_up()), so that
 * SQLite starts the WAL again at the next write instead of letting it grow
 * to a TRUNCATE. */
#define WAL_CATCH_UP_BYTES (4LL * 1024 * 1024) /* 4 MB */
#define WAL_CATCH_UP_TRIES 3

/* The statement cache of a connection: the prepared statement of each SQL
 * text, keyed by the text's address (every caller passes a static string),
 * in an open-addressing table that doubles when it is half full.  Issue 19:
 * a fixed table of 96 answered the 97th distinct statement with an error
 * (503 "busy") until a restart; the table now grows with the program's
 * statements, which are finite (about 170, all literals in store/). */
#define STMT_CACHE_MIN 64 /* slots at first; a power of two */

struct stmt_slot {
	const char *sql; /* NULL: empty */
	sqlite3_stmt *stmt;
};

struct conn {
	sqlite3 *db;
	struct stmt_slot *cache; /* cap slots, ncache of them used */
	size_t cap, ncache;
	int writing;                /* this thread holds the store's write lock */
	int defer;                  /* store_defer_sync(): commits take a ticket, not a wait */
	unsigned long long pending; /* the newest such ticket, 0: none */
	/* store_read_begin()'s transaction and its snapshot (read_memo.h). */
	bool reading;            /* in store_read_begin()'s transaction */
	bool snap_known;         /* memo->snap is this transaction's snapshot */
	unsigned int memo_dv;    /* the data version memo->snap was numbered at */
	sqlite3_int64 memo_chg;  /* and this connection's changed rows then */
	sqlite3_int64 begin_chg; /* its changed rows at store_read_begin() */
	struct read_memo *memo;  /* NULL until the first read that keeps one */
};

struct store {
	char *path;
	pthread_key_t key;          /* the thread's struct conn */
	pthread_mutex_t write_lock; /* one writer at a time, see store_begin() */
	/* The background checkpointer (store_start_checkpointer()). */
	pthread_t ckpt_thread;
	pthread_mutex_t ckpt_lock;
	pthread_cond_t ckpt_cond;
	int ckpt_running, ckpt_stop, ckpt_interval_ms;
	int version;
	walsync *sync; /* group commit (store_start_syncer()), or NULL */
	/* The WAL frames the commits wrote (wal_hook): the WAL's length
	 * after each commit against the one before. */
	_Atomic long long wal_frames;
	_Atomic int wal_last;            /* the WAL's frames after the last commit */
	_Atomic long long wal_truncates; /* TRUNCATE checkpoints done */
	_Atomic long long wal_catch_ups; /* checkpoints finished under the write lock */
	struct game_cache *games;        /* the replayed games by (id, rev), store/game_cache.h */
};

static void conn_free(void *p)
{
	struct conn *c = p;
	if (!c)
		return;
	for (size_t i = 0; i < c->cap; i++)
		if (c->cache[i].sql)
			sqlite3_finalize(c->cache[i].stmt);
	free(c->cache);
	free(c->memo);
	sqlite3_close(c->db);
	free(c);
}

/* The process-wide settings of SQLite, made once before its first
 * connection (sqlite3_config() is refused after sqlite3_initialize()):
 * no memory statistics (nothing reads them, and keeping them takes a
 * global mutex around every allocation of every connection: issue 19,
 * docs/BENCHMARKS.md "The move path, sixth pass"), and a larger
 * lookaside per connection, so the rows and cursors of a statement come
 * from the connection's own memory rather than malloc(). */
static void configure_sqlite(void)
{
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 512, 512);
}

/* Opens one connection with the settings every connection must have. */
static sqlite3 *open_db(const char *path, char *err, size_t errlen)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, configure_sqlite);
	sqlite3 *db = NULL;
	int rc = sqlite3_open_v2(
	        path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "cannot open database %s: %s", path,
		         db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
		goto fail;
	}
	sqlite3_busy_timeout(db, 5000);
	sqlite3_extended_result_codes(db, 1);
	/* WAL: readers never block the writer.  synchronous=NORMAL in WAL
	 * mode keeps every commit across a crash of the program; only a
	 * power loss can lose the last commits (docs/BENCHMARKS.md). */
	char *msg = NULL;
	rc = sqlite3_exec(db,
	                  "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
	                  "PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY;"
	                  "PRAGMA journal_size_limit=" WAL_LIMIT_TEXT ";",
	                  NULL, NULL, &msg);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "cannot use database %s: %s", path,
		         msg ? msg : sqlite3_errstr(rc));
		sqlite3_free(msg);
		goto fail;
	}
	return db;
fail:
	sqlite3_close(db);
	return NULL;
}

/* The WAL frames each commit wrote, for docs/BENCHMARKS.md's pages per
 * move (store_wal_frames()).  A hook replaces the automatic checkpoint,
 * so it is set only where the checkpointer thread does that work. */
static int on_wal_commit(void *arg, sqlite3 *db, const char *name, int frames)
{
	(void)db, (void)name;
	store *s = arg;
	/* A WAL started again from its beginning counts from 0. */
	int last = atomic_exchange(&s->wal_last, frames);
	atomic_fetch_add(&s->wal_frames, frames >= last ? frames - last : frames);
	return SQLITE_OK;
}

static struct conn *thread_conn(store *s)
{
	struct conn *c = pthread_getspecific(s->key);
	if (c)
		return c;
	char err[512];
	c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->db = open_db(s->path, err, sizeof err);
	if (!c->db) {
		log_msg(LOG_ERROR, "%s", err);
		free(c);
		return NULL;
	}
	/* With the checkpointer running, commits never checkpoint. */
	if (s->ckpt_running) {
		sqlite3_exec(c->db, "PRAGMA wal_autocheckpoint=0", NULL, NULL, NULL);
		sqlite3_wal_hook(c->db, on_wal_commit, s);
	}
	pthread_setspecific(s->key, c);
	return c;
}

sqlite3 *store_db(store *s)
{
	struct conn *c = thread_conn(s);
	return c ? c->db : NULL;
}

/* The slot of sql in a table of cap slots (cap a power of two): its own,
 * or the empty one where it would go. */
static struct stmt_slot *stmt_slot(struct stmt_slot *t, size_t cap, const char *sql)
{
	uintptr_t h = (uintptr_t)sql;
	h ^= h >> 17;
	h *= (uintptr_t)0x9E3779B97F4A7C15ull;
	size_t i = (size_t)(h >> 7) & (cap - 1);
	while (t[i].sql && t[i].sql != sql)
		i = (i + 1) & (cap - 1);
	return &t[i];
}

/* Doubles the table (or makes the first one): 0, or -1 out of memory
 * (the table is then as it was). */
static int stmt_grow(struct conn *c)
{
	size_t cap = c->cap ? c->cap * 2 : STMT_CACHE_MIN;
	struct stmt_slot *t = calloc(cap, sizeof *t);
	if (!t)
		return -1;
	for (size_t i = 0; i < c->cap; i++)
		if (c->cache[i].sql)
			*stmt_slot(t, cap, c->cache[i].sql) = c->cache[i];
	free(c->cache);
	c->cache = t;
	c->cap = cap;
	return 0;
}

sqlite3_stmt *store_stmt(store *s, const char *sql)
{
	struct conn *c = thread_conn(s);
	if (!c)
		return NULL;
	if (c->cap) {
		struct stmt_slot *hit = stmt_slot(c->cache, c->cap, sql);
		if (hit->sql) {
			sqlite3_reset(hit->stmt);
			sqlite3_clear_bindings(hit->stmt);
			return hit->stmt;
		}
	}
	if ((c->ncache + 1) * 2 > c->cap && stmt_grow(c) != 0) {
		log_msg(LOG_ERROR, "out of memory for the statement cache");
		return NULL;
	}
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v3(c->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) != SQLITE_OK) {
		log_msg(LOG_ERROR, "prepare failed: %s: %s", sqlite3_errmsg(c->db), sql);
		return NULL;
	}
	struct stmt_slot *slot = stmt_slot(c->cache, c->cap, sql);
	slot->sql = sql;
	slot->stmt = st;
	c->ncache++;
	return st;
}

size_t store_cached_statements(store *s)
{
	struct conn *c = thread_conn(s);
	return c ? c->ncache : 0;
}

/* The statements of a transaction, prepared once per connection (a
 * sqlite3_exec() would parse them at every move). */
static const char sql_begin[] = "BEGIN IMMEDIATE";
static const char sql_commit[] = "COMMIT";
static const char sql_savepoint[] = "SAVEPOINT step";
static const char sql_release[] = "RELEASE step";
static const char sql_rollback_to[] = "ROLLBACK TO step";

/* Steps one cached statement without rows: its SQLite code (SQLITE_OK
 * for done). */
static int exec_cached(store *s, const char *sql)
{
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return SQLITE_ERROR;
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* Writers queue on a mutex before BEGIN IMMEDIATE: SQLite allows one
 * writer anyway, and its busy handler would make the others sleep for
 * milliseconds at a time, while a mutex hands the lock over at once. */
int store_begin(store *s)
{
	struct conn *c = thread_conn(s);
	if (!c)
		return STORE_ERROR;
	pthread_mutex_lock(&s->write_lock);
	int rc = exec_cached(s, sql_begin);
	if (rc != SQLITE_OK) {
		pthread_mutex_unlock(&s->write_lock);
		log_msg(LOG_WARN, "BEGIN IMMEDIATE: %s", sqlite3_errmsg(c->db));
		return STORE_ERROR;
	}
	c->writing = 1;
	return STORE_OK;
}

static const char sql_read_begin[] = "BEGIN";

int store_read_begin(store *s)
{
	struct conn *c = thread_conn(s);
	if (!c || !sqlite3_get_autocommit(c->db) || exec_cached(s, sql_read_begin) != SQLITE_OK)
		return 0;
	c->reading = true;
	c->snap_known = false;
	c->begin_chg = sqlite3_total_changes64(c->db);
	return 1;
}

void store_read_end(store *s, int token)
{
	struct conn *c = thread_conn(s);
	if (!c || !token)
		return;
	c->reading = c->snap_known = false;
	if (!sqlite3_get_autocommit(c->db))
		exec_cached(s, sql_commit);
}

struct read_memo *store_read_memo(store *s)
{
	static const char sql_version[] = "PRAGMA data_version";
	struct conn *c = thread_conn(s);
	/* Written in this transaction: its rows may never be committed. */
	if (!c || !c->reading || c->writing || sqlite3_get_autocommit(c->db) ||
	    sqlite3_total_changes64(c->db) != c->begin_chg)
		return NULL;
	if (!c->snap_known) {
		/* A statement stepped starts the read transaction (BEGIN is
		 * deferred), whose start brings the data version up to date. */
		sqlite3_stmt *st = store_stmt(s, sql_version);
		if (!st)
			return NULL;
		int rc = sqlite3_step(st);
		sqlite3_reset(st);
		unsigned int dv = 0;
		if (rc != SQLITE_ROW ||
		    sqlite3_file_control(c->db, "main", SQLITE_FCNTL_DATA_VERSION, &dv) !=
		            SQLITE_OK)
			return NULL;
		if (!c->memo && !(c->memo = calloc(1, sizeof *c->memo)))
			return NULL;
		sqlite3_int64 chg = c->begin_chg;
		if (c->memo->snap == 0 || dv != c->memo_dv || chg != c->memo_chg) {
			c->memo->snap++; /* every entry kept before is no answer now */
			c->memo_dv = dv;
			c->memo_chg = chg;
		}
		c->snap_known = true;
	}
	return c->memo;
}

int store_bind_text(sqlite3_stmt *st, int i, const char *v)
{
	return v ? sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, i);
}

int store_bind_int64(sqlite3_stmt *st, int i, int64_t v)
{
	return sqlite3_bind_int64(st, i, (sqlite3_int64)v);
}

int store_bind_blob(sqlite3_stmt *st, int i, const void *p, int n)
{
	return sqlite3_bind_blob(st, i, p, n, SQLITE_TRANSIENT);
}

int store_failed(store *s, sqlite3_stmt *st, const char *what)
{
	sqlite3 *db = store_db(s);
	log_msg(LOG_ERROR, "database: %s: %s", what, db ? sqlite3_errmsg(db) : "no connection");
	if (st)
		sqlite3_reset(st);
	return STORE_ERROR;
}

int store_exec(store *s, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_OK;
	}
	if (rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY) {
		sqlite3_reset(st);
		return STORE_CONFLICT;
	}
	return store_failed(s, st, what);
}

void store_col_text(sqlite3_stmt *st, int i, char *dst, size_t n)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	size_t len = t ? (size_t)sqlite3_column_bytes(st, i) : 0;
	if (len >= n)
		len = n - 1;
	if (len)
		memcpy(dst, t, len);
	dst[len] = '\0';
}

bool store_col_day(sqlite3_stmt *st, int i, int32_t *day)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	return t && calendar_parse(t, day, NULL, 0) == CC_OK;
}

int64_t store_last_id(store *s)
{
	return (int64_t)sqlite3_last_insert_rowid(store_db(s));
}

int store_changes(store *s)
{
	return sqlite3_changes(store_db(s));
}

int store_audit(store *s, int64_t user, int64_t game_id, const char *action, const char *detail)
{
	static const char sql[] =
	        "INSERT INTO audit (user_id, game_id, action, detail) VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if ((user > 0 ? store_bind_int64(st, 1, user) : sqlite3_bind_null(st, 1)) ||
	    (game_id > 0 ? store_bind_int64(st, 2, game_id) : sqlite3_bind_null(st, 2)) ||
	    store_bind_text(st, 3, action) || store_bind_text(st, 4, detail))
		return store_failed(s, st, "audit: bind");
	return store_exec(s, st, "audit") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_audit_of(store *s, int64_t game_id, int64_t after, size_t max,
                   struct store_audit_line **out, size_t *n)
{
	static const char sql[] = "SELECT id, at, user_id, action, detail FROM audit"
	                          " WHERE game_id = ? AND id > ? ORDER BY id LIMIT ?";
	*out = NULL;
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, game_id) || store_bind_int64(st, 2, after) ||
	    store_bind_int64(st, 3, (int64_t)max))
		return store_failed(s, st, "audit of: bind");
	struct store_audit_line *v = max ? calloc(max, sizeof *v) : NULL;
	if (max && !v) {
		sqlite3_reset(st);
		return STORE_ERROR;
	}
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct store_audit_line *l = &v[(*n)++];
		l->id = sqlite3_column_int64(st, 0);
		store_col_text(st, 1, l->at, sizeof l->at);
		l->user = sqlite3_column_int64(st, 2); /* NULL reads 0 */
		store_col_text(st, 3, l->action, sizeof l->action);
		store_col_text(st, 4, l->detail, sizeof l->detail);
	}
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		free(v);
		*n = 0;
		return store_failed(s, st, "audit of");
	}
	sqlite3_reset(st);
	*out = v;
	return STORE_OK;
}

static void end_write(store *s, struct conn *c)
{
	if (c->writing) {
		c->writing = 0;
		pthread_mutex_unlock(&s->write_lock);
	}
}

/* COMMIT (a ROLLBACK when it fails) and the end of the write lock:
 * the SQLite code. */
/* COMMIT, or ROLLBACK when it fails (logged): STORE_OK or STORE_ERROR. */
static int commit_now(store *s, struct conn *c)
{
	int rc = exec_cached(s, sql_commit);
	if (rc != SQLITE_OK) {
		log_msg(LOG_ERROR, "commit failed (%s): rolled back", sqlite3_errstr(rc));
		sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
	}
	end_write(s, c);
	return rc == SQLITE_OK ? STORE_OK : STORE_ERROR;
}

int store_commit(store *s)
{
	struct conn *c = thread_conn(s);
	if (!c)
		return STORE_ERROR;
	int rc = commit_now(s, c);
	/* issue 10: with the syncer, a commit is acknowledged only once the
	 * WAL is on disk.  The write lock is free again, so the next writers
	 * commit while this one waits, and one flush serves them all. */
	if (rc == STORE_OK && s->sync) {
		if (c->defer)
			c->pending = walsync_ticket(s->sync); /* the HTTP layer waits */
		else if (walsync_wait(s->sync) != 0)
			rc = STORE_ERROR; /* logged by walsync */
	}
	return rc;
}

int store_commit_ticket(store *s, unsigned long long *ticket)
{
	struct conn *c = thread_conn(s);
	*ticket = 0;
	if (!c)
		return STORE_ERROR;
	int rc = commit_now(s, c);
	if (rc == STORE_OK && s->sync)
		*ticket = walsync_ticket(s->sync);
	return rc;
}

int store_sync_adopt(store *s, unsigned long long ticket)
{
	struct conn *c = thread_conn(s);
	if (!ticket || !s->sync)
		return 0;
	if (c && c->defer) { /* the HTTP layer waits for the newest */
		if (ticket > c->pending)
			c->pending = ticket;
		return 0;
	}
	return walsync_wait_for(s->sync, ticket);
}

int store_savepoint(store *s)
{
	struct conn *c = thread_conn(s);
	/* Outside a transaction (a failed statement ended it) a SAVEPOINT
	 * would begin a new one: refuse instead. */
	if (!c || sqlite3_get_autocommit(c->db))
		return STORE_ERROR;
	return exec_cached(s, sql_savepoint) == SQLITE_OK ? STORE_OK : STORE_ERROR;
}

int store_savepoint_end(store *s, bool keep)
{
	struct conn *c = thread_conn(s);
	if (!c)
		return STORE_ERROR;
	if (!keep && exec_cached(s, sql_rollback_to) != SQLITE_OK)
		return STORE_ERROR;
	/* A failed statement may have ended the whole transaction. */
	if (sqlite3_get_autocommit(c->db) || exec_cached(s, sql_release) != SQLITE_OK)
		return STORE_ERROR;
	return STORE_OK;
}

long long store_wal_frames(store *s)
{
	return atomic_load(&s->wal_frames);
}

void store_wal_checkpoints(store *s, long long *catch_ups, long long *truncates)
{
	*catch_ups = atomic_load(&s->wal_catch_ups);
	*truncates = atomic_load(&s->wal_truncates);
}

bool store_writing(store *s)
{
	struct conn *c = thread_conn(s);
	return c && c->writing;
}

void store_rollback(store *s)
{
	struct conn *c = thread_conn(s);
	if (!c)
		return;
	if (!sqlite3_get_autocommit(c->db))
		sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
	end_write(s, c);
}

int store_start_syncer(store *s)
{
	if (s->sync)
		return 0;
	s->sync = walsync_start(s->path, NULL, NULL);
	return s->sync ? 0 : -1;
}

void store_defer_sync(store *s, int on)
{
	struct conn *c = thread_conn(s);
	if (c) {
		c->defer = on;
		c->pending = 0;
	}
}

unsigned long long store_pending_sync(store *s)
{
	struct conn *c = thread_conn(s);
	if (!c)
		return 0;
	unsigned long long t = c->pending;
	c->pending = 0;
	return t;
}

int store_sync_notify(store *s, unsigned long long ticket, void (*done)(void *arg, int status),
                      void *arg, int *status)
{
	if (!s->sync) {
		*status = 0;
		return 1;
	}
	int rc = walsync_notify(s->sync, ticket, done, arg, status);
	if (rc < 0) { /* out of memory: wait here instead */
		*status = walsync_wait(s->sync);
		return 1;
	}
	return rc;
}

int store_sync_done(store *s, unsigned long long ticket, int *status)
{
	if (!s->sync) {
		*status = 0;
		return 1;
	}
	return walsync_done(s->sync, ticket, status);
}

long long store_wal_flushes(store *s)
{
	return s->sync ? (long long)walsync_flushes(s->sync) : -1;
}

int store_schema_version(store *s)
{
	return s->version;
}

/* The highest migration recorded; -1 on error. */
static int schema_version(sqlite3 *db)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(db, "SELECT coalesce(max(version), 0) FROM schema_migrations", -1,
	                       &st, NULL) != SQLITE_OK)
		return -1;
	int v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
	sqlite3_finalize(st);
	return v;
}

/* Applies the embedded migrations the database lacks, each in its own
 * write transaction.  The version is read again inside each transaction,
 * so two programs opening a new database at once (the daemon and
 * `corrchess user add`) apply every step exactly once. */
static int migrate(store *s, sqlite3 *db, char *err, size_t errlen)
{
	char *msg = NULL;
	int known = migrations_count ? migrations[migrations_count - 1].version : 0;
	int have = 0;
	for (size_t i = 0; i <= migrations_count; i++) {
		if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK)
			goto sqlfail;
		if (sqlite3_exec(db,
		                 "CREATE TABLE IF NOT EXISTS schema_migrations ("
		                 " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
		                 " applied_at TEXT NOT NULL"
		                 " DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')))",
		                 NULL, NULL, &msg) != SQLITE_OK)
			goto rollback;
		have = schema_version(db);
		if (have < 0)
			goto rollback;
		if (have > known) {
			sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
			snprintf(err, errlen,
			         "database %s has schema version %d, newer than this corrchess "
			         "knows "
			         "(%d): use a newer corrchess",
			         s->path, have, known);
			return -1;
		}
		if (i == migrations_count || migrations[i].version <= have) {
			if (sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK)
				goto rollback;
			continue;
		}
		const struct migration *m = &migrations[i];
		if (sqlite3_exec(db, m->sql, NULL, NULL, &msg) != SQLITE_OK) {
			snprintf(err, errlen, "migration %04d_%s failed: %s", m->version, m->name,
			         msg ? msg : "?");
			sqlite3_free(msg);
			sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
			return -1;
		}
		sqlite3_stmt *st = NULL;
		if (sqlite3_prepare_v2(
		            db, "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", -1,
		            &st, NULL) != SQLITE_OK)
			goto rollback;
		int rc = sqlite3_bind_int(st, 1, m->version) ||
		                         sqlite3_bind_text(st, 2, m->name, -1, SQLITE_STATIC)
		                 ? SQLITE_ERROR
		                 : sqlite3_step(st);
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE || sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK)
			goto rollback;
		log_msg(LOG_INFO, "applied migration %04d_%s", m->version, m->name);
		have = m->version;
	}
	s->version = have;
	return 0;
rollback:
	snprintf(err, errlen, "database %s: %s", s->path, msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
sqlfail:
	snprintf(err, errlen, "database %s: %s", s->path, msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return -1;
}

store *store_open(const char *path, char *err, size_t errlen)
{
	store *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	s->path = strdup(path);
	pthread_mutex_init(&s->write_lock, NULL);
	pthread_mutex_init(&s->ckpt_lock, NULL);
	pthread_cond_init(&s->ckpt_cond, NULL);
	if (!s->path || pthread_key_create(&s->key, conn_free) != 0) {
		snprintf(err, errlen, "out of memory");
		free(s->path);
		free(s);
		return NULL;
	}
	struct conn *c = calloc(1, sizeof *c);
	if (!c)
		goto fail;
	c->db = open_db(path, err, errlen);
	if (!c->db) {
		free(c);
		goto fail;
	}
	pthread_setspecific(s->key, c);
	if (!(s->games = game_cache_new(game_cache_budget())))
		goto fail;
	/* A file that is not a database shows up at the first read. */
	if (migrate(s, c->db, err, errlen) != 0)
		goto fail;
	return s;
fail:
	store_close(s);
	return NULL;
}

/* A TRUNCATE checkpoint with this process's writers held off (the write
 * lock, so they wait on the mutex rather than in SQLite's busy handler)
 * and WAL_TRUNCATE_WAIT_MS for readers of older snapshots to finish: the
 * WAL is copied back and the file emptied.  SQLITE_BUSY (a reader or
 * another process kept it) is tried again at the next round. */
static int truncate_wal(store *s, sqlite3 *db)
{
	pthread_mutex_lock(&s->write_lock);
	sqlite3_busy_timeout(db, WAL_TRUNCATE_WAIT_MS);
	int rc = sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
	sqlite3_busy_timeout(db, 5000);
	pthread_mutex_unlock(&s->write_lock);
	if (rc == SQLITE_OK)
		atomic_fetch_add(&s->wal_truncates, 1);
	return rc;
}

/* Flushes the database file and the WAL of connection db to disk, off
 * the write lock (the checkpoint that follows then syncs only what came
 * after), through SQLite's own file handles: a second descriptor of the
 * database file, once closed, would drop every POSIX lock this process
 * holds on it (the corruption SQLite's "How To Corrupt" names first). */
static void flush_files(sqlite3 *db)
{
	static const int ops[2] = {SQLITE_FCNTL_JOURNAL_POINTER, SQLITE_FCNTL_FILE_POINTER};
	for (int i = 0; i < 2; i++) {
		sqlite3_file *f = NULL;
		if (sqlite3_file_control(db, "main", ops[i], &f) == SQLITE_OK && f && f->pMethods &&
		    f->pMethods->xSync)
			(void)f->pMethods->xSync(f, SQLITE_SYNC_NORMAL);
	}
}

/* Finishes a checkpoint the writer outran (issue 19: under a steady stream
 * of moves a PASSIVE checkpoint never copies the last frames, because new
 * ones keep coming, so SQLite never starts the WAL again from its
 * beginning; it grew to WAL_TRUNCATE_BYTES about every 0.2 s of the move
 * bench and each TRUNCATE held the writer 12-18 ms, docs/BENCHMARKS.md).
 * The bulk is copied and flushed without any lock; then, with this
 * process's writers held off, PASSIVE copies the few frames written since
 * (tried again at once while a reader of an older snapshot keeps some;
 * readers here last microseconds).  Once every frame is in the database,
 * the next write transaction starts the WAL again at its beginning
 * (journal_size_limit cuts the file back).  Never waits for a reader. */
static void catch_up(store *s, sqlite3 *db)
{
	flush_files(db);
	pthread_mutex_lock(&s->write_lock);
	int log_frames = 0, done = -1, rc = SQLITE_OK;
	for (int i = 0; i < WAL_CATCH_UP_TRIES && rc == SQLITE_OK && done < log_frames; i++)
		rc = sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, &log_frames,
		                               &done);
	pthread_mutex_unlock(&s->write_lock);
	if (rc == SQLITE_OK && done == log_frames)
		atomic_fetch_add(&s->wal_catch_ups, 1);
}

/* Copies the WAL back into the database every interval, on a connection
 * of its own, in PASSIVE mode: it never waits for a writer and no writer
 * waits for it.  Past WAL_CATCH_UP_BYTES it finishes the copy with the
 * writers held off for the last frames (catch_up(): 1-5 ms in the move
 * bench), so the WAL starts again.  When the WAL has grown past
 * WAL_TRUNCATE_BYTES all the same (readers of old snapshots kept the
 * checkpoints from finishing), a TRUNCATE checkpoint empties it
 * (truncate_wal()). */
static void *checkpointer(void *arg)
{
	store *s = arg;
	log_thread_name("cc-checkpoint");
	char err[256];
	sqlite3 *db = open_db(s->path, err, sizeof err);
	if (!db) {
		log_msg(LOG_ERROR, "checkpointer: %s", err);
		return NULL;
	}
	long long page_size = 4096;
	sqlite3_stmt *ps = NULL;
	if (sqlite3_prepare_v2(db, "PRAGMA page_size", -1, &ps, NULL) == SQLITE_OK &&
	    sqlite3_step(ps) == SQLITE_ROW)
		page_size = sqlite3_column_int64(ps, 0);
	sqlite3_finalize(ps);
	pthread_mutex_lock(&s->ckpt_lock);
	while (!s->ckpt_stop) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += (long)s->ckpt_interval_ms * 1000000L;
		until.tv_sec += until.tv_nsec / 1000000000L;
		until.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&s->ckpt_cond, &s->ckpt_lock, &until);
		if (s->ckpt_stop)
			break;
		pthread_mutex_unlock(&s->ckpt_lock);
		int log_frames = 0, done = 0;
		int rc = sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, &log_frames,
		                                   &done);
		if (rc != SQLITE_OK && rc != SQLITE_BUSY)
			log_msg(LOG_WARN, "checkpoint: %s", sqlite3_errmsg(db));
		if (rc == SQLITE_OK && (long long)log_frames * page_size > WAL_CATCH_UP_BYTES)
			catch_up(s, db);
		/* Even after a catch-up: SQLite cuts the file back only when a
		 * write starts the WAL again, and an idle daemon after a burst
		 * makes none (check_store_conn's burst test). */
		if (rc == SQLITE_OK && (long long)log_frames * page_size > WAL_TRUNCATE_BYTES) {
			rc = truncate_wal(s, db);
			if (rc != SQLITE_OK && rc != SQLITE_BUSY)
				log_msg(LOG_WARN, "checkpoint (truncate): %s", sqlite3_errmsg(db));
		}
		pthread_mutex_lock(&s->ckpt_lock);
	}
	pthread_mutex_unlock(&s->ckpt_lock);
	/* The last one empties the WAL when nobody else uses it. */
	if (truncate_wal(s, db) != SQLITE_OK)
		sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
	sqlite3_close(db);
	return NULL;
}

int store_start_checkpointer(store *s, int interval_ms)
{
	if (s->ckpt_running)
		return 0;
	s->ckpt_interval_ms = interval_ms > 0 ? interval_ms : 100;
	s->ckpt_stop = 0;
	if (pthread_create(&s->ckpt_thread, NULL, checkpointer, s) != 0)
		return -1;
	s->ckpt_running = 1;
	struct conn *c = pthread_getspecific(s->key);
	if (c)
		sqlite3_exec(c->db, "PRAGMA wal_autocheckpoint=0", NULL, NULL, NULL);
	return 0;
}

void store_close(store *s)
{
	if (!s)
		return;
	walsync_stop(s->sync); /* after the last commit of every thread */
	s->sync = NULL;
	if (s->ckpt_running) {
		pthread_mutex_lock(&s->ckpt_lock);
		s->ckpt_stop = 1;
		pthread_cond_signal(&s->ckpt_cond);
		pthread_mutex_unlock(&s->ckpt_lock);
		pthread_join(s->ckpt_thread, NULL);
		s->ckpt_running = 0;
	}
	conn_free(pthread_getspecific(s->key));
	pthread_setspecific(s->key, NULL);
	pthread_key_delete(s->key);
	pthread_mutex_destroy(&s->write_lock);
	pthread_mutex_destroy(&s->ckpt_lock);
	pthread_cond_destroy(&s->ckpt_cond);
	game_cache_free(s->games);
	free(s->path);
	free(s);
}

struct game_cache *store_game_cache(store *s)
{
	return s->games;
}
