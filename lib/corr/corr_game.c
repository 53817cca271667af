/* corr/corr_game.c: the correspondence game as a value - building it from the
 * stored rows, applying a delta, the clocks, who sees the series. */
#include "corr/corr.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "notation/notation.h"
#include "util/grow.h"
#include "util/status.h"

int corr_fail(struct corr_error *e, int status, const char *code, const char *fmt, ...)
{
	if (e) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(e->message, sizeof e->message, fmt, ap);
		va_end(ap);
		e->code = code;
	}
	return status;
}

const char *corr_side_name(int side)
{
	return side == WHITE ? "white" : side == BLACK ? "black" : "";
}

bool corr_how_valid(const char *how)
{
	static const char *const hows[] = {"reported", "adjudicated", "scored", NULL};
	for (const char *const *h = hows; how && *h; h++)
		if (strcmp(*h, how) == 0)
			return true;
	return false;
}

bool corr_result_valid(const char *result)
{
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "0-0", NULL};
	for (const char *const *r = results; *r; r++)
		if (strcmp(*r, result) == 0)
			return true;
	return false;
}

int corr_game_init(struct corr_game *g, const position *start, const struct clock_profile *p,
                   int32_t start_day, struct corr_error *e)
{
	memset(g, 0, sizeof *g);
	if (!p)
		return corr_fail(e, CC_ERR_INVALID, "internal", "no time profile");
	g->profile = p;
	g->start = start_day;
	g->chess = game_new(start);
	if (!g->chess)
		return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
	snprintf(g->state.result, sizeof g->state.result, "*");
	g->state.finished_on = CLOCK_NO_DATE;
	g->state.draw_offer = CORR_NOBODY;
	g->state.series_by = CORR_NOBODY;
	return CC_OK;
}

void corr_game_free(struct corr_game *g)
{
	if (!g)
		return;
	game_free(g->chess);
	free(g->moves);
	free(g->stops);
	free(g->records);
	memset(g, 0, sizeof *g);
}

int corr_game_copy(struct corr_game *dst, const struct corr_game *src, struct corr_error *e)
{
	*dst = *src;
	dst->chess = game_copy(src->chess);
	dst->moves = src->nmoves ? malloc(src->nmoves * sizeof *src->moves) : NULL;
	dst->stops = src->nstops ? malloc(src->nstops * sizeof *src->stops) : NULL;
	dst->records = src->nrecords ? malloc(src->nrecords * sizeof *src->records) : NULL;
	dst->cap = src->nmoves;
	dst->rcap = src->nrecords;
	if (!dst->chess || (src->nmoves && !dst->moves) || (src->nstops && !dst->stops) ||
	    (src->nrecords && !dst->records)) {
		corr_game_free(dst);
		return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
	}
	if (src->nmoves)
		memcpy(dst->moves, src->moves, src->nmoves * sizeof *src->moves);
	if (src->nstops)
		memcpy(dst->stops, src->stops, src->nstops * sizeof *src->stops);
	if (src->nrecords)
		memcpy(dst->records, src->records, src->nrecords * sizeof *src->records);
	return CC_OK;
}

size_t corr_game_bytes(const struct corr_game *g)
{
	return sizeof *g + (g->chess ? game_bytes(g->chess) : 0) + g->cap * sizeof *g->moves +
	       g->nstops * sizeof *g->stops + g->rcap * sizeof *g->records;
}

/* Appends mv (already played in g->chess) to g->moves; amortised O(1). */
static int append(struct corr_game *g, const struct corr_move *mv, struct corr_error *e)
{
	if (ALLOC_GROW(g->moves, g->nmoves + 1, g->cap) != 0)
		return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
	g->moves[g->nmoves++] = *mv;
	return CC_OK;
}

int corr_game_push(struct corr_game *g, const struct corr_move *mv, struct corr_error *e)
{
	struct corr_move m = *mv;
	char err[256] = "not a legal move";
	/* The stored UCI text is replayed: a stored game can always be
	 * rebuilt, and one that does not replay is not served.  The text is
	 * looked up among the legal moves (uci_write() wrote it), which
	 * game_play() then reuses: one move generation a ply. */
	const move *list;
	int n = game_legal_moves(g->chess, &list);
	m.m = MOVE_NONE;
	for (int i = 0; i < n && m.m == MOVE_NONE; i++) {
		char u[UCI_MAX];
		uci_write(list[i], u);
		if (strcmp(u, m.uci) == 0)
			m.m = list[i];
	}
	if (m.m == MOVE_NONE || game_play(g->chess, m.m, err, sizeof err) != CC_OK)
		return corr_fail(e, CC_ERR_ILLEGAL, "internal",
		                 "stored move %zu (%s) does not replay: %s", g->nmoves + 1, m.uci,
		                 err);
	return append(g, &m, e);
}

int corr_game_set_series(struct corr_game *g, int by, const char *const *texts, size_t n,
                         struct corr_error *e)
{
	move moves[SERIES_MAX];
	if ((by != WHITE && by != BLACK) || n > SERIES_MAX)
		return corr_fail(e, CC_ERR_INVALID, "internal", "the stored series is not valid");
	position pos = *game_position(g->chess);
	for (size_t i = 0; i < n; i++) {
		char err[256];
		if (!texts[i] ||
		    notation_parse(&pos, texts[i], &moves[i], err, sizeof err) != CC_OK)
			return corr_fail(e, CC_ERR_INVALID, "internal",
			                 "stored series move %zu does not parse: %s", i + 1,
			                 texts[i] ? err : "not a string");
		undo u;
		position_do_move(&pos, moves[i], &u);
	}
	g->state.series_by = n ? by : CORR_NOBODY;
	g->state.nseries = n;
	memcpy(g->state.series, moves, n * sizeof *moves);
	return CC_OK;
}

int corr_game_set_stops(struct corr_game *g, const struct clock_interval *stops, size_t n,
                        struct corr_error *e)
{
	struct clock_interval *v = NULL;
	if (n) {
		v = malloc(n * sizeof *v);
		if (!v)
			return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
		memcpy(v, stops, n * sizeof *v);
	}
	free(g->stops);
	g->stops = v;
	g->nstops = n;
	return CC_OK;
}

int corr_game_add_record(struct corr_game *g, const struct corr_record *r, struct corr_error *e)
{
	if (ALLOC_GROW(g->records, g->nrecords + 1, g->rcap) != 0)
		return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
	g->records[g->nrecords++] = *r;
	return CC_OK;
}

int corr_to_move(const struct corr_game *g)
{
	return game_position(g->chess)->side;
}

const position *corr_position(const struct corr_game *g)
{
	return game_position(g->chess);
}

void corr_delta_init(struct corr_delta *d, const struct corr_game *g)
{
	d->nrows = 0;
	d->state = g->state;
	fen_write(game_position(g->chess), d->fen, sizeof d->fen);
	d->action[0] = '\0';
	d->detail[0] = '\0';
	d->has_record = false;
	d->nfixes = 0;
	d->answer_code = NULL;
	d->answer_message[0] = '\0';
}

void corr_delta_finish(struct corr_delta *d, const char *result, const char *termination,
                       int32_t day)
{
	d->state.status = CORR_FINISHED;
	snprintf(d->state.result, sizeof d->state.result, "%s", result);
	snprintf(d->state.termination, sizeof d->state.termination, "%s",
	         termination ? termination : "");
	snprintf(d->state.how, sizeof d->state.how, "played");
	d->state.played[0] = '\0';
	d->state.finished_on = day;
	/* A pending series and a draw offer end with the game. */
	d->state.draw_offer = CORR_NOBODY;
	d->state.series_by = CORR_NOBODY;
	d->state.nseries = 0;
}

int corr_apply(struct corr_game *g, const struct corr_delta *d, struct corr_error *e)
{
	for (size_t i = 0; i < d->nrows; i++) {
		char err[256];
		if (game_play(g->chess, d->rows[i].m, err, sizeof err) != CC_OK)
			return corr_fail(e, CC_ERR_ILLEGAL, "internal",
			                 "the stored move cannot be played: %s", err);
		int rc = append(g, &d->rows[i], e);
		if (rc != CC_OK)
			return rc;
	}
	for (size_t i = 0; i < d->nfixes; i++) {
		const struct corr_fix *f = &d->fixes[i];
		if (f->ply < 1 || f->ply > g->nmoves)
			return corr_fail(e, CC_ERR_INVALID, "internal", "no move %zu to correct",
			                 f->ply);
		g->moves[f->ply - 1].received = f->received;
		g->moves[f->ply - 1].sent = f->sent;
	}
	if (d->has_record) {
		int rc = corr_game_add_record(g, &d->record, e);
		if (rc != CC_OK)
			return rc;
	}
	g->state = d->state;
	g->rev++;
	return CC_OK;
}

bool corr_series_visible(const struct corr_game *g, int viewer)
{
	if (g->state.series_by == CORR_NOBODY || g->state.nseries == 0)
		return false;
	/* DSU 6.2.5: the series is in the letter, so the opponent sees it
	 * in postal and e-mail play; on the server it stays hidden from the
	 * opponent, as ICCF does (the profile's series_shown), and from
	 * everyone but its proposer: what a user sees follows his seat, never
	 * his role (docs/AUTHORITY.md), so a TL who plays the game does not
	 * see his opponent's series. */
	return g->profile->series_shown || viewer == g->state.series_by;
}

/* corr_clock() and corr_played_on(): the clock inputs of g, one
 * clock_compute(), and with po_out the 6.3.3.4 question. */
static int clock_of(const struct corr_game *g, int32_t today, struct clock_result *res,
                    struct clock_ply *plies, struct clock_played_on *po_out,
                    struct clock_memo **memo, struct corr_error *e)
{
	struct clock_move local[64];
	struct clock_move *cm = local;
	struct clock_game cg;
	char err[CORR_MESSAGE_MAX];
	memset(&cg, 0, sizeof cg);
	if (g->nmoves > sizeof local / sizeof local[0]) {
		cm = calloc(g->nmoves, sizeof *cm);
		if (!cm)
			return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
	}
	const position *start = game_start_position(g->chess);
	cg.profile = g->profile;
	cg.start = g->start;
	cg.today = today;
	/* The side to move at the start: Black in a thematic game may move
	 * first. */
	cg.first_side = start->side == WHITE ? CLOCK_WHITE : CLOCK_BLACK;
	for (size_t i = 0; i < g->nmoves; i++) {
		memset(&cm[i], 0, sizeof cm[i]);
		cm[i].received = g->moves[i].received;
		cm[i].sent = g->moves[i].sent;
		cm[i].reminded_on = cm[i].tl_on = CLOCK_NO_DATE;
		/* DSU 6.3.3.2: the control moves to the last accepted move, and
		 * the move that broke the series off is judged with it (S3); the
		 * proposer's automatic moves are no decision of his (6.3.3.4). */
		if (g->moves[i].kind == CORR_MOVE_ACCEPTED)
			cm[i].flags |= CLOCK_MOVE_ACCEPTED;
		if (g->moves[i].kind == CORR_MOVE_BROKE)
			cm[i].flags |= CLOCK_MOVE_BROKE;
		if (g->moves[i].kind == CORR_MOVE_AUTO)
			cm[i].flags |= CLOCK_MOVE_AUTO;
	}
	cg.moves = cm;
	cg.nmoves = g->nmoves;
	cg.stops = g->stops;
	cg.nstops = g->nstops;
	cg.pending.received = CLOCK_NO_DATE;
	/* A series proposed to the side to move covers his next n/2 moves. */
	int side = corr_to_move(g);
	if (g->state.series_by != CORR_NOBODY && g->state.series_by != side && g->state.nseries) {
		int made = 0;
		for (size_t i = 0; i < g->nmoves; i++)
			made += (int)((start->side + i) % 2) == side;
		cg.pending.series_last = made + (int)(g->state.nseries + 1) / 2;
	}
	cg.transit_days = -1;
	cg.pending.reminded_on = cg.pending.tl_on = CLOCK_NO_DATE;
	/* The records (issue 9): DSU 6.3.4, the silence penalties follow the
	 * reminders and TL notices actually sent, never the calendar alone
	 * (DSU 6.3.4); a notice raises its move's threshold; the TL's
	 * penalties (6.3.5.1, 6.8.6) in date order. */
	struct clock_penalty lpen[16];
	struct clock_penalty *pen = lpen;
	size_t npen = 0;
	for (size_t i = 0; i < g->nrecords; i++)
		npen += g->records[i].kind == CORR_REC_PENALTY;
	if (npen > sizeof lpen / sizeof lpen[0] && !(pen = calloc(npen, sizeof *pen))) {
		if (cm != local)
			free(cm);
		return corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory");
	}
	npen = 0;
	for (size_t i = 0; i < g->nrecords; i++) {
		const struct corr_record *r = &g->records[i];
		bool pending = r->ply == (int)g->nmoves;
		struct clock_move *m =
		        !pending && r->ply >= 0 && (size_t)r->ply < g->nmoves ? &cm[r->ply] : NULL;
		switch (r->kind) {
		case CORR_REC_REMINDER:
		case CORR_REC_TL_NOTICE: {
			unsigned flag = r->kind == CORR_REC_REMINDER ? CLOCK_MOVE_REMINDED
			                                             : CLOCK_MOVE_TL_TOLD;
			if (pending) {
				cg.pending.flags |= flag;
				*(flag == CLOCK_MOVE_REMINDED ? &cg.pending.reminded_on
				                              : &cg.pending.tl_on) = r->on;
			} else if (m) {
				m->flags |= (uint8_t)flag;
				*(flag == CLOCK_MOVE_REMINDED ? &m->reminded_on : &m->tl_on) =
				        r->on;
			}
			break;
		}
		case CORR_REC_NOTICE: {
			/* DSU 6.3.4: a notice after a reminder sent to him comes too
			 * late - he had used more than 14 days "uden at have
			 * underrettet sin modstander" (docs/RULES.md) */
			bool late = false;
			for (size_t k = 0; k < g->nrecords; k++)
				late |= g->records[k].kind == CORR_REC_REMINDER &&
				        g->records[k].ply == r->ply && g->records[k].on < r->on;
			if (late)
				break;
			if (pending)
				cg.pending.announced = r->days;
			else if (m)
				m->announced = (int16_t)r->days;
			break;
		}
		case CORR_REC_PENALTY: {
			/* insertion by date: a handful of penalties at most */
			size_t k = npen++;
			while (k > 0 && pen[k - 1].on > r->on) {
				pen[k] = pen[k - 1];
				k--;
			}
			pen[k] = (struct clock_penalty){
			        r->side == WHITE ? CLOCK_WHITE : CLOCK_BLACK, r->on, r->days};
			break;
		}
		}
	}
	cg.penalties = pen;
	cg.npenalties = npen;
	cg.flags = g->state.holiday_play ? CLOCK_GAME_HOLIDAY_PLAY : 0;
	if (g->state.status != CORR_ACTIVE)
		cg.flags |= CLOCK_GAME_FINISHED;
	int rc = clock_compute_memo(&cg, res, plies, memo, err, sizeof err);
	if (rc == CC_OK && po_out != NULL && clock_played_on(&cg, res, po_out) != CC_OK)
		rc = CC_ERR_INVALID;
	if (pen != lpen)
		free(pen);
	if (cm != local)
		free(cm);
	if (rc != CC_OK)
		return corr_fail(e, rc, "internal", "the clocks cannot be computed: %s", err);
	return CC_OK;
}

/* v's bytes as this machine holds them (a key lives in one process). */
static unsigned char *put32(unsigned char *p, int32_t v)
{
	memcpy(p, &v, sizeof v);
	return p + sizeof v;
}

/* Every input clock_of() reads, in the order it reads them: the profile
 * (its address: profiles are static), the start and today, the side to
 * move at the start, each move's dates and kind, the records (kind,
 * side, ply, date, days: not the reason), the pending series, the stops,
 * the holiday agreement and the status.  Keep it in step with
 * clock_of(): an input left out here would let a kept clock stand for a
 * game it was not computed for (tests/check_corr.c changes each one). */
size_t corr_clock_key(const struct corr_game *g, int32_t today, unsigned char *key)
{
	unsigned char *p = key;
	const struct clock_profile *prof = g->profile;
	memcpy(p, &prof, sizeof prof);
	p += sizeof prof;
	p = put32(p, g->start);
	p = put32(p, today);
	*p++ = (unsigned char)game_start_position(g->chess)->side;
	p = put32(p, (int32_t)g->nmoves);
	for (size_t i = 0; i < g->nmoves; i++) {
		p = put32(p, g->moves[i].received);
		p = put32(p, g->moves[i].sent);
		*p++ = (unsigned char)g->moves[i].kind;
	}
	p = put32(p, (int32_t)g->nrecords);
	for (size_t i = 0; i < g->nrecords; i++) {
		const struct corr_record *r = &g->records[i];
		*p++ = (unsigned char)r->kind;
		p = put32(p, r->side);
		p = put32(p, r->ply);
		p = put32(p, r->on);
		p = put32(p, r->days);
		p = put32(p, r->due);
	}
	p = put32(p, g->state.series_by);
	p = put32(p, (int32_t)g->state.nseries);
	p = put32(p, (int32_t)g->nstops);
	for (size_t i = 0; i < g->nstops; i++) {
		p = put32(p, g->stops[i].first);
		p = put32(p, g->stops[i].last);
	}
	*p++ = (unsigned char)g->state.holiday_play;
	*p++ = (unsigned char)g->state.status;
	return (size_t)(p - key);
}

int corr_clock(const struct corr_game *g, int32_t today, struct clock_result *res,
               struct clock_ply *plies, struct corr_error *e)
{
	return clock_of(g, today, res, plies, NULL, NULL, e);
}

int corr_clock_days(const struct corr_game *g, int32_t today, struct clock_result *res,
                    int32_t **days, struct corr_error *e)
{
	return corr_clock_days_memo(g, today, res, days, NULL, e);
}

int corr_clock_days_memo(const struct corr_game *g, int32_t today, struct clock_result *res,
                         int32_t **days, struct clock_memo **memo, struct corr_error *e)
{
	struct clock_ply local[64];
	struct clock_ply *plies = g->nmoves > 64 ? malloc(g->nmoves * sizeof *plies) : local;
	int32_t *out = malloc((g->nmoves ? g->nmoves : 1) * sizeof *out);
	*days = NULL;
	int rc = !plies || !out ? corr_fail(e, CC_ERR_NOMEM, "internal", "out of memory")
	                        : clock_of(g, today, res, plies, NULL, memo, e);
	if (rc == CC_OK) {
		for (size_t i = 0; i < g->nmoves; i++)
			out[i] = plies[i].days;
		*days = out;
		out = NULL;
	}
	if (plies != local)
		free(plies);
	free(out);
	return rc;
}

int corr_played_on(const struct corr_game *g, int32_t today, struct clock_played_on *po,
                   struct corr_error *e)
{
	struct clock_result res;
	return clock_of(g, today, &res, NULL, po, NULL, e);
}
