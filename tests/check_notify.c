/* check_notify.c: the mail texts of lib/notify (issue 13) in English and
 * Danish, the headers they make through server/mail.c, and the iCalendar
 * writer of lib/export/ical.
 *
 * Each message kind is rendered in both languages from one sample event;
 * the test checks the facts it must carry (moves in ICCF and SAN, dates
 * as each language writes them, days, the rule it cites), that Danish
 * mail is Danish, that names with line breaks cannot make headers, and
 * that bad events are refused with no text. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "export/ical.h"
#include "jobs/mail.h"
#include "jobs/outbox.h"
#include "notify/notify.h"
#include "util/status.h"
#include "mail_testutil.h"
#include "testutil.h"

static int32_t day(const char *iso)
{
	int32_t d;
	ck_assert_int_eq(calendar_parse(iso, &d, NULL, 0), CC_OK);
	return d;
}

static const struct notify_env env = {"https://chess.example"};

static struct notify_game game(void)
{
	struct notify_game g = {7, "alice", "bob", "EMT 2027/3", NOTIFY_POSTAL};
	return g;
}

/* Renders ev for a reader; fails the test unless it works. */
static void render(const struct notify_event *ev, enum notify_lang lang, int side,
                   struct notify_mail *m)
{
	struct notify_reader r = {side == NOTIFY_BLACK   ? "bob"
	                          : side == NOTIFY_WHITE ? "alice"
	                                                 : "tina",
	                          lang, side};
	char err[200] = "";
	int rc = notify_render(&env, &r, ev, m, err, sizeof err);
	ck_assert_msg(rc == 0, "%s: %s", notify_kind_name(ev->kind), err);
	ck_assert_ptr_nonnull(m->body);
}

/* Text with every run of spaces and line breaks made one space (the
 * texts are wrapped), into a new string. */
static char *squeeze(const char *s)
{
	char *o = malloc(strlen(s) + 1), *q = o;
	ck_assert_ptr_nonnull(o);
	for (; *s; s++) {
		bool ws = *s == ' ' || *s == '\n';
		if (ws && q > o && q[-1] == ' ')
			continue;
		*q++ = ws ? ' ' : *s;
	}
	*q = '\0';
	return o;
}

/* True when body holds needle, whatever the wrapping. */
static bool has(const char *body, const char *needle)
{
	char *b = squeeze(body), *n = squeeze(needle);
	bool found = strstr(b, n) != NULL;
	free(b);
	free(n);
	return found;
}

#define HAS(m, s) ck_assert_msg(has((m)->body, (s)), "no \"%s\" in:\n%s", (s), (m)->body)
#define HAS_SUBJ(m, s)                                                                             \
	ck_assert_msg(strstr((m)->subject, (s)) != NULL, "subject \"%s\" lacks \"%s\"",            \
	              (m)->subject, (s))
#define LACKS(m, s) ck_assert_msg(strstr((m)->body, (s)) == NULL, "\"%s\" in:\n%s", (s), (m)->body)

/* What every text must be: valid UTF-8, no CR, no control character but
 * LF, lines of at most 78 characters except a line that is one link,
 * a one-line subject starting "corrchess: ". */
static void well_formed(const struct notify_mail *m)
{
	ck_assert_msg(strncmp(m->subject, "corrchess: ", 11) == 0, "%s", m->subject);
	for (const char *p = m->subject; *p; p++)
		ck_assert_msg((unsigned char)*p >= 0x20 && *p != 0x7f, "control in subject");
	size_t col = 0;
	const char *line = m->body;
	for (const unsigned char *p = (const unsigned char *)m->body; *p; p++) {
		if (*p == '\n') {
			if (col > 78)
				ck_assert_msg(strstr(line, "http") != NULL &&
				                      memchr(line, ' ', 4) != NULL,
				              "a line of %zu characters: %.100s", col, line);
			col = 0;
			line = (const char *)p + 1;
			continue;
		}
		ck_assert_msg(*p >= 0x20 && *p != 0x7f, "control character %d", *p);
		if (*p >= 0x80) {
			int n = *p >= 0xf0 ? 3 : *p >= 0xe0 ? 2 : 1;
			ck_assert_msg(*p >= 0xc2 && *p <= 0xf4, "bad UTF-8 lead");
			for (int i = 1; i <= n; i++)
				ck_assert_msg((p[i] & 0xc0) == 0x80, "bad UTF-8 sequence");
			p += n;
		}
		col++;
	}
	ck_assert_msg(m->body[strlen(m->body) - 1] == '\n', "the body ends with a newline");
}

static struct notify_event move_event(void)
{
	struct notify_event ev = {.kind = NOTIFY_MOVE, .game = game()};
	ev.u.move.move = (struct notify_ply){12, NOTIFY_WHITE, "4184", "Qxd8+"};
	ev.u.move.sent = day("2027-06-05");
	ev.u.move.clock = (struct notify_clock){23, 17, 20, 60, day("2027-06-28")};
	return ev;
}

START_TEST(test_move)
{
	struct notify_event ev = move_event();
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "game 7, alice played 12. Qxd8+ (alice - bob, EMT 2027/3)");
	HAS(&m, "Hello bob,");
	HAS(&m, "12. Qxd8+ (ICCF 4184)");
	HAS(&m, "sent Saturday 5 June 2027");
	HAS(&m, "23 days used, 17 days left until the control at your move 20 (60 days");
	HAS(&m, "before Monday 28 June 2027");
	HAS(&m, "The game: https://chess.example/games/7");
	HAS(&m, "https://chess.example/account"); /* optional: how to turn it off */
	LACKS(&m, "draw");
	ck_assert(m.optional);
	notify_mail_free(&m);
	ck_assert_ptr_null(m.body);

	ev.u.move.draw_offered = true;
	ev.u.move.move.side = NOTIFY_BLACK;
	render(&ev, NOTIFY_DA, NOTIFY_WHITE, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "parti 7, bob har trukket 12... Dxd8+");
	HAS(&m, "Hej alice,");
	HAS(&m, "12... Dxd8+ (ICCF 4184)");
	HAS(&m, "afsendt lørdag den 5. juni 2027");
	HAS(&m, "23 dage brugt, 17 dage tilbage til kontrollen ved dit træk 20");
	HAS(&m, "før mandag den 28. juni 2027");
	HAS(&m, "bob tilbyder remis med dette træk");
	HAS(&m, "Partiet: https://chess.example/games/7");
	HAS(&m, "mailindstilling");
	LACKS(&m, "days");
	LACKS(&m, "rykker");
	notify_mail_free(&m);

	/* e-mail play, an answer to a reminder: the opponent is told, and the
	 * TL gets his copy (DSU 6.8.3), which cannot be turned off. */
	ev.game.play = NOTIFY_EMAIL;
	ev.u.move.answers_reminder = true;
	render(&ev, NOTIFY_EN, NOTIFY_WHITE, &m);
	HAS(&m,
	    "This move answers the reminder; a copy goes to the tournament leader (DSU 6.8.3).");
	notify_mail_free(&m);
	ev.kind = NOTIFY_ANSWER_TL;
	render(&ev, NOTIFY_DA, NOTIFY_TL, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "kopi: parti 7, bob har besvaret rykkeren med 12... Dxd8+");
	HAS(&m, "Kopi til turneringslederen (DSU 6.8.3)");
	HAS(&m, "12... Dxd8+ (ICCF 4184)");
	LACKS(&m, "betænkningstid");
	ck_assert(!m.optional);
	notify_mail_free(&m);
}
END_TEST

/* The mail of ev for r, rendered at once and after notify_pack() and
 * notify_unpack() (the sender's way, migration 0043): the same text. */
static void same_after_queueing(const struct notify_reader *r, const struct notify_event *ev)
{
	char err[200] = "", *text = NULL;
	ck_assert_int_eq(notify_pack(r, ev, &text), CC_OK);
	ck_assert_ptr_null(strchr(text, '\n'));
	struct notify_packed p;
	int rc = notify_unpack(text, &p, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "%s: %s", text, err);
	struct notify_mail direct, queued;
	ck_assert_int_eq(notify_render(&env, r, ev, &direct, err, sizeof err), 0);
	ck_assert_int_eq(notify_render(&env, &p.r, &p.ev, &queued, err, sizeof err), 0);
	ck_assert_str_eq(queued.subject, direct.subject);
	ck_assert_str_eq(queued.body, direct.body);
	ck_assert_int_eq(queued.optional, direct.optional);
	notify_mail_free(&direct);
	notify_mail_free(&queued);
	notify_packed_free(&p);
	free(text);
}

START_TEST(test_move_queued_as_event)
{
	struct notify_event ev = move_event();
	struct notify_reader r = {"bob", NOTIFY_EN, NOTIFY_BLACK};
	same_after_queueing(&r, &ev);
	/* names with a tab, a line end, '%' and UTF-8; no event; Danish */
	ev.game.white = "al\tice %41 \xc3\xa6\xc3\xb8\xc3\xa5";
	ev.game.black = "b\nob\r";
	ev.game.event = NULL;
	ev.u.move.draw_offered = true;
	ev.u.move.clock.forfeit_date = NOTIFY_NO_DATE;
	r = (struct notify_reader){"Jørgen %% \x7f", NOTIFY_DA, NOTIFY_WHITE};
	same_after_queueing(&r, &ev);
	/* the copy to the TL (DSU 6.8.3) */
	ev.kind = NOTIFY_ANSWER_TL;
	ev.game.play = NOTIFY_EMAIL;
	ev.u.move.answers_reminder = true;
	r = (struct notify_reader){"tina", NOTIFY_EN, NOTIFY_TL};
	same_after_queueing(&r, &ev);

	/* only the move kinds, and only whole moves */
	char *text = NULL;
	ev.kind = NOTIFY_RESULT;
	ck_assert_int_eq(notify_pack(&r, &ev, &text), CC_ERR_INVALID);
	ck_assert_ptr_null(text);
	ev = move_event();
	ev.u.move.move.san = NULL;
	ck_assert_int_eq(notify_pack(&r, &ev, &text), CC_ERR_INVALID);

	/* what is not such a text is refused, never half read */
	ev = move_event();
	ck_assert_int_eq(notify_pack(&r, &ev, &text), CC_OK);
	char err[200];
	struct notify_packed p;
	ck_assert_int_eq(notify_unpack(text, &p, err, sizeof err), CC_OK);
	notify_packed_free(&p);
	size_t n = strlen(text);
	char *bad = malloc(n + 8);
	ck_assert_ptr_nonnull(bad);
	const char *cases[] = {"", "m1", "m2\t0", "m1\t0\t=bob", "hello"};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(notify_unpack(cases[i], &p, err, sizeof err), CC_ERR_MALFORMED);
		notify_packed_free(&p);
	}
	snprintf(bad, n + 8, "%s\t0", text); /* a field too many */
	ck_assert_int_eq(notify_unpack(bad, &p, err, sizeof err), CC_ERR_MALFORMED);
	notify_packed_free(&p);
	memcpy(bad, text, n + 1);
	bad[3] = '9'; /* the kind: 9 is not a move kind */
	ck_assert_int_eq(notify_unpack(bad, &p, err, sizeof err), CC_ERR_MALFORMED);
	notify_packed_free(&p);
	memcpy(bad, text, n + 1);
	char *name = strstr(bad, "\t=bob");
	ck_assert_ptr_nonnull(name);
	memcpy(name + 2, "%0", 2); /* a broken escape */
	ck_assert_int_eq(notify_unpack(bad, &p, err, sizeof err), CC_ERR_MALFORMED);
	notify_packed_free(&p);
	free(bad);
	free(text);
}
END_TEST

START_TEST(test_vacation)
{
	long long games[] = {7, 9};
	struct notify_event ev = {.kind = NOTIFY_VACATION, .game = game()};
	ev.u.vacation = (struct notify_vacation){
	        "alice", day("2027-06-08"), day("2027-06-22"), day("2027-06-02"), games, 2, false};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "alice is on vacation 2027-06-08 to 2027-06-22");
	HAS(&m, "from Tuesday 8 June 2027");
	HAS(&m, "to Tuesday 22 June 2027, both days included (15 days)");
	HAS(&m, "clocks of both players stand still");
	HAS(&m, "(DSU 6.3.6.1)");
	HAS(&m, "sent on Wednesday 2 June 2027");
	HAS(&m, "game 7: https://chess.example/games/7");
	HAS(&m, "game 9: https://chess.example/games/9");
	LACKS(&m, "6.8.8");
	ck_assert(!m.optional); /* DSU 6.3.6.1: the notice itself */
	notify_mail_free(&m);

	ev.game.play = NOTIFY_EMAIL;
	render(&ev, NOTIFY_DA, NOTIFY_BLACK, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "alice holder ferie 2027-06-08 til 2027-06-22");
	HAS(&m, "fra tirsdag den 8. juni 2027");
	HAS(&m, "begge dage inklusive (15 dage)");
	HAS(&m, "står betænkningstiden stille for begge parter");
	HAS(&m, "DSU 6.8.8");
	HAS(&m, "parti 9: https://chess.example/games/9");
	notify_mail_free(&m);
}
END_TEST

START_TEST(test_result)
{
	struct notify_event ev = {.kind = NOTIFY_RESULT, .game = game()};
	ev.u.result = (struct notify_result){"0-1", "resignation", day("2027-09-01"), 34, false};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "game 7 ended 0-1");
	HAS(&m, "ended on Wednesday 1 September 2027: 0-1 by resignation, after 34 moves.");
	HAS(&m, "You won.");
	HAS(&m, "within 8 days"); /* postal: DSU 6.2.6 */
	HAS(&m, "6.2.6");
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_WHITE, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "parti 7 er slut: 0-1");
	HAS(&m, "sluttede onsdag den 1. september 2027: 0-1 ved opgivelse efter 34 træk.");
	HAS(&m, "Du har tabt.");
	notify_mail_free(&m);
	ev.game.play = NOTIFY_EMAIL;
	ev.u.result.tl_told = true;
	ev.u.result.result = "1/2-1/2";
	ev.u.result.termination = "agreement";
	render(&ev, NOTIFY_EN, NOTIFY_WHITE, &m);
	HAS(&m, "The game is drawn.");
	HAS(&m, "reported to the tournament leader (DSU 6.8.9)");
	notify_mail_free(&m);

	/* The report to the TL. */
	ev.kind = NOTIFY_RESULT_TL;
	render(&ev, NOTIFY_DA, NOTIFY_TL, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "resultat af parti 7: 1/2-1/2 (alice - bob, EMT 2027/3)");
	HAS(&m, "Resultatindberetning (DSU 6.2.6, 6.8.9)");
	HAS(&m, "turnering:  EMT 2027/3");
	HAS(&m, "hvid:       alice");
	HAS(&m, "resultat:   1/2-1/2 ved aftale");
	ck_assert(!m.optional);
	notify_mail_free(&m);
	render(&ev, NOTIFY_EN, NOTIFY_TL, &m);
	HAS(&m, "Black:      bob");
	HAS(&m, "moves:      34");
	notify_mail_free(&m);
}
END_TEST

START_TEST(test_start_letter)
{
	struct notify_start_player pl[] = {{2, "bob", "Vej 2, 8000 Aarhus C", NULL},
	                                   {1, "alice", NULL, NULL},
	                                   {3, "carl", "Gade 3\r\nBcc: x@y", NULL}};
	struct notify_pairing pr[] = {{1, 2, 11}, {3, 1, 12}, {2, 3, 0}};
	struct notify_event ev = {.kind = NOTIFY_START};
	ev.u.start = (struct notify_start){"EMT 2027/3",
	                                   day("2027-09-01"),
	                                   pl,
	                                   3,
	                                   pr,
	                                   3,
	                                   "https://chess.example/rules",
	                                   NOTIFY_POSTAL,
	                                   false,
	                                   30,
	                                   10};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, -1, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "start letter, group EMT 2027/3, start 2027-09-01");
	HAS(&m, "(DSU 6.5.2.1)");
	HAS(&m, "Start date: Wednesday 1 September 2027");
	/* numbered in order, whatever the order given; 6.5.2.1: names and
	   postal addresses (issue 21) */
	const char *a = strstr(m.body, " 1. alice, (no postal address given)\n");
	const char *b = strstr(m.body, " 2. bob, Vej 2, 8000 Aarhus C\n");
	const char *c = strstr(m.body, " 3. carl, Gade 3  Bcc: x@y");
	ck_assert_msg(a && b && c && a < b && b < c, "%s", m.body);
	/* and the rules of the group's play go with it (6.5.2.1, 6.5.3.1) */
	HAS(&m, "30 days for every 10 moves");
	HAS(&m, "(DSU 6.3.2.1)");
	HAS(&m, "(DSU 6.3.4)");
	HAS(&m, "(DSU 6.3.6.1)");
	HAS(&m, "(DSU 6.2.6)");
	LACKS(&m, "6.8.3");
	HAS(&m, " 1 - 2   alice - bob");
	HAS(&m, " 3 - 1   carl - alice");
	HAS(&m, " 2 - 3   bob - carl");
	HAS(&m, "https://chess.example/games/12");
	HAS(&m, "The rules: https://chess.example/rules");
	LACKS(&m, "\nBcc:");
	ck_assert(!m.optional);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, -1, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "startbrev, gruppe EMT 2027/3");
	HAS(&m, "Startdato: onsdag den 1. september 2027");
	HAS(&m, "Partierne og farverne (hvid - sort):");
	HAS(&m, "Reglementet:");
	HAS(&m, " 1. alice, (ingen postadresse oplyst)");
	HAS(&m, "30 dage til 10 træk");
	HAS(&m, "posttid begge veje");
	notify_mail_free(&m);
	/* by e-mail: the e-mail addresses too, and 6.3.2.2's dates */
	pl[1].email = "alice@example.org";
	ev.u.start.by_email = true;
	render(&ev, NOTIFY_EN, -1, &m);
	HAS(&m, " 1. alice, (no postal address given); alice@example.org");
	HAS(&m, "(DSU 6.2.1.2, 6.3.2.2)");
	LACKS(&m, "(DSU 6.3.2.1)");
	notify_mail_free(&m);
	/* an e-mail tournament: its own rules (6.8) */
	ev.u.start.play = NOTIFY_EMAIL;
	ev.u.start.days = 40;
	ev.u.start.by_email = false;
	render(&ev, NOTIFY_DA, -1, &m);
	well_formed(&m);
	HAS(&m, "40 dage til 10 træk");
	HAS(&m, "(DSU 6.8.3)");
	HAS(&m, "(DSU 6.8.8, 6.3.6.1)");
	LACKS(&m, "(DSU 6.2.6)");
	notify_mail_free(&m);
}
END_TEST

START_TEST(test_draw_offer)
{
	struct notify_event ev = {.kind = NOTIFY_DRAW_OFFER, .game = game()};
	ev.u.draw = (struct notify_draw){NOTIFY_BLACK, {23, NOTIFY_BLACK, "7163", "Nf3"}};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_WHITE, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "game 7, bob offers a draw");
	HAS(&m, "bob (Black) offers a draw in game 7");
	HAS(&m, "23... Nf3 (ICCF 7163)");
	HAS(&m, "making your move declines it");
	ck_assert(m.optional);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_WHITE, &m);
	HAS_SUBJ(&m, "parti 7, bob tilbyder remis");
	HAS(&m, "bob (sort) tilbyder remis i parti 7");
	HAS(&m, "23... Sf3 (ICCF 7163)");
	notify_mail_free(&m);
}
END_TEST

/* A message (POST .../messages) to the opponent: quoted line by line,
 * long lines cut within the wrap, control characters made spaces; it can
 * be turned off. */
START_TEST(test_message)
{
	char text[1200];
	memset(text, 'x', 900); /* one "word" of 900 characters */
	snprintf(text + 900, sizeof text - 900, "\n\nTak for partiet, bob: \u00e6\u00f8\u00e5\t!");
	struct notify_event ev = {.kind = NOTIFY_MESSAGE, .game = game()};
	ev.u.message = (struct notify_message){NOTIFY_WHITE, text};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "game 7, a message from alice");
	HAS(&m, "alice (White) writes to you in game 7");
	HAS(&m, "\n>\n> Tak for partiet, bob: \u00e6\u00f8\u00e5 !\n");
	HAS(&m, "You can answer on the game page.");
	ck_assert(m.optional);
	ck_assert(notify_optional(NOTIFY_MESSAGE));
	/* the 900 x: 12 quoted lines of 70 and one of 60 */
	char last[80] = "\n> ";
	memset(last + 3, 'x', 60);
	snprintf(last + 63, sizeof last - 63, "\n>\n");
	ck_assert_msg(strstr(m.body, last) != NULL, "%s", m.body);
	memset(last + 3, 'x', 71);
	last[74] = '\0';
	ck_assert(strstr(m.body, last + 3) == NULL);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_BLACK, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "parti 7, besked fra alice");
	HAS(&m, "alice (hvid) skriver til dig i parti 7");
	HAS(&m, "Du kan svare på partiets side.");
	notify_mail_free(&m);
	ev.u.message.text = "";
	struct notify_reader r = {"bob", NOTIFY_EN, NOTIFY_BLACK};
	char err[200];
	ck_assert_int_ne(notify_render(&env, &r, &ev, &m, err, sizeof err), 0);
}
END_TEST

START_TEST(test_forfeit)
{
	struct notify_event ev = {.kind = NOTIFY_FORFEIT, .game = game()};
	ev.u.forfeit = (struct notify_forfeit){NOTIFY_WHITE, 10, 30, day("2027-08-30"), NULL};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_WHITE, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "time forfeit, game 7, alice");
	HAS(&m, "You have used more than 30 days without sending your move 10, since Monday "
	        "30 August 2027 (DSU 6.3.3.1)");
	HAS(&m, "(DSU 6.3.3.5)");
	HAS(&m, "(DSU 6.3.3.4)");
	ck_assert(!m.optional); /* the opponent must know: 6.3.3.4, 6.3.3.5 */
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_TL, &m);
	HAS(&m, "alice (hvid) har brugt mere end 30 dage uden at have afsendt træk 10, siden "
	        "mandag den 30. august 2027");
	notify_mail_free(&m);
	ev.game.play = NOTIFY_EMAIL;
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	HAS(&m, "(DSU 6.8.7)");
	notify_mail_free(&m);
	ev.u.forfeit.ended_result = "0-1";
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	HAS(&m, "The game has been ended: 0-1, lost on time (DSU 6.3.3.3).");
	LACKS(&m, "claim");
	notify_mail_free(&m);
}
END_TEST

START_TEST(test_reminder_and_tl_notice)
{
	struct notify_event ev = {.kind = NOTIFY_REMINDER, .game = game()};
	ev.u.silence = (struct notify_silence){NOTIFY_BLACK,
	                                       {12, NOTIFY_WHITE, "2425", "b5"},
	                                       day("2027-08-10"),
	                                       day("2027-08-24"),
	                                       day("2027-08-31")};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "reminder, game 7, your move");
	HAS(&m, "you received your opponent's move 12. b5 (ICCF 2425) on Tuesday 10 August 2027");
	HAS(&m, "reminder of DSU rule 6.3.4");
	HAS(&m, "if none comes by Tuesday 31 August 2027");
	LACKS(&m, "6.8.3");
	ck_assert(!m.optional); /* DSU 6.3.4: cannot be turned off */
	LACKS(&m, "/account");
	notify_mail_free(&m);
	/* e-mail play: the copy to the TL (DSU 6.8.3) */
	ev.game.play = NOTIFY_EMAIL;
	render(&ev, NOTIFY_EN, NOTIFY_BLACK, &m);
	HAS(&m, "copy to the tournament leader, and so does your answer (DSU 6.8.3)");
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_TL, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "kopi af rykker, parti 7, bob er tavs");
	HAS(&m, "modtog bob (sort) trækket 12. b5 (ICCF 2425) tirsdag den 10. august 2027");
	HAS(&m, "kopien til turneringslederen (DSU 6.8.3)");
	notify_mail_free(&m);

	ev.kind = NOTIFY_TL_NOTICE;
	render(&ev, NOTIFY_EN, NOTIFY_TL, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "silent player, game 7, bob");
	HAS(&m, "bob (Black) has had the move since Tuesday 10 August 2027 and has not answered "
	        "the reminder of Tuesday 24 August 2027");
	HAS(&m, "6.3.4");
	ck_assert(!m.optional);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_BLACK, &m);
	HAS_SUBJ(&m, "tavs spiller, parti 7, bob");
	HAS(&m, "har du haft trækket siden tirsdag den 10. august 2027");
	HAS(&m, "Send dit træk nu.");
	notify_mail_free(&m);
}
END_TEST

START_TEST(test_adjudication_trouble_reset)
{
	struct notify_event ev = {.kind = NOTIFY_ADJUDICATION, .game = game()};
	ev.u.adjudication =
	        (struct notify_adjudication){NOTIFY_WHITE, day("2026-01-01"), day("2027-07-01")};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, NOTIFY_TL, &m);
	well_formed(&m);
	HAS(&m, "started on Thursday 1 January 2026");
	HAS(&m, "(DSU 6.2.7)");
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_TL, &m);
	HAS_SUBJ(&m, "til bedømmelse, parti 7");
	notify_mail_free(&m);

	ev.kind = NOTIFY_TIME_TROUBLE;
	ev.u.trouble =
	        (struct notify_trouble){{33, 7, 20, 40, day("2027-06-12")}, day("2027-05-20")};
	render(&ev, NOTIFY_EN, NOTIFY_WHITE, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "time trouble, game 7, 33 of 40 days used");
	HAS(&m, "used 33 of the 40 days you have until your move 20 (82%); 7 days left.");
	HAS(&m, "before Saturday 12 June 2027");
	HAS(&m, "once per time control");
	ck_assert(m.optional);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, NOTIFY_WHITE, &m);
	HAS_SUBJ(&m, "tidnød, parti 7, 33 af 40 dage brugt");
	HAS(&m, "(82 %); der er 7 dage tilbage.");
	notify_mail_free(&m);

	ev.kind = NOTIFY_PASSWORD_RESET;
	ev.u.reset = (struct notify_reset){"/reset-password?token=abc123", 2};
	render(&ev, NOTIFY_EN, -1, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "reset your password");
	HAS(&m, "    https://chess.example/reset-password?token=abc123\n");
	HAS(&m, "within 2 hours");
	LACKS(&m, "/games/");
	ck_assert(!m.optional);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, -1, &m);
	HAS_SUBJ(&m, "nulstil din adgangskode");
	HAS(&m, "inden 2 timer");
	notify_mail_free(&m);

	/* issue 20: the owner of a name under a wide guessing attack. */
	ev.kind = NOTIFY_LOGIN_ALARM;
	ev.u.alarm = (struct notify_alarm){100, 60};
	render(&ev, NOTIFY_EN, -1, &m);
	well_formed(&m);
	HAS_SUBJ(&m, "many failed sign-ins to your account");
	HAS(&m, "There were 100 failed sign-ins to your corrchess account within 60 minutes.");
	HAS(&m, "Your account is not locked");
	HAS(&m, "    https://chess.example/account\n");
	LACKS(&m, "/games/");
	ck_assert(!m.optional);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, -1, &m);
	HAS_SUBJ(&m, "mange mislykkede login på din konto");
	HAS(&m, "Din konto er ikke spærret");
	notify_mail_free(&m);
	ev.u.alarm = (struct notify_alarm){0, 60};
	char err[128];
	struct notify_reader r = {"alice", NOTIFY_EN, -1};
	ck_assert_int_ne(notify_render(&env, &r, &ev, &m, err, sizeof err), 0);
}
END_TEST

START_TEST(test_digest)
{
	struct notify_event evs[3];
	evs[0] = move_event();
	evs[1] = (struct notify_event){.kind = NOTIFY_DRAW_OFFER, .game = game()};
	evs[1].game.id = 8;
	evs[1].u.draw = (struct notify_draw){NOTIFY_WHITE, {0, 0, NULL, NULL}};
	evs[2] = (struct notify_event){.kind = NOTIFY_RESULT, .game = game()};
	evs[2].game.id = 9;
	evs[2].u.result = (struct notify_result){"1-0", "checkmate", day("2027-06-06"), 40, false};
	struct notify_reader r = {"bob", NOTIFY_EN, NOTIFY_BLACK};
	struct notify_mail m;
	char err[200];
	ck_assert_int_eq(notify_digest(&env, &r, evs, 3, &m, err, sizeof err), 0);
	well_formed(&m);
	ck_assert_str_eq(m.subject, "corrchess: daily digest, 3 events");
	const char *a = strstr(m.body, "\n1. game 7, alice played 12. Qxd8+");
	const char *b = strstr(m.body, "\n2. game 8, alice offers a draw");
	const char *c = strstr(m.body, "\n3. game 9 ended 1-0");
	ck_assert_msg(a && b && c && a < b && b < c, "%s", m.body);
	HAS(&m, "https://chess.example/games/8");
	HAS(&m, "You lost.");
	HAS(&m, "by checkmate");
	ck_assert(m.optional);
	ck_assert_ptr_null(strstr(strstr(m.body, "Hello bob,") + 1, "Hello")); /* one greeting */
	notify_mail_free(&m);
	r.lang = NOTIFY_DA;
	ck_assert_int_eq(notify_digest(&env, &r, evs, 3, &m, err, sizeof err), 0);
	ck_assert_str_eq(m.subject, "corrchess: dagens oversigt, 3 hændelser");
	HAS(&m, "\n3. parti 9 er slut: 1-0");
	HAS(&m, "ved skakmat");
	notify_mail_free(&m);
	/* The same digest from sections kept one by one (as the server does). */
	struct notify_mail sec[2];
	ck_assert_int_eq(notify_section(&env, &r, &evs[2], &sec[0], err, sizeof err), 0);
	ck_assert_str_eq(sec[0].subject, "parti 9 er slut: 1-0 (alice - bob, EMT 2027/3)");
	ck_assert_ptr_null(strstr(sec[0].body, "Hej"));
	ck_assert_ptr_nonnull(strstr(sec[0].body, "Partiet: https://chess.example/games/9"));
	ck_assert_int_eq(notify_section(&env, &r, &evs[0], &sec[1], err, sizeof err), 0);
	ck_assert_int_eq(notify_digest_join(&env, &r, sec, 2, &m, err, sizeof err), 0);
	ck_assert_str_eq(m.subject, "corrchess: dagens oversigt, 2 hændelser");
	a = strstr(m.body, "\n1. parti 9 er slut");
	b = strstr(m.body, "\n2. parti 7, alice har trukket 12. Dxd8+");
	ck_assert_msg(a && b && a < b, "%s", m.body);
	notify_mail_free(&m);
	notify_mail_free(&sec[1]);
	ck_assert_int_eq(notify_digest_join(&env, &r, sec, 2, &m, err, sizeof err), CC_ERR_INVALID);
	notify_mail_free(&sec[0]);
	/* Bad: no events, one bad event spoils the digest. */
	ck_assert_int_eq(notify_digest(&env, &r, evs, 0, &m, err, sizeof err), CC_ERR_INVALID);
	evs[1].u.draw.side = 5;
	ck_assert_int_eq(notify_digest(&env, &r, evs, 3, &m, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_null(m.body);
}
END_TEST

START_TEST(test_bad_events)
{
	struct notify_reader r = {"bob", NOTIFY_EN, NOTIFY_BLACK};
	struct notify_mail m;
	char err[200];
	struct notify_event ev = move_event();
	ev.kind = NOTIFY_KINDS;
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), CC_ERR_INVALID);
	ev = move_event();
	ev.u.move.move.iccf = NULL;
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), CC_ERR_INVALID);
	ck_assert_msg(strstr(err, "move") != NULL, "%s", err);
	ck_assert_ptr_null(m.body);
	ev = (struct notify_event){.kind = NOTIFY_RESULT, .game = game()};
	ev.u.result = (struct notify_result){"2-0", NULL, day("2027-01-01"), 0, false};
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), CC_ERR_INVALID);
	ev = (struct notify_event){.kind = NOTIFY_VACATION, .game = game()};
	ev.u.vacation = (struct notify_vacation){
	        "alice", day("2027-06-08"), day("2027-06-07"), NOTIFY_NO_DATE, NULL, 0, false};
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), CC_ERR_INVALID);
	struct notify_start_player pl[] = {{1, "a", "x", NULL}, {1, "b", "y", NULL}};
	ev = (struct notify_event){.kind = NOTIFY_START};
	ev.u.start = (struct notify_start){"G",  day("2027-01-01"), pl,    2,  NULL, 0,
	                                   NULL, NOTIFY_POSTAL,     false, 30, 10};
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), CC_ERR_INVALID);
	pl[1].number = 2;
	struct notify_pairing pr[] = {{1, 3, 0}};
	ev.u.start.pairings = pr;
	ev.u.start.npairings = 1;
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), CC_ERR_INVALID);
	r.lang = 7;
	ev = move_event();
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_null(m.body);
}
END_TEST

START_TEST(test_header_safety)
{
	/* Names that try to start headers of their own, in subject and body. */
	struct notify_event ev = move_event();
	ev.game.white = "Eve\r\nBcc: victim@example.org";
	ev.game.black = "bob\nX-Evil: 1";
	ev.game.event = "Cup\r\n\r\nbody";
	struct notify_event da = ev; /* a Danish subject with non-ASCII in it */
	da.game.event = "Pokalturnering\r\nBcc: victim@example.org, gruppe 2 (Århus)";
	for (int lang = NOTIFY_EN; lang <= NOTIFY_DA; lang++) {
		struct notify_mail m;
		render(lang == NOTIFY_DA ? &da : &ev, lang, NOTIFY_BLACK, &m);
		well_formed(&m);
		ck_assert_ptr_null(strpbrk(m.subject, "\r\n"));
		LACKS(&m, "\nBcc:");
		LACKS(&m, "\nX-Evil:");
		HAS_SUBJ(&m, "Eve  Bcc: victim@example.org");
		char *msg = mail_format("corrchess@chess.example", "bob@example.org", m.subject,
		                        m.body, 42);
		ck_assert_ptr_nonnull(msg);
		const char *end = strstr(msg, "\r\n\r\n");
		for (const char *p = msg; p < end; p = strstr(p, "\r\n") + 2) {
			ck_assert_msg(strncmp(p, "Bcc:", 4) && strncmp(p, "X-Evil:", 7),
			              "an injected header: %.40s", p);
		}
		char v[1024], dec[1024];
		tu_mail_header(msg, "Subject", v, sizeof v);
		bool ascii = true;
		for (const char *q = m.subject; *q; q++)
			ascii = ascii && (unsigned char)*q < 0x80;
		ck_assert(ascii == (lang == NOTIFY_EN));
		if (!ascii) { /* RFC 2047 words that decode back */
			ck_assert_msg(strncmp(v, "=?utf-8?B?", 10) == 0, "%s", v);
			tu_mail_decode_words(v, dec, sizeof dec);
			ck_assert_str_eq(dec, m.subject);
		} else {
			ck_assert_str_eq(v, m.subject);
		}
		free(msg);
		notify_mail_free(&m);
	}
	/* A long name is cut at a character boundary, never inside one. */
	char longname[600];
	size_t o = 0;
	while (o + 2 < sizeof longname - 1) {
		longname[o++] = (char)0xc3;
		longname[o++] = (char)0xa6; /* æ */
	}
	longname[o] = '\0';
	ev = move_event();
	ev.game.white = longname;
	struct notify_mail m;
	render(&ev, NOTIFY_DA, NOTIFY_BLACK, &m);
	well_formed(&m);
	ck_assert(strlen(m.subject) < NOTIFY_SUBJECT_MAX);
	notify_mail_free(&m);
}
END_TEST

START_TEST(test_list_unsubscribe)
{
	/* An optional mail with its one-click link (RFC 8058) and the
	 * Message-ID fixed when it was queued. */
	const char *unsub = "https://chess.example/api/v1/users/3/unsubscribe?key=ab12";
	struct notify_reader r = {"bob", NOTIFY_EN, NOTIFY_BLACK};
	struct notify_event ev = move_event();
	struct notify_mail m;
	char err[200];
	ck_assert_int_eq(notify_render(&env, &r, &ev, &m, err, sizeof err), 0);
	/* The text links the account page: a link opened in a browser is a
	 * GET, which never unsubscribes. */
	HAS(&m, "https://chess.example/account");
	LACKS(&m, "unsubscribe?key");
	struct mail_msg msg = {
	        "bob@example.org", m.subject, m.body, "<corrchess.x1@chess.example>", unsub, 9};
	char *a = mail_format_msg("corrchess@chess.example", &msg);
	char *b = mail_format_msg("corrchess@chess.example", &msg);
	ck_assert_ptr_nonnull(a);
	tu_mail_header_is(a, "Message-ID", "<corrchess.x1@chess.example>");
	/* sent again: the same message */
	tu_mail_header_is(b, "Message-ID", "<corrchess.x1@chess.example>");
	tu_mail_header_is(a, "List-Unsubscribe",
	                  "<https://chess.example/api/v1/users/3/unsubscribe?key=ab12>");
	tu_mail_header_is(a, "List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
	tu_mail_header_is(a, "Auto-Submitted", "auto-generated");
	free(a);
	free(b);
	/* A mail that cannot be turned off has neither. */
	msg.unsubscribe = NULL;
	msg.message_id = "<x\r\nBcc: y@z>";
	a = mail_format_msg("corrchess@chess.example", &msg);
	tu_mail_header_is(a, "List-Unsubscribe", "");
	ck_assert_ptr_null(strstr(a, "\r\nBcc:"));
	free(a);
	notify_mail_free(&m);
}
END_TEST

START_TEST(test_backoff)
{
	/* The wait after the n-th failed try doubles from mail_retry, up to an
	 * hour. */
	ck_assert_int_eq(outbox_backoff(60, 1), 60);
	ck_assert_int_eq(outbox_backoff(60, 2), 120);
	ck_assert_int_eq(outbox_backoff(60, 3), 240);
	ck_assert_int_eq(outbox_backoff(60, 7), 3600);
	ck_assert_int_eq(outbox_backoff(60, 1000), OUTBOX_MAX_BACKOFF);
	ck_assert_int_eq(outbox_backoff(1, 1), 1);
	ck_assert_int_eq(outbox_backoff(1, 5), 16);
	ck_assert_int_eq(outbox_backoff(0, 3), 4); /* a base below 1 counts as 1 */
}
END_TEST

START_TEST(test_dates_and_san)
{
	char buf[48];
	ck_assert_str_eq(notify_date(day("2027-03-28"), NOTIFY_EN, buf, sizeof buf),
	                 "Sunday 28 March 2027");
	ck_assert_str_eq(notify_date(day("2027-03-28"), NOTIFY_DA, buf, sizeof buf),
	                 "søndag den 28. marts 2027");
	ck_assert_str_eq(notify_date(day("2026-12-31"), NOTIFY_DA, buf, sizeof buf),
	                 "torsdag den 31. december 2026");
	ck_assert_str_eq(notify_date(NOTIFY_NO_DATE, NOTIFY_EN, buf, sizeof buf), "?");
	ck_assert_str_eq(notify_san_da("Qxd8+", buf, sizeof buf), "Dxd8+");
	ck_assert_str_eq(notify_san_da("e8=Q#", buf, sizeof buf), "e8=D#");
	ck_assert_str_eq(notify_san_da("Nbd2", buf, sizeof buf), "Sbd2");
	ck_assert_str_eq(notify_san_da("Rxb7", buf, sizeof buf), "Txb7");
	ck_assert_str_eq(notify_san_da("Bxc6", buf, sizeof buf), "Lxc6");
	ck_assert_str_eq(notify_san_da("O-O-O", buf, sizeof buf), "O-O-O");
	ck_assert_str_eq(notify_san_da("bxc8=N", buf, sizeof buf), "bxc8=S");
	for (int k = 0; k < NOTIFY_KINDS; k++)
		ck_assert_str_ne(notify_kind_name(k), "?");
	ck_assert_str_eq(notify_kind_name(NOTIFY_KINDS), "?");
	/* DSU 6.3.4: reminders and TL letters cannot be turned off. */
	ck_assert(!notify_optional(NOTIFY_REMINDER));
	ck_assert(!notify_optional(NOTIFY_TL_NOTICE));
	ck_assert(notify_optional(NOTIFY_MOVE));
}
END_TEST

/* ---- lib/export/ical ---- */

/* Every line ends in CRLF, no physical line is over 75 octets, no fold
 * splits a UTF-8 character; returns the unfolded text (new). */
static char *unfold_checked(const char *feed)
{
	char *u = malloc(strlen(feed) + 1);
	size_t o = 0;
	const char *p = feed;
	while (*p) {
		const char *e = strstr(p, "\r\n");
		ck_assert_msg(e != NULL, "a line without CRLF: %.40s", p);
		ck_assert_msg(e - p <= 75, "a line of %ld octets: %.80s", (long)(e - p), p);
		ck_assert_ptr_null(memchr(p, '\n', (size_t)(e - p)));
		const char *from = p;
		if (*p == ' ') {
			from = p + 1; /* a continuation */
			ck_assert_msg(((unsigned char)*from & 0xc0) != 0x80,
			              "a fold inside a character");
		} else if (o > 0) {
			u[o++] = '\n';
		}
		memcpy(u + o, from, (size_t)(e - from));
		o += (size_t)(e - from);
		p = e + 2;
	}
	u[o] = '\0';
	return u;
}

START_TEST(test_ical_writer)
{
	struct ical_feed f = {"corrchess: bob", "chess.example", day("2026-12-01"),
	                      9 * 3600 + 20 * 60 + 5};
	struct ical_event ev[] = {
	        {"game-7-forfeit", day("2027-06-27"), day("2027-06-27"), "Game 7: a, b; c\\d",
	         "line one\nline two", "https://chess.example/games/7", "Time"},
	        {"vacation-3", day("2027-06-08"), day("2027-06-22"),
	         "Ferie for Søren Ærø Østergård, der holder lang og velfortjent ferie i "
	         "sommerhuset",
	         NULL, NULL, NULL},
	};
	char *feed, err[200];
	ck_assert_int_eq(ical_write(&f, ev, 2, &feed, err, sizeof err), CC_OK);
	char *u = unfold_checked(feed);
	ck_assert_msg(strncmp(u, "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:", 35) == 0, "%s", u);
	TU_CONTAINS(u, "\nEND:VCALENDAR", "\nX-WR-CALNAME:corrchess: bob\n",
	            "\nUID:game-7-forfeit@chess.example\n", "\nDTSTAMP:20261201T092005Z\n",
	            "\nDTSTART;VALUE=DATE:20270627\nDTEND;VALUE=DATE:20270628\n",
	            "\nSUMMARY:Game 7: a\\, b\\; c\\\\d\n", "\nDESCRIPTION:line one\\nline two\n",
	            "\nURL:https://chess.example/games/7\n");
	/* the vacation: DTEND is the day after its last day (RFC 5545 3.6.1) */
	ck_assert_ptr_nonnull(
	        strstr(u, "\nDTSTART;VALUE=DATE:20270608\nDTEND;VALUE=DATE:20270623\n"));
	ck_assert_ptr_nonnull(strstr(u, "Søren Ærø Østergård\\, der holder lang og velfortjent"));
	ck_assert_ptr_nonnull(strstr(feed, "\r\n ")); /* the long summary was folded */
	free(u);
	free(feed);
	/* refused */
	ev[0].last = ev[0].first - 1;
	ck_assert_int_eq(ical_write(&f, ev, 2, &feed, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_null(feed);
	ev[0].last = ev[0].first;
	ev[1].uid = NULL;
	ck_assert_int_eq(ical_write(&f, ev, 2, &feed, err, sizeof err), CC_ERR_INVALID);
	f.stamp_seconds = 86400;
	ck_assert_int_eq(ical_write(&f, ev, 0, &feed, err, sizeof err), CC_ERR_INVALID);
}
END_TEST

START_TEST(test_ical_user_feed)
{
	struct ical_feed f = {"corrchess", "chess.example", day("2026-12-01"), 0};
	struct ical_game g[] = {{7, "alice", "bob", day("2027-06-28"), day("2027-06-19"), true},
	                        {9, "bob", "carl", day("2027-07-10"), ICAL_NO_DATE, false}};
	struct ical_vacation v[] = {{3, day("2027-06-08"), day("2027-06-22")}};
	struct ical_user usr = {"bob", false, "https://chess.example", g, 2, v, 1, 2027, 2027, 5};
	char *feed, err[200];
	ck_assert_int_eq(ical_user_feed(&f, &usr, &feed, err, sizeof err), CC_OK);
	char *u = unfold_checked(feed);
	/* game 7, he is to move: his last day is the day before the forfeit date */
	TU_CONTAINS(u,
	            "UID:game-7-forfeit-u5-en@chess.example\nDTSTAMP:20261201T000000Z\n"
	            "DTSTART;VALUE=DATE:20270627\n",
	            "SUMMARY:Game 7: last day to send your move (alice - bob)",
	            "UID:game-7-reminder-u5-en@chess.example\nDTSTAMP:20261201T000000Z\n"
	            "DTSTART;VALUE=DATE:20270619\n",
	            "UID:game-9-forfeit-u5-en@chess.example\nDTSTAMP:20261201T000000Z\n"
	            "DTSTART;VALUE=DATE:20270710\n");
	ck_assert_ptr_null(strstr(u, "game-9-reminder"));
	ck_assert_ptr_nonnull(strstr(u, "URL:https://chess.example/games/9"));
	ck_assert_ptr_nonnull(strstr(u, "UID:vacation-3-u5-en@chess.example"));
	/* DSU 6.3.6.2, Vector H1: Easter 2027 is 28 March, the holiday 23-30 March */
	ck_assert_ptr_nonnull(
	        strstr(u, "UID:holiday-2027-easter-u5-en@chess.example\nDTSTAMP:20261201T000000Z\n"
	                  "DTSTART;VALUE=DATE:20270323\nDTEND;VALUE=DATE:20270331\n"));
	ck_assert_ptr_nonnull(strstr(
	        u, "UID:holiday-2027-christmas-u5-en@chess.example\nDTSTAMP:20261201T000000Z\n"
	           "DTSTART;VALUE=DATE:20271220\nDTEND;VALUE=DATE:20280101\n"));
	free(u);
	free(feed);
	usr.danish = true;
	ck_assert_int_eq(ical_user_feed(&f, &usr, &feed, err, sizeof err), CC_OK);
	u = unfold_checked(feed);
	ck_assert_ptr_nonnull(strstr(u, "SUMMARY:Parti 7: sidste dag for afsendelse af dit træk"));
	ck_assert_ptr_nonnull(strstr(u, "SUMMARY:Obligatorisk ferie (påske)"));
	/* issue 23: the Danish texts are other events than the English ones */
	ck_assert_ptr_nonnull(strstr(u, "UID:game-7-forfeit-u5-da@chess.example\n"));
	ck_assert_ptr_nonnull(strstr(u, "UID:holiday-2027-easter-u5-da@chess.example\n"));
	ck_assert_ptr_null(strstr(u, "-en@"));
	free(u);
	free(feed);
	/* issue 23: the opponent's feed has his own UIDs for the same game */
	usr.id = 6;
	ck_assert_int_eq(ical_user_feed(&f, &usr, &feed, err, sizeof err), CC_OK);
	ck_assert_ptr_nonnull(strstr(feed, "UID:game-7-forfeit-u6-da@chess.example\r\n"));
	ck_assert_ptr_null(strstr(feed, "-u5-"));
	free(feed);
	usr.id = 0;
	ck_assert_int_eq(ical_user_feed(&f, &usr, &feed, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_null(feed);
	usr.id = 5;
	usr.to_year = 2200;
	ck_assert_int_eq(ical_user_feed(&f, &usr, &feed, err, sizeof err), CC_ERR_INVALID);
	ck_assert_ptr_null(feed);
}
END_TEST

/* Issue 22: the KC's ruling on an appeal (DSU 6.4.3), both languages, with
 * the day by which it may go to Skaknævnet; Skaknævnet's is final. */
START_TEST(test_ruling)
{
	struct notify_event ev = {.kind = NOTIFY_RULING};
	ev.u.ruling = (struct notify_ruling){"EMT K 2027/3",
	                                     "quarantine for unsporting play",
	                                     "bob",
	                                     "changed",
	                                     "Two months are enough.",
	                                     false,
	                                     day("2027-09-01"),
	                                     day("2027-09-22")};
	struct notify_mail m;
	render(&ev, NOTIFY_EN, -1, &m);
	char *b = squeeze(m.body);
	ck_assert_str_eq(m.subject, "corrchess: the appeal of bob: the decision is changed");
	TU_CONTAINS(b, "the K-skak chief ruled on the appeal of bob", "Two months are enough.",
	            "appealed to Skaknævnet in writing by Wednesday 22 September 2027");
	ck_assert(!m.optional);
	free(b);
	notify_mail_free(&m);
	render(&ev, NOTIFY_DA, -1, &m);
	b = squeeze(m.body);
	ck_assert_str_eq(m.subject, "corrchess: anken fra bob: afgørelsen er ændret");
	ck_assert_ptr_nonnull(strstr(b, "har K-skakchefen afgjort anken fra bob"));
	ck_assert_ptr_nonnull(strstr(b, "Skaknævnet senest"));
	free(b);
	notify_mail_free(&m);
	ev.u.ruling.by_skaknaevnet = true;
	ev.u.ruling.further_by = NOTIFY_NO_DATE;
	ev.u.ruling.ruling = "overturned";
	render(&ev, NOTIFY_EN, -1, &m);
	b = squeeze(m.body);
	ck_assert_ptr_nonnull(strstr(b, "Skaknævnet ruled"));
	ck_assert_ptr_nonnull(strstr(b, "This ruling is final."));
	free(b);
	notify_mail_free(&m);
	ev.u.ruling.ruling = "maybe";
	struct notify_reader r = {"bob", NOTIFY_EN, -1};
	char err[128];
	ck_assert_int_ne(notify_render(&env, &r, &ev, &m, err, sizeof err), 0);
}
END_TEST

TU_MAIN("notify", 0, test_move, test_move_queued_as_event, test_vacation, test_result,
        test_start_letter, test_draw_offer, test_message, test_forfeit, test_reminder_and_tl_notice,
        test_adjudication_trouble_reset, test_digest, test_bad_events, test_header_safety,
        test_list_unsubscribe, test_backoff, test_dates_and_san, test_ruling, test_ical_writer,
        test_ical_user_feed)
