/* svc/svc_classes.h: the settings of an EMT class (docs/API.md "Classes",
 * docs/TOURNAMENTS.md "Classes"): the TL who leads the groups its entries
 * start and their time profile, set by the K-skak chief or an admin
 * (docs/AUTHORITY.md row class_set; DSU 6.1.4). */
#ifndef CORRCHESS_SVC_CLASSES_H
#define CORRCHESS_SVC_CLASSES_H

#include <stdbool.h>
#include <stdint.h>

#include "store/store_tournaments.h"
#include "svc/svc.h"

/* PUT /classes/{name}: class name ("Å", "K", "M", "DM"; "A", "AA") gets
 * TL tl (set_tl; 0: none) and/or profile (NULL: unchanged); the TL is a
 * user with role tl or admin.  SVC_OK and *out, SVC_NOT_FOUND (no such
 * class), or the refusal. */
int svc_class_set(struct app *app, const struct user *who, const char *name, bool set_tl,
                  int64_t tl, const char *profile, struct store_class *out, struct svc_outcome *o);

#endif
