/* negotiate.h: what HTTP itself asks of an answer once the handler has
 * made it (issue 23, docs/HTTP.md): an entity tag on every 200 answer to
 * GET or HEAD and 304 Not Modified when the client already has it
 * (RFC 9110 §8.8.3, §13.1.2); gzip for bodies over NEGOTIATE_GZIP_MIN
 * bytes when the client accepts it (RFC 9110 §8.4, §12.5.3); the CORS
 * allow-list (off unless the key cors_origins names origins).
 *
 * Pure functions over strings and the answer's body: no sockets, no
 * headers of libmicrohttpd; server/http/http.c adds what they decide.
 * Costs: one BLAKE2b pass over the body for the tag, one deflate pass
 * when compressing (~5-10 ms per MB at level 6). */
#ifndef CORRCHESS_NEGOTIATE_H
#define CORRCHESS_NEGOTIATE_H

#include <stdbool.h>
#include <stddef.h>

#define NEGOTIATE_GZIP_MIN 1024 /* smaller bodies go as they are */
#define NEGOTIATE_ETAG_MAX 48   /* room for "<32 hex>-gz" with quotes */

/* What the request asked (each may be NULL). */
struct negotiate_in {
	const char *method;          /* GET and HEAD get tags, 304 and gzip */
	const char *if_none_match;   /* If-None-Match */
	const char *accept_encoding; /* Accept-Encoding */
	const char *tag;             /* the body's BLAKE2b-128 in hex, when known, or NULL */
};

/* What the answer gets beside its body. */
struct negotiate_out {
	char etag[NEGOTIATE_ETAG_MAX]; /* the ETag header's value, or "" */
	bool not_modified;             /* answer 304 with no body */
	bool gzip;                     /* the body was replaced by its gzip form */
	bool vary_encoding;            /* Vary: Accept-Encoding (the body could be gzipped) */
};

/* Decides for an answer with this status and body, and applies it: on
 * 304 the body is freed (*body NULL, *len 0); on gzip *body is replaced by
 * the compressed bytes (a new malloc block, the old one freed).  Never
 * fails: when memory or zlib fails the body goes uncompressed. */
void negotiate(const struct negotiate_in *in, int status, char **body, size_t *len,
               struct negotiate_out *out);

/* Whether an Accept-Encoding value accepts gzip (a "gzip" or "*" coding
 * whose q is not 0; RFC 9110 §12.5.3). */
bool negotiate_accepts_gzip(const char *accept_encoding);

/* Whether an If-None-Match value matches the tag by the weak comparison
 * (RFC 9110 §13.1.2: "*", or one tag of the list, W/ ignored). */
bool negotiate_etag_matches(const char *if_none_match, const char *etag);

/* Whether origin is one of the allow-list's comma- or space-separated
 * origins (exact, ASCII case-insensitive; RFC 6454 §6.2 serialization).
 * An empty or NULL list allows none. */
bool negotiate_cors_allowed(const char *allow_list, const char *origin);

#endif
