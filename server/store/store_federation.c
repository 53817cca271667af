/* store/store_federation.c: members, fees, sanctions, appeals, a tournament's
 * TL (store/store_federation.h). */
#include "autoconfig.h"
#include "store/store_federation.h"

#include <stdio.h>
#include <string.h>

#include "store/internal.h"

/* Binds text v, or NULL for "". */
static int bind_opt(sqlite3_stmt *st, int i, const char *v)
{
	return v && *v ? store_bind_text(st, i, v) : sqlite3_bind_null(st, i);
}

int store_members_get(store *s, int64_t id, struct store_memberinfo *m)
{
	static const char sql[] =
	        "SELECT membership, member_no, club, birth_date FROM users WHERE id = ?";
	memset(m, 0, sizeof *m);
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "member: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "member");
	store_col_text(st, 0, m->membership, sizeof m->membership);
	store_col_text(st, 1, m->member_no, sizeof m->member_no);
	store_col_text(st, 2, m->club, sizeof m->club);
	store_col_text(st, 3, m->birth_date, sizeof m->birth_date);
	sqlite3_reset(st);
	return STORE_OK;
}

int store_members_set(store *s, int64_t id, const struct store_memberinfo *m)
{
	static const char sql[] = "UPDATE users SET membership = ?, member_no = ?, club = ?,"
	                          " birth_date = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (bind_opt(st, 1, m->membership) || bind_opt(st, 2, m->member_no) ||
	    bind_opt(st, 3, m->club) || bind_opt(st, 4, m->birth_date) ||
	    store_bind_int64(st, 5, id))
		return store_failed(s, st, "member set: bind");
	if (store_exec(s, st, "member set") != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_NOT_FOUND;
}

int store_members_groups(store *s, int64_t user, int *n)
{
	static const char sql[] =
	        "SELECT (SELECT count(*) FROM tournament_players p JOIN tournaments t"
	        " ON t.id = p.tournament_id WHERE p.user_id = ?1 AND (t.class IS NOT NULL OR"
	        " t.parent_id IS NOT NULL)) + (SELECT count(*) FROM entries"
	        " WHERE user_id = ?1 AND tournament_id IS NULL)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user))
		return store_failed(s, st, "member groups: bind");
	if (sqlite3_step(st) != SQLITE_ROW)
		return store_failed(s, st, "member groups");
	*n = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return STORE_OK;
}

/* ---- entries ---- */

int store_entries_get(store *s, int64_t id, struct store_entry *e)
{
	static const char sql[] = "SELECT id, user_id, class, valid_on, COALESCE(tournament_id, 0),"
	                          " COALESCE(fee_received_on, ''), COALESCE(proof, '')"
	                          " FROM entries WHERE id = ?";
	memset(e, 0, sizeof *e);
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "entry: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "entry");
	e->id = sqlite3_column_int64(st, 0);
	e->user = sqlite3_column_int64(st, 1);
	store_col_text(st, 2, e->cls, sizeof e->cls);
	store_col_text(st, 3, e->valid_on, sizeof e->valid_on);
	e->tournament = sqlite3_column_int64(st, 4);
	store_col_text(st, 5, e->fee_received_on, sizeof e->fee_received_on);
	store_col_text(st, 6, e->proof, sizeof e->proof);
	sqlite3_reset(st);
	return STORE_OK;
}

int store_entries_set_fee(store *s, int64_t id, const char *day)
{
	static const char sql[] = "UPDATE entries SET fee_received_on = ? WHERE id = ?"
	                          " AND fee_received_on IS NULL AND tournament_id IS NULL";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, day) || store_bind_int64(st, 2, id))
		return store_failed(s, st, "entry fee: bind");
	if (store_exec(s, st, "entry fee") != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_CONFLICT;
}

/* ---- sanctions and decisions ---- */

int store_sanctions_of(store *s, int64_t user, struct store_sanction *out, size_t max, size_t *n)
{
	static const char sql[] =
	        "SELECT id, tournament_id, kind, notified_on, COALESCE(months, 0), decided_role,"
	        " about FROM tl_decisions WHERE player_id = ? AND kind <> 'ruling'"
	        " ORDER BY notified_on, id";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user))
		return store_failed(s, st, "sanctions: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct store_sanction *x = &out[(*n)++];
		memset(x, 0, sizeof *x);
		x->decision = sqlite3_column_int64(st, 0);
		x->tournament = sqlite3_column_int64(st, 1);
		store_col_text(st, 2, x->kind, sizeof x->kind);
		store_col_text(st, 3, x->notified_on, sizeof x->notified_on);
		x->months = sqlite3_column_int(st, 4);
		store_col_text(st, 5, x->decided_role, sizeof x->decided_role);
		store_col_text(st, 6, x->about, sizeof x->about);
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_failed(s, st, "sanctions");
	sqlite3_reset(st);
	return STORE_OK;
}

int store_decisions_get(store *s, int64_t id, struct store_decision *d)
{
	static const char sql[] = "SELECT id, tournament_id, notified_on, about, kind,"
	                          " COALESCE(player_id, 0), COALESCE(months, 0), decided_role"
	                          " FROM tl_decisions WHERE id = ?";
	memset(d, 0, sizeof *d);
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "decision: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "decision");
	d->id = sqlite3_column_int64(st, 0);
	d->tournament = sqlite3_column_int64(st, 1);
	store_col_text(st, 2, d->notified_on, sizeof d->notified_on);
	store_col_text(st, 3, d->about, sizeof d->about);
	store_col_text(st, 4, d->kind, sizeof d->kind);
	d->player = sqlite3_column_int64(st, 5);
	d->months = sqlite3_column_int(st, 6);
	store_col_text(st, 7, d->decided_role, sizeof d->decided_role);
	sqlite3_reset(st);
	return STORE_OK;
}

int store_decisions_set_months(store *s, int64_t id, int months)
{
	static const char sql[] = "UPDATE tl_decisions SET months = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, months) || store_bind_int64(st, 2, id))
		return store_failed(s, st, "decision months: bind");
	return store_exec(s, st, "decision months");
}

/* ---- appeals ---- */

#define APPEAL_COLS                                                                                \
	"a.id, a.decision_id, d.tournament_id, a.appellant_id, a.body, a.filed_on, a.grounds,"     \
	" COALESCE(a.ruling, ''), COALESCE(a.ruling_text, ''), COALESCE(a.ruled_on, '')"           \
	" FROM appeals a JOIN tl_decisions d ON d.id = a.decision_id"

static void read_appeal(sqlite3_stmt *st, struct store_appeal *a)
{
	memset(a, 0, sizeof *a);
	a->id = sqlite3_column_int64(st, 0);
	a->decision = sqlite3_column_int64(st, 1);
	a->tournament = sqlite3_column_int64(st, 2);
	a->appellant = sqlite3_column_int64(st, 3);
	store_col_text(st, 4, a->body, sizeof a->body);
	store_col_text(st, 5, a->filed_on, sizeof a->filed_on);
	store_col_text(st, 6, a->grounds, sizeof a->grounds);
	store_col_text(st, 7, a->ruling, sizeof a->ruling);
	store_col_text(st, 8, a->ruling_text, sizeof a->ruling_text);
	store_col_text(st, 9, a->ruled_on, sizeof a->ruled_on);
}

int store_appeals_insert(store *s, struct store_appeal *a, int64_t filed_by)
{
	static const char sql[] = "INSERT INTO appeals (decision_id, appellant_id, body, filed_on,"
	                          " grounds, filed_by) VALUES (?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, a->decision) || store_bind_int64(st, 2, a->appellant) ||
	    store_bind_text(st, 3, a->body) || store_bind_text(st, 4, a->filed_on) ||
	    store_bind_text(st, 5, a->grounds) ||
	    (filed_by ? store_bind_int64(st, 6, filed_by) : sqlite3_bind_null(st, 6)))
		return store_failed(s, st, "appeal: bind");
	if (store_exec(s, st, "appeal") != STORE_OK)
		return STORE_ERROR;
	a->id = store_last_id(s);
	return STORE_OK;
}

int store_appeals_get(store *s, int64_t id, struct store_appeal *a)
{
	static const char sql[] = "SELECT " APPEAL_COLS " WHERE a.id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "appeal get: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "appeal get");
	read_appeal(st, a);
	sqlite3_reset(st);
	return STORE_OK;
}

/* Reads the rows of st into out, at most max. */
static int read_appeals(store *s, sqlite3_stmt *st, struct store_appeal *out, size_t max, size_t *n)
{
	int rc;
	*n = 0;
	while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
		read_appeal(st, &out[(*n)++]);
	if (*n < max && rc != SQLITE_DONE)
		return store_failed(s, st, "appeals");
	sqlite3_reset(st);
	return STORE_OK;
}

int store_appeals_list(store *s, int64_t decision, int64_t user, struct store_appeal *out,
                       size_t max, size_t *n)
{
	static const char sql[] = "SELECT " APPEAL_COLS " WHERE (?1 > 0 AND a.decision_id = ?1)"
	                          " OR (?2 > 0 AND d.player_id = ?2) ORDER BY a.id";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, decision) || store_bind_int64(st, 2, user))
		return store_failed(s, st, "appeals: bind");
	return read_appeals(s, st, out, max, n);
}

int store_appeals_pending(store *s, int64_t after, struct store_appeal *out, size_t max, size_t *n)
{
	static const char sql[] = "SELECT " APPEAL_COLS " WHERE a.ruling IS NULL AND a.id > ?"
	                          " ORDER BY a.id LIMIT ?";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, after > 0 ? after : 0) || store_bind_int64(st, 2, (int64_t)max))
		return store_failed(s, st, "pending appeals: bind");
	return read_appeals(s, st, out, max, n);
}

int store_appeals_rule(store *s, int64_t id, const char *ruling, const char *text, const char *on,
                       int64_t by)
{
	static const char sql[] = "UPDATE appeals SET ruling = ?, ruling_text = ?, ruled_on = ?,"
	                          " ruled_by = ? WHERE id = ? AND ruling IS NULL";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, ruling) || store_bind_text(st, 2, text) ||
	    store_bind_text(st, 3, on) ||
	    (by ? store_bind_int64(st, 4, by) : sqlite3_bind_null(st, 4)) ||
	    store_bind_int64(st, 5, id))
		return store_failed(s, st, "appeal ruling: bind");
	if (store_exec(s, st, "appeal ruling") != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_CONFLICT;
}

int store_tournaments_set_tl(store *s, int64_t id, int64_t tl)
{
	static const char sql[] = "UPDATE tournaments SET tl_id = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tl) || store_bind_int64(st, 2, id))
		return store_failed(s, st, "tournament tl: bind");
	if (store_exec(s, st, "tournament tl") != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_NOT_FOUND;
}

/* ---- editions ---- */

int store_editions_get(store *s, const char *kind, int year, char *start)
{
	static const char sql[] = "SELECT start_on FROM editions WHERE kind = ? AND year = ?";
	start[0] = '\0';
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, kind) || store_bind_int64(st, 2, year))
		return store_failed(s, st, "edition: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		store_col_text(st, 0, start, CALENDAR_ISO_LEN);
	else if (rc != SQLITE_DONE)
		return store_failed(s, st, "edition");
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? STORE_OK : STORE_NOT_FOUND;
}

int store_editions_set(store *s, const char *kind, int year, const char *start, int64_t by)
{
	static const char sql[] = "INSERT OR REPLACE INTO editions (kind, year, start_on, set_by)"
	                          " VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, kind) || store_bind_int64(st, 2, year) ||
	    store_bind_text(st, 3, start) ||
	    (by ? store_bind_int64(st, 4, by) : sqlite3_bind_null(st, 4)))
		return store_failed(s, st, "edition set: bind");
	return store_exec(s, st, "edition set");
}

/* ---- team captains and reserves ---- */

int store_captains_set(store *s, int64_t t, const char *team, int64_t user, int64_t by)
{
	static const char sql[] = "INSERT OR REPLACE INTO team_captains (tournament_id, team,"
	                          " user_id, set_by) VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, t) || store_bind_text(st, 2, team) ||
	    store_bind_int64(st, 3, user) ||
	    (by ? store_bind_int64(st, 4, by) : sqlite3_bind_null(st, 4)))
		return store_failed(s, st, "captain: bind");
	return store_exec(s, st, "captain");
}

int store_captains_get(store *s, int64_t t, const char *team, int64_t *user)
{
	static const char sql[] =
	        "SELECT user_id FROM team_captains WHERE tournament_id = ? AND team = ?";
	*user = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, t) || store_bind_text(st, 2, team))
		return store_failed(s, st, "captain get: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*user = sqlite3_column_int64(st, 0);
	else if (rc != SQLITE_DONE)
		return store_failed(s, st, "captain get");
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? STORE_OK : STORE_NOT_FOUND;
}

#define RESERVE_COLS                                                                               \
	"id, tournament_id, team, original_id, reserve_id, COALESCE(requested_by, 0),"             \
	" requested_on, status, COALESCE(approved_on, ''), COALESCE(stop_from, ''),"               \
	" COALESCE(stop_to, '') FROM team_reserves"

static void read_reserve(sqlite3_stmt *st, struct store_reserve *r)
{
	memset(r, 0, sizeof *r);
	r->id = sqlite3_column_int64(st, 0);
	r->tournament = sqlite3_column_int64(st, 1);
	store_col_text(st, 2, r->team, sizeof r->team);
	r->original = sqlite3_column_int64(st, 3);
	r->reserve = sqlite3_column_int64(st, 4);
	r->requested_by = sqlite3_column_int64(st, 5);
	store_col_text(st, 6, r->requested_on, sizeof r->requested_on);
	store_col_text(st, 7, r->status, sizeof r->status);
	store_col_text(st, 8, r->approved_on, sizeof r->approved_on);
	store_col_text(st, 9, r->stop_from, sizeof r->stop_from);
	store_col_text(st, 10, r->stop_to, sizeof r->stop_to);
}

int store_reserves_insert(store *s, struct store_reserve *r)
{
	static const char sql[] = "INSERT INTO team_reserves (tournament_id, team, original_id,"
	                          " reserve_id, requested_by, requested_on, stop_from, stop_to)"
	                          " VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, r->tournament) || store_bind_text(st, 2, r->team) ||
	    store_bind_int64(st, 3, r->original) || store_bind_int64(st, 4, r->reserve) ||
	    (r->requested_by ? store_bind_int64(st, 5, r->requested_by)
	                     : sqlite3_bind_null(st, 5)) ||
	    store_bind_text(st, 6, r->requested_on) || bind_opt(st, 7, r->stop_from) ||
	    bind_opt(st, 8, r->stop_to))
		return store_failed(s, st, "reserve: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_CONSTRAINT) {
		sqlite3_reset(st);
		return STORE_CONFLICT;
	}
	if (rc != SQLITE_DONE)
		return store_failed(s, st, "reserve");
	sqlite3_reset(st);
	r->id = store_last_id(s);
	return STORE_OK;
}

int store_reserves_get(store *s, int64_t id, struct store_reserve *r)
{
	static const char sql[] = "SELECT " RESERVE_COLS " WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "reserve get: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "reserve get");
	read_reserve(st, r);
	sqlite3_reset(st);
	return STORE_OK;
}

int store_reserves_list(store *s, int64_t t, const char *team, struct store_reserve *out,
                        size_t max, size_t *n)
{
	static const char sql[] = "SELECT " RESERVE_COLS " WHERE tournament_id = ?1"
	                          " AND (?2 IS NULL OR team = ?2) ORDER BY id";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, t) || bind_opt(st, 2, team))
		return store_failed(s, st, "reserves: bind");
	int rc;
	while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
		read_reserve(st, &out[(*n)++]);
	if (*n < max && rc != SQLITE_DONE)
		return store_failed(s, st, "reserves");
	sqlite3_reset(st);
	return STORE_OK;
}

int store_reserves_approve(store *s, const struct store_reserve *r, int64_t by, int64_t *ids,
                           size_t max, size_t *n)
{
	static const char approve[] =
	        "UPDATE team_reserves SET status = 'approved', approved_by = ?, approved_on = ?,"
	        " stop_from = ?, stop_to = ? WHERE id = ? AND status = 'pending'";
	static const char games[] = "SELECT id FROM games WHERE tournament_id = ?1 AND status ="
	                            " 'active' AND (white = ?2 OR black = ?2) ORDER BY id";
	static const char swap_w[] =
	        "UPDATE games SET white = ?3, rev = rev + 1"
	        " WHERE tournament_id = ?1 AND status = 'active' AND white = ?2";
	static const char swap_b[] =
	        "UPDATE games SET black = ?3, rev = rev + 1"
	        " WHERE tournament_id = ?1 AND status = 'active' AND black = ?2";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, approve);
	if (!st)
		return STORE_ERROR;
	if ((by ? store_bind_int64(st, 1, by) : sqlite3_bind_null(st, 1)) ||
	    store_bind_text(st, 2, r->approved_on) || store_bind_text(st, 3, r->stop_from) ||
	    store_bind_text(st, 4, r->stop_to) || store_bind_int64(st, 5, r->id))
		return store_failed(s, st, "reserve approve: bind");
	if (store_exec(s, st, "reserve approve") != STORE_OK)
		return STORE_ERROR;
	if (store_changes(s) != 1)
		return STORE_CONFLICT;
	if (!(st = store_stmt(s, games)))
		return STORE_ERROR;
	if (store_bind_int64(st, 1, r->tournament) || store_bind_int64(st, 2, r->original))
		return store_failed(s, st, "reserve games: bind");
	int rc;
	while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
		ids[(*n)++] = sqlite3_column_int64(st, 0);
	if (*n < max && rc != SQLITE_DONE)
		return store_failed(s, st, "reserve games");
	sqlite3_reset(st);
	const char *swaps[2] = {swap_w, swap_b};
	for (int i = 0; i < 2; i++) {
		if (!(st = store_stmt(s, swaps[i])))
			return STORE_ERROR;
		if (store_bind_int64(st, 1, r->tournament) ||
		    store_bind_int64(st, 2, r->original) || store_bind_int64(st, 3, r->reserve))
			return store_failed(s, st, "reserve swap: bind");
		if (store_exec(s, st, "reserve swap") != STORE_OK)
			return STORE_ERROR;
	}
	return STORE_OK;
}

/* ---- connection losses ---- */

static void read_loss(sqlite3_stmt *st, struct store_connection_loss *c)
{
	memset(c, 0, sizeof *c);
	c->id = sqlite3_column_int64(st, 0);
	c->tournament = sqlite3_column_int64(st, 1);
	c->user = sqlite3_column_int64(st, 2);
	store_col_text(st, 3, c->lost_on, sizeof c->lost_on);
	store_col_text(st, 4, c->restored_on, sizeof c->restored_on);
}

int store_connection_loss_open(store *s, int64_t tournament, int64_t user,
                               struct store_connection_loss *c)
{
	static const char sql[] =
	        "SELECT id, tournament_id, user_id, lost_on,"
	        " COALESCE(restored_on, '') FROM connection_losses"
	        " WHERE tournament_id = ? AND user_id = ? AND restored_on IS NULL";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tournament) || store_bind_int64(st, 2, user))
		return store_failed(s, st, "connection loss: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		read_loss(st, c);
	else if (rc != SQLITE_DONE)
		return store_failed(s, st, "connection loss");
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? STORE_OK : STORE_NOT_FOUND;
}

int store_connection_loss_record(store *s, struct store_connection_loss *c, int64_t by)
{
	static const char ins[] = "INSERT INTO connection_losses (tournament_id, user_id, lost_on,"
	                          " restored_on, recorded_by) VALUES (?, ?, ?, ?, ?)";
	static const char upd[] = "UPDATE connection_losses SET restored_on = ? WHERE id = ?";
	struct store_connection_loss open;
	int rc = store_connection_loss_open(s, c->tournament, c->user, &open);
	if (rc == STORE_ERROR)
		return rc;
	if (rc == STORE_OK && c->restored_on[0] && !c->lost_on[0]) {
		sqlite3_stmt *st = store_stmt(s, upd);
		if (!st)
			return STORE_ERROR;
		if (store_bind_text(st, 1, c->restored_on) || store_bind_int64(st, 2, open.id))
			return store_failed(s, st, "connection restored: bind");
		if (store_exec(s, st, "connection restored") != STORE_OK)
			return STORE_ERROR;
		c->id = open.id;
		snprintf(c->lost_on, sizeof c->lost_on, "%s", open.lost_on);
		return STORE_OK;
	}
	if (!c->lost_on[0])
		return STORE_NOT_FOUND;
	sqlite3_stmt *st = store_stmt(s, ins);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, c->tournament) || store_bind_int64(st, 2, c->user) ||
	    store_bind_text(st, 3, c->lost_on) || bind_opt(st, 4, c->restored_on) ||
	    (by ? store_bind_int64(st, 5, by) : sqlite3_bind_null(st, 5)))
		return store_failed(s, st, "connection loss record: bind");
	if (store_exec(s, st, "connection loss record") != STORE_OK)
		return STORE_ERROR;
	c->id = store_last_id(s);
	return STORE_OK;
}

int store_connection_losses_open(store *s, int64_t tl, int64_t tournament,
                                 struct store_connection_loss *out, size_t max, size_t *n)
{
	static const char sql[] =
	        "SELECT c.id, c.tournament_id, c.user_id, c.lost_on, '' FROM connection_losses c"
	        " JOIN tournaments t ON t.id = c.tournament_id WHERE c.restored_on IS NULL"
	        " AND (?1 = 0 OR t.tl_id = ?1) AND (?2 = 0 OR t.id = ?2)"
	        " ORDER BY c.lost_on, c.id LIMIT ?3";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tl) || store_bind_int64(st, 2, tournament) ||
	    store_bind_int64(st, 3, (int64_t)max))
		return store_failed(s, st, "open losses: bind");
	int rc;
	while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
		read_loss(st, &out[(*n)++]);
	if (*n < max && rc != SQLITE_DONE)
		return store_failed(s, st, "open losses");
	sqlite3_reset(st);
	return STORE_OK;
}

/* ---- the rating list ---- */

int store_members_last_rated(store *s, int64_t user, char *day)
{
	static const char sql[] =
	        "SELECT COALESCE(max(d), '') FROM (SELECT finished_on AS d FROM rating_steps"
	        " WHERE user_id = ?1 UNION ALL SELECT reported_on FROM rating_foreign"
	        " WHERE user_id = ?1 AND new IS NOT NULL)";
	day[0] = '\0';
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user))
		return store_failed(s, st, "last rated: bind");
	if (sqlite3_step(st) != SQLITE_ROW)
		return store_failed(s, st, "last rated");
	store_col_text(st, 0, day, CALENDAR_ISO_LEN);
	sqlite3_reset(st);
	return STORE_OK;
}
