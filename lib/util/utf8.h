/* utf8.h: the UTF-8 helpers of the tree: one decoder, the validity check,
 * the count of characters and the cut on a character boundary.  Every
 * place that reads UTF-8 byte by byte uses these (the messages of
 * lib/corr/message.c, the writers of lib/export and lib/notify, the mail
 * headers of server/jobs/mail.c, the Xfcc reader and its messages).
 *
 * Valid UTF-8 is RFC 3629's: no overlong forms, no surrogates
 * (U+D800..U+DFFF), nothing past U+10FFFF.  Pure libc; O(n). */
#ifndef CORRCHESS_UTF8_H
#define CORRCHESS_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True for a continuation byte (10xxxxxx): no character starts there. */
static inline bool utf8_is_cont(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

/* The length (1..4) of the valid UTF-8 sequence at s, n bytes available,
 * with its code point in *cp; 0 when the bytes there are not valid UTF-8
 * (or n is 0). */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

/* True when the n bytes of s are valid UTF-8 (an empty text is). */
bool utf8_valid(const char *s, size_t n);

/* The characters of the n bytes of s: the bytes where one starts (a
 * continuation byte does not count; for valid UTF-8 the code points). */
size_t utf8_count(const char *s, size_t n);

/* The length of the longest prefix of the len bytes of s that has at most
 * max bytes and does not end inside a character: len when len <= max,
 * max when the byte at max starts a character, else the index of the
 * lead byte of the character that byte belongs to.  When that would be 0
 * (no character starts in s[0..max]: not UTF-8), max. */
size_t utf8_cut(const char *s, size_t len, size_t max);

#endif
