/* migrations.h: the schema steps, embedded from migrations/ at build time. */
#ifndef CORRCHESS_MIGRATIONS_H
#define CORRCHESS_MIGRATIONS_H

#include <stddef.h>

struct migration {
	int version;      /* NNNN of the file name, ascending */
	const char *name; /* the rest of the file name */
	const char *sql;
};

extern const struct migration migrations[];
extern const size_t migrations_count;

#endif
