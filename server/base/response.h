/* base/response.h: an answer as the adapters (api/, xfcc/) write it and
 * server/http sends it, independent of the HTTP library.  Here, below
 * the adapters, so neither needs the other's header (issue 20 ended the
 * xfcc -> api exception of tests/layers.sh). */
#ifndef CORRCHESS_RESPONSE_H
#define CORRCHESS_RESPONSE_H

#include <stddef.h>

struct api_resp {
	int status;
	char *body; /* new (malloc), freed by the HTTP layer */
	size_t len;
	const char *content_type; /* static string */
	char allow[64];           /* an Allow header for 405, or "" */
	int retry_after;          /* seconds for a Retry-After header (429), or 0 */
	const char *route;        /* the pattern of the route taken (static), or NULL */
	char tag[33];             /* the body's BLAKE2b-128 in hex when the handler knew it
	                             (server/http/negotiate.c's entity tag), or "" */
};

#endif
