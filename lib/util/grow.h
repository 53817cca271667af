/* grow.h: growing an array as it fills (git's ALLOC_GROW idea).
 *
 *     struct x *a = NULL;
 *     size_t n = 0, cap = 0;
 *     ...
 *     if (ALLOC_GROW(a, n + 1, cap) != 0)
 *             goto fail;          (a and cap unchanged, a still owned)
 *     a[n++] = ...;
 *
 * ALLOC_GROW(arr, need, cap) makes room for `need` elements: nothing when
 * cap already holds them, else arr is reallocated to the larger of need
 * and 1.5 * cap + 16 elements (amortised O(1) per element added) and cap
 * (a size_t lvalue) is set to the new room.  It answers 0, or -1 when the
 * size overflows or realloc fails; arr and cap are then unchanged, so the
 * caller frees arr as it would have.  arr and cap are evaluated more than
 * once.  Pure libc. */
#ifndef CORRCHESS_GROW_H
#define CORRCHESS_GROW_H

#include <stddef.h>

/* The worker of ALLOC_GROW: returns the new array (and sets *cap), or p
 * itself with *cap unchanged when it cannot grow. */
void *grow_array(void *p, size_t elem, size_t need, size_t *cap);

#define ALLOC_GROW(arr, need, cap)                                                                 \
	((size_t)(need) <= (cap)                                                                   \
	         ? 0                                                                               \
	         : ((arr) = grow_array((arr), sizeof *(arr), (size_t)(need), &(cap)),              \
	            (size_t)(need) <= (cap) ? 0 : -1))

#endif
