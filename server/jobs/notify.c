/* jobs/notify.c: the mail of issue 13 written with its event
 * (jobs/notify.h, docs/NOTIFY.md). */
#include "autoconfig.h"
#include "jobs/notify.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "export/ical.h"
#include "util/status.h"

#define MAX_TLS      32
#define MAX_OPPS     256 /* distinct opponents told of one vacation */
#define MAX_FEED     512 /* games in a calendar feed */
#define MAX_PERIODS  256 /* vacations in a calendar feed */
#define MAX_PAIRINGS (64 * 63)

static const char *base_url(const struct app *app)
{
	return app->cfg->base_url ? app->cfg->base_url : "";
}

static enum notify_play play_of(const struct games_game *g)
{
	if (strcmp(g->profile, "dsu-post") == 0)
		return NOTIFY_POSTAL;
	if (strcmp(g->profile, "dsu-email") == 0)
		return NOTIFY_EMAIL;
	return NOTIFY_SERVER;
}

static void game_of(const struct games_game *g, struct notify_game *ng)
{
	ng->id = g->id;
	ng->white = g->white_name;
	ng->black = g->black_name;
	ng->event = g->event;
	ng->play = play_of(g);
}

static int32_t day_of(const char *iso)
{
	int32_t d;
	return iso && calendar_parse(iso, &d, NULL, 0) == CC_OK ? d : NOTIFY_NO_DATE;
}

/* Move i of g (0-based) with its number and side, as the GAME JSON
 * numbers it (a thematic start may have Black to move). */
static void ply_of(const struct games_game *g, int i, struct notify_ply *p)
{
	const position *start = game_start_position(g->replay);
	int idx = i + (start->side == BLACK ? 1 : 0);
	p->number = start->fullmove + idx / 2;
	p->side = (start->side + i) % 2 == WHITE ? NOTIFY_WHITE : NOTIFY_BLACK;
	p->iccf = g->moves[i].iccf;
	p->san = g->moves[i].san;
}

/* The clock of the side to move as the mails show it: what he has used
 * if he sends his move today. */
static void clock_of(const struct clock_player *p, struct notify_clock *c)
{
	c->used_days = p->used_days + p->running_days;
	c->left_days = p->limit_days - c->used_days;
	c->next_control = p->next_control;
	c->limit_days = p->limit_days;
	c->forfeit_date = p->forfeit_date == CLOCK_NO_DATE ? NOTIFY_NO_DATE : p->forfeit_date;
}

static enum notify_lang lang_of(const struct store_contact *c)
{
	return strcmp(c->language, "da") == 0 ? NOTIFY_DA : NOTIFY_EN;
}

/* Hex of n random bytes into out (2n + 1 bytes). */
static void random_hex(char *out, size_t n)
{
	unsigned char b[32];
	if (n > sizeof b)
		n = sizeof b;
	if (sodium_init() < 0) /* cannot happen on Linux; keys must not be guessable */
		abort();
	randombytes_buf(b, n);
	sodium_bin2hex(out, 2 * n + 1, b, n);
}

void notify_message_id(const struct app *app, char out[160])
{
	char hex[33];
	random_hex(hex, 16);
	const char *from = app->cfg->mail_from ? app->cfg->mail_from : "";
	const char *at = strchr(from, '@');
	char domain[100];
	snprintf(domain, sizeof domain, "%s", at && at[1] ? at + 1 : "localhost");
	domain[strcspn(domain, "<>\r\n \t")] = '\0';
	snprintf(out, 160, "<corrchess.%s@%s>", hex, domain[0] ? domain : "localhost");
}

int notify_key(struct app *app, int64_t user, enum store_key which, char out[STORE_KEY_LEN])
{
	int rc = store_notify_get_key(app->st, user, which, out);
	if (rc != 0 || out[0])
		return rc;
	char fresh[STORE_KEY_LEN];
	random_hex(fresh, 16);
	return store_notify_make_key(app->st, user, which, fresh, out);
}

int notify_deliver(struct app *app, const struct store_contact *to, int side,
                   const struct notify_event *ev, const char *today)
{
	char err[256], unsub[640] = "", mid[160], key[STORE_KEY_LEN];
	struct notify_mail m = {.body = NULL};
	bool optional = notify_optional(ev->kind);
	int rc = 0;
	if (!to->email[0] || (optional && strcmp(to->mail, "off") == 0))
		return 0;
	struct notify_reader r = {to->name, lang_of(to), side};
	struct notify_env env = {base_url(app), NULL};
	if (optional && strcmp(to->mail, "digest") == 0) {
		if (notify_section(&env, &r, ev, &m, err, sizeof err) != 0)
			goto bug;
		rc = store_digest_add(app->st, to->id, m.subject, m.body, today);
		goto out;
	}
	if (optional) {
		/* RFC 8058: the one-click link of List-Unsubscribe. */
		if (notify_key(app, to->id, STORE_KEY_UNSUBSCRIBE, key) != 0)
			return -1;
		snprintf(unsub, sizeof unsub, "%s/api/v1/users/%lld/unsubscribe?key=%s",
		         base_url(app), (long long)to->id, key);
		env.unsubscribe = unsub;
	}
	if (notify_render(&env, &r, ev, &m, err, sizeof err) != 0)
		goto bug;
	notify_message_id(app, mid);
	struct store_outbox_row row = {to->email,
	                               m.subject,
	                               m.body,
	                               mid,
	                               notify_kind_name(ev->kind),
	                               to->id,
	                               optional ? unsub : NULL,
	                               0,
	                               today};
	rc = store_outbox_add(app->st, &row) < 0 ? -1 : 0;
	goto out;
bug:
	/* A struct we filled badly: our bug, not the user's; the event
	 * stands, the mail is logged as lost. */
	log_msg(LOG_ERROR, "game %lld: no %s mail to user %lld: %s", ev->game.id,
	        notify_kind_name(ev->kind), (long long)to->id, err);
out:
	notify_mail_free(&m);
	return rc;
}

/* deliver() to user id by his contact; 0 when he is unknown. */
static int deliver_to(struct app *app, int64_t user, int side, const struct notify_event *ev,
                      const char *today)
{
	struct store_contact c;
	int rc = store_notify_contact(app->st, user, &c);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	return notify_deliver(app, &c, side, ev, today);
}

static int deliver_tls(struct app *app, const struct notify_event *ev, const char *today,
                       int64_t except1, int64_t except2)
{
	struct store_contact tl[MAX_TLS];
	int n = store_notify_tls(app->st, tl, MAX_TLS);
	for (int i = 0; i < n; i++) {
		if (tl[i].id == except1 || tl[i].id == except2)
			continue; /* a TL playing the game gets the player's mail */
		if (notify_deliver(app, &tl[i], NOTIFY_TL, ev, today) != 0)
			return -1;
	}
	return n < 0 ? -1 : 0;
}

static int load(struct app *app, int64_t id, struct games_game *g)
{
	char err[256];
	int rc = games_load(app, id, g, err, sizeof err);
	if (rc == 0)
		return 0;
	if (rc != 404)
		log_msg(LOG_ERROR, "game %lld: cannot be loaded for its mail: %s", (long long)id,
		        err);
	return rc == 404 ? 1 : -1;
}

/* The result mails of finished game g. */
static int ended(struct app *app, const struct games_game *g, const char *today)
{
	struct notify_event ev = {.kind = NOTIFY_RESULT};
	game_of(g, &ev.game);
	struct notify_ply last = {0, 0, NULL, NULL};
	if (g->nmoves)
		ply_of(g, g->nmoves - 1, &last);
	/* DSU 6.8.9: in e-mail play the server reports to the TL. */
	bool tl = ev.game.play == NOTIFY_EMAIL;
	ev.u.result = (struct notify_result){g->result, g->termination[0] ? g->termination : NULL,
	                                     day_of(today), last.number, tl};
	if (deliver_to(app, g->white, NOTIFY_WHITE, &ev, today) != 0 ||
	    deliver_to(app, g->black, NOTIFY_BLACK, &ev, today) != 0)
		return -1;
	if (!tl)
		return 0;
	ev.kind = NOTIFY_RESULT_TL;
	return deliver_tls(app, &ev, today, g->white, g->black);
}

int notify_ended(struct app *app, int64_t game_id, const char *today)
{
	struct games_game g;
	int rc = load(app, game_id, &g);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	rc = ended(app, &g, today);
	games_unload(&g);
	return rc;
}

int notify_moved(struct app *app, int64_t game_id, const char *today)
{
	struct games_game g;
	char err[256];
	int rc = load(app, game_id, &g);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (strcmp(g.status, "finished") == 0) {
		rc = ended(app, &g, today);
		goto out;
	}
	struct clock_result res;
	if (g.nmoves == 0 || games_clock(&g, today, &res, err, sizeof err) != 0 || res.to_move < 0)
		goto out; /* nothing to tell (a clock that fails is reported by the GAME) */
	int s = res.to_move;
	struct notify_event ev = {.kind = NOTIFY_MOVE};
	game_of(&g, &ev.game);
	ply_of(&g, g.nmoves - 1, &ev.u.move.move);
	ev.u.move.sent = day_of(g.moves[g.nmoves - 1].sent);
	clock_of(&res.player[s], &ev.u.move.clock);
	/* FIDE 9.1: the mover's offer stands with his move. */
	const char *mover = s == CLOCK_WHITE ? "black" : "white";
	ev.u.move.draw_offered = strcmp(g.draw_offer, mover) == 0;
	rc = deliver_to(app, s == CLOCK_WHITE ? g.white : g.black, s, &ev, today);
out:
	games_unload(&g);
	return rc;
}

int notify_draw_offered(struct app *app, int64_t game_id, int64_t by, const char *today)
{
	struct games_game g;
	int rc = load(app, game_id, &g);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	int side = by == g.white ? NOTIFY_WHITE : NOTIFY_BLACK;
	struct notify_event ev = {.kind = NOTIFY_DRAW_OFFER};
	game_of(&g, &ev.game);
	ev.u.draw.side = side;
	if (g.nmoves) {
		struct notify_ply last;
		ply_of(&g, g.nmoves - 1, &last);
		if (last.side == side)
			ev.u.draw.move = last; /* offered after his move */
	}
	rc = deliver_to(app, side == NOTIFY_WHITE ? g.black : g.white,
	                side == NOTIFY_WHITE ? NOTIFY_BLACK : NOTIFY_WHITE, &ev, today);
	games_unload(&g);
	return rc;
}

/* One opponent told of a vacation, with his games against the player. */
struct opponent {
	int64_t user;
	int side; /* his colour in the first game */
	long long games[64];
	int ngames;
	char white[128], black[128], event[128];
	bool has_event;
	enum notify_play play;
	long long first_game;
};

int notify_vacation(struct app *app, int64_t user, int32_t first, int32_t last, int32_t notice,
                    bool special, const char *today)
{
	int64_t *ids = NULL;
	size_t n = 0;
	struct opponent *opp = NULL;
	int nopp = 0, rc = -1;
	char name[128] = "?";
	struct store_contact me;
	if (store_notify_contact(app->st, user, &me) != 0)
		return 0;
	snprintf(name, sizeof name, "%s", me.name);
	if (store_notify_active_games(app->st, user, &ids, &n) != 0)
		return -1;
	opp = calloc(MAX_OPPS, sizeof *opp);
	if (!opp)
		goto out;
	/* DSU 6.3.6.1: every remaining opponent; one mail each. */
	for (size_t i = 0; i < n; i++) {
		struct games_game g;
		int lr = load(app, ids[i], &g);
		if (lr < 0)
			goto out;
		if (lr > 0)
			continue;
		int64_t other = g.white == user ? g.black : g.white;
		int k = 0;
		while (k < nopp && opp[k].user != other)
			k++;
		if (k == nopp && nopp < MAX_OPPS) {
			struct opponent *o = &opp[nopp++];
			o->user = other;
			o->side = g.white == other ? NOTIFY_WHITE : NOTIFY_BLACK;
			snprintf(o->white, sizeof o->white, "%s", g.white_name);
			snprintf(o->black, sizeof o->black, "%s", g.black_name);
			o->has_event = g.event != NULL;
			snprintf(o->event, sizeof o->event, "%s", g.event ? g.event : "");
			o->play = play_of(&g);
			o->first_game = g.id;
		}
		if (k < nopp && opp[k].ngames < 64)
			opp[k].games[opp[k].ngames++] = g.id;
		games_unload(&g);
	}
	for (int k = 0; k < nopp; k++) {
		struct opponent *o = &opp[k];
		struct notify_event ev = {.kind = NOTIFY_VACATION};
		ev.game = (struct notify_game){o->first_game, o->white, o->black,
		                               o->has_event ? o->event : NULL, o->play};
		ev.u.vacation = (struct notify_vacation){name,     first,     last,   notice,
		                                         o->games, o->ngames, special};
		if (deliver_to(app, o->user, o->side, &ev, today) != 0)
			goto out;
	}
	rc = 0;
out:
	free(ids);
	free(opp);
	return rc;
}

int notify_tournament_started(struct app *app, int64_t id, const char *today)
{
	char name[128], start[11];
	struct store_seat seats[64];
	struct store_pair *games = calloc(MAX_PAIRINGS, sizeof *games);
	struct notify_pairing *pairs = calloc(MAX_PAIRINGS, sizeof *pairs);
	struct notify_start_player players[64];
	int nseats = 0, ngames = 0, rc = -1;
	if (!games || !pairs)
		goto out;
	rc = store_notify_tournament(app->st, id, name, start, seats, &nseats, games, MAX_PAIRINGS,
	                             &ngames);
	if (rc != 0) {
		rc = rc < 0 ? -1 : 0;
		goto out;
	}
	for (int i = 0; i < nseats; i++)
		players[i] =
		        (struct notify_start_player){seats[i].seat, seats[i].name, seats[i].email};
	int np = 0;
	for (int i = 0; i < ngames; i++) {
		int w = 0, b = 0;
		for (int k = 0; k < nseats; k++) {
			if (seats[k].user == games[i].white)
				w = seats[k].seat;
			if (seats[k].user == games[i].black)
				b = seats[k].seat;
		}
		if (w && b && w <= 64 && b <= 64)
			pairs[np++] = (struct notify_pairing){w, b, games[i].game};
	}
	struct notify_event ev = {.kind = NOTIFY_START};
	ev.game.id = 0;
	/* DSU 6.5.2.1 sends the rules with the letter: no page for them yet. */
	ev.u.start = (struct notify_start){name, day_of(start), players, nseats, pairs, np, NULL};
	rc = 0;
	for (int i = 0; i < nseats && rc == 0; i++)
		rc = deliver_to(app, seats[i].user, -1, &ev, today);
out:
	free(games);
	free(pairs);
	return rc;
}

int notify_sweep_game(struct app *app, const struct games_game *g, const char *today)
{
	struct clock_result res;
	char err[256];
	int32_t now = day_of(today);
	if (games_clock(g, today, &res, err, sizeof err) != 0 || res.to_move < 0)
		return 0;
	const struct clock_player *p = &res.player[res.to_move];
	struct notify_clock c;
	clock_of(p, &c);
	/* 80% of the allowance of the next control; not once he is over it
	 * (that is the forfeit's mail). */
	if (p->forfeited || c.limit_days <= 0 ||
	    (int64_t)c.used_days * 5 < (int64_t)c.limit_days * 4 ||
	    (p->forfeit_date != CLOCK_NO_DATE && now >= p->forfeit_date))
		return 0;
	int64_t user = res.to_move == CLOCK_WHITE ? g->white : g->black;
	if (store_begin(app->st) != SQLITE_OK)
		return -1;
	int rc = store_notify_once(app->st, g->id, user, "time_trouble", c.next_control, today);
	if (rc == 1) {
		struct notify_event ev = {.kind = NOTIFY_TIME_TROUBLE};
		game_of(g, &ev.game);
		ev.u.trouble = (struct notify_trouble){c, res.pending_received};
		if (deliver_to(app, user, res.to_move, &ev, today) != 0)
			rc = -1;
	}
	if (rc < 0 || store_commit(app->st) != SQLITE_OK) {
		store_rollback(app->st);
		return -1;
	}
	return rc;
}

/* One user's digest, in its own transaction: 1 queued, 0 nothing, -1. */
static int digest_one(struct app *app, int64_t user, const char *today)
{
	struct store_digest_item *items = NULL;
	struct notify_mail *sec = NULL, m = {.body = NULL};
	struct store_contact c;
	char err[256], unsub[640], mid[160], key[STORE_KEY_LEN];
	int n = 0, rc = -1;
	if (store_begin(app->st) != SQLITE_OK)
		return -1;
	int cr = store_notify_contact(app->st, user, &c);
	if (cr != 0) {
		rc = cr < 0 ? -1 : 0;
		goto out;
	}
	n = store_digest_items(app->st, user, NOTIFY_DIGEST_MAX, &items);
	if (n <= 0) {
		rc = n;
		goto out;
	}
	sec = calloc((size_t)n, sizeof *sec);
	if (!sec)
		goto out;
	for (int i = 0; i < n; i++) {
		snprintf(sec[i].subject, sizeof sec[i].subject, "%s", items[i].heading);
		sec[i].body = items[i].body; /* borrowed */
	}
	if (notify_key(app, user, STORE_KEY_UNSUBSCRIBE, key) != 0)
		goto out;
	snprintf(unsub, sizeof unsub, "%s/api/v1/users/%lld/unsubscribe?key=%s", base_url(app),
	         (long long)user, key);
	struct notify_env env = {base_url(app), unsub};
	struct notify_reader r = {c.name, lang_of(&c), -1};
	if (notify_digest_join(&env, &r, sec, n, &m, err, sizeof err) != 0) {
		log_msg(LOG_ERROR, "the digest of user %lld: %s", (long long)user, err);
		goto out;
	}
	int64_t outbox = 0;
	if (c.email[0]) {
		notify_message_id(app, mid);
		struct store_outbox_row row = {c.email, m.subject, m.body, mid,  "digest",
		                               user,    unsub,     0,      today};
		outbox = store_outbox_add(app->st, &row);
		if (outbox < 0)
			goto out;
	}
	/* Sections of a user without an address are dropped with the rest. */
	if (store_digest_mark(app->st, user, items[n - 1].id, outbox) != 0)
		goto out;
	rc = 1;
out:
	if (rc >= 0 && store_commit(app->st) != SQLITE_OK)
		rc = -1;
	if (rc < 0)
		store_rollback(app->st);
	notify_mail_free(&m);
	free(sec);
	store_digest_items_free(items, n > 0 ? n : 0);
	return rc;
}

int notify_flush_digests(struct app *app, const char *today, int *queued)
{
	int64_t *users = NULL;
	size_t n = 0;
	*queued = 0;
	if (store_digest_users(app->st, &users, &n) != 0)
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
	size_t n = strcspn(p, "/:?#");
	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), p);
	if (!out[0])
		snprintf(out, len, "localhost");
}

struct feed_game {
	char white[128], black[128];
};

int notify_calendar(struct app *app, int64_t user, const char *today, char **feed, char *err,
                    size_t errlen)
{
	struct store_contact c;
	int64_t *ids = NULL;
	size_t n = 0;
	struct ical_game *ig = NULL;
	struct feed_game *names = NULL;
	struct store_period *per = NULL;
	struct ical_vacation *iv = NULL;
	int rc = store_notify_contact(app->st, user, &c);
	*feed = NULL;
	if (rc != 0) {
		snprintf(err, errlen, rc < 0 ? "the database failed" : "no such user");
		return rc < 0 ? -1 : 1;
	}
	rc = -1;
	if (store_notify_active_games(app->st, user, &ids, &n) != 0)
		goto dbfail;
	if (n > MAX_FEED)
		n = MAX_FEED;
	ig = calloc(n ? n : 1, sizeof *ig);
	names = calloc(n ? n : 1, sizeof *names);
	per = calloc(MAX_PERIODS, sizeof *per);
	iv = calloc(MAX_PERIODS, sizeof *iv);
	if (!ig || !names || !per || !iv) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	size_t ng = 0;
	for (size_t i = 0; i < n; i++) {
		struct games_game g;
		struct clock_result res;
		char cerr[256];
		int lr = load(app, ids[i], &g);
		if (lr < 0)
			goto dbfail;
		if (lr > 0)
			continue;
		if (games_clock(&g, today, &res, cerr, sizeof cerr) == 0 && res.to_move >= 0) {
			const struct clock_player *p = &res.player[res.to_move];
			int64_t to_move = res.to_move == CLOCK_WHITE ? g.white : g.black;
			snprintf(names[ng].white, sizeof names[ng].white, "%s", g.white_name);
			snprintf(names[ng].black, sizeof names[ng].black, "%s", g.black_name);
			ig[ng] = (struct ical_game){
			        g.id,
			        names[ng].white,
			        names[ng].black,
			        p->forfeit_date == CLOCK_NO_DATE ? ICAL_NO_DATE : p->forfeit_date,
			        p->reminder_date == CLOCK_NO_DATE ? ICAL_NO_DATE : p->reminder_date,
			        to_move == user};
			ng++;
		}
		games_unload(&g);
	}
	int np = store_notify_vacations(app->st, user, per, MAX_PERIODS);
	if (np < 0)
		goto dbfail;
	size_t nv = 0;
	for (int i = 0; i < np; i++) {
		int32_t a = day_of(per[i].start), b = day_of(per[i].end);
		if (a != NOTIFY_NO_DATE && b != NOTIFY_NO_DATE && a <= b)
			iv[nv++] = (struct ical_vacation){per[i].id, a, b};
	}
	int32_t now = day_of(today);
	int year = now == NOTIFY_NO_DATE ? 2000 : calendar_year(now);
	char title[200], domain[128];
	snprintf(title, sizeof title, "corrchess: %s", c.name);
	domain_of(app, domain, sizeof domain);
	time_t t = time(NULL);
	struct ical_feed f = {title, domain, (int32_t)(t / 86400), (int)(t % 86400)};
	struct ical_user u = {
	        c.name, lang_of(&c) == NOTIFY_DA, base_url(app), ig, ng, iv, nv, year, year + 1};
	rc = ical_user_feed(&f, &u, feed, err, errlen) == CC_OK ? 0 : -1;
	goto out;
dbfail:
	snprintf(err, errlen, "the database failed: %s", sqlite3_errmsg(store_db(app->st)));
	rc = -1;
out:
	free(ids);
	free(ig);
	free(names);
	free(per);
	free(iv);
	return rc;
}
