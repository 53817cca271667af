/* dsu_admin.h: what the TL administers around the games: a player's
 * withdrawal (DSU 6.2.8, R15-R17, I-14, I-16), the e-mail triggers of
 * withdrawal (6.8.1, 6.8.5; R18-R19, I-15), the deadlines he tracks
 * (R9, R10, R12-R14, R22, R59; I-25) and who sends transcripts (6.2.9,
 * R21).
 *
 * Pure library code: only libc, no allocation.  Dates are day numbers
 * (lib/calendar.h). */
#ifndef CORRCHESS_DSU_ADMIN_H
#define CORRCHESS_DSU_ADMIN_H

#include "tourney/dsu_common.h"

/* The outcome of a withdrawal. */
struct dsu_withdrawal {
	int games;                      /* his games in the group */
	int finished;                   /* of them finished when he withdrew (0-0 included) */
	bool all_lost;                  /* at most half finished: he loses every game (6.2.8) */
	int to_adjudicate;              /* otherwise: his unfinished games, for the TL */
	bool prize_right;               /* false without a valid reason (6.2.8) */
	bool quarantine_may_be_imposed; /* without a valid reason (6.2.8) */
};

/* DSU 6.2.8 / I-14: player (a seat of the n-player group) withdraws.
 * scored[] (ngames) gets the games as they now count: when at most half
 * of his games are finished (finished * 2 <= games) every one of his
 * games is won by the opponent ("scored (6.2.8)"), whatever its result;
 * otherwise the finished games stand and his unfinished ones stay "*"
 * with adjudicate[g] set (6.2.8: the opponents send transcript and
 * diagram).  adjudicate[] (ngames, may be NULL) and *out are filled.
 * valid_reason: the TL's ruling (I-16; a silent player has none).
 * CC_ERR_RANGE / CC_ERR_INVALID with err (bad games, a player with no
 * games). */
int dsu_withdraw(int n, const struct dsu_game *games, size_t ngames, int player, bool valid_reason,
                 struct dsu_game *scored, bool *adjudicate, struct dsu_withdrawal *out, char *err,
                 size_t errlen);

/* DSU 6.2.8: the TL's adjudication of the games dsu_withdraw() left to
 * him ("til bedømmelse").  scored[] and adjudicate[] (ngames) are
 * dsu_withdraw()'s; decided[0..ndecided) names each adjudicated game by
 * its colours (seats) with the TL's result.  out[] (ngames) gets scored[]
 * with those results.  A decision for a game not marked for adjudication
 * (a finished one, another player's, or one decided twice), or "*", is
 * refused with CC_ERR_INVALID and err; games not decided stay "*". */
int dsu_withdraw_adjudicate(int n, const struct dsu_game *scored, size_t ngames,
                            const bool *adjudicate, const struct dsu_game *decided, size_t ndecided,
                            struct dsu_game *out, char *err, size_t errlen);

/* DSU 6.8.1 / I-15: the connection was lost on day `lost` (as reported to
 * the TL) and restored on `restored` (DSU_NO_DATE: not yet).  The player
 * must restore it by lost + 30 (*restore_by); if he has not, he is
 * withdrawn from lost + 31 (*effective, DSU_NO_DATE when not withdrawn)
 * once `today` has reached that day.  Returns 1 withdrawn, 0 not, or
 * CC_ERR_INVALID (restored before lost) / CC_ERR_RANGE with err. */
int dsu_connection_lost(int32_t lost, int32_t restored, int32_t today, int32_t *restore_by,
                        int32_t *effective, char *err, size_t errlen);

/* DSU 6.8.5 / I-16: a player who does not answer the TL "kan dømmes som
 * udtrådt": withdrawn only when the TL declares it, then without valid
 * reason.  Returns tl_declares. */
bool dsu_no_answer_withdrawn(bool tl_declares);

/* The dates the TL tracks; each input may be DSU_NO_DATE, and so is
 * every output that depends on a missing input. */
struct dsu_deadline_input {
	int32_t game_end;          /* a game ended */
	int32_t group_start;       /* its group started */
	int32_t published;         /* the group's result published in Skakbladet */
	int32_t decision_notified; /* a TL or KC decision was notified */
	int32_t reserve_stop;      /* a club stopped the clock to bring in a reserve */
};

struct dsu_deadlines {
	int32_t report_by;                  /* 6.2.6: game end + 8 days (postal) */
	int32_t adjudication_callable_from; /* 6.2.7 / I-25: start + 18 months */
	int32_t objection_by;               /* 6.4.5.1: publication + 14 days */
	int32_t prizes_sent_by;             /* 6.4.5.1: publication + 3 weeks */
	int32_t keep_correspondence_until;  /* 6.2.3: publication + 14 days */
	int32_t appeal_by;                  /* 6.4.3 / 6.8.10: notified + 3 weeks */
	int32_t reserve_stop_last_day;      /* 6.7.4.3: 14 days, the first included */
};

/* Computes every deadline of `in`.  CC_ERR_RANGE with err when a date
 * leaves the calendar. */
int dsu_deadlines(const struct dsu_deadline_input *in, struct dsu_deadlines *out, char *err,
                  size_t errlen);

/* DSU 6.2.6: who reports a finished postal game: the winner, White when
 * drawn (and for 0-0).  0 = White, 1 = Black; CC_ERR_INVALID for "*". */
int dsu_postal_reporter(enum dsu_result r);

/* DSU 6.2.9 / R21: must the players of this event send transcripts?
 * Events: "dm", "cup_final", "team_division_1" (yes); "emt_m", "emt_k",
 * "emt_aa", "cup_prelim", "cup_semi", "team_division_2",
 * "team_division_3" (no).  1 yes, 0 no, CC_ERR_MALFORMED for another
 * name. */
int dsu_transcripts_required(const char *event);

/* ---- the register of warnings and quarantines (4.1.1 §19, R78, I-17) ---- */

#define DSU_MAX_SANCTIONS 256

enum dsu_sanction_kind {
	DSU_WARNING = 0,
	DSU_QUARANTINE,
};

/* A sanction as the TL or KC decided it (R8). */
struct dsu_sanction {
	enum dsu_sanction_kind kind;
	int32_t date;           /* the day of the decision */
	int32_t tournament_end; /* warning: the last playing day of its tournament
	                           (the group's finish date, I-17) */
	int months;             /* quarantine: its length as decided (1..120) */
};

/* A sanction as the register applies it. */
struct dsu_sanction_applied {
	enum dsu_sanction_kind kind; /* a warning may become a quarantine */
	int months;                  /* quarantine: its length after the rules */
	int32_t start, end;          /* quarantine: first and last day */
	int32_t valid_until;         /* warning: last valid day; quarantine: last
	                                day it stays in the register */
	bool converted;              /* a warning turned into a 3-month quarantine */
	bool doubled;                /* a quarantine doubled */
};

/* Applies 4.1.1 §19 to s[0..n) in the order given (by date; a date before
 * the previous one is refused): a warning is valid until one year after
 * the last playing day of its tournament; a warning while an earlier
 * warning is valid, or within one year after a quarantine ended, becomes
 * a 3-month quarantine; a quarantine of m months runs from its decision
 * to the day before the same date m months later and stays in the
 * register one year after it expires ("udløb", the day after its last
 * day: valid_until = that day a year later); a new quarantine within that
 * year is doubled.  Choice: a warning turned into a quarantine
 * is not doubled again.  out[] gets n entries.  CC_ERR_INVALID /
 * CC_ERR_RANGE with err. */
int dsu_register_apply(const struct dsu_sanction *s, size_t n, struct dsu_sanction_applied *out,
                       char *err, size_t errlen);

#endif
