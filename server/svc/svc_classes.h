/* svc/svc_classes.h: the settings of an EMT class (docs/API.md "Classes",
 * docs/TOURNAMENTS.md "Classes"): the TL who leads the groups its entries
 * start and their time profile, set by the K-skak chief or an admin
 * (docs/AUTHORITY.md row class_set; DSU 6.1.4). */
#ifndef CORRCHESS_SVC_CLASSES_H
#define CORRCHESS_SVC_CLASSES_H

#include <stdbool.h>
#include <stdint.h>

#include "store/tournaments.h"
#include "svc/svc.h"

/* True when profile may be a class's: a K-skak EMT group is a postal
 * tournament (DSU 6.3.1), its games by post or by e-mail (dsu-post,
 * dsu-post-email where the clock knows it, issue 21), never the 40 days
 * of the e-mail tournaments (6.8.6). */
bool svc_class_profile_fits(const char *profile);

/* PUT /classes/{name}: class name ("Å", "K", "M", "DM"; "A", "AA") gets
 * TL tl (set_tl; 0: none) and/or profile (NULL: unchanged); the TL is a
 * user with role tl or admin.  SVC_OK and *out, SVC_NOT_FOUND (no such
 * class), or the refusal. */
int svc_class_set(struct app *app, const struct user *who, const char *name, bool set_tl,
                  int64_t tl, const char *profile, struct store_class *out, struct svc_outcome *o);

#endif
