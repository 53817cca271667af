/* mail_testutil.h: helpers of the mail tests (check_mail.c, check_notify.c):
 * a header of a message and its RFC 2047 words decoded (with libsodium's
 * base64). */
#ifndef CORRCHESS_MAIL_TESTUTIL_H
#define CORRCHESS_MAIL_TESTUTIL_H

#include <stddef.h>

/* The value of header name in msg (up to its CRLF, unfolded), or "". */
void tu_mail_header(const char *msg, const char *name, char *out, size_t n);

/* Fails the running test unless header name of msg is want. */
void tu_mail_header_is(const char *msg, const char *name, const char *want);

/* Decodes a header of RFC 2047 "B" words (as mail_format writes them). */
void tu_mail_decode_words(const char *h, char *out, size_t n);

#endif
