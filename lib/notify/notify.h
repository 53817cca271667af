/* notify.h: the text of every mail corrchess sends (issue 13), in Danish
 * and English, as pure functions from a small struct to a subject and a
 * plain UTF-8 body.
 *
 * Nothing here reads a clock, the database or the network: the caller
 * fills the structs (from lib/clock, the store), renders, and hands the
 * subject and body to server/mail.c, which does the RFC 5322/2047 header
 * encoding.  Names and other user text are put on one line (control
 * characters become spaces), so a name can never break a header or start
 * a line of its own.  Pure library code: only libc; every function is
 * reentrant.
 *
 * Which mails a user may turn off (his `mail` setting, List-Unsubscribe) is
 * decided here too, by notify_optional(): the letters a DSU rule requires
 * (6.3.4 reminders and TL notices, the 6.3.6.1 vacation notice, the
 * 6.5.2.1 start letter, the reports to the TL of 6.2.6 / 6.8.9, the
 * adjudication call of 6.2.7, the time forfeit of 6.3.3 that the opponent
 * must claim and must not play on after, 6.3.3.4), the password-reset
 * link and the alarm of many failed sign-ins cannot be turned off; everything else can
 * (docs/NOTIFY.md).
 */
#ifndef CORRCHESS_NOTIFY_H
#define CORRCHESS_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NOTIFY_NO_DATE     INT32_MIN /* the same value as CLOCK_NO_DATE */
#define NOTIFY_SUBJECT_MAX 256       /* bytes of a subject with its NUL */
/* The longest body: far above any letter (the start letter of a group of
 * 100 players, every pairing listed, is about 0.5 MB), under what SMTP
 * servers take (Postfix's default message_size_limit is 10,240,000). */
#define NOTIFY_BODY_MAX   (8 * 1024 * 1024)
#define NOTIFY_DIGEST_MAX 200 /* events in one digest mail */
#define NOTIFY_START_MAX                                                                           \
	256 /* players of one start letter (a tournament has                                       \
	       at most 100) */

enum notify_lang {
	NOTIFY_EN = 0,
	NOTIFY_DA = 1,
};

/* The game's side; NOTIFY_TL as a reader's side: he reads as a TL. */
enum notify_side {
	NOTIFY_WHITE = 0, /* = CLOCK_WHITE */
	NOTIFY_BLACK = 1, /* = CLOCK_BLACK */
	NOTIFY_TL = 2,
};

/* How the game is played: the rules a text cites depend on it. */
enum notify_play {
	NOTIFY_POSTAL = 0, /* dsu-post */
	NOTIFY_EMAIL = 1,  /* dsu-email (DSU 6.8) */
	NOTIFY_SERVER = 2, /* server */
};

enum notify_kind {
	NOTIFY_MOVE = 0,       /* your opponent moved */
	NOTIFY_VACATION,       /* an opponent's vacation (DSU 6.3.6.1, 6.8.8) */
	NOTIFY_RESULT,         /* the game ended, to a player (6.2.6) */
	NOTIFY_RESULT_TL,      /* the result reported to the TL (6.2.6, 6.8.9) */
	NOTIFY_START,          /* the group's start letter (6.5.2.1) */
	NOTIFY_DRAW_OFFER,     /* the opponent offers a draw */
	NOTIFY_FORFEIT,        /* a time forfeit flagged (6.3.3, 6.8.7) */
	NOTIFY_REMINDER,       /* the reminder of 6.3.4 (6.8.3: copy to the TL) */
	NOTIFY_TL_NOTICE,      /* the TL is told of a silence (6.3.4, 6.8.3) */
	NOTIFY_ADJUDICATION,   /* unfinished after 18 months (6.2.7) */
	NOTIFY_TIME_TROUBLE,   /* 80% of the next control's allowance used */
	NOTIFY_PASSWORD_RESET, /* a one-time link */
	NOTIFY_ANSWER_TL,      /* e-mail play: the move that answers a reminder, copied to
	                          the TL (DSU 6.8.3); the event's u.move */
	NOTIFY_MESSAGE,        /* the opponent wrote a message in the game (POST
	                          /api/v1/games/{id}/messages) */
	NOTIFY_LOGIN_ALARM,    /* many failed sign-ins to the reader's account (issue 20) */
	NOTIFY_RULING,         /* the ruling on an appeal (DSU 6.4.3, 6.8.10), to the
	                          appellant, the sanctioned player and the TL */
	NOTIFY_KINDS
};

/* The server the mail comes from. */
struct notify_env {
	const char *base_url; /* "https://chess.example"; NULL or "" = links are paths */
};

/* The person a mail is for. */
struct notify_reader {
	const char *name;
	enum notify_lang lang;
	int side; /* enum notify_side: his colour in the event's game, or NOTIFY_TL;
	             -1 for a mail about no game (start letter, password reset) */
};

/* The game an event is about. */
struct notify_game {
	long long id;
	const char *white, *black; /* names */
	const char *event;         /* the tournament or group, NULL = none */
	enum notify_play play;
};

/* A player's clock as lib/clock computes it (struct clock_player). */
struct notify_clock {
	int32_t used_days;    /* with penalties */
	int32_t left_days;    /* until the next control (negative: over) */
	int next_control;     /* move number of the next check */
	int32_t limit_days;   /* allowance at that check */
	int32_t forfeit_date; /* NOTIFY_NO_DATE when none */
};

/* A move as the mails show it. */
struct notify_ply {
	int number;       /* 1, 2, ... */
	int side;         /* the mover */
	const char *iccf; /* "2425" */
	const char *san;  /* "b5", English piece letters (Danish ones in Danish mail) */
};

struct notify_move {
	struct notify_ply move;    /* the opponent's move */
	int32_t sent;              /* the day he sent it */
	struct notify_clock clock; /* the reader's clock, now that he is to move */
	bool draw_offered;         /* the move came with a draw offer */
	bool answers_reminder;     /* e-mail play: it answers a reminder (DSU 6.8.3) */
};

struct notify_vacation {
	const char *player;     /* the one on vacation */
	int32_t first, last;    /* both included */
	int32_t notice;         /* the day the notice was sent (6.3.6.1) */
	const long long *games; /* the reader's games against him that it stops */
	int ngames;
	bool special_leave; /* granted by the TL (6.3.6.4, 6.8.8) */
};

struct notify_result {
	const char *result;      /* "1-0", "0-1", "1/2-1/2", "0-0" */
	const char *termination; /* API.md GAME termination, NULL = none given */
	int32_t date;            /* the day it ended */
	int moves;               /* full moves played */
	bool tl_told;            /* the server reported it to the TL (6.8.9) */
};

struct notify_start_player {
	int number; /* the player's number, drawn by the TL */
	const char *name;
	const char *address; /* his postal address, one line (6.5.2.1 "adresser");
	                        NULL or "" = none given */
	const char *email;   /* his e-mail address, shown where the moves go by
	                        e-mail (6.8.2, 6.2.1.2); NULL = not shown */
};

struct notify_pairing {
	int white, black; /* player numbers */
	long long game;   /* 0 = not created yet */
};

struct notify_start {
	const char *group; /* the group's number or name (6.5.2.1) */
	int32_t start;     /* the start date */
	const struct notify_start_player *players;
	int nplayers;
	const struct notify_pairing *pairings;
	int npairings;
	const char *rules_url; /* where the rules are, NULL = none (6.5.2.1: sent with it) */
	enum notify_play play; /* whose rules the letter gives: postal (6.2-6.3), the
	                          e-mail tournaments' (6.8), or the server's */
	bool by_email;         /* a postal group whose games go by e-mail (6.2.1.2) */
	int days, moves;       /* the time control: days per moves (6.3.1, 6.8.6) */
};

struct notify_draw {
	int side;               /* who offers */
	struct notify_ply move; /* the move sent with the offer; number 0 = none */
};

struct notify_forfeit {
	int side;                 /* who is over the limit */
	int control;              /* the check he failed (move number) */
	int32_t limit;            /* its allowance in days */
	int32_t since;            /* first day over it */
	const char *ended_result; /* the result set (automatic forfeit), NULL = a claim is due */
};

struct notify_silence {
	int side;               /* the silent player */
	struct notify_ply last; /* the move he has not answered; number 0 = none yet */
	int32_t received;       /* he has had the move since */
	int32_t reminder;       /* the reminder date */
	int32_t tl_date;        /* the day the TL is (was) told */
};

struct notify_adjudication {
	int side;      /* the player to move */
	int32_t start; /* the game's start */
	int32_t due;   /* start + 18 months */
};

struct notify_trouble {
	struct notify_clock clock; /* the reader's, he is to move */
	int32_t received;          /* since when he has had the move */
};

struct notify_message {
	int side;         /* who wrote it */
	const char *text; /* 1..1000 characters, lines split at LF; quoted as it is */
};

struct notify_reset {
	const char *path; /* "/reset-password?token=..." (base_url is put before it) */
	int hours;        /* the link works this long */
};

/* Many failed sign-ins to the reader's account (the name-wide limit of
 * server/base/throttle.h). */
struct notify_alarm {
	int failures; /* failed sign-ins counted */
	int minutes;  /* within this many minutes */
};

/* The ruling on an appeal (DSU 6.4.3): who appealed which decision of
 * which tournament, what the KC (or Skaknævnet) ruled and whether it may
 * go further. */
struct notify_ruling {
	const char *tournament; /* its name */
	const char *about;      /* the decision appealed */
	const char *appellant;  /* his name */
	const char *ruling;     /* "upheld", "overturned", "changed" */
	const char *text;       /* the grounds of the ruling, 1..2000 bytes */
	bool by_skaknaevnet;    /* Skaknævnet's ruling (the last), else the KC's */
	int32_t ruled_on;
	int32_t further_by; /* the last day to appeal it to Skaknævnet; NOTIFY_NO_DATE: final */
};

/* One event; game is unused for NOTIFY_START, NOTIFY_PASSWORD_RESET,
 * NOTIFY_LOGIN_ALARM and NOTIFY_RULING. */
struct notify_event {
	enum notify_kind kind;
	struct notify_game game;
	union {
		struct notify_move move;
		struct notify_vacation vacation;
		struct notify_result result;
		struct notify_start start;
		struct notify_draw draw;
		struct notify_forfeit forfeit;
		struct notify_silence silence; /* NOTIFY_REMINDER, NOTIFY_TL_NOTICE */
		struct notify_adjudication adjudication;
		struct notify_trouble trouble;
		struct notify_reset reset;
		struct notify_message message;
		struct notify_alarm alarm;
		struct notify_ruling ruling;
	} u;
};

struct notify_mail {
	char subject[NOTIFY_SUBJECT_MAX]; /* one line, UTF-8, no control characters */
	char *body;                       /* new (notify_mail_free); LF line ends */
	bool optional;                    /* the reader may turn it off */
};

/* True when the reader may turn mails of this kind off (see the top). */
bool notify_optional(enum notify_kind kind);

/* A stable name for a kind ("move", "vacation", ...); borrowed, static;
 * "?" for anything else. */
const char *notify_kind_name(enum notify_kind kind);

/* Renders event ev for reader r into *out: subject, body (greeting, the
 * text, the link to the game, and for an optional mail how to turn it
 * off: the account page; the one-click link of RFC 8058 belongs in the
 * List-Unsubscribe header, since a link opened in a browser is a GET).
 * O(size of the text).  Fails with CC_ERR_INVALID (an unknown
 * kind, a missing field, a side out of range, too many players) or
 * CC_ERR_NOMEM (out of memory, or over NOTIFY_BODY_MAX); err says which;
 * out->body is then NULL. */
int notify_render(const struct notify_env *env, const struct notify_reader *r,
                  const struct notify_event *ev, struct notify_mail *out, char *err, size_t errlen);

/* One event as a digest shows it: out->subject is the heading (no
 * "corrchess: " prefix), out->body the text and the link, without
 * greeting or footer.  The server keeps sections until the digest goes
 * out.  Fails like notify_render(). */
int notify_section(const struct notify_env *env, const struct notify_reader *r,
                   const struct notify_event *ev, struct notify_mail *out, char *err,
                   size_t errlen);

/* The digest mail of n (1..NOTIFY_DIGEST_MAX) sections made by
 * notify_section() (borrowed), numbered in the order given, under one
 * greeting and one footer.  Fails with CC_ERR_INVALID (no sections, one
 * without text) or CC_ERR_NOMEM. */
int notify_digest_join(const struct notify_env *env, const struct notify_reader *r,
                       const struct notify_mail *sections, int n, struct notify_mail *out,
                       char *err, size_t errlen);

/* The daily digest: n (1..NOTIFY_DIGEST_MAX) events in one mail, in the
 * order given, each with its heading, text and link; the subject counts
 * them.  Always optional.  Fails like notify_render(). */
int notify_digest(const struct notify_env *env, const struct notify_reader *r,
                  const struct notify_event *evs, int n, struct notify_mail *out, char *err,
                  size_t errlen);

/* Frees out->body (NULL is fine) and sets it to NULL. */
void notify_mail_free(struct notify_mail *out);

/* A date as a reader reads it: "Saturday 5 June 2027" or "lørdag den 5.
 * juni 2027"; "?" for NOTIFY_NO_DATE or a date out of range.  Writes at most
 * len bytes (40 are always enough); returns buf. */
char *notify_date(int32_t day, enum notify_lang lang, char *buf, size_t len);

/* SAN with Danish piece letters (K D T L S for K Q R B N), as Danish
 * players write it ("Dxd8+", "e8=D").  Writes at most len bytes; returns
 * buf. */
char *notify_san_da(const char *san, char *buf, size_t len);

/* ---- a mail queued as its event (issue 19) ----
 *
 * A move mail is the one mail of every move; the server queues it as the
 * reader and the event it is rendered from, one line of text, and renders
 * it when it is sent (docs/NOTIFY.md "Queued as an event"): a move writes
 * about 150 bytes instead of the 800 of the text, and no rendering is
 * done in the request.  The text is "m1" and the fields, separated by
 * tabs; a name or a move keeps its bytes, with the control characters
 * and '%' written %XX.  Rendering the unpacked event gives the same mail
 * as rendering the event itself. */

/* True for the kinds that can be packed: NOTIFY_MOVE and NOTIFY_ANSWER_TL
 * (the copy to the TL of DSU 6.8.3 is the same event). */
bool notify_packable(enum notify_kind kind);

/* Reader r and event ev (a packable kind) as a new text into *out (free
 * it).  CC_OK, CC_ERR_INVALID (a kind that is not packable, a move
 * without its notation) or CC_ERR_NOMEM. */
int notify_pack(const struct notify_reader *r, const struct notify_event *ev, char **out);

/* An unpacked event: r and ev point into buf. */
struct notify_packed {
	struct notify_reader r;
	struct notify_event ev;
	char *buf;
};

/* The text of notify_pack() back into *p (notify_packed_free() after, even
 * on failure).  CC_OK, CC_ERR_MALFORMED (not such a text: err says where)
 * or CC_ERR_NOMEM. */
int notify_unpack(const char *text, struct notify_packed *p, char *err, size_t errlen);

void notify_packed_free(struct notify_packed *p);

#endif
