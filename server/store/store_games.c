/* store/store_games.c: the games and moves tables (store/store_games.h). */
#include "autoconfig.h"
#include "store/store_games.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "chess/fen.h"
#include "store/game_cache.h"
#include "store/internal.h"
#include "store/read_memo.h"
#include "store/store_vacations.h"
#include "util/grow.h"
#include "util/status.h"

void store_games_free(struct store_game *sg)
{
	if (!sg)
		return;
	free(sg->event);
	free(sg->clock.days);
	clock_memo_free(sg->clock.memo);
	corr_game_free(&sg->g);
	memset(sg, 0, sizeof *sg);
}

const struct store_game_clock *store_games_clock(const struct store_game *sg, int32_t on)
{
	return sg->clock.days && sg->clock.on == on ? &sg->clock : NULL;
}

void store_games_clock_drop(struct store_game *sg)
{
	/* the memo stays: it checks itself against the game it is used for */
	free(sg->clock.days);
	sg->clock.days = NULL;
}

int store_games_side_of(const struct store_game *sg, int64_t user)
{
	if (user == sg->white)
		return WHITE;
	if (user == sg->black)
		return BLACK;
	return CORR_NOBODY;
}

/* "white" / "black" column text as a side; CORR_NOBODY for NULL. */
static int side_col(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	if (t && strcmp(t, "white") == 0)
		return WHITE;
	if (t && strcmp(t, "black") == 0)
		return BLACK;
	return CORR_NOBODY;
}

/* The stored series (a JSON array of move texts) into sg->g, read from
 * the current position.  STORE_OK or STORE_CORRUPT. */
static int load_series(struct store_game *sg, int by, const char *text, char *err, size_t errlen)
{
	json_t *arr = json_loads(text, 0, NULL);
	const char *texts[SERIES_MAX];
	struct corr_error e;
	size_t n = json_is_array(arr) ? json_array_size(arr) : 0;
	int status = STORE_CORRUPT;
	if (!json_is_array(arr) || n > SERIES_MAX) {
		snprintf(err, errlen, "game %lld: the stored series is not a list of moves",
		         (long long)sg->id);
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		texts[i] = json_string_value(json_array_get(arr, i));
	if (corr_game_set_series(&sg->g, by, texts, n, &e) != CC_OK) {
		snprintf(err, errlen, "game %lld: %s", (long long)sg->id, e.message);
		goto out;
	}
	status = STORE_OK;
out:
	json_decref(arr);
	return status;
}

/* Reads the moves of sg into sg->g, replaying each.  STORE_OK,
 * STORE_CORRUPT or STORE_ERROR. */
static int load_moves(store *s, struct store_game *sg, char *err, size_t errlen)
{
	static const char sql[] = "SELECT ply, iccf, san, uci, received, sent, days, series"
	                          " FROM moves WHERE game_id = ? ORDER BY ply";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, sg->id))
		return store_failed(s, st, "moves: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct corr_move m;
		struct corr_error e;
		memset(&m, 0, sizeof m);
		int ply = sqlite3_column_int(st, 0);
		store_col_text(st, 1, m.iccf, sizeof m.iccf);
		store_col_text(st, 2, m.san, sizeof m.san);
		store_col_text(st, 3, m.uci, sizeof m.uci);
		m.days = sqlite3_column_int(st, 6);
		m.kind = (enum corr_move_kind)sqlite3_column_int(st, 7);
		if (ply != (int)sg->g.nmoves + 1 || !store_col_day(st, 4, &m.received) ||
		    !store_col_day(st, 5, &m.sent) || m.kind < CORR_MOVE_NORMAL ||
		    m.kind > CORR_MOVE_BROKE) {
			sqlite3_reset(st);
			snprintf(err, errlen, "game %lld: stored move %d is not a valid row",
			         (long long)sg->id, ply);
			return STORE_CORRUPT;
		}
		if (corr_game_push(&sg->g, &m, &e) != CC_OK) {
			sqlite3_reset(st);
			snprintf(err, errlen, "game %lld: %s", (long long)sg->id, e.message);
			return STORE_CORRUPT;
		}
	}
	if (rc != SQLITE_DONE)
		return store_failed(s, st, "moves: read");
	sqlite3_reset(st);
	return STORE_OK;
}

/* The game row into sg (and sg->g initialised); the series text and the
 * stored FEN are copied out for the checks after the moves. */
static int load_row(store *s, int64_t id, struct store_game *sg, char *series, size_t slen,
                    int *series_by, char *fen, char *err, size_t errlen)
{
	static const char sql[] =
	        "SELECT g.event, g.profile, g.start_date, g.white, g.black, g.start_fen, g.fen,"
	        " g.status, g.result, g.termination, g.draw_offer, g.series_by, g.series,"
	        " w.name, w.role, b.name, b.role, g.series_cancellable, g.rev, g.finished_on,"
	        " g.tournament_id, g.holiday_play, COALESCE(t.tl_id, g.led_by), g.result_how,"
	        " g.played_result"
	        " FROM games g JOIN users w ON w.id = g.white JOIN users b ON b.id = g.black"
	        " LEFT JOIN tournaments t ON t.id = g.tournament_id WHERE g.id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "game: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		snprintf(err, errlen, "there is no game %lld", (long long)id);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "game: read");
	char start_fen[FEN_MAX], status[16];
	if (sqlite3_column_type(st, 0) != SQLITE_NULL &&
	    !(sg->event = strdup((const char *)sqlite3_column_text(st, 0)))) {
		sqlite3_reset(st);
		return STORE_ERROR;
	}
	store_col_text(st, 1, sg->profile, sizeof sg->profile);
	store_col_text(st, 2, sg->start_date, sizeof sg->start_date);
	sg->white = sqlite3_column_int64(st, 3);
	sg->black = sqlite3_column_int64(st, 4);
	store_col_text(st, 5, start_fen, sizeof start_fen);
	store_col_text(st, 6, fen, FEN_MAX);
	store_col_text(st, 7, status, sizeof status);
	struct corr_state cs;
	memset(&cs, 0, sizeof cs);
	store_col_text(st, 8, cs.result, sizeof cs.result);
	store_col_text(st, 9, cs.termination, sizeof cs.termination);
	cs.draw_offer = side_col(st, 10);
	*series_by = side_col(st, 11);
	store_col_text(st, 12, series, slen);
	store_col_text(st, 13, sg->white_name, sizeof sg->white_name);
	store_col_text(st, 14, sg->white_role, sizeof sg->white_role);
	store_col_text(st, 15, sg->black_name, sizeof sg->black_name);
	store_col_text(st, 16, sg->black_role, sizeof sg->black_role);
	bool cancellable = sqlite3_column_int(st, 17) != 0;
	int64_t rev = sqlite3_column_int64(st, 18);
	if (!store_col_day(st, 19, &cs.finished_on))
		cs.finished_on = CLOCK_NO_DATE;
	sg->tournament = sqlite3_column_int64(st, 20); /* NULL reads 0 */
	cs.holiday_play = sqlite3_column_int(st, 21) != 0;
	sg->leader = sqlite3_column_int64(st, 22);           /* NULL reads 0: nobody, admins only */
	store_col_text(st, 23, cs.how, sizeof cs.how);       /* NULL reads "" */
	store_col_text(st, 24, cs.played, sizeof cs.played); /* NULL reads "" */
	int32_t start_day;
	bool dated = store_col_day(st, 2, &start_day);
	sqlite3_reset(st);

	const struct clock_profile *p = clock_profile_find(sg->profile);
	position start;
	struct corr_error e;
	if (!p || !dated || fen_parse(&start, start_fen, NULL, 0) != CC_OK) {
		snprintf(err, errlen, "game %lld: unknown profile \"%s\", or a bad start",
		         (long long)id, sg->profile);
		return STORE_CORRUPT;
	}
	if (corr_game_init(&sg->g, &start, p, start_day, &e) != CC_OK)
		return STORE_ERROR;
	cs.status = strcmp(status, "active") == 0 ? CORR_ACTIVE : CORR_FINISHED;
	cs.series_by = CORR_NOBODY;
	sg->g.state = cs;
	sg->g.rev = rev;
	sg->g.series_cancellable = cancellable;
	return STORE_OK;
}

/* A record as read, with the order it is kept in (see load_records()). */
struct read_record {
	int q;          /* 0 reminders and TL notices, 1 notices, 2 penalties */
	int64_t k1, id; /* then by ply (a penalty: its day) and by row id */
	struct corr_record r;
};

static int record_order(const void *pa, const void *pb)
{
	const struct read_record *a = pa, *b = pb;
	if (a->q != b->q)
		return a->q < b->q ? -1 : 1;
	if (a->k1 != b->k1)
		return a->k1 < b->k1 ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* The recorded events of the rules (issue 9) into sg->g: the reminders
 * and TL notices of sweep_events (the sweep's, and a postal player's
 * own), the notices of a longer think, the TL's penalties, in that
 * order, each by ply (penalties by day) and row.  One statement for the
 * three tables (three were a tenth of a game GET's load, docs/
 * BENCHMARKS.md); the order is made here, not by SQL.  STORE_OK or
 * STORE_ERROR. */
static int load_records(store *s, struct store_game *sg)
{
	/* "+kind": the kinds tested on the row, not searched in the index
	 * (a temporary b-tree of the IN list at every load; docs/
	 * BENCHMARKS.md "The sweep"). */
	static const char sql[] =
	        "SELECT 0, kind, ply, found_on, due, by_player, user_id, id FROM sweep_events"
	        " WHERE game_id = ?1 AND +kind IN ('reminder', 'tl_notice')"
	        " UNION ALL SELECT 1, color, ply, on_date, NULL, days, NULL, 0 FROM notices"
	        " WHERE game_id = ?1"
	        " UNION ALL SELECT 2, color, days, on_date, reason, NULL, NULL, id FROM penalties"
	        " WHERE game_id = ?1";
	struct read_record *v = NULL;
	size_t n = 0, cap = 0;
	struct store_q q;
	store_q_open(&q, s, sql, "records");
	store_q_int(&q, sg->id);
	while (store_q_row(&q)) {
		sqlite3_stmt *st = q.st;
		if (ALLOC_GROW(v, n + 1, cap) != 0) {
			sqlite3_reset(st); /* out of memory: the query ends here */
			q.rc = STORE_ERROR;
			break;
		}
		struct read_record *x = &v[n];
		struct corr_record *r = &x->r;
		memset(x, 0, sizeof *x);
		r->due = CLOCK_NO_DATE;
		x->q = sqlite3_column_int(st, 0);
		x->id = sqlite3_column_int64(st, 7);
		bool ok;
		if (x->q == 0) {
			char text[16];
			store_col_text(st, 1, text, sizeof text);
			r->kind = strcmp(text, "tl_notice") == 0 ? CORR_REC_TL_NOTICE
			                                         : CORR_REC_REMINDER;
			r->ply = sqlite3_column_int(st, 2);
			ok = store_col_day(st, 3, &r->on);
			if (!store_col_day(st, 4, &r->due))
				r->due = CLOCK_NO_DATE;
			r->by_player = sqlite3_column_int(st, 5) != 0;
			r->side = sqlite3_column_int64(st, 6) == sg->white ? WHITE : BLACK;
			x->k1 = r->ply;
		} else if (x->q == 1) {
			r->kind = CORR_REC_NOTICE;
			r->side = side_col(st, 1);
			r->ply = sqlite3_column_int(st, 2);
			ok = store_col_day(st, 3, &r->on);
			r->days = sqlite3_column_int(st, 5);
			x->k1 = r->ply;
		} else {
			r->kind = CORR_REC_PENALTY;
			r->side = side_col(st, 1);
			r->days = sqlite3_column_int(st, 2);
			ok = store_col_day(st, 3, &r->on);
			store_col_text(st, 4, r->reason, sizeof r->reason);
			r->ply = -1;
			x->k1 = r->on;
		}
		if (ok) /* the rows are written dated */
			n++;
	}
	int rc = store_q_end(&q);
	if (rc == STORE_OK && n > 1)
		qsort(v, n, sizeof *v, record_order);
	for (size_t i = 0; rc == STORE_OK && i < n; i++) {
		struct corr_error e;
		if (corr_game_add_record(&sg->g, &v[i].r, &e) != CC_OK)
			rc = STORE_ERROR;
	}
	free(v);
	return rc == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* The clock key of sg's game on day `on` (lib/corr corr_clock_key()) in
 * local when it fits, else in a new block (free it when it is not
 * local); NULL when out of memory. */
#define KEY_LOCAL 4096
static unsigned char *clock_key_of(const struct store_game *sg, int32_t on,
                                   unsigned char local[KEY_LOCAL], size_t *n)
{
	size_t max = CORR_CLOCK_KEY_MAX(&sg->g);
	unsigned char *key = max <= KEY_LOCAL ? local : malloc(max);
	if (key)
		*n = corr_clock_key(&sg->g, on, key);
	return key;
}

/* The clock kept with the cached moves becomes sg's (sg->clock) when the
 * game as loaded, with its stops and records, has the key the clock was
 * kept under (lib/corr corr_clock_key(): the same key, the same clock). */
static void adopt_clock(struct store_game *sg, struct game_cache_clock *kept)
{
	/* the memo whatever the key: it holds plies, not a day's clock */
	clock_memo_free(sg->clock.memo);
	sg->clock.memo = kept->memo;
	kept->memo = NULL;
	if (!kept->key || !kept->days)
		return;
	unsigned char local[KEY_LOCAL];
	size_t n = 0;
	unsigned char *key = clock_key_of(sg, kept->on, local, &n);
	if (key && n == kept->nkey && memcmp(key, kept->key, n) == 0) {
		sg->clock.on = kept->on;
		sg->clock.res = kept->res;
		sg->clock.days = kept->days;
		kept->days = NULL;
	}
	if (key != local)
		free(key);
}

/* store_games_load() inside its read transaction. */
static int load(store *s, int64_t id, struct store_game *sg, char *err, size_t errlen)
{
	char series[SERIES_MAX * (ICCF_MAX + 3) + 8], fen[FEN_MAX], now[FEN_MAX];
	int series_by = CORR_NOBODY;
	struct clock_interval *stops = NULL;
	size_t nstops = 0;
	struct corr_error e;
	int rc = load_row(s, id, sg, series, sizeof series, &series_by, fen, err, errlen);
	if (rc != STORE_OK)
		return rc;
	/* The moves replayed at this revision, from the cache when it holds
	 * them (store/game_cache.h); else read, replayed, checked, kept. */
	struct game_cache *cache = store_game_cache(s);
	struct game_cache_clock kept;
	if (!game_cache_get(cache, id, sg->g.rev, fen, &sg->g, &kept)) {
		if ((rc = load_moves(s, sg, err, errlen)) != STORE_OK)
			return rc;
		fen_write(corr_position(&sg->g), now, sizeof now);
		if (strcmp(fen, now) != 0) {
			snprintf(err, errlen, "game %lld: stored FEN %s differs from the replay %s",
			         (long long)id, fen, now);
			return STORE_CORRUPT;
		}
		/* Never what a write transaction read: it may be rolled back. */
		if (!store_writing(s) && sqlite3_txn_state(store_db(s), NULL) != SQLITE_TXN_WRITE)
			game_cache_put(cache, id, sg->g.rev, fen, &sg->g, NULL);
	}
	if (series_by != CORR_NOBODY && series[0] &&
	    (rc = load_series(sg, series_by, series, err, errlen)) != STORE_OK)
		goto out;
	/* DSU 6.3.6: the vacations of both players stop both clocks; a
	 * failed read fails the load (never a game without its stops). */
	if ((rc = store_vacations_stops(s, sg->white, sg->black, sg->tournament, &stops,
	                                &nstops)) != STORE_OK)
		goto out;
	if ((rc = load_records(s, sg)) != STORE_OK)
		goto out;
	rc = corr_game_set_stops(&sg->g, stops, nstops, &e) == CC_OK ? STORE_OK : STORE_ERROR;
	free(stops);
	if (rc == STORE_OK)
		adopt_clock(sg, &kept);
out:
	game_cache_clock_free(&kept);
	return rc;
}

int store_games_load(store *s, int64_t id, struct store_game *sg, char *err, size_t errlen)
{
	memset(sg, 0, sizeof *sg);
	sg->id = id;
	/* One read transaction: the row, its moves and the vacations come
	 * from one snapshot even while another thread commits a move. */
	int token = store_read_begin(s);
	int rc = load(s, id, sg, err, errlen);
	store_read_end(s, token);
	if (rc == STORE_ERROR)
		snprintf(err, errlen, "the database could not read game %lld", (long long)id);
	if (rc == STORE_CORRUPT)
		log_msg(LOG_ERROR, "%s", err);
	if (rc != STORE_OK)
		store_games_free(sg);
	return rc;
}

/* store_games_insert() inside a write transaction. */
static int insert_in(store *s, const struct store_new_game *ng, int64_t *id)
{
	static const char sql[] =
	        "INSERT INTO games (event, profile, start_date, white, black, start_fen, fen,"
	        " series_cancellable, tournament_id, led_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, ng->event) || store_bind_text(st, 2, ng->profile) ||
	    store_bind_text(st, 3, ng->start_date) || store_bind_int64(st, 4, ng->white) ||
	    store_bind_int64(st, 5, ng->black) || store_bind_text(st, 6, ng->fen) ||
	    store_bind_text(st, 7, ng->fen) || store_bind_int64(st, 8, ng->series_cancellable) ||
	    (ng->tournament ? store_bind_int64(st, 9, ng->tournament) : sqlite3_bind_null(st, 9)) ||
	    (ng->led_by ? store_bind_int64(st, 10, ng->led_by) : sqlite3_bind_null(st, 10)))
		return store_failed(s, st, "new game: bind");
	if (store_exec(s, st, "new game") != STORE_OK)
		return STORE_ERROR;
	*id = store_last_id(s);
	return STORE_OK;
}

int store_games_insert(store *s, const struct store_new_game *ng, int64_t *id)
{
	/* The row and its dates are one write: in the caller's transaction,
	 * or in one of its own. */
	if (!sqlite3_get_autocommit(store_db(s)))
		return insert_in(s, ng, id);
	if (store_begin(s) != STORE_OK)
		return STORE_ERROR;
	if (insert_in(s, ng, id) != STORE_OK) {
		store_rollback(s);
		return STORE_ERROR;
	}
	return store_commit(s) == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* The pending series of a state as stored: a JSON array of ICCF texts
 * read from `pos` (where the series starts), in out (room for len). */
static void series_json(const struct corr_state *cs, char *out, size_t len)
{
	size_t at = (size_t)snprintf(out, len, "[");
	for (size_t i = 0; i < cs->nseries && at < len; i++) {
		char iccf[ICCF_MAX];
		iccf_write(cs->series[i], iccf);
		at += (size_t)snprintf(out + at, len - at, "%s\"%s\"", i ? "," : "", iccf);
	}
	if (at < len)
		snprintf(out + at, len - at, "]");
}

/* The parts of a delta of the rules issue: the corrected move dates and
 * the record (a notice, a reminder the player posted, a TL penalty), in
 * the caller's transaction.  STORE_OK or STORE_ERROR. */
static int apply_rules(store *s, const struct store_game_ref *sg, const struct corr_delta *d)
{
	static const char sql_fix[] =
	        "UPDATE moves SET received = ?, sent = ? WHERE game_id = ? AND ply = ?";
	static const char sql_notice[] =
	        "INSERT INTO notices (game_id, ply, color, days, on_date) VALUES (?, ?, ?, ?, ?)";
	static const char sql_reminder[] =
	        "INSERT INTO sweep_events (game_id, kind, user_id, ply, due, found_on, by_player)"
	        " VALUES (?, ?, ?, ?, ?, ?, ?)";
	static const char sql_penalty[] = "INSERT INTO penalties (game_id, color, days, reason, "
	                                  "on_date) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st;
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	for (size_t i = 0; i < d->nfixes; i++) {
		const struct corr_fix *f = &d->fixes[i];
		if (calendar_format(f->received, a, sizeof a) != CC_OK ||
		    calendar_format(f->sent, b, sizeof b) != CC_OK ||
		    !(st = store_stmt(s, sql_fix)))
			return STORE_ERROR;
		if (store_bind_text(st, 1, a) || store_bind_text(st, 2, b) ||
		    store_bind_int64(st, 3, sg->id) || store_bind_int64(st, 4, (int64_t)f->ply))
			return store_failed(s, st, "move dates: bind");
		if (store_exec(s, st, "move dates") != STORE_OK)
			return STORE_ERROR;
	}
	if (!d->has_record)
		return STORE_OK;
	const struct corr_record *r = &d->record;
	if (calendar_format(r->on, a, sizeof a) != CC_OK)
		return STORE_ERROR;
	switch (r->kind) {
	case CORR_REC_NOTICE:
		if (!(st = store_stmt(s, sql_notice)))
			return STORE_ERROR;
		if (store_bind_int64(st, 1, sg->id) || store_bind_int64(st, 2, r->ply) ||
		    store_bind_text(st, 3, corr_side_name(r->side)) ||
		    store_bind_int64(st, 4, r->days) || store_bind_text(st, 5, a))
			return store_failed(s, st, "notice: bind");
		break;
	case CORR_REC_REMINDER:
	case CORR_REC_TL_NOTICE:
		if (calendar_format(r->due != CLOCK_NO_DATE ? r->due : r->on, b, sizeof b) !=
		            CC_OK ||
		    !(st = store_stmt(s, sql_reminder)))
			return STORE_ERROR;
		if (store_bind_int64(st, 1, sg->id) ||
		    store_bind_text(st, 2,
		                    r->kind == CORR_REC_REMINDER ? "reminder" : "tl_notice") ||
		    store_bind_int64(st, 3, r->side == WHITE ? sg->white : sg->black) ||
		    store_bind_int64(st, 4, r->ply) || store_bind_text(st, 5, b) ||
		    store_bind_text(st, 6, a) || store_bind_int64(st, 7, r->by_player))
			return store_failed(s, st, "reminder: bind");
		break;
	case CORR_REC_PENALTY:
		if (!(st = store_stmt(s, sql_penalty)))
			return STORE_ERROR;
		if (store_bind_int64(st, 1, sg->id) ||
		    store_bind_text(st, 2, corr_side_name(r->side)) ||
		    store_bind_int64(st, 3, r->days) || store_bind_text(st, 4, r->reason) ||
		    store_bind_text(st, 5, a))
			return store_failed(s, st, "penalty: bind");
		break;
	default:
		return STORE_ERROR;
	}
	return store_exec(s, st, "record") == STORE_OK ? STORE_OK : STORE_ERROR;
}

struct store_game_ref store_games_ref(const struct store_game *sg)
{
	const struct corr_state *cs = &sg->g.state;
	struct store_game_ref r = {.id = sg->id,
	                           .rev = sg->g.rev,
	                           .nmoves = sg->g.nmoves,
	                           .white = sg->white,
	                           .black = sg->black,
	                           .status = cs->status,
	                           .finished_on = cs->finished_on};
	snprintf(r.result, sizeof r.result, "%s", cs->result);
	snprintf(r.termination, sizeof r.termination, "%s", cs->termination);
	snprintf(r.how, sizeof r.how, "%s", cs->how);
	snprintf(r.played, sizeof r.played, "%s", cs->played);
	return r;
}

int store_games_write(store *s, const struct store_game_ref *sg, const struct corr_delta *d,
                      int64_t actor)
{
	static const char sql_game[] =
	        "UPDATE games SET fen = ?1, status = ?2, result = ?3, termination = ?4,"
	        " draw_offer = ?5, finished_on = ?6, series_by = ?7, series = ?8, rev = rev + 1,"
	        " holiday_play = ?11, result_how = ?12, played_result = ?13"
	        " WHERE id = ?9 AND rev = ?10";
	/* The same without the ending's columns, for the change of a game
	 * whose ending stays (a move, most of all): a CHECK is evaluated only
	 * for the columns set, and games.result's (an IN of five texts)
	 * builds a table each time. */
	static const char sql_play[] =
	        "UPDATE games SET fen = ?1, draw_offer = ?5, series_by = ?7, series = ?8,"
	        " rev = rev + 1, holiday_play = ?11 WHERE id = ?9 AND rev = ?10";
	static const char sql_move[] =
	        "INSERT INTO moves (game_id, ply, iccf, san, uci, received, sent, days, series)"
	        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
	const struct corr_state *cs = &d->state;
	char series[SERIES_MAX * (ICCF_MAX + 3) + 8], finished[CALENDAR_ISO_LEN] = "";
	bool has_series = cs->series_by != CORR_NOBODY && cs->nseries > 0;
	if (has_series)
		series_json(cs, series, sizeof series);
	if (cs->status != CORR_ACTIVE && cs->finished_on != CLOCK_NO_DATE)
		calendar_format(cs->finished_on, finished, sizeof finished);
	bool ending_same = cs->status == sg->status && strcmp(cs->result, sg->result) == 0 &&
	                   strcmp(cs->termination, sg->termination) == 0 &&
	                   strcmp(cs->how, sg->how) == 0 && strcmp(cs->played, sg->played) == 0 &&
	                   (cs->status == CORR_ACTIVE || cs->finished_on == sg->finished_on);
	sqlite3_stmt *st = store_stmt(s, ending_same ? sql_play : sql_game);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, d->fen) ||
	    (!ending_same &&
	     (store_bind_text(st, 2, cs->status == CORR_ACTIVE ? "active" : "finished") ||
	      store_bind_text(st, 3, cs->result) ||
	      store_bind_text(st, 4, cs->termination[0] ? cs->termination : NULL))) ||
	    store_bind_text(
	            st, 5, cs->draw_offer != CORR_NOBODY ? corr_side_name(cs->draw_offer) : NULL) ||
	    (!ending_same && store_bind_text(st, 6, finished[0] ? finished : NULL)) ||
	    store_bind_text(st, 7, has_series ? corr_side_name(cs->series_by) : NULL) ||
	    store_bind_text(st, 8, has_series ? series : NULL) || store_bind_int64(st, 9, sg->id) ||
	    store_bind_int64(st, 10, sg->rev) || store_bind_int64(st, 11, cs->holiday_play) ||
	    (!ending_same && (store_bind_text(st, 12, cs->how[0] ? cs->how : NULL) ||
	                      store_bind_text(st, 13, cs->played[0] ? cs->played : NULL))))
		return store_failed(s, st, "game update: bind");
	if (store_exec(s, st, "game update") != STORE_OK)
		return STORE_ERROR;
	if (store_changes(s) != 1)
		return STORE_STALE; /* another write came first: nothing of this one */
	for (size_t i = 0; i < d->nrows; i++) {
		const struct corr_move *r = &d->rows[i];
		char received[CALENDAR_ISO_LEN], sent[CALENDAR_ISO_LEN];
		if (calendar_format(r->received, received, sizeof received) != CC_OK ||
		    calendar_format(r->sent, sent, sizeof sent) != CC_OK)
			return STORE_ERROR;
		if (!(st = store_stmt(s, sql_move)))
			return STORE_ERROR;
		if (store_bind_int64(st, 1, sg->id) ||
		    store_bind_int64(st, 2, (int64_t)(sg->nmoves + 1 + i)) ||
		    store_bind_text(st, 3, r->iccf) || store_bind_text(st, 4, r->san) ||
		    store_bind_text(st, 5, r->uci) || store_bind_text(st, 6, received) ||
		    store_bind_text(st, 7, sent) || store_bind_int64(st, 8, r->days) ||
		    store_bind_int64(st, 9, r->kind))
			return store_failed(s, st, "move: bind");
		int rc = store_exec(s, st, "move");
		if (rc == STORE_CONFLICT)
			return STORE_STALE;
		if (rc != STORE_OK)
			return STORE_ERROR;
	}
	if (apply_rules(s, sg, d) != STORE_OK)
		return STORE_ERROR;
	if (d->action[0] && store_audit(s, actor, sg->id, d->action, d->detail) != STORE_OK)
		return STORE_ERROR;
	return STORE_OK;
}

int store_games_active(store *s, int64_t **ids, size_t *n)
{
	static const char sql[] = "SELECT id FROM games WHERE status = 'active' ORDER BY id";
	struct store_q q;
	store_q_open(&q, s, sql, "active games");
	return store_q_ids(&q, ids, n);
}

/* The games of a player (issue 26: the one place that says it): the
 * conditions of a struct store_games_filter, bound ?1 .. ?5, for the
 * games he plays as `side` (white or black). */
#define OF_SIDE(side)                                                                              \
	" FROM games g WHERE g." side " = ?1 AND g.id < ?2"                                        \
	" AND (?3 = 0 OR g.status = 'active') AND (?4 = 0 OR g.tournament_id = ?4)"                \
	" AND (?5 IS NULL OR g.status = 'active' OR COALESCE(g.finished_on, g.start_date) >= ?5)"

/* The ids of the first ?6 of them in the order dir: each side a walk of
 * its index (games_white, games_black: (player, id)) in that order that
 * stops after ?6, then the two merged, so a page costs its length, not
 * the player's number of games (an OR of the two sorted them all). */
#define PLAYER_IDS(dir)                                                                            \
	"SELECT id FROM (SELECT g.id" OF_SIDE(                                                     \
	        "white") " ORDER BY g.id " dir " LIMIT ?6)"                                        \
	                 " UNION ALL SELECT id FROM (SELECT g.id" OF_SIDE(                         \
	                         "black") " ORDER BY g.id " dir " LIMIT ?6) ORDER BY id " dir      \
	                                  " LIMIT ?6"

/* The summary's columns (struct store_game_summary), without a replay:
 * the row, the players, the last move (its ply is the primary key's
 * last) and the forfeit date of the side to move from game_deadlines
 * (kind 2, migration 0016). */
#define SUMMARY_COLS                                                                               \
	"SELECT g.id, g.rev, g.event, g.profile, g.start_date, g.tournament_id, g.white, w.name,"  \
	" w.role, g.black, b.name, b.role, g.status, g.result, g.termination, g.draw_offer,"       \
	" g.fen, m.ply, m.san, m.iccf, m.sent,"                                                    \
	" (SELECT d.due FROM game_deadlines d WHERE d.game_id = g.id AND d.kind = 2"               \
	"  AND d.side = (instr(g.fen, ' b ') > 0))"                                                \
	" FROM games g JOIN users w ON w.id = g.white JOIN users b ON b.id = g.black"              \
	" LEFT JOIN moves m ON m.game_id = g.id AND m.ply ="                                       \
	"  (SELECT max(ply) FROM moves x WHERE x.game_id = g.id)"                                  \
	" WHERE g.id IN ("

/* The binds of f and max into st: 0, or an SQLite code. */
static int bind_filter(sqlite3_stmt *st, const struct store_games_filter *f, size_t max)
{
	return store_bind_int64(st, 1, f->player) ||
	       store_bind_int64(st, 2, f->before > 0 ? f->before : INT64_MAX) ||
	       store_bind_int64(st, 3, f->active) || store_bind_int64(st, 4, f->tournament) ||
	       store_bind_text(st, 5, f->since) ||
	       store_bind_int64(st, 6, max < (size_t)INT64_MAX ? (int64_t)max : INT64_MAX);
}

static void read_summary(sqlite3_stmt *st, struct store_game_summary *g)
{
	char text[16];
	memset(g, 0, sizeof *g);
	g->id = sqlite3_column_int64(st, 0);
	g->rev = sqlite3_column_int64(st, 1);
	g->has_event = sqlite3_column_type(st, 2) != SQLITE_NULL;
	store_col_text(st, 2, g->event, sizeof g->event);
	store_col_text(st, 3, g->profile, sizeof g->profile);
	store_col_text(st, 4, g->start_date, sizeof g->start_date);
	g->tournament = sqlite3_column_int64(st, 5);
	g->white = sqlite3_column_int64(st, 6);
	store_col_text(st, 7, g->white_name, sizeof g->white_name);
	store_col_text(st, 8, g->white_role, sizeof g->white_role);
	g->black = sqlite3_column_int64(st, 9);
	store_col_text(st, 10, g->black_name, sizeof g->black_name);
	store_col_text(st, 11, g->black_role, sizeof g->black_role);
	store_col_text(st, 12, text, sizeof text);
	g->active = strcmp(text, "active") == 0;
	store_col_text(st, 13, g->result, sizeof g->result);
	store_col_text(st, 14, g->termination, sizeof g->termination);
	g->draw_offer = side_col(st, 15);
	const char *fen = (const char *)sqlite3_column_text(st, 16);
	const char *sp = fen ? strchr(fen, ' ') : NULL;
	g->to_move = sp && sp[1] == 'b' ? BLACK : WHITE;
	g->plies = sqlite3_column_int(st, 17); /* NULL (no move) reads 0 */
	store_col_text(st, 18, g->last_san, sizeof g->last_san);
	store_col_text(st, 19, g->last_iccf, sizeof g->last_iccf);
	store_col_text(st, 20, g->last_sent, sizeof g->last_sent);
	g->forfeit_on = sqlite3_column_type(st, 21) == SQLITE_NULL
	                        ? CLOCK_NO_DATE
	                        : (int32_t)sqlite3_column_int64(st, 21);
}

/* The ids, or the summaries, of the games f selects, at most max. */
static int of_player(store *s, const struct store_games_filter *f, size_t max, int64_t **ids,
                     struct store_game_summary **sums, size_t *n)
{
	static const char sql_new[] = PLAYER_IDS("DESC");
	static const char sql_old[] = PLAYER_IDS("ASC");
	static const char sum_new[] = SUMMARY_COLS PLAYER_IDS("DESC") ") ORDER BY g.id DESC";
	static const char sum_old[] = SUMMARY_COLS PLAYER_IDS("ASC") ") ORDER BY g.id";
	const char *sql = sums ? (f->oldest_first ? sum_old : sum_new)
	                       : (f->oldest_first ? sql_old : sql_new);
	size_t cap = 0, elem = sums ? sizeof **sums : sizeof **ids;
	char *v = NULL;
	*n = 0;
	if (ids)
		*ids = NULL;
	if (sums)
		*sums = NULL;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (bind_filter(st, f, max))
		return store_failed(s, st, "games of a player: bind");
	int rc;
	while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (ALLOC_GROW(v, (*n + 1) * elem, cap) != 0) { /* cap: bytes */
			free(v);
			sqlite3_reset(st);
			*n = 0;
			return STORE_ERROR;
		}
		if (sums)
			read_summary(st, (struct store_game_summary *)(void *)v + *n);
		else
			((int64_t *)(void *)v)[*n] = sqlite3_column_int64(st, 0);
		(*n)++;
	}
	if (*n < max && rc != SQLITE_DONE) {
		free(v);
		*n = 0;
		return store_failed(s, st, "games of a player");
	}
	sqlite3_reset(st);
	if (sums)
		*sums = (struct store_game_summary *)(void *)v;
	else
		*ids = (int64_t *)(void *)v;
	return STORE_OK;
}

int store_games_of(store *s, const struct store_games_filter *f, size_t max, int64_t **ids,
                   size_t *n)
{
	return of_player(s, f, max, ids, NULL, n);
}

int store_games_bump_lists(store *s, int64_t id)
{
	/* An upsert, as 0039's triggers write the rows. */
	static const char sql[] = "INSERT INTO list_revs (user_id, value)"
	                          " SELECT white, 1 FROM games WHERE id = ?1"
	                          " UNION ALL SELECT black, 1 FROM games WHERE id = ?1"
	                          " ON CONFLICT (user_id) DO UPDATE SET value = value + 1";
	struct store_q q;
	store_q_open(&q, s, sql, "game lists' revision");
	store_q_int(&q, id);
	store_q_exec(&q);
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_games_shown(store *s, int64_t id, struct store_game_shown *out)
{
	/* A missing revision row reads -1: the triggers' upsert makes it 1
	 * at its first bump, so the key still changes. */
	static const char sql[] =
	        "SELECT g.white, g.black, g.rev,"
	        " coalesce((SELECT value FROM list_revs WHERE user_id = g.white), -1),"
	        " coalesce((SELECT value FROM list_revs WHERE user_id = g.black), -1),"
	        " coalesce((SELECT value FROM counters WHERE name = 'games_listed'), -1)"
	        " FROM games g WHERE g.id = ?";
	struct read_memo *m = store_read_memo(s);
	struct memo_shown *e = m ? &m->shown[(uint64_t)id % MEMO_SHOWN] : NULL;
	if (e && e->snap == m->snap && e->id == id) {
		*out = e->shown;
		return STORE_OK;
	}
	struct store_q q;
	memset(out, 0, sizeof *out);
	bool found = false;
	store_q_open(&q, s, sql, "game's revisions");
	store_q_int(&q, id);
	if (store_q_row(&q)) {
		found = true;
		out->white = sqlite3_column_int64(q.st, 0);
		out->black = sqlite3_column_int64(q.st, 1);
		out->rev = sqlite3_column_int64(q.st, 2);
		out->white_rev = sqlite3_column_int64(q.st, 3);
		out->black_rev = sqlite3_column_int64(q.st, 4);
		out->names_rev = sqlite3_column_int64(q.st, 5);
	}
	int rc = store_q_found(&q, found);
	if (e && rc == STORE_OK) {
		e->snap = m->snap;
		e->id = id;
		e->shown = *out;
	}
	return rc;
}

int store_games_listed_rev(store *s, int64_t player, int64_t *mine, int64_t *names)
{
	static const char sql[] =
	        "SELECT coalesce((SELECT value FROM list_revs WHERE user_id = ?1), 0),"
	        " (SELECT value FROM counters WHERE name = 'games_listed')";
	struct store_q q;
	*mine = *names = 0;
	store_q_open(&q, s, sql, "game list's revision");
	store_q_int(&q, player);
	if (store_q_row(&q)) {
		*mine = sqlite3_column_int64(q.st, 0);
		*names = sqlite3_column_int64(q.st, 1);
	}
	return store_q_end(&q);
}

int store_games_summaries(store *s, const struct store_games_filter *f, size_t max,
                          struct store_game_summary **out, size_t *n)
{
	return of_player(s, f, max, NULL, out, n);
}

void store_games_cache_keep(store *s, const struct store_game *sg)
{
	char fen[FEN_MAX];
	if (store_writing(s) || !sg->g.chess)
		return;
	fen_write(corr_position(&sg->g), fen, sizeof fen);
	/* with the clock the change computed (svc's move path), under its key */
	struct game_cache_clock k = {0};
	unsigned char local[KEY_LOCAL];
	unsigned char *key = sg->clock.days ? clock_key_of(sg, sg->clock.on, local, &k.nkey) : NULL;
	if (key) {
		k.on = sg->clock.on;
		k.key = key;
		k.res = sg->clock.res;
		k.days = sg->clock.days;
		k.memo = sg->clock.memo;
	}
	game_cache_put(store_game_cache(s), sg->id, sg->g.rev, fen, &sg->g, key ? &k : NULL);
	if (key != local)
		free(key);
}

void store_games_cache_stats(store *s, struct store_games_cache *out)
{
	struct game_cache_stats c;
	game_cache_stats(store_game_cache(s), &c);
	out->hits = c.hits;
	out->misses = c.misses;
	out->entries = c.entries;
	out->bytes = c.bytes;
	out->budget = c.budget;
}

int store_games_touch(store *s, int64_t id)
{
	static const char sql[] = "UPDATE games SET rev = rev + 1 WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "game touch: bind");
	return store_exec(s, st, "game touch") == STORE_OK ? STORE_OK : STORE_ERROR;
}
