/* svc/svc_users.h: the commands on users (docs/API.md "Users", "Ratings",
 * "Tournaments"): a new account, a player's start and OTB ratings, an
 * entry right granted, each as docs/AUTHORITY.md decides (rows
 * user_create, user_create_staff, rating_set, right_grant).  Every
 * command answers o->status and fills *o. */
#ifndef CORRCHESS_SVC_USERS_H
#define CORRCHESS_SVC_USERS_H

#include <stdbool.h>
#include <stdint.h>

#include "store/store_tournaments.h"
#include "svc/svc.h"

/* Whether `who` may make an account of role `role`: a player by a TL,
 * the kc or an admin (user_create); a tl, kc or admin by an admin only
 * (user_create_staff).  The adapter asks before it hashes the password,
 * and svc_user_create() asks again. */
int svc_user_may_create(const struct user *who, const char *role, struct svc_outcome *o);

/* A new user (name, e-mail and role checked, the password hashed by the
 * adapter), inside the caller's write transaction or in one of its own:
 * SVC_OK and *id; refused "conflict" when the name or e-mail is taken. */
int svc_user_create(struct app *app, const struct user *who, const char *name, const char *email,
                    const char *role, const char *password_hash, int64_t *id,
                    struct svc_outcome *o);

/* PATCH /users/{id} (rating_set: an admin's, never on himself): user's
 * start (K-skak) rating and/or OTB rating (set_*: given; STORE_NO_RATING:
 * none) and whether he is foreign (DSU 4.5.5.2; -1: unchanged, 0, 1);
 * the groups he is in are rated again from his first. */
int svc_rating_set(struct app *app, const struct user *who, int64_t user, bool set_start, int start,
                   bool set_otb, int otb, int foreign, struct svc_outcome *o);

/* Whether `who` may set user's ratings (rating_set), asked before a
 * PATCH that sets them with his postal address stores either. */
int svc_rating_may_set(const struct user *who, int64_t user, struct svc_outcome *o);

/* PATCH /users/me or /users/{id} postal_address (DSU 6.5.2.1, issue 21):
 * user's postal address for his groups' start letters (NULL: none), set
 * by himself, kc or an admin. */
int svc_postal_set(struct app *app, const struct user *who, int64_t user, const char *address,
                   struct svc_outcome *o);

/* POST /users/{id}/rights (right_grant: an admin's, never to himself): an
 * entry right the server cannot compute (DSU 6.5.3.2c international play,
 * 6.5.2.2e/6.5.3.2e the TL's), g checked by the adapter. */
int svc_right_grant(struct app *app, const struct user *who, int64_t user,
                    const struct store_granted *g, struct svc_outcome *o);

#endif
