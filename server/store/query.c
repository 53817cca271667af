/* store/query.c: the query with a sticky error (store/internal.h). */
#include "autoconfig.h"

#include "store/internal.h"

#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

/* Records the first failure (logged, the statement reset). */
static void failed(struct store_q *q, int sqlite_rc)
{
	if (q->rc != STORE_OK)
		return;
	int ext = sqlite_rc;
	q->rc = ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY
	                ? STORE_CONFLICT
	                : STORE_ERROR;
	if (q->rc == STORE_CONFLICT) {
		if (q->st)
			sqlite3_reset(q->st);
	} else {
		store_failed(q->s, q->st, q->what);
	}
}

void store_q_open(struct store_q *q, store *s, const char *sql, const char *what)
{
	*q = (struct store_q){.s = s, .what = what, .rc = STORE_OK, .next = 1};
	q->st = store_stmt(s, sql);
	if (!q->st)
		q->rc = STORE_ERROR; /* logged by store_stmt() */
}

static void bound(struct store_q *q, int rc)
{
	q->next++;
	if (rc != SQLITE_OK)
		failed(q, rc);
}

void store_q_int(struct store_q *q, int64_t v)
{
	if (q->rc == STORE_OK)
		bound(q, store_bind_int64(q->st, q->next, v));
}

void store_q_text(struct store_q *q, const char *v)
{
	if (q->rc == STORE_OK)
		bound(q, store_bind_text(q->st, q->next, v));
}

bool store_q_row(struct store_q *q)
{
	if (q->rc != STORE_OK || q->done)
		return false;
	int rc = sqlite3_step(q->st);
	if (rc == SQLITE_ROW)
		return true;
	if (rc == SQLITE_DONE)
		q->done = true;
	else
		failed(q, sqlite3_extended_errcode(store_db(q->s)));
	return false;
}

void store_q_exec(struct store_q *q)
{
	while (store_q_row(q))
		;
}

int store_q_end(struct store_q *q)
{
	if (q->rc == STORE_OK)
		sqlite3_reset(q->st);
	return q->rc;
}

int store_q_found(struct store_q *q, bool found)
{
	int rc = store_q_end(q);
	return rc != STORE_OK ? rc : found ? STORE_OK : STORE_NOT_FOUND;
}

int store_q_changed(struct store_q *q, int otherwise)
{
	store_q_exec(q);
	int rc = store_q_end(q);
	return rc != STORE_OK ? rc : store_changes(q->s) == 1 ? STORE_OK : otherwise;
}

void store_q_oom(struct store_q *q)
{
	if (q->rc == STORE_OK && q->st)
		sqlite3_reset(q->st);
	q->rc = STORE_ERROR;
}

int store_q_rows(struct store_q *q, size_t elem, void (*read)(sqlite3_stmt *st, void *row),
                 void **out, size_t *n)
{
	char *v = NULL;
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	while (store_q_row(q)) {
		if (ALLOC_GROW(v, (*n + 1) * elem, cap) != 0) { /* cap: bytes */
			store_q_oom(q);
			break;
		}
		char *row = v + *n * elem;
		memset(row, 0, elem);
		read(q->st, row);
		(*n)++;
	}
	if (store_q_end(q) != STORE_OK) {
		free(v);
		*n = 0;
		return STORE_ERROR;
	}
	*out = v;
	return STORE_OK;
}

static void read_id(sqlite3_stmt *st, void *row)
{
	*(int64_t *)row = sqlite3_column_int64(st, 0);
}

int store_q_ids(struct store_q *q, int64_t **ids, size_t *n)
{
	void *v;
	int rc = store_q_rows(q, sizeof **ids, read_id, &v, n);
	*ids = v;
	return rc;
}
