/* store/store_federation.c: members, fees, sanctions, appeals, a tournament's
 * TL (store/store_federation.h).  Every query through the helper of
 * store/internal.h (issue 26). */
#include "autoconfig.h"
#include "store/store_federation.h"

#include <stdio.h>
#include <string.h>

#include "store/internal.h"

/* Binds the next parameter: text v, or NULL for "". */
static void q_opt(struct store_q *q, const char *v)
{
	store_q_text(q, v && *v ? v : NULL);
}

int store_members_get(store *s, int64_t id, struct store_memberinfo *m)
{
	static const char sql[] =
	        "SELECT membership, member_no, club, birth_date FROM users WHERE id = ?";
	struct store_q q;
	memset(m, 0, sizeof *m);
	store_q_open(&q, s, sql, "member");
	store_q_int(&q, id);
	bool found = store_q_row(&q);
	if (found) {
		store_col_text(q.st, 0, m->membership, sizeof m->membership);
		store_col_text(q.st, 1, m->member_no, sizeof m->member_no);
		store_col_text(q.st, 2, m->club, sizeof m->club);
		store_col_text(q.st, 3, m->birth_date, sizeof m->birth_date);
	}
	return store_q_found(&q, found);
}

int store_members_set(store *s, int64_t id, const struct store_memberinfo *m)
{
	static const char sql[] = "UPDATE users SET membership = ?, member_no = ?, club = ?,"
	                          " birth_date = ? WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "member set");
	q_opt(&q, m->membership);
	q_opt(&q, m->member_no);
	q_opt(&q, m->club);
	q_opt(&q, m->birth_date);
	store_q_int(&q, id);
	return store_q_changed(&q, STORE_NOT_FOUND);
}

int store_members_groups(store *s, int64_t user, int *n)
{
	static const char sql[] =
	        "SELECT (SELECT count(*) FROM tournament_players p JOIN tournaments t"
	        " ON t.id = p.tournament_id WHERE p.user_id = ?1 AND (t.class IS NOT NULL OR"
	        " t.parent_id IS NOT NULL)) + (SELECT count(*) FROM entries"
	        " WHERE user_id = ?1 AND tournament_id IS NULL)";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "member groups");
	store_q_int(&q, user);
	if (store_q_row(&q))
		*n = sqlite3_column_int(q.st, 0);
	return store_q_end(&q);
}

/* ---- entries ---- */

int store_entries_get(store *s, int64_t id, struct store_entry *e)
{
	static const char sql[] = "SELECT id, user_id, class, valid_on, COALESCE(tournament_id, 0),"
	                          " COALESCE(fee_received_on, ''), COALESCE(proof, '')"
	                          " FROM entries WHERE id = ?";
	struct store_q q;
	memset(e, 0, sizeof *e);
	store_q_open(&q, s, sql, "entry");
	store_q_int(&q, id);
	bool found = store_q_row(&q);
	if (found) {
		e->id = sqlite3_column_int64(q.st, 0);
		e->user = sqlite3_column_int64(q.st, 1);
		store_col_text(q.st, 2, e->cls, sizeof e->cls);
		store_col_text(q.st, 3, e->valid_on, sizeof e->valid_on);
		e->tournament = sqlite3_column_int64(q.st, 4);
		store_col_text(q.st, 5, e->fee_received_on, sizeof e->fee_received_on);
		store_col_text(q.st, 6, e->proof, sizeof e->proof);
	}
	return store_q_found(&q, found);
}

int store_entries_set_fee(store *s, int64_t id, const char *day)
{
	static const char sql[] = "UPDATE entries SET fee_received_on = ? WHERE id = ?"
	                          " AND fee_received_on IS NULL AND tournament_id IS NULL";
	struct store_q q;
	store_q_open(&q, s, sql, "entry fee");
	store_q_text(&q, day);
	store_q_int(&q, id);
	return store_q_changed(&q, STORE_CONFLICT);
}

/* ---- sanctions and decisions ---- */

int store_sanctions_of(store *s, int64_t user, struct store_sanction *out, size_t max, size_t *n)
{
	static const char sql[] =
	        "SELECT id, tournament_id, kind, notified_on, COALESCE(months, 0), decided_role,"
	        " about FROM tl_decisions WHERE player_id = ? AND kind <> 'ruling'"
	        " ORDER BY notified_on, id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "sanctions");
	store_q_int(&q, user);
	while (*n < max && store_q_row(&q)) {
		struct store_sanction *x = &out[(*n)++];
		memset(x, 0, sizeof *x);
		x->decision = sqlite3_column_int64(q.st, 0);
		x->tournament = sqlite3_column_int64(q.st, 1);
		store_col_text(q.st, 2, x->kind, sizeof x->kind);
		store_col_text(q.st, 3, x->notified_on, sizeof x->notified_on);
		x->months = sqlite3_column_int(q.st, 4);
		store_col_text(q.st, 5, x->decided_role, sizeof x->decided_role);
		store_col_text(q.st, 6, x->about, sizeof x->about);
	}
	return store_q_end(&q);
}

int store_decisions_set_months(store *s, int64_t id, int months)
{
	static const char sql[] = "UPDATE tl_decisions SET months = ? WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "decision months");
	store_q_int(&q, months);
	store_q_int(&q, id);
	store_q_exec(&q);
	return store_q_end(&q);
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
	                          " grounds, filed_by) VALUES (?, ?, ?, ?, ?, NULLIF(?, 0))";
	struct store_q q;
	store_q_open(&q, s, sql, "appeal");
	store_q_int(&q, a->decision);
	store_q_int(&q, a->appellant);
	store_q_text(&q, a->body);
	store_q_text(&q, a->filed_on);
	store_q_text(&q, a->grounds);
	store_q_int(&q, filed_by);
	store_q_exec(&q);
	int rc = store_q_end(&q);
	if (rc == STORE_OK)
		a->id = store_last_id(s);
	return rc;
}

int store_appeals_get(store *s, int64_t id, struct store_appeal *a)
{
	static const char sql[] = "SELECT " APPEAL_COLS " WHERE a.id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "appeal get");
	store_q_int(&q, id);
	bool found = store_q_row(&q);
	if (found)
		read_appeal(q.st, a);
	return store_q_found(&q, found);
}

/* Reads the rows of the open query q into out, at most max. */
static int read_appeals(struct store_q *q, struct store_appeal *out, size_t max, size_t *n)
{
	*n = 0;
	while (*n < max && store_q_row(q))
		read_appeal(q->st, &out[(*n)++]);
	return store_q_end(q);
}

int store_appeals_list(store *s, int64_t decision, int64_t user, struct store_appeal *out,
                       size_t max, size_t *n)
{
	static const char sql[] = "SELECT " APPEAL_COLS " WHERE (?1 > 0 AND a.decision_id = ?1)"
	                          " OR (?2 > 0 AND d.player_id = ?2) ORDER BY a.id";
	struct store_q q;
	store_q_open(&q, s, sql, "appeals");
	store_q_int(&q, decision);
	store_q_int(&q, user);
	return read_appeals(&q, out, max, n);
}

int store_appeals_pending(store *s, int64_t after, struct store_appeal *out, size_t max, size_t *n)
{
	static const char sql[] = "SELECT " APPEAL_COLS " WHERE a.ruling IS NULL AND a.id > ?"
	                          " ORDER BY a.id LIMIT ?";
	struct store_q q;
	store_q_open(&q, s, sql, "pending appeals");
	store_q_int(&q, after > 0 ? after : 0);
	store_q_int(&q, (int64_t)max);
	return read_appeals(&q, out, max, n);
}

int store_appeals_rule(store *s, int64_t id, const char *ruling, const char *text, const char *on,
                       int64_t by)
{
	static const char sql[] = "UPDATE appeals SET ruling = ?, ruling_text = ?, ruled_on = ?,"
	                          " ruled_by = NULLIF(?, 0) WHERE id = ? AND ruling IS NULL";
	struct store_q q;
	store_q_open(&q, s, sql, "appeal ruling");
	store_q_text(&q, ruling);
	store_q_text(&q, text);
	store_q_text(&q, on);
	store_q_int(&q, by);
	store_q_int(&q, id);
	return store_q_changed(&q, STORE_CONFLICT);
}

int store_tournaments_set_tl(store *s, int64_t id, int64_t tl)
{
	static const char sql[] = "UPDATE tournaments SET tl_id = ? WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "tournament tl");
	store_q_int(&q, tl);
	store_q_int(&q, id);
	return store_q_changed(&q, STORE_NOT_FOUND);
}

/* ---- editions ---- */

int store_editions_get(store *s, const char *kind, int year, char *start)
{
	static const char sql[] = "SELECT start_on FROM editions WHERE kind = ? AND year = ?";
	struct store_q q;
	start[0] = '\0';
	store_q_open(&q, s, sql, "edition");
	store_q_text(&q, kind);
	store_q_int(&q, year);
	bool found = store_q_row(&q);
	if (found)
		store_col_text(q.st, 0, start, CALENDAR_ISO_LEN);
	return store_q_found(&q, found);
}

int store_editions_set(store *s, const char *kind, int year, const char *start, int64_t by)
{
	static const char sql[] = "INSERT OR REPLACE INTO editions (kind, year, start_on, set_by)"
	                          " VALUES (?, ?, ?, NULLIF(?, 0))";
	struct store_q q;
	store_q_open(&q, s, sql, "edition set");
	store_q_text(&q, kind);
	store_q_int(&q, year);
	store_q_text(&q, start);
	store_q_int(&q, by);
	store_q_exec(&q);
	return store_q_end(&q);
}

/* ---- team captains and reserves ---- */

int store_captains_set(store *s, int64_t t, const char *team, int64_t user, int64_t by)
{
	static const char sql[] = "INSERT OR REPLACE INTO team_captains (tournament_id, team,"
	                          " user_id, set_by) VALUES (?, ?, ?, NULLIF(?, 0))";
	struct store_q q;
	store_q_open(&q, s, sql, "captain");
	store_q_int(&q, t);
	store_q_text(&q, team);
	store_q_int(&q, user);
	store_q_int(&q, by);
	store_q_exec(&q);
	return store_q_end(&q);
}

int store_captains_get(store *s, int64_t t, const char *team, int64_t *user)
{
	static const char sql[] =
	        "SELECT user_id FROM team_captains WHERE tournament_id = ? AND team = ?";
	struct store_q q;
	*user = 0;
	store_q_open(&q, s, sql, "captain get");
	store_q_int(&q, t);
	store_q_text(&q, team);
	bool found = store_q_row(&q);
	if (found)
		*user = sqlite3_column_int64(q.st, 0);
	return store_q_found(&q, found);
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
	                          " VALUES (?, ?, ?, ?, NULLIF(?, 0), ?, ?, ?)";
	struct store_q q;
	store_q_open(&q, s, sql, "reserve");
	store_q_int(&q, r->tournament);
	store_q_text(&q, r->team);
	store_q_int(&q, r->original);
	store_q_int(&q, r->reserve);
	store_q_int(&q, r->requested_by);
	store_q_text(&q, r->requested_on);
	q_opt(&q, r->stop_from);
	q_opt(&q, r->stop_to);
	store_q_exec(&q);
	int rc = store_q_end(&q); /* STORE_CONFLICT: UNIQUE (tournament, reserve) */
	if (rc == STORE_OK)
		r->id = store_last_id(s);
	return rc;
}

int store_reserves_get(store *s, int64_t id, struct store_reserve *r)
{
	static const char sql[] = "SELECT " RESERVE_COLS " WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "reserve get");
	store_q_int(&q, id);
	bool found = store_q_row(&q);
	if (found)
		read_reserve(q.st, r);
	return store_q_found(&q, found);
}

int store_reserves_list(store *s, int64_t t, const char *team, struct store_reserve *out,
                        size_t max, size_t *n)
{
	static const char sql[] = "SELECT " RESERVE_COLS " WHERE tournament_id = ?1"
	                          " AND (?2 IS NULL OR team = ?2) ORDER BY id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "reserves");
	store_q_int(&q, t);
	q_opt(&q, team);
	while (*n < max && store_q_row(&q))
		read_reserve(q.st, &out[(*n)++]);
	return store_q_end(&q);
}

int store_reserves_approve(store *s, const struct store_reserve *r, int64_t by, int64_t *ids,
                           size_t max, size_t *n)
{
	static const char approve[] =
	        "UPDATE team_reserves SET status = 'approved', approved_by = NULLIF(?, 0),"
	        " approved_on = ?, stop_from = ?, stop_to = ? WHERE id = ? AND status = 'pending'";
	static const char games[] = "SELECT id FROM games WHERE tournament_id = ?1 AND status ="
	                            " 'active' AND (white = ?2 OR black = ?2) ORDER BY id";
	static const char swap_w[] =
	        "UPDATE games SET white = ?3, rev = rev + 1"
	        " WHERE tournament_id = ?1 AND status = 'active' AND white = ?2";
	static const char swap_b[] =
	        "UPDATE games SET black = ?3, rev = rev + 1"
	        " WHERE tournament_id = ?1 AND status = 'active' AND black = ?2";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, approve, "reserve approve");
	store_q_int(&q, by);
	store_q_text(&q, r->approved_on);
	store_q_text(&q, r->stop_from);
	store_q_text(&q, r->stop_to);
	store_q_int(&q, r->id);
	int rc = store_q_changed(&q, STORE_CONFLICT);
	if (rc != STORE_OK)
		return rc;
	store_q_open(&q, s, games, "reserve games");
	store_q_int(&q, r->tournament);
	store_q_int(&q, r->original);
	while (*n < max && store_q_row(&q))
		ids[(*n)++] = sqlite3_column_int64(q.st, 0);
	if ((rc = store_q_end(&q)) != STORE_OK)
		return rc;
	const char *swaps[2] = {swap_w, swap_b};
	for (int i = 0; i < 2 && rc == STORE_OK; i++) {
		store_q_open(&q, s, swaps[i], "reserve swap");
		store_q_int(&q, r->tournament);
		store_q_int(&q, r->original);
		store_q_int(&q, r->reserve);
		store_q_exec(&q);
		rc = store_q_end(&q);
	}
	return rc;
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
	struct store_q q;
	store_q_open(&q, s, sql, "connection loss");
	store_q_int(&q, tournament);
	store_q_int(&q, user);
	bool found = store_q_row(&q);
	if (found)
		read_loss(q.st, c);
	return store_q_found(&q, found);
}

int store_connection_loss_record(store *s, struct store_connection_loss *c, int64_t by)
{
	static const char ins[] = "INSERT INTO connection_losses (tournament_id, user_id, lost_on,"
	                          " restored_on, recorded_by) VALUES (?, ?, ?, ?, NULLIF(?, 0))";
	static const char upd[] = "UPDATE connection_losses SET restored_on = ? WHERE id = ?";
	struct store_connection_loss open;
	struct store_q q;
	int rc = store_connection_loss_open(s, c->tournament, c->user, &open);
	if (rc == STORE_ERROR)
		return rc;
	if (rc == STORE_OK && c->restored_on[0] && !c->lost_on[0]) {
		store_q_open(&q, s, upd, "connection restored");
		store_q_text(&q, c->restored_on);
		store_q_int(&q, open.id);
		store_q_exec(&q);
		if ((rc = store_q_end(&q)) != STORE_OK)
			return rc;
		c->id = open.id;
		snprintf(c->lost_on, sizeof c->lost_on, "%s", open.lost_on);
		return STORE_OK;
	}
	if (!c->lost_on[0])
		return STORE_NOT_FOUND;
	store_q_open(&q, s, ins, "connection loss record");
	store_q_int(&q, c->tournament);
	store_q_int(&q, c->user);
	store_q_text(&q, c->lost_on);
	q_opt(&q, c->restored_on);
	store_q_int(&q, by);
	store_q_exec(&q);
	if ((rc = store_q_end(&q)) != STORE_OK)
		return rc;
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
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "open losses");
	store_q_int(&q, tl);
	store_q_int(&q, tournament);
	store_q_int(&q, (int64_t)max);
	while (*n < max && store_q_row(&q))
		read_loss(q.st, &out[(*n)++]);
	return store_q_end(&q);
}

/* ---- the rating list ---- */

int store_members_last_rated(store *s, int64_t user, char *day)
{
	static const char sql[] =
	        "SELECT COALESCE(max(d), '') FROM (SELECT finished_on AS d FROM rating_steps"
	        " WHERE user_id = ?1 UNION ALL SELECT reported_on FROM rating_foreign"
	        " WHERE user_id = ?1 AND new IS NOT NULL)";
	struct store_q q;
	day[0] = '\0';
	store_q_open(&q, s, sql, "last rated");
	store_q_int(&q, user);
	if (store_q_row(&q))
		store_col_text(q.st, 0, day, CALENDAR_ISO_LEN);
	return store_q_end(&q);
}
