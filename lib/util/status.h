/* status.h: the one error enum of lib/ (functions that can fail
 * return an int, 0 = ok, negative = one of these).  Every function that
 * returns one also fills a caller's message buffer with a sentence for a
 * person, so callers can pass it on unchanged (API.md error "message"). */
#ifndef CORRCHESS_STATUS_H
#define CORRCHESS_STATUS_H

#include <stddef.h>

enum cc_status {
	CC_OK = 0,
	CC_ERR_MALFORMED = -1, /* the text does not parse at all */
	CC_ERR_ILLEGAL = -2,   /* well-formed, but the rules forbid it */
	CC_ERR_INVALID = -3,   /* well-formed, but impossible (a position, a date span) */
	CC_ERR_RANGE = -4,     /* a number outside its allowed range */
	CC_ERR_NOMEM = -5,     /* out of memory or a fixed buffer is full */
};

/* A short stable name for a status ("malformed", "illegal", ...): borrowed,
 * static storage. Unknown values give "unknown". */
const char *cc_status_name(int status);

/* Writes a sentence into err (when err is not NULL and errlen > 0) and
 * returns status: the one way lib/ reports a failure with its reason. */
int cc_fail(int status, char *err, size_t errlen, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

/* Quotes user text for a message: at most 20 characters (then "..."),
 * anything unprintable shown as '?'.  Returns buf, which has room for
 * CC_QUOTE_BUF bytes. */
#define CC_QUOTE_BUF 24
const char *cc_quote(const char *text, char buf[CC_QUOTE_BUF]);

#endif
