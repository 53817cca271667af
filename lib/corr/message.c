/* message.c: what a player may write to his opponent in a game (see
 * corr_message() in corr.h). */
#include "corr/corr.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "util/status.h"
#include "util/utf8.h"

/* The next UTF-8 character of s at *i (n bytes in all): its code point,
 * or -1 when the bytes are not valid UTF-8 (util/utf8.h). */
static long next_char(const unsigned char *s, size_t n, size_t *i)
{
	uint32_t cp;
	size_t k = utf8_decode(s + *i, n - *i, &cp);
	if (k == 0)
		return -1;
	*i += k;
	return (long)cp;
}

int corr_message(const struct corr_game *g, int seat, const char *text, struct corr_error *e)
{
	(void)g; /* the game may be over: a word after it is still a word */
	if (seat != WHITE && seat != BLACK)
		return corr_fail(e, CC_ERR_ILLEGAL, "not_a_player",
		                 "only the game's two players write messages in it");
	const unsigned char *s = (const unsigned char *)(text ? text : "");
	size_t i = 0, chars = 0, seen = 0, n = strlen((const char *)s);
	while (s[i]) {
		long cp = next_char(s, n, &i);
		if (cp < 0)
			return corr_fail(e, CC_ERR_INVALID, "invalid_field", "text: not UTF-8");
		if ((cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp <= 0x9f))
			return corr_fail(e, CC_ERR_INVALID, "invalid_field",
			                 "text: no control characters but line breaks (U+%04lX at "
			                 "character %zu)",
			                 (unsigned long)cp, chars + 1);
		chars++;
		if (cp != ' ' && cp != '\n')
			seen++;
	}
	if (seen == 0)
		return corr_fail(e, CC_ERR_INVALID, "invalid_field",
		                 "text: a message has 1 to %d characters and is not blank",
		                 CORR_MESSAGE_CHARS);
	if (chars > CORR_MESSAGE_CHARS)
		return corr_fail(e, CC_ERR_RANGE, "invalid_field",
		                 "text: %zu characters; a message has at most %d", chars,
		                 CORR_MESSAGE_CHARS);
	return CC_OK;
}
