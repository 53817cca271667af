/* svc_notify.c: the mail of an event, written with it (svc/svc_notify.h,
 * docs/NOTIFY.md). */
#include "autoconfig.h"
#include "svc/svc_notify.h"

#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "export/ical.h"
#include "base/mail_marks.h"
#include "store/store_vacations.h"
#include "svc/svc.h"
#include "util/status.h"

#define MAX_TLS     32
#define MAX_GAMES   1024 /* a player's games looked at for a vacation or a feed */
#define MAX_OPPS    256  /* distinct opponents told of one vacation */
#define MAX_PERIODS 256  /* vacations in a feed */

static const char *base_url(const struct app *app)
{
	return app->cfg->base_url ? app->cfg->base_url : "";
}

/* The links of a queued mail: base_url is put in when it is sent
 * (MAIL_BASE_URL, base/mail_marks.h), so mail queued before the server was
 * configured links the configured address (issue 23). */
static const struct notify_env mail_env = {MAIL_BASE_URL};

static enum notify_play play_of_profile(const char *profile)
{
	/* a postal game played by e-mail keeps the postal rules (DSU 6.2.1.2) */
	if (strcmp(profile, "dsu-post") == 0 || strcmp(profile, "dsu-post-email") == 0)
		return NOTIFY_POSTAL;
	if (strcmp(profile, "dsu-email") == 0)
		return NOTIFY_EMAIL;
	return NOTIFY_SERVER;
}

static enum notify_play play_of(const struct store_game *sg)
{
	return play_of_profile(sg->profile);
}

static void game_of(const struct store_game *sg, struct notify_game *ng)
{
	ng->id = sg->id;
	ng->white = sg->white_name;
	ng->black = sg->black_name;
	ng->event = sg->event;
	ng->play = play_of(sg);
}

static int32_t day_of(const char *iso)
{
	int32_t d;
	return iso && calendar_parse(iso, &d, NULL, 0) == CC_OK ? d : NOTIFY_NO_DATE;
}

static int32_t date_or_none(int32_t d)
{
	return d == CLOCK_NO_DATE ? NOTIFY_NO_DATE : d;
}

/* Move i (0-based) of sg with its number and side, numbered as the GAME
 * JSON numbers it (a thematic start may have Black to move). */
static void ply_of(const struct store_game *sg, size_t i, struct notify_ply *p)
{
	const position *start = game_start_position(sg->g.chess);
	size_t idx = i + (start->side == BLACK ? 1 : 0);
	p->number = start->fullmove + (int)(idx / 2);
	p->side = (start->side + i) % 2 == WHITE ? NOTIFY_WHITE : NOTIFY_BLACK;
	p->iccf = sg->g.moves[i].iccf;
	p->san = sg->g.moves[i].san;
}

/* The clock of the side to move as the mails show it (DSU 6.3.3): what
 * he has used with the pending move as if sent today, what is left of
 * the allowance, and the forfeit date.  effective (the time-trouble
 * alarm): the days left are the days lib/clock counts from today up to
 * the day before his forfeit date (DSU 6.3.3: from that date a move is
 * over the limit), so the silence penalties he has run into and the
 * stopped days ahead are in it, and used is the rest of the allowance. */
static void clock_of(const struct store_game *sg, const struct clock_player *p, int32_t today,
                     bool effective, struct notify_clock *c)
{
	struct clock_days cd;
	char err[160];
	c->used_days = p->used_days + p->running_days;
	c->next_control = p->next_control;
	c->limit_days = p->limit_days;
	c->forfeit_date = date_or_none(p->forfeit_date);
	if (effective && p->forfeit_date != CLOCK_NO_DATE && today != NOTIFY_NO_DATE &&
	    p->forfeit_date - 1 >= today &&
	    clock_move_days(sg->g.profile, today, p->forfeit_date - 1, sg->g.stops, sg->g.nstops,
	                    &cd, err, sizeof err) == CC_OK &&
	    cd.days <= p->limit_days)
		c->used_days = p->limit_days - cd.days;
	c->left_days = p->limit_days - c->used_days;
}

static enum notify_lang lang_of(const struct store_reader *r)
{
	return strcmp(r->language, "da") == 0 ? NOTIFY_DA : NOTIFY_EN;
}

int svc_notify_render_queued(const char *queued_event, struct notify_mail *out, char *err,
                             size_t errlen)
{
	struct notify_packed p;
	int rc = notify_unpack(queued_event, &p, err, errlen);
	if (rc == CC_OK)
		rc = notify_render(&mail_env, &p.r, &p.ev, out, err, errlen);
	else if (rc == CC_ERR_NOMEM)
		snprintf(err, errlen, "out of memory");
	notify_packed_free(&p);
	return rc == CC_OK ? 0 : -1;
}

/* Hex of n (<= 32) random bytes into out (2n + 1 bytes). */
static void random_hex(char *out, size_t n)
{
	unsigned char b[32];
	if (n > sizeof b)
		n = sizeof b;
	if (sodium_init() < 0) /* keys must not be guessable: never go on without it */
		abort();
	randombytes_buf(b, n);
	sodium_bin2hex(out, 2 * n + 1, b, n);
}

/* The random half of this process's Message-IDs. */
static char id_prefix[17];
static void draw_id_prefix(void)
{
	random_hex(id_prefix, 8);
}

void svc_notify_message_id(const struct app *app, char out[160])
{
	(void)app; /* the domain of mail_from is put in when it is sent (MAIL_DOMAIN) */
	/* Unique, not secret (RFC 5322 3.6.4): 64 random bits drawn once a
	 * process and a counter, as 32 hex digits (issue 19: drawing 128 bits
	 * a mail was a getrandom() system call a move). */
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	static _Atomic unsigned long long counter;
	pthread_once(&once, draw_id_prefix);
	unsigned long long n = atomic_fetch_add(&counter, 1);
	snprintf(out, 160, "<corrchess.%s%016llx@" MAIL_DOMAIN ">", id_prefix, n);
}

int svc_notify_key(struct app *app, int64_t user, enum store_key which, char out[STORE_KEY_LEN])
{
	int rc = store_notify_get_key(app->st, user, which, out);
	if (rc != STORE_OK || out[0])
		return rc;
	char fresh[STORE_KEY_LEN];
	random_hex(fresh, 16);
	return store_notify_make_key(app->st, user, which, fresh, out);
}

/* The one-click link of reader r (RFC 8058) into out, his key made on
 * first use: 0 or -1. */
static int unsubscribe_url(struct app *app, const struct store_reader *r, char *out, size_t len)
{
	char key[STORE_KEY_LEN];
	int64_t user = r->id;
	if (r->unsubscribe_key[0])
		snprintf(key, sizeof key, "%s", r->unsubscribe_key);
	else if (svc_notify_key(app, user, STORE_KEY_UNSUBSCRIBE, key) != STORE_OK)
		return -1;
	snprintf(out, len, MAIL_BASE_URL "/api/v1/users/%lld/unsubscribe?key=%s", (long long)user,
	         key);
	return 0;
}

/* ---- mail rendered before the write lock ----
 *
 * A move's mail is rendered before its transaction (svc_notify_prepare()):
 * the game after the move is in memory, and the revision check of the
 * write makes sure it is the game that was stored.  The transaction then
 * only inserts the rows (svc_notify_queue()). */

struct svc_mail {
	bool digest;
	int64_t user;
	char *to, *subject, *body; /* new */
	char *queued_event;        /* new: notify_pack()'s text, NULL: rendered */
	char mid[160];
	const char *kind;              /* static */
	char *unsubscribe;             /* new, NULL: none */
	char fresh_key[STORE_KEY_LEN]; /* the reader's first key, made by the write */
	int64_t event;
	char today[11];
};

void svc_mails_free(struct svc_mails *q)
{
	for (size_t i = 0; q && i < q->n; i++) {
		free(q->v[i].to);
		free(q->v[i].subject);
		free(q->v[i].body);
		free(q->v[i].unsubscribe);
		free(q->v[i].queued_event);
	}
	if (q)
		free(q->v);
	if (q)
		memset(q, 0, sizeof *q);
}

/* A new item at the end of q (zeroed), or NULL out of memory. */
static struct svc_mail *mail_add(struct svc_mails *q)
{
	if (q->n == q->cap) {
		size_t nc = q->cap ? 2 * q->cap : 4;
		struct svc_mail *nv = realloc(q->v, nc * sizeof *nv);
		if (!nv)
			return NULL;
		q->v = nv;
		q->cap = nc;
	}
	struct svc_mail *m = &q->v[q->n++];
	memset(m, 0, sizeof *m);
	return m;
}

int svc_notify_queue(struct app *app, const struct svc_mails *q)
{
	for (size_t i = 0; q && i < q->n; i++) {
		const struct svc_mail *m = &q->v[i];
		if (m->digest) {
			if (store_digest_add(app->st, m->user, m->subject, m->body, m->today) !=
			    STORE_OK)
				return -1;
			continue;
		}
		char unsub[640];
		const char *url = m->unsubscribe;
		if (url && m->fresh_key[0]) {
			/* His first key: made now, unless another write made one first
			 * (then the link carries that one). */
			char key[STORE_KEY_LEN];
			if (store_notify_make_key(app->st, m->user, STORE_KEY_UNSUBSCRIBE,
			                          m->fresh_key, key) != STORE_OK)
				return -1;
			if (strcmp(key, m->fresh_key) != 0) {
				snprintf(unsub, sizeof unsub,
				         MAIL_BASE_URL "/api/v1/users/%lld/unsubscribe?key=%s",
				         (long long)m->user, key);
				url = unsub;
			}
		}
		struct store_outbox_row row = {m->to,    m->subject,     m->body, m->mid,
		                               m->kind,  m->user,        url,     m->event,
		                               m->today, m->queued_event};
		int64_t id;
		if (store_outbox_add(app->st, &row, &id) != STORE_OK)
			return -1;
	}
	return 0;
}

/* svc_notify_deliver() into q: rendered now, written by
 * svc_notify_queue() in the transaction.  0 or -1. */
static int deliver_later(struct app *app, struct svc_mails *q, const struct store_reader *to,
                         int side, const struct notify_event *ev, int64_t event, const char *today)
{
	char err[256];
	struct notify_mail nm = {.body = NULL};
	bool optional = notify_optional(ev->kind);
	if (!to->email[0] || (optional && strcmp(to->mail, "off") == 0))
		return 0;
	struct notify_reader r = {to->name, lang_of(to), side};
	bool digest = optional && strcmp(to->mail, "digest") == 0;
	char *packed = NULL;
	int rc;
	if (!digest && notify_packable(ev->kind)) {
		/* queued as its event, rendered by the sender (migration 0043) */
		rc = notify_pack(&r, ev, &packed);
		if (rc == CC_OK && !(nm.body = strdup("")))
			rc = CC_ERR_NOMEM;
		if (rc != CC_OK)
			snprintf(err, sizeof err, "the event cannot be queued");
	} else {
		rc = digest ? notify_section(&mail_env, &r, ev, &nm, err, sizeof err)
		            : notify_render(&mail_env, &r, ev, &nm, err, sizeof err);
	}
	if (rc != 0) {
		free(packed);
		/* A struct filled badly: our bug; the event stands, the lost
		 * mail is logged. */
		log_msg(LOG_ERROR, "game %lld: no %s mail to user %lld: %s", ev->game.id,
		        notify_kind_name(ev->kind), (long long)to->id, err);
		notify_mail_free(&nm);
		return 0;
	}
	struct svc_mail *m = mail_add(q);
	if (!m) {
		free(packed);
		notify_mail_free(&nm);
		return -1;
	}
	m->queued_event = packed; /* taken */
	m->digest = digest;
	m->user = to->id;
	m->subject = strdup(nm.subject);
	m->body = nm.body; /* taken */
	nm.body = NULL;
	m->to = strdup(to->email);
	m->kind = notify_kind_name(ev->kind);
	m->event = event;
	snprintf(m->today, sizeof m->today, "%s", today);
	if (!digest)
		svc_notify_message_id(app, m->mid);
	if (!digest && optional) {
		char key[STORE_KEY_LEN], url[640];
		if (to->unsubscribe_key[0]) {
			snprintf(key, sizeof key, "%s", to->unsubscribe_key);
		} else {
			random_hex(m->fresh_key, 16);
			snprintf(key, sizeof key, "%s", m->fresh_key);
		}
		snprintf(url, sizeof url, MAIL_BASE_URL "/api/v1/users/%lld/unsubscribe?key=%s",
		         (long long)to->id, key);
		m->unsubscribe = strdup(url);
		if (!m->unsubscribe)
			return -1;
	}
	return m->subject && m->to && m->body ? 0 : -1;
}

int svc_notify_deliver(struct app *app, const struct store_reader *to, int side,
                       const struct notify_event *ev, int64_t event, const char *today, int *queued)
{
	char err[256], unsub[640] = "", mid[160];
	struct notify_mail m = {.body = NULL};
	bool optional = notify_optional(ev->kind);
	int rc = 0;
	int64_t id;
	if (!to->email[0] || (optional && strcmp(to->mail, "off") == 0))
		return 0;
	struct notify_reader r = {to->name, lang_of(to), side};
	if (optional && strcmp(to->mail, "digest") == 0) {
		if (notify_section(&mail_env, &r, ev, &m, err, sizeof err) != 0)
			goto bug;
		rc = store_digest_add(app->st, to->id, m.subject, m.body, today) == STORE_OK ? 0
		                                                                             : -1;
		goto out;
	}
	if (optional) {
		if (unsubscribe_url(app, to, unsub, sizeof unsub) != 0)
			return -1;
	}
	char *packed = NULL;
	if (notify_packable(ev->kind)) {
		/* queued as its event, rendered by the sender (migration 0043) */
		if (notify_pack(&r, ev, &packed) != CC_OK) {
			snprintf(err, sizeof err, "the event cannot be queued");
			goto bug;
		}
	} else if (notify_render(&mail_env, &r, ev, &m, err, sizeof err) != 0) {
		goto bug;
	}
	svc_notify_message_id(app, mid);
	struct store_outbox_row row = {to->email,
	                               packed ? "" : m.subject,
	                               packed ? "" : m.body,
	                               mid,
	                               notify_kind_name(ev->kind),
	                               to->id,
	                               optional ? unsub : NULL,
	                               event,
	                               today,
	                               packed};
	rc = store_outbox_add(app->st, &row, &id) == STORE_OK ? 0 : -1;
	free(packed);
	if (rc == 0 && queued)
		(*queued)++;
	goto out;
bug:
	/* A struct filled badly: our bug, not the user's doing; the event
	 * stands and the lost mail is logged. */
	log_msg(LOG_ERROR, "game %lld: no %s mail to user %lld: %s", ev->game.id,
	        notify_kind_name(ev->kind), (long long)to->id, err);
out:
	notify_mail_free(&m);
	return rc;
}

/* One mail to reader r: into q when given (written later), else at
 * once. */
static int deliver_one(struct app *app, struct svc_mails *q, const struct store_reader *r, int side,
                       const struct notify_event *ev, int64_t event, const char *today, int *queued)
{
	if (q)
		return deliver_later(app, q, r, side, ev, event, today);
	return svc_notify_deliver(app, r, side, ev, event, today, queued);
}

/* svc_notify_deliver() to user id; 0 when he is unknown. */
static int deliver_to(struct app *app, struct svc_mails *q, int64_t user, int side,
                      const struct notify_event *ev, int64_t event, const char *today, int *queued)
{
	struct store_reader r;
	int rc = store_notify_reader(app->st, user, &r);
	if (rc != STORE_OK)
		return rc == STORE_NOT_FOUND ? 0 : -1;
	return deliver_one(app, q, &r, side, ev, event, today, queued);
}

/* To every TL (the players of the game excepted: they get the player's
 * mail). */
static int deliver_tls(struct app *app, struct svc_mails *q, int64_t game_id,
                       const struct notify_event *ev, int64_t event, const char *today,
                       int64_t except1, int64_t except2, int *queued)
{
	struct store_reader tl[MAX_TLS];
	size_t n;
	if (store_notify_tls(app->st, game_id, tl, MAX_TLS, &n) != STORE_OK)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (tl[i].id != except1 && tl[i].id != except2 &&
		    deliver_one(app, q, &tl[i], NOTIFY_TL, ev, event, today, queued) != 0)
			return -1;
	return 0;
}

/* Loads game id: 0, 1 when it is gone, -1. */
static int load(struct app *app, int64_t id, struct store_game *sg)
{
	char err[256];
	int rc = store_games_load(app->st, id, sg, err, sizeof err);
	if (rc == STORE_OK)
		return 0;
	if (rc != STORE_NOT_FOUND)
		log_msg(LOG_ERROR, "game %lld: cannot be loaded for its mail: %s", (long long)id,
		        err);
	return rc == STORE_NOT_FOUND ? 1 : -1;
}

/* The result mails of finished game sg. */
static int ended(struct app *app, struct svc_mails *q, const struct store_game *sg,
                 const char *today)
{
	const struct corr_state *st = &sg->g.state;
	struct notify_event ev = {.kind = NOTIFY_RESULT};
	game_of(sg, &ev.game);
	struct notify_ply last = {0, 0, NULL, NULL};
	if (sg->g.nmoves)
		ply_of(sg, sg->g.nmoves - 1, &last);
	/* DSU 6.8.9: in e-mail play the server reports the result to the TL. */
	bool tl = ev.game.play == NOTIFY_EMAIL;
	int32_t on = st->finished_on != CLOCK_NO_DATE ? st->finished_on : day_of(today);
	ev.u.result = (struct notify_result){
	        st->result, st->termination[0] ? st->termination : NULL, on, last.number, tl};
	if (deliver_to(app, q, sg->white, NOTIFY_WHITE, &ev, 0, today, NULL) != 0 ||
	    deliver_to(app, q, sg->black, NOTIFY_BLACK, &ev, 0, today, NULL) != 0)
		return -1;
	if (!tl)
		return 0;
	ev.kind = NOTIFY_RESULT_TL;
	return deliver_tls(app, q, sg->id, &ev, 0, today, sg->white, sg->black, NULL);
}

/* The move mail of sg (just moved, rows: the rows the delta added) to
 * the player to move; in e-mail play the copy to the TLs when the move
 * answers a reminder (DSU 6.8.3). */
static int moved(struct app *app, struct svc_mails *q, const struct store_game *sg, size_t rows,
                 const char *today)
{
	struct clock_result res;
	struct corr_error e;
	int32_t now = day_of(today);
	/* the clock the move path kept for this game today, if any */
	const struct store_game_clock *k = store_games_clock(sg, now);
	if (k)
		res = k->res;
	if (sg->g.nmoves == 0 || (!k && corr_clock(&sg->g, now, &res, NULL, &e) != CC_OK) ||
	    res.to_move < 0)
		return 0; /* nothing to tell (a clock that fails shows in the GAME) */
	int s = res.to_move;
	struct notify_event ev = {.kind = NOTIFY_MOVE};
	game_of(sg, &ev.game);
	ply_of(sg, sg->g.nmoves - 1, &ev.u.move.move);
	ev.u.move.sent = date_or_none(sg->g.moves[sg->g.nmoves - 1].sent);
	clock_of(sg, &res.player[s], now, false, &ev.u.move.clock);
	/* FIDE 9.1: the mover's offer stands with his move. */
	ev.u.move.draw_offered = sg->g.state.draw_offer == (s == WHITE ? BLACK : WHITE);
	/* The mover's own move is the first row the delta added. */
	size_t before = sg->g.nmoves >= rows ? sg->g.nmoves - rows : 0;
	struct notify_ply own;
	ply_of(sg, before, &own); /* a series reply may follow it: then he is to move again */
	int64_t mover = own.side == NOTIFY_WHITE ? sg->white : sg->black;
	if (ev.game.play == NOTIFY_EMAIL && rows > 0) {
		int rr = store_notify_reminded(app->st, sg->id, mover, (int64_t)before);
		if (rr == STORE_ERROR)
			return -1;
		ev.u.move.answers_reminder = rr == STORE_OK;
	}
	if (deliver_to(app, q, s == WHITE ? sg->white : sg->black, s, &ev, 0, today, NULL) != 0)
		return -1;
	if (!ev.u.move.answers_reminder)
		return 0;
	struct notify_event copy = ev;
	copy.kind = NOTIFY_ANSWER_TL;
	copy.u.move.move = own;
	copy.u.move.sent = date_or_none(sg->g.moves[before].sent);
	return deliver_tls(app, q, sg->id, &copy, 0, today, sg->white, sg->black, NULL);
}

/* The draw offer of `side` in sg to the opponent. */
static int offered(struct app *app, struct svc_mails *q, const struct store_game *sg, int side,
                   const char *today)
{
	struct notify_event ev = {.kind = NOTIFY_DRAW_OFFER};
	game_of(sg, &ev.game);
	ev.u.draw.side = side;
	if (sg->g.nmoves) {
		struct notify_ply last;
		ply_of(sg, sg->g.nmoves - 1, &last);
		if (last.side == side)
			ev.u.draw.move = last; /* offered with (after) his move */
	}
	return deliver_to(app, q, side == WHITE ? sg->black : sg->white,
	                  side == WHITE ? BLACK : WHITE, &ev, 0, today, NULL);
}

int svc_notify_message(struct app *app, const struct store_game *sg, int side, const char *text,
                       const char *today)
{
	struct notify_event ev = {.kind = NOTIFY_MESSAGE};
	game_of(sg, &ev.game);
	ev.u.message.side = side == WHITE ? NOTIFY_WHITE : NOTIFY_BLACK;
	ev.u.message.text = text;
	return deliver_to(app, NULL, side == WHITE ? sg->black : sg->white,
	                  side == WHITE ? NOTIFY_BLACK : NOTIFY_WHITE, &ev, 0, today, NULL);
}

/* svc_notify_game_changed() into q (NULL: written at once). */
static int game_changed(struct app *app, struct svc_mails *q, const struct corr_state *was,
                        const struct store_game *after, int64_t id, const struct corr_delta *d,
                        const char *today)
{
	struct store_game loaded;
	const struct store_game *sg = after;
	int rc = 0;
	if (!sg) {
		rc = load(app, id, &loaded); /* as the transaction has it now */
		if (rc != 0)
			return rc < 0 ? -1 : 0;
		sg = &loaded;
	}
	if (d->state.status == CORR_FINISHED &&
	    (was->status == CORR_ACTIVE || strcmp(was->result, d->state.result) != 0))
		rc = ended(app, q, sg, today); /* also a TL's correction of a result */
	else if (d->nrows > 0)
		rc = moved(app, q, sg, d->nrows, today);
	else if (d->state.draw_offer != CORR_NOBODY && d->state.draw_offer != was->draw_offer)
		rc = offered(app, q, sg, d->state.draw_offer, today);
	if (!after)
		store_games_free(&loaded);
	return rc;
}

int svc_notify_game_changed(struct app *app, const struct corr_state *was,
                            const struct store_game *after, int64_t id, const struct corr_delta *d,
                            const char *today)
{
	return game_changed(app, NULL, was, after, id, d, today);
}

int svc_notify_prepare(struct app *app, const struct corr_state *was,
                       const struct store_game *after, const struct corr_delta *d,
                       const char *today, struct svc_mails *q)
{
	memset(q, 0, sizeof *q);
	int rc = game_changed(app, q, was, after, after->id, d, today);
	if (rc != 0)
		svc_mails_free(q);
	return rc;
}

/* One opponent told of a vacation, with his games against the player. */
struct opponent {
	int64_t user;
	int side; /* his colour in the first game */
	long long games[64];
	int ngames;
	char white[STORE_NAME_MAX], black[STORE_NAME_MAX], event[STORE_NAME_MAX];
	bool has_event;
	enum notify_play play;
	int64_t first_game;
};

int svc_notify_vacation(struct app *app, int64_t user, int32_t first, int32_t last, int32_t notice,
                        bool special, int64_t tournament, const char *today)
{
	int64_t *ids = NULL;
	struct opponent *opp = calloc(MAX_OPPS, sizeof *opp);
	size_t n = 0;
	int nopp = 0, rc = -1;
	struct store_reader me;
	if (!opp)
		goto out;
	int mr = store_notify_reader(app->st, user, &me);
	if (mr != STORE_OK) {
		rc = mr == STORE_NOT_FOUND ? 0 : -1;
		goto out;
	}
	struct store_games_filter f = {.player = user};
	if (store_games_of(app->st, &f, MAX_GAMES, &ids, &n) != STORE_OK)
		goto out;
	/* DSU 6.3.6.1: every remaining opponent, one mail each; oldest game
	 * first. */
	for (size_t i = n; i-- > 0;) {
		struct store_game sg;
		int lr = load(app, ids[i], &sg);
		if (lr < 0)
			goto out;
		if (lr > 0)
			continue;
		/* issue 9 (DSU 6.3.6): a postal vacation belongs to one
		 * tournament, so only its opponents are told */
		if (sg.g.state.status == CORR_ACTIVE &&
		    (tournament == 0 || sg.tournament == tournament)) {
			int64_t other = sg.white == user ? sg.black : sg.white;
			int k = 0;
			while (k < nopp && opp[k].user != other)
				k++;
			if (k == nopp && nopp < MAX_OPPS) {
				struct opponent *o = &opp[nopp++];
				o->user = other;
				o->side = sg.white == other ? NOTIFY_WHITE : NOTIFY_BLACK;
				snprintf(o->white, sizeof o->white, "%s", sg.white_name);
				snprintf(o->black, sizeof o->black, "%s", sg.black_name);
				o->has_event = sg.event != NULL;
				snprintf(o->event, sizeof o->event, "%s", sg.event ? sg.event : "");
				o->play = play_of(&sg);
				o->first_game = sg.id;
			}
			if (k < nopp && opp[k].ngames < 64)
				opp[k].games[opp[k].ngames++] = sg.id;
		}
		store_games_free(&sg);
	}
	for (int k = 0; k < nopp; k++) {
		struct opponent *o = &opp[k];
		struct notify_event ev = {.kind = NOTIFY_VACATION};
		ev.game = (struct notify_game){o->first_game, o->white, o->black,
		                               o->has_event ? o->event : NULL, o->play};
		ev.u.vacation = (struct notify_vacation){me.name,  first,     last,   notice,
		                                         o->games, o->ngames, special};
		if (deliver_to(app, NULL, o->user, o->side, &ev, 0, today, NULL) != 0)
			goto out;
	}
	rc = 0;
out:
	free(ids);
	free(opp);
	return rc;
}

int svc_notify_tournament_started(struct app *app, int64_t id, const char *today)
{
	char name[STORE_NAME_MAX], start[11], profile[STORE_PROFILE_MAX];
	struct store_letter_seat *seats = NULL;
	struct store_letter_pair *games = NULL;
	struct notify_start_player *players = NULL;
	struct notify_pairing *pairs = NULL;
	size_t nseats = 0, ngames = 0;
	int rc = -1;
	int tr = store_notify_tournament(app->st, id, name, start, profile, &seats, &nseats, &games,
	                                 &ngames);
	if (tr != STORE_OK)
		return tr == STORE_NOT_FOUND ? 0 : -1;
	/* Every seat and every game, however many (issue 25: a letter of a
	 * 100-player group is far over 64 KB). */
	players = calloc(nseats ? nseats : 1, sizeof *players);
	pairs = calloc(ngames ? ngames : 1, sizeof *pairs);
	if (!players || !pairs)
		goto out;
	/* DSU 6.5.2.1: the names and (postal) addresses; the e-mail addresses
	 * too where the moves go by e-mail (6.8.2, 6.2.1.2) */
	const struct clock_profile *cp = clock_profile_find(profile);
	bool by_mail = cp && cp->receipt == CLOCK_RECEIPT_NEXT_DAY;
	for (size_t i = 0; i < nseats; i++)
		players[i] =
		        (struct notify_start_player){seats[i].seat, seats[i].name, seats[i].postal,
		                                     by_mail ? seats[i].email : NULL};
	int np = 0;
	for (size_t i = 0; i < ngames; i++) {
		int w = 0, b = 0;
		for (size_t k = 0; k < nseats; k++) {
			if (seats[k].user == games[i].white)
				w = seats[k].seat;
			if (seats[k].user == games[i].black)
				b = seats[k].seat;
		}
		if (w && b)
			pairs[np++] = (struct notify_pairing){w, b, games[i].game};
	}
	/* DSU 6.5.2.1 sends "en kopi af reglementet" with the letter: the
	 * rules of the group's play, in the letter itself (lib/notify) */
	struct notify_event ev = {.kind = NOTIFY_START};
	ev.u.start = (struct notify_start){name,
	                                   day_of(start),
	                                   players,
	                                   (int)nseats,
	                                   pairs,
	                                   np,
	                                   NULL,
	                                   play_of_profile(profile),
	                                   strcmp(profile, "dsu-post-email") == 0,
	                                   cp ? cp->days_per_period : 0,
	                                   cp ? cp->moves_per_period : 0};
	rc = 0;
	for (size_t i = 0; i < nseats && rc == 0; i++)
		rc = deliver_to(app, NULL, seats[i].user, -1, &ev, 0, today, NULL);
out:
	free(seats);
	free(games);
	free(players);
	free(pairs);
	return rc;
}

int svc_notify_finding(struct app *app, const struct store_game *sg, const struct corr_finding *f,
                       int64_t event, const char *result, const char *today)
{
	struct clock_result res;
	struct corr_error e;
	int32_t now = day_of(today);
	int queued = 0;
	if (corr_clock(&sg->g, now, &res, NULL, &e) != CC_OK)
		return -1;
	struct notify_event ev;
	memset(&ev, 0, sizeof ev);
	game_of(sg, &ev.game);
	const struct clock_player *p = &res.player[f->side];
	bool email = ev.game.play == NOTIFY_EMAIL;
	int64_t player = f->side == WHITE ? sg->white : sg->black;
	int64_t other = f->side == WHITE ? sg->black : sg->white;
	/* Who is told: docs/SWEEP.md. */
	bool to_player = true, to_other = false, to_tls = true;
	switch (f->kind) {
	case CORR_FINDING_REMINDER:
	case CORR_FINDING_TL_NOTICE:
		ev.kind = f->kind == CORR_FINDING_REMINDER ? NOTIFY_REMINDER : NOTIFY_TL_NOTICE;
		ev.u.silence.side = f->side;
		if (sg->g.nmoves)
			ply_of(sg, sg->g.nmoves - 1, &ev.u.silence.last);
		ev.u.silence.received = date_or_none(f->received);
		ev.u.silence.reminder = date_or_none(p->reminder_date);
		ev.u.silence.tl_date = date_or_none(f->tl_date);
		/* DSU 6.3.4: the reminder goes to the silent player; 6.8.3: in
		 * e-mail play with a copy to the TL. */
		to_tls = f->kind == CORR_FINDING_TL_NOTICE || email;
		break;
	case CORR_FINDING_FORFEIT: {
		struct corr_forfeit ff[2];
		corr_forfeit_test(&sg->g, &res, now, ff);
		ev.kind = NOTIFY_FORFEIT;
		ev.u.forfeit =
		        (struct notify_forfeit){f->side, ff[f->side].control, ff[f->side].limit,
		                                date_or_none(f->due), result};
		if (ev.u.forfeit.control < 1) { /* not over after all: the clock's next control */
			ev.u.forfeit.control = p->next_control;
			ev.u.forfeit.limit = p->limit_days;
		}
		to_other = true;
		break;
	}
	case CORR_FINDING_ADJUDICATION:
		ev.kind = NOTIFY_ADJUDICATION;
		ev.u.adjudication =
		        (struct notify_adjudication){f->side, sg->g.start, date_or_none(f->due)};
		to_player = false;
		break;
	default:
		return 0;
	}
	/* One mail an address: a TL who plays the game reads as a player. */
	if (to_tls && deliver_tls(app, NULL, sg->id, &ev, event, today, to_player ? player : 0,
	                          to_other ? other : 0, &queued) != 0)
		return -1;
	if (to_player && deliver_to(app, NULL, player, f->side, &ev, event, today, &queued) != 0)
		return -1;
	if (to_other && deliver_to(app, NULL, other, 1 - f->side, &ev, event, today, &queued) != 0)
		return -1;
	return queued;
}

/* The alarm's write: recorded once per control, and its mail. */
struct trouble {
	const struct store_game *sg;
	const struct clock_result *res;
	const struct notify_clock *c;
	const char *today;
	int64_t user;
	bool known; /* told before, for this control */
};

static int write_trouble(struct app *app, void *ctx)
{
	struct trouble *t = ctx;
	int rc = store_notify_once(app->st, t->sg->id, t->user, "time_trouble", t->c->next_control,
	                           t->today);
	if (rc == STORE_CONFLICT) {
		t->known = true;
		return STORE_CONFLICT; /* nothing to write */
	}
	if (rc != STORE_OK)
		return STORE_ERROR;
	struct notify_event ev = {.kind = NOTIFY_TIME_TROUBLE};
	game_of(t->sg, &ev.game);
	ev.u.trouble = (struct notify_trouble){*t->c, date_or_none(t->res->pending_received)};
	return deliver_to(app, NULL, t->user, t->res->to_move, &ev, 0, t->today, NULL) == 0
	               ? STORE_OK
	               : STORE_ERROR;
}

int svc_notify_time_trouble(struct app *app, const struct store_game *sg, const char *today)
{
	struct clock_result res;
	struct corr_error e;
	int32_t now = day_of(today);
	if (corr_clock(&sg->g, now, &res, NULL, &e) != CC_OK || res.to_move < 0)
		return 0;
	const struct clock_player *p = &res.player[res.to_move];
	struct notify_clock c;
	clock_of(sg, p, now, true, &c);
	/* 80% of the allowance of the next control; not once he is over it
	 * (then the forfeit is the mail). */
	if (p->forfeited || c.limit_days <= 0 ||
	    (int64_t)c.used_days * 5 < (int64_t)c.limit_days * 4 ||
	    (p->forfeit_date != CLOCK_NO_DATE && now >= p->forfeit_date))
		return 0;
	struct trouble t = {sg,   &res, &c, today, res.to_move == WHITE ? sg->white : sg->black,
	                    false};
	int rc = svc_write(app, write_trouble, &t);
	if (rc == STORE_OK)
		return 1;
	return t.known ? 0 : -1;
}

struct purge {
	char before[CALENDAR_ISO_LEN];
	const char *today;
	size_t n;
};

static int write_purge(struct app *app, void *ctx)
{
	struct purge *p = ctx;
	return store_outbox_purge(app->st, p->before, p->today, 1000, &p->n);
}

int svc_notify_purge(struct app *app, const char *today, long *purged)
{
	const char *v = app->cfg->mail_retention_days;
	long days = v && *v ? strtol(v, NULL, 10) : 30;
	int32_t now = day_of(today);
	*purged = 0;
	if (days < 1 || now == NOTIFY_NO_DATE)
		return -1;
	struct purge p = {.today = today};
	if (calendar_format(now - (int32_t)days, p.before, sizeof p.before) != CC_OK)
		return -1;
	do {
		if (svc_write(app, write_purge, &p) != STORE_OK)
			return -1;
		*purged += (long)p.n;
	} while (p.n == 1000);
	return 0;
}

/* One user's digest, in its own transaction: 1 queued, 0 nothing, -1. */
static int digest_one(struct app *app, int64_t user, const char *today)
{
	struct store_digest_item *items = NULL;
	struct notify_mail *sec = NULL, m = {.body = NULL};
	struct store_reader r;
	char err[256], unsub[640], mid[160];
	size_t n = 0;
	int rc = -1;
	if (store_begin(app->st) != STORE_OK)
		return -1;
	int cr = store_notify_reader(app->st, user, &r);
	if (cr != STORE_OK) {
		rc = cr == STORE_NOT_FOUND ? 0 : -1;
		goto out;
	}
	if (store_digest_items(app->st, user, NOTIFY_DIGEST_MAX, &items, &n) != STORE_OK)
		goto out;
	if (n == 0) {
		rc = 0;
		goto out;
	}
	sec = calloc(n, sizeof *sec);
	if (!sec || unsubscribe_url(app, &r, unsub, sizeof unsub) != 0)
		goto out;
	for (size_t i = 0; i < n; i++) {
		snprintf(sec[i].subject, sizeof sec[i].subject, "%s", items[i].heading);
		sec[i].body = items[i].body; /* borrowed */
	}
	struct notify_reader rd = {r.name, lang_of(&r), -1};
	if (notify_digest_join(&mail_env, &rd, sec, (int)n, &m, err, sizeof err) != 0) {
		log_msg(LOG_ERROR, "the digest of user %lld: %s", (long long)user, err);
		goto out;
	}
	int64_t outbox = 0;
	if (r.email[0]) {
		svc_notify_message_id(app, mid);
		struct store_outbox_row row = {r.email, m.subject, m.body, mid,   "digest",
		                               user,    unsub,     0,      today, NULL};
		if (store_outbox_add(app->st, &row, &outbox) != STORE_OK)
			goto out;
	}
	/* Without an address the sections are dropped. */
	if (store_digest_mark(app->st, user, items[n - 1].id, outbox) != STORE_OK)
		goto out;
	rc = 1;
out:
	if (rc >= 0 && store_commit(app->st) != STORE_OK)
		rc = -1;
	if (rc < 0)
		store_rollback(app->st);
	notify_mail_free(&m);
	free(sec);
	store_digest_items_free(items, n);
	return rc;
}

int svc_notify_flush_digests(struct app *app, const char *today, int *queued)
{
	int64_t *users = NULL;
	size_t n = 0;
	*queued = 0;
	if (store_digest_users(app->st, &users, &n) != STORE_OK)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		int one = digest_one(app, users[i], today);
		if (one < 0)
			rc = -1;
		else
			*queued += one;
	}
	free(users);
	return rc;
}

/* The host of base_url ("chess.example"), for the UIDs. */
static void domain_of(const struct app *app, char *out, size_t len)
{
	const char *u = base_url(app), *p = strstr(u, "://");
	p = p ? p + 3 : u;
	size_t n = strcspn(p, "/:?#@ \r\n");
	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), p);
	if (!out[0])
		snprintf(out, len, "localhost");
}

struct feed_names {
	char white[STORE_NAME_MAX], black[STORE_NAME_MAX];
};

int svc_notify_calendar(struct app *app, int64_t user, const char *today, char **feed, char *err,
                        size_t errlen)
{
	struct store_reader r;
	int64_t *ids = NULL;
	struct ical_game *ig = calloc(MAX_GAMES, sizeof *ig);
	struct feed_names *names = calloc(MAX_GAMES, sizeof *names);
	struct ical_vacation *iv = calloc(MAX_PERIODS, sizeof *iv);
	struct store_period *per = NULL;
	size_t n = 0, ng = 0, np = 0, nv = 0;
	int rc = -1;
	*feed = NULL;
	if (!ig || !names || !iv) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	int ur = store_notify_reader(app->st, user, &r);
	if (ur != STORE_OK) {
		snprintf(err, errlen,
		         ur == STORE_NOT_FOUND ? "no such user" : "the database failed");
		rc = ur == STORE_NOT_FOUND ? 1 : -1;
		goto out;
	}
	int32_t now = day_of(today);
	struct store_games_filter of = {.player = user};
	if (store_games_of(app->st, &of, MAX_GAMES, &ids, &n) != STORE_OK)
		goto dbfail;
	for (size_t i = n; i-- > 0;) { /* oldest first */
		struct store_game sg;
		struct clock_result res;
		struct corr_error e;
		int lr = load(app, ids[i], &sg);
		if (lr < 0)
			goto dbfail;
		if (lr > 0)
			continue;
		if (sg.g.state.status == CORR_ACTIVE &&
		    corr_clock(&sg.g, now, &res, NULL, &e) == CC_OK && res.to_move >= 0) {
			const struct clock_player *p = &res.player[res.to_move];
			int64_t to_move = res.to_move == WHITE ? sg.white : sg.black;
			snprintf(names[ng].white, sizeof names[ng].white, "%s", sg.white_name);
			snprintf(names[ng].black, sizeof names[ng].black, "%s", sg.black_name);
			ig[ng] = (struct ical_game){
			        sg.id,
			        names[ng].white,
			        names[ng].black,
			        p->forfeit_date == CLOCK_NO_DATE ? ICAL_NO_DATE : p->forfeit_date,
			        p->reminder_date == CLOCK_NO_DATE ? ICAL_NO_DATE : p->reminder_date,
			        to_move == user};
			ng++;
		}
		store_games_free(&sg);
	}
	if (store_vacations_of(app->st, user, MAX_PERIODS, &per, &np) != STORE_OK)
		goto dbfail;
	for (size_t i = 0; i < np && nv < MAX_PERIODS; i++)
		iv[nv++] = (struct ical_vacation){per[i].id, per[i].iv.first, per[i].iv.last};
	int year = now == NOTIFY_NO_DATE ? 2000 : calendar_year(now);
	char title[200], domain[128];
	snprintf(title, sizeof title, "corrchess: %s", r.name);
	domain_of(app, domain, sizeof domain);
	time_t t = time(NULL);
	struct ical_feed f = {title, domain, (int32_t)(t / 86400), (int)(t % 86400)};
	struct ical_user u = {
	        r.name, lang_of(&r) == NOTIFY_DA, base_url(app), ig, ng, iv, nv, year, year + 1,
	        user};
	rc = ical_user_feed(&f, &u, feed, err, errlen) == CC_OK ? 0 : -1;
	goto out;
dbfail:
	snprintf(err, errlen, "the database failed");
	rc = -1;
out:
	free(ids);
	free(ig);
	free(names);
	free(iv);
	free(per);
	return rc;
}
