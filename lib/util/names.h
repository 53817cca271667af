/* names.h: what a name or an e-mail address may hold (issue 20), pure.
 * A name (a user's, a tournament's, an event's, a reason) is text people
 * read in lists, mails and logs: no control characters (C0, DEL, C1; CR
 * and LF above all, a header or a log line split in two), no bidi
 * override or isolate (U+202A-202E, U+2066-2069: text shown backwards,
 * "gpj.exe" as "exe.jpg"), valid UTF-8, and not blank. */
#ifndef CORRCHESS_NAMES_H
#define CORRCHESS_NAMES_H

#include <stddef.h>

enum name_verdict {
	NAME_OK = 0,
	NAME_BLANK,   /* empty, or only spaces */
	NAME_CONTROL, /* a control character (incl. CR, LF, TAB) */
	NAME_BIDI,    /* a bidi override or isolate */
	NAME_UTF8     /* not valid UTF-8 */
};

/* The verdict on the n bytes of s (s need not be NUL-terminated; a NUL
 * byte is a control character). */
enum name_verdict name_check(const char *s, size_t n);

/* A short English phrase for a verdict ("holds a control character"),
 * static. */
const char *name_verdict_text(enum name_verdict v);

/* 1 when s is exactly one addr-spec (RFC 5322 3.4.1) as a user types it:
 * local@domain with one '@', a local part of atext and dots (no leading,
 * trailing or double dot), a domain of dot-separated labels of letters,
 * digits and hyphens (none starting or ending with one), at most 254
 * bytes; no spaces, commas, angle brackets, quotes, CR or LF.  0
 * otherwise. */
int name_email_ok(const char *s);

#endif
