/* grow.c: ALLOC_GROW's worker (grow.h). */
#include "util/grow.h"

#include <stdint.h>
#include <stdlib.h>

void *grow_array(void *p, size_t elem, size_t need, size_t *cap)
{
	if (elem == 0 || need > SIZE_MAX / elem)
		return p;
	size_t room = *cap < (SIZE_MAX - 16) / 3 * 2 ? *cap + *cap / 2 + 16 : need;
	if (room < need)
		room = need;
	if (room > SIZE_MAX / elem)
		room = need;
	void *q = realloc(p, room * elem);
	if (!q)
		return p;
	*cap = room;
	return q;
}
