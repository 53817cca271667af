/* rating_tables.h: the tables of the DSU rating system as C arrays (seed
 * 4.5.7 tables 1-4 and the tables inside the rule text: 4.5.2.2 bonus,
 * 4.5.2.3 K, 4.5.2.4 limits, 4.5.5.1 entry ratings, 4.5.6.2 the Elo
 * adjustment scale).
 *
 * The definitions (rating_tables.c) are GENERATED at build time by
 * lib/rating/gen_tables.py from tests/vectors/rating_tables.json: nothing
 * here is typed by hand.  Scores are in hundredths (0.53 = 53).  Every
 * array is static storage, read-only.  Callers normally use the lookups of
 * rating.h instead of these arrays. */
#ifndef CORRCHESS_RATING_TABLES_H
#define CORRCHESS_RATING_TABLES_H

#define RATING_NONE      (-1)      /* an absent bound or value */
#define RATING_UNDEFINED (-100000) /* table 2 '*' (ubestemt) */

/* Table 1: a band of |D| and the scores of the higher (H) and lower (L)
 * rated player; d_to = RATING_NONE: "over 735" (and above). */
struct rating_t1_row {
	int d_from, d_to;
	int h, l;
};
extern const struct rating_t1_row rating_table1[];
extern const int rating_table1_rows;

/* Table 2: rating_table2[p] = D(P) for P = p/100, or RATING_UNDEFINED. */
extern const int rating_table2[101];

/* Tables 3 and 4: We (hundredths) of the average method for a player above
 * ("over") or below ("under") the group average, by |Ro - Ra|. */
struct rating_avg_row {
	int d_from, d_to;
	int over, under;
};
extern const struct rating_avg_row rating_table3[]; /* 6 players */
extern const int rating_table3_rows;
extern const struct rating_avg_row rating_table4[]; /* 8 players */
extern const int rating_table4_rows;

/* 4.5.2.2: games from..to, threshold c in hundredths. */
struct rating_bonus_row {
	int games_from, games_to;
	int c;
};
extern const struct rating_bonus_row rating_bonus[];
extern const int rating_bonus_rows;

/* 4.5.2.3: Ro from..to (RATING_NONE = unbounded), K. */
struct rating_k_row {
	int ro_from, ro_to;
	int k;
};
extern const struct rating_k_row rating_k_bands[];
extern const int rating_k_rows;

/* 4.5.2.4: a limit Rgr, the K values below and above it, and the factors
 * up = K_above/K_below and down = K_below/K_above as fractions; sorted by
 * Rgr, lowest first. */
struct rating_limit_row {
	int rgr;
	int k_below, k_above;
	int up_num, up_den;
	int down_num, down_den;
};
extern const struct rating_limit_row rating_limits[];
extern const int rating_limit_rows;

/* 4.5.5.1 item 3: the entry ratings a club chairman may give (I-17). */
extern const int rating_entry_values[];
extern const int rating_entry_count;

/* 4.5.6.2 b: a Danish rating band (r_to = RATING_NONE: and above) and the
 * amount subtracted from N there. */
struct rating_elo_row {
	int r_from, r_to;
	int minus;
};
extern const struct rating_elo_row rating_elo_scale[];
extern const int rating_elo_rows;

#endif
